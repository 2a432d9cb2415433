//! One `analyse` or `play`: the game set, the search started on the engine's thread
//! and waited for with the GIL released, the `info` callback called with each update.

use super::answer::{LineData, line_dict};
use super::collector::Event;
use super::{PyEngine, Searching, lock};
use crate::board::{Game, Position};
use crate::engine::{EngineReporter, SearchRequest};
use crate::python::rules::{position_of, value_error};
use crate::search::shown::ScoreView;
use crate::search::{Limits, SearchResult};
use crossbeam_channel::RecvTimeoutError;
use pyo3::exceptions::PyRuntimeError;
use pyo3::prelude::*;
use std::sync::Arc;
use std::sync::atomic::Ordering;
use std::time::Duration;

/// What one `analyse` or `play` asks for.
pub(super) struct Request<'a> {
    pub(super) fen: &'a str,
    pub(super) moves: &'a [String],
    pub(super) count_started: i64,
    /// Full strength, draws scored 0 (`UCI_AnalyseMode`); false: the engine's level.
    pub(super) analysing: bool,
    pub(super) multipv: usize,
    pub(super) limits: Limits,
    /// Called with each update of the search, on the caller's thread.
    pub(super) info: Option<&'a Bound<'a, PyAny>>,
}

impl PyEngine {
    /// Sets the game and searches it, waiting with the GIL released but for the
    /// `info` callback's calls.
    pub(super) fn search(
        &self,
        py: Python<'_>,
        request: Request<'_>,
    ) -> PyResult<(Position, SearchResult, ScoreView)> {
        let Request {
            fen,
            moves,
            count_started,
            analysing,
            multipv,
            limits,
            info,
        } = request;
        if self.searching.swap(true, Ordering::AcqRel) {
            return Err(PyRuntimeError::new_err(
                "this engine is searching already (one search at a time; stop() ends it)",
            ));
        }
        let _searching = Searching(&self.searching);
        let (root, events, view) = {
            let mut facade = lock(&self.facade);
            let start = position_of(facade.variant(), fen)?;
            // The game, its moves and its count, in one walk.
            let game = Game::from_uci(start, moves, count_started)
                .map_err(|e| value_error(e.named("count_started")))?;
            facade
                .set_option_to("UCI_AnalyseMode", analysing)
                .map_err(value_error)?;
            facade
                .set_option_to("MultiPV", multipv)
                .map_err(value_error)?;
            facade.set_game(game);
            let root = facade.position().clone();
            // The search's own view: taken before the engine's count choice.
            let view = facade.score_view();
            if !root.has_legal_move() {
                return Ok((root, SearchResult::default(), view));
            }
            let events = self.collector.start(info.is_some());
            let reporter = Arc::clone(&self.collector) as Arc<dyn EngineReporter>;
            facade.go(SearchRequest::now(limits), reporter);
            (root, events, view)
        };
        // The first error (the callback's exception, Ctrl-C) stops the search; the
        // loop still waits for its answer, so the engine is idle when it is raised.
        let mut interrupted: Option<PyErr> = None;
        let interrupt = |interrupted: &mut Option<PyErr>, e: PyErr| {
            if interrupted.is_none() {
                lock(&self.facade).stop();
                *interrupted = Some(e);
            }
        };
        let result = loop {
            match py.detach(|| events.recv_timeout(Duration::from_millis(50))) {
                Ok(Event::Finished(result)) => break result,
                Ok(Event::Info(report, shown)) => {
                    if let Some(info) = info
                        && interrupted.is_none()
                    {
                        let update = LineData::of_report(&report, shown);
                        if let Err(e) =
                            line_dict(py, &root, &update).and_then(|d| info.call1((d,)).map(drop))
                        {
                            interrupt(&mut interrupted, e);
                        }
                    }
                }
                Err(RecvTimeoutError::Timeout) => {}
                // Not while the collector holds the sender (until `finish` below);
                // were it gone, no answer could come.
                Err(RecvTimeoutError::Disconnected) => break SearchResult::default(),
            }
            if let Err(e) = py.check_signals() {
                interrupt(&mut interrupted, e);
            }
        };
        self.collector.finish();
        py.detach(|| lock(&self.facade).wait());
        if let Some(e) = interrupted {
            return Err(e);
        }
        Ok((root, result, view))
    }
}

pub(super) fn limits_of(
    depth: Option<u32>,
    movetime: Option<f64>,
    nodes: Option<u64>,
    default_ms: u64,
) -> PyResult<Limits> {
    if depth == Some(0) {
        return Err(value_error("depth must be at least 1"));
    }
    let movetime = match movetime {
        Some(s) if !(s.is_finite() && s > 0.0) => {
            return Err(value_error("movetime must be a positive number of seconds"));
        }
        Some(s) => Some(((s * 1000.0).round() as u64).max(1)),
        None => None,
    };
    let mut limits = Limits {
        depth,
        nodes,
        movetime,
        ..Limits::default()
    };
    if depth.is_none() && nodes.is_none() && limits.movetime.is_none() {
        limits.movetime = Some(default_ms);
    }
    Ok(limits)
}
