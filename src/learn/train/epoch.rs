//! One epoch's work spread over the threads: each batch split into one share a
//! thread, the shares' gradients added in thread order and one Adam step; and the
//! mean loss over a list of positions, summed the same way. Thread order fixes the
//! sums, so the same seed and threads give the same network, bit for bit.

use super::adam::{Adam, Clip};
use super::batch;
use super::config::TrainConfig;
use super::dataset::{Dataset, Target};
use super::model::{self, Model};
use super::parallel::run_in_parallel;

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
pub(super) fn train_epoch(
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
