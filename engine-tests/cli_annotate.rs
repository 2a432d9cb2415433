//! `khun annotate` through the real binary: PGN read in both letter sets with the
//! counting rules' events, match runners' PGN read back, bad PGN reported while the
//! other games are annotated, blunders marked with the better move, the SVG graph,
//! `--jobs` giving the same bytes and shards covering every game once.

mod common;

use common::command_line::{Fields, Json, Scratch, data_path, flat, khun, parse_json, shard_games};

/// The error messages among stderr's lines (the others are game summaries).
fn error_lines(stderr: &str) -> Vec<&str> {
    stderr
        .lines()
        .filter(|l| l.starts_with("khun annotate: "))
        .collect()
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

/// Seed 000's game, worked out with pyffish by `engine-tests/data/seed000_counts.py`:
/// 331 plies; board's honour starts at ply 111 (56. Nxd5+, limit 128 plies, counter 0);
/// piece's honour replaces it at ply 113 (57. Nxb4, limit 128, counter 8: 4 pieces, so
/// White has 60 moves, up to move 117); the count runs out at ply 234 (117... Ka6,
/// counter 129); the game ends at ply 331 in stalemate (8/8/8/8/7N/5K2/5M2/5k2 b), a draw.
#[test]
fn seed_game_is_read_in_full_with_its_count_events_and_result() {
    let r = khun(&["annotate", &data_path("seed000-game.pgn"), "--depth", "1"]);
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
    let original = std::fs::read_to_string(data_path("makruk-match-sample.pgn")).unwrap();
    let r = khun(&[
        "annotate",
        &data_path("makruk-match-sample.pgn"),
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
    let sample = data_path("makruk-match-sample.pgn");
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

#[test]
fn shards_cover_every_game_exactly_once_and_merge_back() {
    // The ten makruk-match games, then one without a result (unreadable) and one
    // that stops at an illegal move: twelve games, counted from 0 for the shards.
    let scratch = Scratch::new("shards");
    let mut pgn = std::fs::read_to_string(data_path("makruk-match-sample.pgn")).unwrap();
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
