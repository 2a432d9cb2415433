//! Piece-square tables, written from White's side with rank 8 on top (as a board
//! diagram reads); Black uses the mirror image.

use super::score::S;
use crate::board::{Color, PieceKind, Square};

type Table = [i32; 64];

// why: pawns gain as they near the sixth rank (promotion); central pawns control the
// squares the pieces want. Ranks 6-8 never hold a pawn.
#[rustfmt::skip]
const PAWN_MG: Table = [
     0,  0,  0,  0,  0,  0,  0,  0,
     0,  0,  0,  0,  0,  0,  0,  0,
     0,  0,  0,  0,  0,  0,  0,  0,
    20, 25, 30, 35, 35, 30, 25, 20,
     5, 10, 15, 22, 22, 15, 10,  5,
     0,  0,  0,  5,  5,  0,  0,  0,
     0,  0,  0,  0,  0,  0,  0,  0,
     0,  0,  0,  0,  0,  0,  0,  0,
];
#[rustfmt::skip]
const PAWN_EG: Table = [
     0,  0,  0,  0,  0,  0,  0,  0,
     0,  0,  0,  0,  0,  0,  0,  0,
     0,  0,  0,  0,  0,  0,  0,  0,
    40, 40, 40, 40, 40, 40, 40, 40,
    15, 15, 15, 15, 15, 15, 15, 15,
     0,  0,  0,  0,  0,  0,  0,  0,
     0,  0,  0,  0,  0,  0,  0,  0,
     0,  0,  0,  0,  0,  0,  0,  0,
];

// why: the met steps one square diagonally; it is useful in the centre and close to
// its king, useless on the rim.
#[rustfmt::skip]
const MET: Table = [
    -10, -5,  0,  0,  0,  0, -5,-10,
     -5,  5, 10, 10, 10, 10,  5, -5,
      0, 10, 15, 18, 18, 15, 10,  0,
      0, 10, 18, 22, 22, 18, 10,  0,
      0,  8, 15, 18, 18, 15,  8,  0,
     -5,  5, 10, 12, 12, 10,  5, -5,
     -5,  0,  5,  5,  5,  5,  0, -5,
    -15,-10, -5, -5, -5, -5,-10,-15,
];

// why: the khon attacks forward and retreats badly: advanced central khons are
// strong, khons left on the back rank are passive.
#[rustfmt::skip]
const KHON_MG: Table = [
    -10,  0,  5,  5,  5,  5,  0,-10,
     -5, 10, 15, 15, 15, 15, 10, -5,
      0, 10, 20, 22, 22, 20, 10,  0,
      0, 10, 18, 22, 22, 18, 10,  0,
     -5,  5, 12, 15, 15, 12,  5, -5,
     -5,  5,  8, 10, 10,  8,  5, -5,
    -10,  0,  5,  5,  5,  5,  0,-10,
    -20,-10,-10,-10,-10,-10,-10,-20,
];
#[rustfmt::skip]
const KHON_EG: Table = [
    -15, -5,  0,  0,  0,  0, -5,-15,
     -5,  5, 10, 10, 10, 10,  5, -5,
      0, 10, 15, 18, 18, 15, 10,  0,
      0, 10, 18, 20, 20, 18, 10,  0,
     -5,  8, 15, 18, 18, 15,  8, -5,
     -5,  5, 10, 12, 12, 10,  5, -5,
    -10,  0,  5,  5,  5,  5,  0,-10,
    -20,-10, -5, -5, -5, -5,-10,-20,
];

// why: a knight's reach shrinks near the edge.
#[rustfmt::skip]
const KNIGHT: Table = [
    -40,-25,-15,-10,-10,-15,-25,-40,
    -25, -5,  5, 10, 10,  5, -5,-25,
    -10, 10, 20, 25, 25, 20, 10,-10,
    -10, 10, 25, 30, 30, 25, 10,-10,
    -10,  5, 20, 25, 25, 20,  5,-10,
    -15,  0, 10, 15, 15, 10,  0,-15,
    -25,-10,  0,  0,  0,  0,-10,-25,
    -40,-25,-15,-15,-15,-15,-25,-40,
];

// why: rooks belong on the central files and, late on, on the seventh and eighth
// ranks where the enemy king is caught.
#[rustfmt::skip]
const ROOK_MG: Table = [
     5,  5, 10, 10, 10, 10,  5,  5,
    10, 15, 15, 15, 15, 15, 15, 10,
     0,  5,  5,  5,  5,  5,  5,  0,
    -5,  0,  0,  0,  0,  0,  0, -5,
    -5,  0,  0,  0,  0,  0,  0, -5,
    -5,  0,  0,  0,  0,  0,  0, -5,
    -5,  0,  0,  5,  5,  0,  0, -5,
    -5,  0,  5, 10, 10,  5,  0, -5,
];
#[rustfmt::skip]
const ROOK_EG: Table = [
    5,  5,  5,  5,  5,  5,  5,  5,
    10, 10, 10, 10, 10, 10, 10, 10,
    0,  0,  0,  0,  0,  0,  0,  0,
    0,  0,  0,  0,  0,  0,  0,  0,
    0,  0,  0,  0,  0,  0,  0,  0,
    0,  0,  0,  0,  0,  0,  0,  0,
    0,  0,  0,  0,  0,  0,  0,  0,
    0,  0,  0,  0,  0,  0,  0,  0,
];

// why: in the middlegame the king hides behind its khons and mets on the first two
// ranks; in the endgame it must walk to the centre to help.
#[rustfmt::skip]
const KING_MG: Table = [
    -60,-60,-60,-60,-60,-60,-60,-60,
    -50,-50,-50,-50,-50,-50,-50,-50,
    -40,-40,-40,-40,-40,-40,-40,-40,
    -30,-30,-35,-40,-40,-35,-30,-30,
    -20,-20,-25,-30,-30,-25,-20,-20,
    -10,-10,-15,-20,-20,-15,-10,-10,
      5, 10,  0, -5, -5,  0, 10,  5,
     10, 15,  5,  0,  0,  5, 15, 10,
];
#[rustfmt::skip]
const KING_EG: Table = [
    -40,-25,-15,-10,-10,-15,-25,-40,
    -25,-10,  0,  5,  5,  0,-10,-25,
    -15,  0, 15, 20, 20, 15,  0,-15,
    -10,  5, 20, 30, 30, 20,  5,-10,
    -10,  5, 20, 30, 30, 20,  5,-10,
    -15,  0, 15, 20, 20, 15,  0,-15,
    -25,-10,  0,  5,  5,  0,-10,-25,
    -40,-25,-15,-10,-10,-15,-25,-40,
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
    pair(&MET, &MET),
    pair(&KHON_MG, &KHON_EG),
    pair(&KNIGHT, &KNIGHT),
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

/// The table value of a piece of `kind` on the diagram index `diagram`.
pub fn table_value(kind: PieceKind, diagram: usize) -> S {
    TABLES[kind.index()][diagram]
}

/// The table value of a `color` piece of `kind` on `sq`.
#[inline(always)]
pub fn value(kind: PieceKind, color: Color, sq: Square) -> S {
    TABLES[kind.index()][diagram_index(color, sq)]
}
