//! What the page asks besides the moves: each game's facts, the count worded without
//! arithmetic, a FEN checked as an editor checks it, and every refusal with its code
//! and params.

use super::*;

fn ok(request: Value) -> Value {
    let reply: Value = serde_json::from_str(&answer(&request.to_string(), &Tables::new())).unwrap();
    reply
        .get("ok")
        .cloned()
        .unwrap_or_else(|| panic!("{request} answered {reply}"))
}

/// The refusal of `request`: `{error, code, params}`.
fn refusal(request: Value) -> Value {
    let reply: Value = serde_json::from_str(&answer(&request.to_string(), &Tables::new())).unwrap();
    assert!(reply.get("ok").is_none(), "{request} answered {reply}");
    assert!(reply["error"].is_string(), "{reply}");
    reply
}

fn variant<'a>(variants: &'a Value, name: &str) -> &'a Value {
    variants
        .as_array()
        .unwrap()
        .iter()
        .find(|v| v["name"] == name)
        .unwrap()
}

#[test]
fn each_game_says_where_its_pawns_promote_what_its_hands_hold_and_how_it_counts() {
    let variants = ok(json!({"op": "variants"}));
    let makruk = variant(&variants, "makruk");
    let rank = |r: char| -> Vec<String> { ('a'..='h').map(|f| format!("{f}{r}")).collect() };
    assert_eq!(makruk["promotionSquares"]["white"], json!(rank('6')));
    assert_eq!(makruk["promotionSquares"]["black"], json!(rank('3')));
    assert_eq!(makruk["promotionIsAMove"], false);
    assert_eq!(makruk["promotesTo"], json!(["M"]));
    assert_eq!(makruk["playersCounting"], true);
    assert_eq!(makruk["playersCountMoves"], 64);
    assert_eq!(makruk["hands"], Value::Null);
    assert_eq!(makruk["countLimits"], json!([16, 32, 44, 64, 88, 128]));
    assert_eq!(
        makruk["pieces"],
        json!([{"letter": "K", "role": "king"}, {"letter": "M", "role": "met"},
               {"letter": "S", "role": "khon"}, {"letter": "N", "role": "knight"},
               {"letter": "R", "role": "rook"}, {"letter": "P", "role": "pawn"}])
    );
    let asean = variant(&variants, "asean");
    assert_eq!(asean["promotionSquares"]["white"], json!(rank('8')));
    assert_eq!(asean["promotionSquares"]["black"], json!(rank('1')));
    assert_eq!(asean["promotesTo"], json!(["R", "N", "B", "Q"]));
    assert_eq!(asean["playersCounting"], false);
    assert_eq!(asean["playersCountMoves"], Value::Null);
    assert_eq!(asean["countLimits"], json!([32, 88, 128]));
    assert_eq!(asean["pieces"][2], json!({"letter": "B", "role": "khon"}));
    let cambodian = variant(&variants, "cambodian");
    assert_eq!(cambodian["playersCounting"], true);
    assert_eq!(cambodian["playersCountMoves"], 63);
    assert_eq!(cambodian["countLimits"], json!([14, 30, 42, 62, 86, 126]));
    assert_eq!(variant(&variants, "makpong")["playersCounting"], true);
    assert_eq!(variant(&variants, "karouk")["playersCounting"], false);
    let aiwok = variant(&variants, "ai-wok");
    assert_eq!(aiwok["promotesTo"], json!(["A"]));
    assert_eq!(aiwok["pieces"][1], json!({"letter": "A", "role": "aiwok"}));
    let sittuyin = variant(&variants, "sittuyin");
    assert_eq!(sittuyin["promotionIsAMove"], true);
    assert_eq!(sittuyin["promotesTo"], json!(["F"]));
    assert_eq!(
        sittuyin["promotionSquares"]["white"],
        json!(["d5", "e5", "c6", "f6", "b7", "g7", "a8", "h8"])
    );
    assert_eq!(
        sittuyin["promotionSquares"]["black"],
        json!(["a1", "h1", "b2", "g2", "c3", "f3", "d4", "e4"])
    );
    // The hands as the start FEN holds them (`[KSSFRRNNkssfrrnn]`).
    assert_eq!(
        sittuyin["hands"],
        json!({"white": ["K", "S", "S", "F", "R", "R", "N", "N"],
               "black": ["K", "S", "S", "F", "R", "R", "N", "N"]})
    );
}

/// The facts agree with what the rules do: every promotion among the legal moves of
/// positions with a pawn one step away lands on a promotion square, as one of the
/// letters given.
#[test]
fn the_promotion_facts_are_the_rules_own() {
    let variants = ok(json!({"op": "variants"}));
    for (name, fen, uci) in [
        ("makruk", "4k3/8/8/3P4/8/8/8/R3K3 w - - 0 1", "d5d6m"),
        ("asean", "7k/3P4/8/8/8/8/8/1R2K3 w - - 0 1", "d7d8r"),
        ("ai-wok", "4k2r/8/8/8/3p4/8/8/K7 b - - 0 1", "d4d3a"),
    ] {
        let facts = variant(&variants, name);
        let s = ok(json!({"op": "state", "variant": name, "fen": fen}));
        let promotions: Vec<&Value> = s["legal"]
            .as_array()
            .unwrap()
            .iter()
            .filter(|m| m["promotion"] == true)
            .collect();
        assert_eq!(
            promotions.len(),
            facts["promotesTo"].as_array().unwrap().len(),
            "{name}"
        );
        let side = s["turn"].as_str().unwrap();
        for m in promotions {
            let squares = facts["promotionSquares"][side].as_array().unwrap();
            assert!(squares.contains(&m["to"]), "{name} {m}");
            let letter = m["uci"].as_str().unwrap().chars().nth(4).unwrap();
            assert!(
                facts["promotesTo"]
                    .as_array()
                    .unwrap()
                    .contains(&json!(letter.to_ascii_uppercase().to_string())),
                "{name} {m}"
            );
        }
        assert!(
            s["legal"]
                .as_array()
                .unwrap()
                .iter()
                .any(|m| m["uci"] == uci),
            "{name}"
        );
    }
}

#[test]
fn the_piece_s_honour_counts_for_the_bare_king_whoever_is_to_move() {
    // An editor's position: White K d4 and R a1, Black K e8, limit 16, counter 12,
    // White to move. Black (bare) counts; White must mate within 3 moves: pyffish
    // 0.0.90 has the count run out after White's third move (get_fen: `16 17`,
    // is_optional_game_end True).
    let fen = "4k3/8/8/8/3K4/8/8/R7 w - 16 12 1";
    let count = ok(json!({"op": "state", "fen": fen}))["count"].clone();
    assert_eq!(count["honour"], "piece");
    assert_eq!(count["counting"], "black");
    assert_eq!(count["mating"], "white");
    assert_eq!(
        (count["number"].clone(), count["of"].clone()),
        (json!(6), json!(8))
    );
    assert_eq!(count["movesLeft"], 3);
    assert_eq!(count["exceeded"], false);
    assert_eq!(count["draw"], false);
    assert_eq!(count["byPlayers"], false);
    assert!(
        count["text"]
            .as_str()
            .unwrap()
            .starts_with("piece's honour: White must mate within 3 moves"),
        "{count}"
    );
    let moves = ["a1a2", "e8f8", "a2a3", "f8e8", "a3a4"];
    // (plies played, pyffish's count fields, moves left to White)
    for (plies, fields, left) in [(1, "16 13", 2), (2, "16 14", 2), (4, "16 16", 1)] {
        let s = ok(json!({"op": "state", "fen": fen, "moves": &moves[..plies]}));
        let fen_fields: Vec<&str> = s["fen"].as_str().unwrap().split(' ').collect();
        assert_eq!(fen_fields[3..5].join(" "), fields);
        assert_eq!(s["count"]["counting"], "black", "after {plies}");
        assert_eq!(s["count"]["movesLeft"], left, "after {plies}");
    }
    let s = ok(json!({"op": "state", "fen": fen, "moves": moves}));
    assert!(
        s["fen"].as_str().unwrap().contains(" 16 17 "),
        "{}",
        s["fen"]
    );
    assert_eq!(s["count"]["exceeded"], true);
    assert_eq!(s["count"]["draw"], true);
    assert_eq!(s["count"]["movesLeft"], 0);
    assert_eq!(s["end"]["kind"], "count_exceeded");
    // The counter on the bare side's turn, as a count that started in play has it.
    let count =
        ok(json!({"op": "state", "fen": "8/8/8/4k3/8/8/7R/3K4 b - 32 6 1"}))["count"].clone();
    assert_eq!(
        (count["counting"].clone(), count["movesLeft"].clone()),
        (json!("black"), json!(13))
    );
}

#[test]
fn a_players_count_says_who_started_it_before_it_binds() {
    // Cambodian chess, K+R+N+S v K+R+N+S: a count the players start binds once a side
    // is down to its king and two men (pyffish writes no count fields before).
    let fen = "4k3/4s3/5n2/3r4/8/8/3NS3/R3K3 w - - 0 31";
    let s = ok(json!({"op": "state", "variant": "cambodian", "fen": fen,
                      "moves": ["a1a2"], "countStarted": 62}));
    assert_eq!(s["count"], Value::Null);
    assert_eq!(
        s["playersCount"],
        json!({"counting": "black", "startedAt": 62, "of": 63, "binds": false})
    );
    // Makruk: it binds at once, and the count says so.
    let fen = "4k3/8/8/3r4/8/8/3N4/R3K3 w - 128 3 31";
    let s = ok(json!({"op": "state", "fen": fen, "moves": ["a1a2"], "countStarted": 62}));
    assert_eq!(
        s["playersCount"],
        json!({"counting": "black", "startedAt": 62, "of": 64, "binds": true})
    );
    assert_eq!(s["count"]["counting"], "black");
    assert_eq!(s["count"]["byPlayers"], true);
    assert_eq!(s["count"]["number"], 0);
    let s = ok(json!({"op": "state", "fen": fen, "countStarted": -1}));
    assert_eq!(s["playersCount"], Value::Null);
}

#[test]
fn check_fen_says_why_count_fields_cannot_be() {
    let check = |fen: &str| ok(json!({"op": "checkFen", "fen": fen}));
    let codes = |fen: &str| -> Vec<String> {
        check(fen)["problems"]
            .as_array()
            .unwrap()
            .iter()
            .map(|p| p["code"].as_str().unwrap().to_string())
            .collect()
    };
    assert_eq!(
        check("4k3/8/8/8/3K4/8/8/R7 w - 16 12 1"),
        json!({"valid": true, "problems": []})
    );
    assert_eq!(check("startpos")["valid"], false, "not a FEN");
    let limit = check("8/8/8/4k3/8/8/7R/3K4 b - 200 6 1");
    assert_eq!(limit["valid"], false);
    assert_eq!(
        limit["problems"][0]["params"],
        json!({"limit": 200, "limits": [16, 32, 44, 64, 88, 128]})
    );
    assert_eq!(codes("8/8/8/4k3/8/8/7R/3K4 b - 32 300 1"), ["countRunOut"]);
    assert_eq!(
        codes("8/8/8/4k3/8/8/7R/3K4 b - 32 2 1"),
        ["countBelowStart"]
    );
    assert_eq!(
        codes("4k3/8/8/8/3P4/8/8/R2K4 w - 128 2 1"),
        ["countWithPawns"]
    );
    // Cambodian chess counts its board's honour with pawns on the board.
    let s = ok(json!({"op": "checkFen", "variant": "cambodian",
                      "fen": "4k3/8/8/8/3P4/8/8/R2K4 w - 126 2 1"}));
    assert_eq!(s["valid"], true, "{s}");
    let unread = check("8/8/8/4k3/8/8/8/3K4 b - 32 x 1");
    assert_eq!(unread["problems"][0]["code"], "fenNumber");
    assert_eq!(
        unread["problems"][0]["params"],
        json!({"field": 5, "text": "x"})
    );
    // The rules still read such a FEN, as pyffish does.
    assert!(
        ok(json!({"op": "state", "fen": "8/8/8/4k3/8/8/7R/3K4 b - 200 6 1"}))["count"].is_object()
    );
}

#[test]
fn refusals_carry_a_code_and_the_values_they_name() {
    let fen_refusal = |fen: &str| refusal(json!({"op": "state", "fen": fen}));
    let r = fen_refusal("8/8/8/4k3/8/8/7R/8 b - - 0 1");
    assert_eq!(r["code"], "kingCount");
    assert_eq!(
        r["params"],
        json!({"side": "white", "found": 0, "expected": 1})
    );
    assert_eq!(
        r["error"],
        "FEN: FEN position is impossible: White has 0 kings, not 1"
    );
    for (fen, code, params) in [
        (
            "8/8/8/4k3/8/8/7R/3KX3 b - - 0 1",
            "fenPlacementChar",
            json!({"char": "X", "position": 20}),
        ),
        (
            "8/8/8/4k3/8/8/7R/3K5 b - - 0 1",
            "fenRankLength",
            json!({"rank": 1, "files": 9}),
        ),
        (
            "8/8/8/4k3/8/7R/3K4 b - - 0 1",
            "fenRankCount",
            json!({"ranks": 7}),
        ),
        (
            "8/8/8/4k3/8/8/7R/3K4 x - - 0 1",
            "fenSide",
            json!({"text": "x"}),
        ),
        (
            "8/8/8/4k3/8/8/7R/3K4 b KQ - 0 1",
            "fenCastling",
            json!({"text": "KQ"}),
        ),
        (
            "8/8/8/4k3/8/8/7R/3K4 b - - 0 1 9",
            "fenExtraFields",
            json!({"text": "9"}),
        ),
        (
            "8/8/8/4k3/8/8/7R/3K4[R] b - - 0 1",
            "fenHandNotInGame",
            json!({"text": "[R]"}),
        ),
        (
            "3P4/8/8/4k3/8/8/7R/3K4 b - - 0 1",
            "pawnOnPromotionRank",
            json!({"side": "white", "square": "d8"}),
        ),
        (
            "8/8/8/4k3/8/8/4R3/3K4 w - - 0 1",
            "sideNotToMoveInCheck",
            json!({"side": "black"}),
        ),
        ("", "fenEmpty", json!({})),
    ] {
        let r = if fen.is_empty() {
            ok(json!({"op": "checkFen", "fen": ""}))["problems"][0].clone()
        } else {
            fen_refusal(fen)
        };
        assert_eq!(r["code"], code, "{fen}: {r}");
        assert_eq!(r["params"], params, "{fen}: {r}");
    }
    let r = refusal(json!({"op": "state", "moves": ["e3e4", "e3e4"]}));
    assert_eq!(r["code"], "moveIllegal");
    assert_eq!(r["params"], json!({"move": "e3e4", "number": 2}));
    let r = refusal(json!({"op": "state", "moves": ["e3"]}));
    assert_eq!(r["code"], "moveMalformed");
    let r = refusal(json!({"op": "uciFromSan", "san": "Qd5"}));
    assert_eq!(
        (r["code"].clone(), r["params"]["move"].clone()),
        (json!("moveIllegal"), json!("Qd5"))
    );
    let r = refusal(
        json!({"op": "state", "fen": "7k/8/6K1/8/8/8/8/R7 w - 32 10 40",
                           "moves": ["a1a8", "h8g8"]}),
    );
    assert_eq!(r["code"], "gameEnded");
    assert_eq!(r["params"], json!({"move": "h8g8", "number": 2}));
    let r = refusal(json!({"op": "state", "variant": "chess"}));
    assert_eq!(r["code"], "unknownVariant");
    assert_eq!(r["params"]["name"], "chess");
    assert_eq!(r["params"]["known"][6], "sittuyin");
    let fen = "4k3/8/8/3r4/8/8/3N4/R3K3 w - 128 3 31";
    let r = refusal(json!({"op": "state", "fen": fen, "countStarted": 70}));
    assert_eq!(r["code"], "countStartedBeyond");
    assert_eq!(r["params"], json!({"value": 70, "ply": 60, "next": 61}));
    assert!(r["error"].as_str().unwrap().starts_with("countStarted 70"));
    let r = refusal(json!({"op": "state", "countStarted": -1, "variant": "asean"}));
    assert_eq!(r["code"], "countNotByHand");
    assert_eq!(r["params"], json!({"value": -1, "variant": "asean"}));
    let r = refusal(json!({"op": "state", "countStarted": -3}));
    assert_eq!(r["code"], "countStartedRange");
    let r = refusal(json!({"op": "writePgn", "fen": fen, "moves": ["a1a2"],
                           "countActions": [{"ply": 1, "action": "stop"}]}));
    assert_eq!(r["code"], "countNotRunning");
    assert_eq!(r["params"], json!({"action": "stop", "ply": 1}));
    let r = refusal(json!({"op": "writePgn", "fen": fen, "moves": ["a1a2"],
                           "countActions": [{"ply": 0, "action": "start"}, {"ply": 1, "action": "stop"}]}));
    assert_eq!(r["code"], "countNotCountingSide");
    assert_eq!(r["params"]["side"], "white");
    let r = refusal(json!({"op": "writePgn", "result": "2-0"}));
    assert_eq!(
        (r["code"].clone(), r["params"].clone()),
        (json!("badResult"), json!({"result": "2-0"}))
    );
    assert_eq!(refusal(json!({"op": "fly"}))["code"], "unknownOp");
    assert_eq!(
        refusal(json!({"op": "state", "moves": [3]}))["code"],
        "badField"
    );
    assert_eq!(refusal(json!({"nop": 1}))["code"], "noOp");
    let reply: Value = serde_json::from_str(&answer("not json", &Tables::new())).unwrap();
    assert_eq!(reply["code"], "notJson");
}

/// A PGN with everything a game record holds: comments before the game and at a
/// variation's start, NAGs glued and apart, clocks, a draw offer, nested variations
/// and one with an illegal move.
const ANNOTATED: &str = "[Event \"Annotated\"]\n[White \"A\"]\n[Black \"B\"]\n\n\
    {The game} 1. e4! {[%clk 0:03:00] a classic [%eval 0.2]} (1. c4 $5 {[%clk 0:02:59]} \
    c5 (1... f5 2. Nd2 Ke5) 2. Nd2) (1. f4 ?!) 1... d5 $2 (=) 2. exd5 {[%clk 0:02:58.5]} \
    ({strong} 2. Nd2 dxe4 3. Nxe4 Nd7 $14) Nd7 +- *\n";

fn tree_of(text: &str) -> Value {
    let games = ok(json!({"op": "readPgn", "text": text}));
    assert_eq!(games.as_array().unwrap().len(), 1, "{games}");
    games[0].clone()
}

#[test]
fn read_pgn_gives_the_game_as_a_tree() {
    let g = tree_of(ANNOTATED);
    // The fields that were there stay as they were.
    assert_eq!(g["moves"], json!(["e3e4", "d6d5", "e4d5", "b8d7"]));
    assert_eq!(g["sans"], json!(["e4", "d5", "exd5", "Nd7"]));
    assert_eq!(g["error"], Value::Null);
    assert_eq!(g["errorCode"], Value::Null);
    assert_eq!(g["comments"], json!(["The game"]));
    let tree = g["tree"].as_array().unwrap();
    assert_eq!(tree.len(), 4);
    let e4 = &tree[0];
    assert_eq!(e4["uci"], "e3e4");
    assert_eq!(e4["san"], "e4");
    assert_eq!(e4["nags"], json!([1]));
    assert_eq!(e4["after"], json!(["a classic [%eval 0.2]"]));
    assert_eq!(e4["clockMs"], 180_000);
    assert_eq!(e4["before"], json!([]));
    // Two variations replace 1. e4: c4 (with a variation of its own) and f4.
    let variations = e4["variations"].as_array().unwrap();
    assert_eq!(variations.len(), 2);
    let c4 = &variations[0];
    let c4_line: Vec<&str> = c4
        .as_array()
        .unwrap()
        .iter()
        .map(|m| m["san"].as_str().unwrap())
        .collect();
    assert_eq!(c4_line, ["c4", "c5", "Nd2"]);
    assert_eq!(c4[0]["nags"], json!([5]));
    assert_eq!(c4[0]["clockMs"], 179_000);
    assert_eq!(c4[0]["after"], json!([]));
    // 1... f5 2. Nd2 replaces 1... c5; its Ke5 is not legal: cut there, with a note.
    let f5 = &c4[1]["variations"][0];
    assert_eq!(f5.as_array().unwrap().len(), 2);
    assert_eq!(f5[1]["uci"], "b1d2");
    assert_eq!(variations[1][0]["san"], "f4");
    assert_eq!(variations[1][0]["nags"], json!([6]));
    let d5 = &tree[1];
    assert_eq!(d5["nags"], json!([2]));
    assert_eq!(d5["drawOffer"], true);
    let exd5 = &tree[2];
    assert_eq!(exd5["clockMs"], 178_500);
    let nc3 = &exd5["variations"][0];
    assert_eq!(nc3[0]["before"], json!(["strong"]));
    assert_eq!(nc3[3]["nags"], json!([14]));
    assert_eq!(tree[3]["nags"], json!([18]));
    let notes = g["notes"].as_array().unwrap();
    assert_eq!(notes.len(), 1, "{notes:?}");
    assert_eq!(notes[0]["code"], "pgnVariationCut");
    assert_eq!(
        notes[0]["params"],
        json!({"game": 1, "line": 5, "moveNumber": "2...", "move": "Ke5",
               "reason": "moveIllegal", "kept": 2})
    );
    assert_eq!(
        notes[0]["error"],
        "game 1 (A - B), line 5: a variation cut after 2 moves: move 2... 'Ke5' is not a legal move here"
    );
}

/// Writes the game `g` (a `readPgn` answer) back with `writePgn`, its tree included.
fn write_back(g: &Value, notation: &str) -> String {
    let tags: Vec<Value> = g["tags"]
        .as_object()
        .unwrap()
        .iter()
        .map(|(k, v)| json!([k, v]))
        .collect();
    let request = json!({"op": "writePgn", "variant": g["variant"], "fen": g["fen"],
        "tags": tags, "result": g["result"], "counting": g["counting"],
        "countActions": g["countActions"], "tree": g["tree"], "comments": g["comments"],
        "notation": notation});
    ok(request).as_str().unwrap().to_string()
}

#[test]
fn write_pgn_writes_the_tree_that_read_pgn_reads_back() {
    let first = tree_of(ANNOTATED);
    let text = write_back(&first, "san");
    assert!(
        text.contains("1. e4 $1 {[%clk 0:03:00] a classic [%eval 0.2]} (1. c4 $5"),
        "{text}"
    );
    assert!(text.contains("d5 $2 (=)"), "{text}");
    assert!(text.contains("({strong} 2. Nd2"), "{text}");
    let again = tree_of(&text);
    for field in ["moves", "sans", "comments", "tree", "result"] {
        assert_eq!(again[field], first[field], "{field} after writing:\n{text}");
    }
    // The tags as given, and the two the writer adds where missing.
    let mut tags = first["tags"].clone();
    tags["Result"] = json!("*");
    tags["Variant"] = json!("makruk");
    assert_eq!(again["tags"], tags);
    // The illegal move was left out in writing: no note the second time.
    assert_eq!(again["notes"], json!([]));
    // And once more: the movetext is stable (the tags come back in JSON's order).
    let movetext = |t: &str| t.split_once("\n\n").unwrap().1.to_string();
    assert_eq!(movetext(&write_back(&again, "san")), movetext(&text));
    // In Thai notation, move numbers in Thai digits: read back alike.
    let thai = write_back(&first, "thaiSan");
    assert!(thai.contains("๑. จ๔ $1"), "{thai}");
    let from_thai = tree_of(&thai);
    for field in ["moves", "comments", "tree"] {
        assert_eq!(from_thai[field], first[field], "{field} from Thai:\n{thai}");
    }
}

#[test]
fn a_players_game_s_tree_keeps_its_count_actions_apart() {
    let fen = "4k3/8/8/3r4/8/8/3N4/R3K3 w - - 0 31";
    let text = format!(
        "[FEN \"{fen}\"]\n[Counting \"players\"]\n\n31. Ra2 {{[%count start] [%clk 0:01:00] ok}} \
         (31. Ra3 {{[%count start]}}) Rd6 32. Ra3 {{[%count stop]}} *"
    );
    let g = tree_of(&text);
    assert_eq!(g["error"], Value::Null, "{g}");
    assert_eq!(
        g["countActions"],
        json!([{"ply": 1, "action": "start"}, {"ply": 3, "action": "stop"}])
    );
    assert_eq!(g["tree"][0]["after"], json!(["ok"]));
    assert_eq!(g["tree"][0]["clockMs"], 60_000);
    assert_eq!(g["tree"][2]["after"], json!([]));
    // In a variation the command is analysis: kept as written.
    assert_eq!(
        g["tree"][0]["variations"][0][0]["after"],
        json!(["[%count start]"])
    );
    let again = tree_of(&write_back(&g, "san"));
    for field in ["moves", "tree", "countActions", "countStarted"] {
        assert_eq!(again[field], g[field], "{field}");
    }
}

#[test]
fn write_pgn_refuses_a_tree_it_cannot_play() {
    let r = refusal(json!({"op": "writePgn", "tree": [{"uci": "e3e4"}, {"uci": "e3e4"}]}));
    assert_eq!(r["code"], "moveIllegal");
    assert_eq!(
        r["params"],
        json!({"move": "e3e4", "number": 2, "path": [1]})
    );
    let r = refusal(json!({"op": "writePgn", "tree": [{"uci": "e3e4",
        "variations": [[{"san": "c4"}, {"san": "Ke5"}]]}]}));
    assert_eq!(r["code"], "moveIllegal");
    assert_eq!(r["params"], json!({"move": "Ke5", "path": [0, 0, 1]}));
    assert_eq!(
        r["error"],
        "the variation's move at 0.0.1 'Ke5' is not a legal move here"
    );
    let r = refusal(json!({"op": "writePgn", "tree": [{"nags": [1]}]}));
    assert_eq!(r["code"], "treeMoveMissing");
    let r = refusal(json!({"op": "writePgn", "moves": ["c3c4"], "tree": [{"uci": "e3e4"}]}));
    assert_eq!(r["code"], "treeMovesDiffer");
    let r = refusal(json!({"op": "writePgn", "moves": ["e3e4"], "notation": "lan"}));
    assert_eq!(r["code"], "badNotation");
    // The same moves as `moves` and as the tree's main line: one game.
    let both = ok(json!({"op": "writePgn", "moves": ["e3e4"], "tree": [{"san": "e4"}]}));
    assert_eq!(both, ok(json!({"op": "writePgn", "moves": ["e3e4"]})));
}

/// Thai notation as the rules write it (`thaiSan`) is read back, with Thai digits in
/// the move numbers: every legal move of pyffish's notation data reads back to itself
/// (engine-tests/rules.rs); here, a game.
#[test]
fn a_pgn_in_thai_notation_is_read() {
    let text = "[Event \"ไทย\"]\n\n๑. จ๔ ง๕ ๒. จxง๕ ม-ง๗ ๓. ม-ง๒ *\n";
    let g = tree_of(text);
    assert_eq!(g["error"], Value::Null, "{g}");
    assert_eq!(g["moves"], json!(["e3e4", "d6d5", "e4d5", "b8d7", "b1d2"]));
    assert_eq!(ok(json!({"op": "uciFromSan", "san": "ม-ง๒"})), "b1d2");
    // A Thai move that is not legal says so, by its number.
    let g = tree_of("๑. จ๔ จ๔ *");
    assert_eq!(g["moves"], json!(["e3e4"]));
    assert_eq!(g["errorCode"], "pgnMove");
    assert_eq!(
        g["errorParams"],
        json!({"game": 1, "line": 1, "moveNumber": "1...", "move": "จ๔", "reason": "moveIllegal"})
    );
}

#[test]
fn a_pgn_s_refusals_carry_their_codes() {
    let text = [
        "[Event \"1\"]\n[Variant \"chess\"]\n1. e4 *\n",
        "[Event \"2\"]\n[FEN \"8/8/8/8\"]\n1. e4 *\n",
        "[Event \"3\"]\n1. e4 Xf5 *\n",
        "[Event \"4\"]\n1. e4 (1. d4 *\n",
        "[Event \"5\"]\n1. e4 ) *\n",
        "[Event \"6\"]\n1. e4 d5\n",
        "[Event \"7\"]\n1. e4 {open",
    ]
    .join("\n");
    let games = ok(json!({"op": "readPgn", "text": text}));
    // A game that could not be read is a refusal; one that stopped early carries it.
    let codes: Vec<(&str, &Value)> = games
        .as_array()
        .unwrap()
        .iter()
        .map(|g| match g.get("errorCode") {
            Some(code) => (code.as_str().unwrap(), &g["errorParams"]),
            None => (g["code"].as_str().unwrap(), &g["params"]),
        })
        .collect();
    assert_eq!(codes.len(), 7, "{games}");
    assert_eq!(
        codes[0],
        (
            "pgnUnknownVariant",
            &json!({"game": 1, "line": 1, "variant": "chess"})
        )
    );
    assert_eq!(codes[1].0, "pgnFen");
    assert_eq!(codes[1].1["reason"], "fenRankCount");
    assert_eq!(codes[1].1["ranks"], 4);
    assert_eq!(
        codes[2],
        (
            "pgnMove",
            &json!({"game": 3, "line": 10, "moveNumber": "1...", "move": "Xf5",
                            "reason": "unknownPieceLetter", "letter": "X"})
        )
    );
    assert_eq!(codes[3].0, "pgnVariationNotClosed");
    assert_eq!(codes[4].0, "pgnVariationNotOpened");
    assert_eq!(codes[5].0, "pgnNoResult");
    assert_eq!(
        codes[6],
        ("pgnCommentNotClosed", &json!({"game": 7, "line": 22}))
    );
    // The messages are the reader's, as before.
    assert_eq!(
        games[2]["error"],
        "game 3, line 10: move 1... 'Xf5': unknown piece letter 'X' (makruk uses K R N S M P, or B for khon and Q for met)"
    );
}
