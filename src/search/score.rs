//! Search scores: centipawns, with mate scores at the top and bottom of the range.
//!
//! A mate in `n` plies from the root is `MATE - n`; being mated is `-(MATE - n)`.
//! The transposition table stores mate scores relative to the node, so they can be
//! reused at another distance from the root.

/// Deepest ply the search can reach (stack sizes).
pub(crate) const MAX_PLY: usize = 128;
/// Longest mate a score can hold, in plies from the root: the search's depth plus
/// the longest win in an endgame table (under 128 plies).
pub(crate) const MAX_MATE_PLY: usize = 512;

pub(crate) const INFINITE: i32 = 32_001;
pub(crate) const MATE: i32 = 32_000;
/// Scores beyond this are mates.
pub(crate) const MATE_BOUND: i32 = MATE - MAX_MATE_PLY as i32;
/// A win an endgame table proves by a conversion (a mate or a capture into a won
/// bare-king ending, within the count) whose mate distance it does not know: below
/// every mate, above every evaluation. `TABLE_WIN - n` converts in `n` plies.
pub const TABLE_WIN: i32 = MATE_BOUND - 1;
/// Scores beyond this are table wins or mates.
pub(crate) const TABLE_WIN_BOUND: i32 = TABLE_WIN - MAX_MATE_PLY as i32;
pub(crate) const DRAW: i32 = 0;

/// The score of mating at `ply` plies from the root.
#[inline(always)]
pub(crate) const fn mate_in(ply: usize) -> i32 {
    MATE - ply as i32
}

/// The score of being mated at `ply` plies from the root.
#[inline(always)]
pub(crate) const fn mated_in(ply: usize) -> i32 {
    -MATE + ply as i32
}

/// The score of a table's conversion at `ply` plies from the root.
#[inline(always)]
pub(crate) const fn table_win_in(ply: usize) -> i32 {
    TABLE_WIN - ply as i32
}

#[inline(always)]
pub(crate) const fn is_mate(score: i32) -> bool {
    score.abs() >= MATE_BOUND
}

/// Whether a score is proven rather than evaluated: a mate or an endgame table's
/// win or loss.
#[inline(always)]
pub(crate) const fn is_proven(score: i32) -> bool {
    score.abs() >= TABLE_WIN_BOUND
}

/// A score as stored in the table: mates (and table wins) counted from this node,
/// not the root.
#[inline(always)]
pub(crate) const fn to_table(score: i32, ply: usize) -> i32 {
    if score >= TABLE_WIN_BOUND {
        score + ply as i32
    } else if score <= -TABLE_WIN_BOUND {
        score - ply as i32
    } else {
        score
    }
}

/// A stored score brought back to distance-from-root form.
#[inline(always)]
pub(crate) const fn from_table(score: i32, ply: usize) -> i32 {
    if score >= TABLE_WIN_BOUND {
        score - ply as i32
    } else if score <= -TABLE_WIN_BOUND {
        score + ply as i32
    } else {
        score
    }
}

/// How a score reads on the wire.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum ScoreText {
    Centipawns(i32),
    /// Mate in this many moves (negative: being mated).
    Mate(i32),
}

/// The UCI reading of a score: centipawns or moves to mate.
pub(crate) fn describe(score: i32) -> ScoreText {
    if score >= MATE_BOUND {
        ScoreText::Mate((MATE - score + 1) / 2)
    } else if score <= -MATE_BOUND {
        ScoreText::Mate(-(MATE + score) / 2)
    } else {
        ScoreText::Centipawns(score)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn mate_scores_read_as_moves() {
        assert_eq!(describe(mate_in(1)), ScoreText::Mate(1));
        assert_eq!(describe(mate_in(3)), ScoreText::Mate(2));
        assert_eq!(describe(mated_in(0)), ScoreText::Mate(0));
        assert_eq!(describe(mated_in(2)), ScoreText::Mate(-1));
        assert_eq!(describe(35), ScoreText::Centipawns(35));
    }

    #[test]
    fn table_round_trip() {
        for ply in [0, 5, 40] {
            for s in [
                mate_in(7),
                mated_in(9),
                table_win_in(3),
                -table_win_in(8),
                120,
                -5,
            ] {
                let stored = to_table(s, ply);
                assert_eq!(from_table(stored, ply), s);
            }
        }
    }
}
