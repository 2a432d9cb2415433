//! PGN from Python: every game of a text replayed, and a game written with the
//! players' count actions.

use super::convert::answer;
use super::value_error;
use crate::rules_api::{
    ActionName, CountActionAt, CountingName, GameQuestion, Question, ReadPgnQuestion,
    WritePgnQuestion,
};
use pyo3::prelude::*;

/// Every game of a PGN text (Thai or western letters, the players' count actions
/// included), replayed; a game that could not be read is `{"error": why}`.
#[pyfunction]
fn read_pgn(py: Python<'_>, text: &str) -> PyResult<Py<PyAny>> {
    let question = Question::ReadPgn(ReadPgnQuestion {
        text: text.to_string(),
    });
    answer(py, &question, None)
}

/// A game as PGN text: `tags` (pairs in order, or a dict), the moves (UCI) in SAN,
/// and under players' counting (`counting="players"` or any `count_actions`, each
/// `(plies played before it, "start" | "stop")`) the tag `[Counting "players"]` and
/// a comment for each action, checked against the rules.
#[pyfunction]
#[pyo3(signature = (variant, fen, moves, tags=Vec::new(), result="*", counting="automatic", count_actions=Vec::new()))]
#[allow(clippy::too_many_arguments)]
fn write_pgn(
    py: Python<'_>,
    variant: &str,
    fen: &str,
    moves: Vec<String>,
    tags: Vec<(String, String)>,
    result: &str,
    counting: &str,
    count_actions: Vec<(usize, String)>,
) -> PyResult<Py<PyAny>> {
    let counting = match counting {
        "players" => CountingName::Players,
        "automatic" => CountingName::Automatic,
        _ => return Err(value_error("counting must be \"players\" or \"automatic\"")),
    };
    let count_actions = count_actions
        .into_iter()
        .map(|(ply, action)| {
            let action = match action.as_str() {
                "start" => ActionName::Start,
                "stop" => ActionName::Stop,
                _ => return Err(value_error("a count action is \"start\" or \"stop\"")),
            };
            Ok(CountActionAt { ply, action })
        })
        .collect::<PyResult<Vec<_>>>()?;
    let question = Question::WritePgn(WritePgnQuestion {
        game: GameQuestion {
            variant: Some(variant.to_string()),
            fen: Some(fen.to_string()),
            moves,
        },
        tags,
        result: Some(result.to_string()),
        counting: Some(counting),
        count_actions,
        ..WritePgnQuestion::default()
    });
    answer(py, &question, None)
}

pub(super) fn register(m: &Bound<'_, PyModule>) -> PyResult<()> {
    m.add_function(wrap_pyfunction!(read_pgn, m)?)?;
    m.add_function(wrap_pyfunction!(write_pgn, m)?)?;
    Ok(())
}
