//! `khun tune-eval`: the hand-written evaluation's weights fitted to training
//! records (see [`crate::learn::tune_eval`]), written as the Rust constants to paste
//! into `src/eval/params.rs` and `src/eval/psqt.rs`.

use crate::learn::data;
use crate::learn::tune_eval::fit::{self, Dataset, FitConfig};
use crate::learn::tune_eval::{trace, weights};
use crate::rng::Rng;
use std::io::Write;
use std::path::PathBuf;
use std::process::ExitCode;

/// Fits the evaluation's weights to training records.
#[derive(clap::Args, Clone, Debug)]
pub struct TuneEvalArgs {
    /// Record files (as `khun datagen` writes them).
    #[arg(long, num_args = 1.., required = true)]
    pub(crate) data: Vec<PathBuf>,
    /// Where to write the tuned weights as Rust source.
    #[arg(long, short)]
    pub output: PathBuf,
    /// Full passes (one optimiser step each).
    #[arg(long, default_value_t = 600, value_parser = clap::value_parser!(u64).range(4..))]
    pub(crate) epochs: u64,
    /// Adam's step size in centipawns.
    #[arg(long, default_value_t = 1.0)]
    pub(crate) lr: f32,
    /// The weight of the game's result in the target; the rest is the search score's.
    #[arg(long, default_value_t = 0.1)]
    pub(crate) wdl: f32,
    /// Centipawns per unit of the logistic that turns scores into expected results.
    #[arg(long, default_value_t = 400.0)]
    pub(crate) scale_k: f32,
    /// Use at most this many records (a seeded random sample).
    #[arg(long, default_value_t = 2_000_000)]
    pub(crate) max_positions: u64,
    /// The share of positions held out to measure the validation loss.
    #[arg(long, default_value_t = 0.02)]
    pub(crate) val_fraction: f64,
    /// Records whose search score is this far from zero (centipawns) are left out:
    /// decided positions teach the logistic nothing.
    #[arg(long, default_value_t = 2000)]
    pub(crate) max_score: i32,
    /// Weights that count in fewer training positions than this keep today's value.
    #[arg(long, default_value_t = 5000)]
    pub(crate) min_occurrences: u64,
    #[arg(long, default_value_t = 1)]
    pub(crate) seed: u64,
    /// Threads (default: all cores).
    #[arg(long, value_parser = clap::value_parser!(u64).range(1..))]
    pub(crate) threads: Option<u64>,
}

/// What a run did, for the closing line.
pub struct TuneSummary {
    pub records: usize,
    pub train_positions: usize,
    pub initial_loss: f64,
    pub final_loss: f64,
    pub seconds: f64,
}

/// Reads and traces the records, fits the weights (progress on stderr) and writes
/// them.
pub fn run(args: &TuneEvalArgs) -> Result<TuneSummary, String> {
    let started = std::time::Instant::now();
    let mut records = super::read_records(&args.data)?;
    let total = records.len();
    let mut rng = Rng::new(args.seed);
    // A seeded partial shuffle picks the sample.
    let wanted = (args.max_positions as usize).min(total);
    for i in 0..wanted {
        let j = i + rng.below(total - i);
        records.swap(i, j);
    }
    records.truncate(wanted);
    let (mut train, mut validation) = (Dataset::default(), Dataset::default());
    for bytes in &records {
        let Some(record) = data::decode(bytes) else {
            continue;
        };
        if (record.score as i32).abs() > args.max_score {
            continue;
        }
        let Some(traced) = record.position().as_ref().and_then(trace::trace) else {
            continue;
        };
        let score_result = 1.0 / (1.0 + (-(record.score as f32) / args.scale_k).exp());
        let game_result = record.result as u8 as f32 / 2.0;
        let target = args.wdl * game_result + (1.0 - args.wdl) * score_result;
        if rng.unit() < args.val_fraction as f32 {
            validation.push(&traced, target);
        } else {
            train.push(&traced, target);
        }
    }
    if train.is_empty() {
        return Err("no usable positions in the records".to_string());
    }
    let threads = super::thread_count(args.threads.map(|t| t as usize));
    let cfg = FitConfig {
        epochs: args.epochs as usize,
        learning_rate: args.lr,
        scale_k: args.scale_k,
        threads,
        min_occurrences: args.min_occurrences as usize,
    };
    let initial = weights::current();
    let initial_loss = fit::mean_loss(&train, &initial, cfg.scale_k, threads);
    let mut log = std::io::stderr().lock();
    let _ = writeln!(
        log,
        "{total} records, {} training and {} validation positions traced; loss at today's weights {initial_loss:.6}",
        train.len(),
        validation.len()
    );
    let val = (!validation.is_empty()).then_some(&validation);
    let tuned = fit::fit(&train, val, &initial, &cfg, &mut log);
    let final_loss = fit::mean_loss(&train, &tuned, cfg.scale_k, threads);
    std::fs::write(&args.output, weights::rust_source(&tuned))
        .map_err(|e| format!("cannot write {}: {e}", args.output.display()))?;
    Ok(TuneSummary {
        records: total,
        train_positions: train.len(),
        initial_loss,
        final_loss,
        seconds: started.elapsed().as_secs_f64(),
    })
}

/// `khun tune-eval`: what was written, on stdout; 2 with the reason when it could not.
pub fn main(args: &TuneEvalArgs) -> ExitCode {
    match run(args) {
        Ok(s) => {
            println!(
                "wrote {} ({} records, {} training positions; loss {:.6} -> {:.6}) in {:.1} s",
                args.output.display(),
                s.records,
                s.train_positions,
                s.initial_loss,
                s.final_loss,
                s.seconds
            );
            ExitCode::SUCCESS
        }
        Err(e) => crate::cli::could_not_run("tune-eval", e),
    }
}
