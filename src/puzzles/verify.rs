//! A solution line replayed by the rules: every move legal where it is played, the
//! game not over before the last (a mate the count forbids ends it first), and the end
//! the kind of puzzle promises.

use super::judge::Kind;
use crate::board::{Move, Outcome, Position};
use std::fmt;

/// Why a solution line was refused.
#[derive(Clone, Debug, PartialEq, Eq)]
pub(crate) enum Unverified {
    /// Move `index` (from 0) is not legal where it is played.
    Illegal(usize),
    /// The game is over before move `index` (mate, a draw, the count run out).
    Over(usize),
    /// A mate's (or a win's) line does not end in the win of the side that starts
    /// it, by the rules, after exactly 2N-1 moves.
    NoMate,
    /// The line is empty.
    Empty,
    /// A saving line ends with the solver lost (mated, or the rules' other win).
    SolverMated,
}

impl fmt::Display for Unverified {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Unverified::Illegal(i) => write!(f, "move {} is not legal where it is played", i + 1),
            Unverified::Over(i) => write!(
                f,
                "the game is over before move {} (mate, or the count has run out)",
                i + 1
            ),
            Unverified::NoMate => write!(
                f,
                "the line does not end in mate (or the rules' other win) by the side to \
                 move within the count (a mate in N is 2N-1 plies)"
            ),
            Unverified::Empty => write!(f, "the line is empty"),
            Unverified::SolverMated => write!(f, "the saving line ends with its side mated"),
        }
    }
}

/// Replays `pv` from `pos` by the rules: every move legal, no end before the last
/// move; for a mate (or a win) in N, exactly 2N-1 moves ending in the win of the side
/// to move, the game's end by the rules (a mate, Kar Ouk's winning check); for a win
/// within the count, the same end (the count not run out first).
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
    let winner = p.outcome().and_then(Outcome::winner);
    let won = winner == Some(solver);
    match kind {
        Kind::Mate(n) | Kind::Win(n) if !won || pv.len() != (2 * n - 1) as usize => {
            Err(Unverified::NoMate)
        }
        Kind::CountWin if !won => Err(Unverified::NoMate),
        Kind::Defensive | Kind::CountHold if winner == Some(!solver) => {
            Err(Unverified::SolverMated)
        }
        _ => Ok(()),
    }
}
