//! `khun records` through the real binary: games labelled by their written results
//! (an adjudicated one skipped, or played on with `--play-out`), the same bytes on one
//! thread or three, SIGINT between games, bad input and a relative's game refused.

mod common;

use common::command_line::{Scratch, data_path, khun};
use std::process::{Command, Stdio};

/// The result byte (30) of each 32-byte record in `bytes`: 2 White won, 1 draw, 0
/// Black won.
fn record_results(bytes: &[u8]) -> Vec<u8> {
    assert_eq!(bytes.len() % 32, 0, "whole records");
    bytes.chunks(32).map(|r| r[30]).collect()
}

/// The number `N positions` that `khun records` printed.
fn printed_positions(stdout: &str) -> usize {
    stdout
        .lines()
        .find(|l| l.contains(" positions from "))
        .and_then(|l| l.split_whitespace().next())
        .and_then(|n| n.parse().ok())
        .unwrap_or_else(|| panic!("no position count in {stdout:?}"))
}

#[test]
fn records_label_games_by_the_rules_and_play_out_the_adjudicated() {
    let scratch = Scratch::new("records");
    // Two games that ended by the rules (1-0, 0-1) and one a match runner stopped at
    // its 400-ply limit (`Termination "adjudication"`).
    let games = data_path("records-sample.pgn");
    let written = scratch.path("written.bin").to_string_lossy().into_owned();
    fn args<'a>(games: &'a str, out: &'a str) -> Vec<&'a str> {
        vec!["records", games, "-o", out, "--nodes", "300"]
    }

    let run = khun(&[args(&games, &written).as_slice(), &[][..]].concat());
    assert_eq!(run.code, Some(0), "{}", run.stderr);
    assert!(
        run.stdout.contains(
            "from 2 games (White 1, draws 0, Black 1): 2 by their written result, 0 played out"
        ),
        "{}",
        run.stdout
    );
    assert!(
        run.stdout
            .contains("skipped: 1 no rules result (adjudication)"),
        "{}",
        run.stdout
    );
    let bytes = std::fs::read(&written).unwrap();
    let results = record_results(&bytes);
    assert_eq!(results.len(), printed_positions(&run.stdout));
    // The first game's positions are labelled White's win, then the second's Black's;
    // nothing is labelled a draw, the adjudicated game's included.
    let first_black = results.iter().position(|&r| r == 0).expect("Black's game");
    assert!(first_black > 0);
    assert!(
        results[..first_black].iter().all(|&r| r == 2),
        "{results:?}"
    );
    assert!(
        results[first_black..].iter().all(|&r| r == 0),
        "{results:?}"
    );

    // The same games and node count give the same bytes (searches at fixed nodes),
    // with one thread or three (the games written in the file's order).
    for threads in ["1", "3"] {
        let again = scratch.path("again.bin").to_string_lossy().into_owned();
        let _ = std::fs::remove_file(&again);
        let run = khun(&[args(&games, &again).as_slice(), &["--threads", threads][..]].concat());
        assert_eq!(run.code, Some(0), "{}", run.stderr);
        assert_eq!(std::fs::read(&again).unwrap(), bytes, "{threads} threads");
    }

    // With --play-out the adjudicated game is played on to a result of the rules;
    // its positions (and the play-out's) follow the first two games' records.
    let played = scratch.path("played.bin").to_string_lossy().into_owned();
    let run = khun(
        &[
            args(&games, &played).as_slice(),
            &["--play-out", "--max-play-out-plies", "30"][..],
        ]
        .concat(),
    );
    assert_eq!(run.code, Some(0), "{}", run.stderr);
    assert!(
        run.stdout
            .contains("2 by their written result, 1 played out"),
        "{}",
        run.stdout
    );
    assert!(!run.stdout.contains("skipped"), "{}", run.stdout);
    // One line for the play-out: the game, its plies (30 at most) and its end.
    let line = run
        .stdout
        .lines()
        .find(|l| l.contains(": played out "))
        .expect("a play-out line");
    assert!(
        line.starts_with("game 3 (khun-base - fsf): played out "),
        "{line}"
    );
    let plies: usize = line
        .split(": played out ")
        .nth(1)
        .and_then(|r| r.split(' ').next())
        .and_then(|n| n.parse().ok())
        .expect("plies");
    assert!((1..=30).contains(&plies), "{line}");
    let with_play_out = std::fs::read(&played).unwrap();
    assert_eq!(&with_play_out[..bytes.len()], &bytes[..]);
    let third = record_results(&with_play_out[bytes.len()..]);
    assert!(!third.is_empty());
    assert!(
        third.windows(2).all(|w| w[0] == w[1]),
        "one result for a game: {third:?}"
    );

    // SIGINT once the first game is written: the run stops between games, says so,
    // exits as a shell reports the signal, and leaves the whole games before it.
    let part = scratch.path("part.bin");
    let part_arg = part.to_string_lossy().into_owned();
    let mut child = Command::new(env!("CARGO_BIN_EXE_khun"))
        .args(args(&games, &part_arg))
        .args(["--play-out", "--max-play-out-plies", "30", "--threads", "1"])
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("run khun records");
    let first_written = || std::fs::metadata(&part).is_ok_and(|m| m.len() > 0);
    if common::wait_while_running(&mut child, first_written) {
        common::send_signal(&child, "INT");
        let out = child.wait_with_output().expect("khun records output");
        let stderr = String::from_utf8_lossy(&out.stderr);
        assert_eq!(out.status.code(), Some(130), "{stderr}");
        assert!(stderr.contains("stopped by SIGINT after "), "{stderr}");
        let kept = std::fs::read(&part).unwrap();
        assert!(!kept.is_empty() && kept.len() < with_play_out.len());
        assert_eq!(
            &with_play_out[..kept.len()],
            &kept[..],
            "a prefix of whole games"
        );
    }

    // Bad input: a file that is not there, and a game with an illegal move.
    let missing = khun(&["records", "/no/such/games.pgn", "-o", &written]);
    assert_eq!(missing.code, Some(2));
    assert!(
        missing
            .stderr
            .starts_with("khun records: cannot read /no/such/games.pgn"),
        "{}",
        missing.stderr
    );
    let illegal = scratch.write(
        "illegal.pgn",
        "[Event \"x\"]\n[Result \"1-0\"]\n\n1. Ke3 1-0\n",
    );
    let run = khun(&["records", &illegal, "-o", &written, "--nodes", "300"]);
    assert_eq!(run.code, Some(0), "{}", run.stderr);
    assert!(
        run.stdout.contains("skipped: 1 unreadable"),
        "{}",
        run.stdout
    );
    // A relative's game: the network plays makruk only.
    let cambodian = scratch.write(
        "cambodian.pgn",
        "[Event \"x\"]\n[Variant \"Cambodian\"]\n[Result \"1-0\"]\n\n1. e4 1-0\n",
    );
    let run = khun(&["records", &cambodian, "-o", &written, "--nodes", "300"]);
    assert_eq!(run.code, Some(0), "{}", run.stderr);
    assert!(
        run.stdout.contains("skipped: 1 not makruk (cambodian)"),
        "{}",
        run.stdout
    );
}
