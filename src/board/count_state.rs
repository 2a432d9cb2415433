//! The count a position carries ([`CountState`]: a limit and a running counter, the
//! FEN's fields 4 and 5), which rule a running one follows ([`CountKind`]), and the
//! players' count beside it ([`PlayersCount`]). How a
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

/// The players' count a position carries: off (the automatic count), or on with the
/// plies since the count was started (none running) and the side the search assumes
/// starts it. Three bytes: the position is copied at every move of the search.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Default)]
pub(crate) struct PlayersCount {
    /// Bit 0: the players' convention; bits 1-2: the assumed starter (0 none, 1
    /// White, 2 Black).
    pub(super) flags: u8,
    /// Plies since the count was started (0 at the counting side's first turn), or
    /// `NOT_RUNNING`.
    pub(super) since_start: u16,
}

pub(super) const NOT_RUNNING: u16 = u16::MAX;
pub(super) const ON: u8 = 1;

impl PlayersCount {
    pub(crate) const AUTOMATIC: PlayersCount = PlayersCount {
        flags: 0,
        since_start: NOT_RUNNING,
    };

    #[inline(always)]
    pub(crate) fn is_on(self) -> bool {
        self.flags & ON != 0
    }

    pub(super) fn starter(self) -> Option<Color> {
        match self.flags >> 1 {
            1 => Some(Color::White),
            2 => Some(Color::Black),
            _ => None,
        }
    }

    pub(super) fn running(self) -> Option<u16> {
        (self.since_start != NOT_RUNNING).then_some(self.since_start)
    }

    /// The key's share: zero under the automatic count; the convention, the assumed
    /// starter and the counter otherwise. Only the low 32 bits, as the count's (the
    /// table's bucket must not depend on the count).
    pub(crate) fn key(self) -> u64 {
        if !self.is_on() {
            return 0;
        }
        crate::rng::splitmix64(
            0x504C_4159_0000_0000 ^ ((self.flags as u64) << 20) ^ self.since_start as u64,
        ) & 0xFFFF_FFFF
    }

    /// One ply later: the counter moves on.
    #[inline(always)]
    pub(crate) fn advanced(self) -> PlayersCount {
        match self.running() {
            Some(n) => PlayersCount {
                since_start: n.saturating_add(1).min(NOT_RUNNING - 1),
                ..self
            },
            None => self,
        }
    }
}
