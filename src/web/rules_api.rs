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
//! This file only reads the JSON and writes it: the answers come from
//! [`crate::rules_api`], which the Python package (`python/`) answers from too.

use crate::board::{Color, CountAction, Move, Notation, Position, Variant};
use crate::rules_api::{
    self, CountReport, MoveReport, PgnGame, PgnToWrite, State, TableReport, variant_named,
};
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
            crate::protocol::io::clip_to(other, 40)
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
                crate::protocol::io::clip_to(other, 40)
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
                    "drops": v.has_drops(),
                })
            })
            .collect(),
    )
}

fn move_json(m: &MoveReport) -> Value {
    json!({
        "uci": m.uci,
        "san": m.san,
        "from": m.from,
        "to": m.to,
        "drop": m.drop.map(String::from),
        "promotion": m.promotion,
    })
}

/// The position after the moves: its FEN, the side to move, check, the moves' SAN,
/// the legal moves, the game's end and the count.
fn state_json(state: &State) -> Value {
    let pos = &state.position;
    let end = state
        .end
        .map(|outcome| json!({ "result": outcome.result(), "reason": outcome.reason() }));
    let legal: Vec<Value> = state
        .legal
        .iter()
        .map(|&m| move_json(&rules_api::move_report_in(pos, m, state.notation)))
        .collect();
    json!({
        "fen": pos.to_fen(),
        "turn": color_name(pos.side_to_move()),
        "check": pos.in_check(),
        "sans": state.sans,
        "legal": legal,
        "end": end,
        "count": state.count.as_ref().map_or(Value::Null, count_json),
        "countText": state.count_text,
        "countStarted": state.count_started,
        "mayStartCount": state.may_start_count,
        "mayStopCount": state.may_stop_count,
        "table": state.table.as_ref().map(table_json),
    })
}

fn table_json(table: &TableReport) -> Value {
    json!({
        "ending": table.ending,
        "winner": table.winner.map(color_name),
        "text": table.text,
    })
}

/// The running count as players say it: who counts, under which honour, move
/// `number` of `of` (the counting side's own moves: "3 of 16" after its third), and the
/// moves the side that must mate has left.
fn count_json(count: &CountReport) -> Value {
    json!({
        "honour": count.honour,
        "counting": color_name(count.counting),
        "mating": color_name(count.mating),
        "ply": count.ply,
        "limit": count.limit,
        "number": count.number,
        "of": count.of,
        "movesLeft": count.moves_left,
        "exceeded": count.exceeded,
        "text": count.text,
    })
}

/// A game of a PGN text, replayed: tags, variant, start FEN, moves in UCI and SAN,
/// the written result, where the rules end it, and where it stopped early, why.
fn pgn_game_json(game: &PgnGame) -> Value {
    let end = game.end.map(|(ply, outcome)| {
        json!({ "ply": ply, "result": outcome.result(), "reason": outcome.reason() })
    });
    let tags: serde_json::Map<String, Value> = game
        .tags
        .iter()
        .map(|(k, v)| (k.clone(), Value::String(v.clone())))
        .collect();
    let count_actions: Vec<Value> = game
        .count_actions
        .iter()
        .map(|&(ply, action)| json!({ "ply": ply, "action": action.word() }))
        .collect();
    json!({
        "tags": tags,
        "variant": game.variant.name(),
        "fen": game.fen,
        "moves": game.moves.iter().map(Move::to_string).collect::<Vec<_>>(),
        "sans": game.sans,
        "result": game.result,
        "end": end,
        "error": game.error,
        "counting": if game.players_counting { "players" } else { "automatic" },
        "countActions": count_actions,
        "countStarted": game.count_started,
    })
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
    fn players_counting_says_who_counts_and_who_may_start_or_stop() {
        // K+R+N v K+R, White to move at game ply 60; players' counting.
        let fen = "4k3/8/8/3r4/8/8/3N4/R3K3 w - 128 3 31";
        let s = ok(json!({"op": "state", "fen": fen, "countStarted": -1}));
        assert_eq!(s["count"], Value::Null);
        assert_eq!(s["countStarted"], -1);
        assert_eq!(s["mayStartCount"], true);
        assert_eq!(s["mayStopCount"], false);
        assert_eq!(s["fen"], "4k3/8/8/3r4/8/8/3N4/R3K3 w - 128 0 31");
        // Black starts at ply 61 (countStarted 62); after its third move, "3 of 64".
        let moves = ["a1a2", "d5d6", "a2a3", "d6d7", "a3a4", "d7d6"];
        let s = ok(json!({"op": "state", "fen": fen, "moves": moves, "countStarted": 62}));
        assert_eq!(s["count"]["counting"], "black");
        assert_eq!(s["count"]["number"], 3);
        assert_eq!(s["count"]["of"], 64);
        assert_eq!(s["mayStopCount"], false, "White to move does not count");
        let s = ok(json!({"op": "state", "fen": fen, "moves": &moves[..5], "countStarted": 62}));
        assert_eq!(s["count"]["number"], 2);
        assert_eq!(s["mayStopCount"], true);
        assert!(
            error(&json!({"op": "state", "fen": fen, "countStarted": 70}).to_string())
                .contains("beyond the next ply")
        );
        assert!(
            error(r#"{"op":"state","countStarted":-1,"variant":"asean"}"#)
                .contains("does not count by hand")
        );
    }

    #[test]
    fn moves_in_thai_notation_as_fairy_stockfish_writes_them() {
        // Without `notation` the answer is the standard SAN one, to the byte.
        let plain = json!({"op": "state", "moves": ["e3e4", "d6d5", "e4d5"]});
        let mut as_san = plain.clone();
        as_san["notation"] = json!("san");
        let tables = Tables::new();
        assert_eq!(
            answer(&plain.to_string(), &tables),
            answer(&as_san.to_string(), &tables)
        );
        // Fairy-Stockfish's test.py: e3e4 is จ๔, a pawn's capture names its file.
        let mut thai = plain.clone();
        thai["notation"] = json!("thaiSan");
        let s = ok(thai);
        assert_eq!(s["sans"], json!(["จ๔", "ง๕", "จxง๕"]));
        let s = ok(json!({"op": "state", "notation": "thaiSan"}));
        let san_of = |s: &Value, uci: &str| {
            s["legal"]
                .as_array()
                .unwrap()
                .iter()
                .find(|m| m["uci"] == uci)
                .unwrap()["san"]
                .clone()
        };
        assert_eq!(san_of(&s, "e3e4"), "จ๔");
        assert_eq!(san_of(&s, "b1d2"), "ม-ง๒");
        // A met and a promoted pawn (M~) are named apart, as in Fairy-Stockfish's test.
        let met = "4k3/8/4M3/4S3/8/2S5/8/4K3 w - - 0 1";
        let promoted = "4k3/8/4M~3/4S3/8/2S5/8/4K3 w - - 0 1";
        let s = ok(json!({"op": "state", "fen": met, "notation": "thaiSan"}));
        assert_eq!(san_of(&s, "e6d5"), "ม็-ง๕");
        let s = ok(json!({"op": "state", "fen": promoted, "notation": "thaiSan"}));
        assert_eq!(san_of(&s, "e6d5"), "ง-ง๕");
        // A pawn promoted among the moves is followed: its next move is the promoted
        // pawn's (ง), which a FEN of the position after it could not say.
        let s = ok(
            json!({"op": "state", "fen": "4k3/8/8/3P4/8/8/8/R3K3 w - - 0 1",
            "moves": ["d5d6m", "e8f7", "d6c7"], "notation": "thaiSan"}),
        );
        assert_eq!(s["sans"], json!(["ง๖=M", "ข-ฉ๗", "ง-ค๗"]));
        assert_eq!(
            ok(json!({"op": "san", "uci": "e3e4", "notation": "thaiLan"})),
            "บ จ๓-จ๔"
        );
        assert!(error(r#"{"op":"state","notation":"thai"}"#).contains("unknown notation"));
        assert!(error(r#"{"op":"state","notation":8}"#).contains("must be a string"));
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
        let variants = ok(json!({"op": "variants"}));
        let names: Vec<&str> = variants
            .as_array()
            .unwrap()
            .iter()
            .map(|v| v["name"].as_str().unwrap())
            .collect();
        assert_eq!(
            names,
            [
                "makruk",
                "cambodian",
                "karouk",
                "makpong",
                "asean",
                "ai-wok",
                "sittuyin"
            ]
        );
        assert_eq!(variants[6]["drops"], true);
        assert_eq!(variants[0]["drops"], false);
        // Sittuyin's start as pyffish's get_fen writes it: the hands in
        // Fairy-Stockfish's order of piece types.
        assert_eq!(
            variants[6]["startFen"],
            "8/8/4pppp/pppp4/4PPPP/PPPP4/8/8[KSSFRRNNkssfrrnn] w - - 0 1"
        );
    }

    /// Sittuyin, as pyffish 0.0.90 answers: 88 drops at the start, drops written
    /// `K@d2` with no from-square, the hands in the FEN, a promotion as a move of its
    /// own, and the draw of a king and a pawn that could only promote.
    #[test]
    fn sittuyin_s_drops_promotions_and_its_own_draw() {
        let s = ok(json!({"op": "state", "variant": "sittuyin"}));
        let legal = s["legal"].as_array().unwrap();
        assert_eq!(legal.len(), 88);
        let drop = legal.iter().find(|m| m["uci"] == "K@d2").unwrap();
        assert_eq!(
            drop,
            &json!({"uci": "K@d2", "san": "K@d2", "from": null, "to": "d2",
                    "drop": "K", "promotion": false})
        );
        let moves = ["K@d2", "R@d8", "N@g1", "S@a6"];
        let s = ok(json!({"op": "state", "variant": "sittuyin", "moves": moves}));
        assert_eq!(s["sans"], json!(moves));
        assert_eq!(
            s["fen"],
            "3r4/8/s3pppp/pppp4/4PPPP/PPPP4/3K4/6N1[SSFRRNksfrnn] w - - 0 3"
        );
        assert_eq!(
            ok(json!({"op": "san", "variant": "sittuyin", "uci": "K@d2", "notation": "thaiSan"})),
            "ข@ง๒"
        );
        assert_eq!(
            ok(json!({"op": "uciFromSan", "variant": "sittuyin", "san": "K@d2"})),
            "K@d2"
        );
        let fen = "4k3/8/8/3P4/8/8/8/R3K3 w - - 0 1";
        let s = ok(json!({"op": "state", "variant": "sittuyin", "fen": fen,
                          "moves": ["d5e6f"]}));
        assert_eq!(s["sans"], json!(["d5e6=F"]));
        assert_eq!(s["fen"], "4k3/8/4F3/8/8/8/8/R3K3[] b - 32 0 1");
        let s = ok(json!({"op": "state", "variant": "sittuyin", "fen": fen}));
        let in_place = s["legal"]
            .as_array()
            .unwrap()
            .iter()
            .find(|m| m["uci"] == "d5d5f")
            .unwrap()
            .clone();
        assert_eq!(
            in_place,
            json!({"uci": "d5d5f", "san": "d5=F", "from": "d5", "to": "d5",
                   "drop": null, "promotion": true})
        );
        let s = ok(json!({"op": "state", "variant": "sittuyin",
                          "fen": "6PK/1r6/2k5/4s2n/8/8/8/8[] w - - 0 1"}));
        assert_eq!(
            s["end"],
            json!({"result": "1/2-1/2", "reason": "Only promotions left"})
        );
    }

    #[test]
    fn a_players_game_written_and_read_back_with_its_count_actions() {
        let fen = "4k3/8/8/3r4/8/8/3N4/R3K3 w - - 0 31";
        let moves = ["a1a2", "d5d6", "a2a3", "d6d7", "a3a4", "d7d6"];
        let actions = json!([{"ply": 1, "action": "start"}, {"ply": 5, "action": "stop"}]);
        let text = ok(json!({"op": "writePgn", "fen": fen, "moves": moves,
            "tags": [["Event", "Test"], ["White", "A"]], "countActions": actions}));
        let text = text.as_str().unwrap();
        assert!(text.starts_with("[Event \"Test\"]\n[White \"A\"]\n[Result \"*\"]\n[Variant \"makruk\"]\n[Counting \"players\"]\n[SetUp \"1\"]\n"), "{text}");
        let flat = text.split_whitespace().collect::<Vec<_>>().join(" ");
        assert!(
            flat.contains(
                "31. Ra2 {[%count start]} 31... Rd6 32. Ra3 Rd7 33. Ra4 {[%count stop]} 33... Rd6 *"
            ),
            "{flat}"
        );
        let games = ok(json!({"op": "readPgn", "text": text}));
        assert_eq!(games[0]["counting"], "players");
        assert_eq!(games[0]["countActions"], actions);
        assert_eq!(games[0]["countStarted"], -1);
        assert_eq!(games[0]["moves"], json!(moves));
        // The count still running at the end: its start, as pyffish's count_started.
        let games = ok(json!({"op": "readPgn", "text": text.replace(" {[%count stop]}", "")}));
        assert_eq!(games[0]["countStarted"], 62);
        // The automatic count: no actions.
        let games = ok(json!({"op": "readPgn", "text": "1. e4 *"}));
        assert_eq!(games[0]["counting"], "automatic");
        assert_eq!(games[0]["countActions"], json!([]));
        assert_eq!(games[0]["countStarted"], 0);
        // The tag alone.
        let text = ok(json!({"op": "writePgn", "fen": fen, "moves": moves, "counting": "players"}));
        assert!(text.as_str().unwrap().contains("[Counting \"players\"]"));
        assert!(!text.as_str().unwrap().contains("%count"));
        // Actions the rules refuse, and bad requests.
        let write = |extra: Value| {
            let mut request = json!({"op": "writePgn", "fen": fen, "moves": moves});
            for (k, v) in extra.as_object().unwrap() {
                request[k] = v.clone();
            }
            error(&request.to_string())
        };
        assert!(
            write(json!({"countActions": [{"ply": 2, "action": "stop"}]}))
                .contains("no count is running")
        );
        assert!(
            write(json!({"countActions": [{"ply": 9, "action": "start"}]}))
                .contains("after the last move")
        );
        assert!(
            write(json!({"countActions": [{"ply": 1, "action": "begin"}]}))
                .contains("\"start\" or \"stop\"")
        );
        assert!(write(json!({"tags": [["Bad name", "x"]]})).contains("tags"));
        assert!(write(json!({"result": "2-0"})).contains("result"));
        assert!(
            error(
                r#"{"op":"writePgn","moves":["e3e4"],"countActions":[{"ply":1,"action":"start"}]}"#
            )
            .contains("pawn")
        );
    }

    #[test]
    fn a_players_game_goes_on_where_the_automatic_count_would_have_ended_it() {
        // K+R+N v K+R from move 31: rooks to and fro, 150 plies. The automatic count
        // (running from the start) ends the game after 128 plies; players' counting
        // with no count running, or with a count started at ply 40, does not.
        let fen = "4k3/8/8/3r4/8/8/3N4/R3K3 w - - 0 31";
        let cycle = ["a1a2", "d5d6", "a2a1", "d6d5"];
        let moves: Vec<&str> = (0..150).map(|i| cycle[i % 4]).collect();
        let refused = error(&json!({"op": "state", "fen": fen, "moves": moves}).to_string());
        assert!(refused.contains("the game has ended"), "{refused}");
        let s = ok(json!({"op": "state", "fen": fen, "moves": moves, "countStarted": -1}));
        assert_eq!(s["end"], Value::Null);
        let s = ok(json!({"op": "state", "fen": fen, "moves": moves, "countStarted": 101}));
        assert_eq!(s["count"]["ply"], 110);
        assert_eq!(s["end"], Value::Null);
        // A count started at the start runs out after 128 plies of its own.
        let s = ok(json!({"op": "state", "fen": fen, "moves": &moves[..129], "countStarted": 61}));
        assert_eq!(s["end"]["reason"], "Counting rule");
        let refused = error(
            &json!({"op": "state", "fen": fen, "moves": &moves[..130], "countStarted": 61})
                .to_string(),
        );
        assert!(refused.contains("move 130"), "{refused}");
    }
}
