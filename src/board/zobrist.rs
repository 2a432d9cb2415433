//! Zobrist keys: random numbers whose XOR identifies a position.
//!
//! The key covers the pieces, the side to move and the counting state (limit and
//! counter). The count is part of a position's identity: two positions that differ
//! only in their count must never share a transposition-table entry, or the search
//! would reuse a mate score that one count allows and the other forbids.

use super::types::{Color, Piece, Square};
use once_cell::sync::Lazy;

struct Keys {
    piece_square: [[u64; 64]; 12],
    black_to_move: u64,
}

/// splitmix64: a fixed, well-mixed sequence, so keys are the same in every run.
const fn splitmix64(mut x: u64) -> u64 {
    x = x.wrapping_add(0x9E37_79B9_7F4A_7C15);
    x = (x ^ (x >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
    x = (x ^ (x >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
    x ^ (x >> 31)
}

static KEYS: Lazy<Keys> = Lazy::new(|| {
    let mut seed = 0x4B48_554E_u64; // "KHUN"
    let mut next = || {
        seed = splitmix64(seed);
        seed
    };
    let mut piece_square = [[0u64; 64]; 12];
    for row in piece_square.iter_mut() {
        for key in row.iter_mut() {
            *key = next();
        }
    }
    Keys {
        piece_square,
        black_to_move: next(),
    }
});

#[inline(always)]
pub fn piece_square(piece: Piece, sq: Square) -> u64 {
    KEYS.piece_square[piece.index()][sq.index()]
}

#[inline(always)]
pub fn side(color: Color) -> u64 {
    match color {
        Color::White => 0,
        Color::Black => KEYS.black_to_move,
    }
}

/// The key of a counting state: zero when no count runs, otherwise a mix of the
/// limit and the counter (any values a FEN may give, not only the rule's).
#[inline(always)]
pub fn count(limit: u16, ply: u16) -> u64 {
    if limit == 0 {
        0
    } else {
        splitmix64(0xC0_0000_0000 ^ ((limit as u64) << 16) ^ ply as u64)
    }
}
