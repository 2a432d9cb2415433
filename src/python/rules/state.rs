//! What pyffish lacks: the game's end as the rules score it, the count as players say
//! it and who may start or stop it, the endgame tables' verdict, and a front end's
//! whole state after moves, as dicts.

use super::convert::{answer, to_python_value};
use super::{CountStarted, game, value_error};
use crate::rules_api::answers::{EndAnswer, TableAnswer};
use crate::rules_api::{self, GameQuestion, Question, StateQuestion};
use crate::tablebase::Tables as TableHandle;
use pyo3::prelude::*;

/// The game's end after `moves` as the rules score it (the count under
/// `count_started`, the counting side's mate a draw), or `None` while it goes on.
#[pyfunction]
#[pyo3(
    signature = (variant, fen, moves, count_started=CountStarted(0)),
    text_signature = "(variant, fen, moves, count_started=0)"
)]
fn outcome(
    py: Python<'_>,
    variant: &str,
    fen: &str,
    moves: Vec<String>,
    count_started: CountStarted,
) -> PyResult<Option<Py<PyAny>>> {
    let pos = game(variant, fen, &moves, count_started.0)?;
    let end = pos.outcome().map(EndAnswer::of);
    end.map(|end| to_python_value(py, &end)).transpose()
}

/// The count running after `moves` as players say it, or `None`.
#[pyfunction]
#[pyo3(
    signature = (variant, fen, moves, count_started=CountStarted(0)),
    text_signature = "(variant, fen, moves, count_started=0)"
)]
fn count(
    py: Python<'_>,
    variant: &str,
    fen: &str,
    moves: Vec<String>,
    count_started: CountStarted,
) -> PyResult<Option<Py<PyAny>>> {
    let pos = game(variant, fen, &moves, count_started.0)?;
    rules_api::count_report(&pos)
        .map(|c| to_python_value(py, &c))
        .transpose()
}

/// `(True, "")` where the side to move may start the players' count now, else
/// `(False, why)`.
#[pyfunction]
#[pyo3(
    signature = (variant, fen, moves, count_started=CountStarted(-1)),
    text_signature = "(variant, fen, moves, count_started=-1)"
)]
fn may_start_count(
    variant: &str,
    fen: &str,
    moves: Vec<String>,
    count_started: CountStarted,
) -> PyResult<(bool, String)> {
    let pos = game(variant, fen, &moves, count_started.0)?;
    Ok(permission(pos.may_start_count()))
}

/// `(True, "")` where the side to move may stop the players' count now, else
/// `(False, why)`.
#[pyfunction]
#[pyo3(signature = (variant, fen, moves, count_started))]
fn may_stop_count(
    variant: &str,
    fen: &str,
    moves: Vec<String>,
    count_started: CountStarted,
) -> PyResult<(bool, String)> {
    let pos = game(variant, fen, &moves, count_started.0)?;
    Ok(permission(pos.may_stop_count()))
}

/// A count permission as pyffish-style callers read it: `(True, "")`, or `(False,
/// why)`.
fn permission(answer: Result<(), crate::board::CountActionError>) -> (bool, String) {
    match answer {
        Ok(()) => (true, String::new()),
        Err(why) => (false, why.to_string()),
    }
}

/// The endgame tables: built in memory (up to four men) the first time a position
/// needs one, and kept for the life of the object.
#[pyclass(module = "khun", frozen)]
pub(in crate::python) struct Tables {
    pub(in crate::python) tables: TableHandle,
}

#[pymethods]
impl Tables {
    #[new]
    #[pyo3(signature = (five_man_directory=None))]
    fn new(five_man_directory: Option<std::path::PathBuf>) -> PyResult<Self> {
        let tables = TableHandle::new();
        tables
            .set_five_man_directory(five_man_directory)
            .map_err(value_error)?;
        Ok(Tables { tables })
    }

    /// The tables' verdict on the position after `moves`, the count included, or
    /// `None` where no table covers it.
    #[pyo3(
        signature = (variant, fen, moves=Vec::new(), count_started=CountStarted(0)),
        text_signature = "($self, variant, fen, moves=[], count_started=0)"
    )]
    fn verdict(
        &self,
        py: Python<'_>,
        variant: &str,
        fen: &str,
        moves: Vec<String>,
        count_started: CountStarted,
    ) -> PyResult<Option<Py<PyAny>>> {
        let pos = game(variant, fen, &moves, count_started.0)?;
        let tables = self.tables.clone();
        let report = py.detach(move || rules_api::table_report(&tables, &pos));
        report
            .map(|t| to_python_value(py, &TableAnswer::from(&t)))
            .transpose()
    }
}

/// The position after `moves` with everything a front end shows: the FEN, the side
/// to move, check, the moves' SAN, the legal moves, the end, the count, who may start
/// or stop it, and with `tables` their verdict (the `state` question, as JavaScript's
/// `rules.state` answers it). Moves after the game's end and a `count_started` that
/// does not fit the game raise `ValueError`.
#[pyfunction]
#[pyo3(
    signature = (variant, fen, moves, count_started=CountStarted(0), tables=None),
    text_signature = "(variant, fen, moves, count_started=0, tables=None)"
)]
fn state(
    py: Python<'_>,
    variant: &str,
    fen: &str,
    moves: Vec<String>,
    count_started: CountStarted,
    tables: Option<PyRef<'_, Tables>>,
) -> PyResult<Py<PyAny>> {
    let CountStarted(n) = count_started;
    let question = Question::State(StateQuestion {
        game: GameQuestion {
            variant: Some(variant.to_string()),
            fen: Some(fen.to_string()),
            moves,
        },
        table: tables.is_some(),
        count_started: n,
        notation: None,
    });
    // The rules name the count as pyffish does (`count_started 70: beyond the next
    // ply ...`), so their refusals go out as they are.
    answer(py, &question, tables.as_deref().map(|t| &t.tables))
}

pub(super) fn register(m: &Bound<'_, PyModule>) -> PyResult<()> {
    m.add_function(wrap_pyfunction!(outcome, m)?)?;
    m.add_function(wrap_pyfunction!(count, m)?)?;
    m.add_function(wrap_pyfunction!(may_start_count, m)?)?;
    m.add_function(wrap_pyfunction!(may_stop_count, m)?)?;
    m.add_function(wrap_pyfunction!(state, m)?)?;
    m.add_class::<Tables>()?;
    Ok(())
}
