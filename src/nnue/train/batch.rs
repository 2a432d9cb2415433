//! One thread's share of the work: the summed loss (and gradient) of a list of
//! positions.
//!
//! The loops are compiled twice, for the build's baseline and for AVX2, and the
//! AVX2 copy is chosen at run time when the CPU has it.
// why: the project builds for x86-64-v2 (SSE only), where the row loops run four
// floats at a time; AVX2 runs eight. Measured on the 2-core build machine: about
// 1.6x the positions per second. The arithmetic is the same (no fused
// multiply-add is introduced, and sums keep their order), so both copies give the
// same bits: a network does not depend on the CPU that trained it.

use super::dataset::Dataset;
use super::model::{Model, Scratch};

/// Adds the gradient of the loss of positions `part` to `gradients` (laid out like
/// the model's parameters); returns their summed loss.
pub fn add_gradients(
    model: &Model,
    dataset: &Dataset,
    targets: &[f32],
    part: &[u32],
    k: f32,
    gradients: &mut [f32],
) -> f64 {
    #[cfg(target_arch = "x86_64")]
    if std::is_x86_feature_detected!("avx2") {
        // SAFETY: the CPU has AVX2, checked just above.
        return unsafe { add_gradients_avx2(model, dataset, targets, part, k, gradients) };
    }
    add_gradients_portable(model, dataset, targets, part, k, gradients)
}

/// The summed loss of positions `part`.
pub fn sum_loss(model: &Model, dataset: &Dataset, targets: &[f32], part: &[u32], k: f32) -> f64 {
    #[cfg(target_arch = "x86_64")]
    if std::is_x86_feature_detected!("avx2") {
        // SAFETY: the CPU has AVX2, checked just above.
        return unsafe { sum_loss_avx2(model, dataset, targets, part, k) };
    }
    sum_loss_portable(model, dataset, targets, part, k)
}

#[inline(always)]
fn add_gradients_portable(
    model: &Model,
    dataset: &Dataset,
    targets: &[f32],
    part: &[u32],
    k: f32,
    gradients: &mut [f32],
) -> f64 {
    let mut scratch = Scratch::default();
    let mut loss = 0.0f64;
    for &i in part {
        let (stm, nstm) = dataset.inputs(i as usize);
        loss +=
            model.add_gradient(stm, nstm, targets[i as usize], k, gradients, &mut scratch) as f64;
    }
    loss
}

#[inline(always)]
fn sum_loss_portable(
    model: &Model,
    dataset: &Dataset,
    targets: &[f32],
    part: &[u32],
    k: f32,
) -> f64 {
    let mut scratch = Scratch::default();
    part.iter()
        .map(|&i| {
            let (stm, nstm) = dataset.inputs(i as usize);
            model.loss(stm, nstm, targets[i as usize], k, &mut scratch) as f64
        })
        .sum()
}

#[cfg(target_arch = "x86_64")]
#[target_feature(enable = "avx2")]
fn add_gradients_avx2(
    model: &Model,
    dataset: &Dataset,
    targets: &[f32],
    part: &[u32],
    k: f32,
    gradients: &mut [f32],
) -> f64 {
    add_gradients_portable(model, dataset, targets, part, k, gradients)
}

#[cfg(target_arch = "x86_64")]
#[target_feature(enable = "avx2")]
fn sum_loss_avx2(model: &Model, dataset: &Dataset, targets: &[f32], part: &[u32], k: f32) -> f64 {
    sum_loss_portable(model, dataset, targets, part, k)
}
