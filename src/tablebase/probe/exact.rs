//! Reading the tables for a position: the verdict, the count's allowance, and the
//! line of best play.

use crate::board::{Color, Move, PieceKind, Position, Square};
use crate::tablebase::build::bare_king::Placement;
use crate::tablebase::build::duel::{MAX_WHITE, Men, NO_RESULT};
use crate::tablebase::count_left::{duel_allowance, plies_allowed};
use crate::tablebase::{Ending, Readable, Tables, Verdict};

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

/// Longest line `extend_line` builds, in plies.
const MAX_LINE: usize = 120;

impl Tables {
    /// The verdict for `pos` from its side to move's view, ignoring the count, if it is a
    /// bare-king ending whose table is built (a K+X v K+Y table only answers with the
    /// count: see `probe_with_count`).
    pub fn probe(&self, pos: &Position) -> Option<Verdict> {
        let (ending, strong) = Ending::of(pos)?;
        self.bare_verdict(pos, ending, strong)
    }

    /// [`Tables::probe`] for a position already known to be in `ending`, `strong` its strong side.
    fn bare_verdict(&self, pos: &Position, ending: Ending, strong: Color) -> Option<Verdict> {
        let table = self.get(ending)?;
        Some(table.verdict(
            Placement::of(pos, ending.kinds(), strong),
            pos.side_to_move() == strong,
        ))
    }

    /// The exact result of `pos` for the side to move, the count included, if a table
    /// covers it: `Some(Win(d))` / `Some(Loss(d))` only when the mate in `d` plies comes
    /// before the count runs out, `Some(Draw)` otherwise.
    pub fn probe_with_count(&self, pos: &Position) -> Option<Verdict> {
        self.probe_readable(pos, Readable::ALL)
    }

    /// [`Tables::probe_with_count`], reading only the tables in `readable`.
    pub(crate) fn probe_readable(&self, pos: &Position, readable: Readable) -> Option<Verdict> {
        let Some((ending, strong)) = Ending::of(pos) else {
            // Five men: read when the table is loaded (`five::prepare`,
            // `five_duel::prepare`).
            if let Some(value) = crate::tablebase::build::five_duel::value(self, pos, readable) {
                return Some(duel_verdict(value, duel_allowance(pos)));
            }
            let (verdict, strong) = crate::tablebase::build::five::verdict(self, pos, readable)?;
            return Some(within_count(verdict, plies_allowed(pos, strong)));
        };
        if !readable.contains(ending) {
            return None;
        }
        if ending.duel().is_some() {
            return self.probe_duel(pos, ending, strong);
        }
        let verdict = self.bare_verdict(pos, ending, strong)?;
        Some(within_count(verdict, plies_allowed(pos, strong)))
    }

    /// The exact result of a K+X v K+Y position with its count.
    fn probe_duel(&self, pos: &Position, ending: Ending, first: Color) -> Option<Verdict> {
        Some(duel_verdict(
            self.duel_value(pos, ending, first)?,
            duel_allowance(pos),
        ))
    }

    /// What the K+X v K+Y table stores for `pos` (`first` holds the table's first
    /// piece), if it is built: the plies to the side to move's winning exit (odd) or to
    /// its loss (even), or `None` for a draw whatever the count (see `duel`).
    pub(crate) fn duel_value(
        &self,
        pos: &Position,
        ending: Ending,
        first: Color,
    ) -> Option<Option<u8>> {
        let table = self.get_duel(ending, crate::tablebase::ending::table_game(pos.variant()))?;
        let frame = |sq: Square| match first {
            Color::White => sq,
            Color::Black => sq.flip_rank(),
        };
        let piece =
            |color: Color| (pos.pieces_of(color) & !pos.pieces_of_kind(PieceKind::King)).lsb();
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

    /// Extends a line from `root` that ends in a position a table covers with the
    /// tables' best play up to the mate (the search stops at such positions, so its own
    /// line ends there). A line that ends in a draw is left as it is.
    pub fn extend_line(&self, root: &Position, line: &mut Vec<Move>) {
        let mut pos = root.clone();
        for &m in line.iter() {
            pos.play(m);
        }
        while line.len() < MAX_LINE {
            let verdict = self.probe_with_count(&pos);
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
                Some(
                    Verdict::Win(_)
                        | Verdict::Loss(_)
                        | Verdict::Converts(_)
                        | Verdict::Conceded(_)
                )
            ) {
                return;
            }
            let next = pos.legal_moves().iter().copied().find(|&m| {
                let child = pos.after(m);
                let verdict = if child.has_legal_move() {
                    self.probe_with_count(&child)
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

    /// For a bare king against a king and three or more pieces (no table covers it):
    /// the fewest plies to mate that one or two of the strong side's pieces alone would
    /// need from here, by the built tables of those pieces, ignoring the count and the
    /// other pieces. `None` when no such table is built (or in `readable`) or none of
    /// them wins.
    ///
    /// The other pieces rarely lengthen the mate (they may only block a square or
    /// stalemate, which the search sees), so this is a distance the search can follow
    /// where the hand-written guidance only points the way.
    pub(crate) fn subset_mate_distance(&self, pos: &Position, readable: Readable) -> Option<u8> {
        if !crate::tablebase::ending::tables_serve(pos)
            || pos.gates().any()
            || pos.pieces_of_kind(PieceKind::Pawn).any()
        {
            return None;
        }
        let strong = if pos.pieces_of(Color::Black).count() == 1 {
            Color::White
        } else if pos.pieces_of(Color::White).count() == 1 {
            Color::Black
        } else {
            return None;
        };
        let pieces = pos.pieces_of(strong) & !pos.pieces_of_kind(PieceKind::King);
        if pieces.count() < 3 {
            return None;
        }
        let strong_to_move = pos.side_to_move() == strong;
        let kind = |sq: Square| pos.kind_at(sq).expect("a piece");
        let mut best: Option<u8> = None;
        let mut consider = |ending: Option<Ending>, chosen: [Square; 2]| {
            // Only endings won almost everywhere (a rook, or a khon with another
            // piece: 86-100% of their positions): the rare won positions of K+N+M or
            // K+M+M v K would pull the search toward patterns the other pieces
            // cannot use (a K+N+M+M v K game was drawn that way).
            let generally_won = |e: &Ending| {
                let kinds = e.kinds();
                kinds.contains(&PieceKind::Rook)
                    || kinds.len() == 2 && kinds.contains(&PieceKind::Khon)
            };
            let Some(table) = ending
                .filter(|e| generally_won(e) && readable.contains(*e))
                .and_then(|e| self.get(e))
            else {
                return;
            };
            let d = match table.verdict(Placement::framed(pos, strong, &chosen), strong_to_move) {
                Verdict::Win(d) | Verdict::Loss(d) => d,
                _ => return,
            };
            best = Some(best.map_or(d, |b| b.min(d)));
        };
        for a in pieces {
            consider(Ending::single(kind(a)), [a, a]);
            for b in pieces.into_iter().filter(|b| b.index() > a.index()) {
                let Some(ending) = Ending::pair(kind(a), kind(b)) else {
                    continue;
                };
                // The table's order of the two kinds decides which square goes first.
                let chosen = if ending.kinds()[0] == kind(a) {
                    [a, b]
                } else {
                    [b, a]
                };
                consider(Some(ending), chosen);
            }
        }
        best
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn pos(fen: &str) -> Position {
        Position::from_fen(fen).expect("a valid FEN")
    }

    fn mated_in(tables: &Tables, fen: &str) -> u8 {
        match tables.probe(&pos(fen)) {
            Some(Verdict::Loss(d)) => d,
            other => panic!("{fen}: {other:?}"),
        }
    }

    #[test]
    fn three_pieces_read_the_shortest_mate_of_one_or_two_of_them() {
        let tables = Tables::new();
        for ending in [Ending::KhonMet, Ending::MetMet, Ending::Khon, Ending::Met] {
            tables.ensure(ending);
        }
        // K+S+M+M v K, drawn by the count in one of Khun's games: the K+S+M v K
        // tables without either met (K+M+M v K, without the khon, is not read: it
        // is won almost nowhere).
        let full = pos("8/8/3K4/8/4SM2/4M3/8/4k3 b - 88 34 106");
        let without_f4 = mated_in(&tables, "8/8/3K4/8/4S3/4M3/8/4k3 b - - 0 106");
        let without_e3 = mated_in(&tables, "8/8/3K4/8/4SM2/8/8/4k3 b - - 0 106");
        let shortest = without_f4.min(without_e3);
        let distance = tables
            .subset_mate_distance(&full, Readable::ALL)
            .expect("a table wins");
        assert_eq!(distance, shortest);
        assert!(distance > 0);
        // With Black the strong side, the frame turns the board over (the khon's
        // forward is down): the same distance.
        let mirrored = pos("4K3/8/4m3/4sm2/8/3k4/8/8 w - 88 34 106");
        assert_eq!(
            tables.subset_mate_distance(&mirrored, Readable::ALL),
            Some(distance)
        );
        // A repeatable search from a root too far from the tables to prepare them
        // reads none of them, built or not (annotate's output depended on what other
        // games had built).
        let far = tables.prepare(&Position::startpos(), true);
        assert_eq!(tables.subset_mate_distance(&full, far), None);
        // One that prepared them (its root holds those pieces) reads them.
        let near = tables.prepare(&full, true);
        assert_eq!(tables.subset_mate_distance(&full, near), Some(distance));
        // Two pieces are a table's own position, not a subset's.
        assert_eq!(
            tables.subset_mate_distance(&pos("8/8/3K4/8/4S3/4M3/8/4k3 b - - 0 106"), Readable::ALL),
            None
        );
        // A defender with a piece is not a bare king.
        assert_eq!(
            tables
                .subset_mate_distance(&pos("8/8/3K4/8/4SM2/4M3/8/3mk3 b - - 0 106"), Readable::ALL),
            None
        );
    }
}
