//! 64-bit sets of squares.

use super::types::{Color, Square};
use std::ops::{BitAnd, BitAndAssign, BitOr, BitOrAssign, BitXor, BitXorAssign, Not};

/// A set of squares, bit `i` standing for square `i` (a1 = bit 0).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Default)]
pub struct Bitboard(pub(crate) u64);

impl Bitboard {
    pub(crate) const EMPTY: Bitboard = Bitboard(0);
    pub(crate) const FULL: Bitboard = Bitboard(!0);
    pub(crate) const FILE_A: Bitboard = Bitboard(0x0101_0101_0101_0101);
    pub(crate) const FILE_H: Bitboard = Bitboard(0x8080_8080_8080_8080);
    pub(crate) const RANK_1: Bitboard = Bitboard(0xFF);

    /// All squares of rank `rank` (0 = rank 1).
    #[inline(always)]
    pub(crate) const fn rank(rank: u8) -> Bitboard {
        Bitboard(0xFF << (8 * rank as u32))
    }

    /// All squares of file `file` (0 = file a).
    #[inline(always)]
    pub(crate) const fn file(file: u8) -> Bitboard {
        Bitboard(Self::FILE_A.0 << file as u32)
    }

    /// The rank `rank` as counted from `color`'s side (0 = that side's first rank).
    #[inline(always)]
    pub(crate) const fn relative_rank(color: Color, rank: u8) -> Bitboard {
        match color {
            Color::White => Self::rank(rank),
            Color::Black => Self::rank(7 - rank),
        }
    }

    #[inline(always)]
    pub(crate) const fn from_square(sq: Square) -> Bitboard {
        Bitboard(1u64 << sq.index())
    }

    #[inline(always)]
    pub(crate) const fn is_empty(self) -> bool {
        self.0 == 0
    }

    #[inline(always)]
    pub const fn any(self) -> bool {
        self.0 != 0
    }

    #[inline(always)]
    pub(crate) const fn count(self) -> u32 {
        self.0.count_ones()
    }

    /// True when at least two squares are set.
    #[inline(always)]
    pub(crate) const fn more_than_one(self) -> bool {
        self.0 & self.0.wrapping_sub(1) != 0
    }

    #[inline(always)]
    pub(crate) const fn contains(self, sq: Square) -> bool {
        self.0 & (1u64 << sq.index()) != 0
    }

    /// The lowest square; the set must not be empty.
    #[inline(always)]
    pub(crate) const fn lsb(self) -> Square {
        debug_assert!(self.0 != 0);
        Square::new(self.0.trailing_zeros() as u8)
    }

    #[inline(always)]
    pub(crate) fn with(self, sq: Square) -> Bitboard {
        Bitboard(self.0 | (1u64 << sq.index()))
    }

    #[inline(always)]
    pub(crate) fn without(self, sq: Square) -> Bitboard {
        Bitboard(self.0 & !(1u64 << sq.index()))
    }

    /// Every square moved one rank toward `color`'s opponent (pawn pushes).
    #[inline(always)]
    pub(crate) const fn forward(self, color: Color) -> Bitboard {
        match color {
            Color::White => Bitboard(self.0 << 8),
            Color::Black => Bitboard(self.0 >> 8),
        }
    }

    /// Every square one file to the left or right of a square of the set (no
    /// wrapping from the h-file to the a-file).
    #[inline(always)]
    pub(crate) const fn sideways(self) -> Bitboard {
        Bitboard(((self.0 << 1) & !Bitboard::FILE_A.0) | ((self.0 >> 1) & !Bitboard::FILE_H.0))
    }

    /// The squares `color`'s pawns on this set attack (one step diagonally forward).
    #[inline(always)]
    pub(crate) const fn pawn_attacks(self, color: Color) -> Bitboard {
        self.forward(color).sideways()
    }

    /// The files holding at least one square of the set, as a byte (bit f = file f).
    #[inline(always)]
    pub(crate) const fn occupied_files(self) -> u8 {
        let mut b = self.0;
        b |= b >> 32;
        b |= b >> 16;
        b |= b >> 8;
        b as u8
    }

    /// Every square of the files holding at least one square of the set.
    #[inline(always)]
    pub(crate) const fn file_fill(self) -> Bitboard {
        Bitboard(Self::FILE_A.0 * self.occupied_files() as u64)
    }
}

impl Iterator for Bitboard {
    type Item = Square;

    #[inline(always)]
    fn next(&mut self) -> Option<Square> {
        if self.0 == 0 {
            None
        } else {
            let sq = Square::new(self.0.trailing_zeros() as u8);
            self.0 &= self.0 - 1;
            Some(sq)
        }
    }

    #[inline]
    fn size_hint(&self) -> (usize, Option<usize>) {
        let n = self.0.count_ones() as usize;
        (n, Some(n))
    }
}

impl ExactSizeIterator for Bitboard {}

macro_rules! bit_op {
    ($tr:ident, $f:ident, $atr:ident, $af:ident, $op:tt) => {
        impl $tr for Bitboard {
            type Output = Bitboard;
            #[inline(always)]
            fn $f(self, rhs: Bitboard) -> Bitboard {
                Bitboard(self.0 $op rhs.0)
            }
        }
        impl $atr for Bitboard {
            #[inline(always)]
            fn $af(&mut self, rhs: Bitboard) {
                self.0 = self.0 $op rhs.0;
            }
        }
    };
}

bit_op!(BitAnd, bitand, BitAndAssign, bitand_assign, &);
bit_op!(BitOr, bitor, BitOrAssign, bitor_assign, |);
bit_op!(BitXor, bitxor, BitXorAssign, bitxor_assign, ^);

impl Not for Bitboard {
    type Output = Bitboard;
    #[inline(always)]
    fn not(self) -> Bitboard {
        Bitboard(!self.0)
    }
}

impl From<Square> for Bitboard {
    #[inline(always)]
    fn from(sq: Square) -> Bitboard {
        Bitboard::from_square(sq)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn iterates_squares_in_order() {
        let bb = Bitboard(0b1010_0001);
        let squares: Vec<usize> = bb.map(|s| s.index()).collect();
        assert_eq!(squares, vec![0, 5, 7]);
    }

    #[test]
    fn files_of_a_set() {
        let set = Bitboard::from_square(Square::new(8)) // a2
            | Bitboard::from_square(Square::new(60)) // e8
            | Bitboard::from_square(Square::new(12)); // e2
        assert_eq!(set.occupied_files(), 0b0001_0001);
        assert_eq!(set.file_fill(), Bitboard::file(0) | Bitboard::file(4));
        assert_eq!(Bitboard::EMPTY.file_fill(), Bitboard::EMPTY);
    }

    #[test]
    fn more_than_one_counts() {
        assert!(!Bitboard(0).more_than_one());
        assert!(!Bitboard(8).more_than_one());
        assert!(Bitboard(9).more_than_one());
    }
}
