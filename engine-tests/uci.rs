//! Black-box UCI sessions against the real binary: what cutechess and
//! Fairy-Stockfish frontends send, searches of every kind, and the answers a GUI
//! relies on (legal `bestmove`, mate scores, draws by the count).

mod common;

use common::positions::position_after;
use common::{EngineProcess, bestmove_of, info_field, without_timing};
use khun::board::Position;
use std::time::Duration;

fn assert_legal(pos: &Position, text: &str) {
    assert!(
        pos.parse_uci_move(text).is_ok(),
        "illegal bestmove {text} in {}",
        pos.to_fen()
    );
}

/// The number the last `info` line carrying `field` gives for it.
fn last_info_number(lines: &[String], field: &str) -> u64 {
    lines
        .iter()
        .rev()
        .find_map(|l| info_field(l, field))
        .unwrap_or_else(|| panic!("an info line with {field}: {lines:?}"))
        .parse()
        .unwrap()
}

/// The last `info ... score` line's score, as ("cp"|"mate", value).
fn last_score(lines: &[String]) -> (String, i32) {
    let line = lines
        .iter()
        .rev()
        .find(|l| l.starts_with("info") && l.contains(" score "))
        .expect("an info line with a score");
    let kind = info_field(line, "score").unwrap().to_string();
    let value = info_field(line, &kind).unwrap().parse().unwrap();
    (kind, value)
}

#[test]
fn cutechess_session() {
    let mut e = EngineProcess::start(&[]);
    e.send("uci");
    let lines = e.read_until(|l| l == "uciok", common::PATIENCE);
    assert!(lines.iter().any(|l| l.starts_with("id name Khun")));
    assert!(
        lines
            .iter()
            .any(|l| l == "option name UCI_Variant type combo default makruk var makruk var cambodian var karouk var makpong var asean var ai-wok var sittuyin")
    );
    for name in [
        "Hash",
        "Threads",
        "MultiPV",
        "Ponder",
        "Move Overhead",
        "Contempt",
        "Clear Hash",
    ] {
        assert!(
            lines
                .iter()
                .any(|l| l.starts_with(&format!("option name {name} type"))),
            "{name}"
        );
    }
    e.send("setoption name UCI_Variant value makruk");
    e.send("setoption name Hash value 32");
    e.send("ucinewgame");
    assert!(e.sync().is_empty(), "no complaint expected");
    let moves = ["e3e4", "d6d5", "e4d5", "e6d5"];
    e.send(&format!("position startpos moves {}", moves.join(" ")));
    e.send("go wtime 3000 btime 3000 winc 50 binc 50");
    let lines = e.until_bestmove();
    let best = bestmove_of(lines.last().unwrap());
    assert_legal(&position_after(None, &moves), best);
    assert!(lines.iter().any(|l| l.starts_with("info depth")));
    // cutechess's own start FEN form with count fields `0 0`.
    e.send("position fen rnsmksnr/8/pppppppp/8/8/PPPPPPPP/8/RNSKMSNR w - 0 0 1 moves c3c4");
    e.send("go movetime 200");
    let lines = e.until_bestmove();
    assert_legal(
        &position_after(None, &["c3c4"]),
        bestmove_of(lines.last().unwrap()),
    );
    e.send("quit");
    assert_eq!(e.wait_exit(Duration::from_secs(10)), Some(true));
}

#[test]
fn fairy_stockfish_frontend_session() {
    let mut e = EngineProcess::start(&[]);
    e.send("uci");
    e.expect_prefix("uciok");
    e.send("setoption name UCI_Variant value makruk");
    e.send("isready");
    e.expect_prefix("readyok");
    // A promoted met written `M~`, and a running count in the FEN.
    let fen = "8/4m3/5k2/4m~s2/1RM~5/2M3m~1/4K3/8 w - 128 1 61";
    e.send(&format!("position fen {fen}"));
    e.send("d");
    let lines = e.sync();
    assert!(
        lines
            .iter()
            .any(|l| l == "Fen: 8/4m3/5k2/4ms2/1RM5/2M3m1/4K3/8 w - 128 1 61"),
        "{lines:?}"
    );
    e.send("go depth 6");
    let lines = e.until_bestmove();
    assert_legal(
        &Position::from_fen(fen).unwrap(),
        bestmove_of(lines.last().unwrap()),
    );
}

#[test]
fn go_depth_reports_every_depth() {
    let mut e = EngineProcess::start(&[]);
    e.send("position startpos");
    e.send("go depth 6");
    let lines = e.until_bestmove();
    let depths: Vec<i32> = lines
        .iter()
        .filter(|l| l.starts_with("info depth") && l.contains(" pv "))
        .map(|l| info_field(l, "depth").unwrap().parse().unwrap())
        .collect();
    assert_eq!(depths.first(), Some(&1));
    assert_eq!(depths.last(), Some(&6));
    for l in lines.iter().filter(|l| l.contains(" pv ")) {
        for key in [
            "seldepth", "multipv", "score", "nodes", "nps", "hashfull", "time",
        ] {
            assert!(info_field(l, key).is_some(), "{key} missing in {l}");
        }
    }
    assert_legal(&Position::startpos(), bestmove_of(lines.last().unwrap()));
}

/// `go nodes` after `ucinewgame` is deterministic with one thread.
#[test]
fn go_nodes_is_repeatable() {
    let mut e = EngineProcess::start(&[]);
    let run = |e: &mut EngineProcess| -> Vec<String> {
        e.send("ucinewgame");
        e.send("position startpos moves e3e4 d6d5");
        e.send("go nodes 20000");
        // Time and speed differ between runs; everything else must not.
        without_timing(&e.until_bestmove())
    };
    let first = run(&mut e);
    let second = run(&mut e);
    assert_eq!(first, second);
    let nodes = last_info_number(&first, "nodes");
    assert!(nodes <= 20_000 + 1, "node limit overshot: {nodes}");
}

/// The tightest limits still end a whole first ply: the answer carries a searched
/// move and a real score, never the "mated in 0" of a search cut before its first
/// root move was scored (one and three threads).
#[test]
fn tiny_limits_still_finish_the_first_ply() {
    let mut e = EngineProcess::start(&[]);
    for threads in [1, 3] {
        e.send(&format!("setoption name Threads value {threads}"));
        for position in ["startpos", "startpos moves e3e4 d6d5 f3f4 c6c5"] {
            for go in ["go nodes 1", "go movetime 0", "go wtime 0 btime 0"] {
                e.send(&format!("position {position}"));
                e.send(go);
                let lines = e.until_bestmove();
                let (kind, value) = last_score(&lines);
                assert_eq!(kind, "cp", "{threads} threads, {position}, {go}: {lines:?}");
                assert!(value.abs() < 500, "{position}, {go}: {lines:?}");
                let depth = last_info_number(&lines, "depth");
                assert!(depth >= 1, "{position}, {go}: {lines:?}");
            }
        }
    }
}

#[test]
fn infinite_waits_for_stop() {
    let mut e = EngineProcess::start(&[]);
    e.send("position startpos");
    e.send("go infinite");
    let early = e.drain(Duration::from_millis(400));
    assert!(
        !early.iter().any(|l| l.starts_with("bestmove")),
        "bestmove before stop"
    );
    e.send("isready");
    e.expect_prefix("readyok");
    e.send("stop");
    let lines = e.until_bestmove();
    assert_legal(&Position::startpos(), bestmove_of(lines.last().unwrap()));
}

#[test]
fn ponder_then_ponderhit() {
    let mut e = EngineProcess::start(&[]);
    e.send("setoption name Ponder value true");
    e.send("position startpos moves e3e4");
    e.send("go ponder wtime 2000 btime 2000 winc 0 binc 0");
    let early = e.drain(Duration::from_millis(300));
    assert!(
        !early.iter().any(|l| l.starts_with("bestmove")),
        "bestmove while pondering"
    );
    e.send("ponderhit");
    let lines = e.until_bestmove();
    assert_legal(
        &position_after(None, &["e3e4"]),
        bestmove_of(lines.last().unwrap()),
    );
    // Stopping a ponder search answers too.
    e.send("position startpos moves e3e4 d6d5");
    e.send("go ponder wtime 2000 btime 2000");
    e.drain(Duration::from_millis(100));
    e.send("stop");
    let lines = e.until_bestmove();
    assert_legal(
        &position_after(None, &["e3e4", "d6d5"]),
        bestmove_of(lines.last().unwrap()),
    );
}

/// Mates are found with the right distance.
#[test]
fn finds_mates_with_the_right_score() {
    let cases = [
        // K+R v K: Rh8 mates at once.
        ("k7/8/1K6/8/8/8/8/7R w - - 0 1", 1),
        // The rook mates on the back rank in two.
        ("k7/8/2K5/8/8/8/8/7R w - - 0 1", 2),
        // Being mated: Black to move, mated next move whatever it does.
        ("k7/8/1K6/8/8/8/8/7R b - - 0 1", -1),
    ];
    for (fen, mate) in cases {
        let mut e = EngineProcess::start(&[]);
        e.send(&format!("position fen {fen}"));
        e.send("go depth 8");
        let lines = e.until_bestmove();
        assert_eq!(
            last_score(&lines),
            ("mate".to_string(), mate),
            "{fen}: {lines:?}"
        );
        assert_legal(
            &Position::from_fen(fen).unwrap(),
            bestmove_of(lines.last().unwrap()),
        );
    }
}

#[test]
fn a_mate_on_the_counts_last_ply_is_found_at_low_depth() {
    // White must mate within 3 plies of the count (29 of 32 played): Kb6 Kb8 Rh8#
    // lands on the last one, which pyffish calls a mate. Late-move pruning used to
    // cut Rh8# at the node before it, so this scored 0.00 to depth 8; with a fresh
    // count the same mate is found at depth 5, and at depth 3 with two plies to spare.
    let mut e = EngineProcess::start(&[]);
    for (count, depth) in [("29", 4), ("27", 4), ("0", 6)] {
        e.send(&format!(
            "position fen k7/7R/2K5/8/8/8/8/M1N4M w - 32 {count} 1"
        ));
        e.send(&format!("go depth {depth}"));
        let lines = e.until_bestmove();
        let last_score = lines
            .iter()
            .rev()
            .find(|l| l.starts_with("info depth"))
            .and_then(|l| l.split(" score ").nth(1))
            .unwrap_or_default()
            .to_string();
        assert!(
            last_score.starts_with("mate 2 "),
            "count {count}: {lines:?}"
        );
        assert_eq!(
            lines.last().unwrap(),
            "bestmove c6b6 ponder a8b8",
            "count {count}"
        );
    }
    // One ply too few: no mate in time, and the search does not claim one.
    e.send("position fen k7/7R/2K5/8/8/8/8/M1N4M w - 32 31 1");
    e.send("go depth 6");
    let lines = e.until_bestmove();
    assert!(
        !lines.iter().any(|l| l.contains(" score mate ")),
        "{lines:?}"
    );
}

#[test]
fn positions_without_moves() {
    let mut e = EngineProcess::start(&[]);
    // Checkmated: White rook on the back rank, Black king in the corner.
    e.send("position fen k6R/8/1K6/8/8/8/8/8 b - - 0 1");
    e.send("go depth 3");
    let lines = e.until_bestmove();
    assert!(
        lines.iter().any(|l| l == "info depth 0 score mate 0"),
        "{lines:?}"
    );
    assert_eq!(lines.last().unwrap(), "bestmove (none)");
    // Stalemate.
    e.send("position fen k7/2M5/1K6/8/8/8/8/8 b - - 0 1");
    e.send("go depth 3");
    let lines = e.until_bestmove();
    assert!(
        lines.iter().any(|l| l == "info depth 0 score cp 0"),
        "{lines:?}"
    );
    assert_eq!(lines.last().unwrap(), "bestmove (none)");
}

/// The count decides: a mate the count forbids is a draw.
#[test]
fn counting_positions_are_draws() {
    // The count has run out: a draw, but still a legal move for the GUI.
    let over = "k7/8/1K6/8/8/8/8/6R1 w - 32 33 54";
    let mut e = EngineProcess::start(&[]);
    e.send(&format!("position fen {over}"));
    e.send("go depth 6");
    let lines = e.until_bestmove();
    assert_eq!(last_score(&lines), ("cp".to_string(), 0), "{lines:?}");
    assert_legal(
        &Position::from_fen(over).unwrap(),
        bestmove_of(lines.last().unwrap()),
    );

    // Mate in one exists, but only while the count lasts: at 32 32 White may still
    // mate (the last allowed move), at 32 33 it may not.
    let last_chance = "k7/8/1K6/8/8/8/8/7R w - 32 32 54";
    e.send(&format!("position fen {last_chance}"));
    e.send("go depth 4");
    let lines = e.until_bestmove();
    assert_eq!(last_score(&lines), ("mate".to_string(), 1), "{lines:?}");

    // K+R v K with two moves left and the kings far apart: no mate fits in the count.
    let short = "8/1k6/8/8/8/8/R7/4K3 w - 32 29 54";
    e.send(&format!("position fen {short}"));
    e.send("go depth 10");
    let lines = e.until_bestmove();
    assert_eq!(last_score(&lines), ("cp".to_string(), 0), "{lines:?}");
}

/// `Contempt`: in a game (a search with a clock) a draw costs the engine the option's
/// value, so a dead draw scores minus it from the engine's side; an analysis (fixed
/// depth) and a game the count has already drawn still score 0.
#[test]
fn contempt_prices_draws_in_games_only() {
    let mut e = EngineProcess::start(&[]);
    e.send("setoption name Contempt value 25");
    assert!(e.sync().is_empty(), "no complaint expected");
    // K+M v K: every move leaves material that cannot mate.
    for fen in [
        "8/8/3k4/8/8/3MK3/8/8 w - - 0 1",
        "8/8/3k4/8/8/3MK3/8/8 b - - 0 1",
    ] {
        e.send(&format!("position fen {fen}"));
        e.send("go wtime 2000 btime 2000");
        let lines = e.until_bestmove();
        assert_eq!(
            last_score(&lines),
            ("cp".to_string(), -25),
            "{fen}: {lines:?}"
        );
        e.send("go depth 4");
        let lines = e.until_bestmove();
        assert_eq!(
            last_score(&lines),
            ("cp".to_string(), 0),
            "{fen}: {lines:?}"
        );
    }
    e.send("position fen k7/8/1K6/8/8/8/8/6R1 w - 32 33 54");
    e.send("go wtime 2000 btime 2000");
    let lines = e.until_bestmove();
    assert_eq!(last_score(&lines), ("cp".to_string(), 0), "{lines:?}");

    e.send("setoption name Contempt value 500");
    let lines = e.sync();
    assert!(
        lines
            .iter()
            .any(|l| l.contains("Contempt") && l.contains("using 100")),
        "{lines:?}"
    );
}

#[test]
fn bad_input_is_reported_and_state_kept() {
    let mut e = EngineProcess::start(&[]);
    e.send("position startpos moves e3e4");
    for bad in [
        "xyzzy",
        "position fen rnsmksnr/8/pppppppp/8/8/PPPPPPPP/8 w - - 0 1",
        "position fen 4k3/8/8/8/8/8/8/4K2R w - - 0 1 junk",
        "position startpos moves e3e4 e3e4",
        "position startpos moves e3e4 d6d5 zz",
        "setoption name Hash value lots",
        "setoption name NoSuchOption value 1",
        "position",
    ] {
        e.send(bad);
        let lines = e.sync();
        assert!(
            lines.iter().any(|l| l.starts_with("info string error: ")),
            "no error for '{bad}': {lines:?}"
        );
    }
    e.send("d");
    let lines = e.sync();
    assert!(
        lines
            .iter()
            .any(|l| l == "Fen: rnsmksnr/8/pppppppp/8/4P3/PPPP1PPP/8/RNSKMSNR b - - 0 1"),
        "state lost: {lines:?}"
    );
    // A bad depth is reported and clamped; the search still answers (after a good
    // `position`: the refused ones above leave nothing to search).
    e.send("position startpos moves e3e4");
    e.send("go depth -1");
    let lines = e.until_bestmove();
    assert!(
        lines
            .iter()
            .any(|l| l.starts_with("info string error: go depth")),
        "{lines:?}"
    );
    assert_legal(
        &position_after(None, &["e3e4"]),
        bestmove_of(lines.last().unwrap()),
    );
}

/// After a refused `position` the engine's position is not the GUI's: `go` answers
/// `bestmove 0000` with the reason, not a move of the last good position, until a
/// good `position` comes.
#[test]
fn a_refused_position_is_not_searched() {
    let mut e = EngineProcess::start(&[]);
    e.send("position startpos moves e3e4");
    // Black to move with White in check: pyffish's validate_fen accepts it.
    e.send("position fen 8/8/6s1/7K/1k6/4r3/8/8 b - - 0 1");
    e.send("go depth 3");
    let lines = e.until_bestmove();
    assert_eq!(lines.last().map(String::as_str), Some("bestmove 0000"));
    assert!(
        lines
            .iter()
            .any(|l| l.starts_with("info string error: no position to search")),
        "{lines:?}"
    );
    e.send("position startpos moves e3e4");
    e.send("go depth 3");
    let lines = e.until_bestmove();
    assert_legal(
        &position_after(None, &["e3e4"]),
        bestmove_of(lines.last().unwrap()),
    );
}

#[test]
fn end_of_input_quits() {
    let mut e = EngineProcess::start(&[]);
    e.send("position startpos");
    e.send("go infinite");
    e.drain(Duration::from_millis(100));
    e.close_input();
    let lines = e.read_until(|l| l.starts_with("bestmove"), common::PATIENCE);
    assert!(lines.last().unwrap().starts_with("bestmove"));
    assert_eq!(e.wait_exit(Duration::from_secs(10)), Some(true));
}

#[test]
fn multipv_reports_distinct_lines() {
    let mut e = EngineProcess::start(&[]);
    e.send("setoption name MultiPV value 3");
    e.send("position startpos");
    e.send("go depth 5");
    let lines = e.until_bestmove();
    let last_depth: Vec<&String> = lines
        .iter()
        .filter(|l| l.starts_with("info depth 5 "))
        .collect();
    let firsts: Vec<&str> = last_depth
        .iter()
        .map(|l| info_field(l, "pv").unwrap())
        .collect();
    assert_eq!(firsts.len(), 3, "{lines:?}");
    assert!(firsts[0] != firsts[1] && firsts[1] != firsts[2] && firsts[0] != firsts[2]);
}

#[test]
fn perft_over_uci() {
    let mut e = EngineProcess::start(&[]);
    e.send("position startpos");
    e.send("go perft 4");
    let lines = e.read_until(|l| l.starts_with("Nodes searched"), common::PATIENCE);
    assert_eq!(lines.last().unwrap(), "Nodes searched: 273026");
    assert!(lines.iter().any(|l| l.starts_with("e3e4: ")));
}

/// The last `score cp` of a search to `depth` from `fen`, from a fresh table.
fn final_centipawns(e: &mut EngineProcess, fen: &str, depth: u32) -> i32 {
    e.send("ucinewgame");
    e.send(&format!("position fen {fen}"));
    e.send(&format!("go depth {depth}"));
    let (kind, value) = last_score(&e.until_bestmove());
    assert_eq!(kind, "cp");
    value
}

/// `Calibrated Score` shows the same search's score on the calibrated scale: in an
/// ending with pawns (rook and two pawns against khon and two pawns, material 12,
/// K about 2 090 in the fit) about 400/2 090 of the network's centipawns, the same
/// sign; a mate stays a mate.
#[test]
fn calibrated_score_rescales_what_is_shown_by_stage() {
    let fen = "8/3k4/2s5/1p1p4/1P1P4/2R5/3K4/8 w - - 0 40";
    let mut e = EngineProcess::start(&[]);
    let raw = final_centipawns(&mut e, fen, 8);
    assert!(raw > 100, "White is a rook for a khon up: {raw}");
    e.send("setoption name Calibrated Score value true");
    let shown = final_centipawns(&mut e, fen, 8);
    let expected = f64::from(raw) * 400.0 / 2090.6;
    assert!(
        (f64::from(shown) - expected).abs() <= 1.0,
        "raw {raw}, calibrated {shown}, expected {expected:.1}"
    );
    e.send("position fen k7/8/1K6/8/8/8/8/7R w - - 0 1");
    e.send("go depth 3");
    assert_eq!(last_score(&e.until_bestmove()), ("mate".to_string(), 1));
    e.send("setoption name Calibrated Score value false");
    assert_eq!(
        final_centipawns(&mut e, fen, 8),
        raw,
        "off again: the raw score"
    );
}

/// `UCI_ShowWDL` adds `wdl W D L` (per mille, summing to 1000) to every `info` line
/// with a score; a mate is certain.
#[test]
fn show_wdl_adds_chances_to_scored_info_lines() {
    let mut e = EngineProcess::start(&[]);
    e.send("position startpos");
    e.send("go depth 3");
    let lines = e.until_bestmove();
    assert!(!lines.iter().any(|l| l.contains(" wdl ")), "off by default");
    e.send("setoption name UCI_ShowWDL value true");
    e.send("position startpos");
    e.send("go depth 4");
    let lines = e.until_bestmove();
    let scored: Vec<&String> = lines.iter().filter(|l| l.contains(" score ")).collect();
    assert!(!scored.is_empty());
    for line in scored {
        let at = line.find(" wdl ").expect("wdl on a scored line");
        let numbers: Vec<u32> = line[at + 5..]
            .split_whitespace()
            .take(3)
            .map(|n| n.parse().unwrap())
            .collect();
        assert_eq!(numbers.iter().sum::<u32>(), 1000, "{line}");
    }
    // White mates in one (the rook to h8): the win is certain.
    e.send("position fen k7/8/1K6/8/8/8/8/7R w - - 0 1");
    e.send("go depth 3");
    let lines = e.until_bestmove();
    let last = lines.iter().rev().find(|l| l.contains(" score ")).unwrap();
    assert!(last.contains(" wdl 1000 0 0"), "{last}");
}

/// Sends a game and its count in the order `count_first` says: GUIs configure first
/// (`setoption` before `position`), others tell the count after the position.
fn send_counted(e: &mut EngineProcess, position: &str, count: &str, count_first: bool) {
    let option = format!("setoption name CountStarted value {count}");
    if count_first {
        e.send(&option);
        e.send(position);
    } else {
        e.send(position);
        e.send(&option);
    }
}

/// Players' counting (`CountStarted`, pyffish's `count_started`): the engine starts the
/// count when it stands worse, not when it stands better, stops its own count to mate,
/// prints each decision before `bestmove`, keeps it for the next position, and reports
/// values that do not fit the game when they meet it, saying which count it plays
/// under. The same answers whether `setoption` comes before or after `position`.
fn players_counting_over_uci(count_first: bool) {
    let mut e = EngineProcess::start(&[]);
    // K+M v K+R+N, Black (a rook and a horse down) to move at game ply 61.
    let worse = "4k3/8/8/3m4/8/8/3N4/R3K3 b - 128 3 31";
    send_counted(&mut e, &format!("position fen {worse}"), "-1", count_first);
    assert_eq!(
        e.fen(),
        "4k3/8/8/3m4/8/8/3N4/R3K3 b - 128 0 31",
        "pyffish's fields"
    );
    e.send("go nodes 3000");
    let lines = e.until_bestmove();
    let n = lines.len();
    assert_eq!(lines[n - 2], "info string count start", "{lines:?}");
    let reply = bestmove_of(&lines[n - 1]).to_string();
    assert_legal(&Position::from_fen(worse).unwrap(), &reply);
    // The engine keeps its start (count_started 62) for the game's next positions.
    e.send(&format!("position fen {worse} moves {reply} a1a2"));
    let fen = e.fen();
    assert!(
        fen.ends_with(" w - 128 2 32") || fen.ends_with(" b - 128 2 32"),
        "{fen}"
    );
    e.send("d");
    let d = e.sync();
    assert!(
        d.iter().any(|l| l.starts_with("Count: board's honour (players' count): Black counts, 1 of 64")),
        "{d:?}"
    );

    // The stronger side does not start a count.
    let better = "4k3/8/8/3m4/8/8/3N4/R3K3 w - 128 3 31";
    send_counted(&mut e, &format!("position fen {better}"), "-1", count_first);
    e.send("go nodes 3000");
    let lines = e.until_bestmove();
    assert!(
        !lines.iter().any(|l| l.starts_with("info string count")),
        "{lines:?}"
    );

    // White counts (it started at game ply 78) and can mate: it stops first.
    let mate = "k6m/2K5/8/8/8/8/8/2R5 w - 128 20 40";
    send_counted(&mut e, &format!("position fen {mate}"), "79", count_first);
    assert_eq!(e.fen(), "k6m/2K5/8/8/8/8/8/2R5 w - 128 0 40");
    e.send("go depth 4");
    let lines = e.until_bestmove();
    let n = lines.len();
    assert_eq!(lines[n - 2], "info string count stop", "{lines:?}");
    assert_eq!(lines[n - 1], "bestmove c1a1");

    // A value that does not fit the game it meets: said when they meet, the game
    // played under the count it had.
    // Black started its count at game ply 61 (count_started 62), where it stands worse.
    send_counted(&mut e, &format!("position fen {worse}"), "62", count_first);
    let before = e.fen();
    assert_eq!(before, "4k3/8/8/3m4/8/8/3N4/R3K3 b - 128 0 31");
    send_counted(&mut e, &format!("position fen {worse}"), "81", count_first);
    let lines = e.sync();
    let reported = |lines: &[String]| {
        lines.iter().any(|l| {
            l.starts_with("info string error")
                && l.contains("CountStarted 81: beyond the next ply")
                && l.contains("playing with the count running since game ply 62")
        })
    };
    if count_first {
        assert!(reported(&lines), "at position: {lines:?}");
    } else {
        assert!(lines.is_empty(), "it may yet meet its game: {lines:?}");
        e.send("go depth 1");
        let lines = e.until_bestmove();
        assert!(reported(&lines), "at go: {lines:?}");
    }
    assert_eq!(e.fen(), before);
    // Out of range or unreadable: refused at once, naming the option.
    for value in ["-2", "many"] {
        e.send(&format!("setoption name CountStarted value {value}"));
        let lines = e.sync();
        assert!(
            lines
                .iter()
                .any(|l| l.starts_with("info string error: setoption CountStarted")),
            "{value}: {lines:?}"
        );
        assert_eq!(e.fen(), before, "{value}");
    }
    // A new game: players' counting with no count running, whichever came first.
    e.send("ucinewgame");
    send_counted(&mut e, "position startpos", "1", count_first);
    if !count_first {
        e.send("go depth 1");
    }
    let lines = if count_first {
        e.sync()
    } else {
        e.until_bestmove()
    };
    assert!(
        lines.iter().any(|l| l.starts_with("info string error")
            && l.contains("CountStarted 1: a count started at game ply 0, while a pawn")
            && l.contains("players' counting with no count running")),
        "{lines:?}"
    );
    assert_eq!(
        e.fen(),
        "rnsmksnr/8/pppppppp/8/8/PPPPPPPP/8/RNSKMSNR w - - 0 1",
        "ucinewgame kept players' counting with no count running"
    );
    e.send("setoption name UCI_Variant value asean");
    send_counted(&mut e, "position startpos", "-1", count_first);
    e.send("go depth 1");
    let lines = e.until_bestmove();
    assert!(
        lines
            .iter()
            .any(|l| l.contains("asean does not count by hand")
                && l.contains("playing with the automatic count")),
        "{lines:?}"
    );
}

#[test]
fn players_counting_over_uci_count_after_position() {
    players_counting_over_uci(false);
}

#[test]
fn players_counting_over_uci_count_before_position() {
    players_counting_over_uci(true);
}

/// The game, in the order GUIs send it: the variant, the count, then the
/// position with its moves; the count is pyffish's (`count_started=203`).
#[test]
fn a_count_sent_before_the_position_counts_the_position() {
    let game =
        "position fen 4r3/3n4/S1s5/7M/8/4k3/7K/5s2 w - - 0 118 moves h2h1 e3f4 a6b7 e8c8 h1g1";
    for count_first in [true, false] {
        let mut e = EngineProcess::start(&[]);
        e.send("setoption name UCI_Variant value makpong");
        send_counted(&mut e, game, "203", count_first);
        assert_eq!(e.sync(), Vec::<String>::new(), "no complaint");
        assert_eq!(e.fen(), "2r5/1S1n4/2s5/7M/5k2/8/8/5sK1 b - 128 37 120");
        // With ucinewgame between the value and its game, the same.
        let mut e = EngineProcess::start(&[]);
        e.send("setoption name UCI_Variant value makpong");
        e.send("setoption name CountStarted value 203");
        e.send("ucinewgame");
        e.send(game);
        assert_eq!(e.fen(), "2r5/1S1n4/2s5/7M/5k2/8/8/5sK1 b - 128 37 120");
    }
}

/// The game cutechess refereed against Fairy-Max in Cambodian chess: Black's met took
/// on d6 with its first-move leap, which cutechess and Fairy-Max allow and
/// Fairy-Stockfish's rules do not. Khun plays on from the GUI's game, says so once,
/// answers a move legal in it, and still refuses every other illegal move.
#[test]
fn a_move_the_gui_allowed_under_another_reading_is_played_on_from() {
    let before = "r1sm1s1r/2n3k1/pp1Mp1pp/2p1np2/2P5/PP2M1PP/2SN1S2/R2K2NR b Dd - 0 12";
    let mut e = EngineProcess::start(&[]);
    e.send("setoption name UCI_Variant value cambodian");
    e.send(&format!("position fen {before} moves d8d6"));
    let lines = e.sync();
    assert_eq!(lines.len(), 1, "{lines:?}");
    assert!(
        lines[0].starts_with("info string move d8d6 at game ply 23 is not legal")
            && lines[0].contains(
                "cutechess and Fairy-Max let the Cambodian met's first-move leap capture"
            ),
        "{lines:?}"
    );
    e.send("go depth 6");
    let reply = bestmove_of(e.until_bestmove().last().unwrap()).to_string();
    let mut after = Position::from_fen_in(khun::board::Variant::Cambodian, before).unwrap();
    after.play(after.other_reading("d8d6").unwrap().mv);
    assert_legal(&after, &reply);
    // The same game again, a move longer: nothing more is said.
    e.send(&format!("position fen {before} moves d8d6 {reply}"));
    assert_eq!(e.sync(), Vec::<String>::new());
    // Any other illegal move is refused as before.
    e.send(&format!("position fen {before} moves d8d5"));
    let lines = e.sync();
    assert!(
        lines
            .iter()
            .any(|l| l.starts_with("info string error: position: move 1")),
        "{lines:?}"
    );
}
