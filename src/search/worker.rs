//! One search thread: iterative deepening over a principal-variation alpha-beta
//! search with quiescence, the transposition table, pruning and reductions.
//!
//! Draws inside the tree: repetition of a position on the current line or in the
//! game, stalemate, material that cannot mate, and the counting rule. A node whose
//! count has run out is a draw unless the side to move is mated, so the search never
//! aims at a mate the count forbids and sees the draw a sacrifice into a bare king
//! buys.

use super::history::History;
use super::limits::Limits;
use super::movepick::{MovePicker, PlayedMove, is_tactical};
use super::node_start::{NodeStart, bound_settles};
use super::params::*;
use super::pruning::{
    MovePruning, mate_distance_window, prune_move, pruning_eval, quiescence_prunes,
    reverse_futility_prunes,
};
use super::reductions::{MoveContext, internal_iterative_reduction, lmr_plies, root_lmr_plies};
use super::score::*;
use super::time::{self, TimeManager};
use super::tt::Bound;
use super::{Reporter, SearchReport, Shared};
use crate::board::{Move, Position};
use crate::eval::pawns::PawnCache;
use crate::eval::{evaluate_cached, evaluate_with_network};
use crate::nnue::accumulator::{self, Accumulator};
use crate::nnue::features::Delta;
use crate::nnue::network::Network;
use crate::tablebase::{self, Readable};
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
    pub(super) delta: Delta,
}

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
    pub(super) contempt: i32,
    /// The network, or `None` for the hand-written evaluation.
    pub(super) network: Option<&'a Network>,
    /// The endgame tables this search may read (see `tablebase::Readable`).
    pub(super) tables: Readable,
    /// The network's accumulator per ply; `accumulator_ready[ply]` says whether it
    /// matches the current line (ply 0, the root, always does once set up).
    pub(super) accumulators: Vec<Accumulator>,
    pub(super) accumulator_ready: Vec<bool>,
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
    pub(crate) tables: Readable,
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
                    piece: pos.piece_at(m.from()).expect("move from a piece"),
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
    /// hand-written evaluation.
    #[inline]
    pub(super) fn evaluate(&mut self, pos: &Position, ply: usize) -> i32 {
        let Some(net) = self.network else {
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

    fn is_main(&self) -> bool {
        self.id == 0
    }

    /// Publishes this thread's node count for `info nodes` and node limits.
    fn publish_nodes(&self) {
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

    /// Iterative deepening until a limit or `stop`.
    pub(crate) fn iterate(&mut self, root: &Position) {
        let max_depth = self.limits.depth.map_or(MAX_PLY as i32 - 4, |d| {
            (d as i32).clamp(1, MAX_PLY as i32 - 4)
        });
        self.data.history.clear_killers();
        if let Some(net) = self.network {
            self.accumulators[0] = Accumulator::refresh(net, root);
            self.accumulator_ready[0] = true;
        }
        let mut last_best = Move::NONE;
        let mut stable_iterations = 0u32;
        let mut last_score = -INFINITE;
        for depth in 1..=max_depth {
            // Helpers skip some depths so the threads spread over different iterations.
            if self.id > 0 && depth > 1 && (depth + self.id as i32) % 3 == 0 {
                continue;
            }
            let multipv = self.multipv.min(self.root_moves.len());
            for rm in &mut self.root_moves {
                rm.previous_score = rm.score;
            }
            for pv_index in 0..multipv {
                self.pv_index = pv_index;
                self.seldepth = 0;
                self.aspiration(root, depth);
                if self.stopped {
                    break;
                }
            }
            if self.stopped {
                // An aborted iteration still tells the best move if its first root
                // move finished; stable sorting keeps the old order otherwise.
                self.root_moves
                    .sort_by_key(|rm| std::cmp::Reverse(rm.score));
                break;
            }
            self.completed_depth = depth;
            self.publish_nodes();
            if !self.is_main() {
                continue;
            }
            self.report(depth);

            // Stop conditions of the main thread between iterations.
            let best = &self.root_moves[0];
            if let Some(mate) = self.limits.mate
                && best.score >= MATE_BOUND
                && (MATE - best.score + 1) / 2 <= mate as i32
            {
                break;
            }
            if best.mv == last_best {
                stable_iterations += 1;
            } else {
                stable_iterations = 0;
            }
            let score_fell = last_score != -INFINITE && best.score < last_score - 30;
            let instability = time::instability(stable_iterations, depth, score_fell);
            last_best = best.mv;
            last_score = best.score;
            if !self.shared.pondering.load(Ordering::Relaxed)
                && let Some(tm) = &self.time
                && tm.iteration_done(instability)
            {
                break;
            }
            // A forced move needs no deep search when the clock runs.
            if self.root_moves.len() == 1
                && depth >= 4
                && self.time.as_ref().is_some_and(|t| t.is_timed())
            {
                break;
            }
        }
        self.publish_nodes();
    }

    /// Searches the root with a window around the last score, widening on failure.
    fn aspiration(&mut self, root: &Position, depth: i32) {
        let previous = self.root_moves[self.pv_index].previous_score;
        let mut delta = aspiration_delta();
        let (mut alpha, mut beta) =
            if depth >= aspiration_min_depth() && previous.abs() < MATE_BOUND {
                (
                    (previous - delta).max(-INFINITE),
                    (previous + delta).min(INFINITE),
                )
            } else {
                (-INFINITE, INFINITE)
            };
        loop {
            let score = self.search_root(root, depth, alpha, beta);
            if self.stopped {
                return;
            }
            // Keep the best-first order for the lines not yet settled.
            self.root_moves[self.pv_index..].sort_by_key(|rm| std::cmp::Reverse(rm.score));
            if score <= alpha {
                beta = (alpha + beta) / 2;
                alpha = (score - delta).max(-INFINITE);
                self.root_moves[self.pv_index].bound = Some(Bound::Upper);
            } else if score >= beta {
                beta = (score + delta).min(INFINITE);
                self.root_moves[self.pv_index].bound = Some(Bound::Lower);
            } else {
                self.root_moves[self.pv_index].bound = None;
                break;
            }
            delta += delta / 2 + 5;
        }
        self.root_moves[..=self.pv_index].sort_by_key(|rm| std::cmp::Reverse(rm.score));
    }

    fn search_root(&mut self, root: &Position, depth: i32, mut alpha: i32, beta: i32) -> i32 {
        let mut best_score = -INFINITE;
        self.stack[0].plies_from_null = self.keys.len();
        self.pv_len[0] = 0;
        let in_check = root.in_check();
        self.stack[0].static_eval = if in_check {
            -INFINITE
        } else {
            self.evaluate(root, 0)
        };
        let start = self.pv_index;
        // The game is already drawn by the count (the side to move is not mated: it
        // has moves): nothing any move does can change that.
        if root.draw_rule_exceeded() {
            for rm in &mut self.root_moves[start..] {
                rm.score = DRAW;
                rm.seldepth = 1;
                rm.pv.truncate(1);
            }
            self.pv_len[0] = 0;
            return DRAW;
        }
        let report_currmove = self.is_main()
            && self
                .time
                .as_ref()
                .is_some_and(|t| t.elapsed().as_millis() > 3000);
        for i in start..self.root_moves.len() {
            let m = self.root_moves[i].mv;
            if report_currmove && let Some(r) = self.reporter {
                r.currmove(depth, m, i + 1);
            }
            let child = self.make_child(root, Some(m), 0);
            self.nodes += 1;
            let extension = child.in_check() as i32;
            let new_depth = depth - 1 + extension;
            let mut score;
            if i == start {
                score = -self.search(&child, new_depth, -beta, -alpha, 1, true, false);
            } else {
                let r = root_lmr_plies(root, m, depth, i - start, in_check, extension);
                score = -self.search(&child, new_depth - r, -alpha - 1, -alpha, 1, false, true);
                if score > alpha && r > 0 {
                    score = -self.search(&child, new_depth, -alpha - 1, -alpha, 1, false, true);
                }
                if score > alpha && score < beta {
                    score = -self.search(&child, new_depth, -beta, -alpha, 1, true, false);
                }
            }
            self.unmake_child();
            if self.stopped {
                return best_score;
            }
            let rm = &mut self.root_moves[i];
            if i == start || score > alpha {
                rm.score = score;
                rm.seldepth = self.seldepth;
                rm.pv.clear();
                rm.pv.push(m);
                let len = self.pv_len[1];
                rm.pv.extend_from_slice(&self.pv_table[1][..len]);
                if root.occupied().count() <= 5 {
                    // The search stops at positions the endgame tables cover; the
                    // tables know the rest of the line.
                    tablebase::extend_line(root, &mut rm.pv);
                }
            } else {
                rm.score = -INFINITE;
            }
            if score > best_score {
                best_score = score;
                if score > alpha {
                    alpha = score;
                    if score >= beta {
                        break;
                    }
                }
            }
        }
        best_score
    }

    /// Whether the static evaluation at `ply` is better than at this side's last
    /// node on the line (four plies back where that one was in check); `true`
    /// where neither is known.
    // why: a side whose position improves is less likely to fail low, so pruning
    // may be bolder there and more cautious where it worsens.
    fn is_improving(&self, ply: usize, static_eval: i32) -> bool {
        if ply >= 2 && self.stack[ply - 2].static_eval != -INFINITE {
            static_eval > self.stack[ply - 2].static_eval
        } else if ply >= 4 && self.stack[ply - 4].static_eval != -INFINITE {
            static_eval > self.stack[ply - 4].static_eval
        } else {
            true
        }
    }

    /// The score of `pos`, the node at `ply`, searched `depth` plies deep (then by
    /// quiescence) with the window (`alpha`, `beta`): a principal variation search
    /// with the transposition table, pruning, reductions and extensions.
    #[allow(clippy::too_many_arguments)]
    pub(super) fn search(
        &mut self,
        pos: &Position,
        mut depth: i32,
        mut alpha: i32,
        mut beta: i32,
        ply: usize,
        pv_node: bool,
        // Whether this zero-window node is expected to fail high (its parent's move
        // was reduced, or it is the other side of an expected fail-low node).
        cut_node: bool,
    ) -> i32 {
        if depth <= 0 {
            return self.qsearch(pos, alpha, beta, ply, pv_node);
        }
        if let NodeStart::Settled(score) = self.start_node(pos, ply) {
            return score;
        }
        if ply >= MAX_PLY - 2 {
            return self.evaluate(pos, ply);
        }
        (alpha, beta) = mate_distance_window(alpha, beta, ply);
        if alpha >= beta {
            return alpha;
        }

        let in_check = pos.in_check();
        let key = pos.key();
        let (static_eval, tt_entry) = self.evaluate_then_probe(pos, ply, in_check, key);
        let tt_move = tt_entry.map_or(Move::NONE, |e| e.mv);
        if !pv_node && let Some(score) = self.table_cutoff(pos, tt_entry, depth, alpha, beta, ply) {
            return score;
        }
        let eval = pruning_eval(static_eval, tt_entry, ply, in_check);

        self.stack[ply].static_eval = static_eval;
        let improving = !in_check && self.is_improving(ply, static_eval);

        if !pv_node && !in_check {
            if reverse_futility_prunes(depth, eval, beta, improving) {
                return eval;
            }
            if let Some(score) = self.null_move(pos, depth, beta, eval, ply, cut_node) {
                return score;
            }
        }

        depth -= internal_iterative_reduction(depth, tt_move);

        let moves = pos.legal_moves();
        if moves.is_empty() {
            return if in_check {
                mated_in(ply)
            } else {
                self.draw_score(ply)
            };
        }
        let previous = self.stack[ply].played;
        let hints = self.quiet_hints(ply, previous);
        let mut picker = MovePicker::new(pos, moves, tt_move, Some(&hints), &self.data.history);

        let original_alpha = alpha;
        let mut best_score = -INFINITE;
        let mut best_move = Move::NONE;
        let mut quiets_tried: [Move; 64] = [Move::NONE; 64];
        let mut quiet_count = 0;
        let mut move_count = 0;
        let us = pos.side_to_move();
        // Set once late-move or futility pruning skips a quiet: both stay true for
        // the rest of the node (alpha only rises, and skipped quiets are not counted).
        let mut skipping_quiets = false;

        while let Some((m, order)) = picker.next_move() {
            move_count += 1;
            let tactical = is_tactical(pos, m);
            let quiet = !tactical;
            let gives_check = pos.gives_check(m);
            let context = MoveContext {
                depth,
                move_count,
                pv_node,
                cut_node,
                in_check,
                improving,
                gives_check,
                tactical,
                order,
            };

            // Shallow pruning of moves unlikely to matter, once a move has been found
            // that avoids being mated.
            if !pv_node && !in_check && best_score > -MATE_BOUND && move_count > 1 {
                match prune_move(pos, m, &context, eval, alpha, quiet_count, skipping_quiets) {
                    MovePruning::Search => {}
                    MovePruning::Skip => continue,
                    MovePruning::SkipQuiets => {
                        skipping_quiets = true;
                        // Only skipped quiets would follow: the node is done.
                        if picker.tacticals_left() == 0 {
                            break;
                        }
                        continue;
                    }
                }
            }

            self.shared.tt.prefetch(pos.bucket_key_after(m));
            let child = self.make_child(pos, Some(m), ply);
            let extension = self.check_extension(pos, m, gives_check, ply);
            let score = self.search_move(&child, &context, extension, alpha, beta, ply);
            self.unmake_child();
            if self.stopped {
                return DRAW;
            }

            if score > best_score {
                best_score = score;
                if score > alpha {
                    best_move = m;
                    alpha = score;
                    if pv_node {
                        self.update_pv(ply, m);
                    }
                    if score >= beta {
                        if quiet {
                            let tried = &quiets_tried[..quiet_count];
                            self.reward_quiet_cutoff(us, m, tried, depth, ply, previous);
                        }
                        break;
                    }
                }
            }
            if quiet && quiet_count < quiets_tried.len() {
                quiets_tried[quiet_count] = m;
                quiet_count += 1;
            }
        }

        self.store_result(key, best_move, best_score, original_alpha, beta, depth, ply);
        best_score
    }

    /// The score of the move into `child`, the node after `ply`, extended by
    /// `extension` plies, by principal variation search: the first move with the
    /// full window; a later one with a zero window, reduced where late-move
    /// reductions apply, searched again unreduced if it beats alpha, and at a PV
    /// node with the full window if it lands inside it.
    #[inline(always)]
    fn search_move(
        &mut self,
        child: &Position,
        c: &MoveContext,
        extension: i32,
        alpha: i32,
        beta: i32,
        ply: usize,
    ) -> i32 {
        let (pv_node, cut_node) = (c.pv_node, c.cut_node);
        let new_depth = c.depth - 1 + extension;
        if c.move_count == 1 {
            return -self.search(
                child,
                new_depth,
                -beta,
                -alpha,
                ply + 1,
                pv_node,
                !pv_node && !cut_node,
            );
        }
        let r = lmr_plies(c, extension, new_depth);
        let mut score = -self.search(
            child,
            new_depth - r,
            -alpha - 1,
            -alpha,
            ply + 1,
            false,
            true,
        );
        if score > alpha && r > 0 {
            score = -self.search(
                child,
                new_depth,
                -alpha - 1,
                -alpha,
                ply + 1,
                false,
                !cut_node,
            );
        }
        if pv_node && score > alpha && score < beta {
            score = -self.search(child, new_depth, -beta, -alpha, ply + 1, true, false);
        }
        score
    }

    /// Stores a node's result in the table, with the bound its window gives it.
    #[allow(clippy::too_many_arguments)]
    fn store_result(
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

    fn update_pv(&mut self, ply: usize, m: Move) {
        let child_len = self.pv_len[ply + 1].min(MAX_PLY - 1);
        let (head, tail) = self.pv_table.split_at_mut(ply + 1);
        head[ply][0] = m;
        head[ply][1..=child_len].copy_from_slice(&tail[0][..child_len]);
        self.pv_len[ply] = child_len + 1;
    }

    /// The quiescence search of `pos`, the node at `ply`, with the window (`alpha`,
    /// `beta`): the side to move stands pat on its evaluation or tries its captures
    /// and promotions (every evasion in check), until the position is quiet.
    fn qsearch(
        &mut self,
        pos: &Position,
        mut alpha: i32,
        beta: i32,
        ply: usize,
        pv_node: bool,
    ) -> i32 {
        if let NodeStart::Settled(score) = self.start_node(pos, ply) {
            return score;
        }
        let in_check = pos.in_check();
        // why: a bare king is often stalemated, and standing pat would score that
        // stalemate as the stronger side's big win; its few king moves are cheap to
        // look at, so the stalemate traps at the horizon are seen.
        if !in_check && pos.pieces_of(pos.side_to_move()).count() == 1 && !pos.has_legal_move() {
            return self.draw_score(ply);
        }
        if ply >= MAX_PLY - 2 {
            return if in_check {
                DRAW
            } else {
                self.evaluate(pos, ply)
            };
        }
        let key = pos.key();
        let (static_eval, tt_entry) = self.evaluate_then_probe(pos, ply, in_check, key);
        if let Some(e) = tt_entry {
            let score = from_table(e.score, ply);
            if !pv_node && bound_settles(e.bound, score, alpha, beta) {
                return score;
            }
        }

        let mut best_score = static_eval;
        // Taken before standing pat raises alpha: a node whose captures all fail
        // below its stand-pat score has that score exactly, not as an upper bound.
        let original_alpha = alpha;
        if !in_check {
            if best_score >= beta {
                return best_score;
            }
            alpha = alpha.max(best_score);
        }

        let moves = if in_check {
            pos.legal_moves()
        } else {
            pos.tactical_moves()
        };
        if in_check && moves.is_empty() {
            return mated_in(ply);
        }
        let tt_move = tt_entry.map_or(Move::NONE, |e| e.mv);
        let mut picker = MovePicker::new(pos, moves, tt_move, None, &self.data.history);
        let mut best_move = Move::NONE;
        while let Some((m, order)) = picker.next_move() {
            if !in_check && quiescence_prunes(pos, m, order, static_eval, alpha) {
                continue;
            }
            self.shared.tt.prefetch(pos.bucket_key_after(m));
            let child = self.make_child(pos, Some(m), ply);
            let score = -self.qsearch(&child, -beta, -alpha, ply + 1, pv_node);
            self.unmake_child();
            if self.stopped {
                return DRAW;
            }
            if score > best_score {
                best_score = score;
                if score > alpha {
                    best_move = m;
                    alpha = score;
                    if pv_node {
                        self.update_pv(ply, m);
                    }
                    if score >= beta {
                        break;
                    }
                }
            }
        }
        // Quiescence results are stored at depth -1: below every real search.
        self.store_result(key, best_move, best_score, original_alpha, beta, -1, ply);
        best_score
    }

    /// Sends one `info` line per PV line to the reporter.
    fn report(&self, depth: i32) {
        let Some(reporter) = self.reporter else {
            return;
        };
        let elapsed = self
            .time
            .as_ref()
            .map_or(0, |t| t.elapsed().as_millis() as u64);
        let nodes = self.shared.total_nodes().max(self.nodes);
        let multipv = self.multipv.min(self.root_moves.len());
        for (i, rm) in self.root_moves.iter().take(multipv).enumerate() {
            if rm.score == -INFINITE {
                continue;
            }
            reporter.info(&SearchReport {
                depth,
                seldepth: rm.seldepth.max(1) as i32,
                multipv: i + 1,
                score: rm.score,
                bound: rm.bound,
                nodes,
                time_ms: elapsed,
                hashfull: self.shared.tt.hashfull(),
                pv: rm.pv.clone(),
            });
        }
    }
}
