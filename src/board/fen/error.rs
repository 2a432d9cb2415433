//! Why a FEN was refused: each error names the field and what is wrong with it.

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
    BadHand(String),
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
    Illegal(String),
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
