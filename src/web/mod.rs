//! Khun for the web: what the WebAssembly build exports to JavaScript.
//!
//! - [`session`]: a UCI session fed one line at a time, its output line by line (the
//!   engine a Web Worker or node runs);
//! - [`rules_api`]: the rules as JSON requests and answers (legal moves, SAN, the FEN
//!   after moves, the end of the game, the count) for pages;
//! - `exports` (wasm only): the functions `khun.wasm` exports and the host functions
//!   it imports; `web/src/khun.js` is their other side.
//!
//! Both halves are ordinary Rust, built and tested natively as well.

#[cfg(target_family = "wasm")]
mod exports;
pub mod rules_api;
pub mod session;
