//! The names of the hand-written evaluation's linear weights. The evaluation tells a
//! `Tracer` how many times each weight counts in a position, by these names;
//! where each weight sits in the fitter's flat vector, and today's values, are the
//! learning side's (`crate::learn::tune_eval::weights`).

use crate::board::PieceKind;

/// One tunable weight of the evaluation.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Weight {
    /// A piece's material value (pawn to rook).
    Material(PieceKind),
    /// A piece-square value: the kind and the square's diagram index from White's
    /// side (a8 = 0, h1 = 63), as the tables in `psqt.rs` are written.
    PieceSquare(PieceKind, usize),
    /// Mobility of a met, khon, knight or rook by its number of reachable squares.
    Mobility(PieceKind, usize),
    /// A met, khon, knight or rook defended by a friendly pawn.
    PawnSupported(PieceKind),
    /// Per enemy king-zone square a met, khon, knight or rook reaches.
    KingZoneHit(PieceKind),
    /// Per safe square a met, khon, knight or rook could check the enemy king from.
    SafeCheck(PieceKind),
    /// Per product of our counts of two kinds (kind indices a >= b, a > 0).
    ImbalanceOurs(usize, usize),
    /// Per product of our count of kind a and their count of kind b (a > b).
    ImbalanceTheirs(usize, usize),
    RookOpenFile,
    RookSemiOpenFile,
    PawnProtected,
    PawnIsolated,
    PawnDoubled,
    /// A free pawn by relative rank (2 to 4; a pawn promotes on 5).
    PawnPassed(usize),
    /// A shield piece in front of the king (middlegame only).
    KingShield,
    /// The king-danger table's entry (middlegame only).
    KingDanger(usize),
}
