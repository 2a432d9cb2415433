//! The network trainer: training records in, a quantised [`Network`] out.
//!
//! - [`dataset`]: records decoded once into sparse input lists (through
//!   [`crate::nnue::features::index`], as the engine computes them) and targets.
//! - [`model`]: the float network, its forward pass and its gradient.
//! - [`batch`]: one thread's share of a batch, compiled for AVX2 too.
//! - [`adam`]: the optimiser.
//! - [`export`]: quantisation to the engine's format, and a reference integer
//!   evaluation to check it.
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
pub mod dataset;
pub mod export;
pub(crate) mod model;

use crate::learn::data::RECORD_BYTES;
use crate::nnue::network::Network;
use crate::rng::Rng;
use adam::{Adam, Clip};
use dataset::{Dataset, LoadStats, Target};
use model::{Model, PARAMS};
use std::fmt;
use std::io::Write;
use std::time::Instant;

/// What one training run does.
#[derive(Clone, Debug, PartialEq)]
pub struct TrainConfig {
    pub epochs: usize,
    /// Positions per optimiser step.
    pub batch_size: usize,
    pub learning_rate: f64,
    /// The first epoch (counting from 1) trained at a tenth of the learning rate;
    /// `None`: the last quarter of the epochs (rounded down; none below 4 epochs).
    pub lr_drop_epoch: Option<usize>,
    /// The weight of the game's result in the target (the rest is the score's).
    // why 0 by default: 80% of Khun's self-play games are draws, and blending their
    // results in pulled the first net toward 0 everywhere; at 20000 nodes a move
    // against the hand-written evaluation the same data scored 30% with wdl 0.3
    // (28 games) and 47% with wdl 0 (59 games).
    pub wdl: f32,
    /// Centipawns per unit of the logistic: `sigmoid(cp / scale_k)`.
    pub scale_k: f32,
    pub threads: usize,
    /// Drives the initial weights and every shuffle.
    pub seed: u64,
    /// The share of positions held out for validation.
    pub val_fraction: f64,
    /// What is held out: whole games, or positions drawn from every game.
    pub split: ValidationSplit,
    /// Use at most this many positions (a seeded random sample).
    pub max_positions: Option<usize>,
    /// Train on every position and its left-right mirror (see `batch::MIRRORED`).
    pub mirror: bool,
    /// Start from this network's weights instead of random ones (fine-tuning a
    /// network on new data); its float values are the quantised ones unscaled.
    pub init: Option<std::sync::Arc<Network>>,
    /// Fit the output as the engine uses it, scaled by the count fade of the
    /// position's running count (`Dataset::targets`).
    pub through_count_fade: bool,
    /// Records of games against other engines at the end of the records, whose
    /// results are blended in with their own weight.
    // why: a self-play result is what Khun makes of a position against itself; most
    // of those games are drawn because Khun draws them, and a network taught them
    // (`--wdl 0.8` on self-play) lost 21 points against Fairy-Stockfish
    // (engine-tests/log/2026-11-27-standstill.md). Another engine's games are not
    // Khun's own.
    pub outside: Option<OutsideRecords>,
}

/// Where the records of games against other engines start, and how much their
/// results weigh in the target (the rest is the search score's).
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct OutsideRecords {
    /// The index of the first such record in the records [`train`] is given.
    pub first: usize,
    /// The weight of the game's result in their target.
    pub wdl: f32,
}

impl Default for TrainConfig {
    fn default() -> Self {
        TrainConfig {
            epochs: 30,
            batch_size: 16384,
            learning_rate: 0.001,
            lr_drop_epoch: None,
            wdl: 0.0,
            scale_k: 400.0,
            threads: 1,
            seed: 1,
            val_fraction: 0.02,
            split: ValidationSplit::Games,
            max_positions: None,
            mirror: true,
            init: None,
            through_count_fade: false,
            outside: None,
        }
    }
}

/// How the validation positions are chosen.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub enum ValidationSplit {
    /// Whole games, in a seeded random order, until the share is held out: the
    /// validation loss is measured on games the network never saw.
    #[default]
    Games,
    /// Positions drawn at random from every game (the trainer's only way until
    /// session 43; generations 1-6 were trained so).
    // why keep it: the earlier generations' commands remake their networks only
    // with the split they were trained with.
    Positions,
}

impl TrainConfig {
    /// The first epoch at the lower learning rate.
    pub(crate) fn drop_epoch(&self) -> usize {
        self.lr_drop_epoch
            .unwrap_or(self.epochs - self.epochs / 4 + 1)
    }

    /// The learning rate of `epoch` (counting from 1).
    pub(crate) fn learning_rate_at(&self, epoch: usize) -> f64 {
        if epoch >= self.drop_epoch() {
            // why a tenth late: a large rate finds the basin fast, a small one
            // then settles into it instead of bouncing across (the usual recipe).
            self.learning_rate / 10.0
        } else {
            self.learning_rate
        }
    }

    fn check(&self) -> Result<(), TrainError> {
        let bad = |what: &str| Err(TrainError::BadConfig(what.to_string()));
        if self.epochs == 0 {
            return bad("epochs must be at least 1");
        }
        if self.batch_size == 0 {
            return bad("the batch size must be at least 1");
        }
        if self.threads == 0 {
            return bad("threads must be at least 1");
        }
        if !(self.learning_rate > 0.0 && self.learning_rate.is_finite()) {
            return bad("the learning rate must be a positive number");
        }
        if !(0.0..=1.0).contains(&self.wdl)
            || self.outside.is_some_and(|o| !(0.0..=1.0).contains(&o.wdl))
        {
            return bad("wdl must be between 0 and 1");
        }
        if !(self.scale_k > 0.0 && self.scale_k.is_finite()) {
            return bad("the scale K must be a positive number");
        }
        if !(0.0..1.0).contains(&self.val_fraction) {
            return bad("the validation fraction must be in [0, 1)");
        }
        Ok(())
    }
}

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

/// How far the quantised network's integer evaluation strays from the float model.
#[derive(Clone, Copy, Debug, Default, PartialEq)]
pub struct QuantisationCheck {
    pub(crate) positions: usize,
    pub(crate) max_error_cp: f64,
    pub(crate) mean_error_cp: f64,
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

/// Why a run could not start.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum TrainError {
    /// No record could be trained on.
    NoRecords,
    BadConfig(String),
}

impl fmt::Display for TrainError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            TrainError::NoRecords => write!(f, "no usable training records"),
            TrainError::BadConfig(what) => write!(f, "{what}"),
        }
    }
}

impl std::error::Error for TrainError {}

/// Runs `jobs` at once, the last on this thread, and returns their results in order.
// why the last one here: one thread fewer to start and wake, which counts when
// other jobs keep the cores busy.
pub(crate) fn run_in_parallel<R: Send>(mut jobs: Vec<impl FnOnce() -> R + Send>) -> Vec<R> {
    let Some(last) = jobs.pop() else {
        return Vec::new();
    };
    std::thread::scope(|scope| {
        let handles: Vec<_> = jobs.into_iter().map(|job| scope.spawn(job)).collect();
        let last_result = last();
        let mut results: Vec<R> = handles
            .into_iter()
            .map(|h| h.join().expect("a trainer thread panicked"))
            .collect();
        results.push(last_result);
        results
    })
}

/// Splits `order` into validation and training positions by game: whole games, in
/// an order shuffled by `seed`, go to validation until it holds `val_count`
/// positions or more, but never a game that would leave nothing to train on; both
/// parts keep `order`'s order.
fn hold_out_games(
    dataset: &Dataset,
    order: &[u32],
    val_count: usize,
    seed: u64,
) -> (Vec<u32>, Vec<u32>) {
    let mut in_game = vec![0usize; dataset.game_count()];
    for &i in order {
        in_game[dataset.game(i as usize) as usize] += 1;
    }
    let mut games: Vec<u32> = (0..in_game.len() as u32).collect();
    shuffle(&mut games, &mut Rng::new(seed));
    let mut held = vec![false; in_game.len()];
    let mut held_count = 0;
    for g in games {
        if held_count >= val_count {
            break;
        }
        if held_count + in_game[g as usize] >= order.len() {
            continue;
        }
        held[g as usize] = true;
        held_count += in_game[g as usize];
    }
    order
        .iter()
        .partition(|&&i| held[dataset.game(i as usize) as usize])
}

/// Fisher-Yates.
fn shuffle(order: &mut [u32], rng: &mut Rng) {
    for i in (1..order.len()).rev() {
        order.swap(i, rng.below(i + 1));
    }
}

/// The mean loss of `model` over the positions `indices`, on `threads` threads
/// (partial sums added in thread order: repeatable).
pub(crate) fn mean_loss(
    model: &Model,
    dataset: &Dataset,
    targets: &[Target],
    indices: &[u32],
    threads: usize,
) -> f64 {
    if indices.is_empty() {
        return 0.0;
    }
    let share = indices.len().div_ceil(threads.max(1));
    let jobs = indices
        .chunks(share)
        .map(|part| move || batch::sum_loss(model, dataset, targets, part));
    let total: f64 = run_in_parallel(jobs.collect()).iter().sum();
    total / indices.len() as f64
}

/// Trains one epoch over `order` in batches; returns the summed loss.
#[allow(clippy::too_many_arguments)]
fn train_epoch(
    model: &mut Model,
    adam: &mut Adam,
    buffers: &mut [Vec<f32>],
    dataset: &Dataset,
    targets: &[Target],
    order: &[u32],
    cfg: &TrainConfig,
    learning_rate: f64,
) -> f64 {
    let clip = Clip {
        clipped_end: model::OUTPUT_BIAS,
        limit: model::WEIGHT_LIMIT,
    };
    let threads = buffers.len();
    let mut total_loss = 0.0;
    for positions in order.chunks(cfg.batch_size) {
        let share = positions.len().div_ceil(threads);
        let shared_model = &*model;
        let jobs = buffers.iter_mut().enumerate().map(|(t, gradients)| {
            let end = ((t + 1) * share).min(positions.len());
            let part = positions.get(t * share..end).unwrap_or(&[]);
            move || {
                gradients.fill(0.0);
                batch::add_gradients(shared_model, dataset, targets, part, gradients)
            }
        });
        let losses = run_in_parallel(jobs.collect());
        total_loss += losses.iter().sum::<f64>();
        adam.step(
            &mut model.params,
            buffers,
            1.0 / positions.len() as f32,
            learning_rate,
            clip,
            threads,
        );
    }
    total_loss
}

/// Positions the quantised network is compared with the float model on.
// why: a few thousand positions give the mean error to a tenth of a centipawn and
// cost well under a second.
const QUANTISATION_CHECK_POSITIONS: usize = 2000;

/// Compares the float model with its quantised network on up to `limit` positions.
fn check_quantisation(
    model: &Model,
    network: &Network,
    dataset: &Dataset,
    indices: &[u32],
    limit: usize,
) -> QuantisationCheck {
    let mut check = QuantisationCheck::default();
    let mut total = 0.0;
    for &i in indices.iter().take(limit) {
        let (stm, nstm) = dataset.inputs(i as usize);
        let float_cp = model.evaluate_cp(stm, nstm) as f64;
        let integer_cp = export::evaluate_quantised(network, stm, nstm) as f64;
        let error = (float_cp - integer_cp).abs();
        check.max_error_cp = check.max_error_cp.max(error);
        total += error;
        check.positions += 1;
    }
    if check.positions > 0 {
        check.mean_error_cp = total / check.positions as f64;
    }
    check
}

/// The positions a run uses, shuffled, and how they are split.
struct PositionSplit {
    /// Every position used (a `--max-positions` prefix of the shuffled dataset).
    used: Vec<u32>,
    /// Held out: the validation loss and the quantisation check read these.
    validation: Vec<u32>,
    /// Trained on, with the mirrored copies (marked by `batch::MIRRORED`).
    training: Vec<u32>,
}

/// Shuffles the dataset's positions, keeps `cfg.max_positions` of them and holds
/// `cfg.val_fraction` out, by whole games or by positions.
fn split_positions(dataset: &Dataset, cfg: &TrainConfig, split_seed: u64) -> PositionSplit {
    // why shuffle before the split: records come game by game, so a tail cut
    // would validate on a few games (and on the latest, most similar ones).
    let mut used: Vec<u32> = (0..dataset.len() as u32).collect();
    shuffle(&mut used, &mut Rng::new(split_seed));
    if let Some(max) = cfg.max_positions {
        used.truncate(max.max(1));
    }
    let val_count =
        ((used.len() as f64 * cfg.val_fraction).round() as usize).min(used.len().saturating_sub(1));
    let (validation, mut training) = match cfg.split {
        ValidationSplit::Positions => {
            let (val, train) = used.split_at(val_count);
            (val.to_vec(), train.to_vec())
        }
        ValidationSplit::Games => hold_out_games(dataset, &used, val_count, split_seed),
    };
    if cfg.mirror {
        let mirrored: Vec<u32> = training.iter().map(|&i| i | batch::MIRRORED).collect();
        training.extend(mirrored);
    }
    PositionSplit {
        used,
        validation,
        training,
    }
}

/// The training targets (the scores, with the results blended in as `cfg` says),
/// and the scale that fits the results best, logging both.
fn targets_for(
    dataset: &Dataset,
    cfg: &TrainConfig,
    used: &[u32],
    log: &mut dyn Write,
) -> (Option<(u32, f64)>, Vec<Target>) {
    let fitted_k = dataset.fit_scale(used);
    if let Some((k, error)) = fitted_k {
        let (low, high, step) = dataset::FIT_SCALE_RANGE;
        let _ = writeln!(
            log,
            "scale: sigmoid(score / K) predicts the game results best at K = {k} \
             (MSE {error:.5}; searched {low}..={high} step {step}); training with K = {}, wdl {}",
            cfg.scale_k, cfg.wdl,
        );
    }
    let outside_wdl = cfg.outside.map_or(cfg.wdl, |o| o.wdl);
    if cfg.outside.is_some() {
        let _ = writeln!(
            log,
            "games against other engines: {} positions, wdl {outside_wdl}",
            dataset.outside_count()
        );
    }
    let targets = dataset.targets(cfg.wdl, outside_wdl, cfg.scale_k, cfg.through_count_fade);
    if cfg.through_count_fade {
        let _ = writeln!(
            log,
            "fitting the output under the engine's count fade: {} positions faded",
            dataset.count_faded()
        );
    }
    (fitted_k, targets)
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

/// Compares the kept model with its quantised network on held-out positions (the
/// training ones when nothing is held out) and logs what was kept.
fn check_kept_network(
    model: &Model,
    network: &Network,
    dataset: &Dataset,
    split: &PositionSplit,
    kept_epoch: usize,
    log: &mut dyn Write,
) -> QuantisationCheck {
    // why check on held-out positions: they are what the engine will meet, not
    // what the weights were fitted to (the training ones when nothing is held out).
    // The training order also holds the mirrored copies, marked by a high bit that is
    // no position's index: the check reads the positions as they are, and only as many
    // as it compares.
    let source: &[u32] = if split.validation.is_empty() {
        &split.training
    } else {
        &split.validation
    };
    let check_on: Vec<u32> = source
        .iter()
        .copied()
        .filter(|&i| i & batch::MIRRORED == 0)
        .take(QUANTISATION_CHECK_POSITIONS)
        .collect();
    let quantisation = check_quantisation(
        model,
        network,
        dataset,
        &check_on,
        QUANTISATION_CHECK_POSITIONS,
    );
    let _ = writeln!(
        log,
        "kept epoch {kept_epoch} ({}); quantised vs float on {} positions: mean {:.2} cp, max {:.2} cp",
        if split.validation.is_empty() {
            "the last: nothing held out"
        } else {
            "the lowest validation loss"
        },
        quantisation.positions,
        quantisation.mean_error_cp,
        quantisation.max_error_cp,
    );
    quantisation
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

#[cfg(test)]
mod tests {
    use super::*;
    use crate::board::Position;
    use crate::learn::data::{GameResult, encode};

    /// `games` games of `plies` random moves from the start, one after the other as
    /// datagen writes them, all drawn: only the move number falling back tells one
    /// game from the next.
    fn records_of_games(games: usize, plies: usize) -> Vec<[u8; RECORD_BYTES]> {
        let mut rng = Rng::new(5);
        let mut records = Vec::new();
        for _ in 0..games {
            let mut pos = Position::startpos();
            for _ in 0..plies {
                records.push(encode(&pos, 0, GameResult::Draw));
                let moves = pos.legal_moves();
                pos.play(moves.as_slice()[rng.below(moves.len())]);
            }
        }
        records
    }

    #[test]
    fn positions_are_numbered_by_game() {
        let (set, stats) = Dataset::from_records(&records_of_games(7, 20), usize::MAX);
        assert_eq!(stats.kept, 140);
        assert_eq!(set.game_count(), 7);
        assert!((0..140).all(|i| set.game(i) == (i / 20) as u32));
        // A change of result starts a game too, even where the move number rises.
        let pos = Position::startpos();
        let records = [
            encode(&pos, 0, GameResult::Draw),
            encode(&pos, 0, GameResult::WhiteWins),
        ];
        assert_eq!(
            Dataset::from_records(&records, usize::MAX).0.game_count(),
            2
        );
    }

    #[test]
    fn games_are_held_out_whole() {
        let (set, _) = Dataset::from_records(&records_of_games(30, 20), usize::MAX);
        let mut order: Vec<u32> = (0..set.len() as u32).collect();
        shuffle(&mut order, &mut Rng::new(9));
        let (val, train) = hold_out_games(&set, &order, 50, 3);
        assert_eq!(val.len() + train.len(), order.len());
        // Three games reach 50 positions: 60 held out, none of them trained on.
        assert_eq!(val.len(), 60);
        let held = |i: &u32| set.game(*i as usize);
        let val_games: std::collections::HashSet<u32> = val.iter().map(held).collect();
        assert_eq!(val_games.len(), 3);
        assert!(train.iter().all(|i| !val_games.contains(&held(i))));
        // Nothing asked, nothing held.
        assert!(hold_out_games(&set, &order, 0, 3).0.is_empty());
        // One game alone is not held out: it is all there is to train on.
        let (one, _) = Dataset::from_records(&records_of_games(1, 20), usize::MAX);
        let all: Vec<u32> = (0..20).collect();
        let (val, train) = hold_out_games(&one, &all, 1, 3);
        assert!(val.is_empty() && train.len() == 20);
    }
}
