//! Reading the tables for a position: its exact result, the count included (a
//! table's distance against the plies the count still allows), or a bare-king
//! table's verdict alone.

use crate::board::{Color, PieceKind, Position, Square};
use crate::tablebase::count_left::{duel_allowance, plies_allowed};
use crate::tablebase::ending::{Ending, table_game};
use crate::tablebase::files::five_man::FiveMan;
use crate::tablebase::probe::five_man;
use crate::tablebase::readable::Readable;
use crate::tablebase::solve::bare_king::Placement;
use crate::tablebase::solve::duel::{MAX_WHITE, Men, NO_RESULT};
use crate::tablebase::solve::store::SmallTables;
use crate::tablebase::verdict::Verdict;

/// A bare-king table's verdict with the count: a mate that takes more than the
/// `allowed` plies is a draw.
fn within_count(verdict: Verdict, allowed: u32) -> Verdict {
    match verdict {
        Verdict::Win(d) | Verdict::Loss(d) if d as u32 > allowed => Verdict::Draw,
        v => v,
    }
}

/// A duel table's stored number (`None`: a draw whatever the count) as a verdict
/// with the `allowed` plies the count leaves.
fn duel_verdict(value: Option<u8>, allowed: u32) -> Verdict {
    match value {
        None => Verdict::Draw,
        Some(v) if v as u32 > allowed => Verdict::Draw,
        // Checkmated now: a plain mate.
        Some(0) => Verdict::Loss(0),
        Some(v) if v % 2 == 1 => Verdict::Converts(v),
        Some(v) => Verdict::Conceded(v),
    }
}

/// The verdict for `pos` from its side to move's view, ignoring the count, if it is a
/// bare-king ending whose table `small` has built (a K+X v K+Y table only answers
/// with the count: see [`probe_readable`]).
pub(crate) fn probe(small: &SmallTables, pos: &Position) -> Option<Verdict> {
    let (ending, strong) = Ending::of(pos)?;
    bare_verdict(small, pos, ending, strong)
}

/// [`probe`] for a position already known to be in `ending`, `strong` its strong side.
fn bare_verdict(
    small: &SmallTables,
    pos: &Position,
    ending: Ending,
    strong: Color,
) -> Option<Verdict> {
    let table = small.get(ending)?;
    Some(table.verdict(
        Placement::of(pos, ending.kinds(), strong),
        pos.side_to_move() == strong,
    ))
}

/// The exact result of `pos` for the side to move, the count included, if a table
/// in `readable` covers it (one of `small`'s, or a five-man table `five_man` has
/// loaded): `Some(Win(d))` / `Some(Loss(d))` only when the mate in `d` plies comes
/// before the count runs out, `Some(Draw)` otherwise.
pub(crate) fn probe_readable(
    small: &SmallTables,
    five_man: &FiveMan,
    pos: &Position,
    readable: Readable,
) -> Option<Verdict> {
    let Some((ending, strong)) = Ending::of(pos) else {
        // Five men: read when the table is loaded (`FiveMan::prepare`).
        if let Some(value) = five_man::duel_value(five_man, pos, readable) {
            return Some(duel_verdict(value, duel_allowance(pos)));
        }
        let (verdict, strong) = five_man::verdict(five_man, pos, readable)?;
        return Some(within_count(verdict, plies_allowed(pos, strong)));
    };
    if !readable.contains(ending) {
        return None;
    }
    if ending.duel().is_some() {
        return probe_duel(small, pos, ending, strong);
    }
    let verdict = bare_verdict(small, pos, ending, strong)?;
    Some(within_count(verdict, plies_allowed(pos, strong)))
}

/// The exact result of a K+X v K+Y position with its count.
fn probe_duel(
    small: &SmallTables,
    pos: &Position,
    ending: Ending,
    first: Color,
) -> Option<Verdict> {
    Some(duel_verdict(
        duel_value(small, pos, ending, first)?,
        duel_allowance(pos),
    ))
}

/// What the K+X v K+Y table stores for `pos` (`first` holds the table's first
/// piece), if `small` has built it: the plies to the side to move's winning exit
/// (odd) or to its loss (even), or `None` for a draw whatever the count (see
/// `solve/duel/`).
pub(crate) fn duel_value(
    small: &SmallTables,
    pos: &Position,
    ending: Ending,
    first: Color,
) -> Option<Option<u8>> {
    let table = small.get_duel(ending, table_game(pos.variant()))?;
    let frame = |sq: Square| match first {
        Color::White => sq,
        Color::Black => sq.flip_rank(),
    };
    let piece = |color: Color| (pos.pieces_of(color) & !pos.pieces_of_kind(PieceKind::King)).lsb();
    let men = Men {
        king: frame(pos.king_square(first)),
        white: [frame(piece(first)); MAX_WHITE],
        black: frame(piece(!first)),
    };
    let value = table.value(
        men,
        frame(pos.king_square(!first)),
        pos.side_to_move() == first,
    );
    Some((value != NO_RESULT).then_some(value))
}
