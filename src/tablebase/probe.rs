//! Reading the tables for a position: the verdict, the count's allowance, and the
//! line of best play.

use super::duel::NO_RESULT;
use super::{Ending, Placement, Verdict, get, get_duel};
use crate::board::{Bitboard, Color, CountingRule, Move, PieceKind, Position, Square, counting};

/// The verdict for `pos` from its side to move's view, ignoring the count, if it is a
/// bare-king ending whose table is built (a K+X v K+Y table only answers with the
/// count: see `probe_with_count`).
pub fn probe(pos: &Position) -> Option<Verdict> {
    let (ending, strong) = Ending::of(pos)?;
    let table = get(ending)?;
    Some(table.verdict(placement(pos, ending, strong), pos.side_to_move() == strong))
}

/// The position's men in the table's frame (strong side as White).
fn placement(pos: &Position, ending: Ending, strong: Color) -> Placement {
    let frame = |sq: Square| match strong {
        Color::White => sq,
        Color::Black => sq.flip_rank(),
    };
    let mut pieces = [Square::new(0); 2];
    let kinds = ending.kinds();
    let mut taken = Bitboard::EMPTY;
    for (i, &kind) in kinds.iter().enumerate() {
        let sq = (pos.pieces(strong, kind) & !taken).lsb();
        taken = taken.with(sq);
        pieces[i] = frame(sq);
    }
    Placement {
        strong_king: frame(pos.king_square(strong)),
        weak_king: frame(pos.king_square(!strong)),
        pieces,
    }
}

/// The most plies the mate may take from `pos` before the count (or ASEAN's
/// fifty-move rule) ends the game: every position before the mating one must still be
/// within it.
pub fn plies_allowed(pos: &Position, strong: Color) -> u32 {
    let count = pos.count();
    let by_count = if count.is_running() {
        (count.limit() as u32 + 1).saturating_sub(count.ply() as u32)
    } else {
        // No count yet: the piece's honour starts when the bare side is next to move,
        // with the counter at twice the men on the board (at 0 in ASEAN chess).
        match counting::limit_for(pos, !strong) {
            Some(moves) => {
                let start = if pos.variant().counting() == CountingRule::Asean {
                    0
                } else {
                    2 * pos.occupied().count()
                };
                let plies_before_start = if pos.side_to_move() == strong { 1 } else { 2 };
                (2 * moves as u32 + 1 + plies_before_start).saturating_sub(start)
            }
            None => u32::MAX,
        }
    };
    by_count.min(fifty_moves_allowed(pos))
}

/// The plies ASEAN's fifty-move rule leaves `pos` (a capture resets it, so it binds
/// only until the next one): the position at a hundred plies may still be mate.
fn fifty_moves_allowed(pos: &Position) -> u32 {
    if pos.variant().fifty_move_rule() {
        100u32.saturating_sub(pos.halfmove_clock() as u32)
    } else {
        u32::MAX
    }
}

/// The exact result of `pos` for the side to move, the count included, if a table
/// covers it: `Some(Win(d))` / `Some(Loss(d))` only when the mate in `d` plies comes
/// before the count runs out, `Some(Draw)` otherwise.
pub fn probe_with_count(pos: &Position) -> Option<Verdict> {
    let (ending, strong) = Ending::of(pos)?;
    if ending.duel().is_some() {
        return probe_duel(pos, ending, strong);
    }
    let verdict = probe(pos)?;
    let allowed = plies_allowed(pos, strong);
    Some(match verdict {
        Verdict::Win(d) | Verdict::Loss(d) if d as u32 > allowed => Verdict::Draw,
        v => v,
    })
}

/// The plies the board's honour (or ASEAN's fifty-move rule) leaves `pos`, a K+X v
/// K+Y position: the last of them may only mate or capture. With no count yet, the
/// next move starts it.
pub fn duel_allowance(pos: &Position) -> u32 {
    let count = pos.count();
    let by_count = if count.is_running() {
        (count.limit() as u32 + 1).saturating_sub(count.ply() as u32)
    } else {
        match counting::limit_for(pos, !pos.side_to_move()) {
            // The position after the next move starts at counter 0, one ply later.
            Some(moves) => 2 * moves as u32 + 2,
            None => u32::MAX,
        }
    };
    by_count.min(fifty_moves_allowed(pos))
}

/// The exact result of a K+X v K+Y position with its count.
fn probe_duel(pos: &Position, ending: Ending, first: Color) -> Option<Verdict> {
    let table = get_duel(ending, pos.variant())?;
    let frame = |sq: Square| match first {
        Color::White => sq,
        Color::Black => sq.flip_rank(),
    };
    let piece = |color: Color| (pos.pieces_of(color) & !pos.pieces_of_kind(PieceKind::King)).lsb();
    let value = table.value(
        frame(pos.king_square(first)),
        frame(piece(first)),
        frame(piece(!first)),
        frame(pos.king_square(!first)),
        pos.side_to_move() == first,
    );
    let allowed = duel_allowance(pos);
    Some(match value {
        NO_RESULT => Verdict::Draw,
        v if v as u32 > allowed => Verdict::Draw,
        // Checkmated now: a plain mate.
        0 => Verdict::Loss(0),
        v if v % 2 == 1 => Verdict::Converts(v),
        v => Verdict::Conceded(v),
    })
}

/// Longest line `extend_line` builds, in plies.
const MAX_LINE: usize = 120;

/// Extends a line from `root` that ends in a position a table covers with the
/// tables' best play up to the mate (the search stops at such positions, so its own
/// line ends there). A line that ends in a draw is left as it is.
pub fn extend_line(root: &Position, line: &mut Vec<Move>) {
    let mut pos = root.clone();
    for &m in line.iter() {
        pos.play(m);
    }
    while line.len() < MAX_LINE {
        let verdict = probe_with_count(&pos);
        let wanted = |child: Option<Verdict>| match (verdict, child) {
            (Some(Verdict::Win(d)), Some(c)) => c == Verdict::Loss(d - 1),
            (Some(Verdict::Loss(d)), Some(c)) if d > 0 => c == Verdict::Win(d - 1),
            // A K+X v K+Y win goes on to its exit: a mate, or a capture into a bare-king
            // ending won in its count (whatever its length).
            (Some(Verdict::Converts(1)), Some(c)) => matches!(c, Verdict::Loss(_)),
            (Some(Verdict::Converts(d)), Some(c)) => c == Verdict::Conceded(d - 1),
            (Some(Verdict::Conceded(d)), Some(c)) if d > 0 => c == Verdict::Converts(d - 1),
            _ => false,
        };
        if !matches!(
            verdict,
            Some(Verdict::Win(_) | Verdict::Loss(_) | Verdict::Converts(_) | Verdict::Conceded(_))
        ) {
            return;
        }
        let next = pos.legal_moves().iter().copied().find(|&m| {
            let child = pos.after(m);
            let verdict = if child.has_legal_move() {
                probe_with_count(&child)
            } else if child.in_check() {
                Some(Verdict::Loss(0))
            } else {
                Some(Verdict::Draw)
            };
            wanted(verdict)
        });
        let Some(m) = next else {
            return;
        };
        pos.play(m);
        line.push(m);
    }
}
