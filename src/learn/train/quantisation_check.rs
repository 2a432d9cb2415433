//! How far the kept network, quantised to the engine's integers, strays from the
//! float model it was made from, measured on held-out positions and logged.

use super::batch;
use super::dataset::Dataset;
use super::export;
use super::model::Model;
use super::split::PositionSplit;
use crate::nnue::network::Network;
use std::io::Write;

/// How far the quantised network's integer evaluation strays from the float model.
#[derive(Clone, Copy, Debug, Default, PartialEq)]
pub struct QuantisationCheck {
    pub(crate) positions: usize,
    pub(crate) max_error_cp: f64,
    pub(crate) mean_error_cp: f64,
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

/// Compares the kept model with its quantised network on held-out positions (the
/// training ones when nothing is held out) and logs what was kept.
pub(super) fn check_kept_network(
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
