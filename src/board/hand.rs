//! Pieces in hand: the men a side has still to drop onto the board (sittuyin's set-up
//! phase, the family's one drop game).
//!
//! A hand is two bytes: three bits (0..=7) for each of the met, khon, knight, rook and
//! king. Pawns are never in hand (no game of the family drops a pawn, and no capture
//! goes to the hand), so the FEN reader refuses one. Two bytes per side fit in what was
//! padding in the position, which copy-make copies at every move.

use super::types::PieceKind;

/// The pieces one side has in hand.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Default)]
pub(crate) struct Hand(u16);

/// The kinds a hand can hold, in the order Fairy-Stockfish writes them in a FEN (its
/// piece types from the king down: `[KSSFRRNN]`).
pub(crate) const HAND_ORDER: [PieceKind; 5] = [
    PieceKind::King,
    PieceKind::Khon,
    PieceKind::Met,
    PieceKind::Rook,
    PieceKind::Knight,
];

/// The most of one kind a hand holds.
pub(crate) const MAX_OF_A_KIND: u8 = 7;

impl Hand {
    pub(crate) const EMPTY: Hand = Hand(0);

    /// The bit offset of `kind`'s three bits; pawns have none.
    #[inline(always)]
    const fn shift(kind: PieceKind) -> u32 {
        3 * (kind.index() as u32 - 1)
    }

    /// How many of `kind` the hand holds.
    #[inline(always)]
    pub(crate) const fn count(self, kind: PieceKind) -> u8 {
        match kind {
            PieceKind::Pawn => 0,
            _ => ((self.0 >> Self::shift(kind)) & 7) as u8,
        }
    }

    /// Whether the hand holds nothing.
    #[inline(always)]
    pub(crate) const fn is_empty(self) -> bool {
        self.0 == 0
    }

    /// The pieces in hand, all kinds together.
    pub(crate) fn total(self) -> u32 {
        HAND_ORDER.iter().map(|&k| self.count(k) as u32).sum()
    }

    /// The hand with one more `kind`, or `None` for a pawn or a full slot.
    pub(crate) const fn with_one_more(self, kind: PieceKind) -> Option<Hand> {
        if matches!(kind, PieceKind::Pawn) || self.count(kind) >= MAX_OF_A_KIND {
            None
        } else {
            Some(Hand(self.0 + (1 << Self::shift(kind))))
        }
    }

    /// The hand with one `kind` fewer; the hand must hold one.
    #[inline(always)]
    pub(crate) const fn with_one_less(self, kind: PieceKind) -> Hand {
        debug_assert!(self.count(kind) > 0);
        Hand(self.0 - (1 << Self::shift(kind)))
    }

    /// The kinds the hand holds at least one of, in [`HAND_ORDER`].
    pub(crate) fn kinds(self) -> impl Iterator<Item = PieceKind> {
        HAND_ORDER.into_iter().filter(move |&k| self.count(k) > 0)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn counts_up_and_down() {
        let mut hand = Hand::EMPTY;
        assert!(hand.is_empty());
        for kind in [
            PieceKind::Rook,
            PieceKind::Rook,
            PieceKind::King,
            PieceKind::Met,
        ] {
            hand = hand.with_one_more(kind).expect("room");
        }
        assert_eq!(hand.count(PieceKind::Rook), 2);
        assert_eq!(hand.count(PieceKind::King), 1);
        assert_eq!(hand.count(PieceKind::Knight), 0);
        assert_eq!(hand.total(), 4);
        assert_eq!(
            hand.kinds().collect::<Vec<_>>(),
            [PieceKind::King, PieceKind::Met, PieceKind::Rook]
        );
        assert_eq!(hand.with_one_more(PieceKind::Pawn), None);
        let hand = hand.with_one_less(PieceKind::Rook);
        assert_eq!(hand.count(PieceKind::Rook), 1);
        let mut full = Hand::EMPTY;
        for _ in 0..MAX_OF_A_KIND {
            full = full.with_one_more(PieceKind::Knight).expect("room");
        }
        assert_eq!(full.count(PieceKind::Knight), 7);
        assert_eq!(full.count(PieceKind::Rook), 0);
        assert_eq!(full.with_one_more(PieceKind::Knight), None);
    }
}
