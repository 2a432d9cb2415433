//! Five men: a king and three pieces against a bare king, solved by the same
//! retrograde analysis as the smaller bare-king tables (`bare_king/`), a capture by
//! the bare king continuing into the two-piece table of what is left: the tables'
//! names, every one Khun builds, which one a position is in, and the smaller tables
//! their captures lead to.
//!
//! A table of three different pieces takes 604 MB (32 * 64^3 configurations of 72
//! bytes), one with a pair of identical pieces 297 MB and a triple 96 MB (`bare_king/`
//! keeps one ordering of identical pieces), and about 1 GB while it is built (5 to
//! 45 s): too much to build while a game is played without asking. So they are read
//! only when the `FiveManTables` option names a directory: `files/five_man.rs` keeps
//! them there (`files/table_file.rs`: 537, 264 or 85 MB a file, 5.7 GB for all
//! twenty, checked by a checksum, read back in a second or two) and loads the tables
//! a search's root is in or one capture from, on threads of their own, before the
//! search reads them (`probe/five_man.rs`, the count applied in `probe/exact.rs`).
//! The games that reach them, and why these tables pay, are in
//! `lab/README.md`.

use super::bare_king::{MAX_PIECES, Table};
use super::store::SmallTables;
use crate::board::{Color, PieceKind, Position};
use crate::tablebase::ending::{Ending, tables_serve};
use std::sync::Arc;

/// The order of a table's pieces: rook, khon, knight, met.
const TABLE_ORDER: [PieceKind; 4] = [
    PieceKind::Rook,
    PieceKind::Khon,
    PieceKind::Knight,
    PieceKind::Met,
];

/// The tables the bare king's captures lead to: for each piece, the two-piece table
/// of the other two (built first in `small` if needed).
pub(crate) fn capture_tables(
    small: &SmallTables,
    kinds: [PieceKind; MAX_PIECES],
) -> [Option<Arc<Table>>; MAX_PIECES] {
    std::array::from_fn(|taken| {
        let left: Vec<PieceKind> = (0..MAX_PIECES)
            .filter(|&i| i != taken)
            .map(|i| kinds[i])
            .collect();
        Ending::pair(left[0], left[1]).map(|pair| Arc::clone(small.ensure_shared(pair)))
    })
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
