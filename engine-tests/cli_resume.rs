//! `khun annotate --resume` and stopping on signals: a run killed, stopped and
//! resumed writes the uninterrupted output byte for byte (a whole run and a shard),
//! a torn tail is cut, and a resume refuses settings and outputs it cannot trust.

mod common;

use common::command_line::{Fields, Json, Run, Scratch, data_path, khun, parse_json, shard_games};
use std::path::Path;
use std::process::{Command, Stdio};

/// The collection the resume tests annotate: the ten makruk-match games twice.
fn twenty_games(scratch: &Scratch) -> String {
    let sample = std::fs::read_to_string(data_path("makruk-match-sample.pgn")).unwrap();
    scratch.write("twenty.pgn", &format!("{sample}\n{sample}"))
}

/// Forty games (the sample four times): a shard of two still has twenty, enough
/// that a resumed run is still going when the test stops it a second time.
fn forty_games(scratch: &Scratch) -> String {
    let sample = std::fs::read_to_string(data_path("makruk-match-sample.pgn")).unwrap();
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
    let input = data_path("makruk-match-sample.pgn");
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
    let input = data_path("makruk-match-sample.pgn");
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
    let other = data_path("seed000-game.pgn");
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
