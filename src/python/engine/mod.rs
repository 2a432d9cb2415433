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

mod answer;
mod collector;
mod search;

use super::rules::{CountStarted, value_error, variant_of};
use crate::engine::Engine as Facade;
use collector::Collector;
use pyo3::exceptions::{PyRuntimeError, PyTypeError};
use pyo3::prelude::*;
use pyo3::types::PyDict;
use search::{Request, limits_of};
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::{Arc, Mutex, MutexGuard};

fn lock<T>(mutex: &Mutex<T>) -> MutexGuard<'_, T> {
    mutex.lock().unwrap_or_else(|e| e.into_inner())
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
    #[pyo3(
        signature = (fen="startpos", moves=Vec::new(), *, depth=None, movetime=None, nodes=None, multipv=1, count_started=CountStarted(0), info=None),
        text_signature = "($self, fen='startpos', moves=[], *, depth=None, movetime=None, nodes=None, multipv=1, count_started=0, info=None)"
    )]
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
        count_started: CountStarted,
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
                count_started: count_started.0,
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
    #[pyo3(
        signature = (fen="startpos", moves=Vec::new(), *, depth=None, movetime=None, nodes=None, wtime=None, btime=None, winc=None, binc=None, movestogo=None, count_started=CountStarted(0)),
        text_signature = "($self, fen='startpos', moves=[], *, depth=None, movetime=None, nodes=None, wtime=None, btime=None, winc=None, binc=None, movestogo=None, count_started=0)"
    )]
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
        count_started: CountStarted,
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
                count_started: count_started.0,
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
}

pub(super) fn register(m: &Bound<'_, PyModule>) -> PyResult<()> {
    m.add_class::<PyEngine>()
}
