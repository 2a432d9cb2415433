//! What a training run is asked to do ([`TrainConfig`]), checked before it starts,
//! and why a run cannot start ([`TrainError`]).

use crate::nnue::network::Network;
use std::fmt;

/// What one training run does.
#[derive(Clone, Debug, PartialEq)]
pub struct TrainConfig {
    pub epochs: usize,
    /// Positions per optimiser step.
    pub batch_size: usize,
    pub learning_rate: f64,
    /// The first epoch (counting from 1) trained at a tenth of the learning rate;
    /// `None`: the last quarter of the epochs (rounded down; none below 4 epochs).
    pub lr_drop_epoch: Option<usize>,
    /// The weight of the game's result in the target (the rest is the score's).
    // why 0 by default: 80% of Khun's self-play games are draws, and blending their
    // results in pulled the first net toward 0 everywhere; at 20000 nodes a move
    // against the hand-written evaluation the same data scored 30% with wdl 0.3
    // (28 games) and 47% with wdl 0 (59 games).
    pub wdl: f32,
    /// Centipawns per unit of the logistic: `sigmoid(cp / scale_k)`.
    pub scale_k: f32,
    pub threads: usize,
    /// Drives the initial weights and every shuffle.
    pub seed: u64,
    /// The share of positions held out for validation.
    pub val_fraction: f64,
    /// What is held out: whole games, or positions drawn from every game.
    pub split: ValidationSplit,
    /// Use at most this many positions (a seeded random sample).
    pub max_positions: Option<usize>,
    /// Train on every position and its left-right mirror (see `batch::MIRRORED`).
    pub mirror: bool,
    /// Start from this network's weights instead of random ones (fine-tuning a
    /// network on new data); its float values are the quantised ones unscaled.
    pub init: Option<std::sync::Arc<Network>>,
    /// Fit the output as the engine uses it, scaled by the count fade of the
    /// position's running count (`Dataset::targets`).
    pub through_count_fade: bool,
    /// Records of games against other engines at the end of the records, whose
    /// results are blended in with their own weight.
    // why: a self-play result is what Khun makes of a position against itself; most
    // of those games are drawn because Khun draws them, and a network taught them
    // (`--wdl 0.8` on self-play) lost 21 points against Fairy-Stockfish
    // (lab/log/2026-11-27-standstill.md). Another engine's games are not
    // Khun's own.
    pub outside: Option<OutsideRecords>,
}

/// Where the records of games against other engines start, and how much their
/// results weigh in the target (the rest is the search score's).
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct OutsideRecords {
    /// The index of the first such record in the records [`super::train`] is given.
    pub first: usize,
    /// The weight of the game's result in their target.
    pub wdl: f32,
}

impl Default for TrainConfig {
    fn default() -> Self {
        TrainConfig {
            epochs: 30,
            batch_size: 16384,
            learning_rate: 0.001,
            lr_drop_epoch: None,
            wdl: 0.0,
            scale_k: 400.0,
            threads: 1,
            seed: 1,
            val_fraction: 0.02,
            split: ValidationSplit::Games,
            max_positions: None,
            mirror: true,
            init: None,
            through_count_fade: false,
            outside: None,
        }
    }
}

/// How the validation positions are chosen.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub enum ValidationSplit {
    /// Whole games, in a seeded random order, until the share is held out: the
    /// validation loss is measured on games the network never saw.
    #[default]
    Games,
    /// Positions drawn at random from every game (the trainer's only way until
    /// session 43; generations 1-6 were trained so).
    // why keep it: the earlier generations' commands remake their networks only
    // with the split they were trained with.
    Positions,
}

impl TrainConfig {
    /// The first epoch at the lower learning rate.
    pub(crate) fn drop_epoch(&self) -> usize {
        self.lr_drop_epoch
            .unwrap_or(self.epochs - self.epochs / 4 + 1)
    }

    /// The learning rate of `epoch` (counting from 1).
    pub(crate) fn learning_rate_at(&self, epoch: usize) -> f64 {
        if epoch >= self.drop_epoch() {
            // why a tenth late: a large rate finds the basin fast, a small one
            // then settles into it instead of bouncing across (the usual recipe).
            self.learning_rate / 10.0
        } else {
            self.learning_rate
        }
    }

    /// Refuses a configuration no run can train with.
    pub(super) fn check(&self) -> Result<(), TrainError> {
        let bad = |what: &str| Err(TrainError::BadConfig(what.to_string()));
        if self.epochs == 0 {
            return bad("epochs must be at least 1");
        }
        if self.batch_size == 0 {
            return bad("the batch size must be at least 1");
        }
        if self.threads == 0 {
            return bad("threads must be at least 1");
        }
        if !(self.learning_rate > 0.0 && self.learning_rate.is_finite()) {
            return bad("the learning rate must be a positive number");
        }
        if !(0.0..=1.0).contains(&self.wdl)
            || self.outside.is_some_and(|o| !(0.0..=1.0).contains(&o.wdl))
        {
            return bad("wdl must be between 0 and 1");
        }
        if !(self.scale_k > 0.0 && self.scale_k.is_finite()) {
            return bad("the scale K must be a positive number");
        }
        if !(0.0..1.0).contains(&self.val_fraction) {
            return bad("the validation fraction must be in [0, 1)");
        }
        Ok(())
    }
}

/// Why a run could not start.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum TrainError {
    /// No record could be trained on.
    NoRecords,
    BadConfig(String),
}

impl fmt::Display for TrainError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            TrainError::NoRecords => write!(f, "no usable training records"),
            TrainError::BadConfig(what) => write!(f, "{what}"),
        }
    }
}

impl std::error::Error for TrainError {}
