//! Why the rules refuse a question, as data: the English `message` (what Python
//! raises and what a page shows untranslated), a stable `code` and the values the
//! message names (`params`), so a front end can word the refusal in its own language.
//! JavaScript receives `{"error": message, "code": ..., "params": {...}}` and
//! `khun.js` throws an `Error` carrying `.code` and `.params`; Python raises
//! `ValueError(message)` as before. A game of `readPgn` that could not be read, or
//! stopped early, carries the same three as `error`, `errorCode`, `errorParams`.
//!
//! The codes, with their params (`side` is `"white"` or `"black"`, a square is `"e4"`,
//! `number` a move's place in the question's `moves`, from 1):
//!
//! Requests (JavaScript's JSON):
//! - `notJson` {}; `noOp` {}; `unknownOp` {op, known}: the request itself;
//! - `badField` {op, detail}: a field of the wrong type or value (`detail`: serde's
//!   words, English only).
//!
//! Games and positions:
//! - `unknownVariant` {name, known};
//! - `fenEmpty` {};
//! - `fenPlacementChar` {char, position} (`position` from 1 in the placement field);
//! - `fenRankLength` {rank, files}; `fenRankCount` {ranks};
//! - `fenHandForm` {text}; `fenHandNotInGame` {text}; `fenHandChar` {char};
//!   `fenHandTooMany` {letter}: the men in hand (`[...]`);
//! - `fenSide` {text}; `fenCastling` {text}; `fenChecks` {text};
//! - `fenNumber` {field, text}: field 4 (the count's limit), 5 (its ply, or the
//!   half-move clock) or 6 (the move number);
//! - `fenExtraFields` {text};
//! - `kingCount` {side, found, expected}; `tooManyPieces` {side, most};
//!   `pawnOnPromotionRank` {side, square}; `sideNotToMoveInCheck` {side}: a position
//!   that cannot arise in a game.
//!
//! Moves:
//! - `moveMalformed`, `moveIllegal`, `moveAmbiguous` {move, number?}: not a move, not
//!   legal here, fits more than one legal move;
//! - `gameEnded` {move, number}: a move after the game's end.
//!
//! The count (see `checkFen` for count fields a position cannot have):
//! - `countStartedRange` {value}; `countNotByHand` {value, variant};
//!   `countStartedBeyond` {value, ply, next}; `countStartedWithPawn` {value, ply}:
//!   a `countStarted` that does not fit its game;
//! - a players' count action refused (`writePgn`'s `countActions`, params {action,
//!   ply} and): `countAutomatic`, `countRunning`, `countPawns`, `countNotRunning`,
//!   `countNotCountingSide` {side}; `countActionAfterLastMove` {ply, moves}.
//!
//! Writing PGN: `badResult` {result}; `badTagName` {name}; `badNotation` {} (only
//! `san` and `thaiSan`); `treeMovesDiffer` {}; `treeMoveMissing` {path} (a tree node
//! with neither `uci` nor `san`); a tree's move refused has the move codes above with
//! {move, path} (`path`: [main-line index, variation index, index in it, ...], from 0;
//! `number` too on the main line).
//!
//! Reading PGN (a game's `errorCode`; params always {game, line}, the game's number
//! from 1 and the line of the text):
//! - `pgnCommentNotClosed`, `pgnTagNoName`, `pgnTagNoValue` {name},
//!   `pgnTagValueNotClosed` {name}, `pgnTagNotClosed` {name}, `pgnStray` {char},
//!   `pgnVariationNotClosed`, `pgnVariationNotOpened`, `pgnNoResult`: the text;
//! - `pgnUnknownVariant` {variant}; `pgnFen` {reason, ...}: the `[FEN]` tag refused
//!   (`reason`: one of the FEN codes above, with its params); `pgnNotByHand`
//!   {variant}: `[Counting "players"]` in a game that does not count by hand;
//! - `pgnMove` {moveNumber, move, reason}: a move that cannot be played (`moveNumber`
//!   as PGN writes it, `17.` or `17...`; `move` as written; `reason`: `moveMalformed`,
//!   `moveIllegal`, `moveAmbiguous` or `unknownPieceLetter`, with {letter});
//! - `pgnMoveAfterEnd` {moveNumber, move, end} (`end`: the end's kind, as `state`'s);
//! - `pgnCountCommand` {after, command}: `[%count x]` that is not start or stop;
//!   `pgnCountAction` {after, action, reason, side?}: a count action the rules refuse
//!   (`after`: the move before it, `17. Ra2`, or `null` before the first move;
//!   `reason`: one of the count action codes above, `side` with
//!   `countNotCountingSide`).
//!
//! A note on a PGN's game (`notes`, the reader went on): `pgnVariationCut`
//! {game, line, moveNumber, move, reason, kept}: a variation's move that cannot be
//! played (`reason` as `pgnMove`'s, or `gameEnded`); the variation keeps its `kept`
//! moves before it (none: it is left out). `pgnVariationBeforeAnyMove` {game, line}:
//! a variation written before the first move, left out.
//!
//! Checking a FEN (`checkFen`'s problems): `countUnknownLimit` {limit, limits},
//! `countWithPawns` {}, `countBelowStart` {ply, least}, `countRunOut` {ply, limit}.
//!
//! Any other refusal: `refused` {} (its message says why, in English).

use crate::board::fen::{FenError, HandError, Impossible};
use crate::board::{CountActionError, CountError, CountMisfit, MoveError};
use crate::pgn::{NoteKind, PgnError, PgnProblem, TreeNote};
use serde::Serialize;
use serde_json::{Map, Value};
use std::fmt;

/// A refusal: the English message, a stable code and the values it names.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct Refusal {
    /// The reason in English (Python's `ValueError` text).
    #[serde(rename = "error")]
    pub message: String,
    /// The refusal's kind (see the module's list).
    pub code: &'static str,
    /// The values the message names.
    pub params: Map<String, Value>,
}

impl Refusal {
    /// A refusal with no params.
    pub fn new(code: &'static str, message: impl Into<String>) -> Refusal {
        Refusal {
            message: message.into(),
            code,
            params: Map::new(),
        }
    }

    /// The same, naming `value` as `name`.
    pub fn with(mut self, name: &str, value: impl Into<Value>) -> Refusal {
        self.params.insert(name.to_string(), value.into());
        self
    }

    /// The same, the message prefixed (`FEN: `), code and params kept.
    pub fn prefixed(mut self, prefix: &str) -> Refusal {
        self.message.insert_str(0, prefix);
        self
    }

    /// A refusal known only by its message.
    pub fn other(message: impl Into<String>) -> Refusal {
        Refusal::new("refused", message)
    }
}

impl fmt::Display for Refusal {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.message)
    }
}

impl std::error::Error for Refusal {}

// why: Python raises the message alone, and callers that answer in text use `?`.
impl From<Refusal> for String {
    fn from(r: Refusal) -> String {
        r.message
    }
}

/// `"white"` or `"black"`.
fn side(c: crate::board::Color) -> &'static str {
    super::answers::color_name(c)
}

/// The code and params of a FEN refusal; the message is the FEN error's own.
impl From<&FenError> for Refusal {
    fn from(e: &FenError) -> Refusal {
        let message = e.to_string();
        let r = |code| Refusal::new(code, message.clone());
        match e {
            FenError::Empty => r("fenEmpty"),
            FenError::BadPlacementChar { ch, index } => r("fenPlacementChar")
                .with("char", ch.to_string())
                .with("position", index + 1),
            FenError::BadRankLength { rank, files } => {
                r("fenRankLength").with("rank", *rank).with("files", *files)
            }
            FenError::BadRankCount(n) => r("fenRankCount").with("ranks", *n),
            FenError::BadHand(HandError::Form(text)) => r("fenHandForm").with("text", text.clone()),
            FenError::BadHand(HandError::NotInGame(text)) => {
                r("fenHandNotInGame").with("text", text.clone())
            }
            FenError::BadHand(HandError::Char(ch)) => r("fenHandChar").with("char", ch.to_string()),
            FenError::BadHand(HandError::TooMany(ch)) => {
                r("fenHandTooMany").with("letter", ch.to_string())
            }
            FenError::BadSide(text) => r("fenSide").with("text", text.clone()),
            FenError::BadCastling(text) => r("fenCastling").with("text", text.clone()),
            FenError::BadChecks(text) => r("fenChecks").with("text", text.clone()),
            FenError::BadNumber { field, text } => r("fenNumber")
                .with("field", field_number(field))
                .with("text", text.clone()),
            FenError::TrailingFields(text) => r("fenExtraFields").with("text", text.clone()),
            FenError::Illegal(Impossible::KingCount { side: s, found }) => r("kingCount")
                .with("side", side(*s))
                .with("found", *found)
                .with("expected", 1),
            FenError::Illegal(Impossible::TooManyPieces { side: s }) => {
                r("tooManyPieces").with("side", side(*s)).with("most", 16)
            }
            FenError::Illegal(Impossible::PawnOnPromotionRank { side: s, square }) => {
                r("pawnOnPromotionRank")
                    .with("side", side(*s))
                    .with("square", square.to_string())
            }
            FenError::Illegal(Impossible::SideNotToMoveInCheck { side: s }) => {
                r("sideNotToMoveInCheck").with("side", side(*s))
            }
        }
    }
}

/// The field's number from its name in the FEN reader (`4 (counting limit)`).
fn field_number(field: &str) -> u8 {
    field
        .split_whitespace()
        .next()
        .and_then(|n| n.parse().ok())
        .unwrap_or(0)
}

/// A move refused: its code, the move as given, and the message `message`.
pub(crate) fn move_refusal(error: &MoveError, message: String) -> Refusal {
    let (code, text) = match error {
        MoveError::Malformed(t) => ("moveMalformed", t),
        MoveError::Illegal(t) => ("moveIllegal", t),
        MoveError::Ambiguous(t) => ("moveAmbiguous", t),
    };
    Refusal::new(code, message).with("move", text.clone())
}

/// A `countStarted` that does not fit its game, the value named `name` in the message.
pub(crate) fn count_refusal(error: &CountError, name: &str) -> Refusal {
    let r = |code| Refusal::new(code, error.named(name)).with("value", error.value);
    match error.misfit {
        CountMisfit::BelowRange => r("countStartedRange"),
        CountMisfit::NotCountedByHand(v) => r("countNotByHand").with("variant", v.name()),
        CountMisfit::BeyondNextPly { last } => r("countStartedBeyond")
            .with("ply", last)
            .with("next", last + 1),
        CountMisfit::PawnOnBoard { ply } => r("countStartedWithPawn").with("ply", ply),
    }
}

/// A players' count action refused, with the message `message`.
pub(crate) fn count_action_refusal(error: CountActionError, message: String) -> Refusal {
    let r = |code| Refusal::new(code, message.clone());
    match error {
        CountActionError::Automatic => r("countAutomatic"),
        CountActionError::AlreadyRunning => r("countRunning"),
        CountActionError::PawnOnBoard => r("countPawns"),
        CountActionError::NotRunning => r("countNotRunning"),
        CountActionError::NotCountingSide(s) => r("countNotCountingSide").with("side", side(s)),
    }
}

/// The code of a count action's refusal.
fn count_action_code(error: CountActionError) -> &'static str {
    count_action_refusal(error, String::new()).code
}

/// A PGN game that could not be read, or stopped early: `pgn...` codes with the game's
/// number and the line.
pub(crate) fn pgn_refusal(e: &PgnError) -> Refusal {
    let (game, line, problem) = e.parts();
    problem_refusal(problem, e.to_string())
        .with("game", game)
        .with("line", line)
}

/// The code of a move that cannot be played, and the letter that names no piece.
fn move_reason(error: &MoveError, unknown_letter: Option<char>) -> &'static str {
    match (unknown_letter, error) {
        (Some(_), _) => "unknownPieceLetter",
        (None, MoveError::Malformed(_)) => "moveMalformed",
        (None, MoveError::Illegal(_)) => "moveIllegal",
        (None, MoveError::Ambiguous(_)) => "moveAmbiguous",
    }
}

fn problem_refusal(problem: &PgnProblem, message: String) -> Refusal {
    let r = |code| Refusal::new(code, message.clone());
    match problem {
        PgnProblem::CommentNotClosed => r("pgnCommentNotClosed"),
        PgnProblem::TagNoName => r("pgnTagNoName"),
        PgnProblem::TagNoValue(name) => r("pgnTagNoValue").with("name", name.as_str()),
        PgnProblem::TagValueNotClosed(name) => {
            r("pgnTagValueNotClosed").with("name", name.as_str())
        }
        PgnProblem::TagNotClosed(name) => r("pgnTagNotClosed").with("name", name.as_str()),
        PgnProblem::Stray(c) => r("pgnStray").with("char", c.to_string()),
        PgnProblem::VariationNotClosed => r("pgnVariationNotClosed"),
        PgnProblem::VariationNotOpened => r("pgnVariationNotOpened"),
        PgnProblem::NoResult => r("pgnNoResult"),
        PgnProblem::UnknownVariant(text) => r("pgnUnknownVariant").with("variant", text.as_str()),
        PgnProblem::Fen(e) => {
            let fen = Refusal::from(e);
            let mut out = r("pgnFen").with("reason", fen.code);
            out.params.extend(fen.params);
            out
        }
        PgnProblem::NotByHand(e) => r("pgnNotByHand").with(
            "variant",
            match e.misfit {
                CountMisfit::NotCountedByHand(v) => v.name(),
                _ => "",
            },
        ),
        PgnProblem::Move {
            number,
            text,
            error,
            unknown_letter,
        } => {
            let out = r("pgnMove")
                .with("moveNumber", number.as_str())
                .with("move", text.as_str())
                .with("reason", move_reason(error, *unknown_letter));
            match unknown_letter {
                Some(c) => out.with("letter", c.to_string()),
                None => out,
            }
        }
        PgnProblem::AfterEnd {
            number,
            text,
            outcome,
        } => r("pgnMoveAfterEnd")
            .with("moveNumber", number.as_str())
            .with("move", text.as_str())
            .with("end", super::answers::EndAnswer::of(*outcome).kind),
        PgnProblem::CountCommand { after, word } => r("pgnCountCommand")
            .with("after", after.clone())
            .with("command", word.as_str()),
        PgnProblem::CountAction {
            after,
            action,
            error,
        } => {
            let out = r("pgnCountAction")
                .with("after", after.clone())
                .with("action", action.word())
                .with("reason", count_action_code(*error));
            match error {
                CountActionError::NotCountingSide(s) => out.with("side", side(*s)),
                _ => out,
            }
        }
    }
}

/// A note on what a game's tree leaves out: `pgnVariationCut` (with the cut move's
/// `moveNumber`, `move`, `reason` and the moves `kept`) or `pgnVariationBeforeAnyMove`.
pub(crate) fn note_refusal(game: &str, number: usize, note: &TreeNote) -> Refusal {
    let message = format!("{game}, line {}: {}", note.line, note.kind);
    let r = match &note.kind {
        NoteKind::VariationCut { problem, kept } => {
            let (moved, text, reason) = match problem {
                PgnProblem::Move {
                    number,
                    text,
                    error,
                    unknown_letter,
                } => (number, text, move_reason(error, *unknown_letter)),
                PgnProblem::AfterEnd { number, text, .. } => (number, text, "gameEnded"),
                // A variation is cut only at a move.
                _ => (&String::new(), &String::new(), "refused"),
            };
            Refusal::new("pgnVariationCut", message)
                .with("moveNumber", moved.as_str())
                .with("move", text.as_str())
                .with("reason", reason)
                .with("kept", *kept)
        }
        NoteKind::VariationBeforeAnyMove => Refusal::new("pgnVariationBeforeAnyMove", message),
    };
    r.with("game", number).with("line", note.line)
}
