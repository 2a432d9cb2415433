//! Hardening: the engine survives anything a GUI, a match runner or a person throws at
//! it. These tests drive the real binary over stdin/stdout:
//!
//! - every UCI command and `go` parameter, in and out of order (a `go` before any
//!   `position`, `position` and `setoption` during a search, two `go` in a row, `stop`
//!   and `ponderhit` with nothing to stop, `quit` and end of input during a search);
//! - replays of what cutechess and Fairy-Stockfish frontends send;
//! - `go nodes` repeatability, and `ucinewgame` really forgetting;
//! - bad input of every kind (each answered by `info string error: ...`, the last good
//!   state kept), and a seeded fuzz run of more than 10 000 generated lines;
//! - option changes without restarts, tiny clocks and positions at the edges (mate,
//!   stalemate, one legal move, a count that has just run out).
//!
//! A last test plays random games through the library and checks every incrementally
//! kept field against a from-scratch computation after each move.
//!
//! No test asserts a time: every wait is bounded by `common::PATIENCE` only so that a
//! hang fails the test instead of blocking it.

mod common;

use common::{EngineProcess, PATIENCE, bestmove_of, placement_field};
use khun::board::{Position, START_FEN};
use khun::rng::Rng;
use std::time::Duration;

// ---------------------------------------------------------------------------------
// Helpers
// ---------------------------------------------------------------------------------

/// The position after `moves` from `fen` (the start position for `None`).
fn position_after(fen: Option<&str>, moves: &[&str]) -> Position {
    let mut pos = match fen {
        Some(f) => Position::from_fen(f).unwrap_or_else(|e| panic!("{f}: {e}")),
        None => Position::startpos(),
    };
    for m in moves {
        let mv = pos
            .parse_uci_move(m)
            .unwrap_or_else(|e| panic!("{m} in {}: {e}", pos.to_fen()));
        pos.play(mv);
    }
    pos
}

/// Checks a `bestmove` line against the rules: a legal move, or `(none)` exactly when
/// there is no legal move. A `ponder` move, if any, must be legal after it.
fn assert_bestmove_legal(pos: &Position, line: &str) {
    assert!(line.starts_with("bestmove "), "not a bestmove line: {line}");
    let best = bestmove_of(line);
    if best == "(none)" {
        assert!(
            pos.legal_moves().is_empty(),
            "bestmove (none) with legal moves in {}",
            pos.to_fen()
        );
        return;
    }
    let mv = pos
        .parse_uci_move(best)
        .unwrap_or_else(|e| panic!("illegal bestmove '{line}' in {}: {e}", pos.to_fen()));
    let tokens: Vec<&str> = line.split_whitespace().collect();
    if let Some(i) = tokens.iter().position(|&t| t == "ponder") {
        let after = pos.after(mv);
        let ponder = tokens.get(i + 1).expect("a ponder move");
        assert!(
            after.parse_uci_move(ponder).is_ok(),
            "illegal ponder move in '{line}' after {}",
            after.to_fen()
        );
    }
}

fn is_bestmove(line: &str) -> bool {
    line.starts_with("bestmove")
}

fn errors(lines: &[String]) -> Vec<&String> {
    lines
        .iter()
        .filter(|l| l.starts_with("info string error: "))
        .collect()
}

/// A search's output without the fields that vary from run to run (time, speed).
fn without_timing(lines: &[String]) -> Vec<String> {
    lines
        .iter()
        .map(|l| {
            let mut out = Vec::new();
            let mut it = l.split_whitespace();
            while let Some(t) = it.next() {
                if t == "time" || t == "nps" {
                    it.next();
                } else {
                    out.push(t);
                }
            }
            out.join(" ")
        })
        .collect()
}

/// Reads until `n` `bestmove` lines have arrived; returns them.
fn read_bestmoves(e: &mut EngineProcess, n: usize) -> Vec<String> {
    let mut found = Vec::new();
    while found.len() < n {
        let line = e.until_bestmove().pop().expect("a bestmove");
        found.push(line);
    }
    found
}

// Positions used across the tests.
const MIDGAME_MOVES: [&str; 6] = ["e3e4", "d6d5", "e4d5", "e6d5", "g1e2", "b8d7"];
/// Checkmated: Black to move, no legal move.
const MATED: &str = "k6R/8/1K6/8/8/8/8/8 b - - 0 1";
/// Stalemate: Black to move, no legal move, not in check.
const STALEMATE: &str = "k7/2M5/1K6/8/8/8/8/8 b - - 0 1";
/// Black has exactly one legal move (Ka8-b8).
const ONE_MOVE: &str = "k7/8/1K6/8/8/8/8/7R b - - 0 1";
/// The count has run out (ply 33 of 32): drawn, but moves are still legal.
const COUNT_OVER: &str = "k7/8/1K6/8/8/8/8/6R1 w - 32 33 54";
/// The last ply of the count: White may still mate (Rh8#).
const COUNT_LAST: &str = "k7/8/1K6/8/8/8/8/7R w - 32 32 54";
/// Fairy-Stockfish's form with promoted mets marked `M~` and a running count.
const PROMOTED: &str = "8/4m3/5k2/4m~s2/1RM~5/2M3m~1/4K3/8 w - 128 1 61";

// ---------------------------------------------------------------------------------
// Commands in and out of order
// ---------------------------------------------------------------------------------

#[test]
fn go_before_any_position_searches_the_start_position() {
    let mut e = EngineProcess::start(&[]);
    e.send("go depth 3");
    let lines = e.until_bestmove();
    assert!(errors(&lines).is_empty(), "{lines:?}");
    assert_bestmove_legal(&Position::startpos(), lines.last().unwrap());
    // Even before `uci`/`isready`: a GUI that skips the handshake still gets answers.
    assert_eq!(e.fen(), START_FEN);
}

#[test]
fn position_during_a_search_applies_to_the_next_search() {
    let mut e = EngineProcess::start(&[]);
    e.send("position startpos moves e3e4");
    e.send("go infinite");
    e.send("position startpos moves c3c4 f6f5");
    assert!(errors(&e.sync()).is_empty());
    e.send("stop");
    // The running search answers for the position it was given.
    let lines = e.until_bestmove();
    assert_bestmove_legal(&position_after(None, &["e3e4"]), lines.last().unwrap());
    e.send("go depth 3");
    let lines = e.until_bestmove();
    assert_bestmove_legal(
        &position_after(None, &["c3c4", "f6f5"]),
        lines.last().unwrap(),
    );
}

#[test]
fn setoption_during_a_search_takes_effect_afterwards() {
    let mut e = EngineProcess::start(&[]);
    e.send("position startpos");
    e.send("go infinite");
    for line in [
        "setoption name MultiPV value 3",
        "setoption name Threads value 2",
        "setoption name Hash value 8",
        "setoption name Move Overhead value 10",
        "setoption name Ponder value true",
        "setoption name Clear Hash",
    ] {
        e.send(line);
    }
    let lines = e.sync();
    assert!(errors(&lines).is_empty(), "{lines:?}");
    assert!(
        !lines.iter().any(|l| is_bestmove(l)),
        "an option change ended the search: {lines:?}"
    );
    e.send("stop");
    assert_bestmove_legal(&Position::startpos(), e.until_bestmove().last().unwrap());
    e.send("go depth 4");
    let lines = e.until_bestmove();
    assert_bestmove_legal(&Position::startpos(), lines.last().unwrap());
    let depth4 = lines
        .iter()
        .filter(|l| l.starts_with("info depth 4 ") && l.contains(" pv "))
        .count();
    assert_eq!(depth4, 3, "MultiPV 3 set during a search: {lines:?}");
}

#[test]
fn every_go_gets_exactly_one_bestmove() {
    let mut e = EngineProcess::start(&[]);
    e.send("position startpos");
    // A second `go` stops the first, which answers, then starts.
    e.send("go infinite");
    e.send("go depth 3");
    let answers = read_bestmoves(&mut e, 2);
    for a in &answers {
        assert_bestmove_legal(&Position::startpos(), a);
    }
    // A burst of searches that could each run for a long time.
    for _ in 0..10 {
        e.send("go movetime 100000");
    }
    e.send("go depth 60");
    e.send("go wtime 100000000 btime 100000000");
    e.send("stop");
    let answers = read_bestmoves(&mut e, 12);
    for a in &answers {
        assert_bestmove_legal(&Position::startpos(), a);
    }
    // Nothing more comes: no search is left running, no answer is doubled.
    e.send("stop");
    let rest = e.sync();
    assert!(!rest.iter().any(|l| is_bestmove(l)), "{rest:?}");
    let rest = e.drain(Duration::from_millis(200));
    assert!(!rest.iter().any(|l| is_bestmove(l)), "{rest:?}");
}

#[test]
fn stop_and_ponderhit_without_a_search_print_nothing() {
    let mut e = EngineProcess::start(&[]);
    e.send("stop");
    e.send("ponderhit");
    assert!(e.sync().is_empty());
    // After a search has answered, stop and ponderhit are no-ops too.
    e.send("go depth 2");
    e.until_bestmove();
    e.send("stop");
    e.send("ponderhit");
    e.send("stop");
    let lines = e.sync();
    assert!(lines.is_empty(), "{lines:?}");
}

#[test]
fn ponderhit_and_stop_end_a_ponder_search_once() {
    let mut e = EngineProcess::start(&[]);
    e.send("setoption name Ponder value true");
    e.send("position startpos moves e3e4");
    e.send("go ponder wtime 500 btime 500 winc 0 binc 0");
    e.send("ponderhit");
    e.send("ponderhit");
    let lines = e.until_bestmove();
    assert_bestmove_legal(&position_after(None, &["e3e4"]), lines.last().unwrap());
    // Pondering in a position without moves waits for the opponent too, then answers.
    e.send(&format!("position fen {MATED}"));
    e.send("go ponder wtime 500 btime 500");
    let early = e.sync();
    assert!(!early.iter().any(|l| is_bestmove(l)), "{early:?}");
    e.send("stop");
    assert_eq!(e.until_bestmove().last().unwrap(), "bestmove (none)");
    let rest = e.sync();
    assert!(!rest.iter().any(|l| is_bestmove(l)), "{rest:?}");
}

#[test]
fn isready_during_a_search_is_answered_while_it_runs() {
    let mut e = EngineProcess::start(&[]);
    e.send("setoption name Threads value 2");
    e.send("position startpos");
    e.send("go infinite");
    for _ in 0..5 {
        // An infinite search cannot answer before `stop`: readyok came first.
        let lines = e.sync();
        assert!(!lines.iter().any(|l| is_bestmove(l)), "{lines:?}");
    }
    e.send("stop");
    assert_bestmove_legal(&Position::startpos(), e.until_bestmove().last().unwrap());
}

#[test]
fn quit_during_go_infinite_exits_cleanly() {
    for threads in [1, 4] {
        let mut e = EngineProcess::start(&[]);
        e.send(&format!("setoption name Threads value {threads}"));
        e.send("position startpos");
        e.send("go infinite");
        e.sync();
        e.send("quit");
        assert_eq!(e.wait_exit(PATIENCE), Some(true), "threads {threads}");
    }
}

#[test]
fn end_of_input_during_any_search_exits_cleanly() {
    for go in [
        "go infinite",
        "go depth 60",
        "go ponder",
        "go movetime 100000",
    ] {
        let mut e = EngineProcess::start(&[]);
        e.send("position startpos moves e3e4");
        e.send(go);
        e.sync();
        e.close_input();
        // The search is stopped and still answers before the engine exits.
        let lines = e.until_bestmove();
        assert_bestmove_legal(&position_after(None, &["e3e4"]), lines.last().unwrap());
        assert_eq!(e.wait_exit(PATIENCE), Some(true), "{go}");
    }
}

#[test]
fn every_go_parameter_answers_with_a_legal_move() {
    let mut e = EngineProcess::start(&[]);
    let pos = position_after(None, &MIDGAME_MOVES);
    e.send(&format!(
        "position startpos moves {}",
        MIDGAME_MOVES.join(" ")
    ));
    for go in [
        "go",
        "go depth 4",
        "go nodes 3000",
        "go movetime 30",
        "go mate 2 movetime 50",
        "go wtime 2000 btime 2000",
        "go wtime 2000 btime 2000 winc 20 binc 20",
        "go wtime 300 btime 300 movestogo 1",
        "go btime 1000 wtime 1000 binc 0 winc 0 movestogo 40",
        "go searchmoves c3c4 h3h4 depth 4",
        "go depth 3 searchmoves a3a4",
        "go nodes 2000 depth 30 movetime 100000",
        "go infinite",
        "go ponder wtime 1000 btime 1000",
    ] {
        e.send(go);
        if go == "go" || go.contains("infinite") || go.contains("ponder") {
            let early = e.sync();
            assert!(!early.iter().any(|l| is_bestmove(l)), "{go}: {early:?}");
            e.send("stop");
        }
        let lines = e.until_bestmove();
        assert!(errors(&lines).is_empty(), "{go}: {lines:?}");
        let last = lines.last().unwrap();
        assert_bestmove_legal(&pos, last);
        if let Some(rest) = go.split("searchmoves ").nth(1) {
            let allowed: Vec<&str> = rest
                .split_whitespace()
                .take_while(|t| t.len() == 4)
                .collect();
            assert!(allowed.contains(&bestmove_of(last)), "{go}: {last}");
        }
    }
    e.send("go perft 3");
    let lines = e.read_until(|l| l.starts_with("Nodes searched"), PATIENCE);
    let expected: u64 = khun::board::perft::perft(&pos, 3);
    assert_eq!(
        lines.last().unwrap(),
        &format!("Nodes searched: {expected}")
    );
}

#[test]
fn every_other_command_answers() {
    let mut e = EngineProcess::start(&[]);
    e.send("uci");
    e.expect_prefix("uciok");
    e.send("debug on");
    e.send("debug off");
    e.send("ucinewgame");
    assert!(errors(&e.sync()).is_empty());
    e.send("eval");
    assert!(!e.sync().is_empty(), "eval prints its terms");
    e.send("bench 1");
    e.expect_prefix("Nodes searched");
    assert_eq!(e.fen(), START_FEN);
    e.send("quit");
    assert_eq!(e.wait_exit(PATIENCE), Some(true));
}

// ---------------------------------------------------------------------------------
// Replays of real GUI sessions
// ---------------------------------------------------------------------------------

/// What cutechess sends for `-variant makruk`: the handshake, then for every move the
/// start FEN in its own `w - 0 0 1` form with all moves so far, and both clocks.
#[test]
fn cutechess_game_replay() {
    let mut e = EngineProcess::start(&[]);
    e.send("uci");
    e.expect_prefix("uciok");
    e.send("setoption name UCI_Variant value makruk");
    e.send("setoption name Hash value 16");
    e.send("setoption name Threads value 1");
    e.send("isready");
    e.expect_prefix("readyok");
    e.send("ucinewgame");
    let start = "rnsmksnr/8/pppppppp/8/8/PPPPPPPP/8/RNSKMSNR w - 0 0 1";
    let mut moves: Vec<String> = Vec::new();
    let (mut wtime, mut btime) = (1000i64, 1000i64);
    for _ in 0..40 {
        let pos = {
            let texts: Vec<&str> = moves.iter().map(String::as_str).collect();
            position_after(Some(start), &texts)
        };
        if pos.outcome().is_some() {
            break;
        }
        if moves.is_empty() {
            e.send(&format!("position fen {start}"));
        } else {
            e.send(&format!("position fen {start} moves {}", moves.join(" ")));
        }
        e.send(&format!("go wtime {wtime} btime {btime} winc 10 binc 10"));
        let lines = e.until_bestmove();
        assert!(errors(&lines).is_empty(), "{lines:?}");
        let last = lines.last().unwrap();
        assert_bestmove_legal(&pos, last);
        moves.push(bestmove_of(last).to_string());
        // The clocks are only for the engine's planning here; keep them positive.
        if moves.len() % 2 == 1 {
            wtime = (wtime - 20).max(50);
        } else {
            btime = (btime - 20).max(50);
        }
    }
    // A counted endgame as cutechess writes it (limit and ply in fields 4 and 5), with
    // moves after it, and a short count-less form.
    for (fen, moves) in [
        ("8/8/8/4k3/8/8/7R/3K4 b - 32 6 40", vec!["e5d4", "h2h4"]),
        ("4k3/8/3M4/8/8/8/r7/RN2K3 w - 128 80 50", vec!["a1a2"]),
        ("rnsmksnr/8/pppppppp/8/8/PPPPPPPP/8/RNSKMSNR w 0 1", vec![]),
    ] {
        if moves.is_empty() {
            e.send(&format!("position fen {fen}"));
        } else {
            e.send(&format!("position fen {fen} moves {}", moves.join(" ")));
        }
        e.send("go wtime 500 btime 500 winc 10 binc 10");
        let lines = e.until_bestmove();
        assert!(errors(&lines).is_empty(), "{fen}: {lines:?}");
        assert_bestmove_legal(&position_after(Some(fen), &moves), lines.last().unwrap());
    }
    e.send("quit");
    assert_eq!(e.wait_exit(PATIENCE), Some(true));
}

/// What a Fairy-Stockfish frontend sends: `UCI_Variant` right after `uci`, positions
/// as FENs with `M~`, fixed-time and analysis searches.
#[test]
fn fairy_stockfish_frontend_replay() {
    let mut e = EngineProcess::start(&[]);
    e.send("uci");
    e.expect_prefix("uciok");
    e.send("setoption name UCI_Variant value makruk");
    e.send("setoption name MultiPV value 2");
    e.send("isready");
    let lines = e.read_until(|l| l == "readyok", PATIENCE);
    assert!(errors(&lines).is_empty(), "{lines:?}");
    e.send("ucinewgame");
    e.send(&format!("position fen {PROMOTED}"));
    e.send("go movetime 100");
    let lines = e.until_bestmove();
    assert!(errors(&lines).is_empty(), "{lines:?}");
    assert_bestmove_legal(&position_after(Some(PROMOTED), &[]), lines.last().unwrap());
    // Analysis: infinite, a new position while it runs, stop, the next position.
    let after = ["b4b7"];
    e.send(&format!(
        "position fen {PROMOTED} moves {}",
        after.join(" ")
    ));
    e.send("go infinite");
    e.sync();
    e.send("stop");
    let lines = e.until_bestmove();
    assert_bestmove_legal(
        &position_after(Some(PROMOTED), &after),
        lines.last().unwrap(),
    );
    e.send("position fen rnsmksnr/8/pppppppp/8/8/PPPPPPPP/8/RNSKMSNR w - - 0 1 moves e3e4");
    e.send("go depth 5");
    let lines = e.until_bestmove();
    assert_bestmove_legal(&position_after(None, &["e3e4"]), lines.last().unwrap());
}

// ---------------------------------------------------------------------------------
// Determinism and ucinewgame
// ---------------------------------------------------------------------------------

/// The positions (FEN or start, moves) the determinism tests search.
fn repeatable_positions() -> Vec<(Option<&'static str>, Vec<&'static str>)> {
    vec![
        (None, vec![]),
        (None, MIDGAME_MOVES.to_vec()),
        (Some("8/8/8/4k3/8/8/7R/3K4 b - 32 6 1"), vec![]),
        (Some(PROMOTED), vec![]),
        (Some("4k3/8/3M4/8/8/8/r7/RN2K3 w - 128 80 1"), vec![]),
    ]
}

fn position_command(fen: Option<&str>, moves: &[&str]) -> String {
    let mut s = match fen {
        Some(f) => format!("position fen {f}"),
        None => "position startpos".to_string(),
    };
    if !moves.is_empty() {
        s.push_str(" moves ");
        s.push_str(&moves.join(" "));
    }
    s
}

fn search_nodes(
    e: &mut EngineProcess,
    fen: Option<&str>,
    moves: &[&str],
    nodes: u64,
) -> Vec<String> {
    e.send("ucinewgame");
    e.send(&position_command(fen, moves));
    e.send(&format!("go nodes {nodes}"));
    let lines = e.until_bestmove();
    assert_bestmove_legal(&position_after(fen, moves), lines.last().unwrap());
    without_timing(&lines)
}

/// After `ucinewgame`, `go nodes N` with one thread prints the same thing every time.
#[test]
fn go_nodes_is_repeatable_in_many_positions() {
    let mut e = EngineProcess::start(&[]);
    e.send("setoption name Threads value 1");
    for (fen, moves) in repeatable_positions() {
        for nodes in [1, 500, 15_000] {
            let first = search_nodes(&mut e, fen, &moves, nodes);
            let second = search_nodes(&mut e, fen, &moves, nodes);
            assert_eq!(first, second, "{fen:?} {moves:?} nodes {nodes}");
        }
    }
}

/// `ucinewgame` forgets the table and the histories: a search after a lot of other
/// work and `ucinewgame` is the same as in a fresh engine.
#[test]
fn ucinewgame_forgets_everything_learnt() {
    let mut fresh = EngineProcess::start(&[]);
    let mut used = EngineProcess::start(&[]);
    used.send("position startpos moves e3e4 d6d5");
    used.send("go depth 9");
    used.until_bestmove();
    used.send(&format!("position fen {PROMOTED}"));
    used.send("go nodes 50000");
    used.until_bestmove();
    for (fen, moves) in repeatable_positions() {
        let a = search_nodes(&mut fresh, fen, &moves, 8000);
        let b = search_nodes(&mut used, fen, &moves, 8000);
        assert_eq!(a, b, "{fen:?} {moves:?}");
        // Dirty the used engine again before the next position.
        used.send("go depth 6");
        used.until_bestmove();
    }
}

// ---------------------------------------------------------------------------------
// Bad input
// ---------------------------------------------------------------------------------

/// Every malformed line is answered by an error that names the problem, and the game
/// the engine holds is left as it was.
#[test]
fn bad_input_is_reported_and_the_state_kept() {
    let mut e = EngineProcess::start(&[]);
    e.send("position startpos moves e3e4 d6d5");
    let good = e.fen();
    let cases: Vec<(Vec<u8>, &str)> = vec![
        (b"xyzzy".to_vec(), "unknown command 'xyzzy'"),
        (b"isreadyy".to_vec(), "unknown command"),
        (b"positio".to_vec(), "unknown command"),
        (b"position".to_vec(), "expected 'startpos' or 'fen'"),
        (b"position fen".to_vec(), "missing FEN"),
        (b"position startpos e3e4".to_vec(), "unexpected 'e3e4'"),
        (b"position sartpos".to_vec(), "expected 'startpos' or 'fen'"),
        (
            b"position fen rnsmksnr/8/pppppppp/8/8/PPPPPPPP/8 w - - 0 1".to_vec(),
            "7 ranks, not 8",
        ),
        (
            b"position fen rnsmksnr/8/pppppppp/8/8/8/PPPPPPPP/8/RNSKMSNR w - - 0 1".to_vec(),
            "9 ranks, not 8",
        ),
        (
            b"position fen rnsmksnr/8/pppppppp/8/8/PPPPPPPP/8/RNSKMSNRR w - - 0 1".to_vec(),
            "rank 1 covers 9 files",
        ),
        (
            b"position fen rnsmksnr/8/pppppppp/8/8/PPPPPPPP/8/RNSKQSNR w - - 0 1".to_vec(),
            "unexpected character 'Q'",
        ),
        (
            b"position fen rnsmksnr/8/pppppppp/8/8/PPPPPPPP/8/RNSKKSNR w - - 0 1".to_vec(),
            "White has 2 kings",
        ),
        (
            b"position fen 4k3/8/8/8/8/8/8/4K2r b - - 0 1".to_vec(),
            "the side not to move (White) is in check",
        ),
        (
            b"position fen 4k3/8/8/8/8/8/8/4K3 x - - 0 1".to_vec(),
            "side to move",
        ),
        (
            b"position fen 4k3/8/8/8/8/8/8/4K3 w - 99 x 1".to_vec(),
            "field 5",
        ),
        (
            b"position startpos moves e3e4 e3e4".to_vec(),
            "move 2 'e3e4' is not a legal move here",
        ),
        (
            b"position startpos moves e3e4 d6d5 zz".to_vec(),
            "move 3 'zz' is not a move",
        ),
        (
            b"position startpos moves e3e5".to_vec(),
            "is not a legal move",
        ),
        (b"position startpos moves i9i9".to_vec(), "is not a move"),
        (b"setoption".to_vec(), "expected 'name'"),
        (b"setoption name".to_vec(), "missing option name"),
        (b"setoption name Hash".to_vec(), "missing value"),
        (
            b"setoption name Hash value".to_vec(),
            "is not a whole number",
        ),
        (
            b"setoption name Hash value lots".to_vec(),
            "is not a whole number",
        ),
        (
            b"setoption name Ponder value maybe".to_vec(),
            "true or false",
        ),
        (
            b"setoption name UCI_Variant value chess".to_vec(),
            "is not a variant Khun plays",
        ),
        (
            b"setoption name NoSuchOption value 1".to_vec(),
            "unknown option",
        ),
        (b"bench x".to_vec(), "not a depth"),
        (b"\xff\xfe\xfd".to_vec(), "unknown command"),
        (b"go\xff depth 2".to_vec(), "unknown command"),
        (b"\0\0xyzzy\0".to_vec(), "unknown command 'xyzzy'"),
        (b"position fen \xc3\x28 w - - 0 1".to_vec(), "placement"),
    ];
    for (bytes, needle) in &cases {
        let mut line = bytes.clone();
        line.push(b'\n');
        e.send_bytes(&line);
        let lines = e.sync();
        let errs = errors(&lines);
        let shown = String::from_utf8_lossy(bytes);
        assert!(
            errs.iter().any(|l| l.contains(needle)),
            "no error containing '{needle}' for '{shown}': {lines:?}"
        );
        assert!(!lines.iter().any(|l| is_bestmove(l)), "{shown}: {lines:?}");
        assert_eq!(e.fen(), good, "state changed by '{shown}'");
    }
    // The kept position is not the GUI's after a refused `position`: a `go` answers
    // `bestmove 0000` with the reason; after a good `position` the engine plays again.
    e.send("go depth 3");
    let lines = e.until_bestmove();
    assert_eq!(lines.last().map(String::as_str), Some("bestmove 0000"));
    assert!(
        errors(&lines)[0].contains("no position to search"),
        "{lines:?}"
    );
    e.send("position startpos moves e3e4 d6d5");
    e.send("go depth 3");
    assert_bestmove_legal(
        &position_after(None, &["e3e4", "d6d5"]),
        e.until_bestmove().last().unwrap(),
    );
}

/// Out-of-range numbers are clamped with a message, and the command still runs.
#[test]
fn out_of_range_values_are_clamped_and_reported() {
    let mut e = EngineProcess::start(&[]);
    e.send("position startpos moves e3e4");
    let pos = position_after(None, &["e3e4"]);
    for (go, needle) in [
        ("go depth -1", "go depth: -1 is negative, using 0"),
        ("go depth 0", "go depth: 0 is not a depth, using 1"),
        (
            "go depth 5000 movetime 50",
            "go depth: 5000 is too large, using 120",
        ),
        (
            "go wtime 99999999999999999999 btime 99999999999999999999 depth 3",
            "go wtime: 99999999999999999999 is too large",
        ),
        (
            "go wtime -100 btime -100",
            "go wtime: -100 is negative, using 0",
        ),
        ("go movetime -5", "is negative, using 0"),
        ("go movetime abc", "go movetime: 'abc' is not a number"),
        ("go nodes 0", ""),
        ("go mate 0", "go mate: 0 is not a mate distance"),
        ("go depth", "go depth: missing value"),
        (
            "go depth movetime 50",
            "go depth: 'movetime' is not a number",
        ),
        (
            "go searchmoves zz e3e4 depth 2",
            "go searchmoves: 'zz' is not a move",
        ),
        (
            "go frobnicate 7 depth 2",
            "go: unknown parameter 'frobnicate'",
        ),
    ] {
        e.send(go);
        // A value that is not a number is ignored; what is left may be a search
        // without limits, which `stop` ends.
        let mut lines = e.sync();
        e.send("stop");
        if !lines.iter().any(|l| is_bestmove(l)) {
            lines.extend(e.until_bestmove());
        }
        let bestmove = lines.iter().find(|l| is_bestmove(l)).unwrap().clone();
        if !needle.is_empty() {
            assert!(
                errors(&lines).iter().any(|l| l.contains(needle)),
                "{go}: {lines:?}"
            );
        }
        assert_bestmove_legal(&pos, &bestmove);
    }
    for (option, needle) in [
        (
            "setoption name Hash value 1000000000",
            "Hash: 1000000000 is outside 1..32768",
        ),
        (
            "setoption name Hash value 0",
            "Hash: 0 is outside 1..32768, using 1",
        ),
        ("setoption name Hash value -3", "using 1"),
        (
            "setoption name Threads value 0",
            "Threads: 0 is outside 1..256, using 1",
        ),
        (
            "setoption name Threads value 99999999999999999999999",
            "using 256",
        ),
        (
            "setoption name MultiPV value 0",
            "MultiPV: 0 is outside 1..500, using 1",
        ),
        ("setoption name MultiPV value 501", "using 500"),
        ("setoption name Move Overhead value 10000", "using 5000"),
    ] {
        e.send(option);
        let lines = e.sync();
        assert!(
            errors(&lines).iter().any(|l| l.contains(needle)),
            "{option}: {lines:?}"
        );
    }
    // Threads 256 were asked for last; keep the test light before searching.
    e.send("setoption name Threads value 2");
    e.send("setoption name Move Overhead value 0");
    e.send("setoption name MultiPV value 500");
    assert!(errors(&e.sync()).is_empty());
    e.send("go depth 2");
    let lines = e.until_bestmove();
    assert_bestmove_legal(&pos, lines.last().unwrap());
    // MultiPV 500 shows every legal move once the depth is complete.
    let at_depth_2 = lines
        .iter()
        .filter(|l| l.starts_with("info depth 2 ") && l.contains(" pv "))
        .count();
    assert_eq!(at_depth_2, pos.legal_moves().len(), "{lines:?}");
    assert_eq!(e.fen(), pos.to_fen());
}

/// Lines of a megabyte and more, bytes that are not UTF-8, NUL bytes.
#[test]
fn huge_and_binary_lines_are_survived() {
    let mut e = EngineProcess::start(&[]);
    e.send("position startpos moves e3e4");
    let good = e.fen();

    // Longer than the 1 MB line limit: refused as a whole.
    let mut long = b"position startpos moves ".to_vec();
    long.extend(std::iter::repeat_n(b'x', 3 << 20));
    long.push(b'\n');
    e.send_bytes(&long);
    let lines = e.sync();
    assert!(
        errors(&lines)
            .iter()
            .any(|l| l.contains("line longer than")),
        "{lines:?}"
    );
    assert_eq!(e.fen(), good);

    // Just under the limit: a FEN with a megabyte of extra fields, quoted briefly.
    let mut fen = format!("position fen {START_FEN}");
    while fen.len() < 1_000_000 {
        fen.push_str(" 7");
    }
    e.send(&fen);
    let lines = e.sync();
    let errs = errors(&lines);
    assert!(errs.iter().any(|l| l.contains("extra fields")), "{lines:?}");
    assert!(errs.iter().all(|l| l.len() < 1000), "an error echoed 1 MB");

    // A game of 190 000 plies (knights shuffling), in one line under the limit.
    let shuffle = ["b1d2", "b8d7", "d2b1", "d7b8"];
    let mut line = String::from("position startpos moves");
    let mut plies = 0;
    while line.len() + 5 < 1_000_000 {
        line.push(' ');
        line.push_str(shuffle[plies % 4]);
        plies += 1;
    }
    e.send(&line);
    assert!(errors(&e.sync()).is_empty());
    let shuffled = position_after(None, &shuffle[..plies % 4]);
    let held = e.fen();
    assert!(
        held.starts_with(&shuffled.to_fen()[..shuffled.to_fen().find(' ').unwrap()]),
        "{held}"
    );
    e.send("go depth 4");
    assert_bestmove_legal(&shuffled, e.until_bestmove().last().unwrap());

    // Binary garbage, including NUL, CR and invalid UTF-8.
    e.send("position startpos moves e3e4");
    let mut garbage: Vec<u8> = (0u8..=255).filter(|&b| b != b'\n').collect();
    garbage.extend_from_slice(b"\r\n\0\0\0\n\xc0\xaf\xed\xa0\x80\n\r\r\n");
    e.send_bytes(&garbage);
    let lines = e.sync();
    assert!(!errors(&lines).is_empty());
    assert_eq!(e.fen(), good);

    // A NUL is read as a space, so a NUL-separated command still works.
    e.send_bytes(b"position\0startpos\0moves\0c3c4\n");
    e.send_bytes(b"isready\0\0\n");
    e.expect_prefix("readyok");
    assert_eq!(e.fen(), position_after(None, &["c3c4"]).to_fen());
    // Windows line ends.
    e.send_bytes(b"position startpos moves e3e4\r\nisready\r\n");
    e.expect_prefix("readyok");
    assert_eq!(e.fen(), good);
}

// ---------------------------------------------------------------------------------
// Fuzzing
// ---------------------------------------------------------------------------------

/// Real commands, the seeds of the mutations.
const FUZZ_COMMANDS: &[&str] = &[
    "uci",
    "isready",
    "ucinewgame",
    "debug on",
    "d",
    "eval",
    "stop",
    "ponderhit",
    "position startpos",
    "position startpos moves e3e4 d6d5 e4d5 e6d5",
    "position fen rnsmksnr/8/pppppppp/8/8/PPPPPPPP/8/RNSKMSNR w - 0 0 1 moves c3c4",
    "position fen 8/8/8/4k3/8/8/7R/3K4 b - 32 6 1",
    "position fen 8/4m3/5k2/4m~s2/1RM~5/2M3m~1/4K3/8 w - 128 1 61",
    "position fen k7/8/1K6/8/8/8/8/6R1 w - 32 33 54",
    "position fen k6R/8/1K6/8/8/8/8/8 b - - 0 1",
    "go depth 2",
    "go depth 5",
    "go nodes 3000",
    "go movetime 5",
    "go wtime 60 btime 60 winc 5 binc 5",
    "go wtime 40 btime 40 movestogo 2",
    "go infinite",
    "go ponder wtime 100 btime 100",
    "go mate 2",
    "go searchmoves e3e4 c3c4 depth 3",
    "setoption name Hash value 4",
    "setoption name Threads value 2",
    "setoption name MultiPV value 3",
    "setoption name Ponder value true",
    "setoption name Move Overhead value 10",
    "setoption name Clear Hash",
    "setoption name UCI_Variant value makruk",
];

/// Tokens for random lines.
const FUZZ_TOKENS: &[&str] = &[
    "uci",
    "isready",
    "ucinewgame",
    "position",
    "startpos",
    "fen",
    "moves",
    "go",
    "setoption",
    "name",
    "value",
    "stop",
    "ponderhit",
    "debug",
    "d",
    "eval",
    "wtime",
    "btime",
    "winc",
    "binc",
    "movestogo",
    "depth",
    "nodes",
    "mate",
    "movetime",
    "infinite",
    "ponder",
    "searchmoves",
    "Hash",
    "Threads",
    "MultiPV",
    "Ponder",
    "Move",
    "Overhead",
    "Clear",
    "UCI_Variant",
    "makruk",
    "true",
    "false",
    "0",
    "1",
    "-1",
    "7",
    "64",
    "-0",
    "+3",
    "1e9",
    "NaN",
    "99999999999999999999",
    "18446744073709551616",
    "-9223372036854775809",
    "e3e4",
    "d6d5",
    "a1a8",
    "h8h1",
    "e3e4m",
    "a0a9",
    "zz",
    "-",
    "w",
    "b",
    "8/8/8/8/8/8/8/8",
    "rnsmksnr/8/pppppppp",
    "M~",
    "~",
    "k7/8/8/8/8/8/8/K7",
    "\u{fffd}",
    "\t",
    "ก",
    "💥",
];

/// A random FEN: sometimes well formed, often not.
fn random_fen(rng: &mut Rng) -> String {
    const CELLS: &[&str] = &[
        "k", "m", "s", "n", "r", "p", "K", "M", "S", "N", "R", "P", "1", "2", "3", "8", "M~", "m~",
        "~", "q", "x", "9", "",
    ];
    let ranks = if rng.chance(85) { 8 } else { rng.below(11) };
    let mut placement = Vec::new();
    for _ in 0..ranks {
        let mut rank = String::new();
        let cells = if rng.chance(40) { 1 } else { rng.below(10) };
        for _ in 0..cells {
            // Mostly empty squares, so kings and checks come out right now and then.
            if rng.chance(60) {
                rank.push('1');
            } else {
                rank.push_str(rng.pick(CELLS));
            }
        }
        placement.push(rank);
    }
    // Now and then a plausible board: two kings on random squares, a few pieces.
    if rng.chance(40) {
        let mut board = [' '; 64];
        for piece in ['K', 'k'] {
            let sq = rng.below(64);
            board[sq] = piece;
        }
        for _ in 0..rng.below(8) {
            let sq = rng.below(64);
            if board[sq] == ' ' {
                board[sq] = rng.pick(&['M', 'm', 'S', 's', 'N', 'n', 'R', 'r', 'P', 'p']);
            }
        }
        placement = vec![placement_field(&board)];
    }
    let mut fen = placement.join("/");
    let fields: &[&str] = &[
        "w", "b", "x", "-", "0", "1", "32", "128", "65", "60000", "99999",
    ];
    if rng.chance(90) {
        fen.push(' ');
        fen.push_str(if rng.chance(80) {
            rng.pick(&["w", "b"])
        } else {
            rng.pick(fields)
        });
    }
    for _ in 0..rng.below(6) {
        fen.push(' ');
        fen.push_str(rng.pick(fields));
    }
    fen
}

/// A random walk of legal moves from the start (or a FEN), perhaps with a bad move.
fn random_moves_line(rng: &mut Rng) -> String {
    let (fen, mut pos) = if rng.chance(70) {
        (None, Position::startpos())
    } else {
        let fen = rng.pick(&["8/8/8/4k3/8/8/7R/3K4 b - 32 6 1", PROMOTED, COUNT_LAST]);
        (Some(fen), Position::from_fen(fen).unwrap())
    };
    let mut moves = Vec::new();
    for _ in 0..rng.below(120) {
        let legal = pos.legal_moves();
        if legal.is_empty() {
            break;
        }
        let m = rng.pick(legal.as_slice());
        moves.push(m.to_string());
        pos.play(m);
    }
    if rng.chance(20) {
        let junk = rng
            .pick(&["e3e4", "a1a1", "h9h9", "zz", "e3e4m", ""])
            .to_string();
        let at = rng.below(moves.len() + 1);
        moves.insert(at, junk);
    }
    let mut line = match fen {
        Some(f) => format!("position fen {f}"),
        None => "position startpos".to_string(),
    };
    if !moves.is_empty() || rng.chance(10) {
        line.push_str(" moves ");
        line.push_str(&moves.join(" "));
    }
    line
}

/// A real command with a few random edits: characters and tokens deleted, replaced,
/// duplicated, swapped, bytes inserted, the line cut short.
fn mutated_command(rng: &mut Rng) -> Vec<u8> {
    let mut tokens: Vec<String> = rng
        .pick(FUZZ_COMMANDS)
        .split(' ')
        .map(str::to_string)
        .collect();
    for _ in 0..1 + rng.below(3) {
        let n = tokens.len();
        match rng.below(6) {
            0 if n > 1 => {
                tokens.remove(rng.below(n));
            }
            1 => {
                let i = rng.below(n);
                tokens[i] = rng.pick(FUZZ_TOKENS).to_string();
            }
            2 => {
                let i = rng.below(n);
                let t = tokens[i].clone();
                tokens.insert(i, t);
            }
            3 if n > 1 => {
                let (i, j) = (rng.below(n), rng.below(n));
                tokens.swap(i, j);
            }
            4 => {
                let i = rng.below(n + 1);
                tokens.insert(i, rng.pick(FUZZ_TOKENS).to_string());
            }
            _ => {
                let i = rng.below(n);
                let mut chars: Vec<char> = tokens[i].chars().collect();
                if !chars.is_empty() {
                    let at = rng.below(chars.len());
                    if rng.chance(50) {
                        chars.remove(at);
                    } else {
                        chars[at] = (b'!' + rng.below(94) as u8) as char;
                    }
                }
                tokens[i] = chars.into_iter().collect();
            }
        }
    }
    let mut bytes = tokens.join(" ").into_bytes();
    if rng.chance(10) && !bytes.is_empty() {
        bytes.truncate(rng.below(bytes.len()));
    }
    if rng.chance(10) {
        let at = rng.below(bytes.len() + 1);
        bytes.insert(at, rng.pick(&[0u8, b'\r', b'\t', 0xff, 0xc3, 0x80, b' ']));
    }
    bytes
}

/// One generated line (no newline inside).
fn fuzz_line(rng: &mut Rng) -> Vec<u8> {
    match rng.below(100) {
        0..=39 => mutated_command(rng),
        40..=54 => {
            let n = 1 + rng.below(12);
            (0..n)
                .map(|_| rng.pick(FUZZ_TOKENS).to_string())
                .collect::<Vec<_>>()
                .join(" ")
                .into_bytes()
        }
        55..=64 => {
            let n = rng.below(200);
            (0..n)
                .map(|_| rng.below(256) as u8)
                .filter(|&b| b != b'\n')
                .collect()
        }
        65..=79 => {
            let mut line = format!("position fen {}", random_fen(rng));
            if rng.chance(30) {
                line.push_str(" moves e3e4 d6d5 a1a2");
            }
            line.into_bytes()
        }
        80..=89 => random_moves_line(rng).into_bytes(),
        _ => rng.pick(FUZZ_COMMANDS).as_bytes().to_vec(),
    }
}

/// The line as the engine reads it (the reader thread's decoding).
fn as_engine_reads(bytes: &[u8]) -> String {
    String::from_utf8_lossy(bytes)
        .trim_end_matches(['\n', '\r'])
        .replace('\0', " ")
}

/// Lines the fuzzer must not send: they would end the session (`quit`), block the
/// command loop for a long time by design (`bench`, `go perft`), or ask for gigabytes
/// of memory or hundreds of threads on a shared machine (large option values).
fn is_excluded(line: &str) -> bool {
    let tokens: Vec<&str> = line.split_whitespace().collect();
    match tokens.first() {
        Some(&"quit") | Some(&"bench") => true,
        Some(&"go") => tokens.contains(&"perft"),
        Some(&"setoption") => tokens.iter().any(|t| {
            let digits = t.trim_start_matches(['+', '-']);
            !digits.is_empty()
                && digits.bytes().all(|b| b.is_ascii_digit())
                && digits.parse::<u64>().map_or(true, |n| n > 16)
        }),
        _ => false,
    }
}

/// More than 10 000 generated lines through the real binary: no crash, no hang, every
/// `go` answered exactly once with a legal move, and a working engine at the end.
#[test]
fn fuzzed_lines_never_crash_or_hang() {
    const LINES: usize = 12_000;
    // Every so often: end any search, wait for its answer, check the engine responds.
    const CHECK_EVERY: usize = 100;
    let mut rng = Rng::new(0x4B48_554E_4655_5A5A);
    let mut e = EngineProcess::start(&[]);
    let (mut gos, mut answers) = (0, 0);
    // `isready` lines among the fuzz: each adds a `readyok` before the check's own.
    let mut pending_readyoks = 0;
    let mut recent: std::collections::VecDeque<String> = Default::default();
    let mut sent = 0;
    while sent < LINES {
        let bytes = fuzz_line(&mut rng);
        let seen = as_engine_reads(&bytes);
        if is_excluded(&seen) {
            continue;
        }
        match seen.split_whitespace().next() {
            Some("go") => gos += 1,
            Some("isready") => pending_readyoks += 1,
            _ => {}
        }
        let mut line = bytes;
        line.push(b'\n');
        e.send_bytes(&line);
        sent += 1;
        recent.push_back(seen);
        if recent.len() > 8 {
            recent.pop_front();
        }
        if sent % CHECK_EVERY != 0 {
            continue;
        }
        // `go perft 1` stops and waits for a running search (which answers first), so
        // the answers counted up to the last `readyok` are all there will be.
        e.send("go perft 1");
        e.send("isready");
        let readyoks_left = std::cell::Cell::new(pending_readyoks + 1);
        pending_readyoks = 0;
        let lines = e.read_until(
            |l| {
                if l == "readyok" {
                    readyoks_left.set(readyoks_left.get() - 1);
                }
                readyoks_left.get() == 0
            },
            PATIENCE,
        );
        answers += lines.iter().filter(|l| is_bestmove(l)).count();
        assert_eq!(
            answers, gos,
            "after {sent} lines (the last {recent:?}): {gos} go, {answers} bestmove"
        );
        for l in &lines {
            assert!(!l.contains("internal error"), "{l}");
            if is_bestmove(l) {
                assert!(
                    l.split_whitespace().count() >= 2,
                    "a bestmove without a move: {l}"
                );
            }
        }
    }
    // Still alive and well: a search of the start position answers legally.
    e.send("setoption name Threads value 1");
    e.send("position startpos");
    e.send("go depth 3");
    let lines = e.until_bestmove();
    assert_bestmove_legal(&Position::startpos(), lines.last().unwrap());
    e.send("quit");
    assert_eq!(e.wait_exit(PATIENCE), Some(true));
}

/// Random legal games (from the fuzzer's move walker) searched with random small
/// limits and thread counts: each answer is checked against the rules.
#[test]
fn random_positions_and_searches_give_legal_moves() {
    let mut rng = Rng::new(0x5EED_0002);
    let mut e = EngineProcess::start(&[]);
    for round in 0..60 {
        let line = random_moves_line(&mut rng);
        let tokens: Vec<&str> = line.split_whitespace().collect();
        // Rebuild the position the engine will hold, or skip lines it refuses.
        let moves_at = tokens.iter().position(|&t| t == "moves");
        let head = &tokens[1..moves_at.unwrap_or(tokens.len())];
        let fen = if head[0] == "fen" {
            Some(head[1..].join(" "))
        } else {
            None
        };
        let mut pos = match &fen {
            Some(f) => Position::from_fen(f).unwrap(),
            None => Position::startpos(),
        };
        let mut ok = true;
        for m in moves_at.map_or(&[][..], |i| &tokens[i + 1..]) {
            match pos.parse_uci_move(m) {
                Ok(mv) => pos.play(mv),
                Err(_) => ok = false,
            }
            if !ok {
                break;
            }
        }
        if !ok {
            continue;
        }
        e.send(&line);
        let go = rng.pick(&[
            "go depth 1",
            "go depth 4",
            "go nodes 800",
            "go movetime 1",
            "go movetime 10",
            "go wtime 10 btime 10 winc 0 binc 0",
            "go wtime 0 btime 0",
        ]);
        if round % 7 == 0 {
            e.send(&format!(
                "setoption name Threads value {}",
                1 + rng.below(3)
            ));
        }
        e.send(go);
        let lines = e.until_bestmove();
        assert!(errors(&lines).is_empty(), "{line} / {go}: {lines:?}");
        assert_bestmove_legal(&pos, lines.last().unwrap());
    }
}

// ---------------------------------------------------------------------------------
// Under load and at the edges
// ---------------------------------------------------------------------------------

/// Threads and Hash change freely without a restart, also while a search runs.
#[test]
fn threads_and_hash_change_without_restarts() {
    let mut e = EngineProcess::start(&[]);
    e.send(&format!(
        "position startpos moves {}",
        MIDGAME_MOVES.join(" ")
    ));
    let pos = position_after(None, &MIDGAME_MOVES);
    // 1024 MB once (the machine is shared); the rest stays small.
    for (threads, hash) in [
        (1, 1),
        (16, 2),
        (2, 1024),
        (3, 16),
        (8, 1),
        (1, 64),
        (16, 16),
        (1, 16),
    ] {
        e.send(&format!("setoption name Threads value {threads}"));
        e.send(&format!("setoption name Hash value {hash}"));
        let lines = e.sync();
        assert!(errors(&lines).is_empty(), "{threads}/{hash}: {lines:?}");
        for go in ["go depth 5", "go movetime 50", "go nodes 20000"] {
            e.send(go);
            let lines = e.until_bestmove();
            assert_bestmove_legal(&pos, lines.last().unwrap());
        }
        // Change both during a search, then search again with the new values.
        e.send("go infinite");
        e.send(&format!("setoption name Threads value {}", 17 - threads));
        e.send(&format!("setoption name Hash value {}", 1 + hash % 7));
        e.send("ucinewgame");
        let lines = e.until_bestmove();
        assert_bestmove_legal(&pos, lines.last().unwrap());
        e.send(&format!(
            "position startpos moves {}",
            MIDGAME_MOVES.join(" ")
        ));
        e.send("go depth 4");
        assert_bestmove_legal(&pos, e.until_bestmove().last().unwrap());
    }
}

/// The smallest clocks and the positions at the edges of the rules: every `go` gets a
/// legal move, or `(none)` when there is none.
#[test]
fn tiny_clocks_and_edge_positions_answer_legally() {
    let mut e = EngineProcess::start(&[]);
    let one_move = Position::from_fen(ONE_MOVE).unwrap();
    assert_eq!(one_move.legal_moves().len(), 1);
    let positions: Vec<(Option<&str>, Vec<&str>)> = vec![
        (None, vec![]),
        (None, MIDGAME_MOVES.to_vec()),
        (Some(MATED), vec![]),
        (Some(STALEMATE), vec![]),
        (Some(ONE_MOVE), vec![]),
        (Some(COUNT_OVER), vec![]),
        (Some(COUNT_LAST), vec![]),
        // The count runs out with this move: Black to move at ply 33 of 32.
        (Some("k7/8/1K6/8/8/8/8/6R1 w - 32 32 54"), vec!["g1g2"]),
        // Mated by the move list.
        (Some(COUNT_LAST), vec!["h1h8"]),
        (Some(PROMOTED), vec![]),
    ];
    let goes = [
        "go movetime 1",
        "go movetime 0",
        "go wtime 10 btime 10 winc 0 binc 0",
        "go wtime 1 btime 1 movestogo 1",
        "go wtime 0 btime 0 winc 0 binc 0",
        "go depth 1",
        "go nodes 1",
        "go mate 1 depth 3",
    ];
    for threads in [1, 3] {
        e.send(&format!("setoption name Threads value {threads}"));
        for (fen, moves) in &positions {
            let pos = position_after(*fen, moves);
            e.send(&position_command(*fen, moves));
            for go in goes {
                e.send(go);
                let lines = e.until_bestmove();
                assert!(errors(&lines).is_empty(), "{fen:?} {go}: {lines:?}");
                assert_bestmove_legal(&pos, lines.last().unwrap());
            }
        }
    }
}

// ---------------------------------------------------------------------------------
// Incremental state, checked in release builds too
// ---------------------------------------------------------------------------------

/// Plays many random games and checks, after every move, each incrementally kept
/// field (bitboards, key with the count, checkers) against a from-scratch computation,
/// and that the FEN written and read back gives the same key and count.
#[test]
fn random_games_keep_incremental_state_consistent() {
    let mut rng = Rng::new(0xC0FF_EE00_1234);
    let starts = [
        START_FEN,
        "8/8/8/4k3/8/8/7R/3K4 b - 32 6 1",
        PROMOTED,
        "4k3/8/3M4/8/8/8/r7/RN2K3 w - 128 80 1",
        "r3k3/8/2p5/8/3P4/8/8/3K3R w - - 0 30",
    ];
    let mut positions_checked = 0;
    for game in 0..400 {
        let mut pos = Position::from_fen(starts[game % starts.len()]).unwrap();
        for _ in 0..300 {
            pos.assert_consistent();
            let again = Position::from_fen(&pos.to_fen())
                .unwrap_or_else(|e| panic!("{}: {e}", pos.to_fen()));
            assert_eq!(again.key(), pos.key(), "{}", pos.to_fen());
            assert_eq!(again.count(), pos.count(), "{}", pos.to_fen());
            assert_eq!(again.placement_key(), pos.placement_key());
            positions_checked += 1;
            let legal = pos.legal_moves();
            if legal.is_empty() {
                break;
            }
            // Mostly random moves; captures now and then preferred, so the games reach
            // the counted endgames.
            let m = if rng.chance(40) {
                legal
                    .iter()
                    .copied()
                    .find(|m| pos.piece_at(m.to()).is_some())
                    .unwrap_or_else(|| rng.pick(legal.as_slice()))
            } else {
                rng.pick(legal.as_slice())
            };
            pos.play(m);
            // A null move, as the search makes them, keeps the key right too.
            if !pos.in_check() && rng.chance(5) {
                let mut passed = pos.clone();
                passed.play_null();
                assert_eq!(passed.key(), passed.compute_key());
            }
        }
    }
    assert!(positions_checked > 50_000, "{positions_checked}");
}
