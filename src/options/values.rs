//! The options' values as the engine holds them, and their starting values: the
//! table's defaults.

use super::{Kind, OPTIONS};
use crate::board::Variant;
use crate::search::skill::Skill;

/// The engine's settings: one field per option of [`OPTIONS`] that keeps a value
/// (its row's `store` writes it). `Default` is only the blank the table's defaults
/// are written into: the engine starts from [`EngineOptions::declared`].
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub(crate) struct EngineOptions {
    pub(crate) hash_mb: usize,
    pub(crate) threads: usize,
    pub(crate) multipv: usize,
    pub(crate) ponder: bool,
    pub(crate) move_overhead_ms: u64,
    pub(crate) contempt_cp: i32,
    /// Evaluate with the network (`Use NNUE`); false: the hand-written evaluation.
    pub(crate) use_nnue: bool,
    /// The `EvalFile` in use: a path, or `nnue::EMBEDDED_NAME`.
    pub(crate) eval_file: String,
    /// The `FiveManTables` directory as last set (empty: none); the engine's tables
    /// hold the one they read.
    pub(crate) five_man_tables: String,
    /// The game played (`UCI_Variant`, XBoard's `variant`).
    pub(crate) variant: Variant,
    /// `Skill Level`, -20..=20 (20: full strength).
    pub(crate) skill_level: i32,
    /// `UCI_LimitStrength`: play at `elo` instead of `skill_level`.
    pub(crate) limit_strength: bool,
    /// `UCI_Elo`.
    pub(crate) elo: i32,
    /// `UCI_AnalyseMode`: the GUI analyses, so searches play at full strength and
    /// score draws 0 (no contempt, no handicap).
    pub(crate) analyse_mode: bool,
    /// `UCI_ShowWDL`: `info` lines with a score carry the win/draw/loss chances.
    pub(crate) show_wdl: bool,
    /// `Calibrated Score`: scores are shown on the calibrated scale
    /// ([`crate::search::score_scale`]).
    pub(crate) calibrated_score: bool,
    /// A `CountStarted` value just read (pyffish's `count_started`), until the engine
    /// hands it to the game at once: the count is the game's, never kept here
    /// (`engine/count.rs`).
    pub(crate) count_given: Option<i64>,
}

impl EngineOptions {
    /// Every option at its declared default: the engine's starting values.
    pub(crate) fn declared() -> EngineOptions {
        let mut options = EngineOptions::default();
        for option in OPTIONS {
            // why the results are dropped: a declared default is always taken (the
            // options' tests store each one and check it).
            match option.kind {
                Kind::Spin { range, store, .. } => store(&mut options, range.default),
                Kind::Check { default, store } => store(&mut options, default),
                Kind::Text { default, store } | Kind::Combo { default, store, .. } => {
                    let _ = store(&mut options, default);
                }
                Kind::Button => {}
            }
        }
        // why: the count's default (0, automatic) is the game's own starting count.
        options.count_given = None;
        options
    }

    /// The strength handicap these options ask for, with `seed` for its random choice.
    pub(crate) fn skill(&self, seed: u64) -> Skill {
        if self.analyse_mode {
            Skill::FULL
        } else if self.limit_strength {
            Skill::from_elo(self.elo, seed)
        } else {
            Skill::from_level(self.skill_level, seed)
        }
    }
}
