//! Pruning: what the search leaves unsearched. At a node, mate distance pruning,
//! reverse futility pruning and the null move (verified at high depth); among a node's moves, late-move,
//! futility and SEE pruning; in quiescence, losing captures and captures that cannot
//! reach alpha (delta pruning).

use super::movepick::is_losing_tactical;
use super::params::*;
use super::reductions::MoveContext;
use super::score::*;
use super::see::see_at_least;
use super::tt::{Bound, TtEntry};
use super::worker::Worker;
use crate::board::{Move, PieceKind, Position};

/// The evaluation the pruning decisions read: `static_eval`, sharpened by the
/// score of the transposition table's entry `tt_entry` (at `ply`) where its bound
/// says the true value lies beyond it; the static one in check.
#[inline(always)]
pub(super) fn pruning_eval(
    static_eval: i32,
    tt_entry: Option<TtEntry>,
    ply: usize,
    in_check: bool,
) -> i32 {
    if let Some(e) = tt_entry {
        let score = from_table(e.score, ply);
        if !in_check
            && score.abs() < TABLE_WIN_BOUND
            && match e.bound {
                Bound::Exact => true,
                Bound::Lower => score > static_eval,
                Bound::Upper => score < static_eval,
            }
        {
            return score;
        }
    }
    static_eval
}

/// Mate distance pruning: no line from here beats a mate already found nearer. The
/// window (`alpha`, `beta`) of the node at `ply` narrowed to the mates still possible
/// there; the node is done where it closes.
#[inline(always)]
pub(super) fn mate_distance_window(alpha: i32, beta: i32, ply: usize) -> (i32, i32) {
    (alpha.max(mated_in(ply)), beta.min(mate_in(ply + 1)))
}

/// Reverse futility pruning: far above beta at low depth, trust the eval.
#[inline(always)]
pub(super) fn reverse_futility_prunes(depth: i32, eval: i32, beta: i32, improving: bool) -> bool {
    depth <= rfp_max_depth()
        && eval - rfp_margin() * (depth - improving as i32) >= beta
        && eval.abs() < MATE_BOUND
}

/// What the shallow pruning says of one move.
pub(super) enum MovePruning {
    /// Search it.
    Search,
    /// Skip it.
    Skip,
    /// Skip it and every quiet move after it (late-move pruning).
    SkipQuiets,
}

/// The shallow pruning of the move `m` from `pos` (see [`MoveContext`]), at a node
/// off the principal variation and not in check, once a move has been found that
/// avoids being mated: `eval` is the node's evaluation, `quiet_count` the quiet moves
/// searched so far, and `skipping_quiets` whether late-move pruning skips them all
/// from now on.
#[inline(always)]
pub(super) fn prune_move(
    pos: &Position,
    m: Move,
    c: &MoveContext,
    eval: i32,
    alpha: i32,
    quiet_count: usize,
    skipping_quiets: bool,
) -> MovePruning {
    let depth = c.depth;
    if !c.tactical {
        if skipping_quiets
            || depth <= lmp_max_depth()
                && quiet_count >= lmp_base() + (depth * depth) as usize / (2 - c.improving as usize)
        {
            return MovePruning::SkipQuiets;
        }
        // why checks are spared: a quiet check can win more than the
        // static margin (a mating net, a fork of the king), which the
        // evaluation does not see.
        if !c.gives_check
            && depth <= futility_max_depth()
            && eval + futility_margin() * depth + 50 <= alpha
        {
            return MovePruning::Skip;
        }
        if depth <= see_prune_max_depth() && !see_at_least(pos, m, -see_quiet_margin() * depth) {
            return MovePruning::Skip;
        }
    } else if depth <= see_prune_max_depth()
        && is_losing_tactical(c.order)
        && !see_at_least(pos, m, -see_capture_margin() * depth)
    {
        return MovePruning::Skip;
    }
    MovePruning::Search
}

/// Whether quiescence (not in check, standing pat at `static_eval`) leaves the
/// capture or promotion `m` untried: losing captures and captures that cannot reach
/// alpha are not tried.
#[inline(always)]
pub(super) fn quiescence_prunes(
    pos: &Position,
    m: Move,
    order: i32,
    static_eval: i32,
    alpha: i32,
) -> bool {
    if is_losing_tactical(order) {
        return true;
    }
    let gain = pos
        .captured_kind(m)
        .map_or(0, |k| crate::eval::params::see_value_in(pos.variant(), k))
        + if m.is_promotion() {
            // why: a met is worth about two pawns more than the pawn; an
            // ASEAN rook or an ai-wok is worth far more, so not pruned as one.
            (crate::eval::params::see_value_in(pos.variant(), m.promotion_kind()) - 100).max(200)
        } else {
            0
        };
    static_eval + gain + qs_delta_margin() < alpha
}

impl Worker<'_> {
    /// Null-move pruning: the score to return when passing still leaves the side
    /// to move at or above beta (verified at high depth), `None` when the node must
    /// be searched. `DRAW` when the search was stopped meanwhile.
    pub(super) fn null_move(
        &mut self,
        pos: &Position,
        depth: i32,
        beta: i32,
        eval: i32,
        ply: usize,
        cut_node: bool,
    ) -> Option<i32> {
        // Null-move pruning. Makruk endgames are full of zugzwang (kings, mets and
        // pawns blocking each other), so only a side with a rook, knight or khon
        // may pass, and never while a count runs (passing would spend its plies).
        let us = pos.side_to_move();
        let has_big_piece = (pos.pieces(us, PieceKind::Rook)
            | pos.pieces(us, PieceKind::Knight)
            | pos.pieces(us, PieceKind::Khon))
        .any()
            // why: in sittuyin's set-up phase every drop is compulsory, and a pass
            // would give the other side two placements in a row, which measures
            // nothing about a threat.
            && pos.hand(us).is_empty();
        // why a margin above beta that falls with depth: makruk's slow pawns
        // leave fewer quiet moves that improve a position than chess has, so a
        // pass that only reaches beta is less often refuted by a real move; at
        // shallow depth demand more, as Fairy-Stockfish does for such games.
        if depth >= nmp_min_depth()
            && eval >= beta
            && eval >= beta + nmp_margin() - nmp_depth_margin() * depth
            && ply >= self.nmp_min_ply
            && has_big_piece
            && !pos.count().is_running()
            && self.stack[ply].played.is_some()
            && beta.abs() < MATE_BOUND
        {
            // why: the further the evaluation stands above beta, the less a
            // deeper look at the pass can change.
            let r = nmp_base() + depth / nmp_divisor() + ((eval - beta) / 200).min(3);
            let child = self.make_child(pos, None, ply);
            let score = -self.search(
                &child,
                depth - 1 - r,
                -beta,
                -beta + 1,
                ply + 1,
                false,
                !cut_node,
            );
            self.unmake_child();
            if self.stopped {
                return Some(DRAW);
            }
            if score >= beta {
                // A mate or a table's conversion found after a null move is not
                // proven: the bound is all it gives.
                let score = if score >= TABLE_WIN_BOUND {
                    beta
                } else {
                    score
                };
                if depth < nmp_verify_depth() || self.nmp_min_ply > 0 {
                    return Some(score);
                }
                // why verify at high depth: a zugzwang the pass hides costs a
                // whole subtree there; a search without null moves for this side
                // over most of the remaining plies confirms the cutoff.
                self.nmp_min_ply = ply + 3 * (depth - 1 - r).max(0) as usize / 4;
                let verified = self.search(pos, depth - 1 - r, beta - 1, beta, ply, false, false);
                self.nmp_min_ply = 0;
                if self.stopped {
                    return Some(DRAW);
                }
                if verified >= beta {
                    return Some(score);
                }
            }
        }
        None
    }
}
