//! The rules' questions as data, typed once for every front end, and [`ask`], which
//! answers each: JavaScript sends them as JSON (`{"op": "state", ...}`, read by serde,
//! field names in camelCase: `web/rules_api/`), Python as keyword arguments (the same
//! fields in snake_case: `python/rules/`). A new question is a type here, its answer in
//! `answers.rs` and an arm of [`ask`]; both languages then have it.

use super::answers::{CheckAnswer, PgnGameAnswer, StateAnswer, VariantAnswer, variants};
use super::{
    MoveNode, PgnToWrite, Refusal, position_of, read_pgn, state_in, variant_named, write_pgn,
};
use crate::board::{CountAction, Notation, Position, Variant};
use crate::tablebase::Tables;
use serde::{Deserialize, Serialize};

/// A question to the rules; `op` names it in JSON.
#[derive(Clone, Debug, Deserialize)]
#[serde(tag = "op", rename_all = "camelCase")]
pub enum Question {
    /// The seven games.
    Variants,
    /// The position after moves, with everything a front end shows of it.
    State(StateQuestion),
    /// A move's SAN (in a notation).
    San(SanQuestion),
    /// A SAN move's UCI.
    UciFromSan(UciFromSanQuestion),
    /// Every game of a PGN text, replayed.
    ReadPgn(ReadPgnQuestion),
    /// A game as PGN text.
    WritePgn(WritePgnQuestion),
    /// Whether a FEN could arise in a game, and if not why (its count fields
    /// included).
    CheckFen(CheckFenQuestion),
}

impl Question {
    /// The names `op` takes, for a refusal that lists them.
    pub const NAMES: &'static [&'static str] = &[
        "variants",
        "state",
        "san",
        "uciFromSan",
        "readPgn",
        "writePgn",
        "checkFen",
    ];
}

/// A game named by its variant (makruk when absent), start (`fen`: the game's start
/// when absent, empty or `startpos`) and moves in UCI (none when absent).
#[derive(Clone, Debug, Default, Deserialize)]
#[serde(rename_all = "camelCase", default)]
pub struct GameQuestion {
    pub variant: Option<String>,
    pub fen: Option<String>,
    pub moves: Vec<String>,
}

impl GameQuestion {
    fn variant(&self) -> Result<Variant, Refusal> {
        self.variant
            .as_deref()
            .map_or(Ok(Variant::Makruk), variant_named)
    }

    fn start(&self) -> Result<Position, Refusal> {
        position_of(self.variant()?, self.fen.as_deref())
    }

    fn moves(&self) -> Vec<&str> {
        self.moves.iter().map(String::as_str).collect()
    }
}

/// `state`: the position after the moves under `count_started` (pyffish's value; 0 when
/// absent), the moves written in `notation`, with an endgame table's verdict when
/// `table` is true.
#[derive(Clone, Debug, Default, Deserialize)]
#[serde(rename_all = "camelCase", default)]
pub struct StateQuestion {
    #[serde(flatten)]
    pub game: GameQuestion,
    pub table: bool,
    #[serde(deserialize_with = "whole_number")]
    pub count_started: i64,
    pub notation: Option<NotationName>,
}

/// A count's value: a whole number (JSON has only numbers; `1.5` is refused by name).
fn whole_number<'de, D: serde::Deserializer<'de>>(d: D) -> Result<i64, D::Error> {
    let value = serde_json::Value::deserialize(d)?;
    value.as_i64().ok_or_else(|| {
        serde::de::Error::custom(format!(
            "the count's value must be a whole number, not {value}"
        ))
    })
}

/// A notation's name: pyffish's `NOTATION_SAN`, `_LAN`, `_THAI_SAN` and `_THAI_LAN`.
#[derive(Clone, Copy, Debug, Deserialize, Serialize, PartialEq, Eq)]
#[serde(rename_all = "camelCase")]
pub enum NotationName {
    San,
    Lan,
    ThaiSan,
    ThaiLan,
}

impl NotationName {
    fn notation(self) -> Notation {
        match self {
            NotationName::San => Notation::San,
            NotationName::Lan => Notation::Lan,
            NotationName::ThaiSan => Notation::ThaiSan,
            NotationName::ThaiLan => Notation::ThaiLan,
        }
    }
}

fn notation_of(name: Option<NotationName>) -> Notation {
    name.map_or(Notation::San, NotationName::notation)
}

/// `san`: the SAN of the UCI move `uci` in the position.
#[derive(Clone, Debug, Default, Deserialize)]
#[serde(rename_all = "camelCase", default)]
pub struct SanQuestion {
    #[serde(flatten)]
    pub game: GameQuestion,
    pub uci: String,
    pub notation: Option<NotationName>,
}

/// `uciFromSan`: the UCI of the SAN move `san` in the position.
#[derive(Clone, Debug, Default, Deserialize)]
#[serde(rename_all = "camelCase", default)]
pub struct UciFromSanQuestion {
    #[serde(flatten)]
    pub game: GameQuestion,
    pub san: String,
}

/// `readPgn`: every game of `text`.
#[derive(Clone, Debug, Default, Deserialize)]
#[serde(default)]
pub struct ReadPgnQuestion {
    pub text: String,
}

/// `writePgn`: the game as PGN text, with the tags given (`[[name, value], ...]`, in
/// order), the result (`*` when absent), and under players' counting (`counting:
/// "players"`, or any count action) the players' count actions; the moves from
/// `moves` or, with their NAGs, comments, clocks and variations, from `tree` (as
/// `readPgn` answers it: [`MoveNode`]), with the game's `comments` before the first
/// move; written in `notation` `"san"` (the default) or `"thaiSan"`.
#[derive(Clone, Debug, Default, Deserialize)]
#[serde(rename_all = "camelCase", default)]
pub struct WritePgnQuestion {
    #[serde(flatten)]
    pub game: GameQuestion,
    pub tags: Vec<(String, String)>,
    pub result: Option<String>,
    pub counting: Option<CountingName>,
    pub count_actions: Vec<CountActionAt>,
    pub tree: Option<Vec<MoveNode>>,
    pub comments: Vec<String>,
    pub notation: Option<NotationName>,
}

/// How a game is counted: `players` or `automatic`.
#[derive(Clone, Copy, Debug, Deserialize, PartialEq, Eq)]
#[serde(rename_all = "camelCase")]
pub enum CountingName {
    Players,
    Automatic,
}

/// A players' count action: after `ply` plies, `start` or `stop`.
#[derive(Clone, Debug, Deserialize)]
pub struct CountActionAt {
    pub ply: usize,
    pub action: ActionName,
}

/// `start` or `stop`.
#[derive(Clone, Copy, Debug, Deserialize, PartialEq, Eq)]
#[serde(rename_all = "camelCase")]
pub enum ActionName {
    Start,
    Stop,
}

/// `checkFen`: the FEN `fen` of `variant` (makruk when absent), checked as a board
/// editor checks it.
#[derive(Clone, Debug, Default, Deserialize)]
#[serde(default)]
pub struct CheckFenQuestion {
    pub variant: Option<String>,
    pub fen: String,
}

/// An answer, as each front end writes it.
#[derive(Clone, Debug, Serialize)]
#[serde(untagged)]
pub enum Answer {
    Variants(Vec<VariantAnswer>),
    State(Box<StateAnswer>),
    Text(String),
    Games(Vec<PgnGameAnswer>),
    Check(CheckAnswer),
}

/// Answers `question`; a `state` with `table` reads (and builds) the tables of
/// `tables` (none given: no verdict). A refusal says why.
pub fn ask(question: &Question, tables: Option<&Tables>) -> Result<Answer, Refusal> {
    match question {
        Question::Variants => Ok(Answer::Variants(variants())),
        Question::State(q) => {
            let state = state_in(
                &q.game.start()?,
                &q.game.moves(),
                q.count_started,
                tables.filter(|_| q.table),
                notation_of(q.notation),
            )?;
            Ok(Answer::State(Box::new(StateAnswer::from(&state))))
        }
        Question::San(q) => {
            let pos = q.game.start()?;
            let m = pos
                .parse_uci_move(&q.uci)
                .map_err(|e| super::refusal::move_refusal(&e, e.to_string()))?;
            Ok(Answer::Text(pos.san_in(m, notation_of(q.notation))))
        }
        Question::UciFromSan(q) => {
            let pos = q.game.start()?;
            let m = pos
                .parse_san(&q.san)
                .map_err(|e| super::refusal::move_refusal(&e, e.to_string()))?;
            Ok(Answer::Text(m.to_string()))
        }
        Question::ReadPgn(q) => Ok(Answer::Games(
            read_pgn(&q.text).iter().map(PgnGameAnswer::from).collect(),
        )),
        Question::CheckFen(q) => {
            let variant = q
                .variant
                .as_deref()
                .map_or(Ok(Variant::Makruk), variant_named)?;
            let problems = match Position::from_fen_in(variant, &q.fen) {
                Ok(pos) => super::count_field_problems(&pos),
                Err(e) => vec![Refusal::from(&e).prefixed("FEN: ")],
            };
            Ok(Answer::Check(CheckAnswer {
                valid: problems.is_empty(),
                problems,
            }))
        }
        Question::WritePgn(q) => {
            let count_actions = q
                .count_actions
                .iter()
                .map(|a| {
                    let action = match a.action {
                        ActionName::Start => CountAction::Start,
                        ActionName::Stop => CountAction::Stop,
                    };
                    (a.ply, action)
                })
                .collect();
            write_pgn(&PgnToWrite {
                start: q.game.start()?,
                moves: q.game.moves(),
                tree: q.tree.as_deref(),
                comments: q.comments.clone(),
                notation: notation_of(q.notation),
                tags: q.tags.clone(),
                result: q.result.as_deref().unwrap_or("*"),
                players_counting: q.counting == Some(CountingName::Players),
                count_actions,
            })
            .map(Answer::Text)
        }
    }
}
