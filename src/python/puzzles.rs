//! `khun.puzzles(...)` and `khun.check_puzzle(...)`: the library's puzzle finder and
//! checker ([`crate::puzzles::requests`], the requests JavaScript sends as JSON), their
//! keyword arguments the requests' fields in snake_case, their answers the same JSON
//! as dicts. A search runs with the GIL released; bad arguments raise `ValueError`.

use super::rules::{CountStarted, Tables, to_python_value, value_error};
use crate::puzzles::requests;
use crate::tablebase::Tables as TableHandle;
use pyo3::prelude::*;
use serde_json::{Map, Value, json};

/// Answers `request` with the GIL released, reading `tables` (new ones when `None`).
fn answer(
    py: Python<'_>,
    request: Value,
    tables: Option<PyRef<'_, Tables>>,
) -> PyResult<Py<PyAny>> {
    let handle = tables.map_or_else(TableHandle::new, |t| t.tables.clone());
    let answer = py
        .detach(move || requests::answer(request, &handle))
        .map_err(value_error)?;
    to_python_value(py, &answer)
}

/// Sets `name` in `fields` when `value` is given.
fn set(fields: &mut Map<String, Value>, name: &str, value: Option<Value>) {
    if let Some(value) = value {
        fields.insert(name.to_string(), value);
    }
}

/// The puzzles in a PGN text (every position of every game), in a list of FENs (each
/// alone), or along a game (`fen` and `moves`): ``{"puzzles": [...], "tally": {...},
/// "errors": [...]}``, each puzzle a dict (``fen``, ``variant``, ``bm``, ``moves``,
/// ``type``, ``theme``, ``eval``, ``second``, ``depth``, ``difficulty``, ``count``,
/// ``game``, ``ply``), or pychess.org's documents with ``format="pychess"``. Searched
/// to ``depth`` (8 when neither it nor ``nodes`` is given). Under players' counting
/// (``count_started`` not 0, or ``counting="players"`` for a PGN's games) the count acts
/// are puzzles too (``count-start``, ``count-stop``, ``count-keep``, with ``action``).
#[pyfunction]
#[pyo3(
    signature = (pgn=None, *, positions=None, fen=None, moves=None, variant="makruk", count_started=CountStarted(0), counting=None, depth=None, nodes=None, format="json", tables=None),
    text_signature = "(pgn=None, *, positions=None, fen=None, moves=None, variant='makruk', count_started=0, counting=None, depth=None, nodes=None, format='json', tables=None)"
)]
#[allow(clippy::too_many_arguments)]
fn puzzles(
    py: Python<'_>,
    pgn: Option<String>,
    positions: Option<Vec<String>>,
    fen: Option<String>,
    moves: Option<Vec<String>>,
    variant: &str,
    count_started: CountStarted,
    counting: Option<String>,
    depth: Option<u32>,
    nodes: Option<u64>,
    format: &str,
    tables: Option<PyRef<'_, Tables>>,
) -> PyResult<Py<PyAny>> {
    let mut fields = Map::new();
    fields.insert("op".into(), json!("findPuzzles"));
    fields.insert("variant".into(), json!(variant));
    fields.insert("countStarted".into(), json!(count_started.0));
    fields.insert("format".into(), json!(format));
    set(&mut fields, "pgn", pgn.map(Value::from));
    set(&mut fields, "positions", positions.map(Value::from));
    set(&mut fields, "fen", fen.map(Value::from));
    set(&mut fields, "moves", moves.map(Value::from));
    set(&mut fields, "counting", counting.map(Value::from));
    set(&mut fields, "depth", depth.map(Value::from));
    set(&mut fields, "nodes", nodes.map(Value::from));
    answer(py, Value::Object(fields), tables)
}

/// Whether ``solution`` (UCI moves) solves the position after ``moves`` from ``fen``:
/// ``{"valid", "reasons", "type", "theme", "puzzle", "best_move", "eval", "second",
/// "depth"}``: every move legal, the first the engine's only best (the second clearly
/// worse at ``depth``, or by the tables), the line ending as its kind promises under
/// the count (``count_started``: pyffish's value); ``type`` the claimed kind
/// (``mate``, ``win``, ``winning``, ``defensive``, ``count``) when given. Under
/// players' counting (``count_started`` not 0) ``type`` may claim an act on the count
/// (``count-start``, ``count-stop``, ``count-keep``), ``solution`` then the moves
/// played after it, and the answer adds ``action`` (``start``, ``stop``, ``keep``);
/// no type claims no act (the count left as it is: a keep where it runs). A count
/// act under the automatic count raises ``ValueError``.
#[pyfunction]
#[pyo3(
    signature = (fen, solution, *, moves=None, variant="makruk", count_started=CountStarted(0), r#type=None, depth=None, nodes=None, tables=None),
    text_signature = "(fen, solution, *, moves=None, variant='makruk', count_started=0, type=None, depth=None, nodes=None, tables=None)"
)]
#[allow(clippy::too_many_arguments)]
fn check_puzzle(
    py: Python<'_>,
    fen: String,
    solution: Vec<String>,
    moves: Option<Vec<String>>,
    variant: &str,
    count_started: CountStarted,
    r#type: Option<String>,
    depth: Option<u32>,
    nodes: Option<u64>,
    tables: Option<PyRef<'_, Tables>>,
) -> PyResult<Py<PyAny>> {
    let mut fields = Map::new();
    fields.insert("op".into(), json!("checkPuzzle"));
    fields.insert("variant".into(), json!(variant));
    fields.insert("fen".into(), json!(fen));
    fields.insert("solution".into(), json!(solution));
    fields.insert("countStarted".into(), json!(count_started.0));
    set(&mut fields, "moves", moves.map(Value::from));
    set(&mut fields, "type", r#type.map(Value::from));
    set(&mut fields, "depth", depth.map(Value::from));
    set(&mut fields, "nodes", nodes.map(Value::from));
    answer(py, Value::Object(fields), tables)
}

pub(super) fn register(m: &Bound<'_, PyModule>) -> PyResult<()> {
    m.add_function(wrap_pyfunction!(puzzles, m)?)?;
    m.add_function(wrap_pyfunction!(check_puzzle, m)?)?;
    Ok(())
}
