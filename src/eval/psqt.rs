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
     10,  28,  36,  49,  51,  36,  28,  11,
      0,   6,  17,  26,  25,  17,   7,   2,
     -7,  -2,   2,  11,  11,   3,  -1,  -6,
      0,   0,   0,   0,   0,   0,   0,   0,
      0,   0,   0,   0,   0,   0,   0,   0,
];

#[rustfmt::skip]
const PAWN_EG: Table = [
      0,   0,   0,   0,   0,   0,   0,   0,
      0,   0,   0,   0,   0,   0,   0,   0,
      0,   0,   0,   0,   0,   0,   0,   0,
     39,  26,  24,  22,  20,  25,  28,  39,
     20,  25,   6,   8,   9,   6,  23,  15,
     16,   9,  10,  -3,  -3,   6,   6,  16,
      0,   0,   0,   0,   0,   0,   0,   0,
      0,   0,   0,   0,   0,   0,   0,   0,
];

// why: the met steps one square diagonally; it is useful in the centre and close to
// its king, useless on the rim.
#[rustfmt::skip]
const MET_MG: Table = [
     23,  55,  32,   5,  22,  -3,  33,  18,
     39,  34,   9,  12,   7,  10,  33,  52,
     -8,  17,  34,  33,  33,  33,  17,  -1,
     -6,  13,  25,  32,  34,  26,  24,   1,
     -7,   1,  14,  20,  19,  16,   2,  -4,
     -9, -13,  -4,  -2,  -3,  -7, -11, -19,
    -23, -16, -17, -17, -17, -17, -20, -21,
      4, -19, -17, -29, -29, -17, -20,   9,
];

#[rustfmt::skip]
const MET_EG: Table = [
    -71, -88, -24, -10,  -6,   1, -45, -91,
    -68, -50,   2,  12,  19,  -1, -58, -58,
    -62, -20,  -5,  16,  12,  -7, -18, -69,
    -13,  -2,   6,  13,  11,   7,  -7,  -3,
     -7,  15,  17,  12,  14,  16,  10,   0,
     -7,   1,   8,   9,  10,   7,  -1,  -7,
    -24,  -9,  -6,   2,   0,  -5,  -3, -24,
     -5, -35, -21, -22, -20, -17, -36,  -9,
];

// why: the khon attacks forward and retreats badly: advanced central khons are
// strong, khons left on the back rank are passive.
#[rustfmt::skip]
const KHON_MG: Table = [
     70,  67,  31,  25, -25, -12,  30,  46,
     22,  44,  19,  16,  25,   3,  14,  13,
      0,  38,  35,  33,  41,  32,  32,   2,
      1,  21,  32,  36,  31,  29,  20,   3,
      3,   7,  12,  17,  17,  14,   6,   6,
    -13,  -4,  -2,   1,   2,  -2,  -4, -14,
    -12, -17, -11, -11, -10, -10, -17, -16,
    -19, -16, -25, -17, -19, -24, -15, -20,
];

#[rustfmt::skip]
const KHON_EG: Table = [
   -116,  19, -34, -25, -17, -13,   3,-105,
    -17, -46,  -2,   2,  -5,   4, -31, -26,
    -36, -17,  -2,   7,  -3,   1,  -8, -29,
    -30,  -9,  -2,   8,  10,   3,  -5, -18,
    -24, -10,   7,   7,   8,   2, -10, -22,
    -14, -18,  -6,  -4,  -7,  -9, -20, -15,
    -41, -35, -27, -23, -26, -27, -34, -41,
    -46, -37, -34, -37, -34, -35, -42, -50,
];

// why: a knight's reach shrinks near the edge.
#[rustfmt::skip]
const KNIGHT_MG: Table = [
    -40,  -2, -20,   6,  23, -16,   6, -40,
    -14, -21,  -1,  25,  19,  -2, -11, -12,
    -17, -11,   7,  10,   9,   9,  -9, -11,
     -2,   2,  11,   8,   9,   8,  -4,  -4,
     -3,   0,   2,   7,   6,   3,   1,  -5,
    -14,  -5,  -6,   5,   4,  -6,  -4, -15,
     -9,  -1,  -8,  -5,  -5,  -6,  -1, -12,
    -15, -20, -12,  -6,  -2, -10, -22,  -9,
];

#[rustfmt::skip]
const KNIGHT_EG: Table = [
    -40, -10,  -4,  -9, -11,   3, -24, -40,
     -4,  11,  -4, -26, -20,  -2,   8, -11,
    -17,  -4, -12,  10,  11,  -9,  -3, -18,
     -7,  -6,  12,   7,   7,  13,  -2,  -8,
    -17,   0,  15,  10,  15,  12, -10, -15,
    -18,  -7,  -4,  -3,  -5,  -5, -10, -17,
    -37, -19, -18, -17, -16, -21, -15, -32,
    -61, -37, -34, -22, -28, -33, -39, -56,
];

// why: rooks belong on the central files and, late on, on the seventh and eighth
// ranks where the enemy king is caught.
#[rustfmt::skip]
const ROOK_MG: Table = [
      4,  15,  19,  20,  34,  18,  28,   1,
     21,  17,  55,  59,  69,  47,  19,  19,
      7,  21,  35,  22,  21,  27,  20,   7,
     -5,   5,   4,   0,   7,   5,   4,  -7,
    -10,  -7,  -1, -16, -12,  -7,  -5, -10,
    -16,  -5,  -2,  -4,  -7,  -4,  -2, -13,
    -12,  -5,  -7,  -5,  -3,  -6,  -5, -10,
    -10,  -4,  -6,  -2,  -1,  -5,  -3,  -9,
];

#[rustfmt::skip]
const ROOK_EG: Table = [
     16,   0,  -3,  -5, -19,   0,  -9,  15,
      7,   5, -23, -40, -48, -20,  -1,   6,
     23,  14,  12,  11,  13,  12,  17,  22,
     14,  13,   6,   7,  -6,   8,  15,  16,
     13,  12,  -3,   4,   3,  -1,   9,  12,
      2, -13, -18, -21, -15, -17, -13,   9,
    -17, -26, -19, -21, -26, -24, -23, -23,
    -18, -16, -17, -23, -28, -18, -15, -19,
];

// why: in the middlegame the king hides behind its khons and mets on the first two
// ranks; in the endgame it must walk to the centre to help.
#[rustfmt::skip]
const KING_MG: Table = [
    -29,  -7,  -9,  71,  70,   9,  18, -25,
    -27, -22,  12,  -1,  -2,  27, -32, -31,
      3, -59, -22, -40, -35, -23, -79, -17,
    -57, -49, -80, -62, -75, -80, -44, -56,
    -19, -24, -43, -50, -56, -37, -22, -20,
    -13, -15, -23, -34, -34, -22, -17, -14,
    -10,  -8, -13, -17, -17, -13,  -9, -12,
    -10,  -6, -13, -20, -20, -13,  -6, -11,
];

#[rustfmt::skip]
const KING_EG: Table = [
     19,  35,  25,  69,  65,  23,  37,  15,
      6,  18,  42,  50,  51,  40,  27,  16,
    -19,  25,  53,  68,  66,  55,  31, -13,
    -11,  30,  42,  50,  54,  41,  27,  -7,
    -27,  -5,  15,  18,  19,  10,  -7, -27,
    -45, -28, -15, -10, -11, -16, -30, -47,
    -76, -50, -41, -35, -35, -40, -48, -74,
    -73, -83, -67, -56, -56, -65, -80, -64,
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
