//! Bad input to the real binary over stdin/stdout: every kind of malformed command or
//! value is answered by `info string error: ...` (or clamped and reported) and the last
//! good state kept; huge lines, binary garbage, NUL and Windows line ends are survived.
//!
//! No test asserts a time: every wait is bounded by `common::PATIENCE` only so that a
//! hang fails the test instead of blocking it.

mod common;

use common::positions::{assert_bestmove_legal, position_after};
use common::{EngineProcess, errors, is_bestmove};
use khun::board::START_FEN;

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
