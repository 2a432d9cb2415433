//! Move ordering: the hash move, then winning captures and promotions (most
//! valuable victim, least valuable attacker), killers, the counter move, quiet moves
//! by history, and losing captures last. All legal moves are generated at once
//! (generation is cheap next to searching a move) and picked best-first.

use super::history::History;
use super::see::see_at_least;
use crate::board::{Move, MoveList, Piece, Position, Square};
use crate::eval::params::see_value_in;

const TT_MOVE: i32 = 1_000_000_000;
const GOOD_TACTICAL: i32 = 500_000_000;
const KILLER_1: i32 = 400_000_002;
const KILLER_2: i32 = 400_000_001;
const COUNTER: i32 = 400_000_000;
const BAD_TACTICAL: i32 = -500_000_000;

/// Whether a move changes material (capture or promotion).
#[inline(always)]
pub(crate) fn is_tactical(pos: &Position, m: Move) -> bool {
    m.is_promotion() || pos.captured_kind(m).is_some()
}

/// Orders a list of legal moves and hands them out best first.
pub(crate) struct MovePicker {
    moves: MoveList,
    scores: [i32; crate::board::moves::MAX_MOVES],
    next: usize,
    /// Captures and promotions not handed out yet.
    tacticals_left: usize,
    /// Whether the hash move (if in the list) is a capture or promotion.
    tt_move_tactical: bool,
}

/// What the picker knows about the node for quiet-move ordering.
pub(crate) struct QuietHints {
    pub(crate) killers: [Move; 2],
    pub(crate) counter: Move,
}

impl MovePicker {
    pub(crate) fn new(
        pos: &Position,
        moves: MoveList,
        tt_move: Move,
        hints: Option<&QuietHints>,
        history: &History,
    ) -> MovePicker {
        let mut scores = [0i32; crate::board::moves::MAX_MOVES];
        let side = pos.side_to_move();
        let variant = pos.variant();
        let see_value = |kind| see_value_in(variant, kind);
        let mut tacticals_left = 0;
        for (i, &m) in moves.iter().enumerate() {
            let tactical = is_tactical(pos, m);
            tacticals_left += tactical as usize;
            scores[i] = if m == tt_move {
                TT_MOVE
            } else if tactical {
                let victim = pos.captured_kind(m).map_or(0, see_value);
                let attacker = pos.moved_piece(m).map_or(0, |p| see_value(p.kind));
                // What the pawn becomes (ASEAN's rook first among its four).
                let promotion = if m.is_promotion() {
                    see_value(m.promotion_kind())
                } else {
                    0
                };
                let mvv_lva = (victim + promotion) * 16 - attacker / 16;
                if see_at_least(pos, m, 0) {
                    GOOD_TACTICAL + mvv_lva
                } else {
                    BAD_TACTICAL + mvv_lva
                }
            } else if let Some(h) = hints {
                if m == h.killers[0] {
                    KILLER_1
                } else if m == h.killers[1] {
                    KILLER_2
                } else if m == h.counter {
                    COUNTER
                } else {
                    history.quiet_score(side, m)
                }
            } else {
                history.quiet_score(side, m)
            };
        }
        MovePicker {
            moves,
            scores,
            next: 0,
            tacticals_left,
            tt_move_tactical: !tt_move.is_none() && is_tactical(pos, tt_move),
        }
    }

    /// The next best move and its ordering score.
    pub(crate) fn next_move(&mut self) -> Option<(Move, i32)> {
        let n = self.moves.len();
        if self.next >= n {
            return None;
        }
        // The first of the best: the maximum in one pass the compiler vectorises,
        // then where it first occurs (the same move a compare-and-keep scan picks).
        let rest = &self.scores[self.next..n];
        let top = rest.iter().copied().max().unwrap_or(i32::MIN);
        let best = self.next + rest.iter().position(|&s| s == top).unwrap_or(0);
        let slice = self.moves.as_mut_slice();
        slice.swap(self.next, best);
        self.scores.swap(self.next, best);
        let out = (slice[self.next], self.scores[self.next]);
        self.next += 1;
        if score_is_tactical(out.1, self.tt_move_tactical) {
            self.tacticals_left -= 1;
        }
        Some(out)
    }

    /// How many captures and promotions are still to come. Once a search skips
    /// every further quiet move, it is done when this is zero: the picker would
    /// only hand out moves it skips.
    pub(crate) fn tacticals_left(&self) -> usize {
        self.tacticals_left
    }

    pub(crate) fn len(&self) -> usize {
        self.moves.len()
    }
}

/// Whether an ordering score belongs to a capture or promotion (`tt_move_tactical`
/// says what the hash move is).
#[inline(always)]
fn score_is_tactical(score: i32, tt_move_tactical: bool) -> bool {
    if score == TT_MOVE {
        tt_move_tactical
    } else {
        score >= GOOD_TACTICAL / 2 + KILLER_1 / 2 || is_losing_tactical(score)
    }
}

/// Whether an ordering score marks a capture that loses material.
#[inline(always)]
pub(crate) fn is_losing_tactical(score: i32) -> bool {
    score < BAD_TACTICAL / 2
}

/// The piece that moved and where it went, for counter-move lookups at the child.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) struct PlayedMove {
    pub(crate) piece: Piece,
    pub(crate) to: Square,
}
