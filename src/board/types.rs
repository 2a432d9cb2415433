//! Colours, piece kinds, pieces and squares: the vocabulary of the board.

use std::fmt;

/// The side a piece belongs to, or the side to move.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Color {
    White = 0,
    Black = 1,
}

impl Color {
    pub const ALL: [Color; 2] = [Color::White, Color::Black];

    /// The index of this colour into per-colour arrays.
    #[inline(always)]
    pub(crate) const fn index(self) -> usize {
        self as usize
    }

    /// The side's name for people: `White`, `Black`.
    pub(crate) const fn name(self) -> &'static str {
        match self {
            Color::White => "White",
            Color::Black => "Black",
        }
    }

    /// The other side.
    #[inline(always)]
    pub(crate) const fn flip(self) -> Color {
        match self {
            Color::White => Color::Black,
            Color::Black => Color::White,
        }
    }

    /// `'w'` or `'b'`, as in a FEN.
    pub const fn fen_char(self) -> char {
        match self {
            Color::White => 'w',
            Color::Black => 'b',
        }
    }
}

impl std::ops::Not for Color {
    type Output = Color;
    #[inline(always)]
    fn not(self) -> Color {
        self.flip()
    }
}

/// The six kinds of makruk piece.
///
/// The order is the order of value (pawn lowest, king last), which move ordering
/// relies on for "least valuable attacker" decisions.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum PieceKind {
    /// Bia: one step forward, captures one step diagonally forward.
    Pawn = 0,
    /// Met: one step diagonally (a ferz). Promoted pawns are mets.
    Met = 1,
    /// Khon: one step diagonally or one step straight forward (a shogi silver).
    Khon = 2,
    /// Ma: the chess knight.
    Knight = 3,
    /// Ruea: the chess rook.
    Rook = 4,
    /// Khun: one step in any direction.
    King = 5,
}

impl PieceKind {
    pub(crate) const ALL: [PieceKind; 6] = [
        PieceKind::Pawn,
        PieceKind::Met,
        PieceKind::Khon,
        PieceKind::Knight,
        PieceKind::Rook,
        PieceKind::King,
    ];

    /// The index of this kind into per-kind arrays.
    #[inline(always)]
    pub(crate) const fn index(self) -> usize {
        self as usize
    }

    #[inline(always)]
    pub(crate) const fn from_index(i: usize) -> PieceKind {
        match i {
            0 => PieceKind::Pawn,
            1 => PieceKind::Met,
            2 => PieceKind::Khon,
            3 => PieceKind::Knight,
            4 => PieceKind::Rook,
            _ => PieceKind::King,
        }
    }

    /// The upper-case letter used in FEN and SAN (`P`, `M`, `S`, `N`, `R`, `K`).
    pub const fn letter(self) -> char {
        match self {
            PieceKind::Pawn => 'P',
            PieceKind::Met => 'M',
            PieceKind::Khon => 'S',
            PieceKind::Knight => 'N',
            PieceKind::Rook => 'R',
            PieceKind::King => 'K',
        }
    }
}

/// A piece: a kind and a colour.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Piece {
    pub(crate) color: Color,
    pub(crate) kind: PieceKind,
}

impl Piece {
    pub(crate) const fn new(color: Color, kind: PieceKind) -> Piece {
        Piece { color, kind }
    }

    /// A dense index 0..12 (white pieces first), for per-piece tables.
    #[inline(always)]
    pub(crate) const fn index(self) -> usize {
        self.color.index() * 6 + self.kind.index()
    }

    /// The FEN letter: upper case for White, lower case for Black.
    pub fn fen_char(self) -> char {
        let c = self.kind.letter();
        match self.color {
            Color::White => c,
            Color::Black => c.to_ascii_lowercase(),
        }
    }
}

/// A square, 0 = a1, 1 = b1, ..., 63 = h8.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Square(u8);

impl Square {
    /// The square with this index; `index` must be below 64.
    #[inline(always)]
    pub const fn new(index: u8) -> Square {
        debug_assert!(index < 64);
        Square(index)
    }

    /// The square on `file` (0 = a) and `rank` (0 = rank 1).
    #[inline(always)]
    pub(crate) const fn from_file_rank(file: u8, rank: u8) -> Square {
        debug_assert!(file < 8 && rank < 8);
        Square(rank * 8 + file)
    }

    #[inline(always)]
    pub const fn index(self) -> usize {
        self.0 as usize
    }

    /// 0 = file a, ..., 7 = file h.
    #[inline(always)]
    pub(crate) const fn file(self) -> u8 {
        self.0 & 7
    }

    /// 0 = rank 1, ..., 7 = rank 8.
    #[inline(always)]
    pub(crate) const fn rank(self) -> u8 {
        self.0 >> 3
    }

    /// The rank counted from `color`'s side: 0 is that side's first rank.
    #[inline(always)]
    pub(crate) const fn relative_rank(self, color: Color) -> u8 {
        match color {
            Color::White => self.rank(),
            Color::Black => 7 - self.rank(),
        }
    }

    /// The same square seen from the other side (a1 <-> a8).
    #[inline(always)]
    pub(crate) const fn flip_rank(self) -> Square {
        Square(self.0 ^ 56)
    }

    /// The square `df` files and `dr` ranks away, if it is on the board.
    pub(crate) const fn offset(self, df: i8, dr: i8) -> Option<Square> {
        let f = self.file() as i8 + df;
        let r = self.rank() as i8 + dr;
        if f >= 0 && f < 8 && r >= 0 && r < 8 {
            Some(Square::from_file_rank(f as u8, r as u8))
        } else {
            None
        }
    }

    /// Parses `"e4"`.
    pub(crate) fn parse(s: &str) -> Option<Square> {
        let b = s.as_bytes();
        if b.len() != 2 {
            return None;
        }
        let file = b[0].wrapping_sub(b'a');
        let rank = b[1].wrapping_sub(b'1');
        (file < 8 && rank < 8).then(|| Square::from_file_rank(file, rank))
    }

    /// Every square, a1 first.
    pub(crate) fn all() -> impl Iterator<Item = Square> {
        (0..64).map(Square)
    }

    pub(crate) const fn file_char(self) -> char {
        (b'a' + self.file()) as char
    }

    pub(crate) const fn rank_char(self) -> char {
        (b'1' + self.rank()) as char
    }
}

impl fmt::Display for Square {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}{}", self.file_char(), self.rank_char())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn square_names_round_trip() {
        for sq in Square::all() {
            assert_eq!(Square::parse(&sq.to_string()), Some(sq));
        }
        assert_eq!(Square::parse("a1"), Some(Square::new(0)));
        assert_eq!(Square::parse("h8"), Some(Square::new(63)));
        assert_eq!(Square::parse("i1"), None);
        assert_eq!(Square::parse("a9"), None);
        assert_eq!(Square::parse("a"), None);
    }
}
