//! `khun merge-shards`: the outputs of `khun annotate --shard K/N` put back into the
//! order of the original file, in any order of arguments. Each game of a shard's
//! PGN is preceded by its `% khun annotate --shard` line (see [`shard`]); the lines
//! are dropped, so the merged file is byte for byte what one `annotate` run over the
//! whole file writes (with `--depth` or `--nodes`). The shards' `--json` files merge
//! the same way, by each line's `game` and `games_in_file`. Every game of the file
//! must be there exactly once: a missing shard or one given twice is an error, not a
//! silently short file.
//!
//! [`shard`]: crate::cli::annotate::shard

use crate::cli::annotate::shard;
use crate::pgn;
use std::collections::{BTreeMap, BTreeSet};
use std::io::Write;
use std::path::{Path, PathBuf};
use std::process::ExitCode;

/// `khun merge-shards`' arguments.
#[derive(clap::Args, Clone, Debug)]
pub struct MergeArgs {
    /// The outputs of `khun annotate --shard K/N` (all PGN, or all `--json` files),
    /// every K of one N, in any order.
    #[arg(required = true, num_args = 1..)]
    pub(crate) shards: Vec<PathBuf>,
    /// Write the merged games to this file (default: standard output).
    #[arg(long, short)]
    pub(crate) output: Option<PathBuf>,
}

/// One game's text and where it came from.
struct Piece {
    text: String,
    /// The game's number in the file, from 1, and the games in the file.
    game: usize,
    games: usize,
    /// The number of shards, when the file says (PGN markers do).
    shards: Option<usize>,
    file: PathBuf,
}

/// The games of one shard's PGN output, each with its marker.
fn split_pgn(path: &Path, text: &str) -> Result<Vec<Piece>, String> {
    let mut pieces: Vec<Piece> = Vec::new();
    for (n, line) in text.split_inclusive('\n').enumerate() {
        if let Some(marker) = shard::parse_marker(line) {
            pieces.push(Piece {
                text: String::new(),
                game: marker.game,
                games: marker.games,
                shards: Some(marker.shard.count),
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

/// The games of one shard's `--json` file, one line each.
fn split_json(path: &Path, text: &str) -> Result<Vec<Piece>, String> {
    let mut pieces = Vec::new();
    for (n, line) in text.split_inclusive('\n').enumerate() {
        if line.trim().is_empty() {
            continue;
        }
        let bad = || {
            format!(
                "'{}', line {}: not a game line of `khun annotate --json`",
                path.display(),
                n + 1
            )
        };
        let value: serde_json::Value = serde_json::from_str(line).map_err(|_| bad())?;
        let number = |key: &str| value.get(key).and_then(|v| v.as_u64());
        let (Some(game), Some(games)) = (number("game"), number("games_in_file")) else {
            return Err(bad());
        };
        let mut text = line.to_string();
        if !text.ends_with('\n') {
            text.push('\n');
        }
        pieces.push(Piece {
            text,
            game: game as usize,
            games: games as usize,
            shards: None,
            file: path.to_path_buf(),
        });
    }
    Ok(pieces)
}

/// Whether a shard file is a `--json` file (it starts with an object) or PGN.
fn is_json(text: &str) -> bool {
    text.trim_start().starts_with('{')
}

fn format_name(json: bool) -> &'static str {
    if json { "JSON" } else { "PGN" }
}

/// The games of every shard in file order, checked to be the whole file once.
fn merge(files: &[(PathBuf, String)]) -> Result<Vec<String>, String> {
    let json = files.first().is_some_and(|(_, t)| is_json(t));
    let mut games: BTreeMap<usize, Piece> = BTreeMap::new();
    let mut whole: Option<(Option<usize>, usize)> = None;
    for (path, text) in files {
        if is_json(text) != json {
            return Err(format!(
                "'{}' is {} but '{}' is {}: merge the PGN and the JSON files apart",
                path.display(),
                format_name(!json),
                files[0].0.display(),
                format_name(json),
            ));
        }
        let pieces = if json {
            split_json(path, text)?
        } else {
            split_pgn(path, text)?
        };
        for piece in pieces {
            let this = (piece.shards, piece.games);
            let in_shards =
                |s: Option<usize>| s.map(|n| format!(" in {n} shards")).unwrap_or_default();
            match whole {
                None => whole = Some(this),
                Some(w) if w != this => {
                    return Err(format!(
                        "'{}' has game {} of a file of {} games{}, but the other shards are \
                         of a file of {} games{}: shards of different runs?",
                        path.display(),
                        piece.game,
                        piece.games,
                        in_shards(piece.shards),
                        w.1,
                        in_shards(w.0),
                    ));
                }
                Some(_) => {}
            }
            if let Some(other) = games.get(&piece.game) {
                return Err(format!(
                    "game {} is in both '{}' and '{}': is a shard given twice?",
                    piece.game,
                    other.file.display(),
                    path.display()
                ));
            }
            games.insert(piece.game, piece);
        }
    }
    let Some((shards, total)) = whole else {
        return Err("the shards hold no games".into());
    };
    let missing: Vec<usize> = (1..=total).filter(|g| !games.contains_key(g)).collect();
    if !missing.is_empty() {
        let hint = match shards {
            Some(count) => {
                let ks: BTreeSet<usize> = missing.iter().map(|g| (g - 1) % count).collect();
                let names: Vec<String> = ks.iter().map(|k| format!("{k}/{count}")).collect();
                format!("give the output of shard {} too", names.join(", "))
            }
            None => "is a shard's file missing?".to_string(),
        };
        return Err(format!(
            "{} of {total} games are missing (the first: game {}): {hint}",
            missing.len(),
            missing[0],
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

/// `khun merge-shards`: 2 with the reason on stderr when it cannot.
pub fn main(args: &MergeArgs) -> ExitCode {
    match run(args) {
        Ok(()) => ExitCode::SUCCESS,
        Err(e) => crate::cli::could_not_run("merge-shards", e),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::cli::annotate::shard::Shard;

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

    fn error(texts: &[String]) -> String {
        match merge(&files(texts)) {
            Ok(_) => panic!("merged"),
            Err(e) => e,
        }
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
        let e = error(&[shard_text(0, 3, 7), shard_text(2, 3, 7)]);
        assert!(e.contains("give the output of shard 1/3"), "{e}");
        let e = error(&[
            shard_text(0, 2, 7),
            shard_text(1, 2, 7),
            shard_text(1, 2, 7),
        ]);
        assert!(e.contains("given twice"), "{e}");
        let e = error(&[shard_text(0, 2, 7), shard_text(1, 3, 7)]);
        assert!(e.contains("different runs"), "{e}");
        let e = error(&["[Event \"x\"]\n\n*\n".to_string()]);
        assert!(e.contains("not the output"), "{e}");
    }

    #[test]
    fn json_lines_merge_by_game() {
        let line = |g: usize| format!("{{\"type\":\"game\",\"game\":{g},\"games_in_file\":5}}\n");
        let texts = vec![line(2) + &line(4), line(1) + &line(3) + &line(5)];
        let merged = merge(&files(&texts)).unwrap().concat();
        assert_eq!(merged, (1..=5).map(line).collect::<String>());
        let e = error(&[line(2) + &line(4)]);
        assert!(e.contains("3 of 5 games are missing"), "{e}");
        let e = error(&[line(1), shard_text(0, 1, 1)]);
        assert!(e.contains("apart"), "{e}");
        let e = error(&["{\"game\":1}\n".to_string()]);
        assert!(e.contains("not a game line"), "{e}");
    }
}
