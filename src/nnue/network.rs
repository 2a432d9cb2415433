//! The network's shape, its quantised weights and its file format.
//!
//! Shape: `(768 -> HIDDEN) x 2 -> 1 x OUTPUT_BUCKETS`. The 768 inputs of each
//! perspective (see [`super::features`]) feed one shared hidden layer (the feature
//! transformer); the side to move's half and the other side's half are activated
//! with squared clipped ReLU, `clamp(x, 0, 1)^2`, and summed by one output neuron,
//! chosen among `OUTPUT_BUCKETS` by the number of men on the board
//! ([`output_bucket`]). The output times `SCALE` is centipawns from the side to
//! move's view.
//!
//! Quantisation: hidden weights and biases are i16 scaled by `QA`, output weights i16
//! scaled by `QB`, the output bias i32 scaled by `QA * QB`. The integer SCReLU
//! computes `clamp(acc, 0, QA) * w` in i16 and multiplies by the clamp again in i32,
//! so an output weight may be at most 128 (255 * 128 < 2^15), and the loader checks
//! that the sum cannot leave i32 (QA^2 times the output weights' absolute sum). The
//! trainer clips every weight to +-1.0, which keeps both and the accumulators
//! (32 pieces * 255) far inside their types; trained weights stay well below it.
//!
//! File (all little-endian):
//!
//! | bytes | field |
//! |-------|-------|
//! | 0-7   | magic `KHUNNNUE` |
//! | 8-11  | version (2) |
//! | 12-15 | inputs (768) |
//! | 16-19 | hidden size |
//! | 20-23 | QA |
//! | 24-27 | QB |
//! | 28-31 | SCALE |
//! | 32-35 | output buckets |
//! | 36-43 | FNV-1a 64 checksum of the payload |
//! | 44-   | payload: hidden weights (768 rows of HIDDEN i16, input-major), hidden biases (HIDDEN i16), per output bucket the output weights (2 * HIDDEN i16, side to move's half first), then the output biases (one i32 per bucket) |
//!
//! Version 1 (the first networks: no bucket field, header 40 bytes, one output
//! neuron) is still read: its output neuron is copied into every bucket, which
//! evaluates exactly as it did.
//!
//! Version 3 is version 2 with a [`CountLayer`] after the output biases: per bucket
//! a second output neuron (2 * HIDDEN i16, then one i32 bias per bucket, scaled as
//! the output layer) whose output is added in proportion to the [`count_pressure`]
//! of the position's running count. A network with it sees the count, so the engine
//! does not fade its score as a count runs out (`eval::evaluate_with_network`).

use super::features::INPUTS;
use std::fmt;

/// Neurons in the hidden layer, per perspective.
pub(crate) const HIDDEN: usize = 256;
/// Scale of the hidden layer's quantised weights and biases (1.0 = QA).
pub(crate) const QA: i32 = 255;
/// Scale of the output weights.
pub(crate) const QB: i32 = 128;
/// Centipawns per unit of network output.
pub(crate) const SCALE: i32 = 400;

/// Output neurons, one per range of men on the board.
pub(crate) const OUTPUT_BUCKETS: usize = 8;

/// The output bucket of a position with `men` men (kings included) on the board:
/// 2-5 men bucket 0, 6-9 bucket 1, ..., 30-32 bucket 7.
// why buckets by men: a full middlegame and a bare ending weigh the same hidden
// features differently (a pawn's square matters by what is left around it); one
// small output neuron per phase lets the net say so at the cost of a few kilobytes
// and no speed (the accumulators are shared).
#[inline]
pub(crate) fn output_bucket(men: u32) -> usize {
    (men.saturating_sub(2) as usize / 4).min(OUTPUT_BUCKETS - 1)
}

/// The plies before a count's end from which the count layer acts.
// why the count fade's 40: a count layer made from a network without one starts as
// exactly that fade (its neuron is the output neuron negated), so fine-tuning
// starts from what the engine played and can only learn where the fade is wrong.
pub const COUNT_LAYER_PLIES: i32 = crate::eval::params::COUNT_FADE_PLIES;

/// How near a running count is to its end, in `COUNT_LAYER_PLIES`ths: 0 with no count
/// or `COUNT_LAYER_PLIES` or more plies left, up to `COUNT_LAYER_PLIES` at its last ply.
#[inline]
pub fn count_pressure(plies_left: Option<u16>) -> i32 {
    plies_left.map_or(0, |left| (COUNT_LAYER_PLIES - left as i32).max(0))
}

/// The output once the count layer has added `count_share` (its neuron times the
/// pressure) to the output neuron's `base`: kept between 0 and `base`.
// why kept between: the count can only take away what the score says (a count that
// runs out is a draw, never a win for the other side). A layer free to overshoot
// zero rated the side ahead below a dead draw in the count's last plies, and in the
// conversion suite it gave its last winning material away for that draw.
#[inline]
pub(crate) fn counted(base: i32, count_share: i32) -> i32 {
    let out = base + count_share;
    if base >= 0 {
        out.clamp(0, base)
    } else {
        out.clamp(base, 0)
    }
}

const MAGIC: &[u8; 8] = b"KHUNNNUE";
const VERSION: u32 = 2;
/// The version of a file with a count layer.
const VERSION_WITH_COUNT: u32 = 3;
/// The header's length (the payload starts here).
pub const HEADER_BYTES: usize = 44;
const PAYLOAD_BYTES: usize =
    2 * (INPUTS * HIDDEN + HIDDEN + OUTPUT_BUCKETS * 2 * HIDDEN) + 4 * OUTPUT_BUCKETS;
/// The count layer's bytes after a version 2 payload.
const COUNT_LAYER_BYTES: usize = 2 * OUTPUT_BUCKETS * 2 * HIDDEN + 4 * OUTPUT_BUCKETS;

/// The file size of a network of this build's shape without a count layer.
pub const FILE_BYTES: usize = HEADER_BYTES + PAYLOAD_BYTES;
/// The largest network file this build reads (one with a count layer).
pub const MAX_FILE_BYTES: usize = FILE_BYTES + COUNT_LAYER_BYTES;

/// Version 1 files: a 40-byte header (no bucket field) and one output neuron.
const V1_HEADER_BYTES: usize = 40;
const V1_PAYLOAD_BYTES: usize = 2 * (INPUTS * HIDDEN + HIDDEN + 2 * HIDDEN) + 4;

/// One row of the hidden layer, aligned for vector loads.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
#[repr(C, align(64))]
pub(crate) struct Row(pub(crate) [i16; HIDDEN]);

/// A quantised network.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Network {
    /// One row per input.
    pub(crate) hidden_weights: Vec<Row>,
    pub(crate) hidden_bias: Row,
    /// Per output bucket: the side to move's half, then the other side's.
    pub(crate) output_weights: [[Row; 2]; OUTPUT_BUCKETS],
    /// Per output bucket.
    pub(crate) output_bias: [i32; OUTPUT_BUCKETS],
    /// The second output neuron that sees the count, if the network has one.
    pub(crate) count_layer: Option<Box<CountLayer>>,
    /// The payload's checksum, as the file gave it (or as written).
    pub checksum: u64,
}

/// A second output neuron per bucket, added to the output in proportion to the
/// running count's [`count_pressure`]: `out + pressure / COUNT_LAYER_PLIES * count_out`,
/// kept between 0 and `out` ([`counted`]).
/// It costs nothing incrementally (it reads the same accumulators) and nothing at all
/// while no count is near its end.
// why a neuron and not a fixed fade: whether a count's last plies are enough depends
// on the position (a rook and a met mate a bare king's side faster than three mets),
// and a neuron reading the hidden layer can learn that where one fade cannot.
#[derive(Clone, Debug, PartialEq, Eq)]
pub(crate) struct CountLayer {
    /// Per output bucket: the side to move's half, then the other side's.
    pub(crate) weights: [[Row; 2]; OUTPUT_BUCKETS],
    /// Per output bucket.
    pub(crate) bias: [i32; OUTPUT_BUCKETS],
}

impl CountLayer {
    /// The layer that makes the output fade exactly as `eval::endgame::fade_for_count`
    /// fades a network without one: the output neuron negated.
    fn as_fade(net: &Network) -> CountLayer {
        let negated = |row: &Row| Row(row.0.map(|w| -w));
        CountLayer {
            weights: net
                .output_weights
                .each_ref()
                .map(|pair| pair.each_ref().map(negated)),
            bias: net.output_bias.map(|b| -b),
        }
    }
}

/// Why a network file was refused.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum NetworkError {
    TooShort {
        len: usize,
    },
    BadMagic,
    Version(u32),
    Shape {
        inputs: u32,
        hidden: u32,
        buckets: u32,
    },
    Quantisation {
        qa: u32,
        qb: u32,
        scale: u32,
    },
    Length {
        expected: usize,
        found: usize,
    },
    Checksum {
        expected: u64,
        found: u64,
    },
    /// An output weight outside +-`MAX_OUTPUT_WEIGHT` (the integer inference needs
    /// `weight * QA` to fit in i16).
    OutputWeight {
        index: usize,
        value: i16,
    },
    /// Output weights so large that the SCReLU sum could leave i32.
    OutputSum {
        sum: u64,
    },
}

/// The largest output weight the integer inference accepts (`QA * 128 < 2^15`).
pub(crate) const MAX_OUTPUT_WEIGHT: i16 = 128;

/// The largest absolute sum of the output weights: `QA^2` times it stays in i32.
pub(crate) const MAX_OUTPUT_SUM: u64 = i32::MAX as u64 / (QA * QA) as u64;

impl fmt::Display for NetworkError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            NetworkError::TooShort { len } => {
                write!(
                    f,
                    "not a Khun network: {len} bytes is shorter than the header"
                )
            }
            NetworkError::BadMagic => write!(f, "not a Khun network (no KHUNNNUE header)"),
            NetworkError::Version(v) => {
                write!(
                    f,
                    "network format version {v}; this build reads 1 to {VERSION_WITH_COUNT}"
                )
            }
            NetworkError::Shape {
                inputs,
                hidden,
                buckets,
            } => write!(
                f,
                "network shape {inputs} -> {hidden}, {buckets} output buckets; this build uses \
                 {INPUTS} -> {HIDDEN}, {OUTPUT_BUCKETS}"
            ),
            NetworkError::Quantisation { qa, qb, scale } => write!(
                f,
                "network quantisation QA {qa}, QB {qb}, scale {scale}; this build uses {QA}, {QB}, {SCALE}"
            ),
            NetworkError::Length { expected, found } => write!(
                f,
                "network file is truncated or too long: {found} bytes, expected {expected}"
            ),
            NetworkError::OutputWeight { index, value } => write!(
                f,
                "network output weight {index} is {value}, outside +-{MAX_OUTPUT_WEIGHT}"
            ),
            NetworkError::OutputSum { sum } => write!(
                f,
                "network output weights sum to {sum} in absolute value, above {MAX_OUTPUT_SUM}"
            ),
            NetworkError::Checksum { expected, found } => write!(
                f,
                "network checksum mismatch: header says {expected:016x}, payload gives {found:016x}"
            ),
        }
    }
}

impl std::error::Error for NetworkError {}

/// FNV-1a, 64 bits: enough to catch a damaged or truncated file.
pub fn fnv1a(bytes: &[u8]) -> u64 {
    let mut h: u64 = 0xcbf2_9ce4_8422_2325;
    for &b in bytes {
        h ^= b as u64;
        h = h.wrapping_mul(0x0000_0100_0000_01b3);
    }
    h
}

fn read_u32(bytes: &[u8], at: usize) -> u32 {
    u32::from_le_bytes(bytes[at..at + 4].try_into().expect("4 bytes"))
}

fn read_row(payload: &[u8], at: &mut usize) -> Row {
    let mut row = Row([0; HIDDEN]);
    for v in row.0.iter_mut() {
        *v = i16::from_le_bytes([payload[*at], payload[*at + 1]]);
        *at += 2;
    }
    row
}

/// Appends rows of i16 to a payload.
fn push_rows<'a>(payload: &mut Vec<u8>, rows: impl Iterator<Item = &'a Row>) {
    for row in rows {
        for v in row.0 {
            payload.extend_from_slice(&v.to_le_bytes());
        }
    }
}

/// Appends i32 words to a payload.
fn push_words(payload: &mut Vec<u8>, words: impl Iterator<Item = i32>) {
    for word in words {
        payload.extend_from_slice(&word.to_le_bytes());
    }
}

/// A network file: the magic, the header fields after it, the payload's checksum,
/// then the payload.
fn file_bytes(header: &[u32], payload: &[u8]) -> Vec<u8> {
    let mut out = Vec::with_capacity(HEADER_BYTES + payload.len());
    out.extend_from_slice(MAGIC);
    for v in header {
        out.extend_from_slice(&v.to_le_bytes());
    }
    out.extend_from_slice(&fnv1a(payload).to_le_bytes());
    out.extend_from_slice(payload);
    out
}

/// Checks one layer of output neurons against the integer inference's limits;
/// `first_index` numbers its weights in error messages.
fn check_output_weights(
    neurons: &[[Row; 2]; OUTPUT_BUCKETS],
    first_index: usize,
) -> Result<(), NetworkError> {
    for (bucket, pair) in neurons.iter().enumerate() {
        let all_outputs = pair.iter().flat_map(|row| row.0.iter());
        if let Some((index, &value)) = all_outputs
            .enumerate()
            .find(|(_, w)| w.unsigned_abs() > MAX_OUTPUT_WEIGHT as u16)
        {
            let index = first_index + bucket * 2 * HIDDEN + index;
            return Err(NetworkError::OutputWeight { index, value });
        }
        let sum: u64 = pair
            .iter()
            .flat_map(|row| row.0.iter())
            .map(|w| w.unsigned_abs() as u64)
            .sum();
        if sum > MAX_OUTPUT_SUM {
            return Err(NetworkError::OutputSum { sum });
        }
    }
    Ok(())
}

impl Network {
    /// Reads and checks a network file (version 2, or version 1 with its one
    /// output neuron copied into every bucket).
    pub fn from_bytes(bytes: &[u8]) -> Result<Network, NetworkError> {
        if bytes.len() < V1_HEADER_BYTES {
            return Err(NetworkError::TooShort { len: bytes.len() });
        }
        if &bytes[0..8] != MAGIC {
            return Err(NetworkError::BadMagic);
        }
        let version = read_u32(bytes, 8);
        let (header_bytes, payload_bytes, buckets) = match version {
            1 => (V1_HEADER_BYTES, V1_PAYLOAD_BYTES, 1),
            VERSION | VERSION_WITH_COUNT if bytes.len() < HEADER_BYTES => {
                return Err(NetworkError::TooShort { len: bytes.len() });
            }
            VERSION => (HEADER_BYTES, PAYLOAD_BYTES, read_u32(bytes, 32)),
            VERSION_WITH_COUNT => (
                HEADER_BYTES,
                PAYLOAD_BYTES + COUNT_LAYER_BYTES,
                read_u32(bytes, 32),
            ),
            other => return Err(NetworkError::Version(other)),
        };
        let (inputs, hidden) = (read_u32(bytes, 12), read_u32(bytes, 16));
        let buckets_ok = version == 1 || buckets as usize == OUTPUT_BUCKETS;
        if inputs as usize != INPUTS || hidden as usize != HIDDEN || !buckets_ok {
            return Err(NetworkError::Shape {
                inputs,
                hidden,
                buckets,
            });
        }
        let (qa, qb, scale) = (
            read_u32(bytes, 20),
            read_u32(bytes, 24),
            read_u32(bytes, 28),
        );
        if qa != QA as u32 || qb != QB as u32 || scale != SCALE as u32 {
            return Err(NetworkError::Quantisation { qa, qb, scale });
        }
        if bytes.len() != header_bytes + payload_bytes {
            return Err(NetworkError::Length {
                expected: header_bytes + payload_bytes,
                found: bytes.len(),
            });
        }
        let expected = u64::from_le_bytes(
            bytes[header_bytes - 8..header_bytes]
                .try_into()
                .expect("8 bytes"),
        );
        let payload = &bytes[header_bytes..];
        let found = fnv1a(payload);
        if found != expected {
            return Err(NetworkError::Checksum { expected, found });
        }
        let mut at = 0;
        let hidden_weights = (0..INPUTS).map(|_| read_row(payload, &mut at)).collect();
        let hidden_bias = read_row(payload, &mut at);
        let read_pair = |at: &mut usize| [read_row(payload, at), read_row(payload, at)];
        let read_i32 = |at: &mut usize| {
            let v = i32::from_le_bytes(payload[*at..*at + 4].try_into().expect("4 bytes"));
            *at += 4;
            v
        };
        let read_neurons = |at: &mut usize| {
            let weights: [[Row; 2]; OUTPUT_BUCKETS] = std::array::from_fn(|_| read_pair(at));
            let biases: [i32; OUTPUT_BUCKETS] = std::array::from_fn(|_| read_i32(at));
            (weights, biases)
        };
        let (output_weights, output_bias) = if version == 1 {
            let pair = read_pair(&mut at);
            let bias = read_i32(&mut at);
            ([pair; OUTPUT_BUCKETS], [bias; OUTPUT_BUCKETS])
        } else {
            read_neurons(&mut at)
        };
        check_output_weights(&output_weights, 0)?;
        let count_layer = if version == VERSION_WITH_COUNT {
            let (weights, bias) = read_neurons(&mut at);
            // Counted after the output layer's weights, as the file lays them out.
            check_output_weights(&weights, OUTPUT_BUCKETS * 2 * HIDDEN)?;
            Some(Box::new(CountLayer { weights, bias }))
        } else {
            None
        };
        Ok(Network {
            hidden_weights,
            hidden_bias,
            output_weights,
            output_bias,
            count_layer,
            checksum: found,
        })
    }

    /// The network with a count layer that fades its output as the engine fades a
    /// network without one (the same play, to the integer rounding): where
    /// training a count layer starts.
    pub fn with_fading_count_layer(&self) -> Network {
        let mut net = self.clone();
        net.count_layer = Some(Box::new(CountLayer::as_fade(self)));
        net.checksum = fnv1a(&net.to_bytes()[HEADER_BYTES..]);
        net
    }

    /// Whether the network sees the count (has a [`CountLayer`]).
    pub fn sees_count(&self) -> bool {
        self.count_layer.is_some()
    }

    /// The network as a file (header, checksum, payload): version 2, or 3 with a
    /// count layer.
    pub fn to_bytes(&self) -> Vec<u8> {
        let count_rows = self
            .count_layer
            .iter()
            .flat_map(|layer| layer.weights.iter().flatten());
        let rows = self
            .hidden_weights
            .iter()
            .chain(std::iter::once(&self.hidden_bias))
            .chain(self.output_weights.iter().flatten());
        let version = if self.sees_count() {
            VERSION_WITH_COUNT
        } else {
            VERSION
        };
        let header = [
            version,
            INPUTS as u32,
            HIDDEN as u32,
            QA as u32,
            QB as u32,
            SCALE as u32,
            OUTPUT_BUCKETS as u32,
        ];
        let count_bias = self.count_layer.iter().flat_map(|layer| layer.bias);
        let mut payload = Vec::with_capacity(PAYLOAD_BYTES + COUNT_LAYER_BYTES);
        push_rows(&mut payload, rows);
        push_words(&mut payload, self.output_bias.iter().copied());
        push_rows(&mut payload, count_rows);
        push_words(&mut payload, count_bias);
        file_bytes(&header, &payload)
    }

    /// A network of small seeded weights (for tests: a network unlike the built-in
    /// one whose outputs still fit the loader's ranges).
    pub fn seeded(seed: u64) -> Network {
        let mut rng = crate::rng::Rng::new(seed);
        let mut small = |range: i32| (rng.below(2 * range as usize + 1) as i32 - range) as i16;
        let mut net = Network::zeroed();
        let rows = net
            .hidden_weights
            .iter_mut()
            .chain(std::iter::once(&mut net.hidden_bias))
            .chain(net.output_weights.iter_mut().flatten());
        for row in rows {
            for v in row.0.iter_mut() {
                *v = small(60);
            }
        }
        net.output_bias = std::array::from_fn(|bucket| 1234 - 100 * bucket as i32);
        net
    }

    /// A network of zeros (for tests and as a starting shape).
    pub fn zeroed() -> Network {
        Network {
            hidden_weights: vec![Row([0; HIDDEN]); INPUTS],
            hidden_bias: Row([0; HIDDEN]),
            output_weights: [[Row([0; HIDDEN]); 2]; OUTPUT_BUCKETS],
            output_bias: [0; OUTPUT_BUCKETS],
            count_layer: None,
            checksum: 0,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn files_round_trip_and_damage_is_refused() {
        let mut net = Network::zeroed();
        net.hidden_weights[5].0[7] = -123;
        net.output_weights[3][1].0[3] = 45;
        net.output_bias[6] = -7777;
        let bytes = net.to_bytes();
        assert_eq!(bytes.len(), FILE_BYTES);
        let back = Network::from_bytes(&bytes).unwrap();
        assert_eq!(back.hidden_weights, net.hidden_weights);
        assert_eq!(back.output_weights, net.output_weights);
        assert_eq!(back.output_bias[6], -7777);
        assert!(matches!(
            Network::from_bytes(&bytes[..bytes.len() - 1]),
            Err(NetworkError::Length { .. })
        ));
        let mut damaged = bytes.clone();
        damaged[1000] ^= 1;
        assert!(matches!(
            Network::from_bytes(&damaged),
            Err(NetworkError::Checksum { .. })
        ));
        assert_eq!(
            Network::from_bytes(b"hello"),
            Err(NetworkError::TooShort { len: 5 })
        );
    }

    #[test]
    fn a_count_layer_round_trips_as_version_3() {
        let mut net = Network::seeded(5);
        let plain = net.to_bytes();
        assert_eq!(read_u32(&plain, 8), VERSION);
        assert!(!Network::from_bytes(&plain).unwrap().sees_count());
        let mut layer = *net.with_fading_count_layer().count_layer.unwrap();
        layer.weights[2][1].0[9] = 77;
        layer.bias[4] = 4321;
        net.count_layer = Some(Box::new(layer));
        let bytes = net.to_bytes();
        assert_eq!(bytes.len(), MAX_FILE_BYTES);
        assert_eq!(read_u32(&bytes, 8), VERSION_WITH_COUNT);
        let back = Network::from_bytes(&bytes).unwrap();
        assert!(back.sees_count());
        assert_eq!(back.count_layer, net.count_layer);
        assert_eq!(back.to_bytes(), bytes);
        // A count weight the integer inference cannot take is refused, numbered
        // after the output layer's.
        let mut wild = back.clone();
        wild.count_layer.as_mut().unwrap().weights[0][0].0[3] = 200;
        assert_eq!(
            Network::from_bytes(&wild.to_bytes()),
            Err(NetworkError::OutputWeight {
                index: OUTPUT_BUCKETS * 2 * HIDDEN + 3,
                value: 200
            })
        );
        assert!(matches!(
            Network::from_bytes(&bytes[..bytes.len() - 4]),
            Err(NetworkError::Length { .. })
        ));
    }

    /// A count layer made as the fade makes the engine's score what the fade made of
    /// the same network without one, at every count (to the integer rounding).
    #[test]
    fn a_count_layer_as_the_fade_plays_like_the_fade() {
        use crate::board::Position;
        use crate::eval::evaluate_with_network;
        use crate::nnue::accumulator::evaluate_from_scratch;
        let plain = crate::nnue::embedded();
        let layered = plain.with_fading_count_layer();
        let mut scores = Vec::new();
        // K+R+M v K+N under the board's honour, its count at every stage.
        for counted in [0, 30, 100, 110, 120, 126, 127] {
            let fen = format!("8/3k4/8/2n5/8/3K4/5R2/4M3 w - 128 {counted} 80");
            let pos = Position::from_fen(&fen).unwrap();
            let engine = |net: &Network| {
                evaluate_with_network(&pos, evaluate_from_scratch(net, &pos), net.sees_count())
            };
            let (faded, learnt) = (engine(&plain), engine(&layered));
            assert!(
                (faded - learnt).abs() <= 2,
                "{fen}: fade {faded}, layer {learnt}"
            );
            scores.push(learnt);
        }
        // The fade bites: a rook up, and nothing left with one ply of the count.
        assert!(
            scores[0] > 200 && scores[6].abs() < scores[0] / 20,
            "{scores:?}"
        );
        assert_eq!(count_pressure(None), 0);
        assert_eq!(count_pressure(Some(COUNT_LAYER_PLIES as u16)), 0);
        assert_eq!(count_pressure(Some(1)), COUNT_LAYER_PLIES - 1);
    }

    /// A version 1 file (one output neuron) made from bucket 0 of `net`.
    fn version_1_bytes(net: &Network) -> Vec<u8> {
        let rows = net
            .hidden_weights
            .iter()
            .chain(std::iter::once(&net.hidden_bias))
            .chain(net.output_weights[0].iter());
        let header = [
            1,
            INPUTS as u32,
            HIDDEN as u32,
            QA as u32,
            QB as u32,
            SCALE as u32,
        ];
        let mut payload = Vec::new();
        push_rows(&mut payload, rows);
        push_words(&mut payload, net.output_bias[..1].iter().copied());
        file_bytes(&header, &payload)
    }

    #[test]
    fn version_1_files_read_as_one_neuron_in_every_bucket() {
        let net = Network::seeded(9);
        let bytes = version_1_bytes(&net);
        assert_eq!(bytes.len(), V1_HEADER_BYTES + V1_PAYLOAD_BYTES);
        let back = Network::from_bytes(&bytes).unwrap();
        assert_eq!(back.hidden_weights, net.hidden_weights);
        assert!(
            back.output_weights
                .iter()
                .all(|pair| *pair == net.output_weights[0])
        );
        assert!(back.output_bias.iter().all(|&b| b == net.output_bias[0]));
        // Written again it is a version 2 file of the same network.
        let again = Network::from_bytes(&back.to_bytes()).unwrap();
        assert_eq!(again.output_weights, back.output_weights);
        assert!(matches!(
            Network::from_bytes(&bytes[..bytes.len() - 2]),
            Err(NetworkError::Length { .. })
        ));
    }

    #[test]
    fn buckets_split_the_men_in_fours() {
        assert_eq!(output_bucket(2), 0);
        assert_eq!(output_bucket(5), 0);
        assert_eq!(output_bucket(6), 1);
        assert_eq!(output_bucket(29), 6);
        assert_eq!(output_bucket(30), 7);
        assert_eq!(output_bucket(32), 7);
        // Fewer than two men cannot happen; it still maps inside.
        assert_eq!(output_bucket(0), 0);
    }
}
