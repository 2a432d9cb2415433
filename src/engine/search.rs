//! The one way into a search: [`Engine::go`] stops what runs, builds the job from the
//! game and the options, shows each score as the options ask ([`ScoreView`]) before
//! the caller's [`EngineReporter`] formats it, and starts the search (on a thread of
//! its own natively, on the caller's on the web); [`Engine::search`] waits for the
//! answer; `stop`, `ponderhit` and `wait` reach the running search.

use super::Engine;
use crate::board::{CountAction, Move, Position};
use crate::platform::clock::{self, Instant};
use crate::search::shown::{ScoreView, Shown};
use crate::search::{
    self, GameSettings, Limits, Reporter, SearchJob, SearchReport, SearchResult, Shared, ThreadData,
};
use std::sync::Arc;
use std::sync::atomic::{AtomicBool, AtomicU64, Ordering};
use std::thread::JoinHandle;

/// Receives a search's progress, with each score as the search's [`ScoreView`] shows
/// it, and the search's answer: a reporter formats, it computes no score.
pub(crate) trait EngineReporter: Send + Sync {
    /// One line of an iteration, and its score as shown.
    fn info(&self, report: &SearchReport, shown: Shown);
    /// The root move being searched, on long searches (only UCI prints it).
    fn currmove(&self, _depth: i32, _mv: Move, _number: usize) {}
    /// The search is over: `result.best` is `None` when there was no legal move;
    /// `view` shows the result's scores as the lines' were shown.
    fn finished(&self, result: &SearchResult, view: &ScoreView);
}

/// A reporter that keeps quiet (the caller uses the returned result).
pub(crate) struct Silent;

impl EngineReporter for Silent {
    fn info(&self, _report: &SearchReport, _shown: Shown) {}
    fn finished(&self, _result: &SearchResult, _view: &ScoreView) {}
}

/// What a `go` asks of the engine: the limits, and when it arrived (the clock runs
/// from then).
#[derive(Clone, Debug)]
pub(crate) struct SearchRequest {
    pub(crate) limits: Limits,
    pub(crate) started: Instant,
}

impl SearchRequest {
    /// A search within `limits`, asked for now.
    pub(crate) fn now(limits: Limits) -> SearchRequest {
        SearchRequest {
            limits,
            started: Instant::now(),
        }
    }
}

/// One search's reporter as the search sees it: each score shown by the search's view
/// before the engine's reporter formats it.
struct Showing {
    reporter: Arc<dyn EngineReporter>,
    view: ScoreView,
}

impl Reporter for Showing {
    fn info(&self, report: &SearchReport) {
        self.reporter.info(report, self.view.show(report.score));
    }

    fn currmove(&self, depth: i32, mv: Move, number: usize) {
        self.reporter.currmove(depth, mv, number);
    }
}

impl Showing {
    fn finished(&self, result: &SearchResult) {
        self.reporter.finished(result, &self.view);
    }
}

/// The search running on its own thread, and what it tells the engine.
pub(super) struct RunningSearch {
    shared: Arc<Shared>,
    /// The thread's memory back, and the answer (`None` if the thread died).
    handle: JoinHandle<(Vec<ThreadData>, Option<SearchResult>)>,
    /// Milliseconds from the `go` to the answer, once answered (`NOT_ANSWERED` before).
    answered_after_ms: Arc<AtomicU64>,
    /// Set (before the answer goes out) when the engine stopped its count with it.
    pub(super) count_stopped: Arc<AtomicBool>,
}

const NOT_ANSWERED: u64 = u64::MAX;

/// A search ready to start: its shared flags and table, its job, its threads' memory.
struct Prepared {
    shared: Shared,
    job: SearchJob,
    data: Vec<ThreadData>,
}

/// The answer of a search that failed: the first legal move (or none), so the
/// protocol still answers with a legal move.
fn fallback_result(position: &Position) -> SearchResult {
    SearchResult {
        best: position.legal_moves().iter().next().copied(),
        ..SearchResult::default()
    }
}

impl Engine {
    /// `limits` with the sandbox's node bound applied.
    fn bounded(&self, mut limits: Limits) -> Limits {
        if let Some(sandbox) = self.sandbox {
            limits.nodes = Some(
                limits
                    .nodes
                    .map_or(sandbox.max_nodes, |n| n.min(sandbox.max_nodes)),
            );
        }
        limits
    }

    pub(crate) fn is_searching(&self) -> bool {
        self.running
            .as_ref()
            .is_some_and(|r| !r.handle.is_finished())
    }

    /// Waits for the running search (if any) to finish, takes its thread data back
    /// and returns its answer (`None` when no search ran since the last wait).
    pub(crate) fn wait(&mut self) -> Option<SearchResult> {
        self.absorb_count_stop();
        let mut answer = self.inline_answer.take();
        if let Some(run) = self.running.take() {
            let answered = run.answered_after_ms.load(Ordering::Relaxed);
            if answered != NOT_ANSWERED {
                self.clock_lag.on_answer(answered);
            }
            let (data, result) = run.handle.join().unwrap_or_else(|_| {
                // A panicking search thread loses its histories, nothing else.
                (Vec::new(), None)
            });
            self.thread_data = Some(data);
            answer = result;
        }
        let want = self.options.threads;
        let data = self.thread_data.get_or_insert_with(Vec::new);
        data.resize_with(want, ThreadData::default);
        answer
    }

    /// Stops the running search (which still answers) and waits for it: the engine
    /// is idle after this.
    pub(crate) fn stop_and_wait(&mut self) {
        self.stop();
        self.wait();
    }

    /// Stops the running search; its result is still reported.
    pub(crate) fn stop(&mut self) {
        if let Some(run) = &self.running {
            run.shared.pondering.store(false, Ordering::Relaxed);
            run.shared.stop.store(true, Ordering::Relaxed);
        }
    }

    /// The opponent played the move we pondered on: the clock now runs.
    pub(crate) fn ponderhit(&mut self) {
        if let Some(run) = &self.running {
            run.shared.pondering.store(false, Ordering::Relaxed);
        }
    }

    /// The one way into a search: stops what runs (it still answers, so every
    /// request gets exactly one answer), then searches the current game within
    /// `request`, telling `reporter` its progress and its answer, each score shown as
    /// the options ask. Natively the search runs on a thread of its own and this
    /// returns at once; without the `native` feature (WebAssembly) it runs here, and
    /// `stop` and `ponderhit` reach it through the host (`search::host`).
    pub(crate) fn go(&mut self, request: SearchRequest, reporter: Arc<dyn EngineReporter>) {
        self.stop_and_wait();
        let showing = Showing {
            reporter,
            view: self.score_view(),
        };
        // why one thread without `native`: the web build cannot spawn helpers; the
        // one search thread searches however many `Threads` asks for.
        let threads = if cfg!(feature = "native") {
            self.options.threads
        } else {
            1
        };
        let prepared = self.begin_search(request.limits, request.started, threads);
        self.start(prepared, showing, request.started);
    }

    /// How a search of the current game shows its scores, as the options ask: taken
    /// from the game's position as the GUI set it, before the engine's own count
    /// choice changes the search's root.
    pub(crate) fn score_view(&self) -> ScoreView {
        ScoreView::of(
            self.game.position(),
            self.options.calibrated_score,
            self.options.show_wdl,
        )
    }

    /// Searches as [`Engine::go`] does and waits for the answer (the command line's
    /// `analyze` and `annotate`).
    pub(crate) fn search(
        &mut self,
        request: SearchRequest,
        reporter: Arc<dyn EngineReporter>,
    ) -> SearchResult {
        self.go(request, reporter);
        self.wait()
            .unwrap_or_else(|| fallback_result(self.game.position()))
    }

    /// Runs `job` on a search thread of its own; its answer goes out as soon as the
    /// main thread has it.
    #[cfg(feature = "native")]
    fn start(&mut self, prepared: Prepared, showing: Showing, started: Instant) {
        let (job, mut data) = (prepared.job, prepared.data);
        let shared = Arc::new(prepared.shared);
        let thread_shared = Arc::clone(&shared);
        let answered_after_ms = Arc::new(AtomicU64::new(NOT_ANSWERED));
        let answered = Arc::clone(&answered_after_ms);
        let count_stopped = Arc::new(AtomicBool::new(false));
        let stopped = Arc::clone(&count_stopped);
        let handle = std::thread::Builder::new()
            .name("khun-search-main".into())
            .stack_size(8 * 1024 * 1024)
            .spawn(move || {
                let answer = |result: &SearchResult| {
                    if result.count_action == Some(CountAction::Stop) {
                        stopped.store(true, Ordering::Relaxed);
                    }
                    showing.finished(result);
                    answered.store(started.elapsed().as_millis() as u64, Ordering::Relaxed);
                };
                let searched = std::panic::catch_unwind(std::panic::AssertUnwindSafe(|| {
                    search::run(
                        &job,
                        &thread_shared,
                        &mut data,
                        Some(&showing as &dyn Reporter),
                        Some(&answer),
                    )
                }));
                match searched {
                    Ok(result) => (data, Some(result)),
                    Err(_) => {
                        // A bug in the search must not leave the GUI waiting for a
                        // move that never comes: answer with any legal move (unless
                        // the search answered before it failed), and start the next
                        // search with fresh histories.
                        let fallback = fallback_result(&job.position);
                        if answered.load(Ordering::Relaxed) == NOT_ANSWERED {
                            answer(&fallback);
                        }
                        (Vec::new(), Some(fallback))
                    }
                }
            })
            .expect("spawn the search thread");
        self.running = Some(RunningSearch {
            shared,
            handle,
            answered_after_ms,
            count_stopped,
        });
    }

    /// Runs `job` on this thread: without the `native` feature (WebAssembly) there
    /// are no threads to search on.
    #[cfg(not(feature = "native"))]
    fn start(&mut self, prepared: Prepared, showing: Showing, started: Instant) {
        let (shared, job, mut data) = (prepared.shared, prepared.job, prepared.data);
        let answered_after_ms = AtomicU64::new(NOT_ANSWERED);
        let answer = |result: &SearchResult| {
            showing.finished(result);
            answered_after_ms.store(started.elapsed().as_millis() as u64, Ordering::Relaxed);
        };
        let result = search::run(
            &job,
            &shared,
            &mut data,
            Some(&showing as &dyn Reporter),
            Some(&answer),
        );
        if result.count_action == Some(CountAction::Stop) {
            self.note_count_action(CountAction::Stop);
        }
        self.clock_lag.on_answer(answered_after_ms.into_inner());
        self.thread_data = Some(data);
        self.inline_answer = Some(result);
    }

    /// What a `go` searches with, on `threads` threads: the limits within the
    /// sandbox, the clock's lag told of the `go`, the shared flags (pondering set
    /// before any thread runs, so a quick `ponderhit` is not lost), the job and the
    /// threads' memory.
    fn begin_search(&mut self, limits: Limits, started: Instant, threads: usize) -> Prepared {
        let limits = self.bounded(limits);
        self.clock_lag.on_go(
            self.game.position().side_to_move(),
            self.game.moves().len(),
            &limits,
        );
        let shared = Shared::new(Arc::clone(&self.tt), threads);
        shared.pondering.store(limits.ponder, Ordering::Relaxed);
        let job = self.job(limits, started);
        let mut data = self.thread_data.take().unwrap_or_default();
        data.resize_with(threads, ThreadData::default);
        Prepared { shared, job, data }
    }

    /// The search job for the current game, with the engine's options.
    fn job(&mut self, limits: Limits, started: Instant) -> SearchJob {
        self.searches += 1;
        // why the clock: two games from the same opening should not repeat the same
        // weak moves; the counter keeps searches within one nanosecond apart.
        let seed = clock::time_seed() ^ self.searches.wrapping_mul(0x9E37_79B9_7F4A_7C15);
        let contempt_cp = if self.options.analyse_mode {
            0
        } else {
            self.options.contempt_cp
        };
        let mut root = self.game.position().clone();
        let count_action = search::count_choice::before_search(&mut root);
        if let Some(action) = count_action {
            self.note_count_action(action);
        }
        let settings = GameSettings {
            started,
            multipv: self.options.multipv,
            move_overhead_ms: self.options.move_overhead_ms,
            clock_lag: self.clock_lag.estimate(),
            contempt_cp,
            skill: self.options.skill(seed),
            count_action,
        };
        let game_keys = self.game.placements().to_vec();
        let network = self.search_network();
        SearchJob::of_game(root, game_keys, limits, network, &self.tables, settings)
    }
}
