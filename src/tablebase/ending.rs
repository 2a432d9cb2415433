//! Which ending a position is in, and the endings that have a table.

use crate::board::{Color, PieceKind, Position, Variant};

/// The endings with a table: a king and pieces against a bare king (the piece's
/// honour), or a king and a piece against a king and a piece (the board's honour).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Ending {
    Rook,
    KhonMet,
    KnightMet,
    KhonKnight,
    KhonKhon,
    Khon,
    Knight,
    Met,
    RookRook,
    RookKhon,
    RookKnight,
    RookMet,
    KnightKnight,
    MetMet,
    RookVsRook,
    RookVsKhon,
    RookVsKnight,
    RookVsMet,
    KhonVsKhon,
    KhonVsKnight,
    KhonVsMet,
    KnightVsKnight,
    KnightVsMet,
    MetVsMet,
}

/// The order of the pieces in a K+X v K+Y table's name and frame: the first is White.
const DUEL_ORDER: [PieceKind; 4] = [
    PieceKind::Rook,
    PieceKind::Khon,
    PieceKind::Knight,
    PieceKind::Met,
];

/// The piece a table's name writes with `letter` (`R`, `S`, `N`, `M`, either case),
/// as `KSMMvK` or `KRMvKN` name them; `None` for any other letter.
pub fn table_piece(letter: char) -> Option<PieceKind> {
    DUEL_ORDER
        .into_iter()
        .find(|kind| kind.letter() == letter.to_ascii_uppercase())
}

/// Whether positions of `variant` are read from the tables (see `Ending::of`).
pub(crate) fn has_tables(variant: Variant) -> bool {
    matches!(
        variant,
        Variant::Makruk | Variant::Cambodian | Variant::Asean | Variant::Sittuyin
    )
}

/// Whether the tables serve `pos`: its game has tables and no man is in hand.
pub(crate) fn tables_serve(pos: &Position) -> bool {
    has_tables(pos.variant()) && pos.all_men_placed()
}

/// The game whose tables serve `variant`'s positions: its own, but sittuyin's are
/// ASEAN's. Once its men are placed, sittuyin's pieces move as ASEAN's, and the two
/// share the count (only against a bare king, from 0), the fifty-move rule and the
/// draw by stalemate: the pawnless endings the tables hold are the same games.
pub(crate) fn table_game(variant: Variant) -> Variant {
    match variant {
        Variant::Sittuyin => Variant::Asean,
        other => other,
    }
}

impl Ending {
    pub const ALL: [Ending; 24] = [
        Ending::Rook,
        Ending::KhonMet,
        Ending::KnightMet,
        Ending::KhonKnight,
        Ending::KhonKhon,
        Ending::Khon,
        Ending::Knight,
        Ending::Met,
        Ending::RookRook,
        Ending::RookKhon,
        Ending::RookKnight,
        Ending::RookMet,
        Ending::KnightKnight,
        Ending::MetMet,
        Ending::RookVsRook,
        Ending::RookVsKhon,
        Ending::RookVsKnight,
        Ending::RookVsMet,
        Ending::KhonVsKhon,
        Ending::KhonVsKnight,
        Ending::KhonVsMet,
        Ending::KnightVsKnight,
        Ending::KnightVsMet,
        Ending::MetVsMet,
    ];

    /// The strong side's pieces besides its king, in the table's order; for a K+X v
    /// K+Y ending, White's piece then Black's (see `duel`).
    pub fn kinds(self) -> &'static [PieceKind] {
        use PieceKind::{Khon, Knight, Met, Rook};
        match self {
            Ending::Rook => &[Rook],
            Ending::KhonMet => &[Khon, Met],
            Ending::KnightMet => &[Knight, Met],
            Ending::KhonKnight => &[Khon, Knight],
            Ending::KhonKhon => &[Khon, Khon],
            Ending::Khon => &[Khon],
            Ending::Knight => &[Knight],
            Ending::Met => &[Met],
            Ending::RookRook => &[Rook, Rook],
            Ending::RookKhon => &[Rook, Khon],
            Ending::RookKnight => &[Rook, Knight],
            Ending::RookMet => &[Rook, Met],
            Ending::KnightKnight => &[Knight, Knight],
            Ending::MetMet => &[Met, Met],
            Ending::RookVsRook => &[Rook, Rook],
            Ending::RookVsKhon => &[Rook, Khon],
            Ending::RookVsKnight => &[Rook, Knight],
            Ending::RookVsMet => &[Rook, Met],
            Ending::KhonVsKhon => &[Khon, Khon],
            Ending::KhonVsKnight => &[Khon, Knight],
            Ending::KhonVsMet => &[Khon, Met],
            Ending::KnightVsKnight => &[Knight, Knight],
            Ending::KnightVsMet => &[Knight, Met],
            Ending::MetVsMet => &[Met, Met],
        }
    }

    /// For a K+X v K+Y ending, the two pieces (White's in the table's frame first).
    pub fn duel(self) -> Option<[PieceKind; 2]> {
        (self.index() >= Ending::RookVsRook.index()).then(|| [self.kinds()[0], self.kinds()[1]])
    }

    /// The ending of a king and `kind` against a bare king.
    pub(crate) fn single(kind: PieceKind) -> Option<Ending> {
        match kind {
            PieceKind::Rook => Some(Ending::Rook),
            PieceKind::Khon => Some(Ending::Khon),
            PieceKind::Knight => Some(Ending::Knight),
            PieceKind::Met => Some(Ending::Met),
            _ => None,
        }
    }

    /// The ending of a king and these two pieces (in either order) against a bare
    /// king.
    pub(crate) fn pair(a: PieceKind, b: PieceKind) -> Option<Ending> {
        Ending::ALL.into_iter().find(|e| {
            e.duel().is_none()
                && matches!(e.kinds(), &[x, y] if (x, y) == (a, b) || (x, y) == (b, a))
        })
    }

    /// The K+X v K+Y ending of these two pieces, in either order, and whether the
    /// first given is Black in the table's frame.
    pub(crate) fn of_duel(a: PieceKind, b: PieceKind) -> Option<(Ending, bool)> {
        let rank = |k| DUEL_ORDER.iter().position(|&o| o == k);
        let (ra, rb) = (rank(a)?, rank(b)?);
        let swapped = ra > rb;
        let (first, second) = if swapped { (rb, ra) } else { (ra, rb) };
        let ending = Ending::ALL
            .into_iter()
            .find(|e| e.duel() == Some([DUEL_ORDER[first], DUEL_ORDER[second]]))?;
        Some((ending, swapped))
    }

    /// A name in makruk letters, e.g. `KSMvK` or `KRvKN`.
    pub fn name(self) -> String {
        let letters = |kinds: &[PieceKind]| -> String {
            kinds
                .iter()
                .map(|k| k.letter().to_ascii_uppercase())
                .collect()
        };
        match self.duel() {
            Some([white, black]) => format!("K{}vK{}", letters(&[white]), letters(&[black])),
            None => format!("K{}vK", letters(self.kinds())),
        }
    }

    pub(super) fn index(self) -> usize {
        self as usize
    }

    /// The ending a position is in, if it has a table, with the side that holds the
    /// table's first piece (the strong side of a bare-king ending; White in a K+X v
    /// K+Y table's frame). Makruk, Cambodian chess (once no first-move right is left)
    /// and ASEAN chess move their pieces alike and differ only in the count, which the
    /// probes read; sittuyin's, once no man is in hand, are ASEAN's ([`table_game`]);
    /// Kar Ouk wins by check, makpong freezes a checked king and ai-wok has another
    /// piece, so their positions have no table.
    pub fn of(pos: &Position) -> Option<(Ending, Color)> {
        if !tables_serve(pos) || pos.gates().any() {
            return None;
        }
        let occupied = pos.occupied().count();
        if !(3..=4).contains(&occupied) || pos.pieces_of_kind(PieceKind::Pawn).any() {
            return None;
        }
        let white_men = pos.pieces_of(Color::White).count();
        let black_men = pos.pieces_of(Color::Black).count();
        if white_men == 2 && black_men == 2 {
            let piece = |color| {
                let sq = (pos.pieces_of(color) & !pos.pieces_of_kind(PieceKind::King)).lsb();
                pos.kind_at(sq).expect("a piece")
            };
            let (ending, swapped) = Ending::of_duel(piece(Color::White), piece(Color::Black))?;
            let first = if swapped { Color::Black } else { Color::White };
            return Some((ending, first));
        }
        let strong = if white_men == 1 {
            Color::Black
        } else if black_men == 1 {
            Color::White
        } else {
            return None;
        };
        let n = |kind| pos.pieces(strong, kind).count();
        let ending = match (
            n(PieceKind::Rook),
            n(PieceKind::Khon),
            n(PieceKind::Knight),
            n(PieceKind::Met),
        ) {
            (1, 0, 0, 0) => Ending::Rook,
            (0, 1, 0, 1) => Ending::KhonMet,
            (0, 0, 1, 1) => Ending::KnightMet,
            (0, 1, 1, 0) => Ending::KhonKnight,
            (0, 2, 0, 0) => Ending::KhonKhon,
            (0, 1, 0, 0) => Ending::Khon,
            (0, 0, 1, 0) => Ending::Knight,
            (0, 0, 0, 1) => Ending::Met,
            (2, 0, 0, 0) => Ending::RookRook,
            (1, 1, 0, 0) => Ending::RookKhon,
            (1, 0, 1, 0) => Ending::RookKnight,
            (1, 0, 0, 1) => Ending::RookMet,
            (0, 0, 2, 0) => Ending::KnightKnight,
            (0, 0, 0, 2) => Ending::MetMet,
            _ => return None,
        };
        Some((ending, strong))
    }
}
