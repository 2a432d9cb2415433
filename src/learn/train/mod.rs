//! The network trainer: training records in, a quantised [`Network`] out.
//!
//! - [`config`]: what a run is asked to do, checked before it starts.
//! - [`dataset`]: records decoded once into sparse input lists (through
//!   [`crate::nnue::features::index`], as the engine computes them) and targets.
//! - `split`: which positions are trained on and which are held out.
//! - `targets`: the score and the result blended into what is taught.
//! - [`model`]: the float network, its forward pass and its gradient.
//! - [`batch`]: one thread's share of a batch, compiled for AVX2 too.
//! - [`epoch`]: an epoch's batches and the loss spread over the threads.
//! - [`adam`]: the optimiser; [`parallel`]: the jobs each thread runs.
//! - [`export`]: quantisation to the engine's format, and a reference integer
//!   evaluation to check it; [`quantisation_check`]: how far it strays.
//!
//! This file holds the run itself ([`train`]): the steps below, in order.
//!
//! A run: decode the records, drop huge scores, shuffle them with the seed, keep
//! `max_positions`, hold out `val_fraction` for validation (whole games, so that
//! the validation loss measures what the network makes of games it never saw; see
//! [`ValidationSplit`]); then for each epoch
//! shuffle the training positions and, batch by batch, split the batch over the
//! threads (each adds the gradient of its share into its own buffer), add the
//! buffers in thread order and take one Adam step. The learning rate drops to a
//! tenth for the last quarter of the epochs.
//!
//! The loss of a position is `(sigmoid(out * SCALE / K) - target)^2` with
//! `target = (1 - wdl) * sigmoid(score / K) + wdl * result`, both from the side to
//! move's view.
//!
//! With `through_count_fade` the output is first scaled by the share the engine's
//! count fade keeps (`eval::endgame::fade_for_count`, applied after the network in
//! play): the searches that scored the data faded their scores as counts ran out,
//! and a network that cannot see the count would otherwise learn those faded
//! scores as the value of the material.
//!
//! The network returned is the one of the epoch with the lowest validation loss
//! (the last epoch's when nothing is held out). The same records, configuration,
//! seed and thread count give the same network, bit for bit.
//!
//! Every training position is also used mirrored left to right (files a <-> h;
//! makruk's rules are symmetric so) unless `--no-mirror`. At the start the run prints
//! the K that best predicts the results from the scores (about 930 on Khun's data: 80%
//! of its self-play games are draws, so a score of +300 wins less often than in chess).

pub(crate) mod adam;
pub(crate) mod batch;
pub(crate) mod config;
pub mod dataset;
pub(crate) mod epoch;
pub mod export;
pub(crate) mod model;
pub(crate) mod parallel;
pub(crate) mod quantisation_check;
mod split;
mod targets;

pub use config::{OutsideRecords, TrainConfig, TrainError, ValidationSplit};
pub use quantisation_check::QuantisationCheck;

use crate::learn::data::RECORD_BYTES;
use crate::nnue::network::Network;
use crate::rng::Rng;
use adam::Adam;
use dataset::{Dataset, LoadStats, Target};
use epoch::{mean_loss, train_epoch};
use model::{Model, PARAMS};
use quantisation_check::check_kept_network;
use split::{PositionSplit, shuffle, split_positions};
use std::io::Write;
use std::time::Instant;
use targets::targets_for;

/// One epoch's numbers.
#[derive(Clone, Debug, PartialEq)]
pub struct EpochReport {
    pub(crate) epoch: usize,
    pub learning_rate: f64,
    /// Mean loss over the epoch's training positions (as the weights moved).
    pub train_loss: f64,
    /// Mean loss over the validation positions after the epoch.
    pub val_loss: Option<f64>,
    /// Training positions per second of the epoch's training (validation excluded).
    pub(crate) positions_per_second: f64,
    /// Seconds since the run started.
    pub(crate) elapsed_seconds: f64,
}

/// What a run did and made.
#[derive(Clone, Debug)]
pub struct TrainSummary {
    pub load: LoadStats,
    pub train_positions: usize,
    pub val_positions: usize,
    /// The best K for `sigmoid(score / K)` against the results, and its error.
    pub fitted_k: Option<(u32, f64)>,
    /// The validation loss of the initial weights.
    pub initial_val_loss: Option<f64>,
    pub epochs: Vec<EpochReport>,
    /// The epoch whose weights are returned.
    pub kept_epoch: usize,
    pub model: Model,
    pub network: Network,
    pub quantisation: QuantisationCheck,
    pub seconds: f64,
}

/// The weights a run starts from: `cfg.init`'s network, or random ones.
fn starting_model(cfg: &TrainConfig, init_seed: u64, log: &mut dyn Write) -> Model {
    match &cfg.init {
        Some(net) => {
            let _ = writeln!(
                log,
                "starting from a network's weights (checksum {:016x})",
                net.checksum
            );
            export::dequantise(net)
        }
        None => Model::random(init_seed),
    }
}

/// What a run reads on every epoch.
struct TrainingData<'a> {
    dataset: &'a Dataset,
    targets: &'a [Target],
    cfg: &'a TrainConfig,
}

impl TrainingData<'_> {
    /// The mean loss on the held-out positions (`None` when none are held out).
    fn validation_loss(&self, model: &Model, validation: &[u32]) -> Option<f64> {
        (!validation.is_empty()).then(|| {
            mean_loss(
                model,
                self.dataset,
                self.targets,
                validation,
                self.cfg.threads,
            )
        })
    }
}

/// The epochs of a run and the model of the lowest validation loss (its loss and
/// epoch), if anything is held out.
type EpochsRun = (Vec<EpochReport>, Option<(f64, usize, Model)>);

/// Trains `model` for `cfg.epochs` epochs, shuffling the training positions with
/// `shuffle_seed`, one log line an epoch.
fn run_epochs(
    model: &mut Model,
    data: &TrainingData,
    split: &mut PositionSplit,
    shuffle_seed: u64,
    started: Instant,
    log: &mut dyn Write,
) -> EpochsRun {
    let cfg = data.cfg;
    let mut adam = Adam::new(PARAMS);
    let mut buffers = vec![vec![0.0f32; PARAMS]; cfg.threads];
    let mut epoch_rng = Rng::new(shuffle_seed);
    let mut epochs = Vec::with_capacity(cfg.epochs);
    let mut best: Option<(f64, usize, Model)> = None;
    for epoch in 1..=cfg.epochs {
        let learning_rate = cfg.learning_rate_at(epoch);
        shuffle(&mut split.training, &mut epoch_rng);
        let epoch_start = Instant::now();
        let total_loss = train_epoch(
            model,
            &mut adam,
            &mut buffers,
            data.dataset,
            data.targets,
            &split.training,
            cfg,
            learning_rate,
        );
        let train_seconds = epoch_start.elapsed().as_secs_f64();
        let val_loss = data.validation_loss(model, &split.validation);
        let report = EpochReport {
            epoch,
            learning_rate,
            train_loss: total_loss / split.training.len().max(1) as f64,
            val_loss,
            positions_per_second: split.training.len() as f64 / train_seconds.max(1e-9),
            elapsed_seconds: started.elapsed().as_secs_f64(),
        };
        let val_text = val_loss.map_or("-".to_string(), |v| format!("{v:.6}"));
        let _ = writeln!(
            log,
            "epoch {epoch:>3}/{}  train loss {:.6}  val loss {val_text}  lr {}  {:.0} pos/s  {:.1} s",
            cfg.epochs,
            report.train_loss,
            learning_rate,
            report.positions_per_second,
            report.elapsed_seconds,
        );
        epochs.push(report);
        if let Some(loss) = val_loss
            && best
                .as_ref()
                .is_none_or(|(best_loss, _, _)| loss < *best_loss)
        {
            best = Some((loss, epoch, model.clone()));
        }
    }
    (epochs, best)
}

/// Trains a network on `records` as `cfg` says, writing progress lines to `log`.
pub fn train(
    records: &[[u8; RECORD_BYTES]],
    cfg: &TrainConfig,
    log: &mut dyn Write,
) -> Result<TrainSummary, TrainError> {
    cfg.check()?;
    let started = Instant::now();
    let outside_from = cfg.outside.map_or(usize::MAX, |o| o.first);
    let (dataset, load) = Dataset::from_records(records, outside_from);
    if dataset.is_empty() {
        return Err(TrainError::NoRecords);
    }
    let mut seeds = Rng::new(cfg.seed);
    let (init_seed, split_seed, shuffle_seed) =
        (seeds.next_u64(), seeds.next_u64(), seeds.next_u64());
    let mut split = split_positions(&dataset, cfg, split_seed);
    let _ = writeln!(
        log,
        "data: {} records, {} usable ({} undecodable, {} with |score| >= {} cp, {} against \
         a bare king); using {}: {} training, {} validation ({})",
        load.records,
        load.kept,
        load.undecodable,
        load.huge_score,
        dataset::MAX_ABS_SCORE,
        load.bare_king,
        split.used.len(),
        split.training.len(),
        split.validation.len(),
        match cfg.split {
            ValidationSplit::Games => "whole games",
            ValidationSplit::Positions => "positions from every game",
        },
    );
    let (fitted_k, targets) = targets_for(&dataset, cfg, &split.used, log);
    let mut model = starting_model(cfg, init_seed, log);
    let data = TrainingData {
        dataset: &dataset,
        targets: &targets,
        cfg,
    };
    let initial_val_loss = data.validation_loss(&model, &split.validation);
    if let Some(loss) = initial_val_loss {
        let _ = writeln!(log, "epoch 0 (initial weights): val loss {loss:.6}");
    }
    let _ = writeln!(
        log,
        "training {} epochs, batch {}, lr {} (a tenth from epoch {}), {} threads, seed {}",
        cfg.epochs,
        cfg.batch_size,
        cfg.learning_rate,
        cfg.drop_epoch(),
        cfg.threads,
        cfg.seed
    );
    let (epochs, best) = run_epochs(&mut model, &data, &mut split, shuffle_seed, started, log);
    let (kept_epoch, model) = match best {
        Some((_, epoch, best_model)) => (epoch, best_model),
        None => (cfg.epochs, model),
    };
    let network = export::quantise(&model);
    let quantisation = check_kept_network(&model, &network, &dataset, &split, kept_epoch, log);
    Ok(TrainSummary {
        load,
        train_positions: split.training.len(),
        val_positions: split.validation.len(),
        fitted_k,
        initial_val_loss,
        epochs,
        kept_epoch,
        model,
        network,
        quantisation,
        seconds: started.elapsed().as_secs_f64(),
    })
}
