//! Piece-square tables, written from White's side with rank 8 on top (as a board
//! diagram reads); Black uses the mirror image.
//!
//! The values are fitted by `khun tune-eval` (README, "Tuning the hand-written
//! evaluation"); the comments say what the hand-written tables before them aimed
//! at, which the fit mostly kept.

use super::score::S;
use crate::board::{Color, PieceKind, Square};

type Table = [i32; 64];

// why: pawns gain as they near the sixth rank (promotion); central pawns control the
// squares the pieces want. Ranks 6-8 never hold a pawn.
#[rustfmt::skip]
const PAWN_MG: Table = [
      0,   0,   0,   0,   0,   0,   0,   0,
      0,   0,   0,   0,   0,   0,   0,   0,
      0,   0,   0,   0,   0,   0,   0,   0,
     10,  28,  35,  49,  49,  35,  28,  10,
      1,   7,  17,  25,  25,  17,   7,   1,
     -6,  -1,   3,  11,  11,   3,  -1,  -6,
      0,   0,   0,   0,   0,   0,   0,   0,
      0,   0,   0,   0,   0,   0,   0,   0,
];

#[rustfmt::skip]
const PAWN_EG: Table = [
      0,   0,   0,   0,   0,   0,   0,   0,
      0,   0,   0,   0,   0,   0,   0,   0,
      0,   0,   0,   0,   0,   0,   0,   0,
     40,  26,  26,  20,  20,  26,  26,  40,
     18,  23,   7,  11,  11,   7,  23,  18,
     16,   6,   8,  -3,  -3,   8,   6,  16,
      0,   0,   0,   0,   0,   0,   0,   0,
      0,   0,   0,   0,   0,   0,   0,   0,
];

// why: the met steps one square diagonally; it is useful in the centre and close to
// its king, useless on the rim.
#[rustfmt::skip]
const MET_MG: Table = [
     24,  62,   4,   4,   4,   4,  62,  24,
     44,  17,  10,  15,  15,  10,  17,  44,
    -19,  11,  29,  31,  31,  29,  11, -19,
     -4,  12,  21,  29,  29,  21,  12,  -4,
     -2,   1,  15,  21,  21,  15,   1,  -2,
    -10,  -6,   0,   3,   3,   0,  -6, -10,
    -17, -12, -12, -12, -12, -12, -12, -17,
     12, -15, -12, -24, -24, -12, -15,  12,
];

#[rustfmt::skip]
const MET_EG: Table = [
    -74, -60,   6,  -5,  -5,   6, -60, -74,
    -49, -33,   3,  10,  10,   3, -33, -49,
    -37, -14,  -3,   9,   9,  -3, -14, -37,
     -9,  -4,   8,   8,   8,   8,  -4,  -9,
     -3,   6,  10,  11,  11,  10,   6,  -3,
     -4,  -3,   6,   8,   8,   6,  -3,  -4,
    -20, -13,  -8,  -2,  -2,  -8, -13, -20,
     -7, -30, -17, -17, -17, -17, -30,  -7,
];

// why: the khon attacks forward and retreats badly: advanced central khons are
// strong, khons left on the back rank are passive.
#[rustfmt::skip]
const KHON_MG: Table = [
     82,  51,   7,  -2,  -2,   7,  51,  82,
     12,  31,  12,  25,  25,  12,  31,  12,
     -1,  32,  33,  36,  36,  33,  32,  -1,
     -1,  17,  27,  31,  31,  27,  17,  -1,
      3,   3,  10,  15,  15,  10,   3,   3,
    -13,  -4,  -2,   1,   1,  -2,  -4, -13,
    -14, -17, -11, -11, -11, -11, -17, -14,
    -21, -16, -25, -18, -18, -25, -16, -21,
];

#[rustfmt::skip]
const KHON_EG: Table = [
    -84,  12, -28, -26, -26, -28,  12, -84,
    -19, -36,  -2,  -6,  -6,  -2, -36, -19,
    -33, -15,  -5,  -1,  -1,  -5, -15, -33,
    -23,  -9,   2,   5,   5,   2,  -9, -23,
    -19,  -8,   4,   9,   9,   4,  -8, -19,
    -14, -17,  -5,  -3,  -3,  -5, -17, -14,
    -38, -33, -24, -21, -21, -24, -33, -38,
    -42, -37, -31, -32, -32, -31, -37, -42,
];

// why: a knight's reach shrinks near the edge.
#[rustfmt::skip]
const KNIGHT_MG: Table = [
    -40,  -6, -23,  11,  11, -23,  -6, -40,
    -20, -20,  -8,  12,  12,  -8, -20, -20,
    -19, -13,   1,   6,   6,   1, -13, -19,
     -8,  -4,   6,   6,   6,   6,  -4,  -8,
     -9,  -3,   0,   3,   3,   0,  -3,  -9,
    -20,  -9, -10,   0,   0, -10,  -9, -20,
    -16,  -6, -12, -11, -11, -12,  -6, -16,
    -17, -26, -17, -10, -10, -17, -26, -17,
];

#[rustfmt::skip]
const KNIGHT_EG: Table = [
    -40, -17,  -8, -19, -19,  -8, -17, -40,
     -7,   2, -11, -27, -27, -11,   2,  -7,
    -23, -17, -11,   2,   2, -11, -17, -23,
    -14, -18,   3,  -3,  -3,   3, -18, -14,
    -21, -16,   2,   3,   3,   2, -16, -21,
    -19, -16, -13, -12, -12, -13, -16, -19,
    -26, -14, -24, -18, -18, -24, -14, -26,
    -47, -30, -31, -22, -22, -31, -30, -47,
];

// why: rooks belong on the central files and, late on, on the seventh and eighth
// ranks where the enemy king is caught.
#[rustfmt::skip]
const ROOK_MG: Table = [
      4,  18,  16,  22,  22,  16,  18,   4,
     18,  14,  43,  46,  46,  43,  14,  18,
      8,  21,  30,  17,  17,  30,  21,   8,
     -2,   7,   6,   2,   2,   6,   7,  -2,
     -5,  -2,  -2, -12, -12,  -2,  -2,  -5,
    -10,  -1,   0,  -3,  -3,   0,  -1, -10,
    -10,  -3,  -5,  -2,  -2,  -5,  -3, -10,
     -8,  -2,  -4,  -1,  -1,  -4,  -2,  -8,
];

#[rustfmt::skip]
const ROOK_EG: Table = [
     16,   1,   3,  -5,  -5,   3,   1,  16,
     12,  13,  -7, -14, -14,  -7,  13,  12,
     20,  12,   9,  14,  14,   9,  12,  20,
      7,   6,   3,   2,   2,   3,   6,   7,
     -4,   0,  -4,   4,   4,  -4,   0,  -4,
     -8, -14, -15, -16, -16, -15, -14,  -8,
    -16, -21, -18, -20, -20, -18, -21, -16,
    -20, -17, -17, -23, -23, -17, -17, -20,
];

// why: in the middlegame the king hides behind its khons and mets on the first two
// ranks; in the endgame it must walk to the centre to help.
#[rustfmt::skip]
const KING_MG: Table = [
    -34,   2,   3,  38,  38,   3,   2, -34,
    -20, -20,  -4, -27, -27,  -4, -20, -20,
     -6, -48, -28, -56, -56, -28, -48,  -6,
    -53, -34, -61, -61, -61, -61, -34, -53,
    -19, -19, -34, -49, -49, -34, -19, -19,
    -10, -12, -18, -31, -31, -18, -12, -10,
     -7,  -5,  -9, -14, -14,  -9,  -5,  -7,
     -7,  -3, -10, -18, -18, -10,  -3,  -7,
];

#[rustfmt::skip]
const KING_EG: Table = [
     11,  16,  21,  21,  21,  21,  16,  11,
     10,  25,  39,  52,  52,  39,  25,  10,
     -9,  34,  56,  64,  64,  56,  34,  -9,
      2,  34,  47,  58,  58,  47,  34,   2,
    -19,   2,  20,  27,  27,  20,   2, -19,
    -41, -23, -10,  -3,  -3, -10, -23, -41,
    -68, -43, -34, -28, -28, -34, -43, -68,
    -63, -73, -58, -47, -47, -58, -73, -63,
];

const fn pair(mg: &Table, eg: &Table) -> [S; 64] {
    let mut out = [S(0, 0); 64];
    let mut i = 0;
    while i < 64 {
        out[i] = S(mg[i], eg[i]);
        i += 1;
    }
    out
}

/// Per kind, the tables indexed by the diagram index (a8 = 0, h1 = 63).
static TABLES: [[S; 64]; 6] = [
    pair(&PAWN_MG, &PAWN_EG),
    pair(&MET_MG, &MET_EG),
    pair(&KHON_MG, &KHON_EG),
    pair(&KNIGHT_MG, &KNIGHT_EG),
    pair(&ROOK_MG, &ROOK_EG),
    pair(&KING_MG, &KING_EG),
];

/// The tables' names in `psqt.rs`, per kind (each has an `_MG` and an `_EG` table
/// once tuned).
pub const TABLE_NAMES: [&str; 6] = ["PAWN", "MET", "KHON", "KNIGHT", "ROOK", "KING"];

/// The diagram index (a8 = 0, h1 = 63, from White's side) of `color`'s square `sq`.
#[inline(always)]
pub fn diagram_index(color: Color, sq: Square) -> usize {
    // The diagram has a8 first: White's square a1 (index 0) is diagram index 56.
    match color {
        Color::White => sq.index() ^ 56,
        Color::Black => sq.index(),
    }
}

/// The table value of a piece of `kind` on the diagram index `diagram` (see
/// [`diagram_index`]).
#[inline(always)]
pub fn table_value(kind: PieceKind, diagram: usize) -> S {
    TABLES[kind.index()][diagram]
}
