//! Black-box tests of the real binary's command-line analysis: `khun analyze` (text and
//! JSON) and `khun annotate` (PGN in both letter sets, the counting rules' events, bad
//! input, SVG). Searches are kept tiny (`--depth 1..4`, `--nodes`) so the suite is quick.

mod common;

use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};

/// What a finished `khun` run left behind.
struct Run {
    code: Option<i32>,
    stdout: String,
    stderr: String,
}

fn khun(args: &[&str]) -> Run {
    let out = Command::new(env!("CARGO_BIN_EXE_khun"))
        .args(args)
        .stdin(Stdio::null())
        .output()
        .expect("run khun");
    Run {
        code: out.status.code(),
        stdout: String::from_utf8_lossy(&out.stdout).into_owned(),
        stderr: String::from_utf8_lossy(&out.stderr).into_owned(),
    }
}

/// The error messages among stderr's lines (the others are game summaries).
fn error_lines(stderr: &str) -> Vec<&str> {
    stderr
        .lines()
        .filter(|l| l.starts_with("khun annotate: "))
        .collect()
}

fn data(name: &str) -> String {
    Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("engine-tests/data")
        .join(name)
        .to_string_lossy()
        .into_owned()
}

/// A scratch directory for one test, removed when the test ends.
struct Scratch(PathBuf);

impl Scratch {
    fn new(test: &str) -> Scratch {
        let dir = std::env::temp_dir().join(format!("khun-cli-{}-{test}", std::process::id()));
        std::fs::create_dir_all(&dir).expect("scratch dir");
        Scratch(dir)
    }

    fn path(&self, name: &str) -> PathBuf {
        self.0.join(name)
    }

    /// Writes `text` to a file in the directory; returns its path.
    fn write(&self, name: &str, text: &str) -> String {
        let path = self.path(name);
        std::fs::write(&path, text).expect("write scratch file");
        path.to_string_lossy().into_owned()
    }
}

impl Drop for Scratch {
    fn drop(&mut self) {
        // A failed test leaves its files to look at.
        if std::thread::panicking() {
            eprintln!("the test's files are kept in {}", self.0.display());
        } else {
            let _ = std::fs::remove_dir_all(&self.0);
        }
    }
}

/// The movetext of a PGN output on one line, whitespace collapsed.
fn flat(pgn: &str) -> String {
    pgn.split_whitespace().collect::<Vec<_>>().join(" ")
}

/// What is written between the move `mv` (e.g. `56. Nxd5+`, whatever `?!`/`?`/`??`
/// the annotator gave it) and the next move number.
fn after_move<'a>(flat: &'a str, mv: &str) -> &'a str {
    let (at, written) = ["", "?!", "?", "??"]
        .iter()
        .find_map(|glyph| {
            let written = format!(" {mv}{glyph} ");
            flat.find(&written).map(|at| (at, written))
        })
        .unwrap_or_else(|| panic!("move '{mv}' not in the output:\n{flat}"));
    let rest = &flat[at + written.len()..];
    // The next move number: a space, digits and a dot, outside comments.
    let mut depth = 0;
    let bytes = rest.as_bytes();
    for i in 0..bytes.len() {
        match bytes[i] {
            b'{' | b'(' => depth += 1,
            b'}' | b')' => depth -= 1,
            b' ' if depth == 0 && bytes.get(i + 1).is_some_and(|c| c.is_ascii_digit()) => {
                let word: String = rest[i + 1..].chars().take_while(|c| *c != ' ').collect();
                if word.ends_with('.') {
                    return &rest[..i];
                }
            }
            _ => {}
        }
    }
    rest
}

// ---------------------------------------------------------------------------------
// JSON: each line read with serde_json, fields looked up strictly (a missing field or
// a value of the wrong type fails the test).

use serde_json::Value as Json;

trait Fields {
    fn field(&self, key: &str) -> &Json;
    fn str(&self) -> &str;
    fn num(&self) -> f64;
    fn arr(&self) -> &[Json];
}

impl Fields for Json {
    fn field(&self, key: &str) -> &Json {
        self.as_object()
            .unwrap_or_else(|| panic!("not an object: {self}"))
            .get(key)
            .unwrap_or_else(|| panic!("no field '{key}' in {self}"))
    }

    fn str(&self) -> &str {
        self.as_str()
            .unwrap_or_else(|| panic!("not a string: {self}"))
    }

    fn num(&self) -> f64 {
        self.as_f64()
            .unwrap_or_else(|| panic!("not a number: {self}"))
    }

    fn arr(&self) -> &[Json] {
        self.as_array()
            .unwrap_or_else(|| panic!("not an array: {self}"))
    }
}

fn parse_json(text: &str) -> Json {
    serde_json::from_str(text).unwrap_or_else(|e| panic!("not JSON ({e}): {text}"))
}

// ---------------------------------------------------------------------------------
// analyze

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

// ---------------------------------------------------------------------------------
// annotate

/// Seed 000's game, worked out with pyffish by `engine-tests/data/seed000_counts.py`:
/// 331 plies; board's honour starts at ply 111 (56. Nxd5+, limit 128 plies, counter 0);
/// piece's honour replaces it at ply 113 (57. Nxb4, limit 128, counter 8: 4 pieces, so
/// White has 60 moves, up to move 117); the count runs out at ply 234 (117... Ka6,
/// counter 129); the game ends at ply 331 in stalemate (8/8/8/8/7N/5K2/5M2/5k2 b), a draw.
#[test]
fn seed_game_is_read_in_full_with_its_count_events_and_result() {
    let r = khun(&["annotate", &data("seed000-game.pgn"), "--depth", "1"]);
    assert_eq!(r.code, Some(0), "{}", r.stderr);
    // stderr is a pipe here: no progress display, no error; the game's summary, with
    // both counts: where each started, the first replaced, the second run out.
    assert!(!r.stderr.contains('\x1b'), "{}", r.stderr);
    let summary: Vec<&str> = r.stderr.lines().collect();
    assert_eq!(summary.len(), 2, "{}", r.stderr);
    assert!(
        summary[0].starts_with("game 1, 1/2-1/2: White ") && summary[0].contains("; Black "),
        "{}",
        summary[0]
    );
    assert!(summary[0].contains(" cp; Black "), "{}", summary[0]);
    assert_eq!(
        summary[1],
        "  count: board's honour from 56. Nxd5+ (64 moves), replaced by the next; \
         piece's honour from 57. Nxb4 (White to mate within 60 moves), ran out after 117... Ka6"
    );
    assert!(r.stdout.contains("[Result \"1/2-1/2\"]"), "{}", r.stdout);
    let text = flat(&r.stdout);
    assert!(!text.contains("stopped:"), "{text}");

    let at_56 = after_move(&text, "56. Nxd5+");
    assert!(
        at_56.contains(
            "count: board's honour count starts: 64 moves (128 plies), counter at 0; \
             unless the game ends first, it is drawn by the count after 120..."
        ),
        "{at_56}"
    );
    let at_57 = after_move(&text, "57. Nxb4");
    assert!(
        at_57.contains(
            "count: piece's honour count starts, replacing the board's honour count: \
             White must mate within 60 moves (limit 64 moves = 128 plies, counter at 8 for \
             4 pieces); unless the game ends first, it is drawn by the count after 117..."
        ),
        "{at_57}"
    );
    let at_117 = after_move(&text, "117... Ka6");
    assert!(
        at_117.contains("count: the count has run out (ply 129 of 128)"),
        "{at_117}"
    );
    // No other count event anywhere.
    assert_eq!(text.matches("count starts").count(), 2, "{text}");
    assert_eq!(text.matches("has run out").count(), 1, "{text}");
    // Every move of the 166 is there, with its evaluation; then the real end.
    let end = after_move(&text, "166. Mf2");
    assert!(end.starts_with("{[%eval"), "{end}");
    assert!(
        end.contains("end: stalemate, Black has no legal move: a draw (1/2-1/2)"),
        "{end}"
    );
    assert!(end.trim_end().ends_with("1/2-1/2"), "{end}");
    let moves = text
        .split(' ')
        .filter(|w| w.ends_with('.') && w[..w.len() - 1].chars().all(|c| c.is_ascii_digit()))
        .count();
    assert!(moves >= 166, "{moves} White move numbers");

    // The annotated game reads back, all of it.
    let scratch = Scratch::new("seed");
    let again = scratch.write("seed-annotated.pgn", &r.stdout);
    let r2 = khun(&["annotate", &again, "--depth", "1"]);
    assert_eq!(r2.code, Some(0), "{}", r2.stderr);
    assert!(flat(&r2.stdout).contains("166. Mf2"));
}

#[test]
fn makruk_match_pgn_is_read_back() {
    let original = std::fs::read_to_string(data("makruk-match-sample.pgn")).unwrap();
    let r = khun(&[
        "annotate",
        &data("makruk-match-sample.pgn"),
        "--nodes",
        "200",
    ]);
    assert_eq!(r.code, Some(0), "{}", r.stderr);
    let results = |text: &str| -> Vec<String> {
        text.lines()
            .filter(|l| l.starts_with("[Result "))
            .map(str::to_string)
            .collect()
    };
    assert_eq!(results(&original).len(), 10);
    assert_eq!(results(&r.stdout), results(&original));
    let plies = |text: &str| -> Vec<String> {
        text.lines()
            .filter(|l| l.starts_with("[PlyCount "))
            .map(str::to_string)
            .collect()
    };
    assert_eq!(plies(&r.stdout), plies(&original));
    // Every game the runner ended with a mate ends in mate here too.
    let mates = original.matches(" mates}").count();
    assert_eq!(flat(&r.stdout).matches("end: checkmate").count(), mates);
    // Thai letters and "=M" promotions came through.
    assert!(r.stdout.contains("axb6=M"), "{}", r.stdout);
}

#[test]
fn bad_pgn_gives_clear_errors_and_the_other_games_are_annotated() {
    let pgn = "[Event \"letter\"]\n[White \"A\"]\n[Black \"B\"]\n\n1. f4 f5 2. Xf3 Nf6 *\n\n\
               [Event \"illegal\"]\n[White \"C\"]\n[Black \"D\"]\n\n1. f4 f5 2. Nf3 Ke5 3. c4 1-0\n\n\
               [Event \"no result\"]\n\n1. f4 f5\n\n\
               [Event \"good\"]\n\n1. f4 f5 2. Nf3 *\n\n\
               [Event \"comment\"]\n\n1. f4 {never closed\nf5 *\n";
    let scratch = Scratch::new("bad");
    let path = scratch.write("bad.pgn", pgn);
    let r = khun(&["annotate", &path, "--depth", "1"]);
    assert_eq!(r.code, Some(1), "errors give a failing exit code");
    let err = error_lines(&r.stderr);
    assert_eq!(err.len(), 4, "{}", r.stderr);
    // A summary for each game written: 1, 2 and 4.
    let summaries: Vec<&str> = r
        .stderr
        .lines()
        .filter(|l| l.starts_with("game "))
        .collect();
    assert_eq!(summaries.len(), 3, "{}", r.stderr);
    assert!(
        summaries[2].starts_with("game 4, *: White "),
        "{}",
        summaries[2]
    );
    assert!(
        err[0].starts_with(
            "khun annotate: game 1 (A - B), line 5: move 2. 'Xf3': unknown piece letter 'X'"
        ),
        "{}",
        err[0]
    );
    assert!(
        err[1].starts_with(
            "khun annotate: game 2 (C - D), line 11: move 2... 'Ke5' is not a legal move here"
        ),
        "{}",
        err[1]
    );
    assert!(
        err[2].starts_with("khun annotate: game 3, line 15: the game has no result"),
        "{}",
        err[2]
    );
    assert!(
        err[3]
            .starts_with("khun annotate: game 5, line 23: comment opened with '{' is never closed"),
        "{}",
        err[3]
    );
    // Games 1 and 2 up to their bad move, and game 4 in full.
    let text = flat(&r.stdout);
    assert_eq!(text.matches("[Event ").count(), 3, "{text}");
    assert!(
        text.contains("{stopped: move 2. 'Xf3': unknown piece letter"),
        "{text}"
    );
    assert!(text.contains("[Event \"good\"]"), "{text}");
    let good = &text[text.find("[Event \"good\"]").unwrap()..];
    assert!(good.contains(" 2. Nf3 {[%eval"), "{good}");
    assert!(good.ends_with(" *"), "{good}");
}

#[test]
fn annotate_marks_a_blunder_with_the_better_move() {
    // 1. Kd1?? leaves the rook to Black: 1. Rxa2 was the move (rook and met against
    // a bare king, mated in 24 plies where the count that capture starts, 32 8, leaves
    // 25; with the king on e8 it would take 28, a draw by the count, which the tables
    // now see).
    let scratch = Scratch::new("blunder");
    let path = scratch.write(
        "blunder.pgn",
        "[FEN \"7k/8/8/8/8/8/r7/R3KM2 w - - 0 1\"]\n\n1. Kd1 Rxa1+ *\n",
    );
    let r = khun(&["annotate", &path, "--depth", "4"]);
    assert_eq!(r.code, Some(0), "{}", r.stderr);
    let text = flat(&r.stdout);
    let at_1 = after_move(&text, "1. Kd1??");
    assert!(at_1.contains("blunder: loses"), "{at_1}");
    assert!(at_1.contains("Rxa2 was better"), "{at_1}");
    assert!(
        at_1.contains("(1. Rxa2"),
        "the better line as a variation: {at_1}"
    );
    // Black's reply is the engine's own choice: no mark.
    assert!(text.contains("1... Rxa1+ {"), "{text}");
    assert!(
        r.stderr
            .starts_with("game 1, *: White 0 inaccuracies, 0 mistakes, 1 blunder, average loss "),
        "{}",
        r.stderr
    );

    // The same in JSON, one line for the game.
    let json = scratch.path("blunder.jsonl");
    let r = khun(&[
        "annotate",
        &path,
        "--depth",
        "4",
        "--json",
        json.to_str().unwrap(),
    ]);
    assert_eq!(r.code, Some(0), "{}", r.stderr);
    let text = std::fs::read_to_string(&json).unwrap();
    let lines: Vec<Json> = text.lines().map(parse_json).collect();
    assert_eq!(lines.len(), 1, "{text}");
    let g = &lines[0];
    assert_eq!(g.field("type").str(), "game");
    assert_eq!(g.field("game").num(), 1.0);
    assert_eq!(g.field("games_in_file").num(), 1.0);
    assert_eq!(g.field("plies").num(), 2.0);
    assert_eq!(g.field("result").str(), "*");
    assert_eq!(g.field("result_in_file").str(), "*");
    assert_eq!(g.field("error"), &Json::Null);
    assert_eq!(g.field("end"), &Json::Null);
    assert!(
        g.field("start_fen")
            .str()
            .starts_with("7k/8/8/8/8/8/r7/R3KM2 w")
    );
    // The tables see Rxa2's mate.
    assert!(g.field("start_score").field("mate").num() > 0.0);
    let white = g.field("summary").field("white");
    assert_eq!(white.field("moves").num(), 1.0);
    assert_eq!(white.field("blunders").num(), 1.0);
    assert_eq!(white.field("inaccuracies").num(), 0.0);
    assert!(white.field("average_loss_cp").num() >= 300.0);
    let black = g.field("summary").field("black");
    assert_eq!(black.field("blunders").num(), 0.0);
    assert_eq!(black.field("average_loss_cp").num(), 0.0);
    assert!(g.field("summary").field("counts").arr().len() <= 1);
    let moves = g.field("moves").arr();
    assert_eq!(moves.len(), 2);
    assert_eq!(moves[0].field("number").str(), "1.");
    assert_eq!(moves[0].field("san").str(), "Kd1");
    assert_eq!(moves[0].field("uci").str(), "e1d1");
    assert_eq!(moves[0].field("judgement").str(), "blunder");
    assert_eq!(moves[0].field("best_move_san").str(), "Rxa2");
    assert!(moves[0].field("loss_cp").num() >= 300.0);
    assert_eq!(moves[0].field("draw_offer"), &Json::Bool(false));
    assert!(moves[0].field("depth").num() >= 4.0);
    assert_eq!(moves[1].field("san").str(), "Rxa1+");
    assert_eq!(moves[1].field("judgement"), &Json::Null);
}

#[test]
fn annotate_writes_the_file_and_the_svg_graph() {
    // K+R v K with the count at 30 of 32 plies: it runs out with 55. Rh1.
    let scratch = Scratch::new("runout");
    let path = scratch.write(
        "runout.pgn",
        "[FEN \"k7/8/1K6/8/8/8/8/7R w - 32 30 54\"]\n[Result \"*\"]\n\n54. Rh2 Kb8 55. Rh1 *\n",
    );
    let out = scratch.path("runout-annotated.pgn");
    let svg = scratch.path("runout.svg");
    let r = khun(&[
        "annotate",
        &path,
        "--depth",
        "2",
        "-o",
        out.to_str().unwrap(),
        "--svg",
        svg.to_str().unwrap(),
    ]);
    assert_eq!(r.code, Some(0), "{}", r.stderr);
    assert_eq!(r.stdout, "", "the PGN goes to the file");
    let pgn = std::fs::read_to_string(&out).unwrap();
    let text = flat(&pgn);
    assert!(
        text.contains("count: piece's honour count is running: White must mate within 2 moves"),
        "{text}"
    );
    assert!(
        after_move(&text, "55. Rh1??").contains("count: the count has run out (ply 33 of 32)"),
        "{text}"
    );
    assert!(pgn.contains("[Result \"1/2-1/2\"]"), "{pgn}");
    let svg = std::fs::read_to_string(&svg).unwrap();
    assert!(svg.starts_with("<svg xmlns=\"http://www.w3.org/2000/svg\""));
    assert!(
        svg.contains("class=\"piece\""),
        "a shaded piece's-honour window"
    );
    assert!(svg.contains("count runs out"));
    assert!(svg.contains("<polyline points="));
    assert!(svg.trim_end().ends_with("</svg>"));
}

#[test]
fn annotate_refuses_a_missing_file_or_an_empty_one() {
    let r = khun(&["annotate", "/nonexistent/game.pgn", "--depth", "1"]);
    assert_eq!(r.code, Some(2));
    assert!(
        r.stderr.contains("cannot read '/nonexistent/game.pgn'"),
        "{}",
        r.stderr
    );
    let scratch = Scratch::new("empty");
    let path = scratch.write("empty.pgn", "\n\n");
    let r = khun(&["annotate", &path, "--depth", "1"]);
    assert_eq!(r.code, Some(2));
    assert!(r.stderr.contains("no games"), "{}", r.stderr);
}

#[test]
fn annotate_jobs_give_the_same_bytes_in_the_same_order() {
    // Fixed-depth searches on a fresh table per game: the output must not depend on
    // how many jobs shared the games or which job had which game.
    let sample = data("makruk-match-sample.pgn");
    let one = khun(&["annotate", &sample, "--depth", "3", "--jobs", "1"]);
    assert_eq!(one.code, Some(0), "{}", one.stderr);
    assert_eq!(one.stdout.matches("[Event ").count(), 10);
    for jobs in ["2", "3"] {
        let many = khun(&["annotate", &sample, "--depth", "3", "--jobs", jobs]);
        assert_eq!(many.code, Some(0), "{}", many.stderr);
        assert!(
            many.stdout == one.stdout,
            "--jobs {jobs} differs from --jobs 1"
        );
        assert_eq!(many.stderr, one.stderr);
    }
    // Errors in single games come out in file order too, each game's once.
    let scratch = Scratch::new("jobs");
    let mut pgn = String::new();
    for i in 0..6 {
        let bad = if i % 2 == 1 { "Xf3" } else { "Nf3" };
        pgn.push_str(&format!(
            "[White \"W{i}\"]\n[Black \"B{i}\"]\n\n1. f4 f5 2. {bad} Nf6 *\n\n"
        ));
    }
    let path = scratch.write("mixed.pgn", &pgn);
    let one = khun(&["annotate", &path, "--depth", "2", "--jobs", "1"]);
    let two = khun(&["annotate", &path, "--depth", "2", "--jobs", "2"]);
    assert_eq!(one.code, Some(1));
    assert_eq!(two.code, Some(1));
    assert_eq!(two.stdout, one.stdout);
    assert_eq!(two.stderr, one.stderr);
    let errors = error_lines(&two.stderr);
    assert_eq!(errors.len(), 3, "{}", two.stderr);
    for (line, game) in errors.iter().zip([2, 4, 6]) {
        assert!(
            line.starts_with(&format!(
                "khun annotate: game {game} (W{} - B{})",
                game - 1,
                game - 1
            )),
            "{line}"
        );
    }
    let r = khun(&["annotate", &path, "--jobs", "0"]);
    assert_eq!(r.code, Some(2), "{}", r.stderr);
}

/// The game numbers named by the `% khun annotate --shard` lines of an output.
fn shard_games(out: &str) -> Vec<usize> {
    out.lines()
        .filter_map(|l| l.strip_prefix("% khun annotate --shard "))
        .map(|l| {
            let game = l.split(": game ").nth(1).unwrap();
            game.split(" of ").next().unwrap().parse().unwrap()
        })
        .collect()
}

#[test]
fn shards_cover_every_game_exactly_once_and_merge_back() {
    // The ten makruk-match games, then one without a result (unreadable) and one
    // that stops at an illegal move: twelve games, counted from 0 for the shards.
    let scratch = Scratch::new("shards");
    let mut pgn = std::fs::read_to_string(data("makruk-match-sample.pgn")).unwrap();
    pgn.push_str("\n[Event \"no result\"]\n\n1. f4 f5\n\n");
    pgn.push_str("[Event \"illegal\"]\n\n1. f4 f5 2. Nf3 Ke5 *\n");
    let path = scratch.write("twelve.pgn", &pgn);
    let whole_json = scratch.path("whole.jsonl");
    let whole = khun(&[
        "annotate",
        &path,
        "--depth",
        "1",
        "--jobs",
        "1",
        "--json",
        whole_json.to_str().unwrap(),
    ]);
    let whole_json = std::fs::read_to_string(&whole_json).unwrap();
    assert_eq!(whole_json.lines().count(), 12, "a line for every game");
    assert_eq!(whole.code, Some(1), "two games have errors");
    assert_eq!(whole.stdout.matches("[Event ").count(), 11);
    for n in 1..=4 {
        let mut seen = Vec::new();
        let mut outputs = Vec::new();
        let mut jsons = Vec::new();
        let mut errors = String::new();
        for k in 0..n {
            let out = scratch.path(&format!("out-{k}-of-{n}.pgn"));
            let json = scratch.path(&format!("out-{k}-of-{n}.jsonl"));
            let r = khun(&[
                "annotate",
                &path,
                "--depth",
                "1",
                "--shard",
                &format!("{k}/{n}"),
                "-o",
                out.to_str().unwrap(),
                "--json",
                json.to_str().unwrap(),
            ]);
            jsons.push(json.to_str().unwrap().to_string());
            let text = std::fs::read_to_string(&out).unwrap();
            let games = shard_games(&text);
            for &g in &games {
                assert_eq!((g - 1) % n, k, "game {g} in shard {k}/{n}");
            }
            let has_error = games.contains(&11) || games.contains(&12);
            assert_eq!(r.code, Some(if has_error { 1 } else { 0 }), "{}", r.stderr);
            errors.push_str(&r.stderr);
            seen.extend(games);
            outputs.push(out.to_str().unwrap().to_string());
        }
        seen.sort();
        assert_eq!(seen, (1..=12).collect::<Vec<_>>(), "{n} shards");
        assert_eq!(error_lines(&errors).len(), 2, "{errors}");
        // Merged in any order of arguments: the one-run output, byte for byte.
        outputs.reverse();
        let mut args = vec!["merge-shards"];
        args.extend(outputs.iter().map(String::as_str));
        let merged = khun(&args);
        assert_eq!(merged.code, Some(0), "{}", merged.stderr);
        assert!(merged.stdout == whole.stdout, "{n} shards merged differ");
        let mut args = vec!["merge-shards"];
        args.extend(jsons.iter().map(String::as_str));
        let merged = khun(&args);
        assert_eq!(merged.code, Some(0), "{}", merged.stderr);
        assert!(merged.stdout == whole_json, "{n} JSON shards merged differ");
        if n > 1 {
            let merged = khun(&args[..args.len() - 1]);
            assert_eq!(merged.code, Some(2));
            assert!(merged.stderr.contains("missing"), "{}", merged.stderr);
        }
    }
    let r = khun(&["annotate", &path, "--shard", "4/4"]);
    assert_eq!(r.code, Some(2));
    assert!(r.stderr.contains("expected K/N"), "{}", r.stderr);
    let r = khun(&["merge-shards", &path]);
    assert_eq!(r.code, Some(2));
    assert!(r.stderr.contains("not the output of"), "{}", r.stderr);
}

// ---------------------------------------------------------------------------
// annotate --resume, and stopping on signals

/// The collection the resume tests annotate: the ten makruk-match games twice.
fn twenty_games(scratch: &Scratch) -> String {
    let sample = std::fs::read_to_string(data("makruk-match-sample.pgn")).unwrap();
    scratch.write("twenty.pgn", &format!("{sample}\n{sample}"))
}

/// Forty games (the sample four times): a shard of two still has twenty, enough
/// that a resumed run is still going when the test stops it a second time.
fn forty_games(scratch: &Scratch) -> String {
    let sample = std::fs::read_to_string(data("makruk-match-sample.pgn")).unwrap();
    scratch.write(
        "forty.pgn",
        &format!("{sample}\n{sample}\n{sample}\n{sample}"),
    )
}

/// Starts `khun` with `args`, stderr kept for the end.
fn spawn_khun(args: &[&str]) -> std::process::Child {
    Command::new(env!("CARGO_BIN_EXE_khun"))
        .args(args)
        .stdin(Stdio::null())
        .stdout(Stdio::null())
        .stderr(Stdio::piped())
        .spawn()
        .expect("start khun")
}

/// The games a progress file records as done.
fn games_recorded(progress: &Path) -> Vec<Json> {
    let text = std::fs::read_to_string(progress).unwrap_or_default();
    text.lines()
        .skip(1)
        .filter_map(|l| serde_json::from_str(l).ok())
        .collect()
}

/// The argument list of an annotate run over `input` into `name`.pgn/.jsonl/.svg.
fn annotate_args(scratch: &Scratch, input: &str, name: &str, extra: &[&str]) -> Vec<String> {
    let mut args: Vec<String> = ["annotate", input, "--depth", "4", "--jobs", "2"]
        .iter()
        .map(|s| s.to_string())
        .collect();
    for (flag, ext) in [("-o", "pgn"), ("--json", "jsonl"), ("--svg", "svg")] {
        args.push(flag.into());
        args.push(
            scratch
                .path(&format!("{name}.{ext}"))
                .to_string_lossy()
                .into_owned(),
        );
    }
    args.extend(extra.iter().map(|s| s.to_string()));
    args
}

fn as_strs(args: &[String]) -> Vec<&str> {
    args.iter().map(String::as_str).collect()
}

/// Starts an annotate run and, once its progress file records `more` games beyond
/// those it has now, sends `signal`; returns the run's exit code and stderr.
fn annotate_until(args: &[String], progress: &Path, more: usize, signal: &str) -> Run {
    let before = games_recorded(progress).len();
    let mut child = spawn_khun(&as_strs(args));
    let running = common::wait_while_running(&mut child, || {
        games_recorded(progress).len() >= before + more
    });
    assert!(running, "the run ended before it could be stopped");
    common::send_signal(&child, signal);
    let out = child.wait_with_output().expect("wait for khun");
    Run {
        code: out.status.code(),
        stdout: String::new(),
        stderr: String::from_utf8_lossy(&out.stderr).into_owned(),
    }
}

/// Asserts the outputs `name`.pgn/.jsonl end at the last game the progress file
/// records, each game whole; returns how many games that is.
fn assert_whole_up_to_the_record(scratch: &Scratch, name: &str) -> usize {
    let games = games_recorded(&scratch.path(&format!("{name}.pgn.progress")));
    let last = games.last().expect("a game recorded");
    let pgn = std::fs::read_to_string(scratch.path(&format!("{name}.pgn"))).unwrap();
    let json = std::fs::read_to_string(scratch.path(&format!("{name}.jsonl"))).unwrap();
    assert_eq!(pgn.len() as f64, last.field("pgn_bytes").num());
    assert_eq!(json.len() as f64, last.field("json_bytes").num());
    assert_eq!(pgn.matches("[Event ").count(), games.len());
    assert_eq!(json.lines().count(), games.len());
    for line in json.lines() {
        assert_eq!(parse_json(line).field("type").str(), "game");
    }
    games.len()
}

fn assert_same_files(scratch: &Scratch, a: &str, b: &str) {
    for ext in ["pgn", "jsonl", "svg"] {
        let (x, y) = (
            std::fs::read(scratch.path(&format!("{a}.{ext}"))).unwrap(),
            std::fs::read(scratch.path(&format!("{b}.{ext}"))).unwrap(),
        );
        assert!(x == y, "{a}.{ext} and {b}.{ext} differ");
    }
}

#[test]
fn annotate_killed_then_stopped_then_resumed_writes_the_uninterrupted_output() {
    let scratch = Scratch::new("resume");
    let input = twenty_games(&scratch);
    let whole = khun(&as_strs(&annotate_args(&scratch, &input, "whole", &[])));
    assert_eq!(whole.code, Some(0), "{}", whole.stderr);
    let progress = scratch.path("part.pgn.progress");

    // SIGKILL: no chance to tidy up.
    let killed = annotate_until(
        &annotate_args(&scratch, &input, "part", &[]),
        &progress,
        2,
        "KILL",
    );
    assert_eq!(killed.code, None, "killed by the signal");
    // SIGTERM on the resumed run: it stops cleanly, the output ends at a whole game.
    let resume = annotate_args(&scratch, &input, "part", &["--resume"]);
    let stopped = annotate_until(&resume, &progress, 2, "TERM");
    assert_eq!(stopped.code, Some(143), "{}", stopped.stderr);
    assert!(stopped.stderr.contains("resuming"), "{}", stopped.stderr);
    let done = assert_whole_up_to_the_record(&scratch, "part");
    assert!((4..20).contains(&done), "{done} games done");
    assert!(
        stopped.stderr.contains(&format!(
            "khun annotate: stopped by SIGTERM after {done} of 20 games"
        )) && stopped.stderr.contains("--resume"),
        "{}",
        stopped.stderr
    );
    // Resumed to the end: the same bytes as the run never stopped, the SVG too.
    let finished = khun(&as_strs(&resume));
    assert_eq!(finished.code, Some(0), "{}", finished.stderr);
    assert!(
        finished
            .stderr
            .contains(&format!("{done} of 20 games done, {} to go", 20 - done)),
        "{}",
        finished.stderr
    );
    assert_same_files(&scratch, "part", "whole");
    // Resuming a finished run changes nothing.
    let again = khun(&as_strs(&resume));
    assert_eq!(again.code, Some(0), "{}", again.stderr);
    assert_same_files(&scratch, "part", "whole");
}

#[test]
fn a_shard_interrupted_and_resumed_writes_the_uninterrupted_shard() {
    let scratch = Scratch::new("resume-shard");
    let input = forty_games(&scratch);
    let shard = ["--shard", "1/2"];
    let whole = khun(&as_strs(&annotate_args(&scratch, &input, "whole", &shard)));
    assert_eq!(whole.code, Some(0), "{}", whole.stderr);
    let progress = scratch.path("part.pgn.progress");
    let mut resume = shard.to_vec();
    resume.push("--resume");
    let args = annotate_args(&scratch, &input, "part", &resume);
    let stopped = annotate_until(&args, &progress, 2, "INT");
    assert_eq!(stopped.code, Some(130), "{}", stopped.stderr);
    let done = assert_whole_up_to_the_record(&scratch, "part");
    assert!(
        stopped
            .stderr
            .contains(&format!("stopped by SIGINT after {done} of 20 games")),
        "{}",
        stopped.stderr
    );
    let killed = annotate_until(&args, &progress, 1, "KILL");
    assert_eq!(killed.code, None);
    let finished = khun(&as_strs(&args));
    assert_eq!(finished.code, Some(0), "{}", finished.stderr);
    assert_same_files(&scratch, "part", "whole");
    // The games are the shard's, each once.
    let text = std::fs::read_to_string(scratch.path("part.pgn")).unwrap();
    assert_eq!(shard_games(&text), (2..=40).step_by(2).collect::<Vec<_>>());
}

#[test]
fn resume_cuts_off_a_torn_tail() {
    // What a kill in the middle of game 6 leaves: games 1-5 recorded, game 6's PGN
    // written in part, its JSON line cut short, its progress line torn.
    let scratch = Scratch::new("resume-torn");
    let input = data("makruk-match-sample.pgn");
    let whole = khun(&as_strs(&annotate_args(&scratch, &input, "whole", &[])));
    assert_eq!(whole.code, Some(0), "{}", whole.stderr);
    let games = games_recorded(&scratch.path("whole.pgn.progress"));
    let fifth = &games[4];
    let cut = |ext: &str, keep: f64, torn: usize| {
        let bytes = std::fs::read(scratch.path(&format!("whole.{ext}"))).unwrap();
        let keep = keep as usize + torn;
        std::fs::write(scratch.path(&format!("part.{ext}")), &bytes[..keep]).unwrap();
    };
    cut("pgn", fifth.field("pgn_bytes").num(), 300);
    cut("jsonl", fifth.field("json_bytes").num(), 50);
    let progress = std::fs::read_to_string(scratch.path("whole.pgn.progress")).unwrap();
    let lines: Vec<&str> = progress.split_inclusive('\n').collect();
    let mut torn: String = lines[..6].concat();
    torn.push_str(&lines[6][..20]);
    std::fs::write(scratch.path("part.pgn.progress"), torn).unwrap();
    let resumed = khun(&as_strs(&annotate_args(
        &scratch,
        &input,
        "part",
        &["--resume"],
    )));
    assert_eq!(resumed.code, Some(0), "{}", resumed.stderr);
    assert!(
        resumed.stderr.contains("5 of 10 games done, 5 to go"),
        "{}",
        resumed.stderr
    );
    assert_same_files(&scratch, "part", "whole");
}

#[test]
fn resume_refuses_other_settings_and_outputs_it_cannot_trust() {
    let scratch = Scratch::new("resume-refused");
    let input = data("makruk-match-sample.pgn");
    let out = scratch.path("out.pgn").to_string_lossy().into_owned();
    let json = scratch.path("out.jsonl").to_string_lossy().into_owned();
    // --resume with no earlier output: a fresh start, the same as without it.
    let plain = khun(&["annotate", &input, "--depth", "2"]);
    let fresh = khun(&[
        "annotate", &input, "--depth", "2", "-o", &out, "--json", &json, "--resume",
    ]);
    assert_eq!(fresh.code, Some(0), "{}", fresh.stderr);
    assert!(std::fs::read_to_string(&out).unwrap() == plain.stdout);
    let before = std::fs::read(&out).unwrap();
    let refused = |args: &[String], why: &str| {
        let r = khun(&as_strs(args));
        assert_eq!(r.code, Some(2), "{args:?}: {}", r.stderr);
        assert!(r.stderr.contains(why), "{args:?}: {}", r.stderr);
        assert!(
            std::fs::read(&out).unwrap() == before,
            "{args:?} changed the output"
        );
    };
    let owned = |args: &[&str]| -> Vec<String> { args.iter().map(|s| s.to_string()).collect() };
    let with = |head: &[&str]| -> Vec<String> {
        let resume = ["-o", &out, "--json", &json, "--resume"];
        owned(&[head, &resume[..]].concat())
    };
    refused(
        &with(&["annotate", &input, "--depth", "3"]),
        "limit: then \"depth 2\", now \"depth 3\"",
    );
    refused(
        &with(&["annotate", &input, "--nodes", "500"]),
        "limit: then \"depth 2\", now \"nodes 500\"",
    );
    refused(
        &with(&["annotate", &input, "--depth", "2", "--shard", "0/2"]),
        "shard: then null, now \"0/2\"",
    );
    refused(
        &with(&["annotate", &input, "--depth", "2", "--variant", "cambodian"]),
        "variant: then \"makruk\", now \"cambodian\"",
    );
    let other = data("seed000-game.pgn");
    refused(&with(&["annotate", &other, "--depth", "2"]), "input: then");
    refused(
        &owned(&["annotate", &input, "--depth", "2", "-o", &out, "--resume"]),
        "json: then true, now false",
    );
    refused(
        &owned(&["annotate", &input, "--depth", "2", "--resume"]),
        "--resume needs",
    );
    // An output with no progress file is not one to resume.
    std::fs::remove_file(scratch.path("out.pgn.progress")).unwrap();
    refused(
        &with(&["annotate", &input, "--depth", "2"]),
        "has no progress file",
    );
}

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
    let games = data("records-sample.pgn");
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
