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

use super::dataset::{Dataset, Target};
use super::model::{Model, Scratch};

/// Marks an entry of a training order as its position mirrored left to right
/// (files a <-> h). Makruk's rules are symmetric under that mirror (no castling, and
/// every piece moves alike to both sides), so the mirrored position is worth the
/// same: twice the positions for free.
pub(crate) const MIRRORED: u32 = 1 << 31;

/// Room for one perspective's inputs: at most 32 men.
type InputBuffer = [u16; 32];

/// The inputs of order entry `entry`, mirrored into `buffers` when it says so.
#[inline(always)]
fn entry_inputs<'a>(
    dataset: &'a Dataset,
    entry: u32,
    buffers: &'a mut [InputBuffer; 2],
) -> (&'a [u16], &'a [u16]) {
    let (stm, nstm) = dataset.inputs((entry & !MIRRORED) as usize);
    if entry & MIRRORED == 0 {
        return (stm, nstm);
    }
    let [a, b] = buffers;
    for (out, input) in a.iter_mut().zip(stm) {
        // The square is an input's low six bits and the file their low three.
        *out = input ^ 7;
    }
    for (out, input) in b.iter_mut().zip(nstm) {
        *out = input ^ 7;
    }
    (&a[..stm.len()], &b[..nstm.len()])
}

/// Adds the gradient of the loss of positions `part` to `gradients` (laid out like
/// the model's parameters); returns their summed loss. `targets` is indexed by
/// position.
pub(crate) fn add_gradients(
    model: &Model,
    dataset: &Dataset,
    targets: &[Target],
    part: &[u32],
    gradients: &mut [f32],
) -> f64 {
    #[cfg(target_arch = "x86_64")]
    if std::is_x86_feature_detected!("avx2") {
        // SAFETY: the CPU has AVX2, checked just above.
        return unsafe { add_gradients_avx2(model, dataset, targets, part, gradients) };
    }
    add_gradients_portable(model, dataset, targets, part, gradients)
}

/// The summed loss of positions `part`.
pub(crate) fn sum_loss(model: &Model, dataset: &Dataset, targets: &[Target], part: &[u32]) -> f64 {
    #[cfg(target_arch = "x86_64")]
    if std::is_x86_feature_detected!("avx2") {
        // SAFETY: the CPU has AVX2, checked just above.
        return unsafe { sum_loss_avx2(model, dataset, targets, part) };
    }
    sum_loss_portable(model, dataset, targets, part)
}

#[inline(always)]
fn add_gradients_portable(
    model: &Model,
    dataset: &Dataset,
    targets: &[Target],
    part: &[u32],
    gradients: &mut [f32],
) -> f64 {
    let mut scratch = Scratch::default();
    let mut buffers = [[0u16; 32]; 2];
    let mut loss = 0.0f64;
    for &entry in part {
        let index = (entry & !MIRRORED) as usize;
        let (stm, nstm) = entry_inputs(dataset, entry, &mut buffers);
        let Target { value, k } = targets[index];
        loss += model.add_gradient(stm, nstm, value, k, gradients, &mut scratch) as f64;
    }
    loss
}

#[inline(always)]
fn sum_loss_portable(model: &Model, dataset: &Dataset, targets: &[Target], part: &[u32]) -> f64 {
    let mut scratch = Scratch::default();
    let mut buffers = [[0u16; 32]; 2];
    part.iter()
        .map(|&entry| {
            let index = (entry & !MIRRORED) as usize;
            let (stm, nstm) = entry_inputs(dataset, entry, &mut buffers);
            let Target { value, k } = targets[index];
            model.loss(stm, nstm, value, k, &mut scratch) as f64
        })
        .sum()
}

#[cfg(target_arch = "x86_64")]
#[target_feature(enable = "avx2")]
fn add_gradients_avx2(
    model: &Model,
    dataset: &Dataset,
    targets: &[Target],
    part: &[u32],
    gradients: &mut [f32],
) -> f64 {
    add_gradients_portable(model, dataset, targets, part, gradients)
}

#[cfg(target_arch = "x86_64")]
#[target_feature(enable = "avx2")]
fn sum_loss_avx2(model: &Model, dataset: &Dataset, targets: &[Target], part: &[u32]) -> f64 {
    sum_loss_portable(model, dataset, targets, part)
}
