//! Khun: a makruk (Thai chess) engine.
//!
//! - [`board`]: the rules (positions, legal moves, counting rules, FEN, notation).
//! - [`eval`]: the makruk evaluation.
//! - [`search`]: iterative-deepening alpha-beta with a shared transposition table.
//! - [`nnue`]: the learned evaluation, as the search evaluates with it.
//! - [`learn`]: above the search: self-play training data, the network trainer and
//!   the hand-written evaluation's fitter.
//! - [`rng`]: the crate's one seeded random generator.
//! - [`tablebase`]: counting-aware endgame tables for bare-king endings.
//! - [`rules_api`]: the rules as the front ends ask for them (the JavaScript rules in
//!   [`web`], the Python package's functions).
//! - [`engine`]: the facade the protocols and the command line drive; [`options`]:
//!   its options, one table both protocols declare and set them from.
//! - [`uci`]: the UCI protocol; [`xboard`]: the XBoard protocol; [`protocol`]: serving
//!   a GUI in either; [`io`]: the input thread and output printer.
//! - [`bench`](mod@bench): the fixed-depth search signature; [`cli`]: command-line tools.
//! - [`interrupt`]: SIGINT/SIGTERM stopping long jobs cleanly; [`progress_file`]:
//!   what their progress files (for `--resume`) share.
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
#[cfg(feature = "native")]
pub mod cli;
pub mod clock;
pub mod engine;
pub mod eval;
#[cfg(feature = "native")]
pub mod interrupt;
pub mod io;
#[cfg(feature = "native")]
pub mod learn;
pub mod nnue;
pub(crate) mod options;
pub(crate) mod os;
pub mod pgn;
#[cfg(feature = "native")]
pub(crate) mod progress_file;
#[cfg(feature = "native")]
pub mod protocol;
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
