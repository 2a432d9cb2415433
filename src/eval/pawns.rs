//! Pawn structure: protected, isolated, doubled and free (passed) pawns.

use super::params::{PAWN_DOUBLED, PAWN_ISOLATED, PAWN_PASSED, PAWN_PROTECTED};
use super::score::S;
use crate::board::{Bitboard, Color, PieceKind, Position, attacks};

/// Squares ahead of `sq` (toward the promotion rank) on its file and both neighbours.
fn front_span(color: Color, sq: crate::board::Square) -> Bitboard {
    let file = sq.file();
    let mut files = Bitboard::file(file);
    if file > 0 {
        files |= Bitboard::file(file - 1);
    }
    if file < 7 {
        files |= Bitboard::file(file + 1);
    }
    let ahead = match color {
        Color::White => Bitboard((!0u64).checked_shl(8 * (sq.rank() as u32 + 1)).unwrap_or(0)),
        Color::Black => Bitboard((1u64 << (8 * sq.rank() as u32)) - 1),
    };
    files & ahead
}

/// The pawn-structure score of `color`'s pawns.
pub fn evaluate(pos: &Position, color: Color) -> S {
    let ours = pos.pieces(color, PieceKind::Pawn);
    let theirs = pos.pieces(!color, PieceKind::Pawn);
    let mut score = S::ZERO;
    for sq in ours {
        let file = sq.file();
        // Protected: a friendly pawn attacks this square (reverse pawn attack).
        if (attacks::pawn_attacks(!color, sq) & ours).any() {
            score += PAWN_PROTECTED;
        }
        let mut neighbours = Bitboard::EMPTY;
        if file > 0 {
            neighbours |= Bitboard::file(file - 1);
        }
        if file < 7 {
            neighbours |= Bitboard::file(file + 1);
        }
        if (neighbours & ours).is_empty() {
            score += PAWN_ISOLATED;
        }
        if (front_span(color, sq) & theirs).is_empty() {
            score += PAWN_PASSED[sq.relative_rank(color) as usize];
        }
    }
    for file in 0..8 {
        let n = (ours & Bitboard::file(file)).count() as i32;
        if n > 1 {
            score += PAWN_DOUBLED * (n - 1);
        }
    }
    score
}
