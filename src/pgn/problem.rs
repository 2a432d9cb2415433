//! Why a PGN game could not be read, or stopped early, as a typed reason: each one
//! writes the message the reader has always given, and a front end that translates
//! names it by its kind (`rules_api::refusal` gives each a code).

use crate::board::fen::FenError;
use crate::board::{CountAction, CountActionError, CountError, MoveError, Outcome};
use std::fmt;

/// Where a count command was written: `after move 31. Ra2`, `before the first move`.
fn where_written(after: &Option<String>) -> String {
    match after {
        Some(m) => format!("after move {m}"),
        None => "before the first move".to_string(),
    }
}

/// Why a game, or a variation of it, could not be read.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum PgnProblem {
    /// `{` without its `}`.
    CommentNotClosed,
    /// `[` with no tag name.
    TagNoName,
    /// A tag without its quoted value.
    TagNoValue(String),
    /// A tag value without its closing `"`.
    TagValueNotClosed(String),
    /// A tag without its `]`.
    TagNotClosed(String),
    /// `}`, `]` or `"` where nothing opened it.
    Stray(char),
    /// `(` without its `)`.
    VariationNotClosed,
    /// `)` that closes nothing.
    VariationNotOpened,
    /// The movetext does not end with a result.
    NoResult,
    /// A `[Variant]` the engine does not play.
    UnknownVariant(String),
    /// A `[FEN]` tag the rules refuse.
    Fen(FenError),
    /// Players' counting in a game that does not count by hand.
    NotByHand(CountError),
    /// A move that cannot be played where it is written: its number as PGN writes it
    /// (`17.`, `17...`), the text as written, why, and the letter when it names no
    /// piece.
    Move {
        number: String,
        text: String,
        error: MoveError,
        unknown_letter: Option<char>,
    },
    /// A move after the game's end.
    AfterEnd {
        number: String,
        text: String,
        outcome: Outcome,
    },
    /// A `[%count x]` command that is neither start nor stop (`x`, clipped), after
    /// the move `after` (`31. Ra2`; `None`: before the first move).
    CountCommand { after: Option<String>, word: String },
    /// A count action the rules refuse, after the move `after` (`31. Ra2`; `None`:
    /// before the first move).
    CountAction {
        after: Option<String>,
        action: CountAction,
        error: CountActionError,
    },
}

impl fmt::Display for PgnProblem {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            PgnProblem::CommentNotClosed => {
                f.write_str("comment opened with '{' is never closed with '}'")
            }
            PgnProblem::TagNoName => {
                f.write_str("a tag pair has no name: expected [Name \"value\"]")
            }
            PgnProblem::TagNoValue(name) => write!(
                f,
                "tag [{}] has no quoted value: expected [{} \"value\"]",
                clip(name),
                clip(name)
            ),
            PgnProblem::TagValueNotClosed(name) => {
                write!(
                    f,
                    "the value of tag [{}] is not closed with '\"'",
                    clip(name)
                )
            }
            PgnProblem::TagNotClosed(name) => {
                write!(f, "tag [{}] is not closed with ']'", clip(name))
            }
            PgnProblem::Stray('}') => f.write_str("'}' closes no comment"),
            PgnProblem::Stray(']') => f.write_str("']' closes no tag pair"),
            PgnProblem::Stray(c) => write!(f, "a '{c}' outside a tag pair"),
            PgnProblem::VariationNotClosed => {
                f.write_str("variation opened with '(' is never closed with ')'")
            }
            PgnProblem::VariationNotOpened => f.write_str("')' closes no variation"),
            PgnProblem::NoResult => f.write_str(
                "the game has no result: its moves must end with 1-0, 0-1, 1/2-1/2 or *",
            ),
            PgnProblem::UnknownVariant(text) => write!(
                f,
                "variant '{}' is not one Khun plays ({})",
                clip(text),
                crate::board::Variant::names_joined(", ")
            ),
            PgnProblem::Fen(e) => write!(f, "bad [FEN] tag: {e}"),
            PgnProblem::NotByHand(e) => write!(f, "[Counting \"players\"]: {e}"),
            PgnProblem::Move {
                number,
                text,
                error,
                unknown_letter,
            } => {
                let text = clip(text);
                let why = match (unknown_letter, error) {
                    (Some(c), _) => format!(
                        "'{text}': unknown piece letter '{c}' (makruk uses K R N S M P, or B for khon and Q for met)"
                    ),
                    (None, MoveError::Illegal(_)) => format!("'{text}' is not a legal move here"),
                    (None, MoveError::Ambiguous(_)) => {
                        format!("'{text}' fits more than one legal move")
                    }
                    (None, MoveError::Malformed(_)) => format!("'{text}' is not a move"),
                };
                write!(f, "move {number} {why}")
            }
            PgnProblem::AfterEnd {
                number,
                text,
                outcome,
            } => write!(
                f,
                "move {number} '{}' comes after the game has ended ({})",
                clip(text),
                outcome.reason()
            ),
            PgnProblem::CountCommand { after, word } => write!(
                f,
                "{}: '[%count {word}]' is not a count command ([%count start] or [%count stop])",
                where_written(after)
            ),
            PgnProblem::CountAction {
                after,
                action,
                error,
            } => write!(
                f,
                "{}: [%count {}]: {error}",
                where_written(after),
                action.word()
            ),
        }
    }
}

/// Shortens hostile input before it goes into a message.
pub(crate) fn clip(s: &str) -> String {
    const MAX: usize = 40;
    if s.chars().count() > MAX {
        let mut t: String = s.chars().take(MAX).collect();
        t.push_str("...");
        t
    } else {
        s.to_string()
    }
}
