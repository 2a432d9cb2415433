//! The learned evaluation's pipeline: training data (self-play records and their
//! results under the counting rules), the trainer, and the network in the engine.

mod common;

use khun::board::{Color, Outcome, Position};
use khun::learn::data::{self, GameResult, RECORD_BYTES};
use khun::learn::datagen::{self, DatagenConfig, GameEnd};
use khun::tablebase::{Tables, Verdict};
use std::path::PathBuf;

/// A scratch directory for one test, removed when the test ends.
struct Scratch(PathBuf);

impl Scratch {
    fn new(name: &str) -> Scratch {
        let dir = std::env::temp_dir().join(format!("khun-nnue-{name}-{}", std::process::id()));
        let _ = std::fs::remove_dir_all(&dir);
        std::fs::create_dir_all(&dir).unwrap();
        Scratch(dir)
    }

    fn path(&self, file: &str) -> PathBuf {
        self.0.join(file)
    }
}

impl Drop for Scratch {
    fn drop(&mut self) {
        let _ = std::fs::remove_dir_all(&self.0);
    }
}

fn small_config(output: PathBuf, seed: u64) -> DatagenConfig {
    DatagenConfig {
        output,
        games: Some(6),
        nodes: 600,
        threads: 2,
        seed,
        max_plies: 300,
        ..DatagenConfig::default()
    }
}

/// What the rules say of a game's last position: the result and how it ended,
/// decided here from the position and the game's placements, not by datagen.
fn judge(
    tables: &Tables,
    last: &Position,
    placements: &[u64],
    plies: u32,
    max_plies: u32,
) -> (GameResult, GameEnd) {
    let win_for = |c: Color| match c {
        Color::White => GameResult::WhiteWins,
        Color::Black => GameResult::BlackWins,
    };
    if let Some(outcome) = last.outcome() {
        return match outcome {
            Outcome::Checkmate { winner } => (win_for(winner), GameEnd::Checkmate),
            Outcome::Stalemate => (GameResult::Draw, GameEnd::Stalemate),
            Outcome::CountExceeded => (GameResult::Draw, GameEnd::CountExceeded),
            Outcome::InsufficientMaterial => (GameResult::Draw, GameEnd::InsufficientMaterial),
            // datagen plays makruk with the automatic count: the relatives' ends and
            // the players' counting never come.
            Outcome::CheckWin { .. }
            | Outcome::FiftyMoves
            | Outcome::CountingSideMate { .. }
            | Outcome::OnlyPromotions => {
                panic!("a makruk game ended by {outcome:?}")
            }
        };
    }
    tables.prepare(last, true);
    if let Some(v) = tables.probe_with_count(last) {
        let result = match v {
            Verdict::Win(_) | Verdict::Converts(_) => win_for(last.side_to_move()),
            Verdict::Loss(_) | Verdict::Conceded(_) => win_for(!last.side_to_move()),
            Verdict::Draw => GameResult::Draw,
        };
        return (result, GameEnd::Table);
    }
    let key = last.placement_key();
    if placements.iter().filter(|&&k| k == key).count() >= 3 {
        return (GameResult::Draw, GameEnd::Repetition);
    }
    assert!(plies >= max_plies, "the game stopped without a reason");
    (GameResult::Draw, GameEnd::MaxPlies)
}

#[test]
fn every_record_carries_its_games_result_under_the_counting_rules() {
    let cfg = small_config(PathBuf::new(), 5);
    let mut ends = [0; GameEnd::COUNT];
    let tables = datagen::every_table_built(&[khun::board::Variant::Makruk]);
    for index in 0..6 {
        let game = datagen::play_one(&cfg, index, &tables);
        let mut pos = game.start.clone();
        let mut placements = vec![pos.placement_key()];
        let mut seen_fens = vec![pos.to_fen()];
        for &m in &game.moves {
            assert!(
                pos.is_legal(m),
                "game {index}: {m} illegal in {}",
                pos.to_fen()
            );
            pos.play(m);
            placements.push(pos.placement_key());
            seen_fens.push(pos.to_fen());
        }
        let (result, end) = judge(
            &tables,
            &pos,
            &placements,
            game.moves.len() as u32,
            cfg.max_plies,
        );
        assert_eq!(game.result, result, "game {index}");
        assert_eq!(game.end, end, "game {index}");
        ends[end as usize] += 1;
        assert_eq!(game.records.len() % RECORD_BYTES, 0);
        for chunk in game.records.chunks_exact(RECORD_BYTES) {
            let r = data::decode(chunk.try_into().unwrap()).expect("a record datagen wrote");
            assert_eq!(r.result, result);
            // The record's placement and side occur in the game.
            let placement: String = {
                let mut board = ['.'; 64];
                for (piece, sq) in &r.pieces {
                    board[sq.index()] = piece.fen_char();
                }
                common::placement_field(&board.map(|c| if c == '.' { ' ' } else { c }))
            };
            let side = r.side_to_move.fen_char();
            assert!(
                seen_fens
                    .iter()
                    .any(|f| f.starts_with(&format!("{placement} {side}"))),
                "game {index}: record {placement} {side} is not a position of the game"
            );
            assert!(r.score.unsigned_abs() < 20_000, "mate scores are not kept");
        }
    }
    assert!(ends.iter().sum::<u64>() == 6);
}

#[test]
fn a_run_is_repeatable_from_its_seed_with_any_thread_count() {
    let dir = Scratch::new("repeat");
    let mut one = small_config(dir.path("one.bin"), 9);
    one.threads = 1;
    let two = small_config(dir.path("two.bin"), 9);
    let a = datagen::run(&one).unwrap();
    let b = datagen::run(&two).unwrap();
    assert_eq!(a.totals.positions, b.totals.positions);
    assert!(a.totals.positions > 0);
    let bytes_one = std::fs::read(dir.path("one.bin")).unwrap();
    assert_eq!(bytes_one, std::fs::read(dir.path("two.bin")).unwrap());
    assert_eq!(
        bytes_one.len() as u64,
        a.totals.positions * RECORD_BYTES as u64
    );
    let other = small_config(dir.path("other.bin"), 10);
    datagen::run(&other).unwrap();
    assert_ne!(bytes_one, std::fs::read(dir.path("other.bin")).unwrap());
}

#[test]
fn a_killed_run_leaves_complete_records_and_the_next_run_appends_aligned() {
    let dir = Scratch::new("killed");
    let path = dir.path("data.bin");
    let mut cfg = small_config(path.clone(), 3);
    cfg.games = Some(2);
    let first = datagen::run(&cfg).unwrap();
    // A run killed in the middle of a write: half a record at the end.
    let mut bytes = std::fs::read(&path).unwrap();
    bytes.extend_from_slice(&[0xAB; RECORD_BYTES / 2]);
    std::fs::write(&path, &bytes).unwrap();
    assert_eq!(
        data::read_file(&path).unwrap().len() as u64,
        first.totals.positions
    );
    let second = datagen::run(&cfg).unwrap();
    let records = data::read_file(&path).unwrap();
    assert_eq!(
        std::fs::metadata(&path).unwrap().len() % RECORD_BYTES as u64,
        0
    );
    assert_eq!(
        records.len() as u64,
        first.totals.positions + second.totals.positions
    );
    assert!(records.iter().all(|r| data::decode(r).is_some()));
}

// ---------------------------------------------------------------------------
// The network in the engine.

use common::EngineProcess;
use khun::nnue::network::{FILE_BYTES, HEADER_BYTES, Network, fnv1a};

#[test]
fn the_embedded_network_loads_and_its_checksum_matches_the_file() {
    let net = khun::nnue::embedded();
    let file = std::fs::read(concat!(env!("CARGO_MANIFEST_DIR"), "/nets/default.nnue")).unwrap();
    assert_eq!(file.len(), FILE_BYTES);
    assert_eq!(net.checksum, fnv1a(&file[HEADER_BYTES..]));
    assert_eq!(*net, Network::from_bytes(&file).unwrap());
}

/// The NNUE line of `eval`: `None` when the network is off.
fn nnue_line(engine: &mut EngineProcess) -> Option<String> {
    engine.send("eval");
    let lines = engine.sync();
    let line = lines
        .iter()
        .find(|l| l.starts_with("NNUE:"))
        .cloned()
        .expect("eval prints an NNUE line");
    (!line.contains("off")).then_some(line)
}

#[test]
fn eval_file_loads_good_networks_and_refuses_bad_ones_keeping_the_old() {
    let dir = Scratch::new("evalfile");
    let good = dir.path("odd.nnue");
    let bytes = Network::seeded(17).to_bytes();
    std::fs::write(&good, &bytes).unwrap();
    let truncated = dir.path("truncated.nnue");
    std::fs::write(&truncated, &bytes[..bytes.len() - 100]).unwrap();
    let damaged = dir.path("damaged.nnue");
    let mut flipped = bytes.clone();
    flipped[5000] ^= 0x10;
    std::fs::write(&damaged, &flipped).unwrap();
    let garbage = dir.path("garbage.nnue");
    std::fs::write(&garbage, b"this is not a network at all, it is a sentence").unwrap();

    let mut engine = EngineProcess::start(&[]);
    engine.send("uci");
    let options = engine.read_until(|l| l == "uciok", common::PATIENCE);
    assert!(
        options
            .iter()
            .any(|l| l == "option name EvalFile type string default <embedded>")
    );
    assert!(
        options
            .iter()
            .any(|l| l == "option name Use NNUE type check default true")
    );
    engine
        .send("position fen r1sm3r/3n1k2/1pnsppp1/p1pp3p/P2PP2P/1PP1SPP1/2KNNM2/R1S4R w - - 1 11");
    let embedded = nnue_line(&mut engine).expect("the network is on by default");

    engine.send(&format!("setoption name EvalFile value {}", good.display()));
    let odd = nnue_line(&mut engine).unwrap();
    assert_ne!(odd, embedded, "a different network gives a different score");

    for (bad, why) in [
        (truncated.display().to_string(), "truncated"),
        (damaged.display().to_string(), "checksum"),
        (garbage.display().to_string(), "not a Khun network"),
        (
            dir.path("missing.nnue").display().to_string(),
            "cannot read",
        ),
    ] {
        engine.send(&format!("setoption name EvalFile value {bad}"));
        let reply = engine.sync();
        assert!(
            reply
                .iter()
                .any(|l| l.starts_with("info string error: setoption EvalFile") && l.contains(why)),
            "{bad}: {reply:?}"
        );
        assert_eq!(
            nnue_line(&mut engine).as_deref(),
            Some(odd.as_str()),
            "the old network is kept"
        );
    }
    // A search still answers with the network it kept.
    engine.send("go depth 4");
    assert!(
        engine
            .until_bestmove()
            .last()
            .unwrap()
            .starts_with("bestmove ")
    );

    engine.send("setoption name EvalFile value <embedded>");
    assert_eq!(nnue_line(&mut engine).as_deref(), Some(embedded.as_str()));
}

#[test]
fn use_nnue_switches_both_ways() {
    let mut engine = EngineProcess::start(&[]);
    engine.send("uci");
    engine.read_until(|l| l == "uciok", common::PATIENCE);
    engine.send("position startpos moves e3e4 d6d5");
    let on = nnue_line(&mut engine);
    assert!(on.is_some());
    engine.send("setoption name Use NNUE value false");
    assert_eq!(nnue_line(&mut engine), None);
    engine.send("go nodes 3000");
    assert!(
        engine
            .until_bestmove()
            .last()
            .unwrap()
            .starts_with("bestmove ")
    );
    engine.send("setoption name Use NNUE value true");
    assert_eq!(nnue_line(&mut engine), on);
    engine.send("setoption name Use NNUE value maybe");
    let reply = engine.sync();
    assert!(
        reply
            .iter()
            .any(|l| l.contains("Use NNUE: value must be true or false"))
    );
    assert_eq!(nnue_line(&mut engine), on);
}

#[test]
fn bench_node_counts_differ_between_the_network_and_the_hand_written_evaluation() {
    let tables = Tables::new();
    let hce = khun::bench::run(Some(5), None, &tables);
    let net = khun::bench::run(Some(5), Some(khun::nnue::embedded()), &tables);
    let nodes = |text: &str| {
        text.lines()
            .find_map(|l| l.strip_prefix("Nodes searched: "))
            .unwrap()
            .to_string()
    };
    assert_eq!(hce, hce.clone());
    assert_ne!(nodes(&hce), nodes(&net));
    // Repeatable: the same evaluation gives the same signature.
    assert_eq!(
        nodes(&net),
        nodes(&khun::bench::run(
            Some(5),
            Some(khun::nnue::embedded()),
            &tables
        ))
    );
}

#[test]
fn xboard_sets_the_network_options() {
    let dir = Scratch::new("xboard");
    let mut engine = EngineProcess::start(&["--xboard"]);
    engine.send("protover 2");
    engine.read_until(|l| l.contains("done=1"), common::PATIENCE);
    engine.send("option Use NNUE=0");
    engine.send("option Use NNUE=1");
    engine.send(&format!(
        "option EvalFile={}",
        dir.path("missing.nnue").display()
    ));
    engine.send("ping 1");
    let lines = engine.read_until(|l| l == "pong 1", common::PATIENCE);
    let errors: Vec<&String> = lines.iter().filter(|l| l.starts_with("Error")).collect();
    assert_eq!(errors.len(), 1, "{lines:?}");
    assert!(errors[0].contains("cannot read network file"), "{lines:?}");
    // The engine still plays with the network it had.
    engine.send("new");
    engine.send("sd 3");
    engine.send("usermove e3e4");
    let reply = engine.read_until(|l| l.starts_with("move "), common::PATIENCE);
    assert!(reply.last().unwrap().starts_with("move "));
}

#[test]
fn analyze_takes_the_network_options_and_refuses_a_bad_file() {
    let dir = Scratch::new("analyze");
    let khun = env!("CARGO_BIN_EXE_khun");
    let run = |extra: &[&str]| {
        std::process::Command::new(khun)
            .args(["analyze", "--depth", "4", "--json"])
            .args(extra)
            .output()
            .unwrap()
    };
    let with_net = run(&[]);
    let without = run(&["--no-nnue"]);
    assert!(with_net.status.success() && without.status.success());
    let result = |out: &std::process::Output| {
        String::from_utf8_lossy(&out.stdout)
            .lines()
            .find(|l| l.contains("\"result\""))
            .unwrap()
            .to_string()
    };
    assert!(result(&with_net).contains("best_move"));
    assert!(result(&without).contains("best_move"));
    let bad = run(&["--eval-file", dir.path("missing.nnue").to_str().unwrap()]);
    assert_eq!(bad.status.code(), Some(2));
    assert!(String::from_utf8_lossy(&bad.stderr).contains("cannot read network file"));
}

// ---------------------------------------------------------------------------
// datagen --resume and signals, through the real binary.

use std::process::{Child, Command, Stdio};

fn spawn_datagen(args: &[&str]) -> Child {
    Command::new(env!("CARGO_BIN_EXE_khun"))
        .arg("datagen")
        .args(args)
        .stdin(Stdio::null())
        .stdout(Stdio::null())
        .stderr(Stdio::piped())
        .spawn()
        .expect("start khun datagen")
}

/// A finished datagen run: its exit code and stderr.
fn datagen_to_end(args: &[&str]) -> (Option<i32>, String) {
    let out = spawn_datagen(args).wait_with_output().unwrap();
    (
        out.status.code(),
        String::from_utf8_lossy(&out.stderr).into_owned(),
    )
}

/// A number field of the progress file (0 while there is none).
fn progress_field(progress: &std::path::Path, key: &str) -> u64 {
    std::fs::read_to_string(progress)
        .ok()
        .and_then(|t| serde_json::from_str::<serde_json::Value>(&t).ok())
        .and_then(|v| v.get(key).and_then(|n| n.as_u64()))
        .unwrap_or(0)
}

/// Starts a run and, once its progress file counts `more` games beyond those it
/// counts now, sends `signal`; returns the exit code and stderr.
fn datagen_until(
    args: &[&str],
    progress: &std::path::Path,
    more: u64,
    signal: &str,
) -> (Option<i32>, String) {
    let before = progress_field(progress, "games");
    let mut child = spawn_datagen(args);
    let running = common::wait_while_running(&mut child, || {
        progress_field(progress, "games") >= before + more
    });
    assert!(running, "the run ended before it could be stopped");
    common::send_signal(&child, signal);
    let out = child.wait_with_output().unwrap();
    (
        out.status.code(),
        String::from_utf8_lossy(&out.stderr).into_owned(),
    )
}

#[test]
fn datagen_killed_stopped_and_resumed_writes_the_uninterrupted_file() {
    let dir = Scratch::new("datagen-resume");
    let whole = dir.path("whole.bin");
    let part = dir.path("part.bin");
    let progress = dir.path("part.bin.progress");
    let settings = [
        "--games",
        "30",
        "--nodes",
        "1000",
        "--seed",
        "11",
        "--threads",
        "2",
    ];
    let args = |out: &std::path::Path, extra: &[&str]| -> Vec<String> {
        let mut a = vec!["-o".to_string(), out.to_string_lossy().into_owned()];
        a.extend(settings.iter().chain(extra).map(|s| s.to_string()));
        a
    };
    fn strs(a: &[String]) -> Vec<&str> {
        a.iter().map(String::as_str).collect()
    }
    let (code, stderr) = datagen_to_end(&strs(&args(&whole, &[])));
    assert_eq!(code, Some(0), "{stderr}");

    let (code, _) = datagen_until(&strs(&args(&part, &[])), &progress, 2, "KILL");
    assert_eq!(code, None, "killed by the signal");
    // A plain run does not start over on an unfinished run's file.
    let length = std::fs::metadata(&part).unwrap().len();
    let (code, stderr) = datagen_to_end(&strs(&args(&part, &[])));
    assert_eq!(code, Some(2), "{stderr}");
    assert!(
        stderr.contains("did not finish") && stderr.contains("--resume"),
        "{stderr}"
    );
    assert_eq!(std::fs::metadata(&part).unwrap().len(), length);

    let resume = args(&part, &["--resume"]);
    let (code, stderr) = datagen_until(&strs(&resume), &progress, 2, "TERM");
    assert_eq!(code, Some(143), "{stderr}");
    assert!(stderr.contains("stopped by SIGTERM after"), "{stderr}");
    // Stopped cleanly: the file ends at the last game recorded, whole records.
    let bytes = std::fs::metadata(&part).unwrap().len();
    assert_eq!(bytes, progress_field(&progress, "bytes"));
    assert_eq!(bytes % RECORD_BYTES as u64, 0);
    assert_eq!(
        bytes / RECORD_BYTES as u64,
        progress_field(&progress, "positions")
    );

    // Other settings are refused, the file untouched.
    let mut other_seed = resume.clone();
    let seed_at = other_seed.iter().position(|a| a == "11").unwrap();
    other_seed[seed_at] = "12".into();
    let (code, stderr) = datagen_to_end(&strs(&other_seed));
    assert_eq!(code, Some(2), "{stderr}");
    assert!(stderr.contains("seed: then 11, now 12"), "{stderr}");
    assert_eq!(std::fs::metadata(&part).unwrap().len(), bytes);

    let (code, stderr) = datagen_to_end(&strs(&resume));
    assert_eq!(code, Some(0), "{stderr}");
    assert!(stderr.contains("resuming"), "{stderr}");
    assert!(
        std::fs::read(&part).unwrap() == std::fs::read(&whole).unwrap(),
        "the resumed file differs from the uninterrupted one"
    );
}

#[test]
fn resume_cuts_off_a_game_written_but_not_recorded_and_goes_on_by_index() {
    // What a kill between a game's records and its progress leaves: the records
    // there, the progress file one game behind.
    let dir = Scratch::new("unrecorded");
    let whole = dir.path("whole.bin");
    let part = dir.path("part.bin");
    let mut cfg = small_config(whole.clone(), 21);
    cfg.games = Some(4);
    datagen::run(&cfg).unwrap();
    let mut partial = small_config(part.clone(), 21);
    partial.games = Some(2);
    datagen::run(&partial).unwrap();
    let progress_path = dir.path("part.bin.progress");
    let recorded = std::fs::read_to_string(&progress_path).unwrap();
    let mut progress: serde_json::Value = serde_json::from_str(&recorded).unwrap();
    progress["finished"] = serde_json::Value::Bool(false);
    std::fs::write(&progress_path, progress.to_string()).unwrap();
    let third = datagen::play_one(
        &partial,
        2,
        &datagen::every_table_built(&[khun::board::Variant::Makruk]),
    );
    let mut bytes = std::fs::read(&part).unwrap();
    bytes.extend_from_slice(&third.records);
    bytes.extend_from_slice(&[0xAB; RECORD_BYTES / 2]);
    std::fs::write(&part, &bytes).unwrap();
    // A plain run refuses to start a second run after the unfinished one.
    let refused = datagen::run(&partial).unwrap_err().to_string();
    assert!(refused.contains("--resume"), "{refused}");
    let mut resume = small_config(part.clone(), 21);
    resume.games = Some(4);
    resume.resume = true;
    let summary = datagen::run(&resume).unwrap();
    assert_eq!(summary.resumed, 2);
    assert_eq!(summary.totals.games, 4);
    assert!(std::fs::read(&part).unwrap() == std::fs::read(&whole).unwrap());
    // Resumed once more with its limits reached: nothing changes.
    let again = datagen::run(&resume).unwrap();
    assert_eq!(again.totals.games, 4);
    assert!(std::fs::read(&part).unwrap() == std::fs::read(&whole).unwrap());
}
