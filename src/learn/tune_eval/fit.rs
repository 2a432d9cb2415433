//! Fitting the evaluation's weights to training positions (Texel's method): the
//! logistic of the evaluation should match each position's expected result, a
//! blend of its search score (as an expected result) and its game's result.
//! Only the linear part is fitted, so the gradient is exact and a pass over two
//! million positions takes a fraction of a second.

use super::trace::TracedPosition;
use super::weights::Weight;
use crate::eval::params::MAX_PHASE;
use crate::eval::score::S;
use std::io::Write;

/// Traced positions with their targets, stored flat.
#[derive(Default)]
pub(crate) struct Dataset {
    slots: Vec<u16>,
    counts: Vec<f32>,
    /// Where each position's counts end in `slots` and `counts`.
    ends: Vec<u32>,
    /// The middlegame's share of each position's taper.
    mg_share: Vec<f32>,
    /// What the evaluation adds besides the weights (White's view, centipawns).
    offset: Vec<f32>,
    /// The expected result for White.
    target: Vec<f32>,
}

impl Dataset {
    /// Adds a position whose expected result for White is `target`.
    pub(crate) fn push(&mut self, traced: &TracedPosition, target: f32) {
        for &(slot, count) in &traced.counts {
            self.slots.push(slot);
            self.counts.push(count as f32);
        }
        self.ends.push(self.slots.len() as u32);
        self.mg_share.push(traced.phase as f32 / MAX_PHASE as f32);
        self.offset.push(traced.white_offset as f32);
        self.target.push(target);
    }

    pub(crate) fn len(&self) -> usize {
        self.ends.len()
    }

    pub(crate) fn is_empty(&self) -> bool {
        self.ends.is_empty()
    }

    /// For each weight slot, how many positions it counts in.
    fn occurrences(&self) -> Vec<usize> {
        let mut seen = vec![0; Weight::COUNT];
        for &slot in &self.slots {
            seen[slot as usize] += 1;
        }
        seen
    }

    fn range(&self, i: usize) -> std::ops::Range<usize> {
        let start = if i == 0 { 0 } else { self.ends[i - 1] as usize };
        start..self.ends[i] as usize
    }

    /// The evaluation of position `i` (White's view) under `weights` (middlegame
    /// at `2 * slot`, endgame at `2 * slot + 1`).
    fn evaluate(&self, weights: &[f32], i: usize) -> f32 {
        let (mut mg, mut eg) = (0.0f32, 0.0f32);
        for j in self.range(i) {
            let slot = self.slots[j] as usize;
            mg += weights[2 * slot] * self.counts[j];
            eg += weights[2 * slot + 1] * self.counts[j];
        }
        let share = self.mg_share[i];
        mg * share + eg * (1.0 - share) + self.offset[i]
    }
}

/// How a fit runs.
#[derive(Clone, Debug)]
pub(crate) struct FitConfig {
    /// Full passes (one optimiser step each).
    pub(crate) epochs: usize,
    /// Adam's step size in centipawns (a tenth of it for the last quarter).
    pub(crate) learning_rate: f32,
    /// Centipawns per unit of the logistic.
    pub(crate) scale_k: f32,
    pub(crate) threads: usize,
    /// Weights that count in fewer positions than this keep their starting value.
    // why: a piece-square value on a square the data hardly visits (a king on the
    // far rank in the middlegame) is fitted to a handful of positions and comes out
    // wild; the search would then chase it.
    pub(crate) min_occurrences: usize,
}

fn sigmoid(x: f32) -> f32 {
    1.0 / (1.0 + (-x).exp())
}

/// Mean squared error and its gradient over positions `range`.
fn loss_and_gradient(
    data: &Dataset,
    weights: &[f32],
    k: f32,
    range: std::ops::Range<usize>,
    gradient: &mut [f32],
) -> f64 {
    let mut loss = 0.0f64;
    for i in range {
        let p = sigmoid(data.evaluate(weights, i) / k);
        let error = p - data.target[i];
        loss += (error * error) as f64;
        let g = 2.0 * error * p * (1.0 - p) / k;
        let share = data.mg_share[i];
        for j in data.range(i) {
            let slot = data.slots[j] as usize;
            let c = g * data.counts[j];
            gradient[2 * slot] += c * share;
            gradient[2 * slot + 1] += c * (1.0 - share);
        }
    }
    loss
}

/// Mean loss and mean gradient over the whole dataset, split over threads.
fn full_pass(data: &Dataset, weights: &[f32], k: f32, threads: usize) -> (f64, Vec<f32>) {
    let n = data.len();
    let chunk = n.div_ceil(threads.max(1));
    let parts: Vec<(f64, Vec<f32>)> = std::thread::scope(|scope| {
        let handles: Vec<_> = (0..threads.max(1))
            .map(|t| {
                let range = (t * chunk).min(n)..((t + 1) * chunk).min(n);
                scope.spawn(move || {
                    let mut gradient = vec![0.0f32; weights.len()];
                    let loss = loss_and_gradient(data, weights, k, range, &mut gradient);
                    (loss, gradient)
                })
            })
            .collect();
        handles
            .into_iter()
            .map(|h| h.join().expect("a fitting thread panicked"))
            .collect()
    });
    let mut loss = 0.0;
    let mut gradient = vec![0.0f32; weights.len()];
    for (l, g) in parts {
        loss += l;
        for (total, part) in gradient.iter_mut().zip(g) {
            *total += part;
        }
    }
    let scale = 1.0 / n.max(1) as f32;
    gradient.iter_mut().for_each(|g| *g *= scale);
    (loss / n.max(1) as f64, gradient)
}

/// The mean loss of `weights` over `data`.
pub(crate) fn mean_loss(data: &Dataset, weights: &[S], k: f32, threads: usize) -> f64 {
    full_pass(data, &flatten(weights), k, threads).0
}

fn flatten(weights: &[S]) -> Vec<f32> {
    weights
        .iter()
        .flat_map(|w| [w.mg() as f32, w.eg() as f32])
        .collect()
}

/// Averages every piece-square value (flattened: two floats a slot) with its
/// left-right mirror, so the two stay equal.
fn tie_mirrored(values: &mut [f32]) {
    for slot in 0..values.len() / 2 {
        if let Some(mirror) = Weight::mirrored(slot).filter(|&m| m > slot) {
            for part in 0..2 {
                let mean = (values[2 * slot + part] + values[2 * mirror + part]) / 2.0;
                values[2 * slot + part] = mean;
                values[2 * mirror + part] = mean;
            }
        }
    }
}

/// Fits `initial` to `train` by Adam on the full gradient, reporting the training
/// and (when given) validation loss to `log`; returns the rounded weights.
pub(crate) fn fit(
    train: &Dataset,
    validation: Option<&Dataset>,
    initial: &[S],
    cfg: &FitConfig,
    log: &mut dyn Write,
) -> Vec<S> {
    let mut weights = flatten(initial);
    tie_mirrored(&mut weights);
    let (mut m, mut v) = (vec![0.0f32; weights.len()], vec![0.0f32; weights.len()]);
    let (beta1, beta2, epsilon) = (0.9f32, 0.999f32, 1e-8f32);
    let drop_epoch = cfg.epochs - cfg.epochs / 4;
    let frozen: Vec<bool> = train
        .occurrences()
        .iter()
        .map(|&n| n < cfg.min_occurrences)
        .collect();
    for epoch in 1..=cfg.epochs {
        let (loss, mut gradient) = full_pass(train, &weights, cfg.scale_k, cfg.threads);
        for (slot, g) in gradient.chunks_mut(2).enumerate() {
            if frozen[slot] {
                g.fill(0.0);
            }
            // Weights with no endgame part keep it at zero.
            if Weight::middlegame_only(slot) {
                g[1] = 0.0;
            }
        }
        tie_mirrored(&mut gradient);
        let lr = if epoch > drop_epoch {
            cfg.learning_rate / 10.0
        } else {
            cfg.learning_rate
        };
        let (c1, c2) = (
            1.0 - beta1.powi(epoch as i32),
            1.0 - beta2.powi(epoch as i32),
        );
        for i in 0..weights.len() {
            m[i] = beta1 * m[i] + (1.0 - beta1) * gradient[i];
            v[i] = beta2 * v[i] + (1.0 - beta2) * gradient[i] * gradient[i];
            weights[i] -= lr * (m[i] / c1) / ((v[i] / c2).sqrt() + epsilon);
        }
        if epoch == 1 || epoch % 25 == 0 || epoch == cfg.epochs {
            let _ = write!(log, "epoch {epoch:>5}  train loss {loss:.6}");
            if let Some(val) = validation {
                let (val_loss, _) = full_pass(val, &weights, cfg.scale_k, cfg.threads);
                let _ = write!(log, "  validation loss {val_loss:.6}");
            }
            let _ = writeln!(log);
        }
    }
    weights
        .chunks(2)
        .map(|w| S(w[0].round() as i32, w[1].round() as i32))
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn mirrored_squares_are_tied_and_nothing_else_moves() {
        let before = flatten(&crate::learn::tune_eval::weights::current());
        let mut tied = before.clone();
        tie_mirrored(&mut tied);
        let d4 = Weight::PieceSquare(crate::board::PieceKind::Knight, 4 * 8 + 3).index();
        let e4 = Weight::PieceSquare(crate::board::PieceKind::Knight, 4 * 8 + 4).index();
        assert_eq!(Weight::mirrored(d4), Some(e4));
        for slot in 0..Weight::COUNT {
            match Weight::mirrored(slot) {
                Some(mirror) => {
                    assert_eq!(tied[2 * slot], tied[2 * mirror]);
                    assert_eq!(tied[2 * slot + 1], tied[2 * mirror + 1]);
                    let mean = (before[2 * slot] + before[2 * mirror]) / 2.0;
                    assert_eq!(tied[2 * slot], mean);
                }
                None => assert_eq!(tied[2 * slot..2 * slot + 2], before[2 * slot..2 * slot + 2]),
            }
        }
    }

    /// Two weights, positions whose targets they explain exactly: the fit finds them.
    #[test]
    fn a_fit_recovers_the_weights_that_made_the_targets() {
        let truth = [S(100, 300), S(-50, 20)];
        let mut data = Dataset::default();
        for i in 0..400 {
            let counts = vec![(0u16, (i % 5 - 2) as i16), (1u16, (i % 7 - 3) as i16)];
            let phase = i % 19;
            let traced = TracedPosition {
                counts,
                phase,
                white_offset: 0,
            };
            let share = phase as f32 / MAX_PHASE as f32;
            let mut eval = 0.0;
            for &(slot, c) in &traced.counts {
                let w = truth[slot as usize];
                eval += c as f32 * (w.mg() as f32 * share + w.eg() as f32 * (1.0 - share));
            }
            data.push(&traced, sigmoid(eval / 400.0));
        }
        let cfg = FitConfig {
            epochs: 2000,
            learning_rate: 2.0,
            scale_k: 400.0,
            threads: 2,
            min_occurrences: 0,
        };
        let fitted = fit(&data, None, &[S::ZERO; 2], &cfg, &mut std::io::sink());
        for (f, t) in fitted.iter().zip(truth) {
            assert!((f.mg() - t.mg()).abs() <= 2, "{f:?} vs {t:?}");
            assert!((f.eg() - t.eg()).abs() <= 2, "{f:?} vs {t:?}");
        }
    }
}
