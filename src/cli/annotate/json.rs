//! The JSON Lines `khun annotate --json FILE` writes: one `game` object per game of
//! the file (also for a game that cannot be read, with its `error`), in file order,
//! with the players, the result, the game's summary (see [`game_summary`]), the
//! rules' end and every move with its evaluation and judgement. Scores are White's
//! view, as `{"cp":N}` or `{"mate":N}`.
//!
//! [`game_summary`]: crate::cli::annotate::summary

use crate::board::count_events;
use crate::cli::annotate::review::{self, PositionEval};
use crate::cli::annotate::summary::GameSummary;
use crate::cli::score_text::{self, JsonScore};
use crate::pgn::{Game, PgnError};
use serde::Serialize;

/// One move of the game and what the engine made of it.
#[derive(Serialize)]
pub(crate) struct MoveJson {
    /// The position after the move (1 for the first move).
    pub(crate) ply: usize,
    /// `12.` or `12...`.
    pub(crate) number: String,
    /// The move in SAN, without Khun's glyph.
    pub(crate) san: String,
    pub(crate) uci: String,
    /// The engine's score of the position after the move, and its depth (0: the
    /// rules had ended the game there, no search).
    pub(crate) score: JsonScore,
    pub(crate) depth: i32,
    /// The engine's best move in the position before the move, if it searched it.
    pub(crate) best_move: Option<String>,
    pub(crate) best_move_san: Option<String>,
    /// Centipawns lost against the best move (clamped scores).
    pub(crate) loss_cp: i32,
    /// `inaccuracy`, `mistake`, `blunder`, or null.
    pub(crate) judgement: Option<&'static str>,
    /// A draw offer was marked after the move in the file.
    pub(crate) draw_offer: bool,
}

/// How the rules ended the game, and where.
#[derive(Serialize)]
pub(crate) struct EndJson {
    pub(crate) ply: usize,
    pub(crate) result: &'static str,
    pub(crate) reason: &'static str,
}

/// One game's line.
#[derive(Serialize)]
pub(crate) struct GameJson {
    #[serde(rename = "type")]
    pub(crate) kind: &'static str,
    /// The game's number in the file, from 1.
    pub(crate) game: usize,
    pub(crate) games_in_file: usize,
    pub(crate) white: Option<String>,
    pub(crate) black: Option<String>,
    pub(crate) event: Option<String>,
    /// The result written in the output (the rules' when they ended the game).
    pub(crate) result: Option<String>,
    /// The result the file gave.
    pub(crate) result_in_file: Option<String>,
    pub(crate) start_fen: Option<String>,
    /// Moves read (up to a bad move, if any).
    pub(crate) plies: usize,
    /// Why the game could not be read, or where it stopped.
    pub(crate) error: Option<String>,
    /// The engine's score of the start position.
    pub(crate) start_score: Option<JsonScore>,
    pub(crate) summary: Option<GameSummary>,
    pub(crate) end: Option<EndJson>,
    pub(crate) moves: Vec<MoveJson>,
}

/// The line of an annotated game: `result` is the one written in the output.
pub(crate) fn game_record(
    game: &Game,
    evals: &[PositionEval],
    result: &str,
    summary: &GameSummary,
    games_in_file: usize,
) -> GameJson {
    let positions = game.positions();
    let moves = game
        .moves
        .iter()
        .enumerate()
        .map(|(i, &m)| {
            let before = &positions[i];
            let j = review::judge(&evals[i], &evals[i + 1], m, before.side_to_move());
            let best = evals[i].best.filter(|&b| before.is_legal(b));
            MoveJson {
                ply: i + 1,
                number: count_events::ply_label(&game.start, i + 1),
                san: before.san(m),
                uci: m.to_string(),
                score: score_text::json(evals[i + 1].score_white),
                depth: evals[i + 1].depth,
                best_move: best.map(|b| b.to_string()),
                best_move_san: best.map(|b| before.san(b)),
                loss_cp: j.loss_cp,
                judgement: j.verdict.name(),
                draw_offer: game.draw_offers[i],
            }
        })
        .collect();
    let tag = |name: &str| game.tag(name).map(str::to_string);
    GameJson {
        kind: "game",
        game: game.number,
        games_in_file,
        white: tag("White"),
        black: tag("Black"),
        event: tag("Event"),
        result: Some(result.to_string()),
        result_in_file: Some(game.result.clone()),
        start_fen: Some(game.start.to_fen()),
        plies: game.moves.len(),
        error: game.error.as_ref().map(|e| e.to_string()),
        start_score: evals.first().map(|e| score_text::json(e.score_white)),
        summary: Some(summary.clone()),
        end: count_events::rules_result(&positions).map(|(ply, o)| EndJson {
            ply,
            result: o.result(),
            reason: o.reason(),
        }),
        moves,
    }
}

/// The line of a game that could not be read at all.
pub(crate) fn unreadable_record(number: usize, games_in_file: usize, error: &PgnError) -> GameJson {
    GameJson {
        kind: "game",
        game: number,
        games_in_file,
        white: None,
        black: None,
        event: None,
        result: None,
        result_in_file: None,
        start_fen: None,
        plies: 0,
        error: Some(error.to_string()),
        start_score: None,
        summary: None,
        end: None,
        moves: Vec::new(),
    }
}

/// A record as one line of JSON, newline included.
pub(crate) fn line(record: &GameJson) -> String {
    // why: the records hold only strings, numbers, options and lists, which
    // serde_json always writes; the fallback only keeps one object a line.
    let mut text = serde_json::to_string(record)
        .unwrap_or_else(|e| serde_json::json!({ "error": e.to_string() }).to_string());
    text.push('\n');
    text
}
