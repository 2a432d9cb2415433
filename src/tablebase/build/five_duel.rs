//! Five men with a piece on each side and a rook among them: a king, a rook and a
//! piece against a king and a piece (K+R+X v K+Y), and a king and two minor pieces
//! against a king and a rook (K+X+Y v K+R), solved under the board's honour by the
//! duel solver (`duel/`) with the two pieces as White.
//!
//! White's capture of Black's piece leaves a bare king: a won exit when the K+X+Y v
//! K table mates inside the piece's honour that capture starts. Black's capture of
//! either White piece leaves a K+X v K+Y duel with the count running on, read from
//! that table with its distance (so Black's rook can win too). Each table needs the
//! two four-man duels its captures lead to and one bare-king table, all built in
//! the engine.
//!
//! Why these twenty-two (`every_table`): only a rook wins a duel at all (every
//! four-man duel without one is a draw in all but a handful of positions), so a
//! table without one would cost a gigabyte to say "drawn" where the count already
//! says so; and the five-man duels Khun's games against Fairy-Stockfish pass
//! through are a rook with a piece against a piece (KRMvKM, KRMvKR, KRMvKN,
//! KRSvKS) or a rook against two pieces (KSMvKR, KNMvKR, KMMvKR): the census in
//! `engine-tests/README.md`.
//!
//! Each table is 1.07 GB (both orders of a pair are kept), too large to build
//! unasked, and depends on the count's rules: like the K+X+Y+Z v K tables they are
//! read only when `FiveManTables` names a directory, built there once per game rule
//! (`KRMvKN.khuntb`, `KRMvKN-cambodian.khuntb`; not for ASEAN chess, see
//! `DuelKey::new`) and read back from then on.

use super::exits;
use crate::board::{Bitboard, Color, CountingRule, PieceKind, Position, Square, Variant};
use crate::tablebase::build::duel::{
    BlackExits, DuelTable, Exits, MAX_WHITE, Men, NO_RESULT, SubDuel,
};
use crate::tablebase::build::five::{pawnless_five_men, within_a_capture};
use crate::tablebase::build::store::five_man_bit;
use crate::tablebase::ending::{has_tables, table_game};
use crate::tablebase::{Ending, Readable, Table, Tables, table_file};
use std::path::Path;

/// One five-man duel table: White's two pieces (in the order of their bare-king
/// table), Black's piece, and the game whose count it is solved under.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct DuelKey {
    pub white: [PieceKind; MAX_WHITE],
    pub black: PieceKind,
    pub variant: Variant,
}

impl DuelKey {
    /// The key of White's `a` and `b` against Black's `black` in `variant`, if it is
    /// a table Khun builds (a rook on the board; makruk or Cambodian chess).
    pub fn new(a: PieceKind, b: PieceKind, black: PieceKind, variant: Variant) -> Option<DuelKey> {
        // why not ASEAN chess: its duels run on the fifty-move rule, which a capture
        // resets, so Black's capture into a four-man duel starts a fresh count there
        // instead of continuing this one, and the solver's distances would not hold.
        if !has_tables(variant)
            || variant.counting() == CountingRule::Asean
            || ![a, b, black].contains(&PieceKind::Rook)
        {
            return None;
        }
        let pair = Ending::pair(a, b)?;
        Ending::single(black)?;
        let white = [pair.kinds()[0], pair.kinds()[1]];
        Some(DuelKey {
            white,
            black,
            variant,
        })
    }

    /// The ending's name: `KRMvKN`.
    pub fn name(self) -> String {
        let letter = |k: PieceKind| k.letter().to_ascii_uppercase();
        format!(
            "K{}{}vK{}",
            letter(self.white[0]),
            letter(self.white[1]),
            letter(self.black)
        )
    }

    /// The file in a cache directory: `KRMvKN.khuntb`, with the game's name for
    /// Cambodian chess's count (`KRMvKN-cambodian.khuntb`).
    pub fn file_name(self) -> String {
        match self.variant {
            Variant::Makruk => format!("{}.khuntb", self.name()),
            other => format!("{}-{other}.khuntb", self.name()),
        }
    }

    /// The table's bit among [`Readable`]'s.
    pub(crate) fn bit(self) -> u32 {
        five_man_bit([self.white[0], self.white[1], self.black], true)
    }

    /// The count's rules as the file records them.
    fn rules(self) -> u8 {
        match self.variant {
            Variant::Makruk => 0,
            _ => 1,
        }
    }
}

/// Every makruk table Khun builds: a rook and each piece against each piece, then
/// each pair of minor pieces against a rook.
pub fn every_table() -> Vec<DuelKey> {
    use PieceKind::{Khon, Knight, Met, Rook};
    let kinds = [Rook, Khon, Knight, Met];
    let minor = [Khon, Knight, Met];
    let mut all = Vec::new();
    for &x in &kinds {
        for &y in &kinds {
            all.push((Rook, x, y));
        }
    }
    for (i, &x) in minor.iter().enumerate() {
        for &y in &minor[i..] {
            all.push((x, y, Rook));
        }
    }
    all.into_iter()
        .filter_map(|(a, b, black)| DuelKey::new(a, b, black, Variant::Makruk))
        .collect()
}

/// The four-man duel left once Black has taken White's piece `i`, built in `tables`
/// if needed.
fn after_black_takes(tables: &Tables, key: DuelKey, i: usize) -> SubDuel<'_> {
    let (ending, swapped) = Ending::of_duel(key.white[1 - i], key.black).expect("a four-man duel");
    SubDuel {
        table: tables.ensure_duel(ending, key.variant),
        swapped,
    }
}

/// The bare-king table left once White has taken Black's piece, built in `tables` if
/// needed.
fn after_white_takes(tables: &Tables, key: DuelKey) -> &Table {
    tables.ensure(Ending::pair(key.white[0], key.white[1]).expect("a table of two pieces"))
}

/// Solves the table of `key`, building the smaller tables its captures lead to in
/// `tables` first.
pub fn generate(tables: &Tables, key: DuelKey) -> DuelTable {
    let allowed = exits::allowance(key.variant, &key.white, key.black);
    let white_exits = after_white_takes(tables, key).bare_losses(allowed);
    DuelTable::generate(
        &key.white,
        key.black,
        &Exits {
            white: &white_exits,
            black: BlackExits::Duels([
                after_black_takes(tables, key, 0),
                after_black_takes(tables, key, 1),
            ]),
        },
    )
}

/// The table of `key` from the cache directory `dir`, built and written there first
/// when the file is missing or refused (the smaller tables its captures lead to come
/// from `tables`); beside it, what went wrong on the way (which does not stop the
/// table being used).
pub fn load_or_build(tables: &Tables, dir: &Path, key: DuelKey) -> (DuelTable, Option<String>) {
    let path = dir.join(key.file_name());
    // The tables a capture leads to: the search reads them after one.
    after_white_takes(tables, key);
    after_black_takes(tables, key, 0);
    after_black_takes(tables, key, 1);
    let refused = match table_file::read_duel(&path, &key.white, key.black, key.rules()) {
        Ok(table) => return (table, None),
        Err(_) if !path.exists() => None,
        Err(why) => Some(why),
    };
    let table = generate(tables, key);
    let trouble = table_file::keep_built(dir, refused, || {
        table_file::write_duel(&table, key.rules(), &path)
    });
    (table, trouble)
}

/// The table `pos` is in, with the side holding the two pieces (White in the
/// table's frame), when it is one Khun builds.
pub(crate) fn signature(pos: &Position) -> Option<(DuelKey, Color)> {
    let strong = match pawnless_five_men(pos)? {
        (3, 2) => Color::White,
        (2, 3) => Color::Black,
        _ => return None,
    };
    let pieces = |side: Color| pos.pieces_of(side) & !pos.pieces_of_kind(PieceKind::King);
    let kind = |sq: Square| pos.kind_at(sq).expect("a piece");
    let mut strong_pieces = pieces(strong).into_iter();
    let (first, second) = (strong_pieces.next()?, strong_pieces.next()?);
    let key = DuelKey::new(
        kind(first),
        kind(second),
        kind(pieces(!strong).lsb()),
        table_game(pos.variant()),
    )?;
    Some((key, strong))
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

/// What a table `tables` has loaded stores for `pos` (no count applied): the plies to
/// the side to move's winning exit (odd) or to its loss (even), `None` for a draw
/// whatever the count; `None` outside when no table of it is loaded or it is not in
/// `readable`.
pub(crate) fn value(tables: &Tables, pos: &Position, readable: Readable) -> Option<Option<u8>> {
    let shelf = &tables.held.five_duel;
    if !shelf.any_loaded() {
        return None;
    }
    let (key, strong) = signature(pos)?;
    if !readable.contains_five_man(key.bit()) {
        return None;
    }
    let table = shelf.get(&key)?;
    let (men, black_king) = framed(pos, key, strong);
    let v = table.value(men, black_king, pos.side_to_move() == strong);
    Some((v != NO_RESULT).then_some(v))
}

/// Loads (or builds) into `tables` the tables `pos` is in or one capture from, when
/// its directory is set, on threads of their own; with `wait`, returns once they are
/// loaded. Errors go to stderr: the search goes on without the table. Returns the
/// tables' bits (see [`DuelKey::bit`]).
pub fn prepare(tables: &Tables, pos: &Position, wait: bool) -> u128 {
    let Some(dir) = tables.five_man_directory() else {
        return 0;
    };
    let wanted = within_a_capture(pos, |p| signature(p).map(|(key, _)| key));
    let bits = wanted.iter().fold(0, |bits, key| bits | 1 << key.bit());
    let loader = tables.clone();
    tables.held.five_duel.load(&wanted, wait, move |key| {
        let (table, trouble) = load_or_build(&loader, &dir, key);
        if let Some(why) = trouble {
            eprintln!("five-man table {}: {why}", key.file_name());
        }
        table
    });
    bits
}

#[cfg(test)]
mod tests {
    use super::*;

    fn key_of(fen: &str, variant: Variant) -> Option<(DuelKey, Color)> {
        signature(&Position::from_fen_in(variant, fen).expect("a legal position"))
    }

    #[test]
    fn every_five_man_table_has_a_bit_of_its_own() {
        let bits: Vec<u32> = super::super::five::every_table()
            .into_iter()
            .map(|kinds| five_man_bit(kinds, false))
            .chain(every_table().into_iter().map(DuelKey::bit))
            .collect();
        assert_eq!(bits.len(), 20 + 22);
        for (i, &bit) in bits.iter().enumerate() {
            assert!(bit < 128);
            assert!(!bits[..i].contains(&bit), "bit {bit} twice");
        }
        // A search reads only the tables its root loaded.
        let rook_met = DuelKey::new(
            PieceKind::Rook,
            PieceKind::Met,
            PieceKind::Knight,
            Variant::Makruk,
        )
        .expect("a table");
        let readable = Readable::ALL.with_five_man(1 << rook_met.bit());
        assert!(readable.contains_five_man(rook_met.bit()));
        assert!(
            bits.iter()
                .filter(|&&b| readable.contains_five_man(b))
                .count()
                == 1
        );
    }

    #[test]
    fn the_tables_are_the_duels_of_five_men_with_a_rook_in_the_games_they_hold() {
        use PieceKind::{Khon, Knight, Met, Rook};
        // The side with two pieces is White in the table's frame, whichever colour.
        let (key, strong) =
            key_of("8/8/3k4/3n4/8/8/8/RM2K3 w - 128 0 60", Variant::Makruk).expect("K+R+M v K+N");
        assert_eq!(
            (key.white, key.black, strong),
            ([Rook, Met], Knight, Color::White)
        );
        assert_eq!(key.name(), "KRMvKN");
        let (key, strong) =
            key_of("rs2k3/8/8/8/8/3R4/3K4/8 b - 128 0 60", Variant::Makruk).expect("KRSvKR");
        assert_eq!(
            (key.white, key.black, strong),
            ([Rook, Khon], Rook, Color::Black)
        );
        let (key, _) =
            key_of("8/8/3k4/3r4/8/8/8/SM2K3 w - 128 0 60", Variant::Makruk).expect("K+S+M v K+R");
        assert_eq!(key.name(), "KSMvKR");
        // Without a rook, or with a pawn, or four men a side: no table.
        assert!(key_of("8/8/3k4/3n4/8/8/8/SM2K3 w - 128 0 60", Variant::Makruk).is_none());
        assert!(key_of("8/8/3k4/3n4/8/8/P7/R3K3 w - - 0 60", Variant::Makruk).is_none());
        assert!(key_of("8/8/3k4/8/8/8/8/RMS1K3 w - - 0 60", Variant::Makruk).is_none());
        // Cambodian chess has its own file; ASEAN chess has no five-man duels.
        let cambodian = key_of("8/8/3k4/3n4/8/8/8/RM2K3 w - 126 0 60", Variant::Cambodian)
            .expect("a Cambodian table");
        assert_eq!(cambodian.0.file_name(), "KRMvKN-cambodian.khuntb");
        assert!(key_of("8/8/3k4/3b4/8/8/8/RQ2K3 w - - 0 60", Variant::Asean).is_none());
        assert_eq!(every_table().len(), 22);
    }
}
