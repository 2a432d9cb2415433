//! The network's shape, its quantised weights and its file format.
//!
//! Shape: `(768 -> HIDDEN) x 2 -> 1`. The 768 inputs of each perspective (see
//! [`super::features`]) feed one shared hidden layer (the feature transformer); the
//! side to move's half and the other side's half are activated with squared clipped
//! ReLU, `clamp(x, 0, 1)^2`, and summed by one output neuron. The output times
//! `SCALE` is centipawns from the side to move's view.
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
//! | 8-11  | version (1) |
//! | 12-15 | inputs (768) |
//! | 16-19 | hidden size |
//! | 20-23 | QA |
//! | 24-27 | QB |
//! | 28-31 | SCALE |
//! | 32-39 | FNV-1a 64 checksum of the payload |
//! | 40-   | payload: hidden weights (768 rows of HIDDEN i16, input-major), hidden biases (HIDDEN i16), output weights (2 * HIDDEN i16, side to move's half first), output bias (i32) |

use super::features::INPUTS;
use std::fmt;

/// Neurons in the hidden layer, per perspective.
pub const HIDDEN: usize = 256;
/// Scale of the hidden layer's quantised weights and biases (1.0 = QA).
pub const QA: i32 = 255;
/// Scale of the output weights.
pub const QB: i32 = 128;
/// Centipawns per unit of network output.
pub const SCALE: i32 = 400;

const MAGIC: &[u8; 8] = b"KHUNNNUE";
const VERSION: u32 = 1;
const HEADER_BYTES: usize = 40;
const PAYLOAD_BYTES: usize = 2 * (INPUTS * HIDDEN + HIDDEN + 2 * HIDDEN) + 4;

/// The file size of a network of this build's shape.
pub const FILE_BYTES: usize = HEADER_BYTES + PAYLOAD_BYTES;

/// One row of the hidden layer, aligned for vector loads.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
#[repr(C, align(64))]
pub struct Row(pub [i16; HIDDEN]);

/// A quantised network.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Network {
    /// One row per input.
    pub hidden_weights: Vec<Row>,
    pub hidden_bias: Row,
    /// The side to move's half, then the other side's.
    pub output_weights: [Row; 2],
    pub output_bias: i32,
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
pub const MAX_OUTPUT_WEIGHT: i16 = 128;

/// The largest absolute sum of the output weights: `QA^2` times it stays in i32.
pub const MAX_OUTPUT_SUM: u64 = i32::MAX as u64 / (QA * QA) as u64;

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
                write!(f, "network format version {v}; this build reads {VERSION}")
            }
            NetworkError::Shape { inputs, hidden } => write!(
                f,
                "network shape {inputs} -> {hidden}; this build uses {INPUTS} -> {HIDDEN}"
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

impl Network {
    /// Reads and checks a network file.
    pub fn from_bytes(bytes: &[u8]) -> Result<Network, NetworkError> {
        if bytes.len() < HEADER_BYTES {
            return Err(NetworkError::TooShort { len: bytes.len() });
        }
        if &bytes[0..8] != MAGIC {
            return Err(NetworkError::BadMagic);
        }
        let version = read_u32(bytes, 8);
        if version != VERSION {
            return Err(NetworkError::Version(version));
        }
        let (inputs, hidden) = (read_u32(bytes, 12), read_u32(bytes, 16));
        if inputs as usize != INPUTS || hidden as usize != HIDDEN {
            return Err(NetworkError::Shape { inputs, hidden });
        }
        let (qa, qb, scale) = (
            read_u32(bytes, 20),
            read_u32(bytes, 24),
            read_u32(bytes, 28),
        );
        if qa != QA as u32 || qb != QB as u32 || scale != SCALE as u32 {
            return Err(NetworkError::Quantisation { qa, qb, scale });
        }
        if bytes.len() != FILE_BYTES {
            return Err(NetworkError::Length {
                expected: FILE_BYTES,
                found: bytes.len(),
            });
        }
        let expected = u64::from_le_bytes(bytes[32..40].try_into().expect("8 bytes"));
        let payload = &bytes[HEADER_BYTES..];
        let found = fnv1a(payload);
        if found != expected {
            return Err(NetworkError::Checksum { expected, found });
        }
        let mut at = 0;
        let hidden_weights = (0..INPUTS).map(|_| read_row(payload, &mut at)).collect();
        let hidden_bias = read_row(payload, &mut at);
        let output_weights = [read_row(payload, &mut at), read_row(payload, &mut at)];
        let output_bias = i32::from_le_bytes(payload[at..at + 4].try_into().expect("4 bytes"));
        let all_outputs = output_weights.iter().flat_map(|row| row.0.iter());
        if let Some((index, &value)) = all_outputs
            .enumerate()
            .find(|(_, w)| w.unsigned_abs() > MAX_OUTPUT_WEIGHT as u16)
        {
            return Err(NetworkError::OutputWeight { index, value });
        }
        let sum: u64 = output_weights
            .iter()
            .flat_map(|row| row.0.iter())
            .map(|w| w.unsigned_abs() as u64)
            .sum();
        if sum > MAX_OUTPUT_SUM {
            return Err(NetworkError::OutputSum { sum });
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
        let mut payload = Vec::with_capacity(PAYLOAD_BYTES);
        let rows = self
            .hidden_weights
            .iter()
            .chain(std::iter::once(&self.hidden_bias))
            .chain(self.output_weights.iter());
        for row in rows {
            for v in row.0 {
                payload.extend_from_slice(&v.to_le_bytes());
            }
        }
        payload.extend_from_slice(&self.output_bias.to_le_bytes());
        let mut out = Vec::with_capacity(FILE_BYTES);
        out.extend_from_slice(MAGIC);
        for v in [
            VERSION,
            INPUTS as u32,
            HIDDEN as u32,
            QA as u32,
            QB as u32,
            SCALE as u32,
        ] {
            out.extend_from_slice(&v.to_le_bytes());
        }
        out.extend_from_slice(&fnv1a(&payload).to_le_bytes());
        out.extend_from_slice(&payload);
        out
    }

    /// A network of small seeded weights (for tests: a network unlike the built-in
    /// one whose outputs still fit the loader's ranges).
    pub fn seeded(seed: u64) -> Network {
        let mut rng = super::rng::Rng::new(seed);
        let mut small = |range: i32| (rng.below(2 * range as usize + 1) as i32 - range) as i16;
        let mut net = Network::zeroed();
        let rows = net
            .hidden_weights
            .iter_mut()
            .chain(std::iter::once(&mut net.hidden_bias))
            .chain(net.output_weights.iter_mut());
        for row in rows {
            for v in row.0.iter_mut() {
                *v = small(60);
            }
        }
        net.output_bias = 1234;
        net
    }

    /// A network of zeros (for tests and as a starting shape).
    pub fn zeroed() -> Network {
        Network {
            hidden_weights: vec![Row([0; HIDDEN]); INPUTS],
            hidden_bias: Row([0; HIDDEN]),
            output_weights: [Row([0; HIDDEN]); 2],
            output_bias: 0,
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
        net.output_weights[1].0[3] = 45;
        net.output_bias = -7777;
        let bytes = net.to_bytes();
        assert_eq!(bytes.len(), FILE_BYTES);
        let back = Network::from_bytes(&bytes).unwrap();
        assert_eq!(back.hidden_weights, net.hidden_weights);
        assert_eq!(back.output_bias, -7777);
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
}
