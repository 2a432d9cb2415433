//! Every evaluation weight, named, with the reason it exists.
//!
//! Values are centipawns as (middlegame, endgame). Starting points come from
//! `ENGINE-NOTES.md` (Fairy-Stockfish's makruk values scaled to a pawn of about 100)
//! and are kept or changed only by matches. The linear weights (material and
//! imbalance, mobility tables, pawn-supported pieces, rook files, pawn structure,
//! free pawns, king shield, danger, zone hits and safe checks, and the tables in
//! `psqt.rs`) were then fitted by `khun tune-eval` to Khun's self-play records and
//! kept by a match (README, "Tuning the hand-written evaluation").

use super::score::S;
use crate::board::PieceKind;

/// Material per piece kind (pawn, met, khon, knight, rook, king).
// why: the met is little more than a pawn (promotion is easy), khon and knight are
// close, the rook dominates; knights gain a little in the endgame, khons lose a little
// (they cannot retreat well).
pub(crate) const MATERIAL: [S; 6] = [
    S(97, 120),
    S(272, 251),
    S(405, 317),
    S(478, 434),
    S(782, 675),
    S(0, 0),
];

/// The ai-wok's material (ai-wok replaces the met; it moves as a rook, a knight or
/// a met).
// why: a rook and a knight in one piece, like chess's chancellor (worth about a rook
// and a knight: 1260 here), plus the met's steps; Fairy-Max prices it at 1.25 times
// its rook and knight (about 1575 here). Between the two; no games measure it finer.
pub(crate) const AIWOK_MATERIAL: S = S(1400, 1500);
/// The ai-wok's mobility per reachable square.
// why: it reaches up to 26 squares, twice a rook; a rook's weight per square would
// count its mobility double, so about half of it.
pub(crate) const AIWOK_MOBILITY: S = S(2, 3);

/// Game-phase weight per piece kind; the start position has `MAX_PHASE`.
// why: rooks shape the middlegame most; mets barely matter for the phase.
pub(crate) const PHASE_WEIGHT: [i32; 6] = [0, 1, 1, 1, 2, 0];
pub(crate) const MAX_PHASE: i32 = 18;

/// Side to move bonus.
// why: having the move is worth something in every phase (a tempo).
pub(crate) const TEMPO: i32 = 12;

/// Mobility by the number of reachable squares not attacked by enemy pawns, one
/// table per kind (met, khon, knight, rook), indexed by that number.
// why: forward mobility of mets and khons and rook activity matter most (talkchess);
// a table instead of a value per square, because the first squares matter more than
// the last (a knight with no square is trapped, one with eight is not twice as good
// as one with four).
pub(crate) const MOBILITY_MET: [S; 5] = [S(-3, 0), S(1, -5), S(4, -6), S(8, 2), S(7, 4)];
pub(crate) const MOBILITY_KHON: [S; 6] =
    [S(-5, -5), S(1, -2), S(4, 5), S(6, 16), S(9, 20), S(11, 22)];
pub(crate) const MOBILITY_KNIGHT: [S; 9] = [
    S(-8, -27),
    S(7, -31),
    S(13, -15),
    S(17, -2),
    S(21, 6),
    S(25, 14),
    S(29, 21),
    S(35, 23),
    S(38, 18),
];
pub(crate) const MOBILITY_ROOK: [S; 15] = [
    S(0, -88),
    S(0, -39),
    S(0, -32),
    S(2, -17),
    S(4, -2),
    S(4, 10),
    S(5, 19),
    S(5, 23),
    S(6, 26),
    S(9, 33),
    S(10, 35),
    S(11, 37),
    S(11, 38),
    S(11, 41),
    S(20, 32),
];

/// The mobility table of `kind` (empty for pawn and king).
pub(crate) const fn mobility_table(kind: PieceKind) -> &'static [S] {
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
pub(crate) const PAWN_SUPPORTED: [S; 6] =
    [S(0, 0), S(12, 7), S(5, 6), S(-1, 5), S(-2, 25), S(0, 0)];

/// Material imbalance, by pairs of kinds (pawn, met, khon, knight, rook): a value per
/// product of two of our counts (`IMBALANCE_OURS[a][b]`, b <= a, pawns with pawns
/// left out) and per product of our count of `a` and their count of `b`
/// (`IMBALANCE_THEIRS[a][b]`, b < a).
// why: a piece is worth more or less with what else stands on the board: mets and
// khons gain beside pawns they can shepherd, a rook against minor pieces differs from
// a rook against a rook; one value per kind cannot say so.
pub(crate) const IMBALANCE_OURS: [[S; 5]; 5] = [
    [S(0, 0), S(0, 0), S(0, 0), S(0, 0), S(0, 0)],
    [S(3, 17), S(7, -6), S(0, 0), S(0, 0), S(0, 0)],
    [S(-11, 30), S(3, 5), S(3, 2), S(0, 0), S(0, 0)],
    [S(-8, 29), S(14, -11), S(-7, -1), S(-1, -25), S(0, 0)],
    [S(-18, 45), S(27, -19), S(10, -9), S(18, -54), S(10, -19)],
];
pub(crate) const IMBALANCE_THEIRS: [[S; 5]; 5] = [
    [S(0, 0), S(0, 0), S(0, 0), S(0, 0), S(0, 0)],
    [S(-8, 17), S(0, 0), S(0, 0), S(0, 0), S(0, 0)],
    [S(-1, 21), S(6, 1), S(0, 0), S(0, 0), S(0, 0)],
    [S(-9, 31), S(10, 13), S(-8, 31), S(0, 0), S(0, 0)],
    [S(-24, 54), S(23, 14), S(-9, 37), S(-15, -9), S(0, 0)],
];

/// A rook on a file with no pawns at all / with only enemy pawns.
// why: the rook is the only slider; open files are where it works.
pub(crate) const ROOK_OPEN_FILE: S = S(16, -8);
pub(crate) const ROOK_SEMI_OPEN_FILE: S = S(11, 6);

/// A pawn defended by a friendly pawn.
// why: makruk pawn chains on the fourth and fifth ranks hold the centre.
pub(crate) const PAWN_PROTECTED: S = S(2, 5);
/// A pawn with no friendly pawn on a neighbouring file.
pub(crate) const PAWN_ISOLATED: S = S(-11, -14);
/// Each extra pawn on a file.
pub(crate) const PAWN_DOUBLED: S = S(-20, -2);
/// A pawn with no enemy pawn ahead of it on its own or neighbouring files, by
/// relative rank (a pawn starts on rank index 2 and promotes on 5).
// why: a free pawn becomes a met in two or three moves.
pub(crate) const PAWN_PASSED: [S; 8] = [
    S(0, 0),
    S(0, 0),
    S(-3, 22),
    S(8, 34),
    S(13, 56),
    S(0, 0),
    S(0, 0),
    S(0, 0),
];

/// Attack weight of each kind on the squares around the enemy king.
// why: a king attack is as strong as the pieces in it; rooks and knights do most.
pub(crate) const KING_ATTACK_WEIGHT: [i32; 6] = [0, 2, 3, 4, 5, 0];
/// Middlegame penalty by the sum of attack weights (clamped to the table).
pub(crate) const KING_DANGER: [i32; 16] =
    [0, 0, 13, 10, 12, 17, 15, 20, 26, 22, 37, 33, 47, 62, 60, 80];
/// A friendly pawn, met or khon on the three squares in front of the king.
// why: the khon and met are the makruk king's shield (seed 000, "Endgame").
pub(crate) const KING_SHIELD: i32 = 5;

/// Per square of the enemy king's zone a met, khon, knight or rook reaches, by kind.
// why: the danger table counts only attacks by two or more pieces, in the middlegame;
// a single piece near the king already ties the defence down, and more so late on,
// when the king itself must fight.
pub(crate) const KING_ZONE_HIT: [S; 6] =
    [S(0, 0), S(7, -10), S(6, -17), S(-2, -7), S(-6, -3), S(0, 0)];
/// Per square from which a met, khon, knight or rook could check the enemy king next
/// move, that it reaches and no enemy pawn guards, by kind.
// why: checks are how attacks on a makruk king land (mates come from checks by
// rooks and knights with khons and mets alongside); a square to check from is a
// threat the defender must answer.
pub(crate) const SAFE_CHECK: [S; 6] = [S(0, 0), S(2, 10), S(0, 17), S(3, -1), S(9, 7), S(0, 0)];

/// Bare-king endings: a large bonus for the side that can mate, then guidance.
// why: without it the attacker shuffles, and the count runs out.
pub(crate) const BARE_KING_WIN: i32 = 600;
/// Per step the defending king stands from the centre (Manhattan), attacker's bonus.
pub(crate) const DRIVE_TO_EDGE: i32 = 20;
/// Per step the two kings stand apart, attacker's penalty.
pub(crate) const KING_DISTANCE: i32 = 8;
/// Against a bare king with three or more pieces, when a table of one or two of them
/// wins (`tablebase::subset_mate_distance`): the attacker's bonus, less
/// `SUBSET_MATE_PLY` per ply of that table's mate.
// why 300: above the most the drive terms give, so a position the tables read is
// preferred to one they do not; 5 a ply keeps a mate of 60 plies above nothing.
pub(crate) const SUBSET_MATE_BASE: i32 = 300;
pub(crate) const SUBSET_MATE_PLY: i32 = 5;
/// Per step a short-range piece (met, khon, knight) stands from the bare king, when
/// the attacker has no rook: attacker's penalty.
// why: mets and knights mate only from next to the king, and they take many moves to
// get there; without a pull toward the king, K+3M v K and K+N+2M v K were shuffled
// until the count ran out (a 400-ply draw against Fairy-Max).
pub(crate) const PIECE_DISTANCE: i32 = 6;

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
    125, 114, 104, 98, 98, 104, 114, 125,
];

/// Pawnless endings where the stronger side cannot mate are scaled down to this many
/// 64ths.
// why: K+N v K, K+M v K and the like are dead draws; a small residue keeps the
// engine preferring to keep its material.
pub(crate) const CANNOT_MATE_SCALE: i32 = 4;
/// Endings with pawns where the stronger side's pieces, with its pawns counted as
/// the mets they become, still cannot mate a bare king: scaled to this many 64ths.
// why: the material edge is real but cannot be turned into a win; a pawn may still
// change its file (and its promotion colour) by a capture, so not as far down as
// the pawnless case.
pub(crate) const NO_MATING_PROSPECT_SCALE: i32 = 16;
/// Pawnless endings with a small material edge (less than a rook) are scaled down.
// why: one minor piece up rarely wins in makruk without pawns (ENGINE-NOTES).
pub(crate) const SMALL_EDGE_SCALE: i32 = 24;

/// Plies of count below which the evaluation starts to fade toward a draw.
// why: a win the count will cut off is worth nothing; fading lets the engine see
// the draw coming and the defender aim for it (ddugovic/Stockfish issue 426).
pub(crate) const COUNT_FADE_PLIES: i32 = 40;

/// The ai-wok's value for exchange decisions (see `AIWOK_MATERIAL`).
pub(crate) const AIWOK_SEE_VALUE: i32 = 1400;

/// The material value of a kind in `pos`'s game (the ai-wok in its met slot), for
/// exchange decisions.
#[inline(always)]
pub(crate) fn see_value_in(variant: crate::board::Variant, kind: PieceKind) -> i32 {
    if variant.has_aiwok() && kind == PieceKind::Met {
        AIWOK_SEE_VALUE
    } else {
        see_value(kind)
    }
}

/// The material value of a kind (middlegame), for exchange decisions.
pub(crate) const fn see_value(kind: PieceKind) -> i32 {
    match kind {
        PieceKind::Pawn => 100,
        PieceKind::Met => 280,
        PieceKind::Khon => 420,
        PieceKind::Knight => 480,
        PieceKind::Rook => 780,
        PieceKind::King => 20_000,
    }
}
