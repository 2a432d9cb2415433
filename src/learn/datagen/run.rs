//! What a `khun datagen` run is asked to do ([`DatagenConfig`]) and what it has done
//! ([`Totals`], counted by [`GameEnd`]; [`DatagenSummary`]): shared by the run
//! ([`super`]) and its progress file ([`super::resume`]).

use crate::board::{Outcome, Position, Variant};
use crate::learn::data::GameResult;
use crate::long_jobs::interrupt::Interrupt;
use crate::nnue::network::Network;
use serde::{Deserialize, Serialize};
use std::path::PathBuf;
use std::sync::Arc;

/// What one datagen run does.
#[derive(Clone, Debug)]
pub struct DatagenConfig {
    /// The game played (its start position, rules and tables).
    pub variant: Variant,
    /// The file the records are appended to.
    pub output: PathBuf,
    /// Stop after this many games (the first of the limits reached ends the run).
    pub games: Option<u64>,
    /// Stop once this many records have been written.
    pub positions: Option<u64>,
    /// Nodes per move.
    pub nodes: u64,
    pub threads: usize,
    pub seed: u64,
    /// Random legal plies that open each game (after the book line, if any).
    pub random_plies: usize,
    /// Openings to start from (`startpos [moves ...]` or `FEN [moves ...]` lines); game
    /// i takes line i mod the book's length. Empty: the start position.
    pub book: Vec<Position>,
    /// Positions before this game ply are not written.
    pub skip_plies: u32,
    /// Openings whose first search scores beyond this (centipawns) are drawn again.
    pub max_opening_score: i32,
    /// A game still going after this many plies is adjudicated a draw.
    pub max_plies: u32,
    /// Transposition table per thread, MB.
    pub hash_mb: usize,
    /// The network the games are played with; `None`: the hand-written evaluation.
    pub network: Option<Arc<Network>>,
    /// Go on with the run the output's progress file records, instead of appending a
    /// new one.
    pub resume: bool,
    /// Set from outside to stop the run at the last game written.
    pub interrupt: Interrupt,
}

impl Default for DatagenConfig {
    fn default() -> Self {
        DatagenConfig {
            variant: Variant::Makruk,
            output: PathBuf::from("khun-data.bin"),
            games: None,
            positions: None,
            nodes: 5000,
            threads: 1,
            seed: 1,
            random_plies: 8,
            book: Vec::new(),
            skip_plies: 16,
            max_opening_score: 300,
            max_plies: 400,
            hash_mb: 16,
            network: None,
            resume: false,
            interrupt: Interrupt::new(),
        }
    }
}

/// The games a run has written (with `resume`, the games before included); the
/// progress file keeps them for `--resume`.
#[derive(Clone, Debug, Default, PartialEq, Serialize, Deserialize)]
pub struct Totals {
    pub games: u64,
    pub positions: u64,
    pub white_wins: u64,
    pub draws: u64,
    pub black_wins: u64,
    /// How the games ended, counted by [`GameEnd`] (its `as usize`).
    pub ends: [u64; GameEnd::COUNT],
}

impl Totals {
    /// Counts one more game of `positions` records.
    pub(crate) fn add(&mut self, positions: u64, result: GameResult, end: GameEnd) {
        self.games += 1;
        self.positions += positions;
        self.ends[end as usize] += 1;
        match result {
            GameResult::WhiteWins => self.white_wins += 1,
            GameResult::Draw => self.draws += 1,
            GameResult::BlackWins => self.black_wins += 1,
        }
    }
}

/// What a run did.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct DatagenSummary {
    pub totals: Totals,
    pub seconds: f64,
    /// Games an earlier run had written, kept by `resume`.
    pub resumed: u64,
    /// The signal that stopped the run before its limits, if one did.
    pub stopped_by: Option<i32>,
}

/// How a datagen game ended.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum GameEnd {
    Checkmate = 0,
    Stalemate = 1,
    CountExceeded = 2,
    InsufficientMaterial = 3,
    /// An endgame table's count-aware verdict.
    Table = 4,
    /// The same placement a third time (adjudicated a draw).
    Repetition = 5,
    /// `max_plies` reached (adjudicated a draw).
    MaxPlies = 6,
}

impl GameEnd {
    pub const COUNT: usize = 7;
    pub const NAMES: [&'static str; GameEnd::COUNT] = [
        "mate",
        "stalemate",
        "count",
        "no mating material",
        "table",
        "repetition",
        "ply limit",
    ];

    pub(crate) fn of(outcome: Outcome) -> GameEnd {
        match outcome {
            // The relatives' ends are filed with their makruk kin.
            Outcome::Checkmate { .. } | Outcome::CheckWin { .. } => GameEnd::Checkmate,
            Outcome::Stalemate | Outcome::OnlyPromotions => GameEnd::Stalemate,
            Outcome::CountExceeded | Outcome::FiftyMoves | Outcome::CountingSideMate { .. } => {
                GameEnd::CountExceeded
            }
            Outcome::InsufficientMaterial => GameEnd::InsufficientMaterial,
        }
    }
}
