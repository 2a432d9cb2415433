//! The seeded fuzz run: more than 10 000 generated lines (`common::fuzz`) through the
//! real binary, and random legal games searched with random small limits; no crash,
//! no hang, every `go` answered once with a legal move.
//!
//! No test asserts a time: every wait is bounded by `common::PATIENCE` only so that a
//! hang fails the test instead of blocking it.

mod common;

use common::fuzz::{as_engine_reads, fuzz_line, is_excluded, random_moves_line};
use common::positions::assert_bestmove_legal;
use common::{EngineProcess, PATIENCE, errors, is_bestmove};
use khun::board::Position;
use khun::rng::Rng;

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
