//! The main search below the root: principal variation alpha-beta. A node opens as
//! every node does (`node_start`), may be settled by the transposition table or
//! pruned whole (`pruning`), then searches its moves in the picker's order
//! (`movepick`, `ordering`), skipping some (`pruning`), reducing or extending others
//! (`reductions`), and stores its result. At depth 0 quiescence takes over
//! (`quiescence`).

use super::movepick::{MovePicker, is_tactical};
use super::node_start::NodeStart;
use super::pruning::{
    MovePruning, mate_distance_window, prune_move, pruning_eval, reverse_futility_prunes,
};
use super::reductions::{MoveContext, internal_iterative_reduction, lmr_plies};
use super::score::*;
use super::worker::Worker;
use crate::board::{Move, Position};

impl Worker<'_> {
    /// The score of `pos`, the node at `ply`, searched `depth` plies deep (then by
    /// quiescence) with the window (`alpha`, `beta`): a principal variation search
    /// with the transposition table, pruning, reductions and extensions.
    // why about 140 lines: the move loop's state (the best score and move, alpha, the
    // quiet moves tried for the history update) is shared by every step of it, and
    // each step is already a call into its own room (node_start, pruning, reductions,
    // movepick); cut further, the state would travel through a struct of its own for
    // no reader's gain (Stockfish's is about 920 lines).
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
        // why: where the count runs out within this node's depth, the rest of the
        // game is in view and the evaluation has flattened toward the count's draw, so
        // the move counts and margins that trust it skip the mates the count still
        // allows (Kb6 Kb8 Rh8# on the count's last ply scored 0.00 to depth 8: late-move
        // pruning cut Rh8# at the node before it; lab/log/2026-12-07-count-horizon.md).
        let count_ends_in_view = pos
            .count()
            .plies_left()
            .is_some_and(|left| i32::from(left) <= depth);

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
            let spared_check = count_ends_in_view && gives_check;
            if !pv_node && !in_check && !spared_check && best_score > -MATE_BOUND && move_count > 1
            {
                match prune_move(pos, m, &context, eval, alpha, quiet_count, skipping_quiets) {
                    MovePruning::Search => {}
                    MovePruning::Skip => continue,
                    MovePruning::SkipQuiets => {
                        skipping_quiets = true;
                        // Only skipped quiets would follow: the node is done (but
                        // for the checks, where the count ends in view).
                        if picker.tacticals_left() == 0 && !count_ends_in_view {
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
}
