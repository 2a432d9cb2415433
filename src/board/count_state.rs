//! The count a position carries ([`CountState`]: a limit and a running counter, the
//! FEN's fields 4 and 5) and which rule a running one follows ([`CountKind`]). How a
//! move changes it, and what it means for the players, is the counting rules'
//! business: `counting.rs`.

use super::types::Color;
use std::fmt;

/// The counting state of a position: `limit` plies (0 = no count runs) and the
/// running counter `ply`. FEN fields 4 and 5 hold exactly these numbers.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Default)]
pub struct CountState {
    limit: u16,
    ply: u16,
}

/// Which of the two counting rules a running count follows, judged from the material.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum CountKind {
    /// Both sides still have pieces (64 moves).
    BoardsHonour,
    /// `bare` has only its king; the other side must mate within the limit.
    PiecesHonour { bare: Color },
}

impl CountState {
    pub(crate) const NONE: CountState = CountState { limit: 0, ply: 0 };

    /// A count with `limit` plies, its counter at `ply`. A limit of zero means none.
    pub(crate) const fn new(limit: u16, ply: u16) -> CountState {
        if limit == 0 {
            CountState::NONE
        } else {
            CountState { limit, ply }
        }
    }

    #[inline(always)]
    pub(crate) const fn is_running(self) -> bool {
        self.limit != 0
    }

    /// The limit in plies (0 when no count runs).
    #[inline(always)]
    pub(crate) const fn limit(self) -> u16 {
        self.limit
    }

    /// The counter in plies (0 when no count runs).
    #[inline(always)]
    pub const fn ply(self) -> u16 {
        self.ply
    }

    /// The counter has passed the limit: the game is drawn unless the side to move
    /// is checkmated.
    #[inline(always)]
    pub const fn is_exceeded(self) -> bool {
        self.limit != 0 && self.ply > self.limit
    }

    /// Plies that may still be played before the count runs out (`None` when no count
    /// runs). Zero means the next move ends the game unless it mates.
    #[inline(always)]
    pub fn plies_left(self) -> Option<u16> {
        self.is_running()
            .then(|| self.limit.saturating_sub(self.ply))
    }

    #[inline(always)]
    pub(super) fn advanced(self) -> CountState {
        if self.is_running() {
            CountState {
                limit: self.limit,
                ply: self.ply.saturating_add(1),
            }
        } else {
            self
        }
    }
}

impl fmt::Display for CountState {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        if self.is_running() {
            write!(f, "{} {}", self.limit, self.ply)
        } else {
            f.write_str("-")
        }
    }
}
