//! `khun analyze` through the real binary, text and JSON: each depth's best move and
//! score, the calibrated score, the count in words and as players count, mates and
//! stalemates, what the tables say, bad input refused; and `khun tablebase --fen`.
//! Searches are kept tiny (`--depth 1..4`, `--nodes`) so the suite is quick.

mod common;

use common::command_line::{Fields, Json, Scratch, flat, khun, parse_json};

#[test]
fn analyze_shows_each_depth_the_best_move_and_the_count() {
    let r = khun(&["analyze", "--depth", "4"]);
    assert_eq!(r.code, Some(0), "{}", r.stderr);
    let lines: Vec<&str> = r.stdout.lines().collect();
    for d in 1..=4 {
        let row = lines
            .iter()
            .find(|l| l.split_whitespace().next() == Some(&d.to_string()))
            .unwrap_or_else(|| panic!("no line for depth {d}:\n{}", r.stdout));
        // depth, score, nodes, speed, time, then the line from move 1.
        assert!(row.contains("n/s"), "{row}");
        assert!(row.contains(" 1. "), "{row}");
    }
    assert!(
        lines.iter().any(|l| l.starts_with("best move: ")),
        "{}",
        r.stdout
    );
    assert_eq!(
        lines.last().copied(),
        Some("count: no count: pawns on the board")
    );
}

/// `--calibrated-score` shows the same search's score times 400/K (a rook-and-pawns
/// ending: K about 2 090), in the table, the summary and the JSON; the chances are
/// the same.
#[test]
fn analyze_calibrated_score_rescales_what_is_shown() {
    let fen = "8/3k4/2s5/1p1p4/1P1P4/2R5/3K4/8 w - - 0 40";
    let score_of = |extra: &[&str]| {
        let mut args = vec!["analyze", "--fen", fen, "--depth", "8", "--json"];
        args.extend_from_slice(extra);
        let r = khun(&args);
        assert_eq!(r.code, Some(0), "{}", r.stderr);
        let result: serde_json::Value = r
            .stdout
            .lines()
            .map(|l| serde_json::from_str::<serde_json::Value>(l).unwrap())
            .find(|v| v["type"] == "result")
            .expect("a result line");
        (
            result["score"]["cp"].as_i64().unwrap(),
            result["wdl"].clone(),
        )
    };
    let (raw, raw_wdl) = score_of(&[]);
    let (shown, shown_wdl) = score_of(&["--calibrated-score"]);
    assert!(raw > 100, "{raw}");
    let expected = raw as f64 * 400.0 / 2090.6;
    assert!(
        (shown as f64 - expected).abs() <= 1.0,
        "raw {raw}, shown {shown}"
    );
    assert_eq!(raw_wdl, shown_wdl);
    let text = khun(&[
        "analyze",
        "--fen",
        fen,
        "--depth",
        "8",
        "--calibrated-score",
    ]);
    assert!(
        text.stdout
            .contains("calibrated: +1.00 is a 56% expected result")
    );
}

#[test]
fn analyze_counting_state_in_words() {
    // K+R v K, count at 6 of 32 plies: White must mate within 13 moves.
    let r = khun(&[
        "analyze",
        "--fen",
        "8/8/8/4k3/8/8/7R/3K4 b - 32 6 1",
        "--depth",
        "3",
    ]);
    assert_eq!(r.code, Some(0), "{}", r.stderr);
    assert!(
        r.stdout
            .contains("count: piece's honour: White must mate within 13 moves"),
        "{}",
        r.stdout
    );
    // Black to move: the line starts with Black's move number.
    assert!(r.stdout.contains("1... K"), "{}", r.stdout);
    let r = khun(&[
        "analyze",
        "--fen",
        "4k3/8/3M4/8/8/8/r7/RN2K3 w - 128 80 1",
        "--nodes",
        "500",
    ]);
    assert!(
        r.stdout
            .contains("count: board's honour: 40 of 64 moves played"),
        "{}",
        r.stdout
    );
}

#[test]
fn analyze_counts_as_players_count() {
    // Black, a rook and a horse down, with no count running: it would start one.
    let worse = "4k3/8/8/3m4/8/8/3N4/R3K3 b - 128 3 31";
    let r = khun(&[
        "analyze",
        "--fen",
        worse,
        "--count-started",
        "-1",
        "--nodes",
        "3000",
        "--json",
    ]);
    assert_eq!(r.code, Some(0), "{}", r.stderr);
    let last = r.stdout.lines().last().unwrap();
    let result = parse_json(last);
    assert_eq!(result["count_action"], "start", "{last}");
    assert_eq!(result["count"]["count_started"], -1, "{last}");
    // A count White started at game ply 78, and a mate in one: White stops to mate.
    let r = khun(&[
        "analyze",
        "--fen",
        "k6m/2K5/8/8/8/8/8/2R5 w - 128 20 40",
        "--count-started",
        "79",
        "--depth",
        "4",
    ]);
    assert!(
        r.stdout
            .contains("count: board's honour (players' count): White counts"),
        "{}",
        r.stdout
    );
    assert!(
        r.stdout.contains("count: White would stop the count"),
        "{}",
        r.stdout
    );
    // A count that does not fit the game: exit 2 with the reason.
    let r = khun(&["analyze", "--count-started", "5", "--depth", "2"]);
    assert_eq!(r.code, Some(2));
    assert!(r.stderr.contains("beyond the next ply"), "{}", r.stderr);
}

#[test]
fn analyze_finds_mate_and_knows_stalemate() {
    let r = khun(&[
        "analyze",
        "--fen",
        "k7/8/1K6/8/8/8/8/7R w - - 0 1",
        "--depth",
        "4",
    ]);
    assert!(r.stdout.contains("best move: Rh8# (h1h8)"), "{}", r.stdout);
    assert!(r.stdout.contains("White mates in 1"), "{}", r.stdout);
    let r = khun(&["analyze", "--fen", "k7/1R6/1K6/8/8/8/8/8 b - - 0 1"]);
    assert_eq!(r.code, Some(0));
    assert!(
        r.stdout.contains("game over: Stalemate (1/2-1/2)"),
        "{}",
        r.stdout
    );
    assert!(r.stdout.contains("best move: none"), "{}", r.stdout);
}

#[test]
fn analyze_json_is_valid_json_with_lines_and_count() {
    let r = khun(&[
        "analyze",
        "--json",
        "--depth",
        "3",
        "--multipv",
        "2",
        "--moves",
        "f3f4",
        "Nd7",
    ]);
    assert_eq!(r.code, Some(0), "{}", r.stderr);
    let docs: Vec<Json> = r.stdout.lines().map(parse_json).collect();
    assert_eq!(docs[0].field("type").str(), "position");
    assert_eq!(docs[0].field("side_to_move").str(), "white");
    let infos: Vec<&Json> = docs
        .iter()
        .filter(|d| d.field("type").str() == "info")
        .collect();
    assert!(infos.len() >= 6, "3 depths x 2 lines: {}", r.stdout);
    for info in &infos {
        assert!(info.field("nodes").num() > 0.0);
        assert!(info.field("score").field("cp").num().abs() < 1000.0);
        let wdl = info.field("wdl");
        let per_mille = ["win", "draw", "loss"].map(|k| wdl.field(k).num());
        assert_eq!(per_mille.iter().sum::<f64>(), 1000.0, "{info:?}");
        // The SAN line starts at White's second move.
        assert!(info.field("pv_san").str().starts_with("2. "), "{info:?}");
    }
    let result = docs.last().unwrap();
    assert_eq!(result.field("type").str(), "result");
    assert_eq!(result.field("lines").arr().len(), 2);
    let best = result.field("best_move").str();
    assert_eq!(
        result.field("lines").arr()[0].field("pv").arr()[0].str(),
        best
    );
    assert_eq!(
        result.field("count").field("text").str(),
        "no count: pawns on the board"
    );
    assert_eq!(result.field("game_over"), &Json::Null);
}

#[test]
fn analyze_and_annotate_say_what_the_tables_say_with_the_count() {
    // K+R v K+M under the board's honour: the rook side converts in 27 plies with
    // 128 of the count left, and the count runs out first with 9 left.
    let early = "8/8/3k4/3m4/8/8/8/R3K3 w - 128 0 60";
    let late = "8/8/3k4/3m4/8/8/8/R3K3 w - 128 120 60";
    let r = khun(&["analyze", "--fen", early, "--depth", "3"]);
    assert!(
        r.stdout.contains(
            "table: KRvKM: White wins within the count, a mate or a won bare-king ending in 14 moves"
        ),
        "{}",
        r.stdout
    );
    let r = khun(&["analyze", "--json", "--fen", late, "--depth", "3"]);
    let table = parse_json(r.stdout.lines().last().unwrap());
    let table = table.field("table");
    assert_eq!(table.field("ending").str(), "KRvKM");
    assert_eq!(table.field("winner"), &Json::Null);
    assert_eq!(table.field("plies").num(), 27.0);
    assert_eq!(table.field("count_runs_out"), &Json::Bool(true));
    // No table covers the start.
    let r = khun(&["analyze", "--json", "--depth", "1"]);
    let result = parse_json(r.stdout.lines().last().unwrap());
    assert_eq!(result.field("table"), &Json::Null);

    // Annotated: said where the game starts in a table's ending (before the first
    // move) and where a move changes the verdict, not after every move.
    let scratch = Scratch::new("table-words");
    let path = scratch.write(
        "late.pgn",
        &format!("[FEN \"{late}\"]\n\n60. Kd2 Kc5 61. Kc3 Kd6 *\n"),
    );
    let r = khun(&["annotate", &path, "--depth", "2"]);
    assert_eq!(r.code, Some(0), "{}", r.stderr);
    let text = flat(&r.stdout);
    let said = "KRvKM: drawn, the count runs out first";
    assert_eq!(text.matches(said).count(), 1, "{text}");
    assert!(text.find(said) < text.find("60. Kd2"), "{text}");
    // With the whole count left the same ending is a win.
    let path = scratch.write(
        "early.pgn",
        &format!("[FEN \"{early}\"]\n\n60. Kd2 Kc5 *\n"),
    );
    let svg = scratch.path("early.svg").to_str().unwrap().to_string();
    let r = khun(&["annotate", &path, "--depth", "2", "--svg", &svg]);
    assert_eq!(r.code, Some(0), "{}", r.stderr);
    let text = flat(&r.stdout);
    assert!(
        text.contains("KRvKM: White wins within the count"),
        "{text}"
    );
    // The graph marks the table's verdict: one band for the four positions, White's.
    let drawn = std::fs::read_to_string(&svg).unwrap();
    assert_eq!(drawn.matches("class=\"tbwhite\"").count(), 1, "{drawn}");
    assert!(
        drawn.contains("<title>table: KRvKM: White wins within the count"),
        "{drawn}"
    );
    let late_path = scratch.path("late.pgn").to_str().unwrap().to_string();
    let r = khun(&["annotate", &late_path, "--depth", "2", "--svg", &svg]);
    assert_eq!(r.code, Some(0), "{}", r.stderr);
    let drawn = std::fs::read_to_string(&svg).unwrap();
    assert_eq!(drawn.matches("class=\"tbcount\"").count(), 1, "{drawn}");
    assert!(!drawn.contains("tbwhite\""), "{drawn}");
}

/// `khun tablebase --fen` says what `analyze` says of a table position, in the same
/// words, and names a position no table covers.
#[test]
fn tablebase_fen_gives_the_verdict_with_the_count() {
    let r = khun(&[
        "tablebase",
        "--fen",
        "8/8/3k4/3m4/8/8/8/R3K3 w - 128 120 60",
    ]);
    assert_eq!(r.code, Some(0), "{}", r.stderr);
    assert!(r.stdout.contains("ending: KRvKM\n"), "{}", r.stdout);
    assert!(r.stdout.contains("count: board's honour"), "{}", r.stdout);
    assert!(
        r.stdout.contains(
            "table: KRvKM: drawn, the count runs out first (White needs 14 moves to a mate \
             or a won bare-king ending, the count leaves 5)"
        ),
        "{}",
        r.stdout
    );
    let r = khun(&["tablebase", "--fen", "k7/2K5/8/8/8/8/8/1R6 b - 32 10 60"]);
    assert!(
        r.stdout
            .contains("table: KRvK: White wins within the count, mate in 1 move\n"),
        "{}",
        r.stdout
    );
    let r = khun(&["tablebase", "--fen", "4k3/8/8/8/8/8/4P3/4K3 w - - 0 1"]);
    assert!(r.stdout.starts_with("no table:"), "{}", r.stdout);
}

#[test]
fn analyze_json_reports_mates_and_game_over() {
    let r = khun(&[
        "analyze",
        "--json",
        "--fen",
        "k7/8/1K6/8/8/8/8/7R w - - 0 1",
        "--depth",
        "3",
    ]);
    let result = parse_json(r.stdout.lines().last().unwrap());
    assert_eq!(result.field("best_move_san").str(), "Rh8#");
    assert_eq!(result.field("score").field("mate").num(), 1.0);
    let r = khun(&[
        "analyze",
        "--json",
        "--fen",
        "k7/1R6/1K6/8/8/8/8/8 b - 32 10 54",
    ]);
    let result = parse_json(r.stdout.lines().last().unwrap());
    assert_eq!(result.field("best_move"), &Json::Null);
    assert_eq!(result.field("game_over").field("reason").str(), "Stalemate");
    assert_eq!(result.field("count").field("kind").str(), "piece's honour");
}

#[test]
fn analyze_bad_input_is_refused_with_a_message() {
    let r = khun(&["analyze", "--fen", "not a fen"]);
    assert_eq!(r.code, Some(2));
    assert!(r.stderr.starts_with("khun analyze: --fen:"), "{}", r.stderr);
    let r = khun(&["analyze", "--moves", "f3f4", "Xe5"]);
    assert_eq!(r.code, Some(2));
    assert!(r.stderr.contains("move 2 of the list"), "{}", r.stderr);
    let r = khun(&["analyze", "--depth", "0"]);
    assert_eq!(r.code, Some(2));
    let r = khun(&["analyze", "--depth", "3", "--nodes", "100"]);
    assert_eq!(r.code, Some(2), "one limit at a time");
}
