//! Zobrist keys: random numbers whose XOR identifies a position.
//!
//! The key covers the pieces, the pieces in hand, the side to move and the counting
//! state (limit and counter). The count is part of a position's identity: two positions that differ
//! only in their count must never share a transposition-table entry, or the search
//! would reuse a mate score that one count allows and the other forbids.

use super::types::{Color, Piece, Square};
use super::variant::Variant;
use crate::rng::splitmix64;

struct Keys {
    piece_square: [[u64; 64]; 12],
    black_to_move: u64,
    /// Per variant; makruk's is zero so its keys are unchanged.
    variant: [u64; 7],
    /// Cambodian first-move rights, per square.
    gate: [u64; 64],
    /// Kar Ouk checks left, per colour and number (0..=15).
    checks: [[u64; 16]; 2],
    /// Pieces in hand: per piece (`Piece::index`), the key of its n-th copy in hand
    /// (index n, 1..=7; index 0 unused), so that a hand's key is the XOR over its
    /// copies and a drop changes one number.
    hand: [[u64; 8]; 12],
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
    let mut variant = [0u64; 7];
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
    // Sittuyin's and the hands' keys come last, so the other games' keys stay the
    // numbers they were.
    seed = splitmix64(seed);
    variant[6] = seed;
    let mut hand = [[0u64; 8]; 12];
    let mut piece = 0;
    while piece < 12 {
        let mut n = 1;
        while n < 8 {
            seed = splitmix64(seed);
            hand[piece][n] = seed;
            n += 1;
        }
        piece += 1;
    }
    Keys {
        piece_square,
        black_to_move,
        variant,
        gate,
        checks,
        hand,
    }
}

/// The key of the `n`-th copy (1..=7) of `piece` in its side's hand.
#[inline(always)]
pub(crate) fn hand(piece: Piece, n: u8) -> u64 {
    KEYS.hand[piece.index()][(n & 7) as usize]
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
