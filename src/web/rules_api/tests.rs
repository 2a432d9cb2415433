//! The JSON requests answered natively: states, counts, notations, PGN both ways,
//! sittuyin, and the refusals.

use super::*;

fn ok(request: Value) -> Value {
    let reply: Value = serde_json::from_str(&answer(&request.to_string(), &Tables::new())).unwrap();
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
    assert!(error(r#"{"op":"state","fen":"8/8/6s1/7K/1k6/4r3/8/8 b - - 0 1"}"#).starts_with("FEN"));
    assert!(error(r#"{"op":"state","moves":["e2e4"]}"#).contains("move 1"));
    assert_eq!(
        error(r#"{"op":"state","moves":[3]}"#),
        "state: invalid type: integer `3`, expected a string"
    );
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
    assert_eq!(
        error(r#"{"op":"state","countStarted":1.5}"#),
        "state: the count's value must be a whole number, not 1.5"
    );
    let beyond = error(&json!({"op": "state", "fen": fen, "countStarted": 70}).to_string());
    assert!(
        beyond.starts_with("countStarted 70: beyond the next ply"),
        "named as JavaScript names it: {beyond}"
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
    let unknown = error(r#"{"op":"state","notation":"thai"}"#);
    assert!(
        unknown.contains("`thai`") && unknown.contains("`thaiSan`"),
        "{unknown}"
    );
    let not_a_name = error(r#"{"op":"state","notation":8}"#);
    assert!(
        not_a_name.starts_with("state: invalid type: integer `8`"),
        "{not_a_name}"
    );
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
        json!({"result": "1/2-1/2", "reason": "Only promotions left",
               "kind": "only_promotions", "winner": null, "matedBy": null})
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
            .contains("unknown variant `begin`, expected `start` or `stop`")
    );
    assert!(write(json!({"tags": [["Bad name", "x"]]})).contains("tags"));
    assert!(write(json!({"result": "2-0"})).contains("result"));
    assert!(
        error(r#"{"op":"writePgn","moves":["e3e4"],"countActions":[{"ply":1,"action":"start"}]}"#)
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
        &json!({"op": "state", "fen": fen, "moves": &moves[..130], "countStarted": 61}).to_string(),
    );
    assert!(refused.contains("move 130"), "{refused}");
}
