//! Endgame knowledge: which material can mate, driving a bare king to the edge,
//! and fading the score as the count runs out.

use super::params::{
    BARE_KING_WIN, CANNOT_MATE_SCALE, COUNT_FADE_PLIES, DRIVE_TO_EDGE, KHON_MATING_ZONE,
    KING_DISTANCE, SMALL_EDGE_SCALE,
};
use crate::board::{Bitboard, Color, PieceKind, Position, Square};

/// Light squares: mets stay on one colour, so three mets mate only on both colours.
const LIGHT_SQUARES: Bitboard = Bitboard(0x55AA_55AA_55AA_55AA);

/// Whether `color`'s material can force mate against a bare king (ignoring the
/// count). From Fairy-Stockfish's bare-king knowledge, checked against Khun's own
/// endgame tables: a rook; two khons; khon with knight or met; knight with two mets
/// (knight and one met mate only a king already caught in a corner: 4% of
/// positions); three mets on both colours; and any pawn (it can still become a met)
/// with a piece.
pub fn has_mating_material(pos: &Position, color: Color) -> bool {
    let n = |kind| pos.pieces(color, kind).count();
    let mets = pos.pieces(color, PieceKind::Met);
    let (rooks, khons, knights, pawns) = (
        n(PieceKind::Rook),
        n(PieceKind::Khon),
        n(PieceKind::Knight),
        n(PieceKind::Pawn),
    );
    let met_count = mets.count();
    let both_colours = (mets & LIGHT_SQUARES).any() && (mets & !LIGHT_SQUARES).any();
    rooks > 0
        || khons >= 2
        || (khons >= 1 && (knights >= 1 || met_count >= 1))
        || (knights >= 1 && met_count >= 2)
        || (met_count >= 3 && both_colours)
        || (pawns > 0 && (khons + knights + met_count + pawns) >= 2)
}

/// Manhattan distance from the nearest of the four centre squares.
fn centre_distance(sq: Square) -> i32 {
    let f = sq.file() as i32;
    let r = sq.rank() as i32;
    let df = if f < 4 { 3 - f } else { f - 4 };
    let dr = if r < 4 { 3 - r } else { r - 4 };
    df + dr
}

fn king_distance(a: Square, b: Square) -> i32 {
    let df = (a.file() as i32 - b.file() as i32).abs();
    let dr = (a.rank() as i32 - b.rank() as i32).abs();
    df.max(dr)
}

/// What the endgame knowledge did, for the `eval` breakdown.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct EndgameAdjustment {
    /// Added to White's score (bare-king guidance).
    pub bonus: i32,
    /// The score is multiplied by `scale / 64`.
    pub scale: i32,
}

/// Endgame adjustments for a white-relative score `white_score`.
pub fn adjust(pos: &Position, white_score: i32) -> EndgameAdjustment {
    let mut out = EndgameAdjustment {
        bonus: 0,
        scale: 64,
    };
    if pos.pieces_of_kind(PieceKind::Pawn).any() {
        return out;
    }
    let strong = if white_score >= 0 {
        Color::White
    } else {
        Color::Black
    };
    let weak = !strong;
    if !has_mating_material(pos, strong) {
        out.scale = CANNOT_MATE_SCALE;
        return out;
    }
    let sign = if strong == Color::White { 1 } else { -1 };
    if pos.pieces_of(weak).count() == 1 {
        let weak_king = pos.king_square(weak);
        let strong_king = pos.king_square(strong);
        let khon_mates = pos.pieces(strong, PieceKind::Khon).any()
            && pos.pieces(strong, PieceKind::Rook).is_empty();
        let drive = if khon_mates {
            let seen_by_white = match strong {
                Color::White => weak_king,
                Color::Black => weak_king.flip_rank(),
            };
            KHON_MATING_ZONE[seen_by_white.index()]
        } else {
            DRIVE_TO_EDGE * centre_distance(weak_king)
        };
        let guidance =
            BARE_KING_WIN + drive - KING_DISTANCE * king_distance(weak_king, strong_king);
        out.bonus = sign * guidance;
        return out;
    }
    // Both sides have pieces and no pawns: a small edge rarely wins.
    let strong_rooks = pos.pieces(strong, PieceKind::Rook).count();
    let weak_rooks = pos.pieces(weak, PieceKind::Rook).count();
    if white_score.abs() < 400 || (strong_rooks <= weak_rooks && white_score.abs() < 600) {
        out.scale = SMALL_EDGE_SCALE;
    }
    out
}

/// Fades a score toward zero as the running count nears its limit.
pub fn fade_for_count(pos: &Position, score: i32) -> i32 {
    match pos.count().plies_left() {
        Some(left) if (left as i32) < COUNT_FADE_PLIES => score * left as i32 / COUNT_FADE_PLIES,
        _ => score,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn pos(fen: &str) -> Position {
        Position::from_fen(fen).unwrap()
    }

    #[test]
    fn mating_material() {
        assert!(has_mating_material(
            &pos("4k3/8/8/8/8/8/8/R3K3 w - - 0 1"),
            Color::White
        ));
        assert!(!has_mating_material(
            &pos("4k3/8/8/8/8/8/8/N3K3 w - - 0 1"),
            Color::White
        ));
        assert!(!has_mating_material(
            &pos("4k3/8/8/8/8/8/8/NN2K3 w - - 0 1"),
            Color::White
        ));
        assert!(!has_mating_material(
            &pos("4k3/8/8/8/8/8/8/S3K3 w - - 0 1"),
            Color::White
        ));
        assert!(has_mating_material(
            &pos("4k3/8/8/8/8/8/8/SM2K3 w - - 0 1"),
            Color::White
        ));
        assert!(!has_mating_material(
            &pos("4k3/8/8/8/8/8/8/NM2K3 w - - 0 1"),
            Color::White
        ));
        assert!(has_mating_material(
            &pos("4k3/8/8/8/8/8/8/NMM1K3 w - - 0 1"),
            Color::White
        ));
    }

    #[test]
    fn count_fades_to_zero() {
        let p = pos("8/1k6/8/8/8/8/R7/4K3 w - 32 32 54");
        assert_eq!(fade_for_count(&p, 500), 0);
        let p = pos("8/1k6/8/8/8/8/R7/4K3 w - 128 6 54");
        assert_eq!(fade_for_count(&p, 500), 500);
    }
}
