//! What the network is taught for each position: the search's score blended with
//! the game's result as the configuration says, and the scale K that best turns
//! scores into results, both logged.

use super::config::TrainConfig;
use super::dataset::{self, Dataset, Target};
use std::io::Write;

/// The training targets (the scores, with the results blended in as `cfg` says),
/// and the scale that fits the results best, logging both.
pub(super) fn targets_for(
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
