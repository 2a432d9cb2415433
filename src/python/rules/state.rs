//! What pyffish lacks: the game's end as the rules score it, the count as players say
//! it and who may start or stop it, the endgame tables' verdict, and a front end's
//! whole state after moves, as dicts.

use super::{
    CountStarted, color_name, count_started_error, game, position_of, value_error, variant_of,
};
use crate::board::CountedReplay;
use crate::board::Outcome;
use crate::rules_api::{self, CountReport, TableReport};
use crate::tablebase::Tables as TableHandle;
use pyo3::prelude::*;
use pyo3::types::{PyDict, PyList};

/// An outcome as a dict: result, reason, winner, kind.
pub(super) fn outcome_dict<'py>(py: Python<'py>, outcome: Outcome) -> PyResult<Bound<'py, PyDict>> {
    let (kind, winner) = match outcome {
        Outcome::Checkmate { winner } => ("checkmate", Some(winner)),
        Outcome::Stalemate => ("stalemate", None),
        Outcome::CountExceeded => ("count_exceeded", None),
        Outcome::CountingSideMate { .. } => ("counting_side_mate", None),
        Outcome::CheckWin { winner } => ("check_win", Some(winner)),
        Outcome::FiftyMoves => ("fifty_moves", None),
        Outcome::OnlyPromotions => ("only_promotions", None),
        Outcome::InsufficientMaterial => ("insufficient_material", None),
    };
    let d = PyDict::new(py);
    d.set_item("result", outcome.result())?;
    d.set_item("reason", outcome.reason())?;
    d.set_item("winner", winner.map(color_name))?;
    d.set_item("kind", kind)?;
    if let Outcome::CountingSideMate { winner } = outcome {
        d.set_item("mated_by", color_name(winner))?;
    }
    Ok(d)
}

fn count_dict<'py>(py: Python<'py>, count: &CountReport) -> PyResult<Bound<'py, PyDict>> {
    let d = PyDict::new(py);
    d.set_item("honour", count.honour)?;
    d.set_item("counting", color_name(count.counting))?;
    d.set_item("mating", color_name(count.mating))?;
    d.set_item("ply", count.ply)?;
    d.set_item("limit", count.limit)?;
    d.set_item("number", count.number)?;
    d.set_item("of", count.of)?;
    d.set_item("moves_left", count.moves_left)?;
    d.set_item("exceeded", count.exceeded)?;
    d.set_item("text", &count.text)?;
    Ok(d)
}

pub(super) fn table_dict<'py>(
    py: Python<'py>,
    table: &TableReport,
) -> PyResult<Bound<'py, PyDict>> {
    let d = PyDict::new(py);
    d.set_item("ending", &table.ending)?;
    let within = table.winner.filter(|_| !table.count_runs_out);
    d.set_item("winner", within.map(color_name))?;
    d.set_item("plies", table.plies)?;
    d.set_item("count_runs_out", table.count_runs_out)?;
    d.set_item("text", &table.text)?;
    Ok(d)
}

/// The game's end after `moves` as the rules score it (the count under
/// `count_started`, the counting side's mate a draw), or `None` while it goes on.
#[pyfunction]
#[pyo3(
    signature = (variant, fen, moves, count_started=CountStarted(0)),
    text_signature = "(variant, fen, moves, count_started=0)"
)]
fn outcome<'py>(
    py: Python<'py>,
    variant: &str,
    fen: &str,
    moves: Vec<String>,
    count_started: CountStarted,
) -> PyResult<Option<Bound<'py, PyDict>>> {
    let pos = &game(variant, fen, &moves, count_started.0)?;
    pos.outcome().map(|o| outcome_dict(py, o)).transpose()
}

/// The count running after `moves` as players say it, or `None`.
#[pyfunction]
#[pyo3(
    signature = (variant, fen, moves, count_started=CountStarted(0)),
    text_signature = "(variant, fen, moves, count_started=0)"
)]
fn count<'py>(
    py: Python<'py>,
    variant: &str,
    fen: &str,
    moves: Vec<String>,
    count_started: CountStarted,
) -> PyResult<Option<Bound<'py, PyDict>>> {
    let pos = &game(variant, fen, &moves, count_started.0)?;
    rules_api::count_report(pos)
        .map(|c| count_dict(py, &c))
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
fn permission(answer: Result<(), String>) -> (bool, String) {
    match answer {
        Ok(()) => (true, String::new()),
        Err(why) => (false, why),
    }
}

/// The endgame tables: built in memory (up to four men) the first time a position
/// needs one, and kept for the life of the object.
#[pyclass(module = "khun", frozen)]
pub(super) struct Tables {
    pub(super) tables: TableHandle,
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
    fn verdict<'py>(
        &self,
        py: Python<'py>,
        variant: &str,
        fen: &str,
        moves: Vec<String>,
        count_started: CountStarted,
    ) -> PyResult<Option<Bound<'py, PyDict>>> {
        let pos = game(variant, fen, &moves, count_started.0)?;
        let tables = self.tables.clone();
        let report = py.detach(move || rules_api::table_report(&tables, &pos));
        report.map(|t| table_dict(py, &t)).transpose()
    }
}

/// The position after `moves` with everything a front end shows: the FEN, the side
/// to move, check, the moves' SAN, the legal moves, the end, the count, who may start
/// or stop it, and with `tables` their verdict. Moves after the game's end and a
/// `count_started` that does not fit the game raise `ValueError`.
#[pyfunction]
#[pyo3(
    signature = (variant, fen, moves, count_started=CountStarted(0), tables=None),
    text_signature = "(variant, fen, moves, count_started=0, tables=None)"
)]
fn state<'py>(
    py: Python<'py>,
    variant: &str,
    fen: &str,
    moves: Vec<String>,
    count_started: CountStarted,
    tables: Option<PyRef<'py, Tables>>,
) -> PyResult<Bound<'py, PyDict>> {
    let CountStarted(n) = count_started;
    let start = position_of(variant_of(variant)?, fen)?;
    // A `count_started` that does not fit the game is refused in the argument's name,
    // whatever the rules' wording: the value checked first against the game as a
    // whole; later, every refusal but a move's ("move 3 ...") is the count's (a count
    // started while a pawn stood).
    CountedReplay::new(&start, n, moves.len()).map_err(|e| count_started_error(n, e))?;
    let moves: Vec<&str> = moves.iter().map(String::as_str).collect();
    let handle = tables.map(|t| t.tables.clone());
    let state = py
        .detach(|| rules_api::state(&start, &moves, n, handle.as_ref()))
        .map_err(|e| {
            if e.starts_with("move ") {
                value_error(e)
            } else {
                count_started_error(n, e)
            }
        })?;
    let pos = &state.position;
    let d = PyDict::new(py);
    d.set_item("fen", pos.to_fen())?;
    d.set_item("turn", color_name(pos.side_to_move()))?;
    d.set_item("check", pos.in_check())?;
    d.set_item("sans", &state.sans)?;
    let legal = PyList::empty(py);
    for &m in &state.legal {
        let r = rules_api::move_report(pos, m);
        let md = PyDict::new(py);
        md.set_item("uci", r.uci)?;
        md.set_item("san", r.san)?;
        md.set_item("from", r.from)?;
        md.set_item("to", r.to)?;
        md.set_item("drop", r.drop.map(String::from))?;
        md.set_item("promotion", r.promotion)?;
        legal.append(md)?;
    }
    d.set_item("legal", legal)?;
    d.set_item("end", state.end.map(|o| outcome_dict(py, o)).transpose()?)?;
    d.set_item(
        "count",
        state
            .count
            .as_ref()
            .map(|c| count_dict(py, c))
            .transpose()?,
    )?;
    d.set_item("count_text", &state.count_text)?;
    d.set_item("count_started", state.count_started)?;
    d.set_item("counting_side", pos.counting_side().map(color_name))?;
    d.set_item("may_start_count", state.may_start_count)?;
    d.set_item("may_stop_count", state.may_stop_count)?;
    d.set_item(
        "table",
        state
            .table
            .as_ref()
            .map(|t| table_dict(py, t))
            .transpose()?,
    )?;
    Ok(d)
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
