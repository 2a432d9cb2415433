//! `puzzles --out OUT --resume`: the progress file `OUT.progress` that lets a killed
//! run go on after the last game it finished, as `annotate`'s does (see
//! [`crate::cli::annotate::resume`]): a first line with the settings that decide the
//! output's bytes, then one line per finished game, appended after the game's puzzles
//! are flushed, with the output's length and the game's tally. `--resume` drops a torn
//! last line, cuts the output back to the last recorded length and searches the
//! games after it. A progress file made with other settings is refused, naming each.

use crate::cli::search_options::SearchedGames;
use crate::long_jobs::progress_file;
use crate::puzzles::Tally;
use serde::{Deserialize, Serialize};

/// What the first line of a progress file says it is.
const KIND: &str = "khun puzzles progress";

/// How `khun puzzles` names itself in its progress file and its messages.
const JOB: progress_file::JobNames = progress_file::JobNames {
    kind: KIND,
    command: "khun puzzles",
    output_flag: "--out",
    again: "search again",
};

/// The settings that decide a puzzle run's bytes.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub(crate) struct RunSettings {
    /// The search's settings, as every job over a PGN file's games records them.
    #[serde(flatten)]
    pub(crate) search: SearchedGames,
    /// `epd` or `json`.
    pub(crate) format: String,
    /// `automatic` or `players` (`--counting`; a file from before the option: automatic).
    #[serde(default = "automatic_counting")]
    pub(crate) counting: String,
}

/// The counting a progress file without the field was made under.
fn automatic_counting() -> String {
    crate::puzzles::Counting::Automatic.name().to_string()
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

/// `khun puzzles` as a job that keeps a progress file.
pub(crate) struct PuzzlesJob;

impl progress_file::Job for PuzzlesJob {
    const NAMES: progress_file::JobNames = JOB;
    type Settings = RunSettings;
    type Done = GameDone;
}

/// An open progress file, appended to as games finish.
pub(crate) type Journal = progress_file::JobJournal<PuzzlesJob>;

impl progress_file::FinishedGame for GameDone {
    fn game(&self) -> usize {
        self.game
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn settings(limit: &str) -> RunSettings {
        RunSettings {
            search: SearchedGames {
                input: "00000000deadbeef".into(),
                games_in_file: 3,
                variant: "makruk".into(),
                limit: limit.into(),
                hash_mb: 16,
                threads: 1,
                evaluation: "hand-written".into(),
                shard: None,
            },
            format: "epd".into(),
            counting: "automatic".into(),
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
