//! `khun puzzles` through the real binary: a known mate in 2 found with its best move
//! and line, the same mate refused when the count runs out before it, count races
//! (the only mate in time, the only defence that outlasts the count; outside the
//! tables, in pychess.org's documents), a saving only-move, `--resume` after a kill,
//! `--shard` splitting the games, and the output forms read back field by field.

mod common;

use common::command_line::{Scratch, data_path, khun, parse_json};

/// A one-game PGN from `fen`, with `moves` (movetext, may be empty).
fn pgn_from(fen: &str, moves: &str) -> String {
    format!("[Event \"puzzle\"]\n[SetUp \"1\"]\n[FEN \"{fen}\"]\n\n{moves} *\n")
}

/// K+R v K, White to move: 1. Kb6 (the only mate in 2: Black must answer Kb8) and
/// 2. Rh8#. The rook's count allows 16 moves; the fields are the limit (32 plies) and
/// the plies counted so far.
fn rook_mate(counted: u32) -> String {
    format!("k7/7R/2K5/8/8/8/8/8 w - 32 {counted} 1")
}

/// The EPD fields of a line: the FEN, then each `key value` pair.
fn epd_fields(line: &str) -> (String, Vec<(String, String)>) {
    let mut parts = line.split(';');
    let fen = parts.next().unwrap().to_string();
    let fields = parts
        .map(|f| {
            let (k, v) = f
                .split_once(' ')
                .unwrap_or_else(|| panic!("field '{f}' in {line}"));
            (k.to_string(), v.to_string())
        })
        .collect();
    (fen, fields)
}

fn field<'a>(fields: &'a [(String, String)], key: &str) -> &'a str {
    fields
        .iter()
        .find(|(k, _)| k == key)
        .map(|(_, v)| v.as_str())
        .unwrap_or_else(|| panic!("no '{key}' in {fields:?}"))
}

#[test]
fn a_mate_in_two_is_found_with_its_move_and_line() {
    let dir = Scratch::new("puzzles-mate");
    let pgn = dir.write("mate.pgn", &pgn_from(&rook_mate(0), "1. Kb6 Kb8 2. Rh8#"));
    let r = khun(&["puzzles", &pgn, "--depth", "8"]);
    assert_eq!(r.code, Some(0), "{}", r.stderr);
    let lines: Vec<&str> = r.stdout.lines().collect();
    // The start (mate in 2) and the position after 1... Kb8 (mate in 1); Black's
    // move has fewer than three choices, the mate ends the game.
    assert_eq!(lines.len(), 2, "{}", r.stdout);
    let (fen, fields) = epd_fields(lines[0]);
    assert_eq!(fen, rook_mate(0));
    assert_eq!(field(&fields, "variant"), "makruk");
    assert_eq!(field(&fields, "bm"), "Kb6");
    assert_eq!(field(&fields, "pv"), "c6b6,a8b8,h7h8");
    assert_eq!(field(&fields, "type"), "mate");
    assert_eq!(field(&fields, "theme"), "mate in 2");
    assert_eq!(field(&fields, "eval"), "#2");
    assert!(
        field(&fields, "count").contains("ply 0 of 32"),
        "{}",
        lines[0]
    );
    let (_, fields) = epd_fields(lines[1]);
    assert_eq!(field(&fields, "bm"), "Rh8#");
    assert_eq!(field(&fields, "pv"), "h7h8");
    assert_eq!(field(&fields, "theme"), "mate in 1");
    assert_eq!(field(&fields, "ply"), "2");
}

#[test]
fn a_mate_the_count_forbids_is_no_puzzle() {
    let dir = Scratch::new("puzzles-count");
    // With 29 plies counted the mate (3 plies) still fits; with 31 it does not, and a
    // count-aware search scores it a draw.
    let fits = dir.write("fits.pgn", &pgn_from(&rook_mate(29), ""));
    let r = khun(&["puzzles", &fits, "--depth", "8"]);
    assert_eq!(r.code, Some(0), "{}", r.stderr);
    assert_eq!(r.stdout.lines().count(), 1, "{}", r.stdout);
    let too_late = dir.write("late.pgn", &pgn_from(&rook_mate(31), ""));
    let r = khun(&["puzzles", &too_late, "--depth", "8"]);
    assert_eq!(r.code, Some(0), "{}", r.stderr);
    assert_eq!(r.stdout, "", "a mate after the count ran out");
    assert!(
        r.stderr.contains("1 positions searched, 0 puzzles"),
        "{}",
        r.stderr
    );
}

#[test]
fn a_mate_only_the_fastest_line_fits_is_a_count_race() {
    let dir = Scratch::new("puzzles-race");
    // 29 of 32 plies counted: 1. Kb6 Kb8 2. Rh8# mates on ply 32, any other first
    // move (still winning without the count) is drawn by it.
    let pgn = dir.write("race.pgn", &pgn_from(&rook_mate(29), ""));
    let r = khun(&["puzzles", &pgn, "--depth", "8"]);
    assert_eq!(r.code, Some(0), "{}", r.stderr);
    let lines: Vec<&str> = r.stdout.lines().collect();
    assert_eq!(lines.len(), 1, "{}", r.stdout);
    let (fen, fields) = epd_fields(lines[0]);
    assert_eq!(fen, rook_mate(29));
    assert_eq!(field(&fields, "bm"), "Kb6");
    assert_eq!(field(&fields, "pv"), "c6b6,a8b8,h7h8");
    assert_eq!(field(&fields, "type"), "count");
    assert_eq!(field(&fields, "theme"), "win within the count");
    assert_eq!(
        field(&fields, "count"),
        "piece's honour: White must mate within 2 moves (ply 29 of 32), mate on ply 32 of 32"
    );
    assert!(
        r.stderr
            .contains("(0 mate, 0 winning, 0 defensive, 1 count, 0 count decisions)"),
        "{}",
        r.stderr
    );
    // With the count fresh the same mate is a plain mate puzzle.
    let fresh = dir.write("fresh.pgn", &pgn_from(&rook_mate(0), ""));
    let r = khun(&["puzzles", &fresh, "--depth", "8"]);
    let (_, fields) = epd_fields(r.stdout.lines().next().expect("a puzzle"));
    assert_eq!(field(&fields, "type"), "mate");
}

#[test]
fn the_one_defence_that_holds_out_the_count() {
    let dir = Scratch::new("puzzles-hold");
    // Black's bare king, 25 of 32 plies counted: only 1... Kb2 outlasts the count;
    // Ka2 and Kb1 are mated within it.
    let fen = "8/8/8/8/4R3/8/8/k2K4 b - 32 25 1";
    let pgn = dir.write("hold.pgn", &pgn_from(fen, ""));
    let r = khun(&["puzzles", &pgn, "--depth", "8", "--format", "json"]);
    assert_eq!(r.code, Some(0), "{}", r.stderr);
    let lines: Vec<&str> = r.stdout.lines().collect();
    assert_eq!(lines.len(), 1, "{}", r.stdout);
    let v = parse_json(lines[0]);
    assert_eq!(v["fen"].as_str().unwrap(), fen);
    assert_eq!(v["bm"].as_str().unwrap(), "Kb2");
    assert_eq!(v["moves"][0].as_str().unwrap(), "a1b2");
    assert_eq!(v["type"].as_str().unwrap(), "count");
    assert_eq!(v["theme"].as_str().unwrap(), "hold out the count");
    assert_eq!(v["eval"].as_str().unwrap(), "0");
    assert!(
        v["second"].as_str().unwrap().starts_with("#-"),
        "the second defence is mated: {}",
        lines[0]
    );
    assert!(
        v["count"]
            .as_str()
            .unwrap()
            .contains("held: the count runs out on ply 32"),
        "{}",
        lines[0]
    );
}

/// The sorted lines of a run on the match sample at a shallow depth.
fn sample_lines(extra: &[&str]) -> Vec<String> {
    let pgn = data_path("makruk-match-sample.pgn");
    let mut args = vec!["puzzles", &pgn, "--depth", "5", "--format", "json"];
    args.extend_from_slice(extra);
    let r = khun(&args);
    assert_eq!(r.code, Some(0), "{}", r.stderr);
    let mut lines: Vec<String> = r.stdout.lines().map(String::from).collect();
    lines.sort();
    lines
}

#[test]
fn shards_split_the_games_and_json_reads_back() {
    let whole = sample_lines(&[]);
    assert!(!whole.is_empty(), "the sample has puzzles at depth 5");
    let first = sample_lines(&["--shard", "0/2"]);
    let second = sample_lines(&["--shard", "1/2"]);
    for line in &first {
        let game = parse_json(line)["game"].as_u64().unwrap();
        assert_eq!(game % 2, 1, "shard 0/2 holds games 1, 3, 5...: {line}");
    }
    for line in &second {
        assert_eq!(parse_json(line)["game"].as_u64().unwrap() % 2, 0, "{line}");
    }
    let mut both: Vec<String> = first.into_iter().chain(second).collect();
    both.sort();
    assert_eq!(both, whole, "the shards together are the whole run");
    for line in &whole {
        let v = parse_json(line);
        let kind = v["type"].as_str().unwrap();
        assert!(
            ["mate", "winning", "defensive", "count"].contains(&kind),
            "{line}"
        );
        let moves = v["moves"].as_array().unwrap();
        assert!(!moves.is_empty(), "{line}");
        let theme = v["theme"].as_str().unwrap();
        if kind == "mate" {
            let n: usize = theme.strip_prefix("mate in ").unwrap().parse().unwrap();
            assert_eq!(moves.len(), 2 * n - 1, "{line}");
            assert!(v["bm"].as_str().unwrap().ends_with('#') || n > 1, "{line}");
        } else if kind == "winning" {
            assert_eq!(theme, "only move");
        } else if kind == "defensive" {
            assert_eq!(theme, "saving move");
        } else {
            assert!(theme.contains("the count"), "{line}");
        }
        assert!(
            (1..=5).contains(&v["difficulty"].as_u64().unwrap()),
            "{line}"
        );
        assert_eq!(v["variant"].as_str().unwrap(), "makruk");
        assert!(!v["count"].as_str().unwrap().is_empty());
    }
}

#[test]
fn a_killed_run_resumes_after_its_last_game() {
    let dir = Scratch::new("puzzles-resume");
    let pgn = data_path("makruk-match-sample.pgn");
    let out = dir.path("out.epd").to_string_lossy().into_owned();
    let progress = format!("{out}.progress");
    let run = |extra: &[&str]| {
        let mut args = vec!["puzzles", &pgn, "--depth", "5", "--out", &out];
        args.extend_from_slice(extra);
        khun(&args)
    };
    let r = run(&[]);
    assert_eq!(r.code, Some(0), "{}", r.stderr);
    let whole = std::fs::read_to_string(&out).unwrap();
    let journal = std::fs::read_to_string(&progress).unwrap();
    let lines: Vec<&str> = journal.lines().collect();
    assert_eq!(
        lines.len(),
        11,
        "a settings line and one line per game: {journal}"
    );
    // Killed during game 5: four games recorded, the fifth's line torn and its
    // puzzles written in part.
    let kept: String = lines[..5].iter().map(|l| format!("{l}\n")).collect();
    std::fs::write(&progress, format!("{kept}{}", &lines[5][..10])).unwrap();
    let recorded = parse_json(lines[4])["bytes"].as_u64().unwrap() as usize;
    std::fs::write(&out, format!("{}k7/7R/2K5/8/8", &whole[..recorded])).unwrap();
    let r = run(&["--resume"]);
    assert_eq!(r.code, Some(0), "{}", r.stderr);
    assert!(
        r.stderr.contains("10 games (4 kept from an earlier run)"),
        "{}",
        r.stderr
    );
    assert_eq!(std::fs::read_to_string(&out).unwrap(), whole);
    assert_eq!(std::fs::read_to_string(&progress).unwrap(), journal);
    // Other settings are refused, the output left alone.
    let r = run(&["--resume", "--format", "json"]);
    assert_eq!(r.code, Some(2), "{}", r.stderr);
    assert!(
        r.stderr.contains("format: then \"epd\", now \"json\""),
        "{}",
        r.stderr
    );
    assert_eq!(std::fs::read_to_string(&out).unwrap(), whole);
}

/// Black to move in a game (sample game 4, ply 43): every move but Nxh4 loses; after
/// it Black is only somewhat worse. A saving only-move, `type defensive`. The start
/// position, where many moves hold, has none.
#[test]
fn a_saving_only_move_is_defensive() {
    let dir = Scratch::new("puzzles-defensive");
    let save = "r7/1Rm5/p2sk1n1/2p1sp2/2N4R/P2PPS2/2S1KM2/8 b - - 0 22";
    let pgn = dir.write("save.pgn", &pgn_from(save, ""));
    let r = khun(&["puzzles", &pgn, "--depth", "8"]);
    assert_eq!(r.code, Some(0), "{}", r.stderr);
    let (fen, fields) = epd_fields(r.stdout.lines().next().expect("a puzzle"));
    assert_eq!(fen, save);
    assert_eq!(field(&fields, "type"), "defensive");
    assert_eq!(field(&fields, "theme"), "saving move");
    assert_eq!(field(&fields, "bm"), "Nxh4");
    assert_eq!(field(&fields, "depth"), "8");
    let start = dir.write("start.pgn", "[Event \"start\"]\n\n*\n");
    let r = khun(&["puzzles", &start, "--depth", "8"]);
    assert_eq!(r.code, Some(0), "{}", r.stderr);
    assert_eq!(r.stdout, "", "no puzzle at the start");
}

/// The count race outside the tables (a rook and two mets: no table holds them), in
/// pychess.org's documents: the fields its importer reads, the count's story beside.
#[test]
fn a_count_race_outside_the_tables_as_a_pychess_document() {
    let dir = Scratch::new("puzzles-pychess");
    let race = "k7/7R/2K5/8/8/8/8/M6M w - 32 29 1";
    let pgn = dir.write("race.pgn", &pgn_from(race, ""));
    let r = khun(&["puzzles", &pgn, "--depth", "8", "--format", "pychess"]);
    assert_eq!(r.code, Some(0), "{}", r.stderr);
    let v = parse_json(r.stdout.lines().next().expect("a race"));
    assert_eq!(v["f"], race);
    assert_eq!(v["v"], "makruk");
    assert_eq!(v["m"], "c6b6,a8b8,h7h8");
    assert_eq!(v["t"], "count");
    assert_eq!(v["e"], "#2");
    assert_eq!(v["uploaded_by"], "Khun");
    assert_eq!(v["theme"], "win within the count");
    let story = v["count"].as_str().unwrap();
    assert!(story.contains("mate on ply 32 of 32"), "{story}");
    assert!(story.contains("without the count: #"), "{story}");
}

/// K+R v K+M under players' counting: White starts the count, plays Rd1, and after
/// Black's answer Ra1 mates. A mate given while White's own count runs is a draw
/// (seed 003), so the puzzle is the act: stop counting, then mate.
const COUNTING_SIDE_MATES: &str = "[Variant \"makruk\"]\n[Counting \"players\"]\n[SetUp \"1\"]\n\
    [FEN \"k6m/2K5/8/8/8/8/8/2R5 w - 128 0 40\"]\n\n{[%count start]} 40. Rd1 Mg7 *\n";

#[test]
fn the_counting_side_stops_before_it_mates_in_a_players_game() {
    let dir = Scratch::new("puzzles-players-stop");
    let pgn = dir.write("stop.pgn", COUNTING_SIDE_MATES);
    let r = khun(&["puzzles", &pgn, "--depth", "6", "--format", "json"]);
    assert_eq!(r.code, Some(0), "{}", r.stderr);
    let puzzles: Vec<serde_json::Value> = r.stdout.lines().map(parse_json).collect();
    let stop: Vec<_> = puzzles
        .iter()
        .filter(|p| p["type"] == "count-stop")
        .collect();
    assert_eq!(stop.len(), 1, "{}", r.stdout);
    let stop = stop[0];
    assert_eq!(stop["action"], "stop");
    assert_eq!(stop["theme"], "stop the count");
    assert_eq!(stop["moves"], serde_json::json!(["d1a1"]));
    assert_eq!(stop["bm"], "Ra1#");
    assert_eq!(stop["counting"], "players");
    // White started before its move at game ply 78: pyffish's count_started 79.
    assert_eq!(stop["count_started"], 79);
    assert_eq!(stop["ply"], 2);
    assert!(r.stderr.contains("1 count decisions"), "{}", r.stderr);
    // In EPD the act and the count are fields of their own.
    let r = khun(&["puzzles", &pgn, "--depth", "6"]);
    let line = r
        .stdout
        .lines()
        .find(|l| l.contains("type count-stop"))
        .unwrap();
    let (_, fields) = epd_fields(line);
    assert_eq!(field(&fields, "action"), "stop");
    assert_eq!(field(&fields, "count_started"), "79");
    assert_eq!(field(&fields, "counting"), "players");
    // The same moves under the automatic count: no count act, and no players' fields.
    let plain = dir.write(
        "plain.pgn",
        &pgn_from("k6m/2K5/8/8/8/8/8/2R5 w - 128 0 40", "40. Rd1 Mg7 *"),
    );
    let r = khun(&["puzzles", &plain, "--depth", "6", "--format", "json"]);
    assert_eq!(r.code, Some(0), "{}", r.stderr);
    assert!(!r.stdout.contains("count-"), "{}", r.stdout);
    assert!(!r.stdout.contains("count_started"), "{}", r.stdout);
    // --counting takes automatic or players only.
    let r = khun(&["puzzles", &plain, "--counting", "pyffish"]);
    assert_eq!(r.code, Some(2));
    assert!(
        r.stderr.contains("expected automatic or players"),
        "{}",
        r.stderr
    );
}
