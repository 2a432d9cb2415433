//! One search thread: its state (the line it searches and its keys, the principal
//! variation, its node count, the network's accumulators), and what every node of
//! its search uses of it: entering and leaving a child, the evaluation, the score of
//! a draw, whether to stop, the principal variation and the table's store.
//!
//! The search itself stands beside it, a file per concern: `iterative_deepening`
//! (the root, aspiration windows, reports), `alphabeta` (the main search),
//! `quiescence`, `node_start` (what every node checks first: the draws), `pruning`,
//! `reductions` (and extensions), `ordering` (the picker's hints and the histories'
//! rewards); `movepick`, `history`, `see` and `tt` serve them.

use super::history::History;
use super::limits::Limits;
use super::movepick::PlayedMove;
use super::score::*;
use super::time::TimeManager;
use super::tt::Bound;
use super::{Reporter, Shared};
use crate::board::{Move, Position};
use crate::eval::pawns::PawnCache;
use crate::eval::{evaluate_cached, evaluate_with_network};
use crate::nnue::accumulator::{self, Accumulator};
use crate::nnue::features::Delta;
use crate::nnue::network::Network;
use crate::tablebase::ReadableTables;
use std::sync::atomic::Ordering;

/// Search state a thread keeps from one search to the next (cleared by a new game).
#[derive(Default)]
pub(crate) struct ThreadData {
    pub(crate) history: History,
    pub(crate) pawn_cache: PawnCache,
}

/// A root move with what the last iterations learned about it.
#[derive(Clone, Debug)]
pub(crate) struct RootMove {
    pub(crate) mv: Move,
    pub(crate) score: i32,
    pub(crate) previous_score: i32,
    /// Whether `score` is a bound rather than exact (aspiration fail).
    pub(crate) bound: Option<Bound>,
    pub(crate) pv: Vec<Move>,
    pub(crate) seldepth: usize,
}

/// What the search keeps of one node on the current line.
#[derive(Clone, Copy, Default)]
pub(super) struct Frame {
    pub(super) static_eval: i32,
    pub(super) played: Option<PlayedMove>,
    /// Plies since the last null move on this line (repetitions cannot span one).
    pub(super) plies_from_null: usize,
    /// What the move into this node changed, for the network's accumulator.
    delta: Delta,
}

/// One search thread (see the module's doc).
pub(crate) struct Worker<'a> {
    pub(crate) id: usize,
    pub(super) shared: &'a Shared,
    pub(super) limits: &'a Limits,
    pub(super) data: &'a mut ThreadData,
    /// Only the main thread has one; helpers stop when told.
    pub(super) time: Option<TimeManager>,
    pub(super) reporter: Option<&'a dyn Reporter>,
    pub(super) multipv: usize,
    pub(crate) nodes: u64,
    pub(super) seldepth: usize,
    /// Placement keys (count left out, as a threefold repetition is judged) of the
    /// game's positions, then of the current line; the last is this node.
    pub(super) keys: Vec<u64>,
    pub(super) stack: Vec<Frame>,
    pub(super) pv_table: Vec<[Move; MAX_PLY + 1]>,
    pub(super) pv_len: [usize; MAX_PLY + 1],
    pub(crate) root_moves: Vec<RootMove>,
    pub(super) pv_index: usize,
    pub(crate) completed_depth: i32,
    pub(super) stopped: bool,
    /// What a draw costs the side to move at the root, in centipawns (0 outside games).
    contempt: i32,
    /// The network, or `None` for the hand-written evaluation.
    pub(super) network: Option<&'a Network>,
    /// The endgame tables this search may read (see `tablebase::ReadableTables`).
    pub(super) tables: ReadableTables<'a>,
    /// The network's accumulator per ply; `accumulator_ready[ply]` says whether it
    /// matches the current line (ply 0, the root, always does once set up).
    accumulators: Vec<Accumulator>,
    accumulator_ready: Vec<bool>,
    /// While a null-move cutoff is verified, no null move before this ply.
    pub(super) nmp_min_ply: usize,
}

/// What every thread of one search shares: the table, the limits, the game and how
/// positions are scored.
#[derive(Clone, Copy)]
pub(crate) struct SearchContext<'a> {
    pub(crate) shared: &'a Shared,
    pub(crate) limits: &'a Limits,
    /// Placement keys of the game's positions, the root last.
    pub(crate) game_keys: &'a [u64],
    /// What a draw costs the side to move at the root, in centipawns (0 outside games).
    pub(crate) contempt: i32,
    /// The network, or `None` for the hand-written evaluation.
    pub(crate) network: Option<&'a Network>,
    /// The endgame tables the search may read.
    pub(crate) tables: ReadableTables<'a>,
}

/// What only the main thread has: the clock, the reporter and the lines to report.
pub(crate) struct MainThread<'a> {
    pub(crate) time: TimeManager,
    pub(crate) reporter: Option<&'a dyn Reporter>,
    pub(crate) multipv: usize,
}

impl<'a> Worker<'a> {
    /// Thread `id` of a search; `main` for thread 0, `None` for a helper (one line, no
    /// clock: it stops when told).
    pub(crate) fn new(
        id: usize,
        context: SearchContext<'a>,
        data: &'a mut ThreadData,
        root_moves: Vec<RootMove>,
        main: Option<MainThread<'a>>,
    ) -> Worker<'a> {
        let SearchContext {
            shared,
            limits,
            game_keys,
            contempt,
            network,
            tables,
        } = context;
        let (time, reporter, multipv) = match main {
            Some(m) => (Some(m.time), m.reporter, m.multipv),
            None => (None, None, 1),
        };
        Worker {
            id,
            shared,
            limits,
            data,
            time,
            reporter,
            multipv: multipv.max(1),
            nodes: 0,
            seldepth: 0,
            keys: game_keys.to_vec(),
            stack: vec![Frame::default(); MAX_PLY + 8],
            pv_table: vec![[Move::NONE; MAX_PLY + 1]; MAX_PLY + 1],
            pv_len: [0; MAX_PLY + 1],
            root_moves,
            pv_index: 0,
            completed_depth: 0,
            stopped: false,
            contempt,
            network,
            tables,
            accumulators: if network.is_some() {
                vec![Accumulator::default(); MAX_PLY + 8]
            } else {
                Vec::new()
            },
            accumulator_ready: vec![false; MAX_PLY + 8],
            nmp_min_ply: 0,
        }
    }

    /// Sets the network's accumulator of the root, `root`, from scratch (where there
    /// is a network): every node of the line is brought up to date from it.
    pub(super) fn refresh_root_accumulator(&mut self, root: &Position) {
        if let Some(net) = self.network {
            self.accumulators[0] = Accumulator::refresh(net, root);
            self.accumulator_ready[0] = true;
        }
    }

    /// Records the move `m` from `pos` into the node at `ply`: its accumulator is now
    /// stale. What the move changes is worked out only when a network will need it.
    #[inline(always)]
    fn enter(&mut self, ply: usize, pos: &Position, m: Move) {
        let delta = if self.network.is_some() {
            Delta::of_move(pos, m)
        } else {
            Delta::NONE
        };
        self.enter_with(ply, delta);
    }

    #[inline(always)]
    fn enter_with(&mut self, ply: usize, delta: Delta) {
        self.stack[ply].delta = delta;
        self.accumulator_ready[ply] = false;
    }

    /// Plays `m` from `pos`, the node at `ply`, or passes for `None` (a null move),
    /// and enters the child on the line: its key, the move into it, its plies since
    /// a pass, and what its accumulator must change. [`Self::unmake_child`] leaves it.
    #[inline(always)]
    pub(super) fn make_child(&mut self, pos: &Position, m: Option<Move>, ply: usize) -> Position {
        let mut child = pos.clone();
        match m {
            Some(m) => {
                self.enter(ply + 1, pos, m);
                child.play(m);
                self.stack[ply + 1].played = Some(PlayedMove {
                    piece: pos.moved_piece(m).expect("a legal move moves a man"),
                    to: m.to(),
                });
                self.stack[ply + 1].plies_from_null = self.stack[ply].plies_from_null + 1;
            }
            None => {
                self.enter_with(ply + 1, Delta::NONE);
                child.play_null();
                self.stack[ply + 1].played = None;
                self.stack[ply + 1].plies_from_null = 0;
            }
        }
        self.keys.push(child.placement_key());
        child
    }

    /// Leaves the child [`Self::make_child`] entered.
    #[inline(always)]
    pub(super) fn unmake_child(&mut self) {
        self.keys.pop();
    }

    /// The static evaluation of `pos`, the node at `ply` of the current line, from
    /// the side to move's view: the network (its accumulator brought up to date from
    /// the nearest ancestor that has one) with the makruk knowledge on top, or the
    /// hand-written evaluation (without a network, or with men in hand:
    /// [`crate::nnue::evaluates`]).
    #[inline]
    pub(super) fn evaluate(&mut self, pos: &Position, ply: usize) -> i32 {
        let Some(net) = self.network.filter(|_| pos.all_men_placed()) else {
            return evaluate_cached(pos, &mut self.data.pawn_cache, self.tables);
        };
        let mut ready = ply;
        while !self.accumulator_ready[ready] {
            ready -= 1;
        }
        for p in ready + 1..=ply {
            let (done, rest) = self.accumulators.split_at_mut(p);
            rest[0].update_from(&done[p - 1], net, &self.stack[p].delta);
            self.accumulator_ready[p] = true;
        }
        debug_assert_eq!(
            self.accumulators[ply],
            Accumulator::refresh(net, pos),
            "incremental accumulator differs from a refresh at {}",
            pos.to_fen()
        );
        let raw = accumulator::output(net, &self.accumulators[ply], pos);
        evaluate_with_network(pos, raw, self.tables)
    }

    /// The score of a drawn position `ply` plies from the root, for its side to move.
    // why: against a weaker opponent a draw in an equal position is a loss of the
    // points a longer game wins; with contempt the root side treats a draw as
    // slightly bad (and its opponent as slightly good), so it avoids an early
    // repetition or a drawn count whenever it has a line it judges nearly as good.
    #[inline]
    pub(super) fn draw_score(&self, ply: usize) -> i32 {
        if ply.is_multiple_of(2) {
            DRAW - self.contempt
        } else {
            DRAW + self.contempt
        }
    }

    pub(super) fn is_main(&self) -> bool {
        self.id == 0
    }

    /// Publishes this thread's node count for `info nodes` and node limits.
    pub(super) fn publish_nodes(&self) {
        self.shared.nodes[self.id].store(self.nodes, Ordering::Relaxed);
    }

    /// Whether the search must stop now. Helpers only read the flag; the main
    /// thread also watches the clock and the node limit.
    #[inline(always)]
    pub(super) fn should_stop(&mut self) -> bool {
        if self.stopped {
            return true;
        }
        if self.shared.stop.load(Ordering::Relaxed) {
            self.stopped = true;
            return true;
        }
        let checkpoint = self.nodes & 1023 == 0;
        if checkpoint {
            self.publish_nodes();
            // On WebAssembly `stop` reaches the search only through the host (see
            // `host`); natively this is compiled out.
            #[cfg(target_family = "wasm")]
            if self.is_main() {
                super::host::poll(self.shared, false);
                if self.shared.stop.load(Ordering::Relaxed) {
                    self.stopped = true;
                    return true;
                }
            }
        }
        // why nothing but `stop` ends the first iteration: a limit that cut it would
        // leave no searched move and no score (the root moves' -INFINITE, shown as
        // "mated in 0"), where one ply costs a few hundred nodes and microseconds. Only
        // the main thread enforces the limits (on every thread's nodes), so a helper
        // that finished its first ply cannot cut the main thread's short.
        if self.completed_depth == 0 || !self.is_main() {
            return false;
        }
        if let Some(limit) = self.limits.nodes {
            let total = if self.shared.nodes.len() == 1 {
                self.nodes
            } else {
                self.shared.total_nodes()
            };
            if total >= limit {
                self.stop_all();
                return true;
            }
        }
        if checkpoint
            && !self.shared.pondering.load(Ordering::Relaxed)
            && self.time.as_ref().is_some_and(|tm| tm.out_of_time())
        {
            self.stop_all();
            return true;
        }
        false
    }

    fn stop_all(&mut self) {
        self.stopped = true;
        self.shared.stop.store(true, Ordering::Relaxed);
    }

    /// Stores a node's result in the table, with the bound its window gives it.
    #[allow(clippy::too_many_arguments)]
    pub(super) fn store_result(
        &self,
        key: u64,
        best_move: Move,
        best_score: i32,
        original_alpha: i32,
        beta: i32,
        depth: i32,
        ply: usize,
    ) {
        let bound = if best_score >= beta {
            Bound::Lower
        } else if best_score > original_alpha {
            Bound::Exact
        } else {
            Bound::Upper
        };
        self.shared
            .tt
            .store(key, best_move, to_table(best_score, ply), depth, bound);
    }

    pub(super) fn update_pv(&mut self, ply: usize, m: Move) {
        let child_len = self.pv_len[ply + 1].min(MAX_PLY - 1);
        let (head, tail) = self.pv_table.split_at_mut(ply + 1);
        head[ply][0] = m;
        head[ply][1..=child_len].copy_from_slice(&tail[0][..child_len]);
        self.pv_len[ply] = child_len + 1;
    }
}
