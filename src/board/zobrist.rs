//! Zobrist keys: random numbers whose XOR identifies a position.
//!
//! The key covers the pieces, the side to move and the counting state (limit and
//! counter). The count is part of a position's identity: two positions that differ
//! only in their count must never share a transposition-table entry, or the search
//! would reuse a mate score that one count allows and the other forbids.

use super::types::{Color, Piece, Square};
use super::variant::Variant;
use crate::rng::splitmix64;

struct Keys {
    piece_square: [[u64; 64]; 12],
    black_to_move: u64,
    /// Per variant; makruk's is zero so its keys are unchanged.
    variant: [u64; 6],
    /// Cambodian first-move rights, per square.
    gate: [u64; 64],
    /// Kar Ouk checks left, per colour and number (0..=15).
    checks: [[u64; 16]; 2],
}

/// The keys, drawn at compile time from one fixed sequence.
static KEYS: Keys = build_keys();

const fn build_keys() -> Keys {
    let mut seed = 0x4B48_554E_u64; // "KHUN"
    let mut piece_square = [[0u64; 64]; 12];
    let mut piece = 0;
    while piece < 12 {
        let mut sq = 0;
        while sq < 64 {
            seed = splitmix64(seed);
            piece_square[piece][sq] = seed;
            sq += 1;
        }
        piece += 1;
    }
    seed = splitmix64(seed);
    let black_to_move = seed;
    // Drawn after makruk's keys, so those stay the same numbers.
    let mut variant = [0u64; 6];
    let mut i = 1;
    while i < 6 {
        seed = splitmix64(seed);
        variant[i] = seed;
        i += 1;
    }
    let mut gate = [0u64; 64];
    let mut sq = 0;
    while sq < 64 {
        seed = splitmix64(seed);
        gate[sq] = seed;
        sq += 1;
    }
    let mut checks = [[0u64; 16]; 2];
    let mut color = 0;
    while color < 2 {
        let mut n = 0;
        while n < 16 {
            seed = splitmix64(seed);
            checks[color][n] = seed;
            n += 1;
        }
        color += 1;
    }
    Keys {
        piece_square,
        black_to_move,
        variant,
        gate,
        checks,
    }
}

/// The key of the game being played (zero for makruk).
#[inline(always)]
pub(crate) fn variant(v: Variant) -> u64 {
    KEYS.variant[v.index()]
}

/// The key of a Cambodian first-move right on `sq`.
#[inline(always)]
pub(crate) fn gate(sq: Square) -> u64 {
    KEYS.gate[sq.index()]
}

/// The key of Kar Ouk's checks left for `color`.
#[inline(always)]
pub(crate) fn checks(color: Color, left: u8) -> u64 {
    KEYS.checks[color.index()][(left & 15) as usize]
}

#[inline(always)]
pub(crate) fn piece_square(piece: Piece, sq: Square) -> u64 {
    KEYS.piece_square[piece.index()][sq.index()]
}

#[inline(always)]
pub(crate) fn side(color: Color) -> u64 {
    match color {
        Color::White => 0,
        Color::Black => KEYS.black_to_move,
    }
}

/// The key of a counting state: zero when no count runs, otherwise a mix of the
/// limit and the counter (any values a FEN may give, not only the rule's).
// why only the low 32 bits: the transposition table picks a bucket by the key's high
// half, so a position's bucket does not depend on its count, and the search can
// prefetch a child's bucket before making the move (the count is only known after).
#[inline(always)]
pub(crate) fn count(limit: u16, ply: u16) -> u64 {
    if limit == 0 {
        0
    } else {
        splitmix64(0xC0_0000_0000 ^ ((limit as u64) << 16) ^ ply as u64) & 0xFFFF_FFFF
    }
}
