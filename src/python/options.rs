//! pyffish's start-up calls: `set_option(name, value)` and
//! `load_variant_config(config)`, which a server written for pyffish makes once with
//! its variants file (pychess.org: `set_option("VariantPath", "variants.ini")`).
//!
//! Khun plays its seven games and reads no variant definitions, so it does what its
//! WebAssembly engine's `load` does (web/README.md, "The Fairy-Stockfish module
//! shape"): a section named for one of its games is taken, with Khun's rules for it
//! (as Fairy-Stockfish keeps a built-in variant a file names again), and the others are
//! refused, all named in one warning of the category `khun.VariantConfigWarning`. A
//! warning rather than an exception, so that `import khun as sf` in a server that loads
//! a file of many variants starts, and says clearly which of them it will not play
//! (each of those names then raises `ValueError` as any unknown variant does).

use super::rules::value_error;
use crate::rules_api::pyffish;
use pyo3::exceptions::PyUserWarning;
use pyo3::prelude::*;
use std::ffi::CString;

pyo3::create_exception!(
    khun,
    VariantConfigWarning,
    PyUserWarning,
    "What Khun did not load from a variants file (`load_variant_config`, \
     `set_option(\"VariantPath\", path)`): the variants it does not play, or a file it \
     could not read."
);

/// Fairy-Stockfish's options, the names pyffish's `set_option` takes (in any letter
/// case, as there).
const PYFFISH_OPTIONS: [&str; 25] = [
    "Debug Log File",
    "Threads",
    "Hash",
    "Clear Hash",
    "Ponder",
    "MultiPV",
    "Skill Level",
    "Move Overhead",
    "Slow Mover",
    "nodestime",
    "UCI_Chess960",
    "UCI_Variant",
    "UCI_AnalyseMode",
    "UCI_LimitStrength",
    "UCI_Elo",
    "UCI_ShowWDL",
    "SyzygyPath",
    "SyzygyProbeDepth",
    "Syzygy50MoveRule",
    "SyzygyProbeLimit",
    "Use NNUE",
    "EvalFile",
    "TsumeMode",
    "VariantPath",
    "usemillisec",
];

/// Warns with `message` (category `VariantConfigWarning`), pointing at the caller.
fn warn(py: Python<'_>, message: String) -> PyResult<()> {
    let message = CString::new(message.replace('\0', " "))
        .map_err(|e| value_error(format!("warning text: {e}")))?;
    let category = py.get_type::<VariantConfigWarning>();
    PyErr::warn(py, category.as_any(), &message, 1)
}

/// Takes the sections of `text` for Khun's games and warns of the others, the
/// warning starting with `what` (the call that loaded it).
fn load(py: Python<'_>, text: &str, what: &str) -> PyResult<()> {
    match pyffish::variants_file(text).refusal() {
        Some(refusal) => warn(py, format!("{what}: {refusal}")),
        None => Ok(()),
    }
}

/// Loads a Fairy-Stockfish variants file's text (`variants.ini`): a section named for
/// a game Khun plays (`[makruk]`, `[asean:chess]`) is taken, with Khun's rules for it;
/// the others are not loaded, and one `VariantConfigWarning` names them all.
#[pyfunction]
fn load_variant_config(py: Python<'_>, config: &str) -> PyResult<()> {
    load(py, config, "load_variant_config")
}

/// Sets one of Fairy-Stockfish's options, as pyffish does (`str(value)`, the name in
/// any letter case). `VariantPath` loads that file as `load_variant_config` loads a
/// text (empty or `<empty>`: nothing; a file that cannot be read: a
/// `VariantConfigWarning`, as Fairy-Stockfish only reports it). The others change
/// nothing, as in pyffish, whose functions read none of them (the engine's settings
/// are `khun.Engine`'s). A name Fairy-Stockfish does not have raises `ValueError`.
#[pyfunction]
fn set_option(py: Python<'_>, name: &str, value: &Bound<'_, PyAny>) -> PyResult<()> {
    let Some(option) = PYFFISH_OPTIONS
        .iter()
        .find(|o| o.eq_ignore_ascii_case(name.trim()))
    else {
        return Err(value_error(format!(
            "No such option '{}' (Fairy-Stockfish's options: {})",
            crate::platform::io::clip_to(name, 40),
            PYFFISH_OPTIONS.join(", ")
        )));
    };
    let value = value.str()?.to_cow()?.into_owned();
    if *option != "VariantPath" {
        return Ok(());
    }
    let path = value.trim();
    if path.is_empty() || path == "<empty>" {
        return Ok(());
    }
    // Read as UTF-8: bytes that are not (a comment in another encoding) are
    // replaced, and do not stop the file.
    let text = match py.detach(|| std::fs::read(path)) {
        Ok(bytes) => String::from_utf8_lossy(&bytes).into_owned(),
        Err(e) => {
            return warn(
                py,
                format!("set_option VariantPath: cannot read {path}: {e}; nothing loaded"),
            );
        }
    };
    load(py, &text, &format!("set_option VariantPath {path}"))
}

pub(super) fn register(m: &Bound<'_, PyModule>) -> PyResult<()> {
    m.add_function(wrap_pyfunction!(set_option, m)?)?;
    m.add_function(wrap_pyfunction!(load_variant_config, m)?)?;
    m.add(
        "VariantConfigWarning",
        m.py().get_type::<VariantConfigWarning>(),
    )?;
    Ok(())
}
