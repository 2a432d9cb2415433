//! `khun.ask({"op": "state", ...})`: any question the rules answer, as JavaScript's
//! `rules.ask` takes it (the conversions: `convert.rs`).

use super::convert::{answer, camel_case, snake_case, to_json};
use super::state::Tables;
use super::value_error;
use crate::rules_api::Question;
use pyo3::prelude::*;
use pyo3::types::PyDict;
use serde_json::Value;

/// Any question the rules answer, as JavaScript's `rules.ask` takes it: a dict with
/// `op` (`variants`, `state`, `san`, `uci_from_san`, `read_pgn`, `write_pgn`) and its
/// fields in snake_case; `tables` for a `state` with `table=True`. A question the rules
/// refuse raises `ValueError` with the reason.
#[pyfunction]
#[pyo3(signature = (question, tables=None))]
fn ask(
    py: Python<'_>,
    question: &Bound<'_, PyDict>,
    tables: Option<PyRef<'_, Tables>>,
) -> PyResult<Py<PyAny>> {
    let mut json = to_json(question.as_any())?;
    if let Some(Value::String(op)) = json.get_mut("op") {
        *op = camel_case(op);
    }
    let op = json
        .get("op")
        .and_then(Value::as_str)
        .unwrap_or("")
        .to_string();
    if !Question::NAMES.contains(&op.as_str()) {
        return Err(value_error(format!(
            "unknown op '{}' (known: {})",
            crate::platform::io::clip_to(&op, 40),
            Question::NAMES
                .iter()
                .map(|name| snake_case(name))
                .collect::<Vec<_>>()
                .join(", ")
        )));
    }
    let question: Question = serde_json::from_value(json)
        .map_err(|e| value_error(format!("{}: {e}", snake_case(&op))))?;
    answer(py, &question, tables.as_deref().map(|t| &t.tables))
}

pub(super) fn register(m: &Bound<'_, PyModule>) -> PyResult<()> {
    m.add_function(wrap_pyfunction!(ask, m)?)?;
    Ok(())
}
