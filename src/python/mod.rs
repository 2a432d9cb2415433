//! The Python package's binding (feature `python`, built by maturin from
//! `python/pyproject.toml`): the native module `khun._khun`, which the package `khun`
//! re-exports. Thin: every answer comes from [`crate::rules_api`] (the rules, the
//! count, the tables, PGN; the same code that answers JavaScript) or from the engine
//! facade [`crate::engine::Engine`] (searches), converted to plain Python values.
//!
//! - [`rules`]: pyffish's functions for the seven games, with pyffish's names,
//!   positional arguments and values, and what pyffish lacks (the count as players
//!   say it, who may start or stop it, the game's end as the rules score it, the
//!   endgame tables' verdicts, PGN);
//! - [`options`]: pyffish's start-up calls, `set_option` and `load_variant_config`
//!   (the sections of a variants file for Khun's games taken, the others refused with
//!   a warning);
//! - [`engine`]: `khun.Engine`, the engine as a Python object;
//! - [`puzzles`]: `khun.puzzles` and `khun.check_puzzle`, the library's one puzzle
//!   finder and checker (`crate::puzzles`).
//!
//! Nothing a caller passes panics: a game Khun does not play, a bad FEN or a bad move
//! raises `ValueError` with the reason.

mod engine;
mod options;
mod puzzles;
mod rules;

use pyo3::prelude::*;

/// Khun's rules and engine for makruk and its relatives (cambodian, karouk, makpong,
/// asean, ai-wok, sittuyin), with pyffish's functions.
#[pymodule]
#[pyo3(name = "_khun")]
fn khun_module(m: &Bound<'_, PyModule>) -> PyResult<()> {
    rules::register(m)?;
    options::register(m)?;
    engine::register(m)?;
    puzzles::register(m)?;
    Ok(())
}
