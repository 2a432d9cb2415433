//! `khun train`: the command line over [`crate::learn::train`].

use crate::learn::train::{self, OutsideRecords, TrainConfig, TrainSummary, ValidationSplit};
use std::path::PathBuf;
use std::process::ExitCode;

/// `--split`: what the validation loss is measured on.
#[derive(clap::ValueEnum, Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum SplitArg {
    Games,
    Positions,
}

/// Trains the network on training records and writes it in the engine's format.
#[derive(clap::Args, Clone, Debug)]
pub struct TrainArgs {
    /// Record files (as `khun datagen` writes them), read in the order given.
    #[arg(long, num_args = 1.., required = true)]
    pub(crate) data: Vec<PathBuf>,
    /// Record files of games against other engines (as `khun records` writes them),
    /// read after --data; their results are blended in with --outside-wdl.
    #[arg(long, num_args = 1.., requires = "outside_wdl")]
    pub(crate) outside_data: Vec<PathBuf>,
    /// The weight of the game's result in the target of the --outside-data records.
    #[arg(long, requires = "outside_data")]
    pub(crate) outside_wdl: Option<f32>,
    /// The network file to write (the epoch with the lowest validation loss; the
    /// last epoch when nothing is held out).
    #[arg(long, short)]
    pub output: PathBuf,
    /// Passes over the training positions.
    #[arg(long, default_value_t = 30, value_parser = clap::value_parser!(u64).range(1..))]
    pub(crate) epochs: u64,
    /// Positions per optimiser step.
    #[arg(long, default_value_t = 16384, value_parser = clap::value_parser!(u64).range(1..))]
    pub(crate) batch: u64,
    /// Adam's learning rate (a tenth of it for the last quarter of the epochs).
    #[arg(long, default_value_t = 0.001)]
    pub(crate) lr: f64,
    /// The first epoch at a tenth of the learning rate (default: the last quarter).
    #[arg(long, value_parser = clap::value_parser!(u64).range(1..))]
    pub(crate) lr_drop_epoch: Option<u64>,
    /// The weight of the game's result in the target; the rest is the search score's.
    #[arg(long, default_value_t = 0.0)]
    pub(crate) wdl: f32,
    /// Centipawns per unit of the logistic that turns scores into expected results.
    #[arg(long, default_value_t = 400.0)]
    pub(crate) scale_k: f32,
    /// Threads (default: all cores). The same seed and thread count give the same file.
    #[arg(long, value_parser = clap::value_parser!(u64).range(1..))]
    pub(crate) threads: Option<u64>,
    /// Drives the initial weights and every shuffle.
    #[arg(long, default_value_t = 1)]
    pub(crate) seed: u64,
    /// The share of positions held out to measure the validation loss.
    #[arg(long, default_value_t = 0.02)]
    pub(crate) val_fraction: f64,
    /// What is held out for validation: whole games (`games`), or positions drawn
    /// from every game (`positions`, how generations 1-6 were trained).
    #[arg(long, value_enum, default_value_t = SplitArg::Games)]
    pub(crate) split: SplitArg,
    /// Use at most this many positions (a seeded random sample of all the records).
    #[arg(long, value_parser = clap::value_parser!(u64).range(1..))]
    pub(crate) max_positions: Option<u64>,
    /// Do not add each training position's left-right mirror.
    #[arg(long)]
    pub(crate) no_mirror: bool,
    /// Start from this network (a file, or `embedded` for the built-in one) instead
    /// of random weights: fine-tunes it on the data.
    #[arg(long)]
    pub(crate) init: Option<String>,
    /// Fit the network's output after the count fade the engine applies to it (the
    /// records' count byte), not the faded scores as they are.
    #[arg(long)]
    pub(crate) count_fade: bool,
}

/// The network `--init` names: `embedded` (or `<embedded>`, as `EvalFile` says it)
/// for the built-in one, else a file.
fn initial_network(name: &str) -> Result<std::sync::Arc<crate::nnue::network::Network>, String> {
    if name.trim() == "embedded" {
        Ok(crate::nnue::embedded())
    } else {
        crate::nnue::load(name)
    }
}

/// Reads the records, trains (progress on stderr) and writes the network.
pub fn run(args: &TrainArgs) -> Result<TrainSummary, String> {
    let mut records = super::read_records(&args.data)?;
    let outside = args.outside_wdl.map(|wdl| OutsideRecords {
        first: records.len(),
        wdl,
    });
    records.extend(super::read_records(&args.outside_data)?);
    let threads = super::thread_count(args.threads.map(|t| t as usize));
    let cfg = TrainConfig {
        epochs: args.epochs as usize,
        batch_size: args.batch as usize,
        learning_rate: args.lr,
        lr_drop_epoch: args.lr_drop_epoch.map(|e| e as usize),
        wdl: args.wdl,
        scale_k: args.scale_k,
        threads,
        seed: args.seed,
        val_fraction: args.val_fraction,
        split: match args.split {
            SplitArg::Games => ValidationSplit::Games,
            SplitArg::Positions => ValidationSplit::Positions,
        },
        max_positions: args.max_positions.map(|n| n as usize),
        mirror: !args.no_mirror,
        init: args.init.as_deref().map(initial_network).transpose()?,
        through_count_fade: args.count_fade,
        outside,
    };
    let summary =
        train::train(&records, &cfg, &mut std::io::stderr().lock()).map_err(|e| e.to_string())?;
    // Written beside the target, then renamed: a reader never sees half a network.
    let partial = args.output.with_extension("partial");
    std::fs::write(&partial, summary.network.to_bytes())
        .and_then(|_| std::fs::rename(&partial, &args.output))
        .map_err(|e| format!("cannot write {}: {e}", args.output.display()))?;
    Ok(summary)
}

/// `khun train`: what was written, on stdout; 2 with the reason when it could not.
pub fn main(args: &TrainArgs) -> ExitCode {
    match run(args) {
        Ok(s) => {
            println!(
                "wrote {} (epoch {} of {}, {} training positions) in {:.1} s",
                args.output.display(),
                s.kept_epoch,
                s.epochs.len(),
                s.train_positions,
                s.seconds
            );
            ExitCode::SUCCESS
        }
        Err(e) => crate::cli::could_not_run("train", e),
    }
}
