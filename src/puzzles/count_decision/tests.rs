//! The count decisions on positions whose answers the endgame tables know, and the
//! search's on one they do not cover.

use super::*;
use crate::puzzles::requests::answer;
use crate::tablebase::Tables;
use serde_json::{Value, json};

/// K+R v K+M, Black (the met) to move at game ply 399, no pawn, the automatic count's
/// fields as pyffish writes them under players' counting. The rook side takes the met
/// or mates in 34 plies with best play (the tables), within a fresh 64-move count.
const ROOK_V_MET: &str = "8/8/8/8/3k4/2m5/8/R3K3 b - 128 0 200";

/// The puzzles `findPuzzles` finds at `fen` under `count_started`, at `depth`.
fn found(fen: &str, count_started: i64, depth: u32) -> Vec<Value> {
    let request = json!({
        "op": "findPuzzles", "positions": [fen], "countStarted": count_started, "depth": depth,
    });
    let answer = answer(request, &Tables::new()).unwrap_or_else(|e| panic!("{fen}: {e}"));
    answer["puzzles"].as_array().unwrap().clone()
}

/// The one count decision found at `fen`, or `None`.
fn decision(fen: &str, count_started: i64) -> Option<Value> {
    found(fen, count_started, 6)
        .into_iter()
        .find(|p| p["type"].as_str().unwrap().starts_with("count-"))
}

#[test]
fn the_counting_side_keeps_a_count_about_to_save_it() {
    // Black counts since ply 280: its move is counted 120 of 128. The tables: the rook
    // side cannot mate or take the met in the 8 plies left (a draw), but a count
    // started again from 1 leaves it 64 moves, and it wins in 34 plies.
    let keep = decision(ROOK_V_MET, 280).expect("a keep decision");
    assert_eq!(keep["type"], "count-keep");
    assert_eq!(keep["action"], "keep");
    assert_eq!(keep["theme"], "keep counting");
    assert_eq!(keep["counting"], "players");
    assert_eq!(keep["count_started"], 280);
    assert_eq!(keep["eval"], "0");
    assert!(
        keep["count"]
            .as_str()
            .unwrap()
            .ends_with("decided by the tables"),
        "{keep}"
    );
    // The line's move keeps the draw by the tables.
    let start = Game::new(Position::from_fen(ROOK_V_MET).unwrap(), &[], 280).unwrap();
    let first = keep["moves"][0].as_str().unwrap();
    let after = start
        .position()
        .after(start.position().parse_uci_move(first).unwrap());
    let tables = Tables::new();
    tables.prepare_search(&after, true);
    assert_eq!(tables.probe_with_count(&after), Some(Verdict::Draw));
}

#[test]
fn a_count_with_time_left_for_the_win_is_no_decision() {
    // Counted 10 of 128: the rook side wins within the count as it runs, so keeping
    // it saves nothing.
    assert_eq!(decision(ROOK_V_MET, 390), None);
    // The rook side, to move, cannot stop a count Black started.
    let white = "8/8/8/8/3k4/2m5/8/R3K3 w - 128 0 200";
    assert_eq!(decision(white, 390), None);
}

#[test]
fn no_start_where_the_win_fits_the_count() {
    // No count: Black may start one, but the rook side wins within 64 moves anyway
    // (the tables), so starting saves nothing.
    let pos = Game::new(Position::from_fen(ROOK_V_MET).unwrap(), &[], -1).unwrap();
    assert!(pos.position().may_start_count().is_ok());
    assert_eq!(decision(ROOK_V_MET, -1), None);
}

#[test]
fn the_counting_side_stops_before_it_mates() {
    // White counts (since ply 79): Ra1 mates, but a mate given while its own count
    // runs is a draw. Stop, then mate.
    let fen = "k6m/2K5/8/8/8/8/8/2R5 w - 128 20 40";
    let stop = decision(fen, 79).expect("a stop decision");
    assert_eq!(stop["type"], "count-stop");
    assert_eq!(stop["action"], "stop");
    assert_eq!(stop["moves"], json!(["c1a1"]));
    assert_eq!(stop["bm"], "Ra1#");
    // With no count running White has nothing to stop, and Ra1# is a mate puzzle as
    // any other.
    let no_count = found(fen, -1, 6);
    assert!(no_count.iter().all(|p| p["type"] != "count-stop"));
    assert!(no_count.iter().any(|p| p["type"] == "mate"), "{no_count:?}");
}

#[test]
fn no_stop_once_the_pieces_honour_replaced_the_count() {
    // Black started the board's honour, then bared White's king: the piece's honour
    // (K+R: 16 moves) is the count in force, White counts it, and Ra8 mates for real.
    let fen = "6K1/r7/6k1/8/8/8/8/8 b - 32 15 143";
    let game = Game::new(Position::from_fen(fen).unwrap(), &[], 224).unwrap();
    assert!(
        game.position().may_stop_count().is_ok(),
        "the players' count still runs"
    );
    assert_eq!(game.position().counting_side(), None);
    assert_eq!(decision(fen, 224), None);
}

#[test]
fn the_counting_side_stops_a_count_that_runs_out_before_its_win() {
    // White counts and now stands to win (the rook against the met), but its own
    // count has run to its limit: kept, the game is drawn with White's move.
    // Stopped, Black starts a fresh count and the tables still give White the win.
    let fen = "8/8/8/8/3k4/2m5/8/R3K3 w - 128 0 200";
    // White to move at ply 398; counted since ply 271, White's own start: the counter
    // stands at 128 of 128, so any move but a mate (a draw while counting) ends it.
    let start = Game::new(Position::from_fen(fen).unwrap(), &[], 271).unwrap();
    assert_eq!(
        start.position().counting_side(),
        Some(crate::board::Color::White)
    );
    assert!(count_ends_before_next_turn(start.position()));
    let stop = decision(fen, 271).expect("a stop decision");
    assert_eq!(stop["type"], "count-stop");
    assert_eq!(
        stop["eval"].as_str().map(|e| e.starts_with('-')),
        Some(false)
    );
    // With time left on its count, White may stop later: no decision now.
    assert_eq!(decision(fen, 380), None);
}

#[test]
fn a_game_counted_as_players_count_starts_with_the_side_behind() {
    // K+R v K+M with a pawn each: the count may start once both pawns are gone.
    // White takes Black's pawn, Black takes White's: now White, the rook up, is not
    // the one to start; after White's move Black (behind) starts.
    let start = Position::from_fen("4k3/8/3p4/4P3/8/8/2m5/R3K3 w - - 0 30").unwrap();
    let mut pos = start.clone();
    let mut moves = Vec::new();
    for uci in ["e5d6", "c2d3", "a1a2", "d3c4"] {
        let m = pos.parse_uci_move(uci).unwrap();
        pos.play(m);
        moves.push(m);
    }
    let games = players_positions(&start, &moves, None);
    assert_eq!(games.len(), 5);
    let started: Vec<i64> = games.iter().map(|g| g.count_started()).collect();
    // Ply 58 (White to move, start): pawns. After e5xd6 (promoting to a met) no pawn
    // but Black's... d6 is taken: no pawn is left after 1. exd6.
    assert_eq!(started[0], -1);
    assert!(started.iter().any(|&n| n > 0), "{started:?}");
    // Each start is Black's (the side behind): the count is Black's once it binds.
    let last = games.last().unwrap().position();
    assert_eq!(last.counting_side(), Some(crate::board::Color::Black));
    // A game's own actions are followed instead.
    let own = players_positions(&start, &moves, Some(&[(3, CountAction::Start)]));
    assert_eq!(own[3].count_started(), -1);
    assert_eq!(own[4].count_started(), start.game_ply() as i64 + 4);
}
