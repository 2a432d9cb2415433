//! What the tables say of a position, the count included, in words for people:
//! `khun analyze` and `khun annotate` (issue 34: "won within the count in N moves",
//! "drawn: the count runs out first").

use crate::board::{Color, PieceKind, Position};
use crate::tablebase::count_left::{duel_allowance, plies_allowed};
use crate::tablebase::ending::{Ending, table_game};
use crate::tablebase::files::five_man::FiveMan;
use crate::tablebase::probe::{exact, five_man};
use crate::tablebase::readable::Readable;
use crate::tablebase::solve::bare_king::MAX_PIECES;
use crate::tablebase::solve::five;
use crate::tablebase::solve::five_duel::{self, DuelKey};
use crate::tablebase::solve::store::SmallTables;
use crate::tablebase::verdict::Verdict;

/// The table a verdict comes from: one of the tables built in the engine, or a
/// five-man table (a king and three pieces against a bare king) read from the
/// directory the `FiveManTables` option or `--five-man-tables` names.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum TableEnding {
    /// A pawnless ending of up to four men.
    Small(Ending),
    /// A king and these three pieces against a bare king.
    Five([PieceKind; MAX_PIECES]),
    /// A king and two pieces against a king and a piece.
    FiveDuel(DuelKey),
}

impl TableEnding {
    /// The ending's name: `KRvKM`, `KSNMvK`.
    pub fn name(self) -> String {
        match self {
            TableEnding::Small(ending) => ending.name(),
            TableEnding::Five(kinds) => five::ending_name(kinds),
            TableEnding::FiveDuel(key) => key.name(),
        }
    }

    /// Whether the defender still has a piece (a win is then a mate or a capture into
    /// a won bare-king ending).
    fn is_duel(self) -> bool {
        match self {
            TableEnding::Small(ending) => ending.duel().is_some(),
            TableEnding::Five(_) => false,
            TableEnding::FiveDuel(_) => true,
        }
    }
}

/// A table's verdict on a position, with its count.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum CountVerdict {
    /// `winner` mates within the count, in `plies` (a K+X v K+Y ending: mates, or
    /// takes the last piece into a bare-king ending won in its own count, within
    /// `plies`).
    Wins { winner: Color, plies: u8 },
    /// `winner` would mate (or convert) in `plies`, but the count ends the game
    /// after `allowed`: a draw.
    CountRunsOut {
        winner: Color,
        plies: u8,
        allowed: u32,
    },
    /// Drawn whatever the count.
    Drawn,
}

impl CountVerdict {
    /// The side that wins whatever the count (`None` for a draw whatever it):
    /// with [`CountVerdict::CountRunsOut`] the side the count stops.
    pub fn winner(self) -> Option<Color> {
        match self {
            CountVerdict::Wins { winner, .. } | CountVerdict::CountRunsOut { winner, .. } => {
                Some(winner)
            }
            CountVerdict::Drawn => None,
        }
    }
}

/// The ending of `pos` and the table's verdict with the count, building a table of
/// up to four men in `small` on this thread if it is not built yet (a fraction of a second),
/// and loading (or building) a five-man table into `five_man` when a directory for
/// them is set;
/// `None` when no table covers the position.
pub(crate) fn count_verdict(
    small: &SmallTables,
    five_man: &FiveMan,
    pos: &Position,
) -> Option<(TableEnding, CountVerdict)> {
    let side = pos.side_to_move();
    // The bare-king tables' verdict, or a duel's result, as who wins in how many
    // plies whatever the count, and what the count allows.
    let (ending, strong, verdict) = match Ending::of(pos) {
        Some((ending, strong)) => {
            small.build(ending, table_game(pos.variant()));
            let table = TableEnding::Small(ending);
            if ending.duel().is_some() {
                let value = exact::duel_value(small, pos, ending, strong)?;
                return Some((table, duel_count_verdict(pos, value)));
            }
            (table, strong, exact::probe(small, pos)?)
        }
        None => match five_duel::signature(pos) {
            Some((key, _)) => {
                five_man.prepare_duels(small, pos, true);
                let value = five_man::duel_value(five_man, pos, Readable::ALL)?;
                return Some((TableEnding::FiveDuel(key), duel_count_verdict(pos, value)));
            }
            None => {
                let (strong, kinds) = five::signature(pos)?;
                five_man.prepare_bare(small, pos, true);
                (
                    TableEnding::Five(kinds),
                    strong,
                    five_man::verdict(five_man, pos, Readable::ALL)?.0,
                )
            }
        },
    };
    let (winner, plies) = match verdict {
        Verdict::Win(plies) => (side, plies),
        Verdict::Loss(plies) => (!side, plies),
        _ => return Some((ending, CountVerdict::Drawn)),
    };
    Some((
        ending,
        with_count(winner, plies, plies_allowed(pos, strong)),
    ))
}

/// A duel table's stored number for `pos` (`None`: drawn whatever the count) as a
/// verdict with the count: odd, the side to move wins in that many plies; even, it
/// loses.
fn duel_count_verdict(pos: &Position, value: Option<u8>) -> CountVerdict {
    let side = pos.side_to_move();
    match value {
        None => CountVerdict::Drawn,
        Some(plies) => {
            let winner = if plies % 2 == 1 { side } else { !side };
            with_count(winner, plies, duel_allowance(pos))
        }
    }
}

/// `winner`'s win in `plies`, judged against the `allowed` plies the count leaves.
fn with_count(winner: Color, plies: u8, allowed: u32) -> CountVerdict {
    if plies as u32 > allowed {
        CountVerdict::CountRunsOut {
            winner,
            plies,
            allowed,
        }
    } else {
        CountVerdict::Wins { winner, plies }
    }
}

/// Plies as the moves of the side that makes the first and the last of them, in words:
/// `1 move`, `7 moves`.
fn moves(plies: u8) -> String {
    match (plies as u32).div_ceil(2) {
        1 => "1 move".to_string(),
        n => format!("{n} moves"),
    }
}

/// The moves the winner makes in the `allowed` plies the count leaves, when its win
/// takes `plies`: the winner makes the last of the `plies`, so it moves first when
/// they are odd.
fn winner_moves_within(plies: u8, allowed: u32) -> u32 {
    if plies % 2 == 1 {
        allowed.div_ceil(2)
    } else {
        allowed / 2
    }
}

/// The verdict in words: `KRvK: White wins within the count, mate in 7 moves`,
/// `KSMvK: drawn, the count runs out first (Black needs 12 moves to mate, the count
/// leaves 9)`, `KRvKR: drawn`.
pub fn describe(ending: TableEnding, verdict: CountVerdict) -> String {
    let name = ending.name();
    let goal = if ending.is_duel() {
        "a mate or a won bare-king ending"
    } else {
        "mate"
    };
    match verdict {
        CountVerdict::Wins { winner, plies: 0 } => {
            format!("{name}: {} is mated", (!winner).name())
        }
        CountVerdict::Wins { winner, plies } => format!(
            "{name}: {} wins within the count, {goal} in {}",
            winner.name(),
            moves(plies)
        ),
        CountVerdict::CountRunsOut {
            winner,
            plies,
            allowed,
        } => format!(
            "{name}: drawn, the count runs out first ({} needs {} to {goal}, the count leaves {})",
            winner.name(),
            moves(plies),
            winner_moves_within(plies, allowed)
        ),
        CountVerdict::Drawn => format!("{name}: drawn"),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// One test's tables: those of up to four men, built as asked, and no five-man
    /// directory.
    #[derive(Default)]
    struct TestTables {
        small: SmallTables,
        five_man: FiveMan,
    }

    impl TestTables {
        fn count_verdict(&self, pos: &Position) -> Option<(TableEnding, CountVerdict)> {
            count_verdict(&self.small, &self.five_man, pos)
        }
    }

    fn said(tables: &TestTables, fen: &str) -> String {
        let pos = Position::from_fen(fen).unwrap();
        let (ending, verdict) = tables.count_verdict(&pos).expect("a table position");
        describe(ending, verdict)
    }

    #[test]
    fn a_rook_mate_inside_the_count_is_a_win_and_outside_it_a_draw() {
        let tables = TestTables::default();
        // K+R v K, White to move, under the rook's honour (16 moves, 32 plies):
        // with `plies` left the mate fits, with one fewer the count runs out first.
        let at = |counter: u32| {
            Position::from_fen(&format!("8/8/3k4/8/8/8/8/R3K3 w - 32 {counter} 60")).unwrap()
        };
        let (_, verdict) = tables.count_verdict(&at(6)).unwrap();
        let CountVerdict::Wins { winner, plies } = verdict else {
            panic!("{verdict:?}");
        };
        assert_eq!(winner, Color::White);
        assert!((1..=27).contains(&plies), "{plies}");
        let fits = at(33 - plies as u32);
        assert_eq!(tables.count_verdict(&fits).unwrap().1, verdict);
        let short = at(34 - plies as u32);
        assert_eq!(
            tables.count_verdict(&short).unwrap().1,
            CountVerdict::CountRunsOut {
                winner: Color::White,
                plies,
                allowed: plies as u32 - 1
            }
        );
        let text = said(&tables, "8/8/3k4/8/8/8/8/R3K3 w - 32 6 60");
        assert_eq!(
            text,
            format!(
                "KRvK: White wins within the count, mate in {} moves",
                plies.div_ceil(2)
            )
        );
        let late = describe(
            TableEnding::Small(Ending::Rook),
            tables.count_verdict(&short).unwrap().1,
        );
        assert!(
            late.starts_with("KRvK: drawn, the count runs out first (White needs"),
            "{late}"
        );
    }

    #[test]
    fn a_duel_says_who_converts_and_when_the_board_s_honour_forbids_it() {
        let tables = TestTables::default();
        // K+R v K+M under the board's honour: the rook side converts in 27 plies
        // with the whole count left, and not with 9 plies of it.
        assert_eq!(
            said(&tables, "8/8/3k4/3m4/8/8/8/R3K3 w - 128 0 60"),
            "KRvKM: White wins within the count, a mate or a won bare-king ending in 14 moves"
        );
        assert_eq!(
            said(&tables, "8/8/3k4/3m4/8/8/8/R3K3 w - 128 120 60"),
            "KRvKM: drawn, the count runs out first (White needs 14 moves to a mate or a \
             won bare-king ending, the count leaves 5)"
        );
        assert_eq!(
            said(&tables, "8/8/3k4/3r4/8/8/8/R3K3 w - 128 0 60"),
            "KRvKR: drawn"
        );
    }

    #[test]
    fn the_moves_the_count_leaves_are_the_winner_s_moves() {
        let tables = TestTables::default();
        // Black to move at ply 8 of the rook's 32: of the 25 plies left White makes
        // 12, as the count's own words say ("White must mate within 12 moves").
        let pos = Position::from_fen("8/8/3k4/8/8/8/8/R3K3 b - 32 8 60").unwrap();
        assert!(crate::board::counting::describe(&pos).contains("within 12 moves"));
        assert_eq!(
            said(&tables, "8/8/3k4/8/8/8/8/R3K3 b - 32 8 60"),
            "KRvK: drawn, the count runs out first (White needs 14 moves to mate, the count \
             leaves 12)"
        );
    }

    #[test]
    fn drawn_endings_say_so() {
        let tables = TestTables::default();
        assert_eq!(
            said(&tables, "8/8/3k4/8/8/8/8/N3K3 b - 64 6 60"),
            "KNvK: drawn"
        );
        // One move is one move: Black's only king move, then Ra1 mates.
        assert_eq!(
            said(&tables, "k7/2K5/8/8/8/8/8/1R6 b - 32 10 60"),
            "KRvK: White wins within the count, mate in 1 move"
        );
        assert!(tables.count_verdict(&Position::startpos()).is_none());
    }
}
