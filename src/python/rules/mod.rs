//! The rules from Python: pyffish's functions for the seven games and what pyffish
//! lacks, each a thin call into [`crate::rules_api`].
//!
//! pyffish's functions take their arguments positionally in pyffish's order
//! (`get_fen(variant, fen, moves, is_chess960, sfen, show_promoted, count_started)`)
//! and by name as well. `fen` may be `"startpos"`. Moves are UCI strings, checked one
//! by one: an illegal one raises `ValueError` (pyffish sets the error and goes on).
//! pyffish's functions read a FEN as pyffish does and apply `count_started` as pyffish
//! does (`rules_api::pyffish`); Khun's own read it strictly and replay the players'
//! count, refusing a value that does not fit the game.
//!
//! Here what the parts share: reading a game strictly (the variant, the FEN, the moves
//! under `count_started`) and the errors. `pyffish.rs`: pyffish's functions and
//! constants; `count_started.rs`: the argument `count_started` and its refusals;
//! `state.rs`: what pyffish lacks (the end as the rules score it, the count, who may
//! start or stop it, the tables' verdict, a front end's whole state); `pgn.rs`: PGN
//! read and written.

mod ask;
mod convert;
mod count_started;
mod pgn;
mod pyffish;
mod state;

pub(super) use convert::to_python_value;
pub(super) use count_started::{CountStarted, count_started_error};
pub(super) use state::Tables;

use crate::board::{Game, GameError, Position, Variant};
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

/// The position `moves` (UCI) reach from `fen` in `variant` under `count_started`
/// (pyffish's value: 0 the automatic count, -1 players' counting with no count running,
/// N a count running since game ply N), each move checked against the legal moves: one
/// walk ([`Game::from_uci`]). A move that is not legal, or a `count_started` that does
/// not fit the game, raises `ValueError` (the latter in the argument's name). Khun's own
/// functions read a game so; pyffish's read it as pyffish does (`pyffish.rs`).
pub(super) fn game(
    variant: &str,
    fen: &str,
    moves: &[String],
    count_started: i64,
) -> PyResult<Position> {
    let start = position_of(variant_of(variant)?, fen)?;
    match Game::from_uci(start, moves, count_started) {
        Ok(game) => Ok(game.into_position()),
        Err(GameError::Count(e)) => Err(count_started_error(count_started, e)),
        Err(e) => Err(value_error(e.to_string())),
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
