//! Which ending a position is in, and the endings that have a table.

use crate::board::{Color, PieceKind, Position};

/// The endings with a table, by the strong side's pieces.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Ending {
    Rook,
    KhonMet,
    KnightMet,
    KhonKnight,
    KhonKhon,
}

impl Ending {
    pub const ALL: [Ending; 5] = [
        Ending::Rook,
        Ending::KhonMet,
        Ending::KnightMet,
        Ending::KhonKnight,
        Ending::KhonKhon,
    ];

    /// The strong side's pieces besides its king, in the table's order.
    pub fn kinds(self) -> &'static [PieceKind] {
        match self {
            Ending::Rook => &[PieceKind::Rook],
            Ending::KhonMet => &[PieceKind::Khon, PieceKind::Met],
            Ending::KnightMet => &[PieceKind::Knight, PieceKind::Met],
            Ending::KhonKnight => &[PieceKind::Khon, PieceKind::Knight],
            Ending::KhonKhon => &[PieceKind::Khon, PieceKind::Khon],
        }
    }

    /// A name in makruk letters, e.g. `KSMvK`.
    pub fn name(self) -> &'static str {
        match self {
            Ending::Rook => "KRvK",
            Ending::KhonMet => "KSMvK",
            Ending::KnightMet => "KNMvK",
            Ending::KhonKnight => "KSNvK",
            Ending::KhonKhon => "KSSvK",
        }
    }

    pub(super) fn index(self) -> usize {
        self as usize
    }

    /// The ending a position is in, with the strong side, if it has a table. The
    /// tables are makruk's: the relatives count differently (Cambodian, ASEAN), win
    /// by check (Kar Ouk), freeze a checked king (makpong) or have another piece
    /// (ai-wok), so their positions have none.
    pub fn of(pos: &Position) -> Option<(Ending, Color)> {
        if pos.variant() != crate::board::Variant::Makruk {
            return None;
        }
        let occupied = pos.occupied().count();
        if !(3..=4).contains(&occupied) || pos.pieces_of_kind(PieceKind::Pawn).any() {
            return None;
        }
        let strong = if pos.pieces_of(Color::White).count() == 1 {
            Color::Black
        } else if pos.pieces_of(Color::Black).count() == 1 {
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
            _ => return None,
        };
        Some((ending, strong))
    }
}
