//! The float network the trainer optimises: the shape and arithmetic of the
//! engine's quantised network (see [`crate::nnue::network`]) in `f32`, with the
//! forward pass and the gradient of the loss.
//!
//! Every parameter lives in one flat vector, in the order of the network file:
//! hidden weights (one row of `HIDDEN` per input), hidden biases, per output
//! bucket the output weights (side to move's half, then the other side's), the
//! output biases (one per bucket). The optimiser then
//! treats all of them alike, and a gradient is a vector of the same layout.
//!
//! The inner loops run over fixed-length `[f32; HIDDEN]` rows, which the compiler
//! turns into vector instructions; sums across a row use [`dot`], whose fixed lane
//! order makes the result the same on every instruction set.

use super::dataset::sigmoid;
use crate::nnue::features::INPUTS;
use crate::nnue::network::{HIDDEN, OUTPUT_BUCKETS, SCALE, output_bucket};
use crate::rng::Rng;

/// Where the hidden weights start: row `i` is `HIDDEN_WEIGHTS + i * HIDDEN ..`.
pub(crate) const HIDDEN_WEIGHTS: usize = 0;
/// Where the hidden biases start.
pub(crate) const HIDDEN_BIAS: usize = HIDDEN_WEIGHTS + INPUTS * HIDDEN;
/// Where the output weights start: bucket `b`'s side to move's half is row
/// `2 * b`, the other side's `2 * b + 1`.
pub(crate) const OUTPUT_WEIGHTS: usize = HIDDEN_BIAS + HIDDEN;
/// Where the output biases start (one per bucket).
pub(crate) const OUTPUT_BIAS: usize = OUTPUT_WEIGHTS + OUTPUT_BUCKETS * 2 * HIDDEN;
/// Parameters in all.
pub(crate) const PARAMS: usize = OUTPUT_BIAS + OUTPUT_BUCKETS;

/// Weights (and the hidden biases, which share their scale) are kept within
/// +-this after every step.
// why 1.0: quantised, the output weights (x QB = 128) round to at most 128, so the
// engine's i16 product clamp(acc) * w (255 * 128) fits, and the hidden weights
// (x QA = 255) keep the i16 accumulators far from overflow. Trained weights stay
// well inside it (the first net's largest: hidden 0.25, output 0.19).
pub(crate) const WEIGHT_LIMIT: f32 = 1.0;

/// One hidden row.
pub(crate) type HiddenRow = [f32; HIDDEN];

/// The float network.
#[derive(Clone, Debug, PartialEq)]
pub struct Model {
    /// All parameters, in the layout described in the module doc.
    pub(crate) params: Vec<f32>,
}

/// Per-thread working space for one position: accumulators and activations of
/// both perspectives (side to move first), and the gradient at the accumulators.
#[derive(Clone, Debug)]
pub(crate) struct Scratch {
    accumulators: [HiddenRow; 2],
    activations: [HiddenRow; 2],
    accumulator_gradients: [HiddenRow; 2],
}

impl Default for Scratch {
    fn default() -> Self {
        Scratch {
            accumulators: [[0.0; HIDDEN]; 2],
            activations: [[0.0; HIDDEN]; 2],
            accumulator_gradients: [[0.0; HIDDEN]; 2],
        }
    }
}

/// Row `index` of a `HIDDEN`-wide block starting at `start`.
#[inline(always)]
fn row(params: &[f32], start: usize, index: usize) -> &HiddenRow {
    params[start + index * HIDDEN..][..HIDDEN]
        .try_into()
        .expect("a row is HIDDEN long")
}

#[inline(always)]
fn row_mut(params: &mut [f32], start: usize, index: usize) -> &mut HiddenRow {
    (&mut params[start + index * HIDDEN..][..HIDDEN])
        .try_into()
        .expect("a row is HIDDEN long")
}

/// `sum a[j] * b[j]`, in 16 interleaved partial sums added in a fixed order.
// why: a plain running sum is one long dependency chain the compiler may not
// vectorise (reordering float additions changes the result); 16 lanes vectorise
// on SSE and AVX alike and give the same bits on both.
#[inline(always)]
pub(crate) fn dot(a: &HiddenRow, b: &HiddenRow) -> f32 {
    const LANES: usize = 16;
    let mut lanes = [0.0f32; LANES];
    for (ca, cb) in a.chunks_exact(LANES).zip(b.chunks_exact(LANES)) {
        for l in 0..LANES {
            lanes[l] += ca[l] * cb[l];
        }
    }
    lanes.iter().sum()
}

/// Squared clipped ReLU, `clamp(x, 0, 1)^2`.
#[inline(always)]
pub(crate) fn screlu(x: f32) -> f32 {
    let c = x.clamp(0.0, 1.0);
    c * c
}

impl Model {
    /// A freshly initialised network: hidden weights uniform in +-1/sqrt(768),
    /// output weights uniform in +-1/sqrt(2 * HIDDEN), biases zero.
    // why: the usual fan-in scaling keeps the accumulators of ~30 active inputs
    // well inside SCReLU's (0, 1) range at the start, where the gradient flows.
    pub(crate) fn random(seed: u64) -> Model {
        let mut rng = Rng::new(seed);
        let mut uniform = |limit: f32| (rng.unit() * 2.0 - 1.0) * limit;
        let mut params = vec![0.0f32; PARAMS];
        let hidden_limit = 1.0 / (INPUTS as f32).sqrt();
        for w in &mut params[HIDDEN_WEIGHTS..HIDDEN_BIAS] {
            *w = uniform(hidden_limit);
        }
        let output_limit = 1.0 / ((2 * HIDDEN) as f32).sqrt();
        for w in &mut params[OUTPUT_WEIGHTS..OUTPUT_BIAS] {
            *w = uniform(output_limit);
        }
        Model { params }
    }

    /// The hidden weights of input `input`.
    pub(crate) fn hidden_row(&self, input: usize) -> &HiddenRow {
        row(&self.params, HIDDEN_WEIGHTS, input)
    }

    /// The hidden biases.
    pub(crate) fn hidden_bias(&self) -> &HiddenRow {
        row(&self.params, HIDDEN_BIAS, 0)
    }

    /// The output weights of one bucket's half (0: side to move, 1: the other side).
    pub(crate) fn output_row(&self, bucket: usize, half: usize) -> &HiddenRow {
        row(&self.params, OUTPUT_WEIGHTS, 2 * bucket + half)
    }

    /// One bucket's output bias.
    pub(crate) fn output_bias(&self, bucket: usize) -> f32 {
        self.params[OUTPUT_BIAS + bucket]
    }

    /// The raw output (centipawns / SCALE) for a position's active inputs, side to
    /// move's first; leaves the accumulators and activations in `scratch`.
    #[inline(always)]
    pub(crate) fn forward(&self, stm: &[u16], nstm: &[u16], scratch: &mut Scratch) -> f32 {
        // One input per man and perspective: the side to move's list counts the men.
        let bucket = output_bucket(stm.len() as u32);
        let mut out = self.output_bias(bucket);
        for (half, inputs) in [stm, nstm].into_iter().enumerate() {
            let acc = &mut scratch.accumulators[half];
            *acc = *self.hidden_bias();
            // why only the active rows: a position has ~30 of 768 inputs set, so
            // this is the whole matrix product at a twenty-fifth of the work.
            for &input in inputs {
                let weights = self.hidden_row(input as usize);
                for j in 0..HIDDEN {
                    acc[j] += weights[j];
                }
            }
            let act = &mut scratch.activations[half];
            for j in 0..HIDDEN {
                act[j] = screlu(acc[j]);
            }
            out += dot(act, self.output_row(bucket, half));
        }
        out
    }

    /// The evaluation in centipawns, the side to move's view.
    pub fn evaluate_cp(&self, stm: &[u16], nstm: &[u16]) -> f32 {
        self.forward(stm, nstm, &mut Scratch::default()) * SCALE as f32
    }

    /// The loss of one position, `(sigmoid(out * SCALE / k) - target)^2`.
    #[inline(always)]
    pub(crate) fn loss(
        &self,
        stm: &[u16],
        nstm: &[u16],
        target: f32,
        k: f32,
        scratch: &mut Scratch,
    ) -> f32 {
        let predicted = sigmoid(self.forward(stm, nstm, scratch) * SCALE as f32 / k);
        (predicted - target) * (predicted - target)
    }

    /// Adds the gradient of one position's loss to `gradients` (laid out like
    /// `params`) and returns the loss.
    #[inline(always)]
    pub(crate) fn add_gradient(
        &self,
        stm: &[u16],
        nstm: &[u16],
        target: f32,
        k: f32,
        gradients: &mut [f32],
        scratch: &mut Scratch,
    ) -> f32 {
        let slope = SCALE as f32 / k;
        let predicted = sigmoid(self.forward(stm, nstm, scratch) * slope);
        let error = predicted - target;
        let bucket = output_bucket(stm.len() as u32);
        // d loss / d out
        let out_gradient = 2.0 * error * predicted * (1.0 - predicted) * slope;
        gradients[OUTPUT_BIAS + bucket] += out_gradient;
        for half in 0..2 {
            let weights = self.output_row(bucket, half);
            let acc = &scratch.accumulators[half];
            let act = &scratch.activations[half];
            let acc_gradient = &mut scratch.accumulator_gradients[half];
            let weight_gradient = row_mut(gradients, OUTPUT_WEIGHTS, 2 * bucket + half);
            for j in 0..HIDDEN {
                weight_gradient[j] += out_gradient * act[j];
                // d screlu / dx = 2x inside (0, 1), 0 outside.
                acc_gradient[j] = if acc[j] < 1.0 {
                    out_gradient * weights[j] * 2.0 * acc[j].clamp(0.0, 1.0)
                } else {
                    0.0
                };
            }
        }
        let [stm_gradient, nstm_gradient] = &scratch.accumulator_gradients;
        let bias_gradient = row_mut(gradients, HIDDEN_BIAS, 0);
        for j in 0..HIDDEN {
            bias_gradient[j] += stm_gradient[j] + nstm_gradient[j];
        }
        for (inputs, acc_gradient) in [(stm, stm_gradient), (nstm, nstm_gradient)] {
            for &input in inputs {
                let weight_gradient = row_mut(gradients, HIDDEN_WEIGHTS, input as usize);
                for j in 0..HIDDEN {
                    weight_gradient[j] += acc_gradient[j];
                }
            }
        }
        error * error
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::board::{Color, Position};
    use crate::nnue::features;

    fn start_inputs() -> (Vec<u16>, Vec<u16>) {
        let pos = Position::startpos();
        let inputs = |c| features::active(&pos, c).map(|i| i as u16).collect();
        (inputs(Color::White), inputs(Color::Black))
    }

    /// The analytic gradient matches central differences of the loss.
    #[test]
    fn the_gradient_matches_finite_differences() {
        let (stm, nstm) = start_inputs();
        let mut model = Model::random(7);
        // Biases away from zero, so some accumulators sit inside (0, 1) where
        // SCReLU bends, and the output is not tiny.
        for (j, b) in model.params[HIDDEN_BIAS..OUTPUT_WEIGHTS]
            .iter_mut()
            .enumerate()
        {
            *b = 0.2 + 0.5 * (j % 3) as f32 / 3.0;
        }
        // The start position has 32 men: the last bucket.
        let bucket = OUTPUT_BUCKETS - 1;
        model.params[OUTPUT_BIAS + bucket] = 0.1;
        let (target, k) = (0.9, 400.0);
        let mut gradients = vec![0.0; PARAMS];
        let mut scratch = Scratch::default();
        model.add_gradient(&stm, &nstm, target, k, &mut gradients, &mut scratch);
        let checked = [
            HIDDEN_WEIGHTS + stm[3] as usize * HIDDEN + 5,
            HIDDEN_WEIGHTS + nstm[10] as usize * HIDDEN + 200,
            HIDDEN_BIAS + 17,
            OUTPUT_WEIGHTS + 2 * bucket * HIDDEN + 3,
            OUTPUT_WEIGHTS + (2 * bucket + 1) * HIDDEN + 100,
            OUTPUT_BIAS + bucket,
        ];
        let h = 1e-3;
        for index in checked {
            let mut loss_at = |delta: f32| {
                let mut moved = model.clone();
                moved.params[index] += delta;
                moved.loss(&stm, &nstm, target, k, &mut scratch) as f64
            };
            let numeric = (loss_at(h) - loss_at(-h)) / (2.0 * h as f64);
            let analytic = gradients[index] as f64;
            assert!(
                (numeric - analytic).abs() <= 0.03 * analytic.abs().max(1e-4),
                "parameter {index}: analytic {analytic}, numeric {numeric}"
            );
        }
        // An input that is not on the board gets no gradient.
        let absent = (0..features::INPUTS as u16)
            .find(|i| !stm.contains(i) && !nstm.contains(i))
            .unwrap();
        let row = &gradients[absent as usize * HIDDEN..][..HIDDEN];
        assert!(row.iter().all(|&g| g == 0.0));
        // Nor does any other bucket's output neuron.
        let other_buckets = &gradients[OUTPUT_WEIGHTS..OUTPUT_WEIGHTS + 2 * bucket * HIDDEN];
        assert!(other_buckets.iter().all(|&g| g == 0.0));
        assert!(
            gradients[OUTPUT_BIAS..OUTPUT_BIAS + bucket]
                .iter()
                .all(|&g| g == 0.0)
        );
    }

    #[test]
    fn dot_is_the_plain_sum_of_products() {
        let a: HiddenRow = std::array::from_fn(|j| j as f32 * 0.5);
        let b: HiddenRow = std::array::from_fn(|j| 1.0 - (j % 4) as f32);
        let plain: f64 = a
            .iter()
            .zip(&b)
            .map(|(x, y)| (*x as f64) * (*y as f64))
            .sum();
        assert!((dot(&a, &b) as f64 - plain).abs() < 1e-2);
    }
}
