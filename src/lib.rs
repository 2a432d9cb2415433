//! Khun: a makruk (Thai chess) engine.
//!
//! - [`board`]: the rules (positions, legal moves, counting rules, FEN, notation).
//! - [`cli`]: command-line tools.

pub mod board;
pub mod cli;
