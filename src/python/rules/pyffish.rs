//! pyffish's functions for the seven games, with pyffish's names, positional
//! arguments and values, and its constants (notations, values, FEN codes, its
//! exception type).
//!
//! Each reads its FEN as pyffish does and plays the moves as pyffish plays them
//! (`rules_api::pyffish::game`), and applies `count_started` with pyffish's arithmetic
//! (`rules_api::pyffish::count_started`): what pyffish answers, Khun answers. Where it
//! cannot (a king's capture, a FEN its reader cannot read, a notation it does not
//! write), `ValueError` says why, and nothing the caller holds is changed.

use super::{CountStarted, count_started_error, value_error, variant_of};
use crate::board::{CountedReplay, Move, Notation, Position, Variant};
use crate::rules_api::pyffish::{self, count_started, game};
use pyo3::create_exception;
use pyo3::exceptions::PyException;
use pyo3::prelude::*;

pub(super) const NOTATION_DEFAULT: i32 = 0;
pub(super) const NOTATION_SAN: i32 = 1;
pub(super) const NOTATION_LAN: i32 = 2;
pub(super) const NOTATION_SHOGI_HOSKING: i32 = 3;
pub(super) const NOTATION_SHOGI_HODGES: i32 = 4;
pub(super) const NOTATION_SHOGI_HODGES_NUMBER: i32 = 5;
pub(super) const NOTATION_JANGGI: i32 = 6;
pub(super) const NOTATION_XIANGQI_WXF: i32 = 7;
pub(super) const NOTATION_THAI_SAN: i32 = 8;
pub(super) const NOTATION_THAI_LAN: i32 = 9;

/// pyffish's exception type, `error` in Python as in pyffish (hence the lower case).
#[allow(non_camel_case_types)]
mod exception {
    use super::{PyException, create_exception};

    create_exception!(
        khun,
        error,
        PyException,
        "pyffish's exception type (`pyffish.error`), offered under its name; like pyffish, Khun raises `ValueError` instead."
    );
}

/// The SAN of `m` in `notation` (pyffish's constants).
fn notation_text(pos: &Position, m: Move, notation: i32) -> PyResult<String> {
    match notation {
        NOTATION_DEFAULT | NOTATION_SAN => Ok(pos.san(m)),
        NOTATION_LAN => Ok(pos.san_in(m, Notation::Lan)),
        NOTATION_THAI_SAN => Ok(pos.san_in(m, Notation::ThaiSan)),
        NOTATION_THAI_LAN => Ok(pos.san_in(m, Notation::ThaiLan)),
        NOTATION_SHOGI_HOSKING..=NOTATION_XIANGQI_WXF => Err(value_error(format!(
            "notation {notation}: shogi's, janggi's and xiangqi's notations (3 to 7) are not written for Khun's games; Khun writes NOTATION_DEFAULT (0), NOTATION_SAN (1), NOTATION_LAN (2), NOTATION_THAI_SAN (8) and NOTATION_THAI_LAN (9)"
        ))),
        _ => Err(value_error(format!(
            "notation {notation}: Khun writes NOTATION_DEFAULT (0), NOTATION_SAN (1), NOTATION_LAN (2), NOTATION_THAI_SAN (8) and NOTATION_THAI_LAN (9)"
        ))),
    }
}

/// `moves` played from `fen` in `variant` as pyffish plays them.
fn pyffish_game(variant: &str, fen: &str, moves: &[String]) -> PyResult<game::Game> {
    let moves: Vec<&str> = moves.iter().map(String::as_str).collect();
    game::game(variant_of(variant)?, fen, &moves).map_err(value_error)
}

/// The position `fen` names in `variant`, read as pyffish reads it.
fn pyffish_position(variant: &str, fen: &str) -> PyResult<Position> {
    game::read_fen(variant_of(variant)?, fen).map_err(value_error)
}

/// The seven games' names, sorted as pyffish sorts its list.
#[pyfunction]
fn variants() -> Vec<&'static str> {
    let mut names: Vec<&'static str> = Variant::ALL.iter().map(|v| v.name()).collect();
    names.sort_unstable();
    names
}

/// The start position's FEN of `variant` (also chess's, which servers ask for).
#[pyfunction]
fn start_fen(variant: &str) -> PyResult<String> {
    pyffish::start_fen(variant)
        .map(str::to_string)
        .map_err(value_error)
}

/// Whether `variant` is played on two boards: none of Khun's games (nor chess) is.
#[pyfunction]
fn two_boards(variant: &str) -> PyResult<bool> {
    pyffish::two_boards(variant).map_err(value_error)
}

/// Whether a capture goes to the capturer's hand in `variant`: in none of Khun's games
/// (nor chess).
#[pyfunction]
fn captures_to_hand(variant: &str) -> PyResult<bool> {
    pyffish::captures_to_hand(variant).map_err(value_error)
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
    let game = pyffish_game(variant, fen, &moves)?;
    Ok(game::legal_moves(game.position())
        .map_err(value_error)?
        .iter()
        .map(Move::to_string)
        .collect())
}

/// The FEN after `moves` from `fen`, its count fields under `count_started` (pyffish's
/// arithmetic, whatever the value); `show_promoted`: promoted pawns written `M~`.
#[pyfunction]
#[pyo3(
    signature = (variant, fen, moves, is_chess960=false, sfen=false, show_promoted=false, count_started=CountStarted(0)),
    text_signature = "(variant, fen, moves, is_chess960=False, sfen=False, show_promoted=False, count_started=0)"
)]
#[allow(clippy::too_many_arguments)]
fn get_fen(
    variant: &str,
    fen: &str,
    moves: Vec<String>,
    is_chess960: bool,
    sfen: bool,
    show_promoted: bool,
    count_started: CountStarted,
) -> PyResult<String> {
    let _ = is_chess960;
    if sfen {
        return Err(value_error("sfen: Khun's games have no SFEN form"));
    }
    let game = pyffish_game(variant, fen, &moves)?;
    Ok(count_started::fen(
        game.position(),
        show_promoted,
        count_started.0,
    ))
}

/// The SAN of `move` (UCI) in `fen`.
#[pyfunction]
#[pyo3(
    signature = (variant, fen, r#move, is_chess960=false, notation=NOTATION_DEFAULT),
    text_signature = "(variant, fen, move, is_chess960=False, notation=0)"
)]
fn get_san(
    variant: &str,
    fen: &str,
    r#move: &str,
    is_chess960: bool,
    notation: i32,
) -> PyResult<String> {
    let _ = is_chess960;
    let pos = pyffish_position(variant, fen)?;
    let m = game::parse_move(&pos, r#move).map_err(value_error)?;
    notation_text(&pos, m, notation)
}

/// The SAN of each of `moves` (UCI), played from `fen`.
#[pyfunction]
#[pyo3(
    signature = (variant, fen, moves, is_chess960=false, notation=NOTATION_DEFAULT),
    text_signature = "(variant, fen, moves, is_chess960=False, notation=0)"
)]
fn get_san_moves(
    variant: &str,
    fen: &str,
    moves: Vec<String>,
    is_chess960: bool,
    notation: i32,
) -> PyResult<Vec<String>> {
    let _ = is_chess960;
    let mut pos = pyffish_position(variant, fen)?;
    let mut out = Vec::with_capacity(moves.len());
    for (i, text) in moves.iter().enumerate() {
        let m =
            game::parse_move(&pos, text).map_err(|e| value_error(format!("move {} {e}", i + 1)))?;
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
    let game = pyffish_game(variant, fen, &moves)?;
    let pos = game.position();
    let m = game::parse_move(pos, r#move).map_err(value_error)?;
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
    let game = pyffish_game(variant, fen, &moves)?;
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
    pyffish::fog_fen(&pyffish_position(variant, fen)?).map_err(value_error)
}

/// Whether the side to move is in check after `moves`.
#[pyfunction]
#[pyo3(signature = (variant, fen, moves, is_chess960=false))]
fn gives_check(variant: &str, fen: &str, moves: Vec<String>, is_chess960: bool) -> PyResult<bool> {
    let _ = is_chess960;
    Ok(pyffish_game(variant, fen, &moves)?.position().in_check())
}

/// pyffish's `game_result` (for a position without legal moves): -32000 (mated or,
/// in Kar Ouk, checked), 0 (stalemate). Khun's own keyword `count_started` (pyffish
/// has none) applies the players' count as Khun's rules do: the counting side's mate
/// is the draw (0) they make it; a count started beyond the position has not started
/// there.
#[pyfunction]
#[pyo3(
    signature = (variant, fen, moves, is_chess960=false, *, count_started=CountStarted(0)),
    text_signature = "(variant, fen, moves, is_chess960=False, *, count_started=0)"
)]
fn game_result(
    variant: &str,
    fen: &str,
    moves: Vec<String>,
    is_chess960: bool,
    count_started: CountStarted,
) -> PyResult<i32> {
    let _ = is_chess960;
    let game = pyffish_game(variant, fen, &moves)?;
    let CountStarted(n) = count_started;
    if n == 0 {
        return Ok(pyffish::game_result(game.position()));
    }
    // A count started after the position the moves reach (the server kept its value
    // across a takeback) does not run there yet, as pyffish's counter of 0 says.
    let last = game.position().game_ply() as i64;
    let n = if n - 1 > last { -1 } else { n };
    let refused = |e| count_started_error(count_started.0, e);
    let mut replay = CountedReplay::new(&game.start, n, game.moves.len()).map_err(refused)?;
    for &m in &game.moves {
        replay.play(m).map_err(refused)?;
    }
    Ok(pyffish::game_result(replay.position()))
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
        pyffish_game(variant, fen, &moves)?.position(),
    ))
}

/// `(True, 0)` where a player may claim the draw: the count run out (under
/// `count_started`, pyffish's arithmetic), the fifty moves (ASEAN, sittuyin), a
/// threefold repetition since `fen`, sittuyin's king and pawn.
#[pyfunction]
#[pyo3(
    signature = (variant, fen, moves, is_chess960=false, count_started=CountStarted(0)),
    text_signature = "(variant, fen, moves, is_chess960=False, count_started=0)"
)]
fn is_optional_game_end(
    variant: &str,
    fen: &str,
    moves: Vec<String>,
    is_chess960: bool,
    count_started: CountStarted,
) -> PyResult<(bool, i32)> {
    let _ = is_chess960;
    let game = pyffish_game(variant, fen, &moves)?;
    pyffish::optional_end(&game.line, count_started.0).map_err(value_error)
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
        pyffish_game(variant, fen, &moves)?.position(),
    ))
}

/// pyffish's FEN status code (`FEN_OK` = 1), and `FEN_IMPOSSIBLE_POSITION` (-100)
/// for a FEN pyffish's checks pass but Khun cannot read (`fen_error` says why).
#[pyfunction]
#[pyo3(signature = (fen, variant, chess960=false))]
fn validate_fen(fen: &str, variant: &str, chess960: bool) -> PyResult<i32> {
    let _ = chess960;
    Ok(pyffish::validate_fen(fen, variant_of(variant)?))
}

/// Why pyffish's functions refuse `fen` in `variant`, or `None` when they read it;
/// `strict`: why Khun's own functions and its engine refuse it (also a position no
/// game reaches: a pawn on its promotion rank, the side not to move in check).
#[pyfunction]
#[pyo3(signature = (fen, variant, *, strict=false))]
fn fen_error(fen: &str, variant: &str, strict: bool) -> PyResult<Option<String>> {
    let variant = variant_of(variant)?;
    if fen.trim() == "startpos" {
        return Ok(None);
    }
    Ok(if strict {
        pyffish::strict_fen_refusal(fen, variant)
    } else {
        pyffish::fen_refusal(fen, variant)
    })
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
    let pos = super::game(variant, fen, &moves, 0)?;
    let m = pos.parse_san(san).map_err(|e| value_error(e.to_string()))?;
    Ok(m.to_string())
}

pub(super) fn register(m: &Bound<'_, PyModule>) -> PyResult<()> {
    m.add_function(wrap_pyfunction!(variants, m)?)?;
    m.add_function(wrap_pyfunction!(start_fen, m)?)?;
    m.add_function(wrap_pyfunction!(two_boards, m)?)?;
    m.add_function(wrap_pyfunction!(captures_to_hand, m)?)?;
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
    m.add("error", m.py().get_type::<exception::error>())?;
    for (name, code) in [
        ("NOTATION_DEFAULT", NOTATION_DEFAULT),
        ("NOTATION_SAN", NOTATION_SAN),
        ("NOTATION_LAN", NOTATION_LAN),
        ("NOTATION_SHOGI_HOSKING", NOTATION_SHOGI_HOSKING),
        ("NOTATION_SHOGI_HODGES", NOTATION_SHOGI_HODGES),
        ("NOTATION_SHOGI_HODGES_NUMBER", NOTATION_SHOGI_HODGES_NUMBER),
        ("NOTATION_JANGGI", NOTATION_JANGGI),
        ("NOTATION_XIANGQI_WXF", NOTATION_XIANGQI_WXF),
        ("NOTATION_THAI_SAN", NOTATION_THAI_SAN),
        ("NOTATION_THAI_LAN", NOTATION_THAI_LAN),
    ] {
        m.add(name, code)?;
    }
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
        (
            "FEN_INVALID_PROMOTED_PIECE",
            pyffish::FEN_INVALID_PROMOTED_PIECE,
        ),
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
