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

const MAGIC: &[u8; 8] = b"KHUNNNUE";
const VERSION: u32 = 2;
/// The header's length (the payload starts here).
pub const HEADER_BYTES: usize = 44;
const PAYLOAD_BYTES: usize =
    2 * (INPUTS * HIDDEN + HIDDEN + OUTPUT_BUCKETS * 2 * HIDDEN) + 4 * OUTPUT_BUCKETS;

/// The file size of a network of this build's shape.
pub const FILE_BYTES: usize = HEADER_BYTES + PAYLOAD_BYTES;

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
    /// The payload's checksum, as the file gave it (or as written).
    pub checksum: u64,
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
                    "network format version {v}; this build reads 1 and {VERSION}"
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

/// A network file: the magic, the header fields after it, the payload's checksum,
/// then the payload (`rows`, then `biases`).
fn file_bytes<'a>(header: &[u32], rows: impl Iterator<Item = &'a Row>, biases: &[i32]) -> Vec<u8> {
    let mut payload = Vec::with_capacity(PAYLOAD_BYTES);
    for row in rows {
        for v in row.0 {
            payload.extend_from_slice(&v.to_le_bytes());
        }
    }
    for bias in biases {
        payload.extend_from_slice(&bias.to_le_bytes());
    }
    let mut out = Vec::with_capacity(FILE_BYTES);
    out.extend_from_slice(MAGIC);
    for v in header {
        out.extend_from_slice(&v.to_le_bytes());
    }
    out.extend_from_slice(&fnv1a(&payload).to_le_bytes());
    out.extend_from_slice(&payload);
    out
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
            VERSION if bytes.len() >= HEADER_BYTES => {
                (HEADER_BYTES, PAYLOAD_BYTES, read_u32(bytes, 32))
            }
            VERSION => return Err(NetworkError::TooShort { len: bytes.len() }),
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
        let (output_weights, output_bias) = if version == 1 {
            let pair = read_pair(&mut at);
            let bias = read_i32(&mut at);
            ([pair; OUTPUT_BUCKETS], [bias; OUTPUT_BUCKETS])
        } else {
            let weights = std::array::from_fn(|_| read_pair(&mut at));
            let biases = std::array::from_fn(|_| read_i32(&mut at));
            (weights, biases)
        };
        for (bucket, pair) in output_weights.iter().enumerate() {
            let all_outputs = pair.iter().flat_map(|row| row.0.iter());
            if let Some((index, &value)) = all_outputs
                .enumerate()
                .find(|(_, w)| w.unsigned_abs() > MAX_OUTPUT_WEIGHT as u16)
            {
                let index = bucket * 2 * HIDDEN + index;
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
        Ok(Network {
            hidden_weights,
            hidden_bias,
            output_weights,
            output_bias,
            checksum: found,
        })
    }

    /// The network as a file (header, checksum, payload).
    pub fn to_bytes(&self) -> Vec<u8> {
        let rows = self
            .hidden_weights
            .iter()
            .chain(std::iter::once(&self.hidden_bias))
            .chain(self.output_weights.iter().flatten());
        let header = [
            VERSION,
            INPUTS as u32,
            HIDDEN as u32,
            QA as u32,
            QB as u32,
            SCALE as u32,
            OUTPUT_BUCKETS as u32,
        ];
        file_bytes(&header, rows, &self.output_bias)
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
        file_bytes(&header, rows, &net.output_bias[..1])
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
