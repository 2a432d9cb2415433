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
//! `lab/README.md`.
//!
//! Each table is 1.07 GB (both orders of a pair are kept), too large to build
//! unasked, and depends on the count's rules: like the K+X+Y+Z v K tables they are
//! read only when `FiveManTables` names a directory, built there once per game rule
//! (`KRMvKN.khuntb`, `KRMvKN-cambodian.khuntb`; not for ASEAN chess, see
//! `DuelKey::new`) and read back from then on.

use super::bare_king::Table;
use super::duel::{BlackExits, DuelTable, Exits, MAX_WHITE, SubDuel};
use super::exits;
use super::five::pawnless_five_men;
use super::store::SmallTables;
use crate::board::{Color, CountingRule, PieceKind, Position, Square, Variant};
use crate::tablebase::ending::{Ending, has_tables, table_game};
use crate::tablebase::readable::five_man_bit;

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

    /// The table's bit among [`Readable`](crate::tablebase::readable::Readable)'s.
    pub(crate) fn bit(self) -> u32 {
        five_man_bit([self.white[0], self.white[1], self.black], true)
    }

    /// The count's rules as the file records them.
    pub(crate) fn rules(self) -> u8 {
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

/// The four-man duel left once Black has taken White's piece `i`, built in `small`
/// if needed.
fn after_black_takes(small: &SmallTables, key: DuelKey, i: usize) -> SubDuel<'_> {
    let (ending, swapped) = Ending::of_duel(key.white[1 - i], key.black).expect("a four-man duel");
    SubDuel {
        table: small.ensure_duel(ending, key.variant),
        swapped,
    }
}

/// The bare-king table left once White has taken Black's piece, built in `small` if
/// needed.
fn after_white_takes(small: &SmallTables, key: DuelKey) -> &Table {
    small.ensure_shared(Ending::pair(key.white[0], key.white[1]).expect("a table of two pieces"))
}

/// Builds in `small` the tables the captures of `key`'s table lead to (the search
/// reads them after one).
pub(crate) fn build_capture_tables(small: &SmallTables, key: DuelKey) {
    after_white_takes(small, key);
    after_black_takes(small, key, 0);
    after_black_takes(small, key, 1);
}

/// Solves the table of `key`, building the smaller tables its captures lead to in
/// `small` first.
pub(crate) fn generate(small: &SmallTables, key: DuelKey) -> DuelTable {
    let allowed = exits::allowance(key.variant, &key.white, key.black);
    let white_exits = after_white_takes(small, key).bare_losses(allowed);
    DuelTable::generate(
        &key.white,
        key.black,
        &Exits {
            white: &white_exits,
            black: BlackExits::Duels([
                after_black_takes(small, key, 0),
                after_black_takes(small, key, 1),
            ]),
        },
    )
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

#[cfg(test)]
mod tests {
    use super::*;
    use crate::tablebase::readable::Readable;

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
