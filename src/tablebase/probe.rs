//! Reading the tables for a position: the verdict, the count's allowance, and the
//! line of best play.

use super::{Ending, Placement, Verdict, get};
use crate::board::{Bitboard, Color, Move, Position, Square, counting};

/// The verdict for `pos` from its side to move's view, ignoring the count, if its
/// ending's table is built.
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

/// The most plies the mate may take from `pos` before the count ends the game: every
/// position before the mating one must still be within the count.
pub fn plies_allowed(pos: &Position, strong: Color) -> u32 {
    let count = pos.count();
    if count.is_running() {
        return (count.limit() as u32 + 1).saturating_sub(count.ply() as u32);
    }
    // No count yet: the piece's honour starts when the bare side is next to move,
    // with the counter at twice the men on the board.
    let moves = counting::limit_for(pos, !strong).unwrap_or(counting::BOARD_HONOUR_MOVES);
    let start = 2 * pos.occupied().count();
    let plies_before_start = if pos.side_to_move() == strong { 1 } else { 2 };
    (2 * moves as u32 + 1 + plies_before_start).saturating_sub(start)
}

/// The exact result of `pos` for the side to move, the count included, if a table
/// covers it: `Some(Win(d))` / `Some(Loss(d))` only when the mate in `d` plies comes
/// before the count runs out, `Some(Draw)` otherwise.
pub fn probe_with_count(pos: &Position) -> Option<Verdict> {
    let (_, strong) = Ending::of(pos)?;
    let verdict = probe(pos)?;
    let allowed = plies_allowed(pos, strong);
    Some(match verdict {
        Verdict::Win(d) | Verdict::Loss(d) if d as u32 > allowed => Verdict::Draw,
        v => v,
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
        let wanted = match probe_with_count(&pos) {
            Some(Verdict::Win(d)) => Verdict::Loss(d - 1),
            Some(Verdict::Loss(d)) if d > 0 => Verdict::Win(d - 1),
            _ => return,
        };
        let next = pos.legal_moves().iter().copied().find(|&m| {
            let child = pos.after(m);
            let verdict = if child.has_legal_move() {
                probe_with_count(&child)
            } else if child.in_check() {
                Some(Verdict::Loss(0))
            } else {
                Some(Verdict::Draw)
            };
            verdict == Some(wanted)
        });
        let Some(m) = next else {
            return;
        };
        pos.play(m);
        line.push(m);
    }
}
