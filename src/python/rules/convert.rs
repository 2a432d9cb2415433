//! The rules' typed questions and answers (`rules_api::Question`, `rules_api::answers`)
//! as Python values: an answer is the JSON answer's value as dicts, each field named in
//! snake_case (`countStarted` is `count_started`), the PGN tags under `tags` as
//! written; a question from a dict, its keys in snake_case. `ask.rs` (any question) and
//! the named functions (`state`, `read_pgn`, `write_pgn`) answer through here.

use super::value_error;
use crate::rules_api::{Answer, Question};
use crate::tablebase::Tables as TableHandle;
use pyo3::IntoPyObjectExt;
use pyo3::prelude::*;
use pyo3::types::{PyDict, PyList};
use serde_json::Value;

/// A field's name in Python: `countStarted` -> `count_started`.
pub(super) fn snake_case(name: &str) -> String {
    let mut out = String::with_capacity(name.len() + 4);
    for c in name.chars() {
        if c.is_ascii_uppercase() {
            out.push('_');
            out.push(c.to_ascii_lowercase());
        } else {
            out.push(c);
        }
    }
    out
}

/// A field's name in the questions' JSON: `count_started` -> `countStarted`.
pub(super) fn camel_case(name: &str) -> String {
    let mut out = String::with_capacity(name.len());
    let mut upper = false;
    for c in name.chars() {
        match c {
            '_' => upper = true,
            c if upper => {
                out.push(c.to_ascii_uppercase());
                upper = false;
            }
            c => out.push(c),
        }
    }
    out
}

/// A JSON value as the Python value it stands for; the keys of an object named as
/// Python names fields, but for the values of `tags` (a game's own names).
fn to_python(py: Python<'_>, value: &Value, own_keys: bool) -> PyResult<Py<PyAny>> {
    Ok(match value {
        Value::Null => py.None(),
        Value::Bool(b) => b.into_py_any(py)?,
        Value::Number(n) => match (n.as_i64(), n.as_u64()) {
            (Some(i), _) => i.into_py_any(py)?,
            (None, Some(u)) => u.into_py_any(py)?,
            _ => n.as_f64().unwrap_or(f64::NAN).into_py_any(py)?,
        },
        Value::String(s) => s.into_py_any(py)?,
        Value::Array(items) => {
            let list = PyList::empty(py);
            for item in items {
                list.append(to_python(py, item, false)?)?;
            }
            list.into_any().unbind()
        }
        Value::Object(fields) => {
            let dict = PyDict::new(py);
            for (key, item) in fields {
                let name = if own_keys {
                    key.clone()
                } else {
                    snake_case(key)
                };
                dict.set_item(name, to_python(py, item, key == "tags")?)?;
            }
            dict.into_any().unbind()
        }
    })
}

/// A Python value as JSON for a question, its dicts' keys in camelCase.
pub(super) fn to_json(value: &Bound<'_, PyAny>) -> PyResult<Value> {
    if value.is_none() {
        return Ok(Value::Null);
    }
    if let Ok(b) = value.extract::<bool>() {
        return Ok(Value::Bool(b));
    }
    if let Ok(i) = value.extract::<i64>() {
        return Ok(Value::from(i));
    }
    if let Ok(s) = value.extract::<String>() {
        return Ok(Value::String(s));
    }
    if let Ok(dict) = value.cast::<PyDict>() {
        let mut fields = serde_json::Map::new();
        for (key, item) in dict.iter() {
            let key: String = key.extract()?;
            fields.insert(camel_case(&key), to_json(&item)?);
        }
        return Ok(Value::Object(fields));
    }
    if let Ok(items) = value.try_iter() {
        return items
            .map(|item| to_json(&item?))
            .collect::<PyResult<Vec<_>>>()
            .map(Value::Array);
    }
    Err(value_error(format!(
        "a question holds dicts, lists, strings, whole numbers, booleans and None, not {}",
        value.get_type().name()?
    )))
}

/// An answer's value (`rules_api::answers`) as Python reads it.
pub(in crate::python) fn to_python_value<T: serde::Serialize>(
    py: Python<'_>,
    value: &T,
) -> PyResult<Py<PyAny>> {
    let json = serde_json::to_value(value).map_err(|e| value_error(e.to_string()))?;
    to_python(py, &json, false)
}

/// Answers `question` with the GIL released, `tables` read for a `state` with a table.
pub(super) fn answer(
    py: Python<'_>,
    question: &Question,
    tables: Option<&TableHandle>,
) -> PyResult<Py<PyAny>> {
    let handle = tables.cloned();
    let answer: Answer = py
        .detach(|| crate::rules_api::ask(question, handle.as_ref()))
        .map_err(value_error)?;
    to_python_value(py, &answer)
}
