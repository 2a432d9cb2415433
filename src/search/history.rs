//! Move-ordering memory kept by each search thread: killers, quiet-move history and
//! counter moves.

use super::score::MAX_PLY;
use crate::board::{Color, Move, Piece};

/// The largest magnitude a history entry reaches (the "gravity" bound).
const HISTORY_MAX: i32 = 16_384;

/// Per-thread ordering tables. Kept between moves of a game, cleared by `ucinewgame`.
pub(crate) struct History {
    /// Quiet moves that caused cutoffs, by side, from and to square.
    butterfly: Box<[[[i16; 64]; 64]; 2]>,
    /// The refutation of the previous move: indexed by its piece and target square.
    counter: Box<[[Move; 64]; 12]>,
    /// Two quiet moves per ply that caused a cutoff in a sibling node.
    killers: [[Move; 2]; MAX_PLY + 8],
}

impl Default for History {
    fn default() -> Self {
        History {
            butterfly: Box::new([[[0; 64]; 64]; 2]),
            counter: Box::new([[Move::NONE; 64]; 12]),
            killers: [[Move::NONE; 2]; MAX_PLY + 8],
        }
    }
}

/// The history bonus for a cutoff at `depth`.
// why: deeper cutoffs are better evidence; the square keeps shallow noise small.
pub(crate) fn bonus(depth: i32) -> i32 {
    (depth * depth * 16 + 32).min(1600)
}

impl History {
    pub(crate) fn clear(&mut self) {
        *self = History::default();
    }

    /// Forget the killers (they belong to the previous search's plies).
    pub(crate) fn clear_killers(&mut self) {
        self.killers = [[Move::NONE; 2]; MAX_PLY + 8];
    }

    #[inline(always)]
    pub(crate) fn quiet_score(&self, side: Color, m: Move) -> i32 {
        self.butterfly[side.index()][m.from().index()][m.to().index()] as i32
    }

    /// Moves an entry toward +-HISTORY_MAX by `delta`, slowing as it nears the bound.
    #[inline(always)]
    fn apply(entry: &mut i16, delta: i32) {
        let v = *entry as i32;
        let updated = v + delta - v * delta.abs() / HISTORY_MAX;
        *entry = updated.clamp(-HISTORY_MAX, HISTORY_MAX) as i16;
    }

    /// Rewards the quiet move that cut off and punishes the quiets tried before it.
    pub(crate) fn update_quiets(&mut self, side: Color, best: Move, tried: &[Move], depth: i32) {
        let b = bonus(depth);
        Self::apply(
            &mut self.butterfly[side.index()][best.from().index()][best.to().index()],
            b,
        );
        for &m in tried {
            if m != best {
                Self::apply(
                    &mut self.butterfly[side.index()][m.from().index()][m.to().index()],
                    -b,
                );
            }
        }
    }

    #[inline(always)]
    pub(crate) fn killers(&self, ply: usize) -> [Move; 2] {
        self.killers[ply]
    }

    pub(crate) fn add_killer(&mut self, ply: usize, m: Move) {
        let k = &mut self.killers[ply];
        if k[0] != m {
            k[1] = k[0];
            k[0] = m;
        }
    }

    #[inline(always)]
    pub(crate) fn counter(&self, previous_piece: Piece, previous_to: crate::board::Square) -> Move {
        self.counter[previous_piece.index()][previous_to.index()]
    }

    pub(crate) fn set_counter(
        &mut self,
        previous_piece: Piece,
        previous_to: crate::board::Square,
        m: Move,
    ) {
        self.counter[previous_piece.index()][previous_to.index()] = m;
    }
}
