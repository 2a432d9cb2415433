//! The float model quantised to the engine's [`Network`], and a reference integer
//! evaluation of that network (the engine's arithmetic, written plainly) to check
//! that the two agree.

use super::model::{self, Model};
use crate::nnue::features::INPUTS;
use crate::nnue::network::{
    COUNT_LAYER_PLIES, CountLayer, HIDDEN, Network, OUTPUT_BUCKETS, QA, QB, Row, SCALE, counted,
    output_bucket,
};

/// `round(value * scale)` as i16, saturating (clipping keeps real weights inside).
fn quantise_i16(value: f32, scale: i32) -> i16 {
    (value * scale as f32).round() as i16
}

fn quantise_row(row: &[f32; HIDDEN], scale: i32) -> Row {
    Row(std::array::from_fn(|j| quantise_i16(row[j], scale)))
}

/// One layer of output neurons (weights x QB, biases x QA * QB).
fn quantise_neurons(
    row: impl Fn(usize, usize) -> [f32; HIDDEN],
    bias: impl Fn(usize) -> f32,
) -> ([[Row; 2]; OUTPUT_BUCKETS], [i32; OUTPUT_BUCKETS]) {
    (
        std::array::from_fn(|bucket| {
            [
                quantise_row(&row(bucket, 0), QB),
                quantise_row(&row(bucket, 1), QB),
            ]
        }),
        std::array::from_fn(|bucket| (bias(bucket) as f64 * (QA * QB) as f64).round() as i32),
    )
}

/// The model with hidden weights and biases x QA, output weights x QB and the
/// output bias x QA * QB (the count layer's as the output layer's), rounded to the
/// nearest integer.
pub(crate) fn quantise(model: &Model) -> Network {
    let (output_weights, output_bias) =
        quantise_neurons(|b, h| *model.output_row(b, h), |b| model.output_bias(b));
    let count_layer = model.count_layer.then(|| {
        let (weights, bias) =
            quantise_neurons(|b, h| *model.count_row(b, h), |b| model.count_bias(b));
        Box::new(CountLayer { weights, bias })
    });
    let mut net = Network {
        hidden_weights: (0..INPUTS)
            .map(|i| quantise_row(model.hidden_row(i), QA))
            .collect(),
        hidden_bias: quantise_row(model.hidden_bias(), QA),
        output_weights,
        output_bias,
        count_layer,
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
    let count_layer = net.count_layer.as_deref();
    for row in net.output_weights.iter().flatten() {
        params.extend(values(row, QB));
    }
    match count_layer {
        Some(layer) => {
            for row in layer.weights.iter().flatten() {
                params.extend(values(row, QB));
            }
        }
        None => params.resize(model::OUTPUT_BIAS, 0.0),
    }
    let unscaled_bias = |bias: i32| bias as f32 / (QA * QB) as f32;
    params.extend(net.output_bias.map(unscaled_bias));
    params.extend(
        count_layer
            .map_or([0; OUTPUT_BUCKETS], |layer| layer.bias)
            .map(unscaled_bias),
    );
    assert_eq!(params.len(), model::PARAMS);
    Model {
        params,
        count_layer: net.sees_count(),
    }
}

/// The quantised network's evaluation in centipawns (side to move's view) of a
/// position's active inputs, side to move's first, under count pressure `pressure`
/// (`nnue::network::count_pressure`), in the engine's arithmetic:
/// `v = clamp(acc, 0, QA)`, `sum += (v * w) * v` in i32, `out = sum / QA + bias`, the
/// count layer's `out` times `pressure / COUNT_LAYER_PLIES` added (kept between 0 and
/// the first `out`), then
/// `out * SCALE / (QA * QB)`.
pub fn evaluate_quantised(net: &Network, stm: &[u16], nstm: &[u16], pressure: i32) -> i32 {
    let bucket = output_bucket(stm.len() as u32);
    let mut sum: i32 = 0;
    let mut count_sum: i32 = 0;
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
            if let Some(layer) = &net.count_layer {
                count_sum += (v * layer.weights[bucket][half].0[j] as i32) * v;
            }
        }
    }
    let mut out = sum / QA + net.output_bias[bucket];
    if let Some(layer) = &net.count_layer
        && pressure > 0
    {
        out = counted(
            out,
            (count_sum / QA + layer.bias[bucket]) * pressure / COUNT_LAYER_PLIES,
        );
    }
    out * SCALE / (QA * QB)
}
