//! Endgame knowledge: which material can mate, driving a bare king to the edge,
//! and fading the score as the count runs out.

use super::params::{
    BARE_KING_WIN, CANNOT_MATE_SCALE, COUNT_FADE_PLIES, DRIVE_TO_EDGE, KHON_MATING_ZONE,
    KING_DISTANCE, NO_MATING_PROSPECT_SCALE, PIECE_DISTANCE, SMALL_EDGE_SCALE, SUBSET_MATE_BASE,
    SUBSET_MATE_PLY,
};
use crate::board::{Bitboard, Color, PieceKind, Position, Square};
use crate::tablebase::ReadableTables;

/// Light squares: mets stay on one colour, so three mets mate only on both colours.
const LIGHT_SQUARES: Bitboard = Bitboard(0x55AA_55AA_55AA_55AA);

/// Whether `color`'s material can force mate against a bare king (ignoring the
/// count). From Fairy-Stockfish's bare-king knowledge, checked against Khun's own
/// endgame tables: a rook; two khons; khon with knight or met; knight with two mets
/// (knight and one met mate only a king already caught in a corner: 4% of
/// positions); three mets on both colours. A pawn counts as the met it becomes, on
/// the colour of its promotion square.
///
/// The relatives: an ai-wok mates alone; where pawns promote to a mating piece
/// (ASEAN's rook, the ai-wok) a pawn is enough; in Kar Ouk (a check wins) and makpong
/// (a checked king may not step away) any man is.
pub(crate) fn has_mating_material(pos: &Position, color: Color) -> bool {
    mating_material(pos, color, Pawns::CountAsMets)
}

/// Whether [`mating_material`] counts a side's pawns (as the mets they become).
#[derive(Clone, Copy, PartialEq, Eq)]
enum Pawns {
    CountAsMets,
    Ignore,
}

fn mating_material(pos: &Position, color: Color, pawns: Pawns) -> bool {
    let n = |kind| pos.pieces(color, kind).count();
    let pawn_count = match pawns {
        Pawns::CountAsMets => n(PieceKind::Pawn),
        Pawns::Ignore => 0,
    };
    let variant = pos.variant();
    if variant.check_counting() || variant.king_frozen_in_check() {
        let uncounted_pawns = n(PieceKind::Pawn) - pawn_count;
        return pos.pieces_of(color).count() - uncounted_pawns > 1;
    }
    if (variant.has_aiwok() && n(PieceKind::Met) + pawn_count > 0)
        || (variant.promotes_on_last_rank() && pawn_count > 0)
    {
        return true;
    }
    let (rooks, khons, knights) = (n(PieceKind::Rook), n(PieceKind::Khon), n(PieceKind::Knight));
    if rooks > 0 || khons >= 2 {
        return true;
    }
    let met_count = n(PieceKind::Met) + pawn_count;
    let mut mets = pos.pieces(color, PieceKind::Met);
    if pawns == Pawns::CountAsMets {
        mets |= promotion_squares(pos, color);
    }
    let both_colours = (mets & LIGHT_SQUARES).any() && (mets & !LIGHT_SQUARES).any();
    (khons >= 1 && (knights >= 1 || met_count >= 1))
        || (knights >= 1 && met_count >= 2)
        || (met_count >= 3 && both_colours)
}

/// The squares where `color`'s pawns would promote, going straight ahead: their
/// files on `color`'s sixth rank.
fn promotion_squares(pos: &Position, color: Color) -> Bitboard {
    let variant = pos.variant();
    if variant.promotes_as_own_move() {
        // Sittuyin: on the long diagonals (both colours), wherever the pawn walks.
        return variant.promotion_squares(color);
    }
    pos.pieces(color, PieceKind::Pawn).file_fill() & Bitboard::relative_rank(color, 5)
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

/// Guidance for `strong` (its bonus, centipawns) when the defender has nothing but
/// its king and pawns and `strong`'s pieces, without their pawns, can mate: drive the
/// defending king to the edge and bring `strong`'s king near, as against a bare
/// king. `None` otherwise.
// why: no count runs while a pawn is left, and a locked pawn pair keeps one on the
// board for ever; with the score flat (every move wins), a depth-3 search against a
// random mover in the xboard test shuffled its rook for 300 plies with a rook, two
// khons and four mets against king and pawn. The bare-king terms, which the network
// never learnt (datagen stops when the tables take over), give it a direction.
pub(crate) fn king_and_pawns_guidance(pos: &Position, strong: Color) -> Option<i32> {
    let weak = !strong;
    let weak_pieces = pos.pieces_of(weak) & !pos.pieces(weak, PieceKind::Pawn);
    if weak_pieces.count() != 1 || !mating_material(pos, strong, Pawns::Ignore) {
        return None;
    }
    let weak_king = pos.king_square(weak);
    Some(
        DRIVE_TO_EDGE * centre_distance(weak_king)
            - KING_DISTANCE * king_distance(weak_king, pos.king_square(strong)),
    )
}

/// What the endgame knowledge did, for the `eval` breakdown.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub(crate) struct EndgameAdjustment {
    /// Added to White's score (bare-king guidance).
    pub(crate) bonus: i32,
    /// The score is multiplied by `scale / 64`.
    pub(crate) scale: i32,
}

/// How much of a score `strong` keeps when its material cannot mate: `Some(scale)`
/// out of 64, or `None` when it can.
pub(crate) fn mating_material_scale(pos: &Position, strong: Color) -> Option<i32> {
    if has_mating_material(pos, strong) {
        return None;
    }
    if pos.pieces_of_kind(PieceKind::Pawn).any() {
        // why: mets stay on their colour and a pawn becomes a met on its promotion
        // square's, so a pile of mets and pawns can be worth many pawns and still
        // never mate (a game against Fairy-Max went 400 plies at +11 with four mets
        // on dark squares). Captures can still change a pawn's file, so less firmly
        // than without pawns.
        Some(NO_MATING_PROSPECT_SCALE)
    } else {
        Some(CANNOT_MATE_SCALE)
    }
}

/// Endgame adjustments for a white-relative score `white_score`, reading only the
/// endgame tables in `tables`.
pub(crate) fn adjust(
    pos: &Position,
    white_score: i32,
    tables: ReadableTables,
) -> EndgameAdjustment {
    let mut out = EndgameAdjustment {
        bonus: 0,
        scale: 64,
    };
    let strong = if white_score >= 0 {
        Color::White
    } else {
        Color::Black
    };
    let weak = !strong;
    // While men are in hand (sittuyin's set-up phase) the board shows neither side's
    // material, and no ending has begun.
    if !pos.all_men_placed() {
        return out;
    }
    if let Some(scale) = mating_material_scale(pos, strong) {
        out.scale = scale;
        return out;
    }
    let sign = if strong == Color::White { 1 } else { -1 };
    if pos.pieces_of_kind(PieceKind::Pawn).any() {
        if let Some(guidance) = king_and_pawns_guidance(pos, strong) {
            out.bonus = sign * guidance;
        }
        return out;
    }
    // The ai-wok mates as a rook does (and more easily).
    let mut rooks = pos.pieces(strong, PieceKind::Rook);
    if pos.variant().has_aiwok() {
        rooks |= pos.pieces(strong, PieceKind::Met);
    }
    if pos.pieces_of(weak).count() == 1 {
        let weak_king = pos.king_square(weak);
        let strong_king = pos.king_square(strong);
        let khon_mates = pos.pieces(strong, PieceKind::Khon).any() && rooks.is_empty();
        let drive = if khon_mates {
            let seen_by_white = match strong {
                Color::White => weak_king,
                Color::Black => weak_king.flip_rank(),
            };
            KHON_MATING_ZONE[seen_by_white.index()]
        } else {
            DRIVE_TO_EDGE * centre_distance(weak_king)
        };
        // why the tables first: with three or more pieces no table covers the
        // position, but the mate one or two of them alone would give is an exact
        // path (its length falls by one with every good move), where the drive
        // terms only point the way; K+S+M+M v K was drawn by the count with them.
        let mut guidance = match tables.subset_mate_distance(pos) {
            Some(plies) => BARE_KING_WIN + SUBSET_MATE_BASE - SUBSET_MATE_PLY * plies as i32,
            None => BARE_KING_WIN + drive - KING_DISTANCE * king_distance(weak_king, strong_king),
        };
        if rooks.is_empty() {
            let short_range = pos.pieces(strong, PieceKind::Met)
                | pos.pieces(strong, PieceKind::Khon)
                | pos.pieces(strong, PieceKind::Knight);
            for sq in short_range {
                guidance -= PIECE_DISTANCE * king_distance(sq, weak_king);
            }
        }
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

/// The share of a score [`fade_for_count`] keeps with `plies_left` of the count
/// left, for the trainer, which fits the network under the same fade.
pub(crate) fn count_fade_share(plies_left: u16) -> f32 {
    (plies_left as f32 / COUNT_FADE_PLIES as f32).min(1.0)
}

/// Fades a score toward zero as the running count nears its limit.
pub(crate) fn fade_for_count(pos: &Position, score: i32) -> i32 {
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

    fn white_can_mate(fen: &str) -> bool {
        has_mating_material(&pos(fen), Color::White)
    }

    #[test]
    fn mating_material() {
        assert!(white_can_mate("4k3/8/8/8/8/8/8/R3K3 w - - 0 1"));
        assert!(!white_can_mate("4k3/8/8/8/8/8/8/N3K3 w - - 0 1"));
        assert!(!white_can_mate("4k3/8/8/8/8/8/8/NN2K3 w - - 0 1"));
        assert!(!white_can_mate("4k3/8/8/8/8/8/8/S3K3 w - - 0 1"));
        assert!(white_can_mate("4k3/8/8/8/8/8/8/SM2K3 w - - 0 1"));
        assert!(!white_can_mate("4k3/8/8/8/8/8/8/NM2K3 w - - 0 1"));
        assert!(white_can_mate("4k3/8/8/8/8/8/8/NMM1K3 w - - 0 1"));
    }

    #[test]
    fn pawns_count_as_the_mets_they_become() {
        // From a game against Fairy-Max drawn at 400 plies: three mets and an a-pawn,
        // all on (or promoting on) dark squares, cannot mate.
        let dark = pos("8/8/8/2m2k1K/p4m2/8/5m2/8 b - - 0 100");
        assert!(!has_mating_material(&dark, Color::Black));
        assert_eq!(
            adjust(&dark, -1175, ReadableTables::NONE).scale,
            NO_MATING_PROSPECT_SCALE
        );
        // A b-pawn promotes on b3, a light square: then the mets cover both colours.
        let mixed = pos("8/8/8/2m2k1K/1p3m2/8/5m2/8 b - - 0 100");
        assert!(has_mating_material(&mixed, Color::Black));
        assert_eq!(adjust(&mixed, -1175, ReadableTables::NONE).scale, 64);
        // White's pawns promote on rank 6: a6 light, b6 dark, c6 light.
        assert!(white_can_mate("4k3/8/8/8/8/PPP5/8/4K3 w - - 0 1"));
        assert!(!white_can_mate("4k3/8/8/8/8/P1P5/8/4K3 w - - 0 1"));
    }

    #[test]
    fn mets_are_pulled_toward_the_bare_king() {
        // The same K+3M v K with one met next to the bare king (c5) or five steps
        // away (h4, a square of the same colour): the near one scores higher.
        let near = pos("8/8/8/2M5/2k5/8/M7/3MK3 w - - 0 1");
        let far = pos("8/8/8/8/2k4M/8/M7/3MK3 w - - 0 1");
        assert!(has_mating_material(&near, Color::White));
        let gap = adjust(&near, 300, ReadableTables::NONE).bonus
            - adjust(&far, 300, ReadableTables::NONE).bonus;
        assert_eq!(gap, PIECE_DISTANCE * (5 - 1));
        // With a rook the mets' places do not matter.
        let near = pos("8/8/8/2M5/2k5/8/M7/R2MK3 w - - 0 1");
        let far = pos("8/8/8/8/2k4M/8/M7/R2MK3 w - - 0 1");
        assert_eq!(
            adjust(&near, 300, ReadableTables::NONE).bonus,
            adjust(&far, 300, ReadableTables::NONE).bonus
        );
    }

    #[test]
    fn a_king_left_with_pawns_is_driven_like_a_bare_king() {
        // From the xboard test's 400-ply game: rook, khons and mets against king and
        // a locked pawn. Black's king near White's, White's king on the edge, scores
        // higher than White's king in the centre and Black's in a far corner.
        let edge = pos("4K3/8/4k3/6p1/p2mn1P1/1smmms2/2r5/8 w - - 0 201");
        let apart = pos("8/8/8/4K1p1/p2mn1P1/1smmms2/2r5/k7 w - - 0 201");
        let near = king_and_pawns_guidance(&edge, Color::Black).unwrap();
        let far = king_and_pawns_guidance(&apart, Color::Black).unwrap();
        assert_eq!(near, DRIVE_TO_EDGE * 3 - KING_DISTANCE * 2);
        assert_eq!(far, -KING_DISTANCE * 4);
        assert!(near > far);
        assert_eq!(adjust(&edge, -3000, ReadableTables::NONE).bonus, -near);
        // Not while the defender has a piece (a white knight on g1), nor when the
        // attacker's pieces could mate only with its pawns counted (K+2M+P: three
        // mets on both colours).
        let defended = pos("4K3/8/4k3/6p1/p2mn1P1/1smmms2/2r5/6N1 w - - 0 201");
        assert_eq!(king_and_pawns_guidance(&defended, Color::Black), None);
        let mets_and_pawn = pos("4k3/8/8/8/8/1P6/M7/3MK3 w - - 0 1");
        assert!(has_mating_material(&mets_and_pawn, Color::White));
        assert_eq!(king_and_pawns_guidance(&mets_and_pawn, Color::White), None);
    }

    #[test]
    fn count_fades_to_zero() {
        let p = pos("8/1k6/8/8/8/8/R7/4K3 w - 32 32 54");
        assert_eq!(fade_for_count(&p, 500), 0);
        let p = pos("8/1k6/8/8/8/8/R7/4K3 w - 128 6 54");
        assert_eq!(fade_for_count(&p, 500), 500);
        for left in [0u16, 1, 20, 39, 40, 41, 200] {
            let fen = format!("8/3k4/8/2r5/8/3K4/5R2/8 w - 128 {} 80", 128 - left.min(128));
            let p = pos(&fen);
            let left = p.count().plies_left().unwrap();
            let faded = fade_for_count(&p, 4000) as f32;
            assert_eq!(faded, 4000.0 * count_fade_share(left), "{left} plies left");
        }
    }
}
