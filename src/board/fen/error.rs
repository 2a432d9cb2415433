//! Why a FEN was refused: each error names the field and what is wrong with it.

use crate::board::types::{Color, Square};
use std::fmt;

/// Why a FEN was refused. Each variant says which field and what is wrong.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum FenError {
    Empty,
    /// Field 1 (placement): an unexpected character at this position in the field.
    BadPlacementChar {
        ch: char,
        index: usize,
    },
    /// Field 1: a rank that does not cover exactly eight files.
    BadRankLength {
        rank: u8,
        files: usize,
    },
    /// Field 1: not exactly eight ranks.
    BadRankCount(usize),
    /// Field 1: pieces in hand (`[...]`) that cannot be read, or in a game without
    /// drops.
    BadHand(HandError),
    /// Field 2: not `w` or `b`.
    BadSide(String),
    /// Field 3: castling rights (makruk has none; only `-` is accepted), or in
    /// Cambodian chess the first-move rights (`DEde`).
    BadCastling(String),
    /// Kar Ouk's check field (`1+1`), malformed or in a game without one.
    BadChecks(String),
    /// A numeric field that is not a number in range.
    BadNumber {
        field: &'static str,
        text: String,
    },
    /// More fields than a FEN has.
    TrailingFields(String),
    /// The position could not arise in a game.
    Illegal(Impossible),
}

/// Why the pieces in hand (`[...]`) were refused.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum HandError {
    /// Not written `[...]` (the text, clipped).
    Form(String),
    /// A hand in a game without one (the text, clipped).
    NotInGame(String),
    /// A character that is no man of the game.
    Char(char),
    /// A man that cannot be in hand (a pawn, or more than seven of a kind).
    TooMany(char),
}

/// Why a position could not arise in a game.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Impossible {
    /// A side has `found` kings (on the board and in hand), not one.
    KingCount { side: Color, found: u32 },
    /// A side has more than sixteen men.
    TooManyPieces { side: Color },
    /// A pawn on its promotion rank or beyond.
    PawnOnPromotionRank { side: Color, square: Square },
    /// The side not to move is in check.
    SideNotToMoveInCheck { side: Color },
}

impl fmt::Display for HandError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            HandError::Form(text) => write!(f, "'{text}' is not written '[...]'"),
            HandError::NotInGame(text) => {
                write!(f, "'{text}': only sittuyin has pieces in hand")
            }
            HandError::Char(ch) => write!(f, "unexpected character '{}'", ch.escape_default()),
            HandError::TooMany(ch) => write!(
                f,
                "'{ch}' cannot be in hand (no pawn, at most seven of a kind)"
            ),
        }
    }
}

impl fmt::Display for Impossible {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Impossible::KingCount { side, found } => {
                write!(f, "{} has {found} kings, not 1", side.name())
            }
            Impossible::TooManyPieces { side } => {
                write!(f, "{} has more than 16 pieces", side.name())
            }
            Impossible::PawnOnPromotionRank { side, square } => write!(
                f,
                "{} pawn on {square}, on or beyond its promotion rank",
                side.name()
            ),
            Impossible::SideNotToMoveInCheck { side } => {
                write!(f, "the side not to move ({}) is in check", side.name())
            }
        }
    }
}

impl fmt::Display for FenError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            FenError::Empty => write!(f, "empty FEN"),
            FenError::BadPlacementChar { ch, index } => write!(
                f,
                "FEN field 1 (placement): unexpected character '{}' at position {}",
                ch.escape_default(),
                index + 1
            ),
            FenError::BadRankLength { rank, files } => write!(
                f,
                "FEN field 1 (placement): rank {rank} covers {files} files, not 8"
            ),
            FenError::BadRankCount(n) => {
                write!(f, "FEN field 1 (placement): {n} ranks, not 8")
            }
            FenError::BadHand(why) => write!(f, "FEN field 1 (pieces in hand): {why}"),
            FenError::BadSide(s) => {
                write!(f, "FEN field 2 (side to move): '{s}' is not 'w' or 'b'")
            }
            FenError::BadCastling(s) => write!(
                f,
                "FEN field 3 (castling): '{s}'; expected '-' (or in cambodian/karouk the files of the king and met that still have their first-move rights, e.g. 'DEde')"
            ),
            FenError::BadChecks(s) => write!(
                f,
                "FEN check field: '{s}'; only karouk has one, written as checks left for White and Black, e.g. '1+1'"
            ),
            FenError::BadNumber { field, text } => {
                write!(f, "FEN field {field}: '{text}' is not a valid number")
            }
            FenError::TrailingFields(s) => write!(f, "FEN has extra fields: '{s}'"),
            FenError::Illegal(why) => write!(f, "FEN position is impossible: {why}"),
        }
    }
}

impl std::error::Error for FenError {}
