//! The JSON Lines `khun analyze --json` writes, as serde records: a `position` object,
//! one `info` object per iteration and line, and a `result` object. The fields and
//! their order are those the README documents; scores are White's view.

use super::score_text::JsonScore;
use crate::board::counting::{self, CountKind};
use crate::board::{Color, Position};
use crate::search::wdl::WdlContext;
use serde::Serialize;

/// The counting state of a position.
#[derive(Serialize)]
pub struct CountJson {
    pub running: bool,
    pub limit_plies: u16,
    pub ply: u16,
    /// `board's honour`, `piece's honour`, or null.
    pub kind: Option<&'static str>,
    pub exceeded: bool,
    /// The state in words.
    pub text: String,
}

impl CountJson {
    /// The counting state of `pos`.
    pub fn of(pos: &Position) -> CountJson {
        let count = pos.count();
        CountJson {
            running: count.is_running(),
            limit_plies: count.limit(),
            ply: count.ply(),
            kind: match counting::kind(pos) {
                Some(CountKind::BoardsHonour) => Some("board's honour"),
                Some(CountKind::PiecesHonour { .. }) => Some("piece's honour"),
                None => None,
            },
            exceeded: count.is_exceeded(),
            text: counting::describe(pos),
        }
    }
}

/// Win, draw and loss chances in per mille, White's view (`search::wdl`).
#[derive(Serialize)]
pub struct WdlJson {
    pub win: u32,
    pub draw: u32,
    pub loss: u32,
}

impl WdlJson {
    /// The chances of a `score` (side to move's view) at the root `context` describes,
    /// turned to White's view.
    pub fn of(context: &WdlContext, score: i32, side_to_move: Color) -> WdlJson {
        let stm = context.wdl(score);
        let white = if side_to_move == Color::White {
            stm
        } else {
            stm.flipped()
        };
        WdlJson {
            win: white.win,
            draw: white.draw,
            loss: white.loss,
        }
    }
}

/// The first line: the position searched.
#[derive(Serialize)]
pub struct PositionLine {
    #[serde(rename = "type")]
    pub kind: &'static str,
    pub fen: String,
    pub side_to_move: &'static str,
    pub count: CountJson,
}

/// One finished iteration of one line.
#[derive(Serialize)]
pub struct InfoLine {
    #[serde(rename = "type")]
    pub kind: &'static str,
    pub depth: i32,
    pub seldepth: i32,
    pub multipv: usize,
    pub score: JsonScore,
    /// Win/draw/loss per mille, White's view.
    pub wdl: WdlJson,
    /// `lower`, `upper` (White's view), or null for an exact score.
    pub bound: Option<&'static str>,
    pub nodes: u64,
    pub nps: u64,
    pub time_ms: u64,
    /// The line in UCI.
    pub pv: Vec<String>,
    /// The line in SAN with move numbers.
    pub pv_san: String,
}

/// One line of the final answer.
#[derive(Serialize)]
pub struct LineJson {
    pub multipv: usize,
    pub score: JsonScore,
    pub wdl: WdlJson,
    pub pv: Vec<String>,
    pub pv_san: String,
}

/// How the game ended in the position, when it has.
#[derive(Serialize)]
pub struct GameOverJson {
    pub result: &'static str,
    pub reason: &'static str,
}

/// The last line: the answer.
#[derive(Serialize)]
pub struct ResultLine {
    #[serde(rename = "type")]
    pub kind: &'static str,
    pub fen: String,
    pub best_move: Option<String>,
    pub best_move_san: Option<String>,
    pub score: Option<JsonScore>,
    pub wdl: Option<WdlJson>,
    pub depth: i32,
    pub nodes: u64,
    pub time_ms: u64,
    pub lines: Vec<LineJson>,
    pub count: CountJson,
    pub game_over: Option<GameOverJson>,
}

/// A record as one line of JSON.
pub fn line(record: &impl Serialize) -> String {
    // why: these records hold only strings, numbers and options, which serde_json
    // always writes; the fallback only keeps the output one object a line.
    serde_json::to_string(record)
        .unwrap_or_else(|e| serde_json::json!({ "error": e.to_string() }).to_string())
}
