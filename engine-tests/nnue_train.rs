//! The trainer: it learns, it repeats itself from its seed, and the network it
//! writes is the one it trained, as the engine's integer arithmetic will see it.
//!
//! The data is `engine-tests/data/train-sample.bin`: 6000 records, every 23rd of
//! the first 138 000 of the first real datagen run (5000 nodes a move), so the
//! sample spans some 800 games.

use khun::learn::data::{self, RECORD_BYTES};
use khun::learn::train::{self, TrainConfig, TrainSummary, dataset, export};
use khun::nnue::network::Network;
use std::path::{Path, PathBuf};
use std::process::Command;
use std::sync::OnceLock;

fn sample_path() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("engine-tests/data/train-sample.bin")
}

fn sample() -> Vec<[u8; RECORD_BYTES]> {
    let records = data::read_file(&sample_path()).expect("the sample file");
    assert_eq!(records.len(), 6000);
    records
}

/// Small batches and a larger rate: a few thousand positions give enough steps.
fn quick_config() -> TrainConfig {
    TrainConfig {
        epochs: 6,
        batch_size: 512,
        learning_rate: 0.002,
        threads: 2,
        seed: 3,
        val_fraction: 0.1,
        ..TrainConfig::default()
    }
}

/// One run shared by the tests that only look at its result.
fn trained() -> &'static TrainSummary {
    static RUN: OnceLock<TrainSummary> = OnceLock::new();
    RUN.get_or_init(|| train::train(&sample(), &quick_config(), &mut std::io::sink()).unwrap())
}

#[test]
fn training_brings_the_validation_loss_well_below_its_initial_value() {
    let run = trained();
    // Positions against a bare king are left to the hand-written evaluation; the
    // sample has some (long endings), and nothing else is dropped.
    let load = run.load;
    assert!(load.bare_king > 100, "{load:?}");
    assert_eq!(load.kept + load.bare_king, 6000);
    // A tenth held out; every training position used as it is and mirrored.
    let val = (load.kept as f64 * 0.1).round() as usize;
    assert_eq!(run.val_positions, val);
    assert_eq!(run.train_positions, 2 * (load.kept - val));
    assert_eq!(run.epochs.len(), 6);
    let initial = run.initial_val_loss.unwrap();
    let best = run
        .epochs
        .iter()
        .filter_map(|e| e.val_loss)
        .fold(f64::MAX, f64::min);
    assert!(
        best < 0.7 * initial,
        "validation loss {best} is not well below the initial {initial}"
    );
    let first = &run.epochs[0];
    let last = run.epochs.last().unwrap();
    assert!(last.train_loss < 0.7 * first.train_loss);
    // The kept network is the lowest validation loss's.
    assert_eq!(
        run.epochs[run.kept_epoch - 1].val_loss,
        Some(best),
        "kept epoch {}",
        run.kept_epoch
    );
    // The last quarter (rounded down: 1 of 6 epochs) runs at a tenth of the rate.
    assert_eq!(run.epochs[4].learning_rate, 0.002);
    assert!((run.epochs[5].learning_rate - 0.0002).abs() < 1e-9);
    let (k, _) = run.fitted_k.unwrap();
    assert!((100..=1000).contains(&k));
}

#[test]
fn the_same_seed_gives_the_same_bytes() {
    let records = sample();
    let cfg = TrainConfig {
        epochs: 2,
        ..quick_config()
    };
    let run = |cfg: &TrainConfig| {
        train::train(&records, cfg, &mut std::io::sink())
            .unwrap()
            .network
            .to_bytes()
    };
    let first = run(&cfg);
    assert_eq!(first, run(&cfg));
    assert_ne!(
        first,
        run(&TrainConfig {
            seed: cfg.seed + 1,
            ..cfg.clone()
        })
    );
}

/// With nothing held out the last epoch is kept and the quantisation is checked on
/// training positions (the mirrored copies are not positions of their own: reading
/// them as indices once panicked).
#[test]
fn nothing_held_out_keeps_the_last_epoch() {
    let run = train::train(
        &sample(),
        &TrainConfig {
            epochs: 2,
            val_fraction: 0.0,
            ..quick_config()
        },
        &mut std::io::sink(),
    )
    .unwrap();
    assert_eq!(run.val_positions, 0);
    assert_eq!(run.kept_epoch, 2);
    assert_eq!(
        Network::from_bytes(&run.network.to_bytes()).as_ref(),
        Ok(&run.network)
    );
}

#[test]
fn the_written_network_is_the_trained_one_in_the_engines_arithmetic() {
    let run = trained();
    let bytes = run.network.to_bytes();
    let loaded = Network::from_bytes(&bytes).expect("the exported network loads");
    assert_eq!(loaded, run.network);
    // The export itself: the integer evaluation equals the float evaluation of the
    // very values written, up to the integer divisions' truncation.
    let written = export::dequantise(&loaded);
    // Quantisation: the float model and its rounded network, on real positions.
    let mut total_error = 0.0;
    let mut max_error: f64 = 0.0;
    let records = sample();
    for bytes in &records {
        let record = data::decode(bytes).unwrap();
        let (stm, nstm) = dataset::active_inputs(&record);
        let integer_cp = export::evaluate_quantised(&loaded, &stm, &nstm) as f64;
        let written_cp = written.evaluate_cp(&stm, &nstm) as f64;
        assert!(
            (integer_cp - written_cp).abs() <= 1.5,
            "integer {integer_cp} cp, float of the written values {written_cp} cp"
        );
        let float_cp = run.model.evaluate_cp(&stm, &nstm) as f64;
        let error = (integer_cp - float_cp).abs();
        total_error += error;
        max_error = max_error.max(error);
    }
    let mean_error = total_error / records.len() as f64;
    assert!(mean_error < 3.0, "mean quantisation error {mean_error} cp");
    assert!(
        max_error < 20.0,
        "largest quantisation error {max_error} cp"
    );
    // The net says something: its evaluations are not all alike.
    let spread: Vec<i32> = records[..50]
        .iter()
        .map(|b| {
            let (stm, nstm) = dataset::active_inputs(&data::decode(b).unwrap());
            export::evaluate_quantised(&loaded, &stm, &nstm)
        })
        .collect();
    assert!(spread.iter().max().unwrap() - spread.iter().min().unwrap() > 50);
}

#[test]
fn the_inputs_are_the_engines_features_of_each_side() {
    // A position with Black to move: the side to move's inputs are Black's view.
    let pos = khun::board::Position::from_fen(
        "r1sm3r/3n1k2/1pnsppp1/p1pp3p/P2PP2P/1PP1SPP1/2KNNM2/R1S4R b - - 1 11",
    )
    .unwrap();
    let record = data::decode(&data::encode(&pos, 0, data::GameResult::Draw)).unwrap();
    let (stm, nstm) = dataset::active_inputs(&record);
    let engine = |c| {
        khun::nnue::features::active(&pos, c)
            .map(|i| i as u16)
            .collect::<Vec<_>>()
    };
    let sorted = |mut v: Vec<u16>| {
        v.sort_unstable();
        v
    };
    assert_eq!(sorted(stm), sorted(engine(khun::board::Color::Black)));
    assert_eq!(sorted(nstm), sorted(engine(khun::board::Color::White)));
}

fn khun(args: &[&str]) -> (i32, String, String) {
    let out = Command::new(env!("CARGO_BIN_EXE_khun"))
        .args(args)
        .output()
        .expect("run khun");
    (
        out.status.code().unwrap_or(-1),
        String::from_utf8_lossy(&out.stdout).into_owned(),
        String::from_utf8_lossy(&out.stderr).into_owned(),
    )
}

#[test]
fn the_command_line_writes_a_loadable_network_and_refuses_bad_input() {
    let dir = std::env::temp_dir().join(format!("khun-train-cli-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let net = dir.join("net.nnue");
    let sample = sample_path();
    let (code, stdout, stderr) = khun(&[
        "train",
        "--data",
        sample.to_str().unwrap(),
        "--output",
        net.to_str().unwrap(),
        "--epochs",
        "2",
        "--batch",
        "1024",
        "--threads",
        "1",
        "--max-positions",
        "2000",
    ]);
    assert_eq!(code, 0, "{stderr}");
    assert!(stdout.contains("wrote"), "{stdout}");
    for expected in ["data: 6000 records", "using 2000", "scale:", "epoch   2/2"] {
        assert!(stderr.contains(expected), "no {expected:?} in {stderr}");
    }
    Network::from_bytes(&std::fs::read(&net).unwrap()).expect("a network file");

    let missing = dir.join("missing.bin");
    let (code, _, stderr) = khun(&[
        "train",
        "--data",
        missing.to_str().unwrap(),
        "-o",
        net.to_str().unwrap(),
    ]);
    assert_eq!(code, 2);
    assert!(stderr.contains("cannot read"), "{stderr}");

    let empty = dir.join("empty.bin");
    std::fs::write(&empty, [0u8; 10]).unwrap();
    let (code, _, stderr) = khun(&[
        "train",
        "--data",
        empty.to_str().unwrap(),
        "-o",
        net.to_str().unwrap(),
    ]);
    assert_eq!(code, 2);
    assert!(stderr.contains("no usable training records"), "{stderr}");
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn fine_tuning_starts_from_the_given_network() {
    // The built-in network already predicts the sample's scores: a run that starts
    // from it begins far below a random network's loss, and its first epoch at a
    // small rate keeps it there.
    let cfg = TrainConfig {
        epochs: 1,
        learning_rate: 0.0001,
        init: Some(khun::nnue::embedded()),
        ..quick_config()
    };
    let tuned = train::train(&sample(), &cfg, &mut std::io::sink()).unwrap();
    let random_start = trained().initial_val_loss.unwrap();
    let tuned_start = tuned.initial_val_loss.unwrap();
    assert!(
        tuned_start < 0.5 * random_start,
        "from the built-in network {tuned_start}, from random weights {random_start}"
    );
    let after = tuned.epochs[0].val_loss.unwrap();
    assert!(after < 0.5 * random_start, "{after} {random_start}");
}
