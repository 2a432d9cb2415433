//! Moves and fixed-capacity move lists.

use super::types::{PieceKind, Square};
use std::fmt;

/// What a pawn becomes, as a move carries it: the piece and its UCI letter.
///
/// Makruk's promotion (to a met, `m`) is code 0, so a makruk move's bits are the same
/// as before the other games came (the transposition table and bench rely on it).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[repr(u8)]
pub(crate) enum Promotion {
    /// The met of makruk, Cambodian chess, Kar Ouk and makpong (`m`).
    Met = 0,
    /// The ai-wok (`a`), in the met's slot.
    AiWok = 1,
    /// ASEAN's met, written as a queen (`q`).
    Queen = 2,
    /// ASEAN's khon, written as a bishop (`b`).
    Bishop = 3,
    /// A knight (ASEAN, `n`).
    Knight = 4,
    /// A rook (ASEAN, `r`).
    Rook = 5,
    /// Sittuyin's met, written as a ferz (`f`).
    Ferz = 6,
}

impl Promotion {
    /// ASEAN's four choices, strongest first.
    pub(crate) const ASEAN: [Promotion; 4] = [
        Promotion::Rook,
        Promotion::Knight,
        Promotion::Bishop,
        Promotion::Queen,
    ];

    const fn from_code(code: u16) -> Promotion {
        match code {
            1 => Promotion::AiWok,
            2 => Promotion::Queen,
            3 => Promotion::Bishop,
            4 => Promotion::Knight,
            5 => Promotion::Rook,
            6 => Promotion::Ferz,
            _ => Promotion::Met,
        }
    }

    /// The piece kind placed on the board (the ai-wok lives in the met's slot).
    #[inline(always)]
    pub(crate) const fn kind(self) -> PieceKind {
        match self {
            Promotion::Met | Promotion::AiWok | Promotion::Queen | Promotion::Ferz => {
                PieceKind::Met
            }
            Promotion::Bishop => PieceKind::Khon,
            Promotion::Knight => PieceKind::Knight,
            Promotion::Rook => PieceKind::Rook,
        }
    }

    /// The lower-case UCI letter.
    pub(crate) const fn letter(self) -> char {
        match self {
            Promotion::Met => 'm',
            Promotion::AiWok => 'a',
            Promotion::Queen => 'q',
            Promotion::Bishop => 'b',
            Promotion::Knight => 'n',
            Promotion::Rook => 'r',
            Promotion::Ferz => 'f',
        }
    }
}

/// A move: from-square, to-square, a promotion flag and the promotion's piece, packed
/// in 16 bits (bits 0-5 from, 6-11 to, 12 the promotion flag, 13-15 the piece).
///
/// The Cambodian first moves (the king's leap, the met's double step) need no flag:
/// no other move goes from those squares to those. Sittuyin's promotion in place goes
/// from a square to itself with the promotion flag. A drop goes from its square to
/// itself too, without the flag and with the dropped kind (plus one) in bits 13-15:
/// no other move has those bits set without the flag, and its from-square is empty, so
/// code that reads the piece on a move's from-square finds none for a drop.
/// `Move::NONE` (all zero, a1a1) is never a legal move.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Default)]
pub struct Move(u16);

impl Move {
    pub(crate) const NONE: Move = Move(0);
    const PROMOTION: u16 = 1 << 12;
    const PROMOTION_SHIFT: u32 = 13;

    /// Dropping a man of `kind` from the hand onto `to`.
    #[inline(always)]
    pub(crate) const fn new_drop(kind: PieceKind, to: Square) -> Move {
        let sq = to.index() as u16;
        Move(sq | sq << 6 | (kind.index() as u16 + 1) << Self::PROMOTION_SHIFT)
    }

    /// Whether this is a drop.
    #[inline(always)]
    pub(crate) const fn is_drop(self) -> bool {
        self.0 & Self::PROMOTION == 0 && self.0 >> Self::PROMOTION_SHIFT != 0
    }

    /// The kind a drop puts on the board (meaningless for other moves).
    #[inline(always)]
    pub(crate) const fn drop_kind(self) -> PieceKind {
        PieceKind::from_index(((self.0 >> Self::PROMOTION_SHIFT) as usize).saturating_sub(1))
    }

    #[inline(always)]
    pub(crate) const fn new(from: Square, to: Square) -> Move {
        Move(from.index() as u16 | (to.index() as u16) << 6)
    }

    /// A promotion to the given piece.
    #[inline(always)]
    pub(crate) const fn new_promotion_to(from: Square, to: Square, piece: Promotion) -> Move {
        Move(
            from.index() as u16
                | (to.index() as u16) << 6
                | Self::PROMOTION
                | (piece as u16) << Self::PROMOTION_SHIFT,
        )
    }

    /// The promotion's piece, if this is a promotion.
    #[inline(always)]
    pub(crate) const fn promotion(self) -> Option<Promotion> {
        if self.is_promotion() {
            Some(Promotion::from_code(self.0 >> Self::PROMOTION_SHIFT))
        } else {
            None
        }
    }

    /// The kind a promotion places (`Met` for a plain move; meaningless for a drop).
    #[inline(always)]
    pub(crate) const fn promotion_kind(self) -> PieceKind {
        Promotion::from_code(self.0 >> Self::PROMOTION_SHIFT).kind()
    }

    #[inline(always)]
    pub(crate) const fn from(self) -> Square {
        Square::new((self.0 & 63) as u8)
    }

    #[inline(always)]
    pub const fn to(self) -> Square {
        Square::new(((self.0 >> 6) & 63) as u8)
    }

    #[inline(always)]
    pub(crate) const fn is_promotion(self) -> bool {
        self.0 & Self::PROMOTION != 0
    }

    #[inline(always)]
    pub(crate) const fn is_none(self) -> bool {
        self.0 == 0
    }

    /// The raw 16 bits (for the transposition table).
    #[inline(always)]
    pub(crate) const fn to_bits(self) -> u16 {
        self.0
    }

    #[inline(always)]
    pub(crate) const fn from_bits(bits: u16) -> Move {
        Move(bits)
    }
}

/// UCI long algebraic form: `e3e4`, promotions with the piece's letter (`d5e6m`,
/// ASEAN `d7d8q`, ai-wok `d5d6a`, sittuyin `c3d4f` and in place `d5d5f`), drops as
/// Fairy-Stockfish writes them (`R@a1`, upper case for either side), in the letters of
/// sittuyin, the one drop game (`F@e2` for the met).
impl fmt::Display for Move {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        if self.is_none() {
            return f.write_str("0000");
        }
        if self.is_drop() {
            let letter = match self.drop_kind() {
                PieceKind::Met => 'F',
                kind => kind.letter(),
            };
            return write!(f, "{letter}@{}", self.to());
        }
        write!(f, "{}{}", self.from(), self.to())?;
        if let Some(p) = self.promotion() {
            write!(f, "{}", p.letter())?;
        }
        Ok(())
    }
}

impl fmt::Debug for Move {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        fmt::Display::fmt(self, f)
    }
}

/// The most legal moves a reachable position of the family can have is far below this
/// in makruk (a side has at most two rooks; promotions add only mets). ASEAN
/// promotions to rooks and the ai-wok's rook-and-knight moves go further, so the list
/// has room for 256.
pub(crate) const MAX_MOVES: usize = 128;

/// A list of moves on the stack; no allocation in the search.
#[derive(Clone)]
pub struct MoveList {
    moves: [Move; MAX_MOVES],
    len: usize,
}

impl Default for MoveList {
    fn default() -> Self {
        Self::new()
    }
}

impl MoveList {
    #[inline(always)]
    pub(crate) const fn new() -> MoveList {
        MoveList {
            moves: [Move::NONE; MAX_MOVES],
            len: 0,
        }
    }

    /// Keeps the first `len` moves.
    #[inline(always)]
    pub(crate) fn truncate(&mut self, len: usize) {
        self.len = self.len.min(len);
    }

    #[inline(always)]
    pub(crate) fn push(&mut self, m: Move) {
        debug_assert!(self.len < MAX_MOVES);
        // The bound keeps a (theoretically impossible) overflow from writing out of range.
        if self.len < MAX_MOVES {
            self.moves[self.len] = m;
            self.len += 1;
        }
    }

    #[inline(always)]
    pub fn len(&self) -> usize {
        self.len
    }

    #[inline(always)]
    pub fn is_empty(&self) -> bool {
        self.len == 0
    }

    #[inline(always)]
    pub fn as_slice(&self) -> &[Move] {
        &self.moves[..self.len]
    }

    #[inline(always)]
    pub(crate) fn as_mut_slice(&mut self) -> &mut [Move] {
        &mut self.moves[..self.len]
    }

    pub(crate) fn contains(&self, m: Move) -> bool {
        self.as_slice().contains(&m)
    }

    pub fn iter(&self) -> std::slice::Iter<'_, Move> {
        self.as_slice().iter()
    }
}

impl<'a> IntoIterator for &'a MoveList {
    type Item = &'a Move;
    type IntoIter = std::slice::Iter<'a, Move>;
    fn into_iter(self) -> Self::IntoIter {
        self.as_slice().iter()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn packs_and_prints() {
        let m = Move::new_promotion_to(
            Square::parse("d5").unwrap(),
            Square::parse("e6").unwrap(),
            Promotion::Met,
        );
        // Makruk's promotion is code 0: the bits of a move before the other games.
        assert_eq!(m.to_bits() >> 13, 0);
        assert_eq!(m.to_string(), "d5e6m");
        assert!(m.is_promotion());
        assert_eq!(Move::from_bits(m.to_bits()), m);
        let q = Move::new(Square::parse("e3").unwrap(), Square::parse("e4").unwrap());
        assert_eq!(q.to_string(), "e3e4");
        assert!(!q.is_promotion());
        let r = Move::new_promotion_to(
            Square::parse("d7").unwrap(),
            Square::parse("d8").unwrap(),
            Promotion::Rook,
        );
        assert_eq!(r.to_string(), "d7d8r");
        assert_eq!(r.promotion_kind(), PieceKind::Rook);
        assert_eq!(Move::from_bits(r.to_bits()), r);
        assert_eq!(m.promotion(), Some(Promotion::Met));
        assert!(!m.is_drop() && !q.is_drop() && !r.is_drop());
    }

    #[test]
    fn drops_pack_and_print() {
        for kind in PieceKind::ALL {
            for sq in Square::all() {
                let m = Move::new_drop(kind, sq);
                assert!(m.is_drop() && !m.is_promotion() && !m.is_none());
                assert_eq!((m.drop_kind(), m.to(), m.from()), (kind, sq, sq));
                assert_eq!(Move::from_bits(m.to_bits()), m);
            }
        }
        let rook = Move::new_drop(PieceKind::Rook, Square::parse("a1").unwrap());
        assert_eq!(rook.to_string(), "R@a1");
        let met = Move::new_drop(PieceKind::Met, Square::parse("e2").unwrap());
        assert_eq!(met.to_string(), "F@e2");
        let d5 = Square::parse("d5").unwrap();
        let in_place = Move::new_promotion_to(d5, d5, Promotion::Ferz);
        assert_eq!(in_place.to_string(), "d5d5f");
        assert!(in_place.is_promotion() && !in_place.is_drop());
        assert_eq!(in_place.promotion_kind(), PieceKind::Met);
    }
}
