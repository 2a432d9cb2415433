//! Sets of squares as the solvers hold them (a `u64` over the defending king's
//! squares): one square's set, the board mirrored left to right, and the squares a
//! king steps to.

use crate::board::{Bitboard, Square};

/// The set of `sq` alone.
#[inline]
pub(crate) fn bit(sq: Square) -> u64 {
    Bitboard::from_square(sq).0
}

/// The square on the same rank, other wing (a <-> h).
pub(crate) fn mirror_square(sq: Square) -> Square {
    Square::new(sq.index() as u8 ^ 7)
}

/// The same set of squares with files mirrored (a <-> h).
pub(crate) fn mirror_files(b: u64) -> u64 {
    const K1: u64 = 0x5555_5555_5555_5555;
    const K2: u64 = 0x3333_3333_3333_3333;
    const K4: u64 = 0x0f0f_0f0f_0f0f_0f0f;
    let b = ((b >> 1) & K1) | ((b & K1) << 1);
    let b = ((b >> 2) & K2) | ((b & K2) << 2);
    ((b >> 4) & K4) | ((b & K4) << 4)
}

/// Every square next to a square of `b`.
pub(crate) fn king_spread(b: u64) -> u64 {
    let west = (b >> 1) & !Bitboard::FILE_H.0;
    let east = (b << 1) & !Bitboard::FILE_A.0;
    let row = b | west | east;
    (row << 8) | (row >> 8) | west | east
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::board::attacks;

    #[test]
    fn mirroring_twice_is_the_identity() {
        for b in [1u64, 0x8000_0000_0000_0001, 0x0123_4567_89ab_cdef] {
            assert_eq!(mirror_files(mirror_files(b)), b);
        }
        assert_eq!(mirror_files(1), 0x80);
    }

    #[test]
    fn king_spread_is_the_king_move_union() {
        for s in 0..64u8 {
            let sq = Square::new(s);
            assert_eq!(
                king_spread(Bitboard::from_square(sq).0),
                attacks::king_attacks(sq).0
            );
        }
    }
}
