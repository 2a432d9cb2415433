//! Khun: a makruk (Thai chess) engine.
//!
//! - [`board`]: the rules (positions, legal moves, counting rules, FEN, notation).
//! - [`eval`]: the makruk evaluation.
//! - [`search`]: iterative-deepening alpha-beta with a shared transposition table.
//! - [`nnue`]: the learned evaluation, as the search evaluates with it.
//! - [`learn`]: above the search: self-play training data, the network trainer and
//!   the hand-written evaluation's fitter.
//! - [`rng`]: the crate's one seeded random generator, below every other module (the
//!   rules draw their Zobrist keys from it); [`platform`]: what Khun asks of the host
//!   (the clock, a thread's priority, stdin and stdout), below every layer too.
//! - [`tablebase`]: counting-aware endgame tables for bare-king endings.
//! - [`rules_api`]: the rules as the front ends ask for them (the JavaScript rules in
//!   [`web`], the Python package's functions).
//! - [`engine`]: the facade the protocols and the command line drive; [`options`]:
//!   its options, one table both protocols declare and set them from.
//! - [`uci`]: the UCI protocol; [`xboard`]: the XBoard protocol; [`protocol`]: serving
//!   a GUI in either (the input thread and printer they share are [`platform::io`]).
//! - [`bench`](mod@bench): the fixed-depth search signature, at the root as the
//!   signature every change is checked against (`khun bench`, the UCI `bench`; the
//!   lab's tools read its positions from `src/bench.rs`).
//! - [`puzzles`]: the puzzle finder and checker, above the engine facade, which the
//!   command line, the web build and the Python package call.
//! - [`bot`]: `khun bot`, Khun on pychess.org through its BOT API (feature `bot`):
//!   above the engine facade, below the command line.
//! - [`cli`]: command-line tools; [`long_jobs`]: what the long ones and [`learn`]'s
//!   runs share (stopping on SIGINT/SIGTERM, `--resume` files).
//!
//! Only what the binary, the integration tests, the benches and the fuzz targets use
//! is `pub`; everything else is `pub(crate)`, so the compiler reports dead code. The
//! documentation is for the crate's developers (`cargo doc --document-private-items`),
//! and its links reach crate-private items.
#![allow(rustdoc::private_intra_doc_links)]
// Each `unsafe` block says why it is sound (a `// SAFETY:` comment), kept so by clippy.
#![warn(clippy::undocumented_unsafe_blocks)]
// A `pub` item that no path from the crate's root reaches is `pub(crate)` in truth:
// the compiler says so, and the visibility says what the crate means.
#![warn(unreachable_pub)]
// why: the web build (without `native`) uses a subset of the engine (no command line,
// no XBoard, no datagen); the native build, which clippy and the tests check, is the
// one whose dead code matters.
#![cfg_attr(not(feature = "native"), allow(dead_code, unused_imports))]

pub mod bench;
pub mod board;
#[cfg(feature = "bot")]
pub mod bot;
#[cfg(feature = "native")]
pub mod cli;
pub mod engine;
pub mod eval;
#[cfg(feature = "native")]
pub mod learn;
#[cfg(feature = "native")]
pub mod long_jobs;
pub mod nnue;
pub(crate) mod options;
pub mod pgn;
pub mod platform;
#[cfg(feature = "native")]
pub mod protocol;
pub mod puzzles;
#[cfg(feature = "python")]
mod python;
pub mod rng;
pub mod rules_api;
pub mod search;
pub mod tablebase;
pub(crate) mod uci;
pub mod web;
#[cfg(feature = "native")]
pub(crate) mod xboard;
