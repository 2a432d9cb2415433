//! `datagen --resume`: the progress file `OUT.progress` that lets a run stopped at any
//! moment go on by seed and game index, so that a run killed and resumed any number
//! of times writes the same bytes as one that was never stopped.
//!
//! Games are decided by the seed and their index and written in index order (see
//! [`super`]). After each game's records are appended and flushed, the
//! progress file is rewritten whole (a temporary file renamed over it, so a kill
//! leaves the old one or the new one): the settings that decide the games, the
//! file's length when the run started (records of earlier runs before it) and after
//! the last game recorded, the totals so far, and whether the run reached its
//! limits. `--resume` checks the settings, cuts the file back to the recorded
//! length (dropping a record cut short and a game written but not recorded) and goes
//! on from the next game index. `--games` and `--positions` count the whole run,
//! what was there included, so a finished run can also be taken further.

use super::run::{DatagenConfig, DatagenSummary, Totals};
use crate::long_jobs::progress_file;
use serde::{Deserialize, Serialize};
use std::path::Path;

/// What the progress file says it is.
const KIND: &str = "khun datagen progress";

/// The settings that decide a run's games (the thread count and the limits do not).
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub(crate) struct RunSettings {
    /// The game's name; progress files written before other games were played hold
    /// none, and were makruk's.
    #[serde(default = "makruk_name")]
    pub(crate) variant: String,
    pub(crate) seed: u64,
    pub(crate) nodes: u64,
    pub(crate) random_plies: usize,
    /// The book's fingerprint (over its positions' FENs), or null without one.
    pub(crate) book: Option<String>,
    pub(crate) skip_plies: u32,
    pub(crate) max_opening_score: i32,
    pub(crate) max_plies: u32,
    pub(crate) hash_mb: usize,
    /// `hand-written`, or `network` and its checksum.
    pub(crate) evaluation: String,
}

impl RunSettings {
    /// The settings of a run with `cfg`.
    pub(crate) fn of(cfg: &DatagenConfig) -> RunSettings {
        let book = (!cfg.book.is_empty()).then(|| {
            let fens: Vec<String> = cfg.book.iter().map(|p| p.to_fen()).collect();
            progress_file::fingerprint(fens.join("\n").as_bytes())
        });
        RunSettings {
            variant: cfg.variant.name().to_string(),
            seed: cfg.seed,
            nodes: cfg.nodes,
            random_plies: cfg.random_plies,
            book,
            skip_plies: cfg.skip_plies,
            max_opening_score: cfg.max_opening_score,
            max_plies: cfg.max_plies,
            hash_mb: cfg.hash_mb,
            evaluation: match &cfg.network {
                Some(net) => format!(
                    "network {:016x}",
                    crate::nnue::for_game(net, cfg.variant).checksum
                ),
                None => "hand-written".into(),
            },
        }
    }
}

/// The game of a progress file that names none.
fn makruk_name() -> String {
    crate::board::Variant::Makruk.name().to_string()
}

/// The progress file's contents.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub(crate) struct Progress {
    kind: String,
    pub(crate) settings: RunSettings,
    /// The file's length when the run started.
    pub(crate) start_bytes: u64,
    /// The file's length after the last game recorded.
    pub(crate) bytes: u64,
    /// The games recorded so far (the file's keys as before the struct held them).
    #[serde(flatten)]
    pub(crate) totals: Totals,
    /// The run reached its limits (not stopped, not failed).
    pub(crate) finished: bool,
}

impl Progress {
    /// The progress of a run with `settings` that starts on a file of `start_bytes`.
    pub(crate) fn start(settings: RunSettings, start_bytes: u64) -> Progress {
        Progress {
            kind: KIND.into(),
            settings,
            start_bytes,
            bytes: start_bytes,
            totals: Totals::default(),
            finished: false,
        }
    }

    /// Reads a progress file; `None` when there is none.
    pub(crate) fn read(path: &Path) -> Result<Option<Progress>, String> {
        let text = match std::fs::read_to_string(path) {
            Ok(t) => t,
            Err(e) if e.kind() == std::io::ErrorKind::NotFound => return Ok(None),
            Err(e) => return Err(format!("cannot read '{}': {e}", path.display())),
        };
        serde_json::from_str::<Progress>(&text)
            .ok()
            .filter(|p| p.kind == KIND)
            .map(Some)
            .ok_or_else(|| {
                format!(
                    "'{}' is not a progress file of `khun datagen`; remove it to start again",
                    path.display()
                )
            })
    }

    /// Writes the progress file at once (see [`progress_file::write_atomically`]).
    pub(crate) fn write(&self, path: &Path) -> std::io::Result<()> {
        let text = serde_json::to_string_pretty(self).map_err(std::io::Error::other)?;
        progress_file::write_atomically(path, format!("{text}\n").as_bytes())
    }

    /// Counts a game of `records` bytes appended to the file; `totals` include it.
    pub(crate) fn add_game(&mut self, records: usize, totals: &Totals) {
        self.bytes += records as u64;
        self.totals = totals.clone();
    }

    /// The totals so far, as a run's summary.
    pub(crate) fn summary(&self) -> DatagenSummary {
        DatagenSummary {
            totals: self.totals.clone(),
            ..DatagenSummary::default()
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn progress_round_trips_and_settings_follow_the_config() {
        let cfg = DatagenConfig::default();
        let mut p = Progress::start(RunSettings::of(&cfg), 64);
        let totals = Totals {
            games: 1,
            positions: 3,
            draws: 1,
            ..Totals::default()
        };
        p.add_game(96, &totals);
        assert_eq!(p.bytes, 160);
        assert_eq!(p.summary().totals.positions, 3);
        let dir = std::env::temp_dir().join(format!("khun-datagen-resume-{}", std::process::id()));
        std::fs::create_dir_all(&dir).unwrap();
        let path = dir.join("data.bin.progress");
        assert_eq!(Progress::read(&path), Ok(None));
        p.write(&path).unwrap();
        assert_eq!(Progress::read(&path), Ok(Some(p.clone())));
        // why: the totals stay top-level keys, so older progress files still resume.
        let text = std::fs::read_to_string(&path).unwrap();
        assert!(text.contains("\n  \"games\": 1,"), "{text}");
        std::fs::write(&path, "{}").unwrap();
        assert!(
            Progress::read(&path)
                .unwrap_err()
                .contains("not a progress file")
        );
        let _ = std::fs::remove_dir_all(&dir);
        let other = DatagenConfig {
            seed: 2,
            ..DatagenConfig::default()
        };
        assert_eq!(
            progress_file::differences(&RunSettings::of(&cfg), &RunSettings::of(&other)),
            vec!["seed: then 1, now 2".to_string()]
        );
    }
}
