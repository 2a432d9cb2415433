//! `khun merge-shards`: the outputs of `khun annotate --shard K/N` put back into the
//! order of the original file, in any order of arguments. Each game of a shard's
//! PGN is preceded by its `% khun annotate --shard` line (see [`shard`]); the lines
//! are dropped, so the merged file is byte for byte what one `annotate` run over the
//! whole file writes (with `--depth` or `--nodes`). Every game of the file must be
//! there exactly once: a missing shard or one given twice is an error, not a
//! silently short file.
//!
//! [`shard`]: super::shard

use super::shard::{self, Marker};
use crate::pgn;
use std::collections::BTreeMap;
use std::io::Write;
use std::path::{Path, PathBuf};

/// `khun merge-shards`' arguments.
#[derive(clap::Args, Clone, Debug)]
pub struct MergeArgs {
    /// The outputs of `khun annotate --shard K/N`, every K of one N, in any order.
    #[arg(required = true, num_args = 1..)]
    pub shards: Vec<PathBuf>,
    /// Write the merged games to this file (default: standard output).
    #[arg(long, short)]
    pub output: Option<PathBuf>,
}

/// One game's text and where it came from.
struct Piece {
    text: String,
    marker: Marker,
    file: PathBuf,
}

/// The games of one shard's output, each with its marker.
fn split_shard(path: &Path, text: &str) -> Result<Vec<Piece>, String> {
    let mut pieces: Vec<Piece> = Vec::new();
    for (n, line) in text.split_inclusive('\n').enumerate() {
        if let Some(marker) = shard::parse_marker(line) {
            pieces.push(Piece {
                text: String::new(),
                marker,
                file: path.to_path_buf(),
            });
        } else if let Some(piece) = pieces.last_mut() {
            piece.text.push_str(line);
        } else if !line.trim().is_empty() {
            return Err(format!(
                "'{}', line {}: not the output of `khun annotate --shard`: \
                 text before the first '{}' line",
                path.display(),
                n + 1,
                shard::MARKER.trim_end()
            ));
        }
    }
    Ok(pieces)
}

/// The games of every shard in file order, checked to be the whole file once.
fn merge(files: &[(PathBuf, String)]) -> Result<Vec<String>, String> {
    let mut games: BTreeMap<usize, Piece> = BTreeMap::new();
    let mut whole: Option<(usize, usize)> = None;
    for (path, text) in files {
        for piece in split_shard(path, text)? {
            let m = piece.marker;
            let this = (m.shard.count, m.games);
            match whole {
                None => whole = Some(this),
                Some(w) if w != this => {
                    return Err(format!(
                        "'{}' is shard {} of a file of {} games, but the other shards are \
                         of {} shards of a file of {} games",
                        path.display(),
                        m.shard,
                        m.games,
                        w.0,
                        w.1
                    ));
                }
                Some(_) => {}
            }
            if let Some(other) = games.get(&m.game) {
                return Err(format!(
                    "game {} is in both '{}' and '{}': is a shard given twice?",
                    m.game,
                    other.file.display(),
                    path.display()
                ));
            }
            games.insert(m.game, piece);
        }
    }
    let Some((count, total)) = whole else {
        return Err("the shards hold no games".into());
    };
    let missing: Vec<usize> = (1..=total).filter(|g| !games.contains_key(g)).collect();
    if !missing.is_empty() {
        let shards: std::collections::BTreeSet<usize> =
            missing.iter().map(|g| (g - 1) % count).collect();
        let names: Vec<String> = shards.iter().map(|k| format!("{k}/{count}")).collect();
        return Err(format!(
            "{} of {total} games are missing (the first: game {}): give the output of \
             shard {} too",
            missing.len(),
            missing[0],
            names.join(", ")
        ));
    }
    Ok(games.into_values().map(|p| p.text).collect())
}

/// Runs `khun merge-shards`. `Err` is a message: a file that cannot be read, is not
/// a shard's output, or a set of shards that is not the whole file once.
pub fn run(args: &MergeArgs) -> Result<(), String> {
    let mut files = Vec::with_capacity(args.shards.len());
    for path in &args.shards {
        let bytes =
            std::fs::read(path).map_err(|e| format!("cannot read '{}': {e}", path.display()))?;
        files.push((path.clone(), pgn::decode(&bytes)));
    }
    let games = merge(&files)?;
    let mut out: Box<dyn Write> = match &args.output {
        Some(path) => Box::new(std::io::BufWriter::new(
            std::fs::File::create(path)
                .map_err(|e| format!("cannot write '{}': {e}", path.display()))?,
        )),
        None => Box::new(std::io::stdout().lock()),
    };
    for text in games {
        out.write_all(text.as_bytes())
            .map_err(|e| format!("cannot write the merged games: {e}"))?;
    }
    out.flush()
        .map_err(|e| format!("cannot write the merged games: {e}"))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::cli::shard::Shard;

    fn shard_text(k: usize, n: usize, games: usize) -> String {
        let s = Shard { index: k, count: n };
        (0..games)
            .filter(|&i| s.takes(i))
            .map(|i| format!("{}[Event \"{}\"]\n\n*\n\n", s.marker(i + 1, games), i + 1))
            .collect()
    }

    fn files(texts: &[String]) -> Vec<(PathBuf, String)> {
        texts
            .iter()
            .enumerate()
            .map(|(i, t)| (PathBuf::from(format!("out-{i}.pgn")), t.clone()))
            .collect()
    }

    #[test]
    fn shards_in_any_order_give_the_file_order() {
        let whole: String = (1..=7)
            .map(|i| format!("[Event \"{i}\"]\n\n*\n\n"))
            .collect();
        for n in 1..=4 {
            let mut texts: Vec<String> = (0..n).map(|k| shard_text(k, n, 7)).collect();
            texts.reverse();
            assert_eq!(merge(&files(&texts)).unwrap().concat(), whole, "{n} shards");
        }
    }

    #[test]
    fn a_missing_or_doubled_shard_is_an_error() {
        let texts = vec![shard_text(0, 3, 7), shard_text(2, 3, 7)];
        let e = merge(&files(&texts)).unwrap_err();
        assert!(e.contains("give the output of shard 1/3"), "{e}");
        let texts = vec![
            shard_text(0, 2, 7),
            shard_text(1, 2, 7),
            shard_text(1, 2, 7),
        ];
        assert!(merge(&files(&texts)).unwrap_err().contains("given twice"));
        let texts = vec![shard_text(0, 2, 7), shard_text(1, 3, 7)];
        assert!(merge(&files(&texts)).unwrap_err().contains("other shards"));
        let texts = vec!["[Event \"x\"]\n\n*\n".to_string()];
        assert!(
            merge(&files(&texts))
                .unwrap_err()
                .contains("not the output")
        );
    }
}
