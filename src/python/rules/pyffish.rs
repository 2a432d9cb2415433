//! pyffish's functions for the seven games, with pyffish's names, positional
//! arguments and values, and its constants (notations, values, FEN codes).

use super::{game, position_of, value_error, variant_of};
use crate::board::{Move, Notation, Position, Variant};
use crate::rules_api::pyffish;
use pyo3::prelude::*;

pub(super) const NOTATION_DEFAULT: i32 = 0;
pub(super) const NOTATION_SAN: i32 = 1;
pub(super) const NOTATION_LAN: i32 = 2;
pub(super) const NOTATION_THAI_SAN: i32 = 8;
pub(super) const NOTATION_THAI_LAN: i32 = 9;

/// The SAN of `m` in `notation` (pyffish's constants).
fn notation_text(pos: &Position, m: Move, notation: i32) -> PyResult<String> {
    match notation {
        NOTATION_DEFAULT | NOTATION_SAN => Ok(pos.san(m)),
        NOTATION_LAN => Ok(pos.san_in(m, Notation::Lan)),
        NOTATION_THAI_SAN => Ok(pos.san_in(m, Notation::ThaiSan)),
        NOTATION_THAI_LAN => Ok(pos.san_in(m, Notation::ThaiLan)),
        _ => Err(value_error(format!(
            "notation {notation}: Khun writes NOTATION_DEFAULT (0), NOTATION_SAN (1), NOTATION_LAN (2), NOTATION_THAI_SAN (8) and NOTATION_THAI_LAN (9)"
        ))),
    }
}

/// The seven games' names, sorted as pyffish sorts its list.
#[pyfunction]
fn variants() -> Vec<&'static str> {
    let mut names: Vec<&'static str> = Variant::ALL.iter().map(|v| v.name()).collect();
    names.sort_unstable();
    names
}

/// The start position's FEN of `variant`.
#[pyfunction]
fn start_fen(variant: &str) -> PyResult<String> {
    Ok(variant_of(variant)?.start_fen().to_string())
}

/// The legal moves (UCI) after `moves` from `fen`.
#[pyfunction]
#[pyo3(signature = (variant, fen, moves, is_chess960=false))]
fn legal_moves(
    variant: &str,
    fen: &str,
    moves: Vec<String>,
    is_chess960: bool,
) -> PyResult<Vec<String>> {
    let _ = is_chess960;
    Ok(game(variant, fen, &moves, 0)?
        .position()
        .legal_moves()
        .iter()
        .map(Move::to_string)
        .collect())
}

/// The FEN after `moves` from `fen`, its count fields under `count_started`;
/// `show_promoted`: promoted pawns written `M~`.
#[pyfunction]
#[pyo3(signature = (variant, fen, moves, is_chess960=false, sfen=false, show_promoted=false, count_started=0))]
#[allow(clippy::too_many_arguments)]
fn get_fen(
    variant: &str,
    fen: &str,
    moves: Vec<String>,
    is_chess960: bool,
    sfen: bool,
    show_promoted: bool,
    count_started: i64,
) -> PyResult<String> {
    let _ = is_chess960;
    if sfen {
        return Err(value_error("sfen: Khun's games have no SFEN form"));
    }
    let game = game(variant, fen, &moves, count_started)?;
    let pos = game.position();
    Ok(if show_promoted {
        pos.to_fen_showing_promoted()
    } else {
        pos.to_fen()
    })
}

/// The SAN of `move` (UCI) in `fen`.
#[pyfunction]
#[pyo3(signature = (variant, fen, r#move, is_chess960=false, notation=NOTATION_DEFAULT))]
fn get_san(
    variant: &str,
    fen: &str,
    r#move: &str,
    is_chess960: bool,
    notation: i32,
) -> PyResult<String> {
    let _ = is_chess960;
    let pos = position_of(variant_of(variant)?, fen)?;
    let m = pos
        .parse_uci_move(r#move)
        .map_err(|e| value_error(e.to_string()))?;
    notation_text(&pos, m, notation)
}

/// The SAN of each of `moves` (UCI), played from `fen`.
#[pyfunction]
#[pyo3(signature = (variant, fen, moves, is_chess960=false, notation=NOTATION_DEFAULT))]
fn get_san_moves(
    variant: &str,
    fen: &str,
    moves: Vec<String>,
    is_chess960: bool,
    notation: i32,
) -> PyResult<Vec<String>> {
    let _ = is_chess960;
    let mut pos = position_of(variant_of(variant)?, fen)?;
    let mut out = Vec::with_capacity(moves.len());
    for (i, text) in moves.iter().enumerate() {
        let m = pos
            .parse_uci_move(text)
            .map_err(|e| value_error(format!("move {} {e}", i + 1)))?;
        out.push(notation_text(&pos, m, notation)?);
        pos.play(m);
    }
    Ok(out)
}

/// Whether `move` (UCI), legal after `moves`, takes a piece.
#[pyfunction]
#[pyo3(signature = (variant, fen, moves, r#move, is_chess960=false))]
fn is_capture(
    variant: &str,
    fen: &str,
    moves: Vec<String>,
    r#move: &str,
    is_chess960: bool,
) -> PyResult<bool> {
    let _ = is_chess960;
    let game = game(variant, fen, &moves, 0)?;
    let pos = game.position();
    let m = pos
        .parse_uci_move(r#move)
        .map_err(|e| value_error(e.to_string()))?;
    Ok(pyffish::is_capture(pos, m))
}

/// The piece the last of `moves` took, as bughouse hands it to the partner: its FEN
/// letter (upper case White's), a promoted pawn as the pawn; `""` when it took nothing
/// or there are no moves.
#[pyfunction]
#[pyo3(signature = (variant, fen, moves, is_chess960=false))]
fn piece_to_partner(
    variant: &str,
    fen: &str,
    moves: Vec<String>,
    is_chess960: bool,
) -> PyResult<String> {
    let _ = is_chess960;
    let game = game(variant, fen, &moves, 0)?;
    Ok(game.last_move().map_or_else(String::new, |(before, last)| {
        pyffish::piece_to_partner(before, last)
    }))
}

/// pyffish's fog-of-war FEN of `fen` (note pyffish's order: the FEN first): the
/// squares the side to move neither holds nor reaches with a legal move written `*`.
#[pyfunction]
#[pyo3(signature = (fen, variant, is_chess960=false))]
fn get_fog_fen(fen: &str, variant: &str, is_chess960: bool) -> PyResult<String> {
    let _ = is_chess960;
    Ok(pyffish::fog_fen(&position_of(variant_of(variant)?, fen)?))
}

/// Whether the side to move is in check after `moves`.
#[pyfunction]
#[pyo3(signature = (variant, fen, moves, is_chess960=false))]
fn gives_check(variant: &str, fen: &str, moves: Vec<String>, is_chess960: bool) -> PyResult<bool> {
    let _ = is_chess960;
    Ok(game(variant, fen, &moves, 0)?.position().in_check())
}

/// pyffish's `game_result` (for a position without legal moves): -32000 (mated or,
/// in Kar Ouk, checked), 0 (stalemate); with `count_started`, the counting side's
/// mate is the draw (0) the rules make it.
#[pyfunction]
#[pyo3(signature = (variant, fen, moves, is_chess960=false, *, count_started=0))]
fn game_result(
    variant: &str,
    fen: &str,
    moves: Vec<String>,
    is_chess960: bool,
    count_started: i64,
) -> PyResult<i32> {
    let _ = is_chess960;
    Ok(pyffish::game_result(
        game(variant, fen, &moves, count_started)?.position(),
    ))
}

/// `(True, -32000)` where Kar Ouk's check has ended the game, else `(False, 0)`.
#[pyfunction]
#[pyo3(signature = (variant, fen, moves, is_chess960=false))]
fn is_immediate_game_end(
    variant: &str,
    fen: &str,
    moves: Vec<String>,
    is_chess960: bool,
) -> PyResult<(bool, i32)> {
    let _ = is_chess960;
    Ok(pyffish::immediate_end(
        game(variant, fen, &moves, 0)?.position(),
    ))
}

/// `(True, 0)` where a player may claim the draw: the count run out (under
/// `count_started`), ASEAN's fifty moves, or a threefold repetition since `fen`.
#[pyfunction]
#[pyo3(signature = (variant, fen, moves, is_chess960=false, count_started=0))]
fn is_optional_game_end(
    variant: &str,
    fen: &str,
    moves: Vec<String>,
    is_chess960: bool,
    count_started: i64,
) -> PyResult<(bool, i32)> {
    let _ = is_chess960;
    Ok(pyffish::optional_end(
        &game(variant, fen, &moves, count_started)?.line,
    ))
}

/// `(white, black)`: whether each side can never mate.
#[pyfunction]
#[pyo3(signature = (variant, fen, moves, is_chess960=false))]
fn has_insufficient_material(
    variant: &str,
    fen: &str,
    moves: Vec<String>,
    is_chess960: bool,
) -> PyResult<(bool, bool)> {
    let _ = is_chess960;
    Ok(pyffish::insufficient_material(
        game(variant, fen, &moves, 0)?.position(),
    ))
}

/// pyffish's FEN status code (`FEN_OK` = 1), and `FEN_IMPOSSIBLE_POSITION` (-100)
/// for a FEN pyffish's checks pass but no game reaches (`fen_error` says why).
#[pyfunction]
#[pyo3(signature = (fen, variant, chess960=false))]
fn validate_fen(fen: &str, variant: &str, chess960: bool) -> PyResult<i32> {
    let _ = chess960;
    Ok(pyffish::validate_fen(fen, variant_of(variant)?))
}

/// Why Khun refuses `fen` in `variant`, or `None` when it reads it.
#[pyfunction]
fn fen_error(fen: &str, variant: &str) -> PyResult<Option<String>> {
    let variant = variant_of(variant)?;
    if fen.trim() == "startpos" {
        return Ok(None);
    }
    Ok(pyffish::fen_refusal(fen, variant))
}

/// Khun's version, as pyffish gives its own: `(major, minor, patch)`.
#[pyfunction]
fn version() -> (u32, u32, u32) {
    let mut parts = env!("CARGO_PKG_VERSION")
        .split('.')
        .map(|p| p.parse().unwrap_or(0));
    (
        parts.next().unwrap_or(0),
        parts.next().unwrap_or(0),
        parts.next().unwrap_or(0),
    )
}

/// The engine's name and version.
#[pyfunction]
fn info() -> String {
    format!(
        "Khun {} ({})",
        env!("CARGO_PKG_VERSION"),
        Variant::names_joined(", ")
    )
}

/// The UCI of `san` (Thai or western letters) in `fen`.
#[pyfunction]
#[pyo3(signature = (variant, fen, san, moves=Vec::new()))]
fn uci_from_san(variant: &str, fen: &str, san: &str, moves: Vec<String>) -> PyResult<String> {
    let game = game(variant, fen, &moves, 0)?;
    let m = game
        .position()
        .parse_san(san)
        .map_err(|e| value_error(e.to_string()))?;
    Ok(m.to_string())
}

pub(super) fn register(m: &Bound<'_, PyModule>) -> PyResult<()> {
    m.add_function(wrap_pyfunction!(variants, m)?)?;
    m.add_function(wrap_pyfunction!(start_fen, m)?)?;
    m.add_function(wrap_pyfunction!(legal_moves, m)?)?;
    m.add_function(wrap_pyfunction!(get_fen, m)?)?;
    m.add_function(wrap_pyfunction!(get_san, m)?)?;
    m.add_function(wrap_pyfunction!(get_san_moves, m)?)?;
    m.add_function(wrap_pyfunction!(gives_check, m)?)?;
    m.add_function(wrap_pyfunction!(is_capture, m)?)?;
    m.add_function(wrap_pyfunction!(piece_to_partner, m)?)?;
    m.add_function(wrap_pyfunction!(get_fog_fen, m)?)?;
    m.add_function(wrap_pyfunction!(game_result, m)?)?;
    m.add_function(wrap_pyfunction!(is_immediate_game_end, m)?)?;
    m.add_function(wrap_pyfunction!(is_optional_game_end, m)?)?;
    m.add_function(wrap_pyfunction!(has_insufficient_material, m)?)?;
    m.add_function(wrap_pyfunction!(validate_fen, m)?)?;
    m.add_function(wrap_pyfunction!(fen_error, m)?)?;
    m.add_function(wrap_pyfunction!(version, m)?)?;
    m.add_function(wrap_pyfunction!(info, m)?)?;
    m.add_function(wrap_pyfunction!(uci_from_san, m)?)?;
    m.add("NOTATION_DEFAULT", NOTATION_DEFAULT)?;
    m.add("NOTATION_SAN", NOTATION_SAN)?;
    m.add("NOTATION_LAN", NOTATION_LAN)?;
    m.add("NOTATION_THAI_SAN", NOTATION_THAI_SAN)?;
    m.add("NOTATION_THAI_LAN", NOTATION_THAI_LAN)?;
    m.add("VALUE_MATE", pyffish::VALUE_MATE)?;
    m.add("VALUE_DRAW", pyffish::VALUE_DRAW)?;
    for (name, code) in [
        ("FEN_OK", pyffish::FEN_OK),
        ("FEN_EMPTY", pyffish::FEN_EMPTY),
        (
            "FEN_INVALID_MOVE_COUNTER",
            pyffish::FEN_INVALID_MOVE_COUNTER,
        ),
        (
            "FEN_INVALID_HALF_MOVE_COUNTER",
            pyffish::FEN_INVALID_HALF_MOVE_COUNTER,
        ),
        (
            "FEN_INVALID_NUMBER_OF_KINGS",
            pyffish::FEN_INVALID_NUMBER_OF_KINGS,
        ),
        (
            "FEN_INVALID_SIDE_TO_MOVE",
            pyffish::FEN_INVALID_SIDE_TO_MOVE,
        ),
        ("FEN_INVALID_POCKET_INFO", pyffish::FEN_INVALID_POCKET_INFO),
        (
            "FEN_INVALID_BOARD_GEOMETRY",
            pyffish::FEN_INVALID_BOARD_GEOMETRY,
        ),
        ("FEN_TOUCHING_KINGS", pyffish::FEN_TOUCHING_KINGS),
        ("FEN_INVALID_CHAR", pyffish::FEN_INVALID_CHAR),
        ("FEN_INVALID_NB_PARTS", pyffish::FEN_INVALID_NB_PARTS),
        ("FEN_INVALID_CHECK_COUNT", pyffish::FEN_INVALID_CHECK_COUNT),
        (
            "FEN_INVALID_COUNTING_RULE",
            pyffish::FEN_INVALID_COUNTING_RULE,
        ),
        ("FEN_IMPOSSIBLE_POSITION", pyffish::FEN_IMPOSSIBLE_POSITION),
    ] {
        m.add(name, code)?;
    }
    Ok(())
}
