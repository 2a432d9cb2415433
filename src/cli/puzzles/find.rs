//! Which searched positions are puzzles: the best of two MultiPV lines against the
//! second, and the solution line checked by the rules.
//!
//! The rules follow chess-variant-puzzler's `puzzler.py` (ideas, not code): a mate
//! counts when the second line mates at least half as slowly again (its mate-distance
//! ratio, 1.5) or not at all; an only-move win when the best line wins by the win
//! threshold and the gap between the two lines, measured as win chances on a
//! logistic curve scaled to 0.7 of the threshold, is at least the gap between the win
//! and the unclear thresholds.

use crate::board::{Move, Outcome, Position};
use crate::search::score::{MATE, MATE_BOUND, TABLE_WIN_BOUND};

/// The longest mate kept as a mate puzzle, in moves.
// why: the cap; longer mates from short searches are rarely unique and too
// long to be solved by eye.
pub(crate) const MAX_MATE_MOVES: i32 = 5;

/// The second line's mate must be at least this many times longer than the best's.
// why: puzzler.py's default mate-distance ratio: a mate in 2 with a mate in 3 beside
// it still has one clearly best answer; a mate in 2 beside a mate in 2 does not.
pub(crate) const MATE_DISTANCE_RATIO: f64 = 1.5;

/// A best line at least this good (centipawns, side to move) is winning.
// why: puzzler.py's win threshold: four pawns, a piece up in makruk and then some.
pub(crate) const WIN_CP: i32 = 400;

/// A line below this is unclear; the gap between the thresholds is the only-move gap.
// why: puzzler.py's unclear threshold, a pawn.
pub(crate) const UNCLEAR_CP: i32 = 100;

/// Positions with no more legal moves than this are not puzzles.
// why: puzzler.py skips them: with one or two choices the answer is a coin's toss.
pub(crate) const MIN_LEGAL_MOVES: usize = 3;

/// What kind of puzzle a position is.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Kind {
    /// The best move mates in this many moves, and no other mates as fast.
    Mate(i32),
    /// The best move wins and the others do not.
    Winning,
}

impl Kind {
    /// The EPD `type` field: `mate` or `winning`.
    pub(crate) fn name(self) -> &'static str {
        match self {
            Kind::Mate(_) => "mate",
            Kind::Winning => "winning",
        }
    }

    /// The theme in words: "mate in N" or "only move".
    pub(crate) fn theme(self) -> String {
        match self {
            Kind::Mate(n) => format!("mate in {n}"),
            Kind::Winning => "only move".to_string(),
        }
    }
}

/// Moves to mate of a score (side to move), when it is a mate for the side to move.
pub(crate) fn mate_moves(score: i32) -> Option<i32> {
    (score >= MATE_BOUND).then(|| (MATE - score + 1) / 2)
}

/// The side to move's chance of winning on puzzler.py's logistic curve: 1 for a
/// proven win (mate or table), 0 for a proven loss.
fn win_chance(score: i32) -> f64 {
    if score >= TABLE_WIN_BOUND {
        1.0
    } else if score <= -TABLE_WIN_BOUND {
        0.0
    } else {
        let scale = WIN_CP as f64 * 0.7;
        1.0 / (1.0 + (-(score as f64) / scale).exp())
    }
}

/// The puzzle the two best lines' scores (side to move's view, best first) make, if
/// any. A count-aware search gives a mate the count forbids a draw's score, so a
/// mate here is one the count allows.
pub(crate) fn classify(best: i32, second: Option<i32>) -> Option<Kind> {
    // One legal move is not a puzzle.
    let second = second?;
    if let Some(n) = mate_moves(best) {
        let unique = match mate_moves(second) {
            None => true,
            Some(m) => m as f64 >= n as f64 * MATE_DISTANCE_RATIO,
        };
        return (n <= MAX_MATE_MOVES && unique).then_some(Kind::Mate(n));
    }
    let gap = win_chance(WIN_CP) - win_chance(UNCLEAR_CP);
    (best >= WIN_CP && win_chance(best) - win_chance(second) >= gap).then_some(Kind::Winning)
}

/// Why a solution line was refused.
#[derive(Clone, Debug, PartialEq, Eq)]
pub(crate) enum Unverified {
    /// Move `index` (from 0) is not legal where it is played.
    Illegal(usize),
    /// The game is over before move `index` (mate, a draw, the count run out).
    Over(usize),
    /// A mate puzzle's line does not end in mate by the side that starts it, after
    /// exactly 2N-1 moves.
    NoMate,
    /// The line is empty.
    Empty,
}

/// Replays `pv` from `pos` by the rules: every move legal, no end before the last
/// move; for a mate in N, exactly 2N-1 moves ending in mate by the side to move.
pub(crate) fn verify(pos: &Position, pv: &[Move], kind: Kind) -> Result<(), Unverified> {
    if pv.is_empty() {
        return Err(Unverified::Empty);
    }
    let solver = pos.side_to_move();
    let mut p = pos.clone();
    for (i, &m) in pv.iter().enumerate() {
        if p.outcome().is_some() {
            return Err(Unverified::Over(i));
        }
        if !p.legal_moves().contains(m) {
            return Err(Unverified::Illegal(i));
        }
        p.play(m);
    }
    if let Kind::Mate(n) = kind {
        let mated = p.outcome() == Some(Outcome::Checkmate { winner: solver });
        if !mated || pv.len() != (2 * n - 1) as usize {
            return Err(Unverified::NoMate);
        }
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::search::score::{mate_in, mated_in, table_win_in};

    #[test]
    fn mates_need_a_clearly_slower_second_line() {
        assert_eq!(classify(mate_in(3), Some(0)), Some(Kind::Mate(2)));
        assert_eq!(classify(mate_in(3), Some(mate_in(5))), Some(Kind::Mate(2)));
        assert_eq!(classify(mate_in(3), Some(mate_in(3))), None);
        assert_eq!(classify(mate_in(1), Some(mate_in(3))), Some(Kind::Mate(1)));
        assert_eq!(
            classify(mate_in(11), Some(0)),
            None,
            "mate in 6: past the cap"
        );
        assert_eq!(classify(mate_in(1), None), None, "one legal move");
    }

    #[test]
    fn wins_need_an_only_move() {
        assert_eq!(classify(500, Some(0)), Some(Kind::Winning));
        assert_eq!(classify(500, Some(350)), None);
        assert_eq!(classify(300, Some(-300)), None, "not winning enough");
        assert_eq!(classify(table_win_in(9), Some(20)), Some(Kind::Winning));
        assert_eq!(classify(900, Some(mated_in(4))), Some(Kind::Winning));
    }

    #[test]
    fn lines_are_replayed_by_the_rules_and_the_count() {
        let pv = |p: &Position, ms: &[&str]| -> Vec<Move> {
            let mut q = p.clone();
            ms.iter()
                .map(|t| {
                    let m = q.parse_uci_move(t).unwrap();
                    q.play(m);
                    m
                })
                .collect()
        };
        let fits = Position::from_fen("k7/7R/2K5/8/8/8/8/8 w - 32 0 1").unwrap();
        let line = pv(&fits, &["c6b6", "a8b8", "h7h8"]);
        assert_eq!(verify(&fits, &line, Kind::Mate(2)), Ok(()));
        assert_eq!(verify(&fits, &line, Kind::Mate(3)), Err(Unverified::NoMate));
        assert_eq!(
            verify(&fits, &line[..2], Kind::Mate(2)),
            Err(Unverified::NoMate)
        );
        assert_eq!(
            verify(&fits, &line[1..], Kind::Winning),
            Err(Unverified::Illegal(0))
        );
        assert_eq!(verify(&fits, &[], Kind::Winning), Err(Unverified::Empty));
        // The count runs out before the mate: the line is no mate by the rules.
        let late = Position::from_fen("k7/7R/2K5/8/8/8/8/8 w - 32 31 1").unwrap();
        assert!(verify(&late, &line, Kind::Mate(2)).is_err());
    }
}
