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
     10,  27,  35,  48,  48,  35,  27,  10,
      1,   7,  16,  24,  24,  16,   7,   1,
     -6,  -2,   2,   9,   9,   2,  -2,  -6,
      0,   0,   0,   0,   0,   0,   0,   0,
      0,   0,   0,   0,   0,   0,   0,   0,
];

#[rustfmt::skip]
const PAWN_EG: Table = [
      0,   0,   0,   0,   0,   0,   0,   0,
      0,   0,   0,   0,   0,   0,   0,   0,
      0,   0,   0,   0,   0,   0,   0,   0,
     41,  29,  29,  25,  25,  29,  29,  41,
     19,  21,  11,  14,  14,  11,  21,  19,
     15,   7,  11,   4,   4,  11,   7,  15,
      0,   0,   0,   0,   0,   0,   0,   0,
      0,   0,   0,   0,   0,   0,   0,   0,
];

// why: the met steps one square diagonally; it is useful in the centre and close to
// its king, useless on the rim.
#[rustfmt::skip]
const MET_MG: Table = [
     20,  65,   6,  16,  16,   6,  65,  20,
     44,  13,  14,  21,  21,  14,  13,  44,
    -29,   7,  29,  29,  29,  29,   7, -29,
     -9,  12,  19,  28,  28,  19,  12,  -9,
     -2,   1,  14,  20,  20,  14,   1,  -2,
    -10,  -7,   0,   3,   3,   0,  -7, -10,
    -18, -12, -13, -13, -13, -13, -12, -18,
     17, -16, -13, -25, -25, -13, -16,  17,
];

#[rustfmt::skip]
const MET_EG: Table = [
    -57, -73,   0, -18, -18,   0, -73, -57,
    -55, -32,  -4,   0,   0,  -4, -32, -55,
    -26, -11,  -2,   9,   9,  -2, -11, -26,
    -14,  -7,   9,  10,  10,   9,  -7, -14,
     -9,   1,   9,  10,  10,   9,   1,  -9,
     -9,  -9,  -1,   3,   3,  -1,  -9,  -9,
    -23, -22, -13,  -7,  -7, -13, -22, -23,
    -31, -32, -23, -21, -21, -23, -32, -31,
];

// why: the khon attacks forward and retreats badly: advanced central khons are
// strong, khons left on the back rank are passive.
#[rustfmt::skip]
const KHON_MG: Table = [
     83,  54,  23,   5,   5,  23,  54,  83,
      9,  31,  16,  26,  26,  16,  31,   9,
      2,  33,  33,  37,  37,  33,  33,   2,
     -1,  15,  26,  29,  29,  26,  15,  -1,
      1,   1,   8,  13,  13,   8,   1,   1,
    -16,  -8,  -6,  -3,  -3,  -6,  -8, -16,
    -17, -21, -15, -15, -15, -15, -21, -17,
    -24, -20, -30, -23, -23, -30, -20, -24,
];

#[rustfmt::skip]
const KHON_EG: Table = [
   -102,   0, -39, -35, -35, -39,   0,-102,
    -26, -44, -14, -16, -16, -14, -44, -26,
    -43, -24, -10,  -8,  -8, -10, -24, -43,
    -34, -14,  -2,   3,   3,  -2, -14, -34,
    -24, -13,   3,   6,   6,   3, -13, -24,
    -21, -18,  -7,  -2,  -2,  -7, -18, -21,
    -42, -35, -23, -19, -19, -23, -35, -42,
    -43, -37, -27, -26, -26, -27, -37, -43,
];

// why: a knight's reach shrinks near the edge.
#[rustfmt::skip]
const KNIGHT_MG: Table = [
    -40, -12, -31,   5,   5, -31, -12, -40,
    -26, -25, -14,   4,   4, -14, -25, -26,
    -22, -17,  -3,   2,   2,  -3, -17, -22,
    -11,  -7,   2,   1,   1,   2,  -7, -11,
    -11,  -6,  -3,   0,   0,  -3,  -6, -11,
    -22, -11, -12,  -1,  -1, -12, -11, -22,
    -17,  -8, -13, -13, -13, -13,  -8, -17,
    -17, -28, -18, -11, -11, -18, -28, -17,
];

#[rustfmt::skip]
const KNIGHT_EG: Table = [
    -40, -23, -15, -27, -27, -15, -23, -40,
     -7,  -6, -20, -25, -25, -20,  -6,  -7,
    -33, -26, -22, -11, -11, -22, -26, -33,
    -24, -24,  -8,  -8,  -8,  -8, -24, -24,
    -31, -30, -12, -10, -10, -12, -30, -31,
    -29, -30, -27, -28, -28, -27, -30, -29,
    -36, -26, -36, -29, -29, -36, -26, -36,
    -60, -38, -40, -35, -35, -40, -38, -60,
];

// why: rooks belong on the central files and, late on, on the seventh and eighth
// ranks where the enemy king is caught.
#[rustfmt::skip]
const ROOK_MG: Table = [
      7,  20,  18,  18,  18,  18,  20,   7,
     18,  13,  39,  43,  43,  39,  13,  18,
      9,  20,  29,  17,  17,  29,  20,   9,
     -2,   5,   2,  -2,  -2,   2,   5,  -2,
     -5,  -2,  -2, -12, -12,  -2,  -2,  -5,
     -9,  -1,   0,  -2,  -2,   0,  -1,  -9,
     -8,  -2,  -4,  -1,  -1,  -4,  -2,  -8,
     -6,   0,  -3,   0,   0,  -3,   0,  -6,
];

#[rustfmt::skip]
const ROOK_EG: Table = [
      1, -10, -10,  -9,  -9, -10, -10,   1,
      3,   7, -11, -17, -17, -11,   7,   3,
      7,   2,   0,   5,   5,   0,   2,   7,
     -3,   1,  -1,   0,   0,  -1,   1,  -3,
    -12,  -7,  -9,  -1,  -1,  -9,  -7, -12,
    -15, -20, -23, -23, -23, -23, -20, -15,
    -26, -29, -25, -28, -28, -25, -29, -26,
    -28, -25, -25, -30, -30, -25, -25, -28,
];

// why: in the middlegame the king hides behind its khons and mets on the first two
// ranks; in the endgame it must walk to the centre to help.
#[rustfmt::skip]
const KING_MG: Table = [
    -33,   5,   3,  50,  50,   3,   5, -33,
    -34, -21,  -5, -30, -30,  -5, -21, -34,
     -6, -42, -20, -49, -49, -20, -42,  -6,
    -51, -33, -54, -51, -51, -54, -33, -51,
    -20, -21, -35, -46, -46, -35, -21, -20,
    -13, -15, -22, -34, -34, -22, -15, -13,
     -9,  -8, -13, -18, -18, -13,  -8,  -9,
     -7,  -6, -13, -21, -21, -13,  -6,  -7,
];

#[rustfmt::skip]
const KING_EG: Table = [
      7,  10,  12,  13,  13,  12,  10,   7,
      5,  20,  36,  46,  46,  36,  20,   5,
    -12,  29,  51,  61,  61,  51,  29, -12,
     -3,  31,  45,  56,  56,  45,  31,  -3,
    -18,   5,  24,  32,  32,  24,   5, -18,
    -37, -19,  -2,   5,   5,  -2, -19, -37,
    -66, -39, -27, -21, -21, -27, -39, -66,
    -69, -70, -51, -40, -40, -51, -70, -69,
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
