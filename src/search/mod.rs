//! The search: Lazy SMP over iterative-deepening alpha-beta workers that share one
//! transposition table, one stop flag and their node counters.
//!
//! `run` is the whole of one `go`: it orders the root moves, starts the helper
//! threads, runs the main worker (which alone manages time and reports), waits while
//! pondering or searching infinitely, and returns the best move. The engine facade
//! calls it on a thread of its own for every session (the protocols, the web, Python,
//! `analyze` and `annotate`); `bench` and self-play, which own their tables and need
//! no game around a search, call it directly. Every job comes from a constructor of
//! [`SearchJob`] (`job.rs`).

mod alphabeta;
pub(crate) mod clock_lag;
pub(crate) mod count_choice;
pub(crate) mod history;
pub(crate) mod host;
mod iterative_deepening;
mod job;
pub(crate) mod limits;
pub(crate) mod movepick;
mod node_start;
mod ordering;
pub(crate) mod params;
mod pruning;
mod quiescence;
mod reductions;
pub mod score;
pub(crate) mod score_scale;
pub(crate) mod see;
pub(crate) mod shown;
pub(crate) mod skill;
pub(crate) mod time;
pub(crate) mod tt;
pub(crate) mod wdl;
pub(crate) mod worker;

pub(crate) use job::{GameSettings, SearchJob};
pub(crate) use limits::Limits;
pub(crate) use tt::{Bound, TranspositionTable};
pub(crate) use worker::ThreadData;

use crate::board::{CountAction, Move, Position};
use crate::platform::clock::Instant;
use crate::tablebase::{Readable, ReadableTables};
use movepick::MovePicker;
use std::sync::Arc;
use std::sync::atomic::{AtomicBool, AtomicU64, Ordering};
use std::time::Duration;
use worker::{MainThread, RootMove, SearchContext, Worker};

/// What the search threads share.
pub(crate) struct Shared {
    pub(crate) tt: Arc<TranspositionTable>,
    /// Set to end the search (by `stop`, the clock, a node limit or the main thread).
    pub(crate) stop: AtomicBool,
    /// True while pondering: the clock does not run until `ponderhit` clears it. Set by
    /// whoever starts a `go ponder`, before the search thread exists, so a quick
    /// `ponderhit` cannot be lost.
    pub(crate) pondering: AtomicBool,
    /// Nodes per thread, published every 1024 nodes.
    pub(crate) nodes: Vec<AtomicU64>,
}

impl Shared {
    pub(crate) fn new(tt: Arc<TranspositionTable>, threads: usize) -> Shared {
        Shared {
            tt,
            stop: AtomicBool::new(false),
            pondering: AtomicBool::new(false),
            nodes: (0..threads.max(1)).map(|_| AtomicU64::new(0)).collect(),
        }
    }

    pub(crate) fn total_nodes(&self) -> u64 {
        self.nodes.iter().map(|n| n.load(Ordering::Relaxed)).sum()
    }
}

/// One principal variation after an iteration.
#[derive(Clone, Debug)]
pub(crate) struct SearchReport {
    pub(crate) depth: i32,
    pub(crate) seldepth: i32,
    pub(crate) multipv: usize,
    /// From the side to move's view; mates as in `score`.
    pub(crate) score: i32,
    /// `Some` when the score is only a bound (aspiration window failure).
    pub(crate) bound: Option<Bound>,
    pub(crate) nodes: u64,
    pub(crate) time_ms: u64,
    pub(crate) hashfull: u32,
    pub(crate) pv: Vec<Move>,
}

impl SearchReport {
    /// Nodes per second.
    pub(crate) fn nps(&self) -> u64 {
        self.nodes * 1000 / self.time_ms.max(1)
    }
}

/// Where the search sends its progress. The protocols format it.
pub(crate) trait Reporter: Send + Sync {
    fn info(&self, report: &SearchReport);
    /// The root move being searched, on long searches.
    fn currmove(&self, depth: i32, mv: Move, number: usize);
}

/// The outcome of a search.
#[derive(Clone, Debug, Default)]
pub(crate) struct SearchResult {
    /// `None` when there is no legal move.
    pub(crate) best: Option<Move>,
    pub(crate) ponder: Option<Move>,
    pub(crate) score: i32,
    pub(crate) depth: i32,
    pub(crate) nodes: u64,
    pub(crate) pv: Vec<Move>,
    pub(crate) elapsed_ms: u64,
    /// Every PV line of the last iteration (MultiPV), best first.
    pub(crate) lines: Vec<(i32, Vec<Move>)>,
    /// Players' counting: the engine starts or stops the count with this move.
    pub(crate) count_action: Option<CountAction>,
}

/// The root moves in a first guess at best-first order.
fn root_moves(
    pos: &Position,
    limits: &Limits,
    shared: &Shared,
    history: &history::History,
) -> Vec<RootMove> {
    let mut legal = pos.legal_moves();
    if !limits.searchmoves.is_empty() {
        let wanted: Vec<Move> = legal
            .iter()
            .copied()
            .filter(|m| limits.searchmoves.contains(m))
            .collect();
        if !wanted.is_empty() {
            legal = crate::board::MoveList::new();
            for m in wanted {
                legal.push(m);
            }
        }
    }
    let tt_move = shared.tt.probe(pos.key()).map_or(Move::NONE, |e| e.mv);
    let mut picker = MovePicker::new(pos, legal, tt_move, None, history);
    let mut out = Vec::with_capacity(picker.len());
    while let Some((m, _)) = picker.next_move() {
        out.push(RootMove {
            mv: m,
            score: -score::INFINITE,
            previous_score: -score::INFINITE,
            bound: None,
            pv: vec![m],
            seldepth: 0,
        });
    }
    out
}

/// Runs one search to its end. `threads` holds one `ThreadData` per search thread.
/// Returns after `stop` (or the limits) and, when pondering or searching infinitely,
/// not before `stop` or `ponderhit`.
///
/// `answer` receives the result as soon as the main thread has it, before the helper
/// threads are joined: a helper that the scheduler has not run yet must not hold the
/// `bestmove` back while the clock runs.
pub(crate) fn run(
    job: &SearchJob,
    shared: &Shared,
    threads: &mut [ThreadData],
    reporter: Option<&dyn Reporter>,
    answer: Option<&dyn Fn(&SearchResult)>,
) -> SearchResult {
    let handicapped;
    let job = if job.skill.enabled() {
        handicapped = handicap(job);
        &handicapped
    } else {
        job
    };
    shared.tt.new_search();
    for n in &shared.nodes {
        n.store(0, Ordering::Relaxed);
    }
    let pos = &job.position;
    let repeatable = !job.limits.uses_clock();
    let tables = ReadableTables::new(&job.tables, prepare_tables(job, repeatable));
    // A repeatable search's clock starts once its tables are built: building them
    // takes seconds on a busy machine, and what a search prints after a while
    // (currmove lines) must not depend on that.
    let start = if repeatable {
        Instant::now()
    } else {
        job.started
    };
    let (main_data, helper_data) = threads.split_first_mut().expect("at least one thread");
    let roots = root_moves(pos, &job.limits, shared, &main_data.history);

    if roots.is_empty() {
        return no_move_to_search(job, shared, start, reporter, answer);
    }

    let time = time::TimeManager::starting_at(
        start,
        &job.limits,
        pos.side_to_move(),
        job.move_overhead_ms,
        job.clock_lag,
    );
    // A limited strength with a clock thinks as long as a person would (the search
    // itself is over in a moment); `go depth` and `go nodes` answer as asked.
    let person_time = (job.skill.enabled() && !job.limits.ponder && !job.limits.infinite)
        .then(|| time.person_time(job.skill.thinking_share(roots.len())))
        .flatten();
    let contempt = if job.limits.uses_clock() {
        job.contempt_cp
    } else {
        0
    };
    // The network knows makruk's pieces: a game with others is evaluated by hand. In
    // sittuyin's set-up the accumulators follow the drops, and each node is judged by
    // the network once its men are all placed (`SearchWorker::evaluate`).
    let network = if pos.variant().uses_network() {
        job.network
            .as_ref()
            .map(|chosen| crate::nnue::for_game(chosen, pos.variant()))
    } else {
        None
    };
    let context = SearchContext {
        shared,
        limits: &job.limits,
        game_keys: &job.game_keys,
        contempt,
        network,
        tables,
    };
    let mut result = std::thread::scope(|scope| {
        for (i, data) in helper_data.iter_mut().enumerate() {
            let roots = roots.clone();
            std::thread::Builder::new()
                .name(format!("khun-search-{}", i + 1))
                .stack_size(8 * 1024 * 1024)
                .spawn_scoped(scope, move || {
                    Worker::new(i + 1, context, data, roots, None).iterate(pos);
                })
                .expect("spawn a search thread");
        }
        let main_thread = MainThread {
            time,
            reporter,
            multipv: job.multipv,
        };
        let mut main = Worker::new(0, context, main_data, roots, Some(main_thread));
        main.iterate(pos);
        if let Some(think) = person_time {
            take_time(start, think, shared);
        }
        // The main thread is done: hold the answer while pondering or infinite.
        wait_while_held(job, shared);
        shared.stop.store(true, Ordering::Relaxed);
        let mut result = main_thread_result(&main, job.multipv, shared);
        let best_root_move = main.root_moves[0].mv;
        if job.skill.enabled() {
            play_skill_choice(&job.skill, &mut result);
        }
        if result.ponder.is_none() {
            result.ponder = ponder_from_table(pos, result.best.unwrap_or(best_root_move), shared);
        }
        result.elapsed_ms = start.elapsed().as_millis() as u64;
        result.count_action = job
            .count_action
            .or_else(|| count_choice::after_search(pos, &result));
        if let Some(answer) = answer {
            answer(&result);
        }
        result
    });
    // The helpers have stopped now: count all their nodes.
    result.nodes = shared.total_nodes().max(result.nodes);
    result
}

/// Makes the endgame tables a search from `job`'s position may need available, and
/// says which it may read. A `repeatable` search (no clock) waits for them; a timed
/// one goes on without them until they are built.
fn prepare_tables(job: &SearchJob, repeatable: bool) -> Readable {
    let pos = &job.position;
    if repeatable || cfg!(feature = "native") {
        job.tables.prepare_search(pos, repeatable)
    } else {
        // why: without `native` (the web build) no thread builds the tables in the
        // background; a timed search builds those its clock can pay for first.
        job.tables.prepare_within(
            pos,
            time::table_build_budget_ms(&job.limits, pos.side_to_move()),
        )
    }
}

/// The answer when the side to move has no legal move: one report line (mated or
/// stalemated, depth 0) and no best move, once the GUI lets the search end.
fn no_move_to_search(
    job: &SearchJob,
    shared: &Shared,
    start: Instant,
    reporter: Option<&dyn Reporter>,
    answer: Option<&dyn Fn(&SearchResult)>,
) -> SearchResult {
    if let Some(r) = reporter {
        r.info(&SearchReport {
            depth: 0,
            seldepth: 0,
            multipv: 1,
            score: if job.position.in_check() {
                score::mated_in(0)
            } else {
                score::DRAW
            },
            bound: None,
            nodes: 0,
            time_ms: 0,
            hashfull: 0,
            pv: Vec::new(),
        });
    }
    wait_while_held(job, shared);
    let result = SearchResult {
        elapsed_ms: start.elapsed().as_millis() as u64,
        ..SearchResult::default()
    };
    if let Some(answer) = answer {
        answer(&result);
    }
    result
}

/// What the main thread found: its best root move, its line and score, and the
/// first `multipv` lines (the time is filled in by the caller).
fn main_thread_result(main: &Worker, multipv: usize, shared: &Shared) -> SearchResult {
    let best = &main.root_moves[0];
    let multipv = multipv.max(1).min(main.root_moves.len());
    SearchResult {
        best: Some(best.mv),
        ponder: best.pv.get(1).copied(),
        score: best.score,
        depth: main.completed_depth,
        nodes: shared.total_nodes().max(main.nodes),
        pv: best.pv.clone(),
        elapsed_ms: 0,
        lines: main.root_moves[..multipv]
            .iter()
            .map(|rm| (rm.score, rm.pv.clone()))
            .collect(),
        count_action: None,
    }
}

/// The job a limited strength searches: no deeper than its level, with its candidate
/// moves as MultiPV lines.
fn handicap(job: &SearchJob) -> SearchJob {
    let mut limited = job.clone();
    let depth = job.skill.depth();
    limited.limits.depth = Some(job.limits.depth.map_or(depth, |d| d.min(depth)));
    limited.multipv = job.skill.candidates(job.multipv);
    limited
}

/// Replaces the best line by the one the skill picks among the MultiPV lines.
fn play_skill_choice(skill: &skill::Skill, result: &mut SearchResult) {
    let chosen = skill.choose(&result.lines);
    if chosen == 0 {
        return;
    }
    let (score, pv) = result.lines[chosen].clone();
    if pv.is_empty() {
        return;
    }
    result.best = pv.first().copied();
    result.ponder = pv.get(1).copied();
    result.score = score;
    result.pv = pv;
}

/// A ponder move from the table, when the PV was cut short after `best`.
fn ponder_from_table(pos: &Position, best: Move, shared: &Shared) -> Option<Move> {
    let next = pos.after(best);
    shared
        .tt
        .probe(next.key())
        .map(|e| e.mv)
        .filter(|&m| next.is_legal(m))
}

/// Waits until `think` has passed since `start`, or a `stop`.
fn take_time(start: Instant, think: Duration, shared: &Shared) {
    while !shared.stop.load(Ordering::Relaxed) && start.elapsed() < think {
        // why: as in `wait_while_held`, on WebAssembly the host delivers the `stop`.
        if cfg!(target_family = "wasm") {
            host::poll(shared, true);
        } else {
            std::thread::sleep(Duration::from_millis(1));
        }
    }
}

/// Blocks while the search must not answer yet: `go infinite` until `stop`, `go ponder`
/// until `stop` or `ponderhit`.
fn wait_while_held(job: &SearchJob, shared: &Shared) {
    while !shared.stop.load(Ordering::Relaxed)
        && (job.limits.infinite || shared.pondering.load(Ordering::Relaxed))
    {
        // why: on WebAssembly nothing else can set the flags while this thread waits;
        // the host delivers the `stop` (and sleeps meanwhile). Natively the protocol's
        // thread sets them.
        if cfg!(target_family = "wasm") {
            host::poll(shared, true);
        } else {
            std::thread::sleep(Duration::from_millis(1));
        }
    }
}
