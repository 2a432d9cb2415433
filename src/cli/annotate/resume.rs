//! `annotate -o OUT --resume`: the progress file `OUT.progress` that lets a killed or
//! stopped run go on where it stopped, without losing or repeating a game.
//!
//! Games are written whole, in file order, and flushed one at a time: first the PGN
//! (with its `--shard` line), then the `--json` line, and only then one line in the
//! progress file saying the game is done and how long the PGN and the JSON are with
//! it. The progress file is JSON Lines, appended to: a first line with the settings
//! that decide the output's bytes (the input file's fingerprint and game count, the
//! variant, the search limit, table size, threads, evaluation, shard, whether there
//! is a JSON file), then one line per finished game with its index in the file, the
//! two lengths, whether it had an error, and its scores (so `--svg`, drawn at the end
//! from every game, is the same after a resumed run). A line appended for each game
//! costs the same however long the run has been going, unlike rewriting one file.
//!
//! Killed at any moment, a run leaves at most one game beyond the last recorded one
//! (written in part, or whole but not recorded) and at most one torn progress line.
//! `--resume` drops the torn line, cuts the PGN and the JSON back to the lengths of
//! the last recorded game, so the two agree on the games done, and annotates the
//! rest. A progress file whose settings differ from the run's is refused, naming
//! each difference.

use crate::cli::search_options::SearchedGames;
use crate::long_jobs::progress_file;
use serde::{Deserialize, Serialize};

/// What the first line of a progress file says it is.
const KIND: &str = "khun annotate progress";

/// How `khun annotate` names itself in its progress file and its messages.
const JOB: progress_file::JobNames = progress_file::JobNames {
    kind: KIND,
    command: "khun annotate",
    output_flag: "-o",
    again: "annotate again",
};

/// The settings that decide an annotation's bytes.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub(crate) struct RunSettings {
    /// The search's settings, as every job over a PGN file's games records them.
    #[serde(flatten)]
    pub(crate) search: SearchedGames,
    /// Whether the run writes a `--json` file.
    pub(crate) json: bool,
}

/// One finished game, as its progress line records it.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub(crate) struct GameDone {
    /// The game's index in the file, from 0.
    pub(crate) game: usize,
    /// The PGN's and the JSON's lengths once the game was written.
    pub(crate) pgn_bytes: u64,
    pub(crate) json_bytes: u64,
    /// The game had an error (unreadable, or stopped at a bad move).
    pub(crate) error: bool,
    /// White's view of every position (start first), for the graph; null for a game
    /// that could not be read.
    pub(crate) scores: Option<Vec<i32>>,
}

/// `khun annotate` as a job that keeps a progress file.
pub(crate) struct AnnotateJob;

impl progress_file::Job for AnnotateJob {
    const NAMES: progress_file::JobNames = JOB;
    type Settings = RunSettings;
    type Done = GameDone;
}

/// An open progress file, appended to as games finish.
pub(crate) type Journal = progress_file::JobJournal<AnnotateJob>;

impl progress_file::FinishedGame for GameDone {
    fn game(&self) -> usize {
        self.game
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn settings(depth: u32) -> RunSettings {
        RunSettings {
            search: SearchedGames {
                input: "00000000deadbeef".into(),
                games_in_file: 3,
                variant: "makruk".into(),
                limit: format!("depth {depth}"),
                hash_mb: 16,
                threads: 1,
                evaluation: "hand-written".into(),
                shard: None,
            },
            json: false,
        }
    }

    fn game(i: usize) -> GameDone {
        GameDone {
            game: i,
            pgn_bytes: 100 * (i as u64 + 1),
            json_bytes: 0,
            error: false,
            scores: Some(vec![10, -20]),
        }
    }

    #[test]
    fn a_torn_line_is_dropped_and_other_settings_refused() {
        let dir = std::env::temp_dir().join(format!("khun-journal-{}", std::process::id()));
        std::fs::create_dir_all(&dir).unwrap();
        let path = dir.join("out.pgn.progress");
        let mut journal = Journal::start(&path, &settings(3)).unwrap();
        journal.record(&game(0)).unwrap();
        journal.record(&game(1)).unwrap();
        drop(journal);
        // A kill in the middle of the third game's line.
        let whole = std::fs::read_to_string(&path).unwrap();
        std::fs::write(&path, format!("{whole}{{\"game\":2,\"pgn_b")).unwrap();
        let resumed = Journal::resume(&path, &settings(3), &[0, 1, 2])
            .unwrap()
            .unwrap();
        assert_eq!(resumed.1, vec![game(0), game(1)]);
        let mut journal = resumed.0;
        journal.record(&game(2)).unwrap();
        drop(journal);
        let resumed = Journal::resume(&path, &settings(3), &[0, 1, 2])
            .unwrap()
            .unwrap();
        assert_eq!(resumed.1, vec![game(0), game(1), game(2)]);
        let refused = Journal::resume(&path, &settings(4), &[0, 1, 2])
            .err()
            .unwrap();
        assert!(
            refused.contains("limit: then \"depth 3\", now \"depth 4\""),
            "{refused}"
        );
        let refused = Journal::resume(&path, &settings(3), &[0, 2]).err().unwrap();
        assert!(refused.contains("out of this run's order"), "{refused}");
        // Killed before the settings line was whole: nothing to keep.
        std::fs::write(&path, "{\"kind\":\"khun ann").unwrap();
        assert!(
            Journal::resume(&path, &settings(3), &[0, 1, 2])
                .unwrap()
                .is_none()
        );
        let _ = std::fs::remove_dir_all(&dir);
    }
}
