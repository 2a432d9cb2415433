//! Every evaluation weight, named, with the reason it exists.
//!
//! Values are centipawns as (middlegame, endgame). Starting points come from
//! `ENGINE-NOTES.md` (Fairy-Stockfish's makruk values scaled to a pawn of about 100)
//! and are kept or changed only by matches. The linear weights (material, mobility,
//! rook files, pawn structure, free pawns, king shield and danger, and the tables in
//! `psqt.rs`) were then fitted by `khun tune-eval` to Khun's self-play records and
//! kept by a match (README, "Tuning the hand-written evaluation").

use super::score::S;
use crate::board::PieceKind;

/// Material per piece kind (pawn, met, khon, knight, rook, king).
// why: the met is little more than a pawn (promotion is easy), khon and knight are
// close, the rook dominates; knights gain a little in the endgame, khons lose a little
// (they cannot retreat well).
pub const MATERIAL: [S; 6] = [
    S(97, 121),
    S(271, 240),
    S(405, 302),
    S(478, 416),
    S(785, 661),
    S(0, 0),
];

/// The ai-wok's material (ai-wok replaces the met; it moves as a rook, a knight or
/// a met).
// why: a rook and a knight in one piece, like chess's chancellor (worth about a rook
// and a knight: 1260 here), plus the met's steps; Fairy-Max prices it at 1.25 times
// its rook and knight (about 1575 here). Between the two; no games measure it finer.
pub const AIWOK_MATERIAL: S = S(1400, 1500);
/// The ai-wok's mobility per reachable square.
// why: it reaches up to 26 squares, twice a rook; a rook's weight per square would
// count its mobility double, so about half of it.
pub const AIWOK_MOBILITY: S = S(2, 3);

/// Game-phase weight per piece kind; the start position has `MAX_PHASE`.
// why: rooks shape the middlegame most; mets barely matter for the phase.
pub const PHASE_WEIGHT: [i32; 6] = [0, 1, 1, 1, 2, 0];
pub const MAX_PHASE: i32 = 18;

/// Side to move bonus.
// why: having the move is worth something in every phase (a tempo).
pub const TEMPO: i32 = 12;

/// Mobility by the number of reachable squares not attacked by enemy pawns, one
/// table per kind (met, khon, knight, rook), indexed by that number.
// why: forward mobility of mets and khons and rook activity matter most (talkchess);
// a table instead of a value per square, because the first squares matter more than
// the last (a knight with no square is trapped, one with eight is not twice as good
// as one with four).
pub const MOBILITY_MET: [S; 5] = [S(-5, -10), S(0, -15), S(3, -16), S(7, -9), S(6, -6)];
pub const MOBILITY_KHON: [S; 6] = [S(-4, -20), S(1, -15), S(4, -7), S(6, 4), S(9, 9), S(10, 14)];
pub const MOBILITY_KNIGHT: [S; 9] = [
    S(-9, -39),
    S(7, -43),
    S(13, -27),
    S(17, -13),
    S(21, -6),
    S(25, 2),
    S(30, 8),
    S(36, 10),
    S(38, 6),
];
pub const MOBILITY_ROOK: [S; 15] = [
    S(0, -86),
    S(0, -44),
    S(0, -37),
    S(3, -22),
    S(4, -7),
    S(4, 6),
    S(5, 16),
    S(6, 20),
    S(7, 22),
    S(9, 29),
    S(10, 32),
    S(12, 32),
    S(12, 33),
    S(12, 37),
    S(17, 34),
];

/// The mobility table of `kind` (empty for pawn and king).
pub const fn mobility_table(kind: PieceKind) -> &'static [S] {
    match kind {
        PieceKind::Met => &MOBILITY_MET,
        PieceKind::Khon => &MOBILITY_KHON,
        PieceKind::Knight => &MOBILITY_KNIGHT,
        PieceKind::Rook => &MOBILITY_ROOK,
        PieceKind::Pawn | PieceKind::King => &[],
    }
}

/// A met, khon, knight or rook defended by a friendly pawn, by kind.
// why: a pawn-defended piece cannot be chased off by an exchange, and in makruk's
// closed pawn chains such posts are where knights and khons settle.
pub const PAWN_SUPPORTED: [S; 6] = [S(0, 0), S(13, 7), S(6, 6), S(-1, 3), S(-2, 26), S(0, 0)];

/// Material imbalance, by pairs of kinds (pawn, met, khon, knight, rook): a value per
/// product of two of our counts (`IMBALANCE_OURS[a][b]`, b <= a, pawns with pawns
/// left out) and per product of our count of `a` and their count of `b`
/// (`IMBALANCE_THEIRS[a][b]`, b < a).
// why: a piece is worth more or less with what else stands on the board: mets and
// khons gain beside pawns they can shepherd, a rook against minor pieces differs from
// a rook against a rook; one value per kind cannot say so.
pub const IMBALANCE_OURS: [[S; 5]; 5] = [
    [S(0, 0), S(0, 0), S(0, 0), S(0, 0), S(0, 0)],
    [S(2, 20), S(8, -2), S(0, 0), S(0, 0), S(0, 0)],
    [S(-13, 36), S(6, 8), S(3, 2), S(0, 0), S(0, 0)],
    [S(-11, 36), S(19, -9), S(-5, -2), S(-1, -24), S(0, 0)],
    [S(-21, 51), S(36, -21), S(17, -23), S(19, -62), S(11, -28)],
];
pub const IMBALANCE_THEIRS: [[S; 5]; 5] = [
    [S(0, 0), S(0, 0), S(0, 0), S(0, 0), S(0, 0)],
    [S(-11, 22), S(0, 0), S(0, 0), S(0, 0), S(0, 0)],
    [S(-3, 27), S(11, 0), S(0, 0), S(0, 0), S(0, 0)],
    [S(-11, 37), S(14, 13), S(-8, 28), S(0, 0), S(0, 0)],
    [S(-26, 62), S(25, 20), S(-8, 36), S(-18, -3), S(0, 0)],
];

/// A rook on a file with no pawns at all / with only enemy pawns.
// why: the rook is the only slider; open files are where it works.
pub const ROOK_OPEN_FILE: S = S(16, -7);
pub const ROOK_SEMI_OPEN_FILE: S = S(11, 6);

/// A pawn defended by a friendly pawn.
// why: makruk pawn chains on the fourth and fifth ranks hold the centre.
pub const PAWN_PROTECTED: S = S(2, 5);
/// A pawn with no friendly pawn on a neighbouring file.
pub const PAWN_ISOLATED: S = S(-11, -14);
/// Each extra pawn on a file.
pub const PAWN_DOUBLED: S = S(-20, -1);
/// A pawn with no enemy pawn ahead of it on its own or neighbouring files, by
/// relative rank (a pawn starts on rank index 2 and promotes on 5).
// why: a free pawn becomes a met in two or three moves.
pub const PAWN_PASSED: [S; 8] = [
    S(0, 0),
    S(0, 0),
    S(-3, 21),
    S(8, 33),
    S(13, 56),
    S(0, 0),
    S(0, 0),
    S(0, 0),
];

/// Attack weight of each kind on the squares around the enemy king.
// why: a king attack is as strong as the pieces in it; rooks and knights do most.
pub const KING_ATTACK_WEIGHT: [i32; 6] = [0, 2, 3, 4, 5, 0];
/// Middlegame penalty by the sum of attack weights (clamped to the table).
pub const KING_DANGER: [i32; 16] = [0, 0, 6, 6, 9, 11, 8, 14, 18, 12, 30, 18, 37, 49, 46, 62];
/// A friendly pawn, met or khon on the three squares in front of the king.
// why: the khon and met are the makruk king's shield (seed 000, "Endgame").
pub const KING_SHIELD: i32 = 5;

/// Bare-king endings: a large bonus for the side that can mate, then guidance.
// why: without it the attacker shuffles, and the count runs out.
pub const BARE_KING_WIN: i32 = 600;
/// Per step the defending king stands from the centre (Manhattan), attacker's bonus.
pub const DRIVE_TO_EDGE: i32 = 20;
/// Per step the two kings stand apart, attacker's penalty.
pub const KING_DISTANCE: i32 = 8;
/// Per step a short-range piece (met, khon, knight) stands from the bare king, when
/// the attacker has no rook: attacker's penalty.
// why: mets and knights mate only from next to the king, and they take many moves to
// get there; without a pull toward the king, K+3M v K and K+N+2M v K were shuffled
// until the count ran out (a 400-ply draw against Fairy-Max).
pub const PIECE_DISTANCE: i32 = 6;

/// Where a khon drives a bare king: the attacker's bonus by the bare king's square,
/// for an attacker with a khon and no rook, White attacking (a1 first, rank by rank).
// why: a khon moves forward, so it mates on the far rank, not on any edge. From
// Khun's own K+S+M v K table: four times (the longest mean win by the bare king's
// square less the mean win from this square), in plies; a king on the attacker's
// own back rank takes 30 plies longer to mate than one in a far corner.
// `engine-tests/tablebase.rs` derives it again from the table.
pub const KHON_MATING_ZONE: [i32; 64] = [
    30, 20, 12, 9, 9, 12, 20, 30, //
    26, 14, 6, 2, 2, 6, 14, 26, //
    26, 15, 5, 0, 0, 5, 15, 26, //
    34, 22, 12, 5, 5, 12, 22, 34, //
    48, 37, 26, 20, 20, 26, 37, 48, //
    72, 59, 49, 43, 43, 49, 59, 72, //
    100, 89, 77, 73, 73, 77, 89, 100, //
    125, 114, 103, 98, 98, 103, 114, 125,
];

/// Pawnless endings where the stronger side cannot mate are scaled down to this many
/// 64ths.
// why: K+N v K, K+M v K and the like are dead draws; a small residue keeps the
// engine preferring to keep its material.
pub const CANNOT_MATE_SCALE: i32 = 4;
/// Endings with pawns where the stronger side's pieces, with its pawns counted as
/// the mets they become, still cannot mate a bare king: scaled to this many 64ths.
// why: the material edge is real but cannot be turned into a win; a pawn may still
// change its file (and its promotion colour) by a capture, so not as far down as
// the pawnless case.
pub const NO_MATING_PROSPECT_SCALE: i32 = 16;
/// Pawnless endings with a small material edge (less than a rook) are scaled down.
// why: one minor piece up rarely wins in makruk without pawns (ENGINE-NOTES).
pub const SMALL_EDGE_SCALE: i32 = 24;

/// Plies of count below which the evaluation starts to fade toward a draw.
// why: a win the count will cut off is worth nothing; fading lets the engine see
// the draw coming and the defender aim for it (ddugovic/Stockfish issue 426).
pub const COUNT_FADE_PLIES: i32 = 40;

/// The ai-wok's value for exchange decisions (see `AIWOK_MATERIAL`).
pub const AIWOK_SEE_VALUE: i32 = 1400;

/// The material value of a kind in `pos`'s game (the ai-wok in its met slot), for
/// exchange decisions.
#[inline(always)]
pub fn see_value_in(variant: crate::board::Variant, kind: PieceKind) -> i32 {
    if variant.has_aiwok() && kind == PieceKind::Met {
        AIWOK_SEE_VALUE
    } else {
        see_value(kind)
    }
}

/// The material value of a kind (middlegame), for exchange decisions.
pub const fn see_value(kind: PieceKind) -> i32 {
    match kind {
        PieceKind::Pawn => 100,
        PieceKind::Met => 280,
        PieceKind::Khon => 420,
        PieceKind::Knight => 480,
        PieceKind::Rook => 780,
        PieceKind::King => 20_000,
    }
}
