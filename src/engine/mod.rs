//! The engine facade: options, the game position, the transposition table, the
//! endgame tables (a `tablebase::Tables` handle, handed to each search in its job)
//! and the search threads. Protocols (UCI, XBoard), the web and Python sessions and
//! the command line drive the engine only through this type; none of them reaches
//! into the search. A search has one way in, [`Engine::go`] (and [`Engine::search`],
//! which waits for its answer): it stops what runs, builds the job, shows the scores
//! as the options ask ([`ScoreView`]) and starts the search.

mod count;
mod search;
mod set_option;

pub(crate) use count::CountRefused;
pub(crate) use search::{EngineReporter, SearchRequest, Silent};

use crate::board::{Game, Move, Position, Variant};
use crate::nnue::network::Network;
use crate::options::EngineOptions;
use crate::search::clock_lag::ClockLag;
use crate::search::{SearchResult, ThreadData, TranspositionTable};
use crate::tablebase::Tables;
use search::RunningSearch;
use std::fmt;
use std::sync::Arc;

/// Why the engine refused a request.
#[derive(Clone, Debug, PartialEq, Eq)]
pub(crate) enum EngineError {
    /// The hash table could not be allocated; the old one is kept.
    OutOfMemory { mb: usize },
}

impl fmt::Display for EngineError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            EngineError::OutOfMemory { mb } => {
                write!(
                    f,
                    "cannot allocate {mb} MB for the hash table; keeping the old size"
                )
            }
        }
    }
}

/// Bounds on what a command stream may make the engine do, for streams nobody vouches
/// for (the fuzz targets under `fuzz/` drive the protocol loops with random input).
/// Off by default ([`Engine::set_sandbox`]): the protocols then do exactly what they
/// are asked, however large.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Sandbox {
    /// Nodes a search may visit at most, whatever its limits (`go infinite` included:
    /// it then holds its answer until `stop`, as usual).
    pub max_nodes: u64,
    /// Depth that `go perft` and `bench` may ask for at most.
    pub max_depth: u32,
    /// The largest hash table, in MB.
    pub max_hash_mb: usize,
    /// The most search threads.
    pub max_threads: usize,
    /// Whether `EvalFile` may read a file (a random path could be `/dev/zero`).
    pub read_files: bool,
}

/// The engine: one game position, one table, one search at a time.
pub struct Engine {
    options: EngineOptions,
    /// The game searches play in: its start, moves and count.
    game: Game,
    /// A `CountStarted` value the GUI sent that did not fit the game then in force:
    /// it waits for the game it is meant for (the next `position`, `setboard` or
    /// move), and is settled at the latest by the next search (see `count.rs`).
    count_waiting: Option<i64>,
    tt: Arc<TranspositionTable>,
    /// Per-thread search memory; `None` while a search holds it.
    thread_data: Option<Vec<ThreadData>>,
    running: Option<RunningSearch>,
    /// The answer of a search that ran on the caller's thread (without `native`),
    /// until [`Engine::wait`] hands it over.
    inline_answer: Option<SearchResult>,
    /// The network `EvalFile` named (used when `use_nnue`).
    network: Arc<Network>,
    /// What the GUI's clock charged beyond the engine's own time, on recent moves.
    clock_lag: ClockLag,
    /// Bounds for untrusted command streams; `None` in normal use.
    sandbox: Option<Sandbox>,
    /// Searches started, mixed into the seed of a limited strength's random choice.
    searches: u64,
    /// The endgame tables: built or loaded here, read by every search through its job.
    tables: Tables,
}

fn try_table(mb: usize) -> Result<TranspositionTable, EngineError> {
    // Reserve first, so a size the machine cannot give is an error, not an abort.
    let bytes = mb.saturating_mul(1024 * 1024);
    let mut probe: Vec<u8> = Vec::new();
    probe
        .try_reserve_exact(bytes)
        .map_err(|_| EngineError::OutOfMemory { mb })?;
    drop(probe);
    Ok(TranspositionTable::new(mb))
}

impl Engine {
    /// An engine with the options' starting values, at the start of a makruk game.
    pub(crate) fn new() -> Engine {
        let options = EngineOptions::declared();
        Engine {
            game: Game::starting_at(Position::startpos()),
            count_waiting: None,
            tt: Arc::new(TranspositionTable::new(options.hash_mb)),
            thread_data: Some(
                (0..options.threads)
                    .map(|_| ThreadData::default())
                    .collect(),
            ),
            running: None,
            inline_answer: None,
            options,
            network: crate::nnue::embedded(),
            clock_lag: ClockLag::default(),
            sandbox: None,
            searches: 0,
            tables: Tables::new(),
        }
    }

    /// Bounds every later request by `sandbox` (`None`: no bounds, the default).
    pub fn set_sandbox(&mut self, sandbox: Option<Sandbox>) {
        self.sandbox = sandbox;
    }

    /// The bounds set by [`Engine::set_sandbox`].
    pub(crate) fn sandbox(&self) -> Option<Sandbox> {
        self.sandbox
    }

    /// The options as set now.
    // why: only the Python package and the tests read them back; the protocols set
    // them and the searches take them through their jobs.
    #[cfg_attr(not(any(test, feature = "python")), allow(dead_code))]
    pub(crate) fn options(&self) -> &EngineOptions {
        &self.options
    }

    pub(crate) fn position(&self) -> &Position {
        self.game.position()
    }

    /// The moves played since the start position.
    pub(crate) fn game_moves(&self) -> &[Move] {
        self.game.moves()
    }

    /// A new game: forget the table and the histories.
    pub(crate) fn new_game(&mut self) {
        self.stop_and_wait();
        self.clock_lag.clear();
        self.tt.clear();
        if let Some(data) = &mut self.thread_data {
            for d in data.iter_mut() {
                d.history.clear();
            }
        }
        // A new game has no count running yet; the convention stays, and a value the
        // GUI sent for the game to come still waits for it.
        let fresh = self.fresh_count_started();
        self.game = count::counted_as(Position::startpos_of(self.options.variant), &[], [fresh]);
    }

    /// The game played.
    pub(crate) fn variant(&self) -> Variant {
        self.options.variant
    }

    /// The endgame tables this engine's searches read.
    pub(crate) fn tables(&self) -> &Tables {
        &self.tables
    }

    /// Reads `tables` from the next search on, instead of the tables it had: engines
    /// that share one handle (the jobs of one `annotate` run) build each table once.
    /// The five-man directory is `tables`' own.
    pub(crate) fn use_tables(&mut self, tables: Tables) {
        self.stop_and_wait();
        self.tables = tables;
    }

    /// The network searches use: `None` when `Use NNUE` is off.
    pub(crate) fn search_network(&self) -> Option<Arc<Network>> {
        self.options.use_nnue.then(|| Arc::clone(&self.network))
    }
}

impl Drop for Engine {
    fn drop(&mut self) {
        self.stop_and_wait();
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::search::Limits;

    /// A search of `limits` that prints nothing.
    fn search(engine: &mut Engine, limits: Limits) -> SearchResult {
        engine.search(SearchRequest::now(limits), Arc::new(Silent))
    }

    const SMALL: Sandbox = Sandbox {
        max_nodes: 500,
        max_depth: 2,
        max_hash_mb: 2,
        max_threads: 2,
        read_files: false,
    };

    #[test]
    fn a_sandbox_bounds_searches_hash_threads_and_files() {
        let mut engine = Engine::new();
        engine.set_sandbox(Some(SMALL));
        let result = search(&mut engine, Limits::depth(60));
        assert!(result.best.is_some());
        assert!(result.depth < 60, "searched to depth {}", result.depth);
        // why twice: the node bound is checked as nodes are counted, a few nodes late.
        assert!(
            result.nodes <= 2 * SMALL.max_nodes,
            "{} nodes",
            result.nodes
        );
        assert!(engine.set_option_to("Hash", 1024).is_ok());
        assert_eq!(engine.options().hash_mb, SMALL.max_hash_mb);
        assert!(engine.set_option_to("Threads", 64).is_ok());
        assert_eq!(engine.options().threads, SMALL.max_threads);
        assert!(engine.set_option_to("EvalFile", "/dev/zero").is_err());
        assert!(engine.set_option_to("EvalFile", "").is_ok());
    }

    #[test]
    fn without_a_sandbox_requests_are_taken_as_asked() {
        let mut engine = Engine::new();
        assert!(engine.set_option_to("Threads", 3).is_ok());
        assert_eq!(engine.options().threads, 3);
        let result = search(&mut engine, Limits::nodes(3_000));
        assert!(result.nodes >= 3_000, "{} nodes", result.nodes);
    }
}
