//! Five men: a king and three pieces against a bare king, solved by the same
//! retrograde analysis as the smaller bare-king tables (`bare_king/`), a capture by the
//! bare king continuing into the two-piece table of what is left.
//!
//! A table of three different pieces takes 604 MB (32 * 64^3 configurations of 72
//! bytes), one with a pair of identical pieces 297 MB and a triple 96 MB (`bare_king/`
//! keeps one ordering of identical pieces), and about 1 GB while it is built (5 to
//! 45 s): too much to build while a game is played without asking. So they are read
//! only when the `FiveManTables` option names a directory: [`load_or_build`] keeps
//! them there (`files/table_file.rs`: 537, 264 or 85 MB a file, 5.7 GB for all twenty,
//! checked by a checksum, read back in a second or two), and [`prepare`] loads the tables a search's
//! root is in or one capture from, on threads of their own, before the search reads
//! them through [`verdict`] (`probe::probe_readable`, the count applied there). The
//! games that reach them, and why these tables pay, are in `engine-tests/README.md`.

use crate::board::{Color, PieceKind, Position};
use crate::tablebase::Verdict;
use crate::tablebase::build::bare_king::{MAX_PIECES, Placement};
use crate::tablebase::build::store::five_man_bit;
use crate::tablebase::ending::tables_serve;
use crate::tablebase::{Ending, Readable, Table, Tables, table_file};
use std::path::Path;
use std::sync::Arc;

/// The order of a table's pieces: rook, khon, knight, met.
const TABLE_ORDER: [PieceKind; 4] = [
    PieceKind::Rook,
    PieceKind::Khon,
    PieceKind::Knight,
    PieceKind::Met,
];

/// The tables the bare king's captures lead to: for each piece, the two-piece table
/// of the other two (built first in `tables` if needed).
fn capture_tables(
    tables: &Tables,
    kinds: [PieceKind; MAX_PIECES],
) -> [Option<Arc<Table>>; MAX_PIECES] {
    std::array::from_fn(|taken| {
        let left: Vec<PieceKind> = (0..MAX_PIECES)
            .filter(|&i| i != taken)
            .map(|i| kinds[i])
            .collect();
        Ending::pair(left[0], left[1]).map(|pair| Arc::clone(tables.ensure_shared(pair)))
    })
}

/// Solves a king and `kinds` against a bare king (building the two-piece tables the
/// bare king's captures lead to in `tables` first).
pub fn generate_three(tables: &Tables, kinds: [PieceKind; MAX_PIECES]) -> Table {
    Table::generate(&kinds, capture_tables(tables, kinds))
}

/// The ending's name: `KSMMvK`.
pub fn ending_name(kinds: [PieceKind; MAX_PIECES]) -> String {
    let letters: String = kinds
        .iter()
        .map(|k| k.letter().to_ascii_uppercase())
        .collect();
    format!("K{letters}vK")
}

/// The file name of a five-man table in a cache directory: `KSMMvK.khuntb`.
pub fn file_name(kinds: [PieceKind; MAX_PIECES]) -> String {
    format!("{}.khuntb", ending_name(kinds))
}

/// Every five-man table's pieces, in the tables' order (rook, khon, knight, met):
/// the twenty ways to choose three of the four kinds, repeats allowed.
pub fn every_table() -> Vec<[PieceKind; MAX_PIECES]> {
    let mut all = Vec::new();
    for (a, &first) in TABLE_ORDER.iter().enumerate() {
        for (b, &second) in TABLE_ORDER.iter().enumerate().skip(a) {
            for &third in &TABLE_ORDER[b..] {
                all.push([first, second, third]);
            }
        }
    }
    all
}

/// The table of a king and `kinds` against a bare king from the cache directory
/// `dir`, built and written there first when the file is missing or refused (the
/// smaller tables its captures lead to come from `tables`). Beside the table: what
/// went wrong on the way (the file refused, or the new one not written), which does
/// not stop the table being used.
pub fn load_or_build(
    tables: &Tables,
    dir: &Path,
    kinds: [PieceKind; MAX_PIECES],
) -> (Table, Option<String>) {
    let path = dir.join(file_name(kinds));
    let captures = capture_tables(tables, kinds);
    let refused = match table_file::read(&path, &kinds, captures.clone()) {
        Ok((table, false)) => return (table, None),
        Ok((table, true)) => {
            // An older layout: written again in today's (smaller with identical
            // pieces), and used whether or not that works.
            let trouble = table_file::write(&table, &path)
                .err()
                .map(|why| format!("read, but not written again in the new layout: {why}"));
            return (table, trouble);
        }
        Err(_) if !path.exists() => None,
        Err(why) => Some(why),
    };
    let table = Table::generate(&kinds, captures);
    let trouble = table_file::keep_built(dir, refused, || table_file::write(&table, &path));
    (table, trouble)
}

/// The strong side and its three pieces in the tables' order (rook, khon, knight,
/// met) when `pos` is a king and three pieces against a bare king of a game the
/// tables hold.
pub(crate) fn signature(pos: &Position) -> Option<(Color, [PieceKind; MAX_PIECES])> {
    if !tables_serve(pos) {
        return None;
    }
    let strong = match pawnless_five_men(pos)? {
        (4, 1) => Color::White,
        (1, 4) => Color::Black,
        _ => return None,
    };
    let mut kinds = [PieceKind::Met; MAX_PIECES];
    let mut i = 0;
    for kind in TABLE_ORDER {
        for _ in 0..pos.pieces(strong, kind).count() {
            kinds[i] = kind;
            i += 1;
        }
    }
    Some((strong, kinds))
}

/// White's and Black's men, kings included, when `pos` has five men, no pawn and no
/// first-move right left (the positions a five-man table may hold).
pub(crate) fn pawnless_five_men(pos: &Position) -> Option<(u32, u32)> {
    if pos.gates().any() || pos.occupied().count() != 5 || pos.pieces_of_kind(PieceKind::Pawn).any()
    {
        return None;
    }
    Some((
        pos.pieces_of(Color::White).count(),
        pos.pieces_of(Color::Black).count(),
    ))
}

/// What a five-man table `tables` has loaded says of `pos` (no count), `None` when no
/// table of its pieces is loaded or it is not in `readable`.
pub(crate) fn verdict(
    tables: &Tables,
    pos: &Position,
    readable: Readable,
) -> Option<(Verdict, Color)> {
    let shelf = &tables.held.five;
    if !shelf.any_loaded() {
        return None;
    }
    let (strong, kinds) = signature(pos)?;
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

/// Loads (or builds) into `tables` the five-man tables `pos` is in or one capture
/// from, when its directory is set, on threads of their own; with `wait`, returns
/// once they are loaded (searches that must not depend on timing). Errors go to
/// stderr: the search goes on without the table. Returns the tables' [`five_man_bit`]s.
pub(crate) fn prepare(tables: &Tables, pos: &Position, wait: bool) -> u128 {
    let Some(dir) = tables.five_man_directory() else {
        return 0;
    };
    let wanted = within_a_capture(pos, |p| signature(p).map(|(_, kinds)| kinds));
    let bits = wanted
        .iter()
        .fold(0, |bits, &kinds| bits | 1 << five_man_bit(kinds, false));
    let loader = tables.clone();
    tables.held.five.load(&wanted, wait, move |kinds| {
        let (table, trouble) = load_or_build(&loader, &dir, kinds);
        if let Some(why) = trouble {
            eprintln!("five-man table {}: {why}", file_name(kinds));
        }
        table
    });
    bits
}

/// The distinct keys `key` gives `pos` and the positions one capture or promotion
/// from it.
pub(crate) fn within_a_capture<K: PartialEq>(
    pos: &Position,
    key: impl Fn(&Position) -> Option<K>,
) -> Vec<K> {
    let mut wanted: Vec<K> = Vec::new();
    let mut note = |p: &Position| {
        if let Some(k) = key(p)
            && !wanted.contains(&k)
        {
            wanted.push(k);
        }
    };
    note(pos);
    for &m in pos.legal_moves().iter() {
        if pos.piece_at(m.to()).is_some() || m.is_promotion() {
            note(&pos.after(m));
        }
    }
    wanted
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rng::Rng;
    use crate::tablebase::build::exits::placement as placement_field;

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
        tables: &Tables,
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
            tables.probe(pos).unwrap_or(Verdict::Draw)
        }
    }

    /// The result of `pos` from its children: legal moves, mates and stalemates from
    /// the move generator, the children's results from the tables.
    fn from_children(
        tables: &Tables,
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
        let tables = Tables::new();
        let started = std::time::Instant::now();
        let table = generate_three(&tables, kinds);
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
            let (first, _) = load_or_build(&tables, dir, kinds);
            let built = started.elapsed().as_secs_f64();
            let started = std::time::Instant::now();
            let (again, refused) = load_or_build(&tables, dir, kinds);
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
        let small = Tables::new();
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
                tables.push((kinds, generate_three(&small, kinds)));
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
