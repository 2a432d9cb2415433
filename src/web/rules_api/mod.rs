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
//! - `{"op":"variants"}`: the seven games with their start positions, and whether
//!   men are dropped from the hand (`drops`: sittuyin);
//! - `{"op":"state","variant","fen","moves","table","countStarted","notation"}`: the
//!   position after the moves; `countStarted` is pyffish's `count_started` (0, the
//!   default: the automatic count; -1: players' counting, no count running; N: a count
//!   running since game ply N), and the answer says whether the side to move may start
//!   or stop it; `notation` writes the moves' `sans` and each legal move's `san` in
//!   `"san"` (the default), `"lan"`, `"thaiSan"` or `"thaiLan"` (pyffish's notations);
//! - `{"op":"san","variant","fen","uci","notation"}` and `{"op":"uciFromSan",...,"san"}`;
//! - `{"op":"readPgn","text"}`: the games of a PGN text, replayed, with the players'
//!   count actions of a game counted as players count (`[Counting "players"]`);
//! - `{"op":"writePgn","variant","fen","moves","tags","result","countActions"}`: a game
//!   as PGN text, the players' count actions as `{[%count start]}` / `{[%count stop]}`
//!   comments (see `crate::pgn::replay`).
//!
//! An answer is `{"ok": ...}` or `{"error": "why"}`; nothing a request holds panics.
//!
//! This module only reads the JSON and writes it: the answers come from
//! [`crate::rules_api`], which the Python package (`python/`) answers from too. The
//! requests are read here; `reply.rs` writes the answers; the unit tests are in
//! `tests.rs`.

mod reply;
#[cfg(test)]
mod tests;

use crate::board::{CountAction, Notation, Position, Variant};
use crate::rules_api::{self, PgnToWrite, variant_named};
use crate::tablebase::Tables;
use reply::{pgn_game_json, state_json, variants};
use serde_json::{Value, json};

/// Answers one request (JSON text) with JSON text; a `state` request with `table`
/// reads (and builds) the tables of `tables`.
pub fn answer(request: &str, tables: &Tables) -> String {
    let reply = match serde_json::from_str::<Value>(request) {
        Ok(request) => answer_value(&request, tables),
        Err(e) => Err(format!("the request is not JSON: {e}")),
    };
    match reply {
        Ok(ok) => json!({ "ok": ok }),
        Err(error) => json!({ "error": error }),
    }
    .to_string()
}

fn answer_value(request: &Value, tables: &Tables) -> Result<Value, String> {
    let op = request
        .get("op")
        .and_then(Value::as_str)
        .ok_or("the request has no \"op\"")?;
    match op {
        "variants" => Ok(variants()),
        "state" => {
            let variant = variant_of(request)?;
            let start = start_of(request, variant)?;
            let moves = strings_of(request, "moves")?;
            let with_table = request.get("table").and_then(Value::as_bool) == Some(true);
            let count_started = count_started_of(request)?;
            let notation = notation_of(request)?;
            let state = rules_api::state_in(
                &start,
                &moves,
                count_started,
                with_table.then_some(tables),
                notation,
            )?;
            Ok(state_json(&state))
        }
        "san" => {
            let pos = start_of(request, variant_of(request)?)?;
            let text = string_of(request, "uci")?;
            let m = pos.parse_uci_move(text).map_err(|e| e.to_string())?;
            Ok(Value::String(pos.san_in(m, notation_of(request)?)))
        }
        "uciFromSan" => {
            let pos = start_of(request, variant_of(request)?)?;
            let text = string_of(request, "san")?;
            let m = pos.parse_san(text).map_err(|e| e.to_string())?;
            Ok(Value::String(m.to_string()))
        }
        "readPgn" => Ok(Value::Array(
            rules_api::read_pgn(string_of(request, "text")?)
                .iter()
                .map(|game| match game {
                    Ok(game) => pgn_game_json(game),
                    Err(e) => json!({ "error": e }),
                })
                .collect(),
        )),
        "writePgn" => {
            let start = start_of(request, variant_of(request)?)?;
            write_pgn(request, start).map(Value::String)
        }
        other => Err(format!(
            "unknown op '{}'",
            crate::platform::io::clip_to(other, 40)
        )),
    }
}

fn string_of<'a>(request: &'a Value, key: &str) -> Result<&'a str, String> {
    request
        .get(key)
        .and_then(Value::as_str)
        .ok_or_else(|| format!("\"{key}\" must be a string"))
}

fn strings_of<'a>(request: &'a Value, key: &str) -> Result<Vec<&'a str>, String> {
    match request.get(key) {
        None | Some(Value::Null) => Ok(Vec::new()),
        Some(Value::Array(items)) => items
            .iter()
            .map(|v| v.as_str().ok_or(format!("\"{key}\" must hold strings")))
            .collect(),
        Some(_) => Err(format!("\"{key}\" must be a list of strings")),
    }
}

/// `countStarted`: a whole number, 0 when absent.
fn count_started_of(request: &Value) -> Result<i64, String> {
    match request.get("countStarted") {
        None | Some(Value::Null) => Ok(0),
        Some(v) => v
            .as_i64()
            .ok_or_else(|| "\"countStarted\" must be a whole number".to_string()),
    }
}

/// `notation`: the notation moves are written in, standard SAN when absent. The names
/// are pyffish's `NOTATION_SAN`, `_LAN`, `_THAI_SAN` and `_THAI_LAN`, in the JSON's
/// camelCase.
fn notation_of(request: &Value) -> Result<Notation, String> {
    match request.get("notation") {
        None | Some(Value::Null) => Ok(Notation::San),
        Some(Value::String(name)) => match name.as_str() {
            "san" => Ok(Notation::San),
            "lan" => Ok(Notation::Lan),
            "thaiSan" => Ok(Notation::ThaiSan),
            "thaiLan" => Ok(Notation::ThaiLan),
            other => Err(format!(
                "unknown notation '{}' (known: san, lan, thaiSan, thaiLan)",
                crate::platform::io::clip_to(other, 40)
            )),
        },
        Some(_) => Err("\"notation\" must be a string".to_string()),
    }
}

fn variant_of(request: &Value) -> Result<Variant, String> {
    match request.get("variant").and_then(Value::as_str) {
        None => Ok(Variant::Makruk),
        Some(name) => variant_named(name),
    }
}

/// The position `fen` names (`startpos` or none: the game's start), strictly read.
fn start_of(request: &Value, variant: Variant) -> Result<Position, String> {
    rules_api::position_of(variant, request.get("fen").and_then(Value::as_str))
}

/// `countActions`: `[{"ply": N, "action": "start" | "stop"}]`, in the order played.
fn count_actions_of(request: &Value) -> Result<Vec<(usize, CountAction)>, String> {
    let items = match request.get("countActions") {
        None | Some(Value::Null) => return Ok(Vec::new()),
        Some(Value::Array(items)) => items,
        Some(_) => return Err("\"countActions\" must be a list".into()),
    };
    items
        .iter()
        .map(|item| {
            let ply = item.get("ply").and_then(Value::as_u64).ok_or(
                "each of \"countActions\" needs \"ply\": the number of moves played before it",
            )?;
            let action = match item.get("action").and_then(Value::as_str) {
                Some("start") => CountAction::Start,
                Some("stop") => CountAction::Stop,
                _ => {
                    return Err(
                        "each of \"countActions\" needs \"action\": \"start\" or \"stop\"".into(),
                    );
                }
            };
            Ok((ply as usize, action))
        })
        .collect()
}

/// A game as PGN text: the tags given (`[[name, value], ...]`, in order; `Variant`,
/// `SetUp`, `FEN` and `Result` added where missing), the moves in SAN, and under
/// players' counting (`"counting": "players"` or any `countActions`) the tag
/// `[Counting "players"]` and a comment for each count action, checked against the
/// rules as it is played (`rules_api::write_pgn`).
fn write_pgn(request: &Value, start: Position) -> Result<String, String> {
    let moves = strings_of(request, "moves")?;
    let count_actions = count_actions_of(request)?;
    let players_counting = match request.get("counting") {
        None | Some(Value::Null) => false,
        Some(Value::String(s)) if s == "players" => true,
        Some(Value::String(s)) if s == "automatic" => false,
        Some(_) => return Err("\"counting\" must be \"players\" or \"automatic\"".into()),
    };
    let result = match request.get("result").and_then(Value::as_str) {
        None => "*",
        Some(r) if ["1-0", "0-1", "1/2-1/2", "*"].contains(&r) => r,
        Some(_) => return Err("\"result\" must be 1-0, 0-1, 1/2-1/2 or *".into()),
    };
    let bad_tags = || {
        "\"tags\" must be [name, value] pairs of strings (names: letters, digits, _)".to_string()
    };
    let tags: Vec<(String, String)> = match request.get("tags") {
        None | Some(Value::Null) => Vec::new(),
        Some(Value::Array(pairs)) => pairs
            .iter()
            .map(|pair| match pair.as_array().map(Vec::as_slice) {
                Some([Value::String(name), Value::String(value)]) => {
                    Ok((name.clone(), value.clone()))
                }
                _ => Err(bad_tags()),
            })
            .collect::<Result<_, _>>()?,
        Some(_) => return Err("\"tags\" must be a list of [name, value] pairs".into()),
    };
    rules_api::write_pgn(&PgnToWrite {
        start,
        moves,
        tags,
        result,
        players_counting,
        count_actions,
    })
}
