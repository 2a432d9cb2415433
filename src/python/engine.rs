//! `khun.Engine`: the engine facade ([`crate::engine::Engine`], the one the UCI and
//! XBoard protocols drive) as a Python object. No copy of the engine: a search here is
//! the binary's search, with the same options, table and endgame tables.
//!
//! A search runs on the engine's own thread (`Engine::go`, the one way into a search,
//! with the chances always shown); the calling thread waits
//! for its answer with the GIL released, so other Python threads run meanwhile and
//! one of them may call `stop()`. Ctrl-C (a pending signal) stops the search too and
//! is raised when it has answered. One search at a time per object: a second
//! `analyse` or `play` while one runs raises `RuntimeError`.
//!
//! The search thread never touches Python: what it reports goes over a channel to
//! the waiting caller ([`Event`]), which calls `analyse`'s `info` callback with each
//! update on its own thread, holding the GIL only for that call. An exception the
//! callback raises stops the search and is raised once the search has answered.

use super::rules::{color_name, game, value_error, variant_of};
use crate::board::{Move, Position};
use crate::engine::{Engine as Facade, EngineReporter, SearchRequest};
use crate::search::score::{ScoreText, describe};
use crate::search::shown::{ScoreView, Shown};
use crate::search::{Bound as ScoreBound, Limits, SearchReport, SearchResult};
use crossbeam_channel::{Receiver, RecvTimeoutError, Sender};
use pyo3::exceptions::{PyRuntimeError, PyTypeError};
use pyo3::prelude::*;
use pyo3::types::{PyDict, PyList};
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::{Arc, Mutex, MutexGuard};
use std::time::Duration;

fn lock<T>(mutex: &Mutex<T>) -> MutexGuard<'_, T> {
    mutex.lock().unwrap_or_else(|e| e.into_inner())
}

/// What the search thread tells the caller waiting for it.
enum Event {
    /// One line of an iteration and its score as shown (sent only to a caller that
    /// asked for updates).
    Info(SearchReport, Shown),
    /// The search's answer (its scores shown by the view the caller took before the
    /// search, the engine's own).
    Finished(SearchResult),
}

/// The engine's reporter: keeps the last report of each line for the answer, and sends
/// the running search's events to its caller.
#[derive(Default)]
struct Collector {
    /// The last exact report of each MultiPV line (index: multipv - 1), with its
    /// score as shown.
    lines: Mutex<Vec<Option<(SearchReport, Shown)>>>,
    /// The running search's caller, and whether it wants each report.
    events: Mutex<Option<(Sender<Event>, bool)>>,
}

impl Collector {
    /// A new search: its lines forgotten, its events to a new channel.
    fn start(&self, want_reports: bool) -> Receiver<Event> {
        lock(&self.lines).clear();
        let (sender, receiver) = crossbeam_channel::unbounded();
        *lock(&self.events) = Some((sender, want_reports));
        receiver
    }

    /// The search's caller has left: events are dropped until the next search.
    fn finish(&self) {
        *lock(&self.events) = None;
    }

    fn send(&self, event: impl FnOnce(bool) -> Option<Event>) {
        if let Some((sender, want_reports)) = lock(&self.events).as_ref()
            && let Some(event) = event(*want_reports)
        {
            // The caller may have left already (an exception): nothing to tell.
            let _ = sender.send(event);
        }
    }

    fn take_lines(&self) -> Vec<Option<(SearchReport, Shown)>> {
        std::mem::take(&mut lock(&self.lines))
    }
}

impl EngineReporter for Collector {
    fn info(&self, report: &SearchReport, shown: Shown) {
        if report.depth == 0 || report.multipv == 0 {
            return;
        }
        {
            let mut lines = lock(&self.lines);
            let index = report.multipv - 1;
            if lines.len() <= index {
                lines.resize_with(index + 1, || None);
            }
            let slot = &mut lines[index];
            if report.bound.is_none() || slot.is_none() {
                *slot = Some((report.clone(), shown));
            }
        }
        self.send(|want| want.then(|| Event::Info(report.clone(), shown)));
    }

    fn finished(&self, result: &SearchResult, _view: &ScoreView) {
        self.send(|_| Some(Event::Finished(result.clone())));
    }
}

/// Khun's engine: one game position, one hash table, one search at a time.
///
/// ``Engine(variant="makruk", hash_mb=16, threads=1, skill_level=20, elo=None,
/// use_nnue=True, five_man_tables=None)``. ``analyse`` searches at full strength and
/// returns plain data (score, win/draw/loss, depth, nodes, the lines in UCI and SAN);
/// ``play`` answers one move at the engine's level (``skill_level`` -20..20, or
/// ``elo``); ``stop`` (from another thread) ends the search running now.
#[pyclass(module = "khun", name = "Engine")]
pub(super) struct PyEngine {
    facade: Mutex<Facade>,
    collector: Arc<Collector>,
    searching: AtomicBool,
}

/// Clears `searching` when the search's caller leaves, however it leaves.
struct Searching<'a>(&'a AtomicBool);

impl Drop for Searching<'_> {
    fn drop(&mut self) {
        self.0.store(false, Ordering::Release);
    }
}

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
struct LineData<'a> {
    multipv: usize,
    /// The side to move's view, as shown.
    shown: Shown,
    depth: i32,
    seldepth: Option<i32>,
    bound: Option<ScoreBound>,
    /// The search's nodes and time when the line was reported.
    nodes: u64,
    time_ms: u64,
    pv: &'a [Move],
}

impl<'a> LineData<'a> {
    fn of_report(report: &'a SearchReport, shown: Shown) -> LineData<'a> {
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
fn line_dict<'py>(
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

/// What one `analyse` or `play` asks for.
struct Request<'a> {
    fen: &'a str,
    moves: &'a [String],
    count_started: i64,
    /// Full strength, draws scored 0 (`UCI_AnalyseMode`); false: the engine's level.
    analysing: bool,
    multipv: usize,
    limits: Limits,
    /// Called with each update of the search, on the caller's thread.
    info: Option<&'a Bound<'a, PyAny>>,
}

impl PyEngine {
    /// Sets the game and searches it, waiting with the GIL released but for the
    /// `info` callback's calls.
    fn search(
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
            let variant = facade.variant().name();
            let game = game(variant, fen, moves, 0)?;
            facade
                .set_option_to("UCI_AnalyseMode", analysing)
                .map_err(value_error)?;
            facade
                .set_option_to("MultiPV", multipv)
                .map_err(value_error)?;
            facade
                .set_option_to("CountStarted", 0)
                .map_err(value_error)?;
            facade
                .set_position(game.start, &game.moves)
                .map_err(value_error)?;
            facade
                .set_option_to("CountStarted", count_started)
                .map_err(value_error)?;
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

fn limits_of(
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

#[pymethods]
impl PyEngine {
    #[new]
    #[pyo3(signature = (variant="makruk", hash_mb=16, threads=1, skill_level=None, elo=None, use_nnue=true, five_man_tables=None))]
    #[allow(clippy::too_many_arguments)]
    fn new(
        variant: &str,
        hash_mb: usize,
        threads: usize,
        skill_level: Option<i32>,
        elo: Option<i32>,
        use_nnue: bool,
        five_man_tables: Option<String>,
    ) -> PyResult<Self> {
        let variant = variant_of(variant)?;
        let collector = Arc::new(Collector::default());
        let mut facade = Facade::new();
        // why: Python's answers always carry the chances.
        let mut set = |name: &str, value: &dyn std::fmt::Display| {
            facade.set_option_to(name, value).map_err(value_error)
        };
        set("UCI_ShowWDL", &true)?;
        set("UCI_Variant", &variant)?;
        set("Hash", &hash_mb)?;
        set("Threads", &threads)?;
        if let Some(level) = skill_level {
            set("Skill Level", &level)?;
        }
        if let Some(elo) = elo {
            set("UCI_Elo", &elo)?;
            set("UCI_LimitStrength", &true)?;
        }
        set("Use NNUE", &use_nnue)?;
        if let Some(dir) = five_man_tables {
            set("FiveManTables", &dir)?;
        }
        Ok(PyEngine {
            facade: Mutex::new(facade),
            collector,
            searching: AtomicBool::new(false),
        })
    }

    /// Searches the position after `moves` from `fen` at full strength: to `depth`,
    /// for `movetime` seconds or `nodes` nodes (any together; none: one second), with
    /// `multipv` lines. Returns a dict: ``best_move`` and ``best_move_san`` (None
    /// without a legal move), ``ponder``, ``score`` (``{"cp": n}`` or ``{"mate": n}``,
    /// the side to move's view, as UCI), ``score_white`` (White's view), ``wdl``
    /// (win/draw/loss per mille, the side to move's view), ``depth``, ``seldepth``,
    /// ``nodes``, ``time_ms``, ``nps``, ``lines`` (each with ``multipv``, ``score``,
    /// ``score_white``, ``wdl``, ``pv`` in UCI and ``pv_san``), ``count_action``
    /// (``"start"``/``"stop"`` where the engine, under players' counting, would start
    /// or stop the count) and ``turn``.
    ///
    /// ``info``: a callable, called with each update of the search (a line as the
    /// search reports it, a dict of the shape of ``lines``' items), in the order they
    /// come and on the thread that called ``analyse``, never on the search's own. An
    /// exception it raises stops the search and is raised from ``analyse``.
    #[pyo3(signature = (fen="startpos", moves=Vec::new(), *, depth=None, movetime=None, nodes=None, multipv=1, count_started=0, info=None))]
    #[allow(clippy::too_many_arguments)]
    fn analyse<'py>(
        &self,
        py: Python<'py>,
        fen: &str,
        moves: Vec<String>,
        depth: Option<u32>,
        movetime: Option<f64>,
        nodes: Option<u64>,
        multipv: usize,
        count_started: i64,
        info: Option<Bound<'py, PyAny>>,
    ) -> PyResult<Bound<'py, PyDict>> {
        if multipv == 0 {
            return Err(value_error("multipv must be at least 1"));
        }
        if let Some(info) = &info
            && !info.is_callable()
        {
            return Err(PyTypeError::new_err(
                "info must be callable (it is called with each update of the search)",
            ));
        }
        let limits = limits_of(depth, movetime, nodes, 1000)?;
        let (root, result, view) = self.search(
            py,
            Request {
                fen,
                moves: &moves,
                count_started,
                analysing: true,
                multipv,
                limits,
                info: info.as_ref(),
            },
        )?;
        self.report(py, &root, &result, &view)
    }

    /// Plays one move in the position after `moves` at the engine's level: with a
    /// clock (``wtime``/``btime``/``winc``/``binc`` in seconds, ``movestogo``), or
    /// ``movetime``, ``depth`` or ``nodes`` (none of them: one second). Returns
    /// ``analyse``'s dict with ``move`` and ``san`` (None without a legal move).
    #[pyo3(signature = (fen="startpos", moves=Vec::new(), *, depth=None, movetime=None, nodes=None, wtime=None, btime=None, winc=None, binc=None, movestogo=None, count_started=0))]
    #[allow(clippy::too_many_arguments)]
    fn play<'py>(
        &self,
        py: Python<'py>,
        fen: &str,
        moves: Vec<String>,
        depth: Option<u32>,
        movetime: Option<f64>,
        nodes: Option<u64>,
        wtime: Option<f64>,
        btime: Option<f64>,
        winc: Option<f64>,
        binc: Option<f64>,
        movestogo: Option<u32>,
        count_started: i64,
    ) -> PyResult<Bound<'py, PyDict>> {
        let ms = |name: &str, s: Option<f64>| -> PyResult<Option<u64>> {
            match s {
                Some(s) if !(s.is_finite() && s >= 0.0) => Err(value_error(format!(
                    "{name} must be a number of seconds, at least 0"
                ))),
                Some(s) => Ok(Some((s * 1000.0).round() as u64)),
                None => Ok(None),
            }
        };
        let clock = wtime.is_some() || btime.is_some();
        let mut limits = limits_of(depth, movetime, nodes, if clock { 0 } else { 1000 })?;
        if clock && limits.movetime == Some(0) {
            limits.movetime = None;
        }
        limits.wtime = ms("wtime", wtime)?;
        limits.btime = ms("btime", btime)?;
        limits.winc = ms("winc", winc)?;
        limits.binc = ms("binc", binc)?;
        limits.movestogo = movestogo;
        let (root, result, view) = self.search(
            py,
            Request {
                fen,
                moves: &moves,
                count_started,
                analysing: false,
                multipv: 1,
                limits,
                info: None,
            },
        )?;
        let d = self.report(py, &root, &result, &view)?;
        d.set_item("move", result.best.map(|m| m.to_string()))?;
        d.set_item("san", result.best.map(|m| root.san(m)))?;
        Ok(d)
    }

    /// Stops the search running now (from another thread); it answers at once with
    /// what it has. Nothing happens when none runs.
    fn stop(&self) {
        lock(&self.facade).stop();
    }

    /// Whether a search is running.
    #[getter]
    fn searching(&self) -> bool {
        self.searching.load(Ordering::Acquire)
    }

    /// A new game: the hash table and the histories forgotten.
    fn new_game(&self, py: Python<'_>) -> PyResult<()> {
        self.idle()?;
        py.detach(|| lock(&self.facade).new_game());
        Ok(())
    }

    /// The game played (a new game when it changes).
    #[getter]
    fn get_variant(&self) -> String {
        lock(&self.facade).variant().name().to_string()
    }

    #[setter]
    fn set_variant(&self, variant: &str) -> PyResult<()> {
        let variant = variant_of(variant)?;
        self.idle()?;
        let mut facade = lock(&self.facade);
        if facade.variant() != variant {
            facade
                .set_option_to("UCI_Variant", variant)
                .map_err(value_error)?;
        }
        Ok(())
    }

    /// The hash table's size in MB.
    #[getter]
    fn get_hash_mb(&self) -> usize {
        lock(&self.facade).options().hash_mb
    }

    #[setter]
    fn set_hash_mb(&self, mb: usize) -> PyResult<()> {
        self.idle()?;
        lock(&self.facade)
            .set_option_to("Hash", mb)
            .map_err(value_error)
    }

    /// The search threads.
    #[getter]
    fn get_threads(&self) -> usize {
        lock(&self.facade).options().threads
    }

    #[setter]
    fn set_threads(&self, threads: usize) -> PyResult<()> {
        lock(&self.facade)
            .set_option_to("Threads", threads)
            .map_err(value_error)
    }

    /// ``Skill Level``, -20..20 (20: full strength), for ``play``; setting it turns
    /// ``elo`` off.
    #[getter]
    fn get_skill_level(&self) -> i32 {
        lock(&self.facade).options().skill_level
    }

    #[setter]
    fn set_skill_level(&self, level: i32) -> PyResult<()> {
        let mut facade = lock(&self.facade);
        facade
            .set_option_to("Skill Level", level)
            .map_err(value_error)?;
        facade
            .set_option_to("UCI_LimitStrength", false)
            .map_err(value_error)
    }

    /// ``UCI_Elo`` for ``play``, or None when ``skill_level`` rules.
    #[getter]
    fn get_elo(&self) -> Option<i32> {
        let facade = lock(&self.facade);
        facade
            .options()
            .limit_strength
            .then_some(facade.options().elo)
    }

    #[setter]
    fn set_elo(&self, elo: Option<i32>) -> PyResult<()> {
        let mut facade = lock(&self.facade);
        match elo {
            Some(elo) => {
                facade.set_option_to("UCI_Elo", elo).map_err(value_error)?;
                facade.set_option_to("UCI_LimitStrength", true)
            }
            None => facade.set_option_to("UCI_LimitStrength", false),
        }
        .map_err(value_error)
    }

    fn __repr__(&self) -> String {
        let facade = lock(&self.facade);
        let o = facade.options();
        format!(
            "khun.Engine(variant={:?}, hash_mb={}, threads={}, skill_level={}, elo={})",
            o.variant.name(),
            o.hash_mb,
            o.threads,
            o.skill_level,
            if o.limit_strength {
                o.elo.to_string()
            } else {
                "None".to_string()
            }
        )
    }
}

impl PyEngine {
    /// Refuses a change while a search runs.
    fn idle(&self) -> PyResult<()> {
        if self.searching.load(Ordering::Acquire) {
            return Err(PyRuntimeError::new_err("this engine is searching"));
        }
        Ok(())
    }

    /// A search's answer as a dict.
    fn report<'py>(
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

pub(super) fn register(m: &Bound<'_, PyModule>) -> PyResult<()> {
    m.add_class::<PyEngine>()
}
