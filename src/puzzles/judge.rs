//! Which searched positions are puzzles: the best of two MultiPV lines against the
//! second (mates, winning and saving only-moves), and the count races the endgame
//! tables decide. The solution line is checked by the rules in `verify.rs`; the races
//! outside the tables need a second search (`search.rs`).
//!
//! The rules follow chess-variant-puzzler's `puzzler.py` (ideas, not code): a mate
//! counts when the second line mates at least half as slowly again (its mate-distance
//! ratio, 1.5) or not at all; an only-move win when the best line wins by the win
//! threshold and the gap between the two lines, measured as win chances on a
//! logistic curve scaled to 0.7 of the threshold, is at least the gap between the win
//! and the unclear thresholds.

use super::count_decision::Decision;
use crate::board::{Color, Move, Outcome, Position};
use crate::search::score::{MATE, MATE_BOUND, TABLE_WIN_BOUND};
use crate::tablebase::{CountVerdict, Tables};

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
pub enum Kind {
    /// The best move mates in this many moves, and no other mates as fast.
    Mate(i32),
    /// The best move wins in this many moves by another end of the game the rules
    /// make a win (Kar Ouk's winning check), and no other wins as fast.
    Win(i32),
    /// The best move wins and the others do not.
    Winning,
    /// A saving only-move: every other move loses (or leaves the side to move far
    /// worse); the best holds (a draw, or far less bad).
    Defensive,
    /// A count race, attacking: the best move mates within the count; the second
    /// line would still win without the count but no longer mates within it.
    CountWin,
    /// A count race, defending: the best move holds out the count (a draw only the
    /// count gives), the second line is mated within it.
    CountHold,
    /// A players' count decision (`count_decision.rs`): start the count, stop it, or
    /// keep it running; the line is played after the action.
    CountDecision(Decision),
}

impl Kind {
    /// The EPD `type` field: `mate`, `win`, `winning`, `defensive`, `count`, or a
    /// players' count decision's (`count-start`, `count-stop`, `count-keep`).
    pub fn name(self) -> &'static str {
        match self {
            Kind::CountDecision(d) => d.type_name(),
            Kind::Mate(_) => "mate",
            Kind::Win(_) => "win",
            Kind::Winning => "winning",
            Kind::Defensive => "defensive",
            Kind::CountWin | Kind::CountHold => "count",
        }
    }

    /// The theme in words: "mate in N", "win in N", "only move", "saving move", or the
    /// race.
    pub fn theme(self) -> String {
        match self {
            Kind::Mate(n) => format!("mate in {n}"),
            Kind::Win(n) => format!("win in {n}"),
            Kind::Winning => "only move".to_string(),
            Kind::Defensive => "saving move".to_string(),
            Kind::CountWin => "win within the count".to_string(),
            Kind::CountHold => "hold out the count".to_string(),
            Kind::CountDecision(d) => d.theme().to_string(),
        }
    }

    /// The solver's moves of a forced win (a mate or a win in N): N; `None` for the
    /// other kinds.
    pub(crate) fn forced_moves(self) -> Option<i32> {
        match self {
            Kind::Mate(n) | Kind::Win(n) => Some(n),
            _ => None,
        }
    }
}

/// A forced win's kind named by how its line `pv` from `pos` ends, by the rules:
/// a mate stays [`Kind::Mate`]; another end the rules make the solver's win (Kar
/// Ouk's winning check, which the search scores as a mate) is [`Kind::Win`]. Other
/// kinds, and lines the rules do not finish so, are left as they are.
pub(crate) fn named_by_end(kind: Kind, pos: &Position, pv: &[Move]) -> Kind {
    let Kind::Mate(n) = kind else {
        return kind;
    };
    let mut p = pos.clone();
    for &m in pv {
        if p.outcome().is_some() || !p.legal_moves().contains(m) {
            return kind;
        }
        p.play(m);
    }
    match p.outcome() {
        Some(Outcome::Checkmate { .. }) => kind,
        Some(end) if end.winner() == Some(pos.side_to_move()) => Kind::Win(n),
        _ => kind,
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
    let only_move = win_chance(best) - win_chance(second) >= gap;
    if best >= WIN_CP {
        return only_move.then_some(Kind::Winning);
    }
    // why: the winning rule seen from the loser's side: every move but one loses (by
    // the win threshold), and the one left is as far ahead of them as an only-move
    // win is of the rest; one that itself loses is no save.
    (second <= -WIN_CP && best > -WIN_CP && only_move).then_some(Kind::Defensive)
}

/// A count race at `pos`, from the two best lines of a count-aware search (side to
/// move's scores, the second line's first move), confirmed by the endgame tables:
/// with the count (the position's own, as the rules run it) and without it.
///
/// - [`Kind::CountWin`]: a count runs; the best move leaves the opponent mated
///   within the count, no other move does, and some other move leaves a position the
///   count draws although it is lost for the opponent without the count (the natural
///   line fails).
/// - [`Kind::CountHold`]: a count runs; the best move leaves the opponent a win only
///   without the count (with it, a draw), and every other move leaves a mate within
///   the count.
///
/// Every legal move is probed: the tables alone decide, the search's two lines only
/// say which kind to look for. `None` outside the tables (no count-free verdict to
/// compare), or with no count.
pub(crate) fn count_race(
    pos: &Position,
    tables: &Tables,
    best: (i32, Move),
    second: Option<(i32, Move)>,
) -> Option<Kind> {
    let (second_score, _) = second?;
    let (best_score, best_move) = best;
    if !pos.count().is_running() {
        return None;
    }
    // What the tables say after each move, the count included: who wins in time,
    // who would win but for the count, or a draw whatever it.
    let solver = pos.side_to_move();
    let verdict = |m: Move| tables.count_verdict(&pos.after(m)).map(|(_, v)| v);
    let good = verdict(best_move)?;
    let mut others = Vec::new();
    for m in pos
        .legal_moves()
        .iter()
        .copied()
        .filter(|&m| m != best_move)
    {
        others.push(verdict(m)?);
    }
    if best_score >= TABLE_WIN_BOUND && second_score < TABLE_WIN_BOUND {
        let only_in_time =
            wins_in_time(good, solver) && !others.iter().any(|&v| wins_in_time(v, solver));
        let natural_fails = others.iter().any(|&v| wins_but_for_the_count(v, solver));
        return (only_in_time && natural_fails).then_some(Kind::CountWin);
    }
    if best_score > -TABLE_WIN_BOUND && second_score <= -TABLE_WIN_BOUND {
        let holds = wins_but_for_the_count(good, !solver);
        let all_fall = others.iter().all(|&v| wins_in_time(v, !solver));
        return (holds && all_fall).then_some(Kind::CountHold);
    }
    None
}

/// Whether `side` wins within the count, by a table's verdict.
fn wins_in_time(v: CountVerdict, side: Color) -> bool {
    matches!(v, CountVerdict::Wins { winner, .. } if winner == side)
}

/// Whether `side` would win but for the count, which runs out first.
fn wins_but_for_the_count(v: CountVerdict, side: Color) -> bool {
    matches!(v, CountVerdict::CountRunsOut { winner, .. } if winner == side)
}

/// How much of a table race's line (`line`, from `pos`, the race's own first move
/// first) stays a puzzle: up to the last of the solver's moves that is still the
/// only one keeping the race by the tables (for [`Kind::CountWin`] the only move
/// after which the opponent is lost within the count, for [`Kind::CountHold`] the
/// only one after which the opponent cannot win within it), ending on a solver's
/// move. A position no table answers for ends it too. At least the first move.
///
/// why: past such a move another move does as well (a second mate as fast, another
/// way to hold), and a puzzle that called it wrong would teach a falsehood.
pub(crate) fn only_move_length(
    pos: &Position,
    tables: &Tables,
    line: &[Move],
    kind: Kind,
) -> usize {
    // Whether the solver's move `m` at `p` keeps the race, by the tables (None: no
    // table answers).
    let solver = pos.side_to_move();
    let keeps = |p: &Position, m: Move| -> Option<bool> {
        let (_, verdict) = tables.count_verdict(&p.after(m))?;
        Some(match kind {
            Kind::CountWin => wins_in_time(verdict, solver),
            _ => !wins_in_time(verdict, !solver),
        })
    };
    let mut p = pos.clone();
    let mut length = 1;
    for (i, &m) in line.iter().enumerate() {
        if i > 0 && i % 2 == 0 {
            if p.outcome().is_some() {
                break;
            }
            let mut keeping = Vec::new();
            for other in p.legal_moves().iter().copied() {
                match keeps(&p, other) {
                    Some(true) => keeping.push(other),
                    Some(false) => {}
                    None => return length,
                }
            }
            if keeping != [m] {
                break;
            }
            length = i + 1;
        }
        p.play(m);
    }
    length.min(line.len())
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::puzzles::verify::{Unverified, verify};
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
    fn saves_need_every_other_move_to_lose() {
        assert_eq!(classify(0, Some(-500)), Some(Kind::Defensive));
        assert_eq!(classify(-50, Some(mated_in(4))), Some(Kind::Defensive));
        assert_eq!(classify(-300, Some(mated_in(4))), Some(Kind::Defensive));
        assert_eq!(classify(0, Some(-300)), None, "the second is not lost");
        assert_eq!(classify(-200, Some(-450)), None, "not far enough apart");
        assert_eq!(
            classify(-500, Some(mated_in(4))),
            None,
            "the best loses too"
        );
        assert_eq!(Kind::Defensive.name(), "defensive");
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

    /// The move `uci` at `pos`.
    fn mv(pos: &Position, uci: &str) -> Move {
        pos.parse_uci_move(uci).unwrap()
    }

    #[test]
    fn a_count_race_won_only_by_the_fastest_mate() {
        let tables = Tables::new();
        // K+R v K, 29 of 32 plies counted: 1. Kb6 Kb8 2. Rh8# mates on ply 32; 1.
        // Rh8+ still wins without the count, but the count runs out first.
        let late = Position::from_fen("k7/7R/2K5/8/8/8/8/8 w - 32 29 1").unwrap();
        tables.prepare_search(&late, true);
        let (kb6, rh8) = (mv(&late, "c6b6"), mv(&late, "h7h8"));
        assert_eq!(
            count_race(&late, &tables, (mate_in(3), kb6), Some((0, rh8))),
            Some(Kind::CountWin)
        );
        let pv = {
            let mut q = late.clone();
            ["c6b6", "a8b8", "h7h8"]
                .iter()
                .map(|t| {
                    let m = q.parse_uci_move(t).unwrap();
                    q.play(m);
                    m
                })
                .collect::<Vec<_>>()
        };
        assert_eq!(verify(&late, &pv, Kind::CountWin), Ok(()));
        assert_eq!(
            verify(&late, &pv[..1], Kind::CountWin),
            Err(Unverified::NoMate)
        );
        // With the count fresh, Rh8+ still mates in time: no race.
        let fresh = Position::from_fen("k7/7R/2K5/8/8/8/8/8 w - 32 0 1").unwrap();
        assert_eq!(
            count_race(&fresh, &tables, (mate_in(3), kb6), Some((mate_in(7), rh8))),
            None
        );
        assert_eq!(Kind::CountWin.name(), "count");
        assert_eq!(Kind::CountWin.theme(), "win within the count");
    }

    #[test]
    fn a_count_held_out_by_one_defence_only() {
        let tables = Tables::new();
        // Black's bare king, 25 of 32 plies counted: Kb2 runs out the count; Ka2 and
        // Kb1 are mated within it.
        let pos = Position::from_fen("8/8/8/8/4R3/8/8/k2K4 b - 32 25 1").unwrap();
        tables.prepare_search(&pos, true);
        let (kb2, ka2) = (mv(&pos, "a1b2"), mv(&pos, "a1a2"));
        assert_eq!(
            count_race(&pos, &tables, (0, kb2), Some((mated_in(6), ka2))),
            Some(Kind::CountHold)
        );
        assert_eq!(
            count_race(&pos, &tables, (0, ka2), Some((mated_in(6), kb2))),
            None,
            "Ka2 does not hold"
        );
        assert_eq!(Kind::CountHold.theme(), "hold out the count");
        // No count running: no race.
        let none = Position::from_fen("8/8/8/8/4R3/8/8/k2K4 b - - 0 1").unwrap();
        assert_eq!(
            count_race(&none, &tables, (0, kb2), Some((mated_in(6), ka2))),
            None
        );
    }
}
