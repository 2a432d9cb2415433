//! The rules for JavaScript: one JSON request in, one JSON answer out, so a page can
//! ask what ffish.js answers (legal moves, SAN, the FEN after moves, check, the end
//! and its reason, the count) from the same rules the engine plays by. The wasm
//! export `khun_rules` passes the text through, with the endgame tables the page's
//! rules own (`khun_rules_new`: built in memory as `state` requests need them, and
//! kept between requests); `web/src/khun.js` wraps each request in a function
//! (`rules.state(...)`, documented in `web/README.md`).
//!
//! Requests (`op` names the question; `variant` defaults to makruk, `fen` to its start
//! position, `moves` to none):
//! - `{"op":"variants"}`: the seven games with their start positions and their facts
//!   (drops and hands, pieces, promotion squares and choices, players' counting, the
//!   count limits);
//! - `{"op":"state","variant","fen","moves","table","countStarted","notation"}`: the
//!   position after the moves; `countStarted` is pyffish's `count_started` (0, the
//!   default: the automatic count; -1: players' counting, no count running; N: a count
//!   running since game ply N), and the answer says whether the side to move may start
//!   or stop it; `notation` writes the moves' `sans` and each legal move's `san` in
//!   `"san"` (the default), `"lan"`, `"thaiSan"` or `"thaiLan"` (pyffish's notations);
//! - `{"op":"san","variant","fen","uci","notation"}` and `{"op":"uciFromSan",...,"san"}`;
//! - `{"op":"readPgn","text"}`: the games of a PGN text, replayed, with the players'
//!   count actions of a game counted as players count (`[Counting "players"]`), and
//!   each game as a tree (NAGs, comments, clocks, variations);
//! - `{"op":"writePgn","variant","fen","moves","tags","result","countActions","tree",
//!   "comments","notation"}`: a game as PGN text, the players' count actions as
//!   `{[%count start]}` / `{[%count stop]}` comments (see `crate::pgn::replay`), the
//!   tree `readPgn` answers with its NAGs, comments, clocks and variations, in SAN or
//!   Thai SAN;
//! - `{"op":"checkFen","variant","fen"}`: whether a FEN could arise in a game, and if
//!   not why (its count fields included), as a board editor asks;
//! - `{"op":"findPuzzles",...}` and `{"op":"checkPuzzle",...}`: the puzzle finder and
//!   checker (`crate::puzzles::requests`), a search on the caller's thread (one
//!   position or game at a time, a depth or node limit); under players' counting the
//!   count acts too (`count-start`, `count-stop`, `count-keep`).
//!
//! An answer is `{"ok": ...}` or `{"error": "why", "code": ..., "params": {...}}` (the
//! codes: `crate::rules_api::refusal`); nothing a request holds panics.
//!
//! This module only reads the JSON and writes it: the questions and answers are typed
//! in [`crate::rules_api`] (`questions.rs`, `answers.rs`), which the Python package
//! (`python/`) answers from too; the unit tests are in `tests.rs`.

#[cfg(test)]
mod page_tests;
#[cfg(test)]
mod tests;

use crate::rules_api::{Question, Refusal, ask};
use crate::tablebase::Tables;
use serde_json::{Value, json};

/// Answers one request (JSON text) with JSON text; a `state` request with `table`
/// reads (and builds) the tables of `tables`.
pub fn answer(request: &str, tables: &Tables) -> String {
    let reply = match serde_json::from_str::<Value>(request) {
        Ok(request) => answer_value(request, tables),
        Err(e) => Err(Refusal::new(
            "notJson",
            format!("the request is not JSON: {e}"),
        )),
    };
    match reply {
        Ok(ok) => json!({ "ok": ok }),
        Err(refusal) => json!(refusal),
    }
    .to_string()
}

fn answer_value(request: Value, tables: &Tables) -> Result<Value, Refusal> {
    let op = request
        .get("op")
        .and_then(Value::as_str)
        .ok_or_else(|| Refusal::new("noOp", "the request has no \"op\""))?
        .to_string();
    if crate::puzzles::requests::OPS.contains(&op.as_str()) {
        return crate::puzzles::requests::answer(request, tables)
            .map_err(|e| Refusal::new("badPuzzleRequest", e).with("op", op.as_str()));
    }
    if !Question::NAMES.contains(&op.as_str()) {
        let op = crate::platform::io::clip_to(&op, 40);
        return Err(Refusal::new(
            "unknownOp",
            format!("unknown op '{op}' (known: {})", Question::NAMES.join(", ")),
        )
        .with("op", op)
        .with("known", Question::NAMES.to_vec()));
    }
    let bad_field = |e: serde_json::Error| {
        Refusal::new("badField", format!("{op}: {e}"))
            .with("op", op.as_str())
            .with("detail", e.to_string())
    };
    let question: Question = serde_json::from_value(request).map_err(bad_field)?;
    // why: the rules name the count as pyffish does (`count_started`); JavaScript's
    // field is `countStarted`.
    let answer = ask(&question, Some(tables)).map_err(|mut e| {
        if let Some(rest) = e.message.strip_prefix("count_started ") {
            e.message = format!("countStarted {rest}");
        }
        e
    })?;
    serde_json::to_value(answer).map_err(bad_field)
}
