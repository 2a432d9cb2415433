//! The float model quantised to the engine's [`Network`], and a reference integer
//! evaluation of that network (the engine's arithmetic, written plainly) to check
//! that the two agree.

use super::model::{self, Model};
use crate::nnue::features::INPUTS;
use crate::nnue::network::{HIDDEN, Network, OUTPUT_BUCKETS, QA, QB, Row, SCALE, output_bucket};

/// `round(value * scale)` as i16, saturating (clipping keeps real weights inside).
fn quantise_i16(value: f32, scale: i32) -> i16 {
    (value * scale as f32).round() as i16
}

fn quantise_row(row: &[f32; HIDDEN], scale: i32) -> Row {
    Row(std::array::from_fn(|j| quantise_i16(row[j], scale)))
}

/// The model with hidden weights and biases x QA, output weights x QB and the
/// output bias x QA * QB, rounded to the nearest integer.
pub(crate) fn quantise(model: &Model) -> Network {
    let mut net = Network {
        hidden_weights: (0..INPUTS)
            .map(|i| quantise_row(model.hidden_row(i), QA))
            .collect(),
        hidden_bias: quantise_row(model.hidden_bias(), QA),
        output_weights: std::array::from_fn(|bucket| {
            [
                quantise_row(model.output_row(bucket, 0), QB),
                quantise_row(model.output_row(bucket, 1), QB),
            ]
        }),
        output_bias: std::array::from_fn(|bucket| {
            (model.output_bias(bucket) as f64 * (QA * QB) as f64).round() as i32
        }),
        checksum: 0,
    };
    // The checksum the file will carry, so a network made here equals one read back.
    net.checksum = Network::from_bytes(&net.to_bytes())
        .expect("a network just built has this build's shape")
        .checksum;
    net
}

/// The float model a quantised network stands for (every value divided by its
/// scale): evaluated in floats it differs from [`evaluate_quantised`] only by the
/// integer divisions' truncation, so comparing the two checks the export itself.
pub fn dequantise(net: &Network) -> Model {
    let mut params = Vec::with_capacity(model::PARAMS);
    let values = |row: &Row, scale: i32| row.0.map(|v| v as f32 / scale as f32);
    for row in &net.hidden_weights {
        params.extend(values(row, QA));
    }
    params.extend(values(&net.hidden_bias, QA));
    for row in net.output_weights.iter().flatten() {
        params.extend(values(row, QB));
    }
    for bias in net.output_bias {
        params.push(bias as f32 / (QA * QB) as f32);
    }
    debug_assert_eq!(net.output_bias.len(), OUTPUT_BUCKETS);
    assert_eq!(params.len(), model::PARAMS);
    Model { params }
}

/// The quantised network's evaluation in centipawns (side to move's view) of a
/// position's active inputs, side to move's first, in the engine's arithmetic:
/// `v = clamp(acc, 0, QA)`, `sum += (v * w) * v` in i32, then
/// `(sum / QA + bias) * SCALE / (QA * QB)`.
pub fn evaluate_quantised(net: &Network, stm: &[u16], nstm: &[u16]) -> i32 {
    let bucket = output_bucket(stm.len() as u32);
    let mut sum: i32 = 0;
    for (half, inputs) in [stm, nstm].into_iter().enumerate() {
        let mut acc: [i32; HIDDEN] = std::array::from_fn(|j| net.hidden_bias.0[j] as i32);
        for &input in inputs {
            let row = &net.hidden_weights[input as usize].0;
            for j in 0..HIDDEN {
                acc[j] += row[j] as i32;
            }
        }
        let weights = &net.output_weights[bucket][half].0;
        for j in 0..HIDDEN {
            let v = acc[j].clamp(0, QA);
            sum += (v * weights[j] as i32) * v;
        }
    }
    (sum / QA + net.output_bias[bucket]) * SCALE / (QA * QB)
}
