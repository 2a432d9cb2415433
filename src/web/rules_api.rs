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
//! - `{"op":"variants"}`: the six games with their start positions;
//! - `{"op":"state","variant","fen","moves","table"}`: the position after the moves;
//! - `{"op":"san","variant","fen","uci"}` and `{"op":"uciFromSan",...,"san"}`;
//! - `{"op":"readPgn","text"}`: the games of a PGN text, replayed.
//!
//! An answer is `{"ok": ...}` or `{"error": "why"}`; nothing a request holds panics.

use crate::board::count_events::rules_result;
use crate::board::count_state::CountKind;
use crate::board::counting::{self, describe as describe_count};
use crate::board::{Color, Move, Position, Variant};
use crate::search::wdl::material_of;
use crate::tablebase::Tables;
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
            state(&start, &moves, with_table.then_some(tables))
        }
        "san" => {
            let pos = start_of(request, variant_of(request)?)?;
            let text = string_of(request, "uci")?;
            let m = pos.parse_uci_move(text).map_err(|e| e.to_string())?;
            Ok(Value::String(pos.san(m)))
        }
        "uciFromSan" => {
            let pos = start_of(request, variant_of(request)?)?;
            let text = string_of(request, "san")?;
            let m = pos.parse_san(text).map_err(|e| e.to_string())?;
            Ok(Value::String(m.to_string()))
        }
        "readPgn" => Ok(read_pgn(string_of(request, "text")?)),
        other => Err(format!("unknown op '{}'", crate::io::clip_to(other, 40))),
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

fn variant_of(request: &Value) -> Result<Variant, String> {
    match request.get("variant").and_then(Value::as_str) {
        None => Ok(Variant::Makruk),
        Some(name) => Variant::from_name(name).ok_or_else(|| {
            format!(
                "unknown variant '{}' (known: {})",
                crate::io::clip_to(name, 40),
                Variant::names_joined(", ")
            )
        }),
    }
}

/// The position `fen` names (`startpos` or none: the game's start), strictly read.
fn start_of(request: &Value, variant: Variant) -> Result<Position, String> {
    match request.get("fen").and_then(Value::as_str).map(str::trim) {
        None | Some("") | Some("startpos") => Ok(Position::startpos_of(variant)),
        Some(fen) => Position::from_fen_in(variant, fen).map_err(|e| format!("FEN: {e}")),
    }
}

fn color_name(color: Color) -> &'static str {
    match color {
        Color::White => "white",
        Color::Black => "black",
    }
}

fn variants() -> Value {
    Value::Array(
        Variant::ALL
            .iter()
            .map(|&v| {
                json!({
                    "name": v.name(),
                    "startFen": Position::startpos_of(v).to_fen(),
                })
            })
            .collect(),
    )
}

fn move_json(pos: &Position, m: Move) -> Value {
    json!({
        "uci": m.to_string(),
        "san": pos.san(m),
        "from": m.from().to_string(),
        "to": m.to().to_string(),
        "promotion": m.promotion().is_some(),
    })
}

/// The position after `moves` from `start`: its FEN, the side to move, check, the
/// moves' SAN, the legal moves, the game's end and the count.
fn state(start: &Position, moves: &[&str], tables: Option<&Tables>) -> Result<Value, String> {
    let mut pos = start.clone();
    let mut sans = Vec::with_capacity(moves.len());
    for (i, text) in moves.iter().enumerate() {
        if pos.outcome().is_some() {
            return Err(format!("move {} ({text}): the game has ended", i + 1));
        }
        let m = pos
            .parse_uci_move(text)
            .map_err(|e| format!("move {} {e}", i + 1))?;
        sans.push(pos.san(m));
        pos.play(m);
    }
    let end = pos
        .outcome()
        .map(|outcome| json!({ "result": outcome.result(), "reason": outcome.reason() }));
    let legal: Vec<Value> = if end.is_some() {
        Vec::new()
    } else {
        pos.legal_moves()
            .iter()
            .map(|&m| move_json(&pos, m))
            .collect()
    };
    let table = if let Some(tables) = tables {
        tables.count_verdict(&pos).map(|(ending, verdict)| {
            json!({
                "ending": ending.name(),
                "winner": verdict.winner().map(color_name),
                "text": crate::tablebase::describe(ending, verdict),
            })
        })
    } else {
        None
    };
    Ok(json!({
        "fen": pos.to_fen(),
        "turn": color_name(pos.side_to_move()),
        "check": pos.in_check(),
        "sans": sans,
        "legal": legal,
        "end": end,
        "count": count_json(&pos),
        "countText": describe_count(&pos),
        "table": table,
    }))
}

/// The running count as players say it: who counts, under which honour, move
/// `number` of `of`, and the moves the side that must mate has left.
fn count_json(pos: &Position) -> Value {
    let count = pos.count();
    let Some(kind) = counting::kind(pos) else {
        return Value::Null;
    };
    let (honour, counting_side) = match kind {
        CountKind::PiecesHonour { bare } => ("piece", Some(bare)),
        // Board's honour: the side with less material counts (none when even).
        CountKind::BoardsHonour => ("board", weaker_side(pos)),
    };
    let mating = counting_side.map(|c| !c);
    json!({
        "honour": honour,
        "counting": counting_side.map(color_name),
        "mating": mating.map(color_name),
        "ply": count.ply(),
        "limit": count.limit(),
        "number": count.ply() / 2,
        "of": count.limit() / 2,
        "movesLeft": mating.and_then(|side| counting::moves_left_for(pos, side)),
        "exceeded": count.is_exceeded(),
        "text": describe_count(pos),
    })
}

/// The side whose material is less (pawn 1, met 2, khon and horse 3, rook 5, as the
/// win/draw/loss model counts it), `None` when both have the same.
fn weaker_side(pos: &Position) -> Option<Color> {
    let (white, black) = (
        material_of(pos, Color::White),
        material_of(pos, Color::Black),
    );
    match white.cmp(&black) {
        std::cmp::Ordering::Less => Some(Color::White),
        std::cmp::Ordering::Greater => Some(Color::Black),
        std::cmp::Ordering::Equal => None,
    }
}

/// Every game of a PGN text, replayed: tags, variant, start FEN, moves in UCI and
/// SAN, the written result, and where a game stopped early, why.
fn read_pgn(text: &str) -> Value {
    let games: Vec<Value> = crate::pgn::read_and_replay(text)
        .into_iter()
        .map(|game| match game {
            Ok(game) => {
                let positions = game.positions();
                let sans: Vec<String> = positions
                    .iter()
                    .zip(&game.moves)
                    .map(|(pos, &m)| pos.san(m))
                    .collect();
                // Where the rules end the game, if the PGN goes on past it (a count
                // run out that the site did not apply).
                let end = rules_result(&positions).map(|(ply, outcome)| {
                    json!({ "ply": ply, "result": outcome.result(), "reason": outcome.reason() })
                });
                let tags: serde_json::Map<String, Value> = game
                    .tags
                    .iter()
                    .map(|(k, v)| (k.clone(), Value::String(v.clone())))
                    .collect();
                json!({
                    "tags": tags,
                    "variant": game.start.variant().name(),
                    "fen": game.start.to_fen(),
                    "moves": game.moves.iter().map(Move::to_string).collect::<Vec<_>>(),
                    "sans": sans,
                    "result": game.result,
                    "end": end,
                    "error": game.error.map(|e| e.to_string()),
                })
            }
            Err(e) => json!({ "error": e.to_string() }),
        })
        .collect();
    Value::Array(games)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn ok(request: Value) -> Value {
        let reply: Value =
            serde_json::from_str(&answer(&request.to_string(), &Tables::new())).unwrap();
        reply
            .get("ok")
            .cloned()
            .unwrap_or_else(|| panic!("{request} answered {reply}"))
    }

    fn error(request: &str) -> String {
        let reply: Value = serde_json::from_str(&answer(request, &Tables::new())).unwrap();
        reply["error"].as_str().unwrap_or_default().to_string()
    }

    #[test]
    fn the_start_has_23_moves_and_no_count() {
        let s = ok(json!({"op": "state"}));
        assert_eq!(s["legal"].as_array().unwrap().len(), 23);
        assert_eq!(s["turn"], "white");
        assert_eq!(s["count"], Value::Null);
        assert_eq!(s["end"], Value::Null);
        assert!(s["countText"].as_str().unwrap().contains("pawns"));
    }

    #[test]
    fn moves_give_san_and_the_fen_after() {
        let s = ok(json!({"op": "state", "moves": ["e3e4", "d6d5", "e4d5"]}));
        assert_eq!(s["sans"], json!(["e4", "d5", "exd5"]));
        assert_eq!(
            s["fen"],
            "rnsmksnr/8/ppp1pppp/3P4/8/PPPP1PPP/8/RNSKMSNR b - - 0 2"
        );
    }

    #[test]
    fn a_bare_king_shows_the_pieces_honour() {
        let s = ok(json!({"op": "state", "fen": "8/8/8/4k3/8/8/7R/3K4 b - 32 6 1"}));
        let count = &s["count"];
        assert_eq!(count["honour"], "piece");
        assert_eq!(count["counting"], "black");
        assert_eq!(count["mating"], "white");
        assert_eq!(count["of"], 16);
        assert_eq!(count["movesLeft"], 13);
    }

    #[test]
    fn mate_ends_the_game_with_its_reason() {
        // K+R v K: Ra8 mates (the black king on h8, the white king on g6).
        let s = ok(
            json!({"op": "state", "fen": "7k/8/6K1/8/8/8/8/R7 w - 32 10 40",
                          "moves": ["a1a8"]}),
        );
        assert_eq!(s["end"]["result"], "1-0");
        assert_eq!(s["end"]["reason"], "White mates");
        assert_eq!(s["legal"].as_array().unwrap().len(), 0);
    }

    #[test]
    fn bad_requests_are_refused_with_a_reason() {
        assert!(error("not json").contains("not JSON"));
        assert!(error(r#"{"op":"fly"}"#).contains("unknown op"));
        assert!(error(r#"{"op":"state","variant":"chess"}"#).contains("unknown variant"));
        assert!(
            error(r#"{"op":"state","fen":"8/8/6s1/7K/1k6/4r3/8/8 b - - 0 1"}"#).starts_with("FEN")
        );
        assert!(error(r#"{"op":"state","moves":["e2e4"]}"#).contains("move 1"));
        assert!(error(r#"{"op":"state","moves":[3]}"#).contains("strings"));
    }

    #[test]
    fn san_both_ways_and_a_pgn() {
        assert_eq!(ok(json!({"op": "san", "uci": "b1d2"})), "Nd2");
        assert_eq!(ok(json!({"op": "uciFromSan", "san": "Nd2"})), "b1d2");
        let games = ok(json!({"op": "readPgn",
            "text": "[White \"A\"]\n[Black \"B\"]\n\n1. e4 d5 2. exd5 1-0\n"}));
        assert_eq!(games[0]["moves"], json!(["e3e4", "d6d5", "e4d5"]));
        assert_eq!(games[0]["tags"]["White"], "A");
        assert_eq!(games[0]["result"], "1-0");
        assert_eq!(games[0]["end"], Value::Null);
        // A game written on past the count's end: Rh2 is White's last allowed move
        // (ply 33 of 32 after it), so the rules end the game after ply 1.
        let games = ok(json!({"op": "readPgn",
            "text": "[FEN \"k7/8/1K6/8/8/8/8/7R w - 32 32 54\"]\n\n54. Rh2 Kb8 55. Rh8# 1-0\n"}));
        assert_eq!(games[0]["end"]["ply"], 1, "{}", games[0]);
        assert_eq!(games[0]["end"]["reason"], "Counting rule");
        assert_eq!(ok(json!({"op": "variants"})).as_array().unwrap().len(), 6);
    }
}
