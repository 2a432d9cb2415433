//! `count_started` as the Python package takes it: one argument type for every
//! function that has it, and every refusal of a value said in the argument's name.
//!
//! The rules' refusals have named the engine's UCI option (`CountStarted 70: beyond the
//! next ply ...`), now name pyffish's (`count_started 70: ...`, the rules' typed
//! `CountError`), and may name none; a Python caller passed `count_started`, so the
//! message is said in that name whichever wording comes up.

use super::value_error;
use pyo3::exceptions::{PyOverflowError, PyTypeError};
use pyo3::prelude::*;
use std::fmt;

/// pyffish's `count_started` (0 the automatic count, -1 players' counting with no count
/// running, N a count running since game ply N), as an argument: an int in a C int's
/// range, the range pyffish reads it in; anything else is refused in its name.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) struct CountStarted(pub(crate) i64);

impl<'a, 'py> FromPyObject<'a, 'py> for CountStarted {
    type Error = PyErr;

    fn extract(obj: Borrowed<'a, 'py, PyAny>) -> PyResult<Self> {
        let py = obj.py();
        let value: i64 = obj.extract().map_err(|e: PyErr| {
            if e.is_instance_of::<PyOverflowError>(py) {
                PyOverflowError::new_err(
                    "count_started: out of range (pyffish takes a C int, -2147483648 to 2147483647)",
                )
            } else {
                PyTypeError::new_err(format!("count_started: an int, not {}", e.value(py)))
            }
        })?;
        if i32::try_from(value).is_err() {
            return Err(PyOverflowError::new_err(format!(
                "count_started {value}: out of range (pyffish takes a C int, -2147483648 to 2147483647)"
            )));
        }
        Ok(CountStarted(value))
    }
}

/// A refusal of `count_started`'s value by the rules (`reason`: their typed error or
/// its text), said in the argument's name: the UCI option's name replaced, or the
/// value named first where the reason names neither.
pub(crate) fn count_started_error(count_started: i64, reason: impl fmt::Display) -> PyErr {
    let message = reason.to_string();
    let text = if message.contains("count_started") {
        message
    } else if message.contains("CountStarted") {
        message.replace("CountStarted", "count_started")
    } else {
        format!("count_started {count_started}: {message}")
    };
    value_error(text)
}
