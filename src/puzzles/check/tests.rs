//! The checker's judgement of players' count acts (`count_act.rs`): positions whose
//! act the endgame tables decide (as `count_decision/tests.rs` finds them) and two the
//! finder shipped (`web/puzzles/players-count.jsonl`), decided by the search.

use crate::board::{Game, Position};
use crate::puzzles::requests::answer;
use crate::tablebase::{Tables, Verdict};
use serde_json::{Value, json};

/// K+R v K+M, Black (the met) to move at game ply 399; with `count_started` 280 Black's
/// own count stands at 120 of 128: the tables hold it, a count started again loses.
const ROOK_V_MET: &str = "8/8/8/8/3k4/2m5/8/R3K3 b - 128 0 200";

/// White counts since ply 79; Ra1 mates, a draw while White's own count runs.
const STOP_THEN_MATE: &str = "k6m/2K5/8/8/8/8/8/2R5 w - 128 20 40";

/// The checker's answer to `solution` at `fen` under `count_started`, with `extra`
/// fields (a `type`), at depth 8.
fn check(fen: &str, count_started: i64, solution: &[&str], extra: Value) -> Value {
    let mut request = json!({
        "op": "checkPuzzle", "fen": fen, "countStarted": count_started,
        "solution": solution, "depth": 8,
    });
    for (k, v) in extra.as_object().unwrap() {
        request[k] = v.clone();
    }
    answer(request, &Tables::new()).unwrap_or_else(|e| panic!("{fen}: {e}"))
}

/// The reasons of a report, joined.
fn reasons(report: &Value) -> String {
    report["reasons"].to_string()
}

/// The tables' verdict after `uci` at `fen` under `count_started`.
fn verdict_after(fen: &str, count_started: i64, uci: &str) -> Option<Verdict> {
    let game = Game::new(Position::from_fen(fen).unwrap(), &[], count_started).unwrap();
    let after = game
        .position()
        .after(game.position().parse_uci_move(uci).unwrap());
    let tables = Tables::new();
    tables.prepare_search(&after, true);
    tables.probe_with_count(&after)
}

#[test]
fn a_keep_by_the_tables_takes_any_move_that_keeps_the_draw() {
    // Kc5 and Mb2 both keep the tables' draw with the count as it runs.
    for first in ["d4c5", "c3b2"] {
        assert_eq!(verdict_after(ROOK_V_MET, 280, first), Some(Verdict::Draw));
        let keep = check(ROOK_V_MET, 280, &[first], json!({"type": "count-keep"}));
        assert_eq!(keep["valid"], true, "{keep}");
        assert_eq!(keep["type"], "count-keep");
        assert_eq!(keep["theme"], "keep counting");
        assert_eq!(keep["action"], "keep");
        assert_eq!(keep["puzzle"]["count_started"], 280);
        // No type: no act, the count left running: the same claim.
        let no_type = check(ROOK_V_MET, 280, &[first], json!({}));
        assert_eq!(no_type["valid"], true, "{no_type}");
        assert_eq!(no_type["action"], "keep");
    }
    // Elsewhere a move may give the draw away: here Mb4 hangs the met to Rxb4, and a
    // rook against the bare king mates within the piece's honour; Kd7 holds.
    let hanging = "2k5/8/8/m7/5R2/8/1K6/8 b - 128 0 200";
    assert_eq!(verdict_after(hanging, 280, "c8d7"), Some(Verdict::Draw));
    assert_ne!(verdict_after(hanging, 280, "a5b4"), Some(Verdict::Draw));
    let holds = check(hanging, 280, &["c8d7"], json!({"type": "count-keep"}));
    assert_eq!(holds["valid"], true, "{holds}");
    let hangs = check(hanging, 280, &["a5b4"], json!({"type": "count-keep"}));
    assert_eq!(hangs["valid"], false);
    assert!(
        reasons(&hangs).contains("the first move Mb4 after the act gives the draw away"),
        "{hangs}"
    );
}

#[test]
fn a_wrong_act_is_named_with_the_right_one_and_why() {
    // Stopping loses: a count started again gives White the full 64 moves.
    let stop = check(ROOK_V_MET, 280, &["d4c5"], json!({"type": "count-stop"}));
    assert_eq!(stop["valid"], false);
    assert_eq!(stop["type"], "count-keep", "{stop}");
    let why = reasons(&stop);
    assert!(
        why.contains("the right act is count-keep (keep counting), not count-stop"),
        "{why}"
    );
    assert!(
        why.contains("a count started again starts from 1 and gives White 64 moves"),
        "{why}"
    );
    // A start while Black's count runs is not even allowed.
    let start = check(ROOK_V_MET, 280, &["d4c5"], json!({"type": "count-start"}));
    assert!(
        reasons(&start).contains("the count cannot be started here: a count is already running"),
        "{start}"
    );
    // Ra1 mates, but not while White's own count runs: stop first.
    let kept = check(STOP_THEN_MATE, 79, &["c1a1"], json!({}));
    assert_eq!(kept["valid"], false);
    assert_eq!(kept["action"], "stop");
    let why = reasons(&kept);
    assert!(
        why.contains(
            "the right act is count-stop (stop the count), not leaving the count as it is"
        ),
        "{why}"
    );
    assert!(
        why.contains("Ra1# mates, but a mate given by the counting side"),
        "{why}"
    );
    // A claimed mate there is not the puzzle either.
    let mate = check(STOP_THEN_MATE, 79, &["c1a1"], json!({"type": "mate"}));
    assert!(
        reasons(&mate).contains("claimed type mate, but the position is a count-stop puzzle"),
        "{mate}"
    );
}

#[test]
fn a_stop_whose_move_mates_must_mate() {
    let stop = check(STOP_THEN_MATE, 79, &["c1a1"], json!({"type": "count-stop"}));
    assert_eq!(stop["valid"], true, "{stop}");
    assert_eq!(
        (&stop["type"], &stop["action"]),
        (&json!("count-stop"), &json!("stop"))
    );
    assert_eq!(stop["bestMove"], "c1a1");
    assert!(
        stop["puzzle"]["count"]
            .as_str()
            .unwrap()
            .ends_with("decided by the tables"),
        "{stop}"
    );
    // Rc2 keeps the rook and the win, but the stop is asked for the mate.
    let quiet = check(STOP_THEN_MATE, 79, &["c1c2"], json!({"type": "count-stop"}));
    assert_eq!(quiet["valid"], false);
    assert!(reasons(&quiet).contains("does not end in mate"), "{quiet}");
    // Moves past the mate, and a move that is not legal after the stop.
    let past = check(
        STOP_THEN_MATE,
        79,
        &["c1a1", "a8b8"],
        json!({"type": "count-stop"}),
    );
    assert!(
        reasons(&past).contains("after the act, move 2 (a8b8): the game is already over"),
        "{past}"
    );
    let illegal = check(STOP_THEN_MATE, 79, &["c1c8"], json!({"type": "count-stop"}));
    assert!(
        reasons(&illegal).contains("after the act, move 1 (c1c8) is not legal"),
        "{illegal}"
    );
}

#[test]
fn a_decision_of_the_search_takes_any_first_move_its_own_search_holds_with() {
    // Shipped keep (game 9 of chunk 0): three mets against a met, Black counting at 120
    // of 128; Mf7 holds, the count started again loses by a rook's worth.
    let fen = "8/8/5Mm1/3M1kM1/8/8/5K2/8 b - 128 120 144";
    let line = ["g6f7", "f2e3", "f7e6", "d5c4", "e6f7", "e3d4", "f7e6"];
    let keep = check(fen, 168, &line, json!({"type": "count-keep"}));
    assert_eq!(keep["valid"], true, "{keep}");
    assert!(
        keep["puzzle"]["count"]
            .as_str()
            .unwrap()
            .ends_with("decided by the search"),
        "{keep}"
    );
    // Shipped keep (game 8): a rook against rook, knight and met, White counting at
    // 118 of 128. Ra5 is the engine's; Ra1 holds as well by its own search; after Rc6
    // its own search loses by a rook's worth (-865 at depth 8).
    let fen = "3K4/7r/R7/4nk2/8/5m2/8/8 w - 128 118 145";
    let keep_with = |m: &str| check(fen, 171, &[m], json!({"type": "count-keep"}));
    let engine = keep_with("a6a5");
    assert_eq!(engine["valid"], true, "{engine}");
    assert_eq!(engine["bestMove"], "a6a5", "{engine}");
    let another = keep_with("a6a1");
    assert_eq!(another["valid"], true, "{another}");
    let loses = keep_with("a6c6");
    assert_eq!(loses["valid"], false, "{loses}");
    assert!(
        reasons(&loses).contains("the first move Rc6 after the act gives the hold away"),
        "{loses}"
    );
}

#[test]
fn a_stop_of_the_search_is_valid_and_no_act_is_told_why_not() {
    // Shipped stop (game 206's count at 128 of 128): kept, Black's move ends the game
    // in a draw; stopped, Black wins.
    let fen = "4K3/2M5/8/3k4/3M4/8/2r5/8 b - 128 128 167";
    let stop = check(fen, 206, &["c2c7", "d4e3"], json!({"type": "count-stop"}));
    assert_eq!(stop["valid"], true, "{stop}");
    let kept = check(fen, 206, &["c2c7", "d4e3"], json!({}));
    assert!(
        reasons(&kept).contains("count runs out before Black's next turn (a draw)"),
        "{kept}"
    );
}

#[test]
fn an_act_where_the_count_asks_none_is_no_puzzle() {
    // Counted 10 of 128: the rook side wins within the count; keeping it saves nothing.
    let keep = check(ROOK_V_MET, 390, &["d4c5"], json!({"type": "count-keep"}));
    assert_eq!(keep["valid"], false);
    assert!(
        reasons(&keep).contains("no count act is a puzzle here"),
        "{keep}"
    );
    // No count runs: nothing to stop, and Ra1# is a mate as any other.
    let stop = check(STOP_THEN_MATE, -1, &["c1a1"], json!({"type": "count-stop"}));
    let why = reasons(&stop);
    assert!(
        why.contains("the count cannot be stopped here: no count is running"),
        "{why}"
    );
    assert!(
        why.contains(
            "the position is a mate puzzle (mate in 1) instead, with no act on the count: Ra1#"
        ),
        "{why}"
    );
    assert_eq!(stop["type"], "mate");
    assert_eq!(stop.get("action"), None);
    // The same mate claimed with no act is a valid mate puzzle.
    let mate = check(STOP_THEN_MATE, -1, &["c1a1"], json!({}));
    assert_eq!(mate["valid"], true, "{mate}");
}

#[test]
fn a_count_act_under_the_automatic_count_is_refused() {
    let request = json!({
        "op": "checkPuzzle", "fen": ROOK_V_MET, "solution": ["d4c5"],
        "type": "count-keep", "depth": 8,
    });
    let refused = answer(request, &Tables::new()).unwrap_err();
    assert!(
        refused.contains(
            "type count-keep: a count act is a puzzle only under counting as players count"
        ),
        "{refused}"
    );
    assert!(
        refused.contains("automatic count (countStarted 0)"),
        "{refused}"
    );
}
