//! How deep each move is searched: late-move reductions (at the root and inside
//! the tree), internal iterative reduction, and the check extension.

use super::movepick::{is_losing_tactical, is_tactical};
use super::params::*;
use super::see::see_at_least;
use super::worker::Worker;
use crate::board::{Move, Position};

/// Late-move reduction table, in plies, by depth and move number.
fn reduction(depth: i32, moves: usize) -> i32 {
    reduction_1024(depth, moves) / 1024
}

/// The late-move reduction in 1024ths of a ply.
fn reduction_1024(depth: i32, moves: usize) -> i32 {
    let d = (depth.max(1) as f64).ln();
    let m = (moves.max(1) as f64).ln();
    ((lmr_base() as f64 / 100.0 + d * m / (lmr_divisor() as f64 / 100.0)) * 1024.0) as i32
}

/// What the late-move reduction of a move depends on (and the shallow pruning of it:
/// see `pruning`).
pub(super) struct MoveContext {
    pub(super) depth: i32,
    pub(super) move_count: usize,
    pub(super) pv_node: bool,
    pub(super) cut_node: bool,
    pub(super) in_check: bool,
    pub(super) improving: bool,
    pub(super) gives_check: bool,
    pub(super) tactical: bool,
    /// The move's ordering score (its history, for a plain quiet move).
    pub(super) order: i32,
}

/// The plies a late move is reduced by, before clamping to the depth left. Late
/// captures are reduced away from the principal variation or when they lose
/// material, quiets everywhere.
// why captures too: most late captures at a node that already has a good move are
// as irrelevant as late quiets.
fn late_move_reduction(c: &MoveContext) -> i32 {
    // Worked in 1024ths of a ply so that history moves it smoothly.
    let mut r1024 = reduction_1024(c.depth, c.move_count);
    r1024 -= 1024 * c.pv_node as i32;
    r1024 -= 1024 * c.improving as i32;
    // why: at a node expected to fail high, the late moves exist only to be
    // refuted; search them shallower.
    r1024 += 1024 * c.cut_node as i32;
    // why: a check that was not extended is still forcing.
    r1024 -= 1024 * c.gives_check as i32;
    if c.tactical {
        // why: a capture changes the material; it is a ply less likely to be
        // irrelevant than a quiet move.
        r1024 -= 1024;
    } else if c.order >= 400_000_000 {
        r1024 -= 1024; // killers and counter moves
    } else {
        // why: a continuous history term, so that a better history changes the
        // tree and not only the order.
        r1024 -= c.order * 1024 / lmr_history_divisor();
    }
    (r1024 + 512) / 1024
}

/// The plies the zero-window search of a move after the first is reduced by, from
/// `new_depth` (the depth its `extension` gives it): [`late_move_reduction`], clamped
/// to leave a ply, where late-move reductions apply (deep enough, past the first
/// few moves, not in check, the move not extended); else none.
#[inline(always)]
pub(super) fn lmr_plies(c: &MoveContext, extension: i32, new_depth: i32) -> i32 {
    let quiet = !c.tactical;
    if c.depth >= lmr_min_depth()
        && c.move_count > lmr_full_moves()
        && (quiet || !c.pv_node || is_losing_tactical(c.order))
        && !c.in_check
        && extension == 0
    {
        late_move_reduction(c).clamp(0, new_depth - 1)
    } else {
        0
    }
}

/// The plies the zero-window search of root move `m` is reduced by, the
/// `moves_before`th after the first of its line: late root moves get a lighter
/// reduction than inner nodes.
pub(super) fn root_lmr_plies(
    root: &Position,
    m: Move,
    depth: i32,
    moves_before: usize,
    in_check: bool,
    extension: i32,
) -> i32 {
    if depth >= lmr_min_depth()
        && moves_before >= lmr_full_moves() + 2
        && !in_check
        && !is_tactical(root, m)
        && extension == 0
    {
        (reduction(depth, moves_before) - 1).max(0)
    } else {
        0
    }
}

/// Internal iterative reduction: without a hash move this node was not searched
/// before; a shallower look is cheaper and fills the table. The plies to take off
/// `depth`.
#[inline(always)]
pub(super) fn internal_iterative_reduction(depth: i32, tt_move: Move) -> i32 {
    (depth >= iir_min_depth() && tt_move.is_none()) as i32
}

impl Worker<'_> {
    /// The plies the move `m` from `pos`, the node at `ply`, is extended by: one for
    /// a check that does not lose material, within twice the depth completed.
    // why only checks that do not lose material: a sacrificial check that
    // fails is refuted at the next ply anyway, and extending every one cost a
    // full ply per check in lines that matter little; sound checks (and
    // every evasion sequence they start) keep their extension.
    #[inline(always)]
    pub(super) fn check_extension(
        &self,
        pos: &Position,
        m: Move,
        gives_check: bool,
        ply: usize,
    ) -> i32 {
        (gives_check && ply < 2 * self.completed_depth.max(4) as usize && see_at_least(pos, m, 0))
            as i32
    }
}
