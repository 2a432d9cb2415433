//! The tables' line of best play: a line the search ends where a table takes over,
//! carried on to the mate (or the conversion) by the tables' own moves.

use crate::board::{Move, Position};
use crate::tablebase::files::five_man::FiveMan;
use crate::tablebase::probe::exact::probe_readable;
use crate::tablebase::readable::Readable;
use crate::tablebase::solve::store::SmallTables;
use crate::tablebase::verdict::Verdict;

/// Longest line `extend_line` builds, in plies.
const MAX_LINE: usize = 120;

/// Extends a line from `root` that ends in a position a table covers (one of
/// `small`'s, or a five-man table `five_man` has loaded) with the tables' best play up to the mate (the search stops at such positions, so its own
/// line ends there). A line that ends in a draw is left as it is.
pub(crate) fn extend_line(
    small: &SmallTables,
    five_man: &FiveMan,
    root: &Position,
    line: &mut Vec<Move>,
) {
    let mut pos = root.clone();
    for &m in line.iter() {
        pos.play(m);
    }
    while line.len() < MAX_LINE {
        let verdict = probe_readable(small, five_man, &pos, Readable::ALL);
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
                probe_readable(small, five_man, &child, Readable::ALL)
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
