//! Hardening: the engine survives anything a GUI, a match runner or a person throws at
//! it. These tests drive the real binary over stdin/stdout:
//!
//! - every UCI command and `go` parameter, in and out of order (a `go` before any
//!   `position`, `position` and `setoption` during a search, two `go` in a row, `stop`
//!   and `ponderhit` with nothing to stop, `quit` and end of input during a search);
//! - replays of what cutechess and Fairy-Stockfish frontends send;
//! - `go nodes` repeatability, and `ucinewgame` really forgetting;
//! - option changes without restarts, tiny clocks and positions at the edges (mate,
//!   stalemate, one legal move, a count that has just run out).
//!
//! A last test plays random games through the library and checks every incrementally
//! kept field against a from-scratch computation after each move. Bad input is
//! `bad_input.rs`'s, the seeded fuzz run `fuzzed_lines.rs`'s.
//!
//! No test asserts a time: every wait is bounded by `common::PATIENCE` only so that a
//! hang fails the test instead of blocking it.

mod common;

use common::positions::{
    COUNT_LAST, COUNT_OVER, MATED, MIDGAME_MOVES, ONE_MOVE, PROMOTED, STALEMATE,
    assert_bestmove_legal, position_after,
};
use common::{
    EngineProcess, PATIENCE, bestmove_of, errors, is_bestmove, read_bestmoves, without_timing,
};
use khun::board::{Position, START_FEN};
use khun::rng::Rng;
use std::time::Duration;

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
