//! The learned evaluation (NNUE): a perspective network `(768 -> N) x 2 -> 1`,
//! evaluated incrementally as moves are made, and everything that builds it.
//!
//! - [`features`]: the 768 inputs (colour relative to the perspective, kind, square),
//!   shared by the trainer and the engine so the two can never disagree.
//! - [`data`]: the 32-byte training record and its files.
//! - [`datagen`]: self-play games at a fixed node count that write those records.
//! - [`network`]: the shape, the quantised weights and the file format.
//! - [`rng`]: the small seeded generator datagen and the trainer use.
//! - [`train`]: the trainer: records in, a quantised network out (`khun train`).

pub mod data;
pub mod datagen;
pub mod features;
pub mod network;
pub mod rng;
pub mod train;
