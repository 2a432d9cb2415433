//! Reading the five-man tables an engine has loaded (`files/five_man.rs`) for a
//! position, no count applied (the count is applied in `exact.rs`): a king and three
//! pieces against a bare king, and the five-man duels.

use crate::board::{Bitboard, Color, PieceKind, Position, Square};
use crate::tablebase::files::five_man::FiveMan;
use crate::tablebase::readable::{Readable, five_man_bit};
use crate::tablebase::solve::bare_king::Placement;
use crate::tablebase::solve::duel::{MAX_WHITE, Men, NO_RESULT};
use crate::tablebase::solve::five;
use crate::tablebase::solve::five_duel::{self, DuelKey};
use crate::tablebase::verdict::Verdict;

/// What a five-man table of a king and three pieces against a bare king that
/// `five_man` has loaded says of `pos` (no count), with the strong side; `None` when
/// no table of its pieces is loaded or it is not in `readable`.
pub(crate) fn verdict(
    five_man: &FiveMan,
    pos: &Position,
    readable: Readable,
) -> Option<(Verdict, Color)> {
    let shelf = five_man.bare();
    if !shelf.any_loaded() {
        return None;
    }
    let (strong, kinds) = five::signature(pos)?;
    if !readable.contains_five_man(five_man_bit(kinds, false)) {
        return None;
    }
    let table = shelf.get(&kinds)?;
    Some((
        table.verdict(
            Placement::of(pos, &kinds, strong),
            pos.side_to_move() == strong,
        ),
        strong,
    ))
}

/// What a five-man duel `five_man` has loaded stores for `pos` (no count applied):
/// the plies to the side to move's winning exit (odd) or to its loss (even), `None`
/// for a draw whatever the count; `None` outside when no table of it is loaded or it
/// is not in `readable`.
pub(crate) fn duel_value(
    five_man: &FiveMan,
    pos: &Position,
    readable: Readable,
) -> Option<Option<u8>> {
    let shelf = five_man.duels();
    if !shelf.any_loaded() {
        return None;
    }
    let (key, strong) = five_duel::signature(pos)?;
    if !readable.contains_five_man(key.bit()) {
        return None;
    }
    let table = shelf.get(&key)?;
    let (men, black_king) = framed(pos, key, strong);
    let v = table.value(men, black_king, pos.side_to_move() == strong);
    Some((v != NO_RESULT).then_some(v))
}

/// The men of `pos` in the frame of the table of `key` (`strong` as White), and the
/// Black king's square.
fn framed(pos: &Position, key: DuelKey, strong: Color) -> (Men, Square) {
    let frame = |sq: Square| match strong {
        Color::White => sq,
        Color::Black => sq.flip_rank(),
    };
    let mut taken = Bitboard::EMPTY;
    let mut white = [Square::new(0); MAX_WHITE];
    for (slot, &kind) in white.iter_mut().zip(&key.white) {
        let sq = (pos.pieces(strong, kind) & !taken).lsb();
        taken = taken.with(sq);
        *slot = frame(sq);
    }
    let black = (pos.pieces_of(!strong) & !pos.pieces_of_kind(PieceKind::King)).lsb();
    let men = Men {
        king: frame(pos.king_square(strong)),
        white,
        black: frame(black),
    };
    (men, frame(pos.king_square(!strong)))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rng::Rng;
    use crate::tablebase::files::five_man::load_or_build_bare;
    use crate::tablebase::probe::exact;
    use crate::tablebase::solve::bare_king::{MAX_PIECES, Table};
    use crate::tablebase::solve::exits::placement as placement_field;
    use crate::tablebase::solve::five::{capture_tables, file_name, signature};
    use crate::tablebase::solve::store::SmallTables;
    use std::path::Path;

    /// A random legal position of the strong side's king and `kinds` against a bare
    /// king (either colour strong, either side to move, no count).
    fn random_position(rng: &mut Rng, kinds: &[PieceKind]) -> (Position, Color) {
        loop {
            let strong = if rng.below(2) == 0 {
                Color::White
            } else {
                Color::Black
            };
            let mut board = [None; 64];
            let mut place = |board: &mut [Option<char>; 64], c: char| {
                let sq = rng.below(64);
                if board[sq].is_some() {
                    return false;
                }
                board[sq] = Some(c);
                true
            };
            let case = |c: char, color: Color| match color {
                Color::White => c.to_ascii_uppercase(),
                Color::Black => c.to_ascii_lowercase(),
            };
            let mut ok =
                place(&mut board, case('k', strong)) && place(&mut board, case('k', !strong));
            for kind in kinds {
                ok &= place(&mut board, case(kind.letter(), strong));
            }
            if !ok {
                continue;
            }
            let fen = placement_field(&board);
            let side = if rng.below(2) == 0 { 'w' } else { 'b' };
            if let Ok(pos) = Position::from_fen(&format!("{fen} {side} - - 0 1")) {
                return (pos, strong);
            }
        }
    }

    /// The table's result for `pos` (the five-man table while the strong side holds
    /// all three pieces, the smaller tables after a capture).
    fn stored(
        tables: &SmallTables,
        table: &Table,
        kinds: &[PieceKind; MAX_PIECES],
        pos: &Position,
        strong: Color,
    ) -> Verdict {
        if signature(pos) == Some((strong, *kinds)) {
            table.verdict(
                Placement::of(pos, kinds, strong),
                pos.side_to_move() == strong,
            )
        } else {
            exact::probe(tables, pos).unwrap_or(Verdict::Draw)
        }
    }

    /// The result of `pos` from its children: legal moves, mates and stalemates from
    /// the move generator, the children's results from the tables.
    fn from_children(
        tables: &SmallTables,
        table: &Table,
        kinds: &[PieceKind; MAX_PIECES],
        pos: &Position,
        strong: Color,
    ) -> Verdict {
        let moves = pos.legal_moves();
        if moves.is_empty() {
            return if pos.in_check() {
                Verdict::Loss(0)
            } else {
                Verdict::Draw
            };
        }
        let mut best_win: Option<u8> = None;
        let mut longest_loss: Option<u8> = Some(0);
        for &m in moves.iter() {
            match stored(tables, table, kinds, &pos.after(m), strong) {
                Verdict::Loss(d) => best_win = Some(best_win.map_or(d + 1, |b| b.min(d + 1))),
                Verdict::Win(d) => longest_loss = longest_loss.map(|l| l.max(d + 1)),
                _ => longest_loss = None,
            }
        }
        match (best_win, longest_loss) {
            (Some(d), _) => Verdict::Win(d),
            (None, Some(d)) => Verdict::Loss(d),
            _ => Verdict::Draw,
        }
    }

    /// Builds one five-man table (`KHUN_FIVE=RMM`, say; three mets by default) and
    /// checks sampled results against their children; prints its size, build time,
    /// share won and longest win. Ignored by default: it takes about 1 GB and a
    /// minute or more.
    #[test]
    #[ignore]
    fn a_five_man_table_follows_from_its_children() {
        let letters = std::env::var("KHUN_FIVE").unwrap_or_else(|_| "MMM".to_string());
        let kinds: Vec<PieceKind> = letters
            .chars()
            .map(|c| {
                crate::tablebase::table_piece(c)
                    .unwrap_or_else(|| panic!("{c} is not a piece of these tables"))
            })
            .collect();
        let kinds: [PieceKind; MAX_PIECES] = kinds.try_into().expect("three pieces");
        let tables = SmallTables::default();
        let started = std::time::Instant::now();
        let table = Table::generate(&kinds, capture_tables(&tables, kinds));
        let seconds = started.elapsed().as_secs_f64();
        let (legal, won) = table.won_count();
        println!(
            "K{letters}vK: built in {seconds:.1} s, {:.0} MB, {won} of {legal} strong-to-move positions won ({:.1}%), longest win {} plies",
            table.memory_bytes() as f64 / 1e6,
            100.0 * won as f64 / legal as f64,
            table.longest_win()
        );
        let mut rng = Rng::new(0x5EED_F1E5);
        let (mut wins, mut losses, mut draws) = (0, 0, 0);
        for _ in 0..3000 {
            let (pos, strong) = random_position(&mut rng, &kinds);
            let verdict = stored(&tables, &table, &kinds, &pos, strong);
            assert_eq!(
                verdict,
                from_children(&tables, &table, &kinds, &pos, strong),
                "{}",
                pos.to_fen()
            );
            match verdict {
                Verdict::Win(_) => wins += 1,
                Verdict::Loss(_) => losses += 1,
                _ => draws += 1,
            }
        }
        println!("sampled: {wins} won, {losses} lost, {draws} drawn");
        assert!(wins > 0 && losses > 0);
        // With `KHUN_FIVE_CACHE`, the table through its file: written, then read back.
        if let Ok(dir) = std::env::var("KHUN_FIVE_CACHE") {
            let dir = Path::new(&dir);
            let started = std::time::Instant::now();
            let (first, _) = load_or_build_bare(&tables, dir, kinds);
            let built = started.elapsed().as_secs_f64();
            let started = std::time::Instant::now();
            let (again, refused) = load_or_build_bare(&tables, dir, kinds);
            let read = started.elapsed().as_secs_f64();
            assert!(refused.is_none());
            assert_eq!(again.distances(), table.distances());
            assert_eq!(first.distances(), table.distances());
            let bytes = std::fs::metadata(dir.join(file_name(kinds))).unwrap().len();
            println!(
                "cache: built or read and written in {built:.1} s, read back in {read:.1} s, {:.0} MB on disk",
                bytes as f64 / 1e6
            );
        }
    }

    /// For each FEN of a king and three pieces against a bare king in the file
    /// `KHUN_FIVE_FENS` (one a line, text after `#` kept as a label): the table's
    /// verdict and the plies the count still allows the mate. Ignored by default: it
    /// builds every table the list needs (about 40 s and 1 GB each).
    #[test]
    #[ignore]
    fn five_man_verdicts_of_listed_positions() {
        let Ok(path) = std::env::var("KHUN_FIVE_FENS") else {
            return;
        };
        let text = std::fs::read_to_string(path).expect("the FEN list");
        let small = SmallTables::default();
        let mut tables: Vec<([PieceKind; MAX_PIECES], Table)> = Vec::new();
        for line in text.lines().filter(|l| !l.trim().is_empty()) {
            let (fen, label) = line.split_once('#').unwrap_or((line, ""));
            let pos = Position::from_fen(fen.trim()).expect("a FEN");
            let strong = if pos.pieces_of(Color::White).count() > 1 {
                Color::White
            } else {
                Color::Black
            };
            let mut kinds: Vec<PieceKind> = [
                PieceKind::Rook,
                PieceKind::Khon,
                PieceKind::Knight,
                PieceKind::Met,
            ]
            .into_iter()
            .flat_map(|k| std::iter::repeat_n(k, pos.pieces(strong, k).count() as usize))
            .collect();
            kinds.truncate(MAX_PIECES);
            let kinds: [PieceKind; MAX_PIECES] = kinds.try_into().expect("three pieces");
            if !tables.iter().any(|(k, _)| *k == kinds) {
                tables.push((
                    kinds,
                    Table::generate(&kinds, capture_tables(&small, kinds)),
                ));
            }
            let table = &tables.iter().find(|(k, _)| *k == kinds).expect("built").1;
            let verdict = stored(&small, table, &kinds, &pos, strong);
            let allowed = crate::tablebase::count_left::plies_allowed(&pos, strong);
            let fits = match verdict {
                Verdict::Win(d) | Verdict::Loss(d) => {
                    if d as u32 <= allowed {
                        "fits the count"
                    } else {
                        "longer than the count"
                    }
                }
                _ => "",
            };
            println!(
                "{} | {verdict:?} | count allows {allowed} plies | {fits} |{label}",
                fen.trim()
            );
        }
    }
}
