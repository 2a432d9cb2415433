//! The search's side of move ordering: the hints a node gives the move picker
//! (its killers and the counter move) and the histories a cutoff rewards. The picker
//! itself is `movepick`, the tables `history`.

use super::movepick::{PlayedMove, QuietHints, is_tactical};
use super::worker::Worker;
use crate::board::{Color, Move, Position};

impl Worker<'_> {
    /// The picker's hints for quiet moves at `ply`: its killers, and the counter to
    /// `previous`, the move into the node.
    #[inline(always)]
    pub(super) fn quiet_hints(&self, ply: usize, previous: Option<PlayedMove>) -> QuietHints {
        QuietHints {
            killers: self.data.history.killers(ply),
            counter: previous.map_or(Move::NONE, |p| self.data.history.counter(p.piece, p.to)),
        }
    }

    /// Rewards the quiet move `m` of `side` that cut off at `ply`, searched to
    /// `depth`: a killer, a history bonus (and a malus for the quiets `tried` before
    /// it), and the counter to `previous`, the move it answers, where one is given.
    #[inline(always)]
    pub(super) fn reward_quiet_cutoff(
        &mut self,
        side: Color,
        m: Move,
        tried: &[Move],
        depth: i32,
        ply: usize,
        previous: Option<PlayedMove>,
    ) {
        let h = &mut self.data.history;
        h.add_killer(ply, m);
        h.update_quiets(side, m, tried, depth);
        if let Some(p) = previous {
            h.set_counter(p.piece, p.to, m);
        }
    }

    /// Rewards the hash move `tt_move` of `pos`, the node at `ply`, whose stored
    /// score cut off at `depth`, where it is a quiet move.
    // why: a quiet hash move that still cuts off earned its history as
    // much as one found by searching.
    #[inline(always)]
    pub(super) fn reward_hash_move_cutoff(
        &mut self,
        pos: &Position,
        tt_move: Move,
        depth: i32,
        ply: usize,
    ) {
        if !tt_move.is_none() && !is_tactical(pos, tt_move) {
            self.reward_quiet_cutoff(pos.side_to_move(), tt_move, &[], depth, ply, None);
        }
    }
}
