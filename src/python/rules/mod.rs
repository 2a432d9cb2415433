//! The rules from Python: pyffish's functions for the seven games and what pyffish
//! lacks, each a thin call into [`crate::rules_api`].
//!
//! pyffish's functions take their arguments positionally in pyffish's order
//! (`get_fen(variant, fen, moves, is_chess960, sfen, show_promoted, count_started)`)
//! and by name as well. `fen` may be `"startpos"`. Moves are UCI strings, checked one
//! by one: an illegal one raises `ValueError` (pyffish sets the error and goes on).
//!
//! Here what the parts share: reading a game (the variant, the FEN, the moves under
//! `count_started`) and the errors. `pyffish.rs`: pyffish's functions and constants;
//! `state.rs`: what pyffish lacks (the end as the rules score it, the count, who may
//! start or stop it, the tables' verdict, a front end's whole state); `pgn.rs`: PGN
//! read and written.

mod ask;
mod pgn;
mod pyffish;
mod state;

use crate::board::{CountedReplay, Move, Position, Variant};
use crate::rules_api;
use pyo3::exceptions::PyValueError;
use pyo3::prelude::*;

pub(super) fn value_error(message: impl Into<String>) -> PyErr {
    PyValueError::new_err(message.into())
}

pub(super) fn variant_of(name: &str) -> PyResult<Variant> {
    rules_api::variant_named(name).map_err(value_error)
}

/// The position `fen` names (`startpos`: the game's start), strictly read.
pub(super) fn position_of(variant: Variant, fen: &str) -> PyResult<Position> {
    if fen.trim() == "startpos" {
        return Ok(Position::startpos_of(variant));
    }
    Position::from_fen_in(variant, fen).map_err(|e| value_error(format!("FEN: {e}")))
}

/// A game: where it started, the moves, and every position they reach under the count
/// they were played under.
pub(super) struct Game {
    pub(super) moves: Vec<Move>,
    /// Every position, the start first, under the game's `count_started`.
    line: Vec<Position>,
}

/// `moves` (UCI) played from `fen` in `variant` under `count_started` (pyffish's value:
/// 0 the automatic count, -1 players' counting with no count running, N a count running
/// since game ply N), each checked against the legal moves: one walk of a
/// [`CountedReplay`], every position kept. A move that is not legal, or a
/// `count_started` that does not fit the game, raises `ValueError`.
pub(super) fn game(
    variant: &str,
    fen: &str,
    moves: &[String],
    count_started: i64,
) -> PyResult<Game> {
    let start = position_of(variant_of(variant)?, fen)?;
    let mut replay = CountedReplay::new(&start, count_started, moves.len()).map_err(value_error)?;
    let mut played = Vec::with_capacity(moves.len());
    let mut line = Vec::with_capacity(moves.len() + 1);
    line.push(replay.position().clone());
    for (i, text) in moves.iter().enumerate() {
        let m = replay
            .position()
            .parse_uci_move(text)
            .map_err(|e| value_error(format!("move {} {e}", i + 1)))?;
        replay.play(m).map_err(value_error)?;
        played.push(m);
        line.push(replay.position().clone());
    }
    Ok(Game {
        moves: played,
        line,
    })
}

impl Game {
    /// The position the moves reach.
    pub(super) fn position(&self) -> &Position {
        self.line.last().expect("a game's line holds its start")
    }

    /// The position the moves reach, the game dropped.
    fn into_position(mut self) -> Position {
        self.line.pop().expect("a game's line holds its start")
    }

    /// The position before the last move, and that move, where there are moves.
    fn last_move(&self) -> Option<(&Position, Move)> {
        let &m = self.moves.last()?;
        Some((&self.line[self.line.len() - 2], m))
    }
}

pub(super) use crate::rules_api::answers::color_name;

pub(super) fn register(m: &Bound<'_, PyModule>) -> PyResult<()> {
    pyffish::register(m)?;
    state::register(m)?;
    pgn::register(m)?;
    ask::register(m)?;
    Ok(())
}
