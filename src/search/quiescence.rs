//! Quiescence: below the main search's depth the side to move stands pat on its
//! evaluation or tries its captures and promotions (in check, every evasion), so
//! that a position is scored by the evaluation only once it is quiet.

use super::movepick::MovePicker;
use super::node_start::{NodeStart, bound_settles};
use super::pruning::quiescence_prunes;
use super::score::*;
use super::worker::Worker;
use crate::board::{Move, Position};

impl Worker<'_> {
    /// The quiescence search of `pos`, the node at `ply`, with the window (`alpha`,
    /// `beta`): the side to move stands pat on its evaluation or tries its captures
    /// and promotions (every evasion in check), until the position is quiet.
    pub(super) fn qsearch(
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
}
