//! A search's answer and its updates as Python dicts: scores, win/draw/loss, the
//! lines in UCI and SAN.

use super::PyEngine;
use crate::board::{Move, Position};
use crate::python::rules::color_name;
use crate::search::score::{ScoreText, describe};
use crate::search::shown::{ScoreView, Shown};
use crate::search::{Bound as ScoreBound, SearchReport, SearchResult};
use pyo3::prelude::*;
use pyo3::types::{PyDict, PyList};

fn score_dict<'py>(py: Python<'py>, score: i32) -> PyResult<Bound<'py, PyDict>> {
    let d = PyDict::new(py);
    match describe(score) {
        ScoreText::Centipawns(cp) => d.set_item("cp", cp)?,
        ScoreText::Mate(n) => d.set_item("mate", n)?,
    }
    Ok(d)
}

/// The SAN of a line played from `root` (UCI moves stop at the first illegal one).
fn line_san(root: &Position, line: &[Move]) -> Vec<String> {
    let mut pos = root.clone();
    let mut out = Vec::with_capacity(line.len());
    for &m in line {
        if !pos.legal_moves().contains(m) {
            break;
        }
        out.push(pos.san(m));
        pos.play(m);
    }
    out
}

/// One line of a search: an item of the answer's `lines`, or an update `analyse`'s
/// `info` callback receives.
pub(super) struct LineData<'a> {
    pub(super) multipv: usize,
    /// The side to move's view, as shown.
    pub(super) shown: Shown,
    pub(super) depth: i32,
    pub(super) seldepth: Option<i32>,
    pub(super) bound: Option<ScoreBound>,
    /// The search's nodes and time when the line was reported.
    pub(super) nodes: u64,
    pub(super) time_ms: u64,
    pub(super) pv: &'a [Move],
}

impl<'a> LineData<'a> {
    pub(super) fn of_report(report: &'a SearchReport, shown: Shown) -> LineData<'a> {
        LineData {
            multipv: report.multipv,
            shown,
            depth: report.depth,
            seldepth: Some(report.seldepth),
            bound: report.bound,
            nodes: report.nodes,
            time_ms: report.time_ms,
            pv: &report.pv,
        }
    }
}

/// A line as a dict: ``multipv``, ``score`` (the side to move's view),
/// ``score_white``, ``wdl``, ``depth``, ``seldepth``, ``bound``, ``nodes``,
/// ``time_ms``, ``nps``, ``pv`` (UCI) and ``pv_san``.
pub(super) fn line_dict<'py>(
    py: Python<'py>,
    root: &Position,
    line: &LineData<'_>,
) -> PyResult<Bound<'py, PyDict>> {
    let d = PyDict::new(py);
    d.set_item("multipv", line.multipv)?;
    set_score(&d, root, line.shown)?;
    d.set_item("depth", line.depth)?;
    d.set_item("seldepth", line.seldepth)?;
    d.set_item(
        "bound",
        match line.bound {
            Some(ScoreBound::Lower) => Some("lower"),
            Some(ScoreBound::Upper) => Some("upper"),
            _ => None,
        },
    )?;
    d.set_item("nodes", line.nodes)?;
    d.set_item("time_ms", line.time_ms)?;
    d.set_item("nps", line.nodes * 1000 / line.time_ms.max(1))?;
    d.set_item(
        "pv",
        line.pv.iter().map(Move::to_string).collect::<Vec<_>>(),
    )?;
    d.set_item("pv_san", line_san(root, line.pv))?;
    Ok(d)
}

/// `score`, `score_white` and `wdl` of a score as shown (the engine always shows
/// the chances to Python).
fn set_score(d: &Bound<'_, PyDict>, root: &Position, shown: Shown) -> PyResult<()> {
    let py = d.py();
    let white = root.side_to_move() == crate::board::Color::White;
    let white_score = if white { shown.score } else { -shown.score };
    d.set_item("score", score_dict(py, shown.score)?)?;
    d.set_item("score_white", score_dict(py, white_score)?)?;
    d.set_item("wdl", shown.wdl.map(|w| (w.win, w.draw, w.loss)))?;
    Ok(())
}

impl PyEngine {
    /// A search's answer as a dict.
    pub(super) fn report<'py>(
        &self,
        py: Python<'py>,
        root: &Position,
        result: &SearchResult,
        view: &ScoreView,
    ) -> PyResult<Bound<'py, PyDict>> {
        let reports = self.collector.take_lines();
        let d = PyDict::new(py);
        d.set_item("turn", color_name(root.side_to_move()))?;
        d.set_item("best_move", result.best.map(|m| m.to_string()))?;
        d.set_item("best_move_san", result.best.map(|m| root.san(m)))?;
        d.set_item("ponder", result.ponder.map(|m| m.to_string()))?;
        if result.best.is_some() {
            set_score(&d, root, view.show(result.score))?;
        } else {
            d.set_item("score", py.None())?;
            d.set_item("score_white", py.None())?;
            d.set_item("wdl", py.None())?;
        }
        d.set_item("depth", result.depth)?;
        let seldepth = reports.iter().flatten().map(|(r, _)| r.seldepth).max();
        d.set_item("seldepth", seldepth)?;
        d.set_item("nodes", result.nodes)?;
        d.set_item("time_ms", result.elapsed_ms)?;
        d.set_item("nps", result.nodes * 1000 / result.elapsed_ms.max(1))?;
        let lines = PyList::empty(py);
        // Each line as the search last reported it (what UCI prints), else as the
        // answer holds it.
        let count = reports.len().max(result.lines.len());
        for i in 0..count {
            let report = reports.get(i).and_then(Option::as_ref);
            let line = match (report, result.lines.get(i)) {
                (Some((r, shown)), _) => LineData::of_report(r, *shown),
                (None, Some((score, pv))) => LineData {
                    multipv: i + 1,
                    shown: view.show(*score),
                    depth: result.depth,
                    seldepth: None,
                    bound: None,
                    nodes: result.nodes,
                    time_ms: result.elapsed_ms,
                    pv,
                },
                (None, None) => continue,
            };
            lines.append(line_dict(py, root, &line)?)?;
        }
        d.set_item("lines", lines)?;
        d.set_item("count_action", result.count_action.map(|a| a.word()))?;
        Ok(d)
    }
}
