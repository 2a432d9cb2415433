//! PGN as playing and correspondence sites write it: the habit corpus in
//! `engine-tests/data/pgn-habits/` (real games rewritten with draw-offer marks,
//! glyphs, wrong check signs, tag names in any case, clock comments, a byte order
//! mark, CR LF, Latin-1, tabs, odd move numbers, western letters), checked against
//! `reference.tsv`, which pyffish computed (`make_habits.py`): every game read to its
//! last move, its moves and SAN, the count events and the result as pyffish sees them.
//! Each file is checked twice: through the library (the moves read, the rules'
//! events) and through `khun annotate` (what a user gets back).

use khun::board::count_events::{self, RuleEvent};
use khun::pgn::{self, Game, WrittenGame};
use std::collections::BTreeMap;
use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};

fn habits_dir() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("engine-tests/data/pgn-habits")
}

/// One row of `reference.tsv`: what pyffish says about one game of one file.
#[derive(Debug)]
struct Reference {
    game: usize,
    /// Moves read (all of them, unless the game has a move that cannot be read).
    played: usize,
    uci: Vec<String>,
    san: Vec<String>,
    /// Plies after which a draw offer is marked.
    offers: Vec<usize>,
    /// (ply, limit, counter) where a count starts.
    count_starts: Vec<(usize, u16, u16)>,
    /// (ply, counter, limit) where a count runs out.
    run_outs: Vec<(usize, u16, u16)>,
    /// (ply, how) where the rules end the game.
    end: Option<(usize, String)>,
    result: String,
    white: String,
    black: String,
    /// (ply, command) of the comment commands the file writes after moves.
    commands: Vec<(usize, String)>,
    /// The stderr line of a game that stops at a bad move.
    error: Option<String>,
}

fn list(field: &str) -> Vec<&str> {
    if field == "-" {
        Vec::new()
    } else {
        field.split(' ').collect()
    }
}

fn triple(text: &str) -> (usize, u16, u16) {
    let parts: Vec<&str> = text.split(':').collect();
    (
        parts[0].parse().unwrap(),
        parts[1].parse().unwrap(),
        parts[2].parse().unwrap(),
    )
}

/// `reference.tsv`, by file name, games in file order.
fn references() -> BTreeMap<String, Vec<Reference>> {
    let text = std::fs::read_to_string(habits_dir().join("reference.tsv")).unwrap();
    let mut out: BTreeMap<String, Vec<Reference>> = BTreeMap::new();
    for line in text.lines().skip(1) {
        let f: Vec<&str> = line.split('\t').collect();
        assert_eq!(f.len(), 15, "{line}");
        let r = Reference {
            game: f[1].parse().unwrap(),
            played: f[3].parse().unwrap(),
            uci: list(f[4]).into_iter().map(String::from).collect(),
            san: list(f[5]).into_iter().map(String::from).collect(),
            offers: if f[6] == "-" {
                Vec::new()
            } else {
                f[6].split(',').map(|p| p.parse().unwrap()).collect()
            },
            count_starts: list(f[7]).into_iter().map(triple).collect(),
            run_outs: list(f[8]).into_iter().map(triple).collect(),
            end: (f[9] != "-").then(|| {
                let (ply, how) = f[9].split_once(':').unwrap();
                (ply.parse().unwrap(), how.to_string())
            }),
            result: f[10].to_string(),
            white: f[11].to_string(),
            black: f[12].to_string(),
            commands: if f[13] == "-" {
                Vec::new()
            } else {
                f[13]
                    .split('|')
                    .map(|c| {
                        let (ply, cmd) = c.split_once('=').unwrap();
                        (ply.parse().unwrap(), cmd.to_string())
                    })
                    .collect()
            },
            error: (f[14] != "-").then(|| f[14].to_string()),
        };
        assert_eq!(r.uci.len(), r.played);
        out.entry(f[0].to_string()).or_default().push(r);
    }
    out
}

fn reference(file: &str) -> Vec<Reference> {
    references()
        .remove(file)
        .unwrap_or_else(|| panic!("{file} not in reference.tsv"))
}

// ---------------------------------------------------------------------------------
// Through the library: the moves read and the rules' events.

fn read_file(file: &str) -> Vec<Result<Game, pgn::PgnError>> {
    let bytes = std::fs::read(habits_dir().join(file)).unwrap();
    pgn::read_and_replay(&pgn::decode(&bytes))
}

fn check_library(file: &str) {
    let refs = reference(file);
    let games = read_file(file);
    assert_eq!(games.len(), refs.len(), "{file}: games read");
    for (g, r) in games.iter().zip(&refs) {
        let at = format!("{file}, game {}", r.game);
        let g = g.as_ref().unwrap_or_else(|e| panic!("{at}: {e}"));
        assert_eq!(g.number, r.game, "{at}");
        let uci: Vec<String> = g.moves.iter().map(|m| m.to_string()).collect();
        assert_eq!(uci, r.uci, "{at}: the moves read");
        match &r.error {
            None => assert!(g.error.is_none(), "{at}: {:?}", g.error),
            Some(line) => {
                let e = g.error.as_ref().expect("the bad move stops the game");
                assert!(line.contains(&e.to_string()), "{at}: {e} vs {line}");
            }
        }
        let offers: Vec<usize> = (0..g.moves.len())
            .filter(|&i| g.draw_offers[i])
            .map(|i| i + 1)
            .collect();
        assert_eq!(offers, r.offers, "{at}: draw offers");
        let positions = g.positions();
        let events = count_events::rule_events(&positions);
        let starts: Vec<(usize, u16, u16)> = events
            .iter()
            .filter_map(|e| match e.event {
                RuleEvent::CountStarts { limit, counter, .. } => Some((e.at, limit, counter)),
                _ => None,
            })
            .collect();
        assert_eq!(starts, r.count_starts, "{at}: count starts");
        let run_outs: Vec<(usize, u16, u16)> = events
            .iter()
            .filter_map(|e| match e.event {
                RuleEvent::CountRunsOut { limit, counter } => Some((e.at, counter, limit)),
                _ => None,
            })
            .collect();
        assert_eq!(run_outs, r.run_outs, "{at}: count run-outs");
        let end = count_events::rules_result(&positions).map(|(ply, o)| {
            let how = match o {
                khun::board::Outcome::Checkmate { .. } => "checkmate",
                khun::board::Outcome::Stalemate => "stalemate",
                khun::board::Outcome::CountExceeded => "count",
                khun::board::Outcome::InsufficientMaterial => "dead",
                // Makruk games: the relatives' ends never come.
                other => panic!("a makruk game ended by {other:?}"),
            };
            (ply, how.to_string())
        });
        assert_eq!(end, r.end, "{at}: the rules' end");
    }
}

// ---------------------------------------------------------------------------------
// Through `khun annotate`: what the user gets back.

struct Run {
    code: Option<i32>,
    stdout: String,
    stderr: String,
}

/// `khun annotate FILE --depth 1 --json JSON`, and the JSON lines it wrote.
fn annotate(file: &str) -> (Run, Vec<serde_json::Value>) {
    let path = habits_dir().join(file);
    let json =
        std::env::temp_dir().join(format!("khun-habits-{}-{file}.jsonl", std::process::id()));
    let out = Command::new(env!("CARGO_BIN_EXE_khun"))
        .args(["annotate", path.to_str().unwrap(), "--depth", "1", "--json"])
        .arg(&json)
        .stdin(Stdio::null())
        .output()
        .expect("run khun");
    let lines = std::fs::read_to_string(&json).expect("the JSON file");
    let _ = std::fs::remove_file(&json);
    let records = lines
        .lines()
        .map(|l| serde_json::from_str(l).expect("a JSON line"))
        .collect();
    let run = Run {
        code: out.status.code(),
        stdout: String::from_utf8(out.stdout).expect("the output is UTF-8"),
        stderr: String::from_utf8_lossy(&out.stderr).into_owned(),
    };
    (run, records)
}

/// The comments written after move `ply` (1 for the first move; 0: before the moves).
fn comments_at(g: &WrittenGame, ply: usize) -> String {
    if ply == 0 {
        g.preamble.join(" | ")
    } else {
        g.moves[ply - 1].comments.join(" | ")
    }
}

/// Whether `text` holds `prefix` followed by exactly the number `n`.
fn contains_number(text: &str, prefix: &str, n: u16) -> bool {
    let needle = format!("{prefix}{n}");
    text.match_indices(&needle)
        .any(|(i, _)| !text[i + needle.len()..].starts_with(|c: char| c.is_ascii_digit()))
}

fn all_comments(g: &WrittenGame) -> String {
    (0..=g.moves.len())
        .map(|p| comments_at(g, p))
        .collect::<Vec<_>>()
        .join(" | ")
}

fn check_annotate(file: &str) {
    let refs = reference(file);
    let (run, records) = annotate(file);
    let errors: Vec<&str> = refs.iter().filter_map(|r| r.error.as_deref()).collect();
    assert_eq!(
        run.code,
        Some(if errors.is_empty() { 0 } else { 1 }),
        "{file}: {}",
        run.stderr
    );
    let stderr: Vec<&str> = run
        .stderr
        .lines()
        .filter(|l| l.starts_with("khun annotate: "))
        .collect();
    assert_eq!(stderr, errors, "{file}: stderr");
    let summaries = run
        .stderr
        .lines()
        .filter(|l| l.starts_with("game "))
        .count();
    assert_eq!(summaries, refs.len(), "{file}: a summary per game");
    check_json(file, &refs, &records);
    // Tag names in their standard case, whatever case the file used.
    for line in run.stdout.lines().filter(|l| l.starts_with('[')) {
        let name: String = line[1..]
            .chars()
            .take_while(|c| c.is_alphanumeric())
            .collect();
        for known in [
            "Event", "White", "Black", "Result", "Variant", "SetUp", "FEN",
        ] {
            assert!(
                !name.eq_ignore_ascii_case(known) || name == known,
                "{file}: {line}"
            );
        }
    }
    let games: Vec<WrittenGame> = pgn::read_games(&run.stdout)
        .into_iter()
        .map(|g| g.expect("the output reads back"))
        .collect();
    assert_eq!(games.len(), refs.len(), "{file}: games written");
    for (g, r) in games.iter().zip(&refs) {
        let at = format!("{file}, game {}", r.game);
        // Every move, in SAN with the right check signs (the annotator's own ?, ??
        // or ?! aside).
        let san: Vec<&str> = g
            .moves
            .iter()
            .map(|m| m.text.trim_end_matches(['?', '!']))
            .collect();
        assert_eq!(san, r.san, "{at}: the moves written");
        assert_eq!(g.tag("Result"), Some(r.result.as_str()), "{at}");
        assert_eq!(g.result, r.result, "{at}");
        assert_eq!(g.tag("White"), Some(r.white.as_str()), "{at}");
        assert_eq!(g.tag("Black"), Some(r.black.as_str()), "{at}");
        for (i, m) in g.moves.iter().enumerate() {
            assert!(
                m.comments.iter().any(|c| c.contains("[%eval ")),
                "{at}: no evaluation after move {}",
                i + 1
            );
        }
        let all = all_comments(g);
        for &(ply, limit, counter) in &r.count_starts {
            let c = comments_at(g, ply);
            let verb = if ply == 0 { "is running" } else { "starts" };
            assert!(
                c.contains(&format!("count {verb}"))
                    && c.contains(&format!("{limit} plies"))
                    && contains_number(&c, "counter at ", counter),
                "{at}: count start at ply {ply}: {c}"
            );
        }
        assert_eq!(
            all.matches("count starts").count() + all.matches("count is running").count(),
            r.count_starts.len(),
            "{at}: {all}"
        );
        for &(ply, counter, limit) in &r.run_outs {
            let c = comments_at(g, ply);
            assert!(
                c.contains(&format!(
                    "count: the count has run out (ply {counter} of {limit})"
                )),
                "{at}: run-out at ply {ply}: {c}"
            );
        }
        assert_eq!(all.matches("has run out").count(), r.run_outs.len(), "{at}");
        if let Some((ply, how)) = &r.end {
            let c = comments_at(g, *ply);
            let want = match how.as_str() {
                "checkmate" => "end: checkmate",
                "stalemate" => "end: stalemate",
                "dead" => "end: neither side",
                _ => "count: the count has run out",
            };
            assert!(c.contains(want), "{at}: the end at ply {ply}: {c}");
        }
        for &ply in &r.offers {
            let c = comments_at(g, ply);
            assert!(
                c.contains(" offers a draw"),
                "{at}: offer at ply {ply}: {c}"
            );
        }
        assert_eq!(
            all.matches(" offers a draw").count(),
            r.offers.len(),
            "{at}"
        );
        for (ply, command) in &r.commands {
            let c = comments_at(g, *ply);
            assert!(c.contains(command), "{at}: {command} at ply {ply}: {c}");
        }
        if r.error.is_some() {
            assert!(
                comments_at(g, r.played).contains("stopped: move "),
                "{at}: {all}"
            );
        }
    }
}

/// `annotate --json`: one line per game with the moves, the count events and the
/// result as pyffish has them.
fn check_json(file: &str, refs: &[Reference], records: &[serde_json::Value]) {
    assert_eq!(records.len(), refs.len(), "{file}: JSON lines");
    for (g, r) in records.iter().zip(refs) {
        let at = format!("{file}, game {} (JSON)", r.game);
        assert_eq!(g["type"], "game", "{at}");
        assert_eq!(g["game"].as_u64(), Some(r.game as u64), "{at}");
        assert_eq!(g["games_in_file"].as_u64(), Some(refs.len() as u64), "{at}");
        assert_eq!(g["plies"].as_u64(), Some(r.played as u64), "{at}");
        assert_eq!(g["result"].as_str(), Some(r.result.as_str()), "{at}");
        assert_eq!(g["white"].as_str(), Some(r.white.as_str()), "{at}");
        assert_eq!(g["error"].is_string(), r.error.is_some(), "{at}");
        let moves = g["moves"].as_array().unwrap();
        let san: Vec<&str> = moves.iter().map(|m| m["san"].as_str().unwrap()).collect();
        assert_eq!(san, r.san, "{at}");
        let offers: Vec<usize> = moves
            .iter()
            .filter(|m| m["draw_offer"] == true)
            .map(|m| m["ply"].as_u64().unwrap() as usize)
            .collect();
        assert_eq!(offers, r.offers, "{at}: draw offers");
        let counts = g["summary"]["counts"].as_array().unwrap();
        let starts: Vec<(usize, u16, u16)> = counts
            .iter()
            .map(|c| {
                (
                    c["start_ply"].as_u64().unwrap() as usize,
                    c["limit_plies"].as_u64().unwrap() as u16,
                    c["counter"].as_u64().unwrap() as u16,
                )
            })
            .collect();
        assert_eq!(starts, r.count_starts, "{at}: count starts");
        let ran_out: Vec<usize> = counts
            .iter()
            .filter_map(|c| c["ran_out_ply"].as_u64())
            .map(|p| p as usize)
            .collect();
        let want: Vec<usize> = r.run_outs.iter().map(|&(p, _, _)| p).collect();
        assert_eq!(ran_out, want, "{at}: count run-outs");
        match &r.end {
            Some((ply, _)) => assert_eq!(g["end"]["ply"].as_u64(), Some(*ply as u64), "{at}"),
            None => assert!(g["end"].is_null(), "{at}"),
        }
        for side in ["white", "black"] {
            let s = &g["summary"][side];
            for key in ["moves", "inaccuracies", "mistakes", "blunders"] {
                assert!(s[key].is_u64(), "{at}: {side} {key}");
            }
        }
    }
}

macro_rules! habit {
    ($name:ident, $file:expr) => {
        mod $name {
            #[test]
            fn read_in_full_with_pyffish_moves_and_count_events() {
                super::check_library($file);
            }

            #[test]
            fn annotated_to_the_last_move_with_counts_and_result() {
                super::check_annotate($file);
            }
        }
    };
}

habit!(draw_offers, "draw-offers.pgn");
habit!(glyphs, "glyphs.pgn");
habit!(check_signs, "check-signs.pgn");
habit!(tag_case, "tag-case.pgn");
habit!(clock_comments, "clock-comments.pgn");
habit!(encoding, "encoding.pgn");
habit!(move_numbers, "move-numbers.pgn");
habit!(western, "western.pgn");
habit!(one_bad_move, "one-bad-move.pgn");

#[test]
fn the_corpus_is_all_in_the_reference() {
    let refs = references();
    let mut files: Vec<String> = std::fs::read_dir(habits_dir())
        .unwrap()
        .map(|e| e.unwrap().file_name().to_string_lossy().into_owned())
        .filter(|n| n.ends_with(".pgn"))
        .collect();
    files.sort();
    assert_eq!(files, refs.keys().cloned().collect::<Vec<_>>());
    assert!(refs.values().map(Vec::len).sum::<usize>() >= 90);
    // The game: seed 000 with a draw offer on 53... Bxc3 is read to its end.
    let offers = &refs["draw-offers.pgn"][10];
    assert!(offers.offers.contains(&106) && offers.played == 331);
    // The encoding file holds what it claims: a BOM, CR LF, Latin-1, tabs.
    let bytes = std::fs::read(habits_dir().join("encoding.pgn")).unwrap();
    assert!(bytes.starts_with(b"\xef\xbb\xbf["));
    assert!(bytes.windows(2).any(|w| w == b"\r\n"));
    assert!(bytes.windows(3).any(|w| w == b"M\xfcl"), "Latin-1 'Mül'");
    assert!(bytes.contains(&b'\t'));
    assert!(String::from_utf8(bytes).is_err());
}
