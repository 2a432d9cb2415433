//! Learning: everything that makes or improves an evaluation from games, above the
//! search. None of it runs while the engine plays.
//!
//! It sits above the search because self-play needs the search, while the search
//! needs the evaluation: with data generation inside `nnue/`, `nnue` imported the
//! search and the search imported `nnue` back. Here the imports run one way: `learn`
//! uses the search, the evaluation (`eval`, `nnue`) and the rules, and nothing below
//! the search imports `learn` (`engine-tests/layering.rs` checks it).
//!
//! - [`data`]: the 32-byte training record and its files, read by both trainers.
//! - [`datagen`]: self-play games at a fixed node count that write those records;
//!   [`datagen::resume`]: the progress file a stopped run goes on from;
//!   [`datagen::run`]: what a run is asked to do and what it has done, which both
//!   read.
//! - [`train`]: the network trainer: records in, a quantised network out
//!   (`khun train`).
//! - [`tune_eval`]: the hand-written evaluation's fitter, Texel's method over the
//!   same records (`khun tune-eval`).
//!
//! The seeded random generator they use is the crate's one, [`crate::rng`].

pub mod data;
pub mod datagen;
pub mod records;
pub mod train;
pub(crate) mod tune_eval;
