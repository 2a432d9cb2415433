//! `puzzles --out OUT --resume`: the progress file `OUT.progress` that lets a killed
//! run go on after the last game it finished, as `annotate`'s does (see
//! [`crate::cli::annotate::resume`]): a first line with the settings that decide the
//! output's bytes, then one line per finished game, appended after the game's puzzles
//! are flushed, with the output's length and the game's tally. `--resume` drops a torn
//! last line, cuts the output back to the last recorded length and searches the
//! games after it. A progress file made with other settings is refused, naming each.

use super::Tally;
use crate::long_jobs::progress_file;
use serde::{Deserialize, Serialize};
use std::fs::File;
use std::io::Write;
use std::path::{Path, PathBuf};

/// What the first line of a progress file says it is.
const KIND: &str = "khun puzzles progress";

/// The settings that decide a puzzle run's bytes.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub(crate) struct RunSettings {
    /// The input's fingerprint (see [`progress_file::fingerprint`]) and its games.
    pub(crate) input: String,
    pub(crate) games_in_file: usize,
    pub(crate) variant: String,
    /// `depth 4`, `nodes 20000` or `movetime 200`.
    pub(crate) limit: String,
    pub(crate) hash_mb: usize,
    pub(crate) threads: usize,
    /// `hand-written`, or `network` and its checksum.
    pub(crate) evaluation: String,
    /// `K/N`, or null for the whole file.
    pub(crate) shard: Option<String>,
    /// `epd` or `json`.
    pub(crate) format: String,
}

/// The first line of a progress file.
#[derive(Serialize, Deserialize)]
struct Header {
    kind: String,
    settings: RunSettings,
}

/// One finished game, as its progress line records it.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub(crate) struct GameDone {
    /// The game's index in the file, from 0.
    pub(crate) game: usize,
    /// The output's length once the game's puzzles were written.
    pub(crate) bytes: u64,
    /// The game could not be read.
    pub(crate) error: bool,
    /// What its search found.
    pub(crate) tally: Tally,
}

/// An open progress file, appended to as games finish.
pub(crate) struct Journal {
    file: File,
    path: PathBuf,
}

impl Journal {
    /// Starts the progress file of a fresh run (replacing an earlier one).
    pub(crate) fn start(path: &Path, settings: &RunSettings) -> Result<Journal, String> {
        let file =
            File::create(path).map_err(|e| format!("cannot write '{}': {e}", path.display()))?;
        let mut journal = Journal {
            file,
            path: path.to_path_buf(),
        };
        journal.append(&Header {
            kind: KIND.into(),
            settings: settings.clone(),
        })?;
        Ok(journal)
    }

    /// Reads the progress file of an earlier run with `settings`, whose games in order
    /// are `run_games` (indices in the file): the journal to go on with and the games
    /// done, or `None` when the run was killed before its settings line was whole.
    pub(crate) fn resume(
        path: &Path,
        settings: &RunSettings,
        run_games: &[usize],
    ) -> Result<Option<(Journal, Vec<GameDone>)>, String> {
        let bytes =
            std::fs::read(path).map_err(|e| format!("cannot read '{}': {e}", path.display()))?;
        let text = String::from_utf8_lossy(&bytes);
        let bad = |line: usize, what: &str| {
            format!(
                "'{}', line {line}: {what}; remove it (and the output) to start again",
                path.display()
            )
        };
        let mut kept = 0;
        let mut done: Vec<GameDone> = Vec::new();
        let lines: Vec<&str> = text.split_inclusive('\n').collect();
        for (n, line) in lines.iter().enumerate() {
            if !line.ends_with('\n') {
                // A line a killed run was writing: the game it records is redone.
                break;
            }
            if n == 0 {
                let header: Header = serde_json::from_str(line)
                    .ok()
                    .filter(|h: &Header| h.kind == KIND)
                    .ok_or_else(|| bad(1, "not a progress file of `khun puzzles`"))?;
                let differences = progress_file::differences(&header.settings, settings);
                if !differences.is_empty() {
                    return Err(format!(
                        "cannot resume: the output was made with other settings ({}); run \
                         with the same ones, or without --resume to start again",
                        differences.join("; ")
                    ));
                }
            } else {
                let game: GameDone = serde_json::from_str(line)
                    .map_err(|_| bad(n + 1, "not a finished game's line"))?;
                if run_games.get(done.len()) != Some(&game.game) {
                    return Err(bad(n + 1, "a game out of this run's order"));
                }
                done.push(game);
            }
            kept += line.len();
        }
        if kept == 0 {
            return Ok(None);
        }
        let file = progress_file::reopen_at(path, kept as u64)?;
        let journal = Journal {
            file,
            path: path.to_path_buf(),
        };
        Ok(Some((journal, done)))
    }

    /// Records a finished game (after its puzzles are flushed), in one write: a kill
    /// tears at most this line.
    pub(crate) fn record(&mut self, game: &GameDone) -> Result<(), String> {
        self.append(game)
    }

    fn append<T: Serialize>(&mut self, value: &T) -> Result<(), String> {
        let mut line =
            serde_json::to_string(value).map_err(|e| format!("cannot record progress: {e}"))?;
        line.push('\n');
        self.file
            .write_all(line.as_bytes())
            .and_then(|_| self.file.flush())
            .map_err(|e| format!("cannot write '{}': {e}", self.path.display()))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn settings(limit: &str) -> RunSettings {
        RunSettings {
            input: "00000000deadbeef".into(),
            games_in_file: 3,
            variant: "makruk".into(),
            limit: limit.into(),
            hash_mb: 16,
            threads: 1,
            evaluation: "hand-written".into(),
            shard: None,
            format: "epd".into(),
        }
    }

    fn game(i: usize) -> GameDone {
        GameDone {
            game: i,
            bytes: 50 * (i as u64 + 1),
            error: false,
            tally: Tally {
                positions: 10,
                mates: i,
                ..Tally::default()
            },
        }
    }

    #[test]
    fn a_torn_line_is_redone_and_other_settings_refused() {
        let dir = std::env::temp_dir().join(format!("khun-puzzles-journal-{}", std::process::id()));
        std::fs::create_dir_all(&dir).unwrap();
        let path = dir.join("out.epd.progress");
        let mut journal = Journal::start(&path, &settings("depth 3")).unwrap();
        journal.record(&game(0)).unwrap();
        journal.record(&game(1)).unwrap();
        drop(journal);
        let whole = std::fs::read_to_string(&path).unwrap();
        std::fs::write(&path, format!("{whole}{{\"game\":2,\"byt")).unwrap();
        let (mut journal, done) = Journal::resume(&path, &settings("depth 3"), &[0, 1, 2])
            .unwrap()
            .unwrap();
        assert_eq!(done, vec![game(0), game(1)]);
        journal.record(&game(2)).unwrap();
        drop(journal);
        let (_, done) = Journal::resume(&path, &settings("depth 3"), &[0, 1, 2])
            .unwrap()
            .unwrap();
        assert_eq!(done, vec![game(0), game(1), game(2)]);
        let refused = Journal::resume(&path, &settings("depth 4"), &[0, 1, 2])
            .err()
            .unwrap();
        assert!(
            refused.contains("limit: then \"depth 3\", now \"depth 4\""),
            "{refused}"
        );
        let refused = Journal::resume(&path, &settings("depth 3"), &[0, 2])
            .err()
            .unwrap();
        assert!(refused.contains("out of this run's order"), "{refused}");
        std::fs::write(&path, "{\"kind\":\"khun puz").unwrap();
        assert!(
            Journal::resume(&path, &settings("depth 3"), &[0, 1, 2])
                .unwrap()
                .is_none()
        );
        let _ = std::fs::remove_dir_all(&dir);
    }
}
