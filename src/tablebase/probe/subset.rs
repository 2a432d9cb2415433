//! The mate one or two of the strong side's pieces would give against a bare king
//! when it holds three or more (no table covers those): a distance the evaluation
//! can follow.

use crate::board::{Color, PieceKind, Position, Square};
use crate::tablebase::ending::{Ending, tables_serve};
use crate::tablebase::readable::Readable;
use crate::tablebase::solve::bare_king::Placement;
use crate::tablebase::solve::store::SmallTables;
use crate::tablebase::verdict::Verdict;

/// For a bare king against a king and three or more pieces (no table covers it):
/// the fewest plies to mate that one or two of the strong side's pieces alone would
/// need from here, by the tables of those pieces `small` has built, ignoring the count and the
/// other pieces. `None` when no such table is built (or in `readable`) or none of
/// them wins.
///
/// The other pieces rarely lengthen the mate (they may only block a square or
/// stalemate, which the search sees), so this is a distance the search can follow
/// where the hand-written guidance only points the way.
pub(crate) fn subset_mate_distance(
    small: &SmallTables,
    pos: &Position,
    readable: Readable,
) -> Option<u8> {
    if !tables_serve(pos) || pos.gates().any() || pos.pieces_of_kind(PieceKind::Pawn).any() {
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
            kinds.contains(&PieceKind::Rook) || kinds.len() == 2 && kinds.contains(&PieceKind::Khon)
        };
        let Some(table) = ending
            .filter(|e| generally_won(e) && readable.contains(*e))
            .and_then(|e| small.get(e))
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

#[cfg(test)]
mod tests {
    use super::*;
    use crate::tablebase::probe::exact;

    fn pos(fen: &str) -> Position {
        Position::from_fen(fen).expect("a valid FEN")
    }

    fn mated_in(tables: &SmallTables, fen: &str) -> u8 {
        match exact::probe(tables, &pos(fen)) {
            Some(Verdict::Loss(d)) => d,
            other => panic!("{fen}: {other:?}"),
        }
    }

    #[test]
    fn three_pieces_read_the_shortest_mate_of_one_or_two_of_them() {
        let tables = SmallTables::default();
        for ending in [Ending::KhonMet, Ending::MetMet, Ending::Khon, Ending::Met] {
            tables.ensure_shared(ending);
        }
        // K+S+M+M v K, drawn by the count in one of Khun's games: the K+S+M v K
        // tables without either met (K+M+M v K, without the khon, is not read: it
        // is won almost nowhere).
        let full = pos("8/8/3K4/8/4SM2/4M3/8/4k3 b - 88 34 106");
        let without_f4 = mated_in(&tables, "8/8/3K4/8/4S3/4M3/8/4k3 b - - 0 106");
        let without_e3 = mated_in(&tables, "8/8/3K4/8/4SM2/8/8/4k3 b - - 0 106");
        let shortest = without_f4.min(without_e3);
        let distance = subset_mate_distance(&tables, &full, Readable::ALL).expect("a table wins");
        assert_eq!(distance, shortest);
        assert!(distance > 0);
        // With Black the strong side, the frame turns the board over (the khon's
        // forward is down): the same distance.
        let mirrored = pos("4K3/8/4m3/4sm2/8/3k4/8/8 w - 88 34 106");
        assert_eq!(
            subset_mate_distance(&tables, &mirrored, Readable::ALL),
            Some(distance)
        );
        // A repeatable search from a root too far from the tables to prepare them
        // reads none of them, built or not (annotate's output depended on what other
        // games had built).
        let far = tables.prepare(&Position::startpos(), true);
        assert_eq!(subset_mate_distance(&tables, &full, far), None);
        // One that prepared them (its root holds those pieces) reads them.
        let near = tables.prepare(&full, true);
        assert_eq!(subset_mate_distance(&tables, &full, near), Some(distance));
        // Two pieces are a table's own position, not a subset's.
        assert_eq!(
            subset_mate_distance(
                &tables,
                &pos("8/8/3K4/8/4S3/4M3/8/4k3 b - - 0 106"),
                Readable::ALL
            ),
            None
        );
        // A defender with a piece is not a bare king.
        assert_eq!(
            subset_mate_distance(
                &tables,
                &pos("8/8/3K4/8/4SM2/4M3/8/3mk3 b - - 0 106"),
                Readable::ALL
            ),
            None
        );
    }
}
