//! PGN from Python: every game of a text replayed, and a game written with the
//! players' count actions.

use super::state::outcome_dict;
use super::{position_of, value_error, variant_of};
use crate::board::{CountAction, Move};
use crate::rules_api::{self, PgnGame, PgnToWrite};
use pyo3::prelude::*;
use pyo3::types::{PyDict, PyList};

fn pgn_game_dict<'py>(py: Python<'py>, game: &PgnGame) -> PyResult<Bound<'py, PyDict>> {
    let d = PyDict::new(py);
    let tags = PyDict::new(py);
    for (k, v) in &game.tags {
        tags.set_item(k, v)?;
    }
    d.set_item("tags", tags)?;
    d.set_item("variant", game.variant.name())?;
    d.set_item("fen", &game.fen)?;
    d.set_item(
        "moves",
        game.moves.iter().map(Move::to_string).collect::<Vec<_>>(),
    )?;
    d.set_item("sans", &game.sans)?;
    d.set_item("result", &game.result)?;
    let end = match game.end {
        Some((ply, outcome)) => {
            let e = outcome_dict(py, outcome)?;
            e.set_item("ply", ply)?;
            Some(e)
        }
        None => None,
    };
    d.set_item("end", end)?;
    d.set_item("error", &game.error)?;
    d.set_item(
        "counting",
        if game.players_counting {
            "players"
        } else {
            "automatic"
        },
    )?;
    let actions = PyList::empty(py);
    for &(ply, action) in &game.count_actions {
        let a = PyDict::new(py);
        a.set_item("ply", ply)?;
        a.set_item("action", action.word())?;
        actions.append(a)?;
    }
    d.set_item("count_actions", actions)?;
    d.set_item("count_started", game.count_started)?;
    Ok(d)
}

/// Every game of a PGN text (Thai or western letters, the players' count actions
/// included), replayed; a game that could not be read is `{"error": why}`.
#[pyfunction]
fn read_pgn<'py>(py: Python<'py>, text: &str) -> PyResult<Vec<Bound<'py, PyDict>>> {
    let games = py.detach(|| rules_api::read_pgn(text));
    games
        .iter()
        .map(|game| match game {
            Ok(game) => pgn_game_dict(py, game),
            Err(e) => {
                let d = PyDict::new(py);
                d.set_item("error", e)?;
                Ok(d)
            }
        })
        .collect()
}

/// A game as PGN text: `tags` (pairs in order, or a dict), the moves (UCI) in SAN,
/// and under players' counting (`counting="players"` or any `count_actions`, each
/// `(plies played before it, "start" | "stop")`) the tag `[Counting "players"]` and
/// a comment for each action, checked against the rules.
#[pyfunction]
#[pyo3(signature = (variant, fen, moves, tags=Vec::new(), result="*", counting="automatic", count_actions=Vec::new()))]
#[allow(clippy::too_many_arguments)]
fn write_pgn(
    variant: &str,
    fen: &str,
    moves: Vec<String>,
    tags: Vec<(String, String)>,
    result: &str,
    counting: &str,
    count_actions: Vec<(usize, String)>,
) -> PyResult<String> {
    let start = position_of(variant_of(variant)?, fen)?;
    let players_counting = match counting {
        "players" => true,
        "automatic" => false,
        _ => return Err(value_error("counting must be \"players\" or \"automatic\"")),
    };
    let count_actions = count_actions
        .into_iter()
        .map(|(ply, action)| match action.as_str() {
            "start" => Ok((ply, CountAction::Start)),
            "stop" => Ok((ply, CountAction::Stop)),
            _ => Err(value_error("a count action is \"start\" or \"stop\"")),
        })
        .collect::<PyResult<Vec<_>>>()?;
    rules_api::write_pgn(&PgnToWrite {
        start,
        moves: moves.iter().map(String::as_str).collect(),
        tags,
        result,
        players_counting,
        count_actions,
    })
    .map_err(value_error)
}

pub(super) fn register(m: &Bound<'_, PyModule>) -> PyResult<()> {
    m.add_function(wrap_pyfunction!(read_pgn, m)?)?;
    m.add_function(wrap_pyfunction!(write_pgn, m)?)?;
    Ok(())
}
