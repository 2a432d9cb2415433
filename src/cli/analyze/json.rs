//! The JSON Lines `khun analyze --json` writes, as serde records: a `position` object,
//! one `info` object per iteration and line, and a `result` object. The fields and
//! their order are those the README documents; scores are White's view.

use crate::board::counting::{self, CountKind};
use crate::board::{Color, Position};
use crate::cli::score_text::JsonScore;
use crate::search::wdl::Wdl;
use crate::tablebase::{self, CountVerdict, Tables};
use serde::Serialize;

/// A side as the JSON names it: `white`, `black`.
pub(crate) fn color(c: Color) -> &'static str {
    match c {
        Color::White => "white",
        Color::Black => "black",
    }
}

/// The counting state of a position.
#[derive(Serialize)]
pub(crate) struct CountJson {
    pub(crate) running: bool,
    pub(crate) limit_plies: u16,
    pub(crate) ply: u16,
    /// `board's honour`, `piece's honour`, or null.
    pub(crate) kind: Option<&'static str>,
    pub(crate) exceeded: bool,
    /// pyffish's `count_started`: 0 the automatic count, -1 players' counting with no
    /// count running, N a count running since game ply N.
    pub(crate) count_started: i64,
    /// The state in words.
    pub(crate) text: String,
}

impl CountJson {
    /// The counting state of `pos`.
    pub(crate) fn of(pos: &Position) -> CountJson {
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
            count_started: pos.count_started(),
            text: counting::describe(pos),
        }
    }
}

/// Win, draw and loss chances in per mille, White's view (`search::wdl`).
#[derive(Serialize)]
pub(crate) struct WdlJson {
    pub(crate) win: u32,
    pub(crate) draw: u32,
    pub(crate) loss: u32,
}

impl WdlJson {
    /// The chances of the side to move, `stm`, turned to White's view.
    pub(crate) fn of(stm: Wdl, side_to_move: Color) -> WdlJson {
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
pub(crate) struct PositionLine {
    #[serde(rename = "type")]
    pub(crate) kind: &'static str,
    pub(crate) fen: String,
    pub(crate) side_to_move: &'static str,
    pub(crate) count: CountJson,
}

/// One finished iteration of one line.
#[derive(Serialize)]
pub(crate) struct InfoLine {
    #[serde(rename = "type")]
    pub(crate) kind: &'static str,
    pub(crate) depth: i32,
    pub(crate) seldepth: i32,
    pub(crate) multipv: usize,
    pub(crate) score: JsonScore,
    /// Win/draw/loss per mille, White's view.
    pub(crate) wdl: Option<WdlJson>,
    /// `lower`, `upper` (White's view), or null for an exact score.
    pub(crate) bound: Option<&'static str>,
    pub(crate) nodes: u64,
    pub(crate) nps: u64,
    pub(crate) time_ms: u64,
    /// The line in UCI.
    pub(crate) pv: Vec<String>,
    /// The line in SAN with move numbers.
    pub(crate) pv_san: String,
}

/// One line of the final answer.
#[derive(Serialize)]
pub(crate) struct LineJson {
    pub(crate) multipv: usize,
    pub(crate) score: JsonScore,
    pub(crate) wdl: Option<WdlJson>,
    pub(crate) pv: Vec<String>,
    pub(crate) pv_san: String,
}

/// How the game ended in the position, when it has.
#[derive(Serialize)]
pub(crate) struct GameOverJson {
    pub(crate) result: &'static str,
    pub(crate) reason: &'static str,
}

/// What an endgame table says of the position, the count included.
#[derive(Serialize)]
pub(crate) struct TableJson {
    /// The ending's name, e.g. `KRvK`, `KRvKM`.
    pub(crate) ending: String,
    /// `white`, `black`, or null for a draw.
    pub(crate) winner: Option<&'static str>,
    /// Plies to the mate (a K+X v K+Y ending: to a mate or a won bare-king ending);
    /// null for a draw whatever the count.
    pub(crate) plies: Option<u8>,
    /// The win would take longer than the count allows: the game is drawn.
    pub(crate) count_runs_out: bool,
    /// The verdict in words.
    pub(crate) text: String,
}

impl TableJson {
    /// The verdict of a table of `tables` on `pos`, if one covers it.
    pub(crate) fn of(pos: &Position, tables: &Tables) -> Option<TableJson> {
        let (ending, verdict) = tables.count_verdict(pos)?;
        let (winner, plies, count_runs_out) = match verdict {
            CountVerdict::Wins { winner, plies } => (Some(color(winner)), Some(plies), false),
            CountVerdict::CountRunsOut { plies, .. } => (None, Some(plies), true),
            CountVerdict::Drawn => (None, None, false),
        };
        Some(TableJson {
            ending: ending.name(),
            winner,
            plies,
            count_runs_out,
            text: tablebase::describe(ending, verdict),
        })
    }
}

/// The last line: the answer.
#[derive(Serialize)]
pub(crate) struct ResultLine {
    #[serde(rename = "type")]
    pub(crate) kind: &'static str,
    pub(crate) fen: String,
    pub(crate) best_move: Option<String>,
    pub(crate) best_move_san: Option<String>,
    pub(crate) score: Option<JsonScore>,
    pub(crate) wdl: Option<WdlJson>,
    pub(crate) depth: i32,
    pub(crate) nodes: u64,
    pub(crate) time_ms: u64,
    pub(crate) lines: Vec<LineJson>,
    pub(crate) count: CountJson,
    /// What an endgame table says of the position, or null where none covers it.
    pub(crate) table: Option<TableJson>,
    pub(crate) game_over: Option<GameOverJson>,
    /// Players' counting: `start` or `stop` when the engine would start or stop the
    /// count with its best move, else null.
    pub(crate) count_action: Option<&'static str>,
}

/// A record as one line of JSON.
pub(crate) fn line(record: &impl Serialize) -> String {
    // why: these records hold only strings, numbers and options, which serde_json
    // always writes; the fallback only keeps the output one object a line.
    serde_json::to_string(record)
        .unwrap_or_else(|e| serde_json::json!({ "error": e.to_string() }).to_string())
}
