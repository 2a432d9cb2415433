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
     10,  27,  35,  49,  49,  35,  27,  10,
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
     41,  28,  29,  25,  25,  29,  28,  41,
     18,  21,  10,  14,  14,  10,  21,  18,
     15,   6,  10,   3,   3,  10,   6,  15,
      0,   0,   0,   0,   0,   0,   0,   0,
      0,   0,   0,   0,   0,   0,   0,   0,
];

// why: the met steps one square diagonally; it is useful in the centre and close to
// its king, useless on the rim.
#[rustfmt::skip]
const MET_MG: Table = [
     22,  70,   2,  18,  18,   2,  70,  22,
     42,  11,  14,  21,  21,  14,  11,  42,
    -29,   5,  27,  25,  25,  27,   5, -29,
     -9,   9,  18,  26,  26,  18,   9,  -9,
     -1,   3,  15,  20,  20,  15,   3,  -1,
     -8,  -5,   1,   4,   4,   1,  -5,  -8,
    -16, -10, -11, -11, -11, -11, -10, -16,
     17, -15, -11, -24, -24, -11, -15,  17,
];

#[rustfmt::skip]
const MET_EG: Table = [
    -56, -66,   5, -17, -17,   5, -66, -56,
    -48, -25,   2,   4,   4,   2, -25, -48,
    -21,  -1,   4,  17,  17,   4,  -1, -21,
    -11,   0,  15,  16,  16,  15,   0, -11,
     -7,   4,  12,  15,  15,  12,   4,  -7,
     -8,  -7,   2,   5,   5,   2,  -7,  -8,
    -22, -20, -12,  -6,  -6, -12, -20, -22,
    -25, -29, -21, -19, -19, -21, -29, -25,
];

// why: the khon attacks forward and retreats badly: advanced central khons are
// strong, khons left on the back rank are passive.
#[rustfmt::skip]
const KHON_MG: Table = [
     84,  59,  26,  10,  10,  26,  59,  84,
      9,  30,  19,  29,  29,  19,  30,   9,
     -1,  29,  30,  31,  31,  30,  29,  -1,
     -3,  11,  22,  25,  25,  22,  11,  -3,
      1,   1,   8,  13,  13,   8,   1,   1,
    -14,  -7,  -5,  -2,  -2,  -5,  -7, -14,
    -16, -20, -14, -15, -15, -14, -20, -16,
    -23, -19, -29, -21, -21, -29, -19, -23,
];

#[rustfmt::skip]
const KHON_EG: Table = [
    -79,   4, -43, -39, -39, -43,   4, -79,
    -23, -34, -10, -13, -13, -10, -34, -23,
    -36, -16,  -3,   1,   1,  -3, -16, -36,
    -29,  -7,   4,   8,   8,   4,  -7, -29,
    -21,  -9,   6,   9,   9,   6,  -9, -21,
    -19, -15,  -4,   0,   0,  -4, -15, -19,
    -39, -32, -20, -17, -17, -20, -32, -39,
    -41, -34, -25, -24, -24, -25, -34, -41,
];

// why: a knight's reach shrinks near the edge.
#[rustfmt::skip]
const KNIGHT_MG: Table = [
    -40, -16, -31,   4,   4, -31, -16, -40,
    -29, -27, -17,   3,   3, -17, -27, -29,
    -24, -19,  -5,   1,   1,  -5, -19, -24,
    -13, -10,  -1,  -1,  -1,  -1, -10, -13,
    -13,  -9,  -5,  -4,  -4,  -5,  -9, -13,
    -23, -13, -14,  -4,  -4, -14, -13, -23,
    -19,  -9, -15, -15, -15, -15,  -9, -19,
    -20, -30, -20, -13, -13, -20, -30, -20,
];

#[rustfmt::skip]
const KNIGHT_EG: Table = [
    -40, -20, -15, -24, -24, -15, -20, -40,
     -5,  -5, -17, -21, -21, -17,  -5,  -5,
    -34, -25, -16,  -7,  -7, -16, -25, -34,
    -24, -22,  -6,  -4,  -4,  -6, -22, -24,
    -31, -27, -11,  -7,  -7, -11, -27, -31,
    -30, -31, -29, -29, -29, -29, -31, -30,
    -38, -28, -38, -30, -30, -38, -28, -38,
    -62, -40, -42, -36, -36, -42, -40, -62,
];

// why: rooks belong on the central files and, late on, on the seventh and eighth
// ranks where the enemy king is caught.
#[rustfmt::skip]
const ROOK_MG: Table = [
     10,  20,  18,  16,  16,  18,  20,  10,
     18,  12,  36,  39,  39,  36,  12,  18,
      8,  17,  27,  11,  11,  27,  17,   8,
     -1,   4,   1,  -5,  -5,   1,   4,  -1,
     -4,  -1,  -2, -13, -13,  -2,  -1,  -4,
     -6,   1,   1,  -2,  -2,   1,   1,  -6,
     -6,  -1,  -3,   0,   0,  -3,  -1,  -6,
     -5,   1,  -1,   1,   1,  -1,   1,  -5,
];

#[rustfmt::skip]
const ROOK_EG: Table = [
     -2, -10,  -8,  -8,  -8,  -8, -10,  -2,
      4,  10,  -7, -10, -10,  -7,  10,   4,
     10,   7,   4,  13,  13,   4,   7,  10,
     -4,   3,   2,   7,   7,   2,   3,  -4,
    -16,  -6,  -7,   2,   2,  -7,  -6, -16,
    -22, -21, -22, -22, -22, -22, -21, -22,
    -28, -31, -26, -29, -29, -26, -31, -28,
    -31, -25, -26, -30, -30, -26, -25, -31,
];

// why: in the middlegame the king hides behind its khons and mets on the first two
// ranks; in the endgame it must walk to the centre to help.
#[rustfmt::skip]
const KING_MG: Table = [
    -34,  -1,  -1,  38,  38,  -1,  -1, -34,
    -27, -20, -14, -27, -27, -14, -20, -27,
     -9, -31, -24, -47, -47, -24, -31,  -9,
    -53, -30, -48, -46, -46, -48, -30, -53,
    -22, -20, -29, -41, -41, -29, -20, -22,
    -13, -15, -19, -31, -31, -19, -15, -13,
    -11,  -9, -14, -18, -18, -14,  -9, -11,
     -9,  -7, -14, -22, -22, -14,  -7,  -9,
];

#[rustfmt::skip]
const KING_EG: Table = [
     13,  15,  19,  15,  15,  19,  15,  13,
      7,  23,  38,  46,  46,  38,  23,   7,
    -12,  29,  48,  56,  56,  48,  29, -12,
      0,  29,  41,  51,  51,  41,  29,   0,
    -18,   2,  17,  23,  23,  17,   2, -18,
    -36, -21,  -7,   0,   0,  -7, -21, -36,
    -64, -38, -27, -21, -21, -27, -38, -64,
    -63, -66, -47, -36, -36, -47, -66, -63,
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
pub(crate) const TABLE_NAMES: [&str; 6] = ["PAWN", "MET", "KHON", "KNIGHT", "ROOK", "KING"];

/// The diagram index (a8 = 0, h1 = 63, from White's side) of `color`'s square `sq`.
#[inline(always)]
pub(crate) fn diagram_index(color: Color, sq: Square) -> usize {
    // The diagram has a8 first: White's square a1 (index 0) is diagram index 56.
    match color {
        Color::White => sq.index() ^ 56,
        Color::Black => sq.index(),
    }
}

/// The table value of a piece of `kind` on the diagram index `diagram` (see
/// [`diagram_index`]).
#[inline(always)]
pub(crate) fn table_value(kind: PieceKind, diagram: usize) -> S {
    TABLES[kind.index()][diagram]
}
