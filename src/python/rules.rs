//! The rules from Python: pyffish's functions for the seven games and what pyffish
//! lacks, each a thin call into [`crate::rules_api`].
//!
//! pyffish's functions take their arguments positionally in pyffish's order
//! (`get_fen(variant, fen, moves, is_chess960, sfen, show_promoted, count_started)`)
//! and by name as well. `fen` may be `"startpos"`. Moves are UCI strings, checked one
//! by one: an illegal one raises `ValueError` (pyffish sets the error and goes on).

use crate::board::{Color, CountAction, CountedReplay, Move, Notation, Outcome, Position, Variant};
use crate::rules_api::{self, CountReport, PgnGame, PgnToWrite, TableReport, pyffish};
use crate::tablebase::Tables as TableHandle;
use pyo3::exceptions::PyValueError;
use pyo3::prelude::*;
use pyo3::types::{PyDict, PyList};

pub(super) const NOTATION_DEFAULT: i32 = 0;
pub(super) const NOTATION_SAN: i32 = 1;
pub(super) const NOTATION_LAN: i32 = 2;
pub(super) const NOTATION_THAI_SAN: i32 = 8;
pub(super) const NOTATION_THAI_LAN: i32 = 9;

pub(super) fn value_error(message: impl Into<String>) -> PyErr {
    PyValueError::new_err(message.into())
}

pub(super) fn variant_of(name: &str) -> PyResult<Variant> {
    rules_api::variant_named(name).map_err(value_error)
}

/// The position `fen` names (`startpos`: the game's start), strictly read.
pub(super) fn position_of(variant: Variant, fen: &str) -> PyResult<Position> {
    if fen.trim() == "startpos" {
        return Ok(Position::startpos_of(variant));
    }
    Position::from_fen_in(variant, fen).map_err(|e| value_error(format!("FEN: {e}")))
}

/// A game: where it started, the moves, and every position they reach under the count
/// they were played under.
pub(super) struct Game {
    pub(super) start: Position,
    pub(super) moves: Vec<Move>,
    /// Every position, the start first, under the game's `count_started`.
    line: Vec<Position>,
}

/// `moves` (UCI) played from `fen` in `variant` under `count_started` (pyffish's value:
/// 0 the automatic count, -1 players' counting with no count running, N a count running
/// since game ply N), each checked against the legal moves: one walk of a
/// [`CountedReplay`], every position kept. A move that is not legal, or a
/// `count_started` that does not fit the game, raises `ValueError`.
pub(super) fn game(
    variant: &str,
    fen: &str,
    moves: &[String],
    count_started: i64,
) -> PyResult<Game> {
    let start = position_of(variant_of(variant)?, fen)?;
    let mut replay = CountedReplay::new(&start, count_started, moves.len()).map_err(value_error)?;
    let mut played = Vec::with_capacity(moves.len());
    let mut line = Vec::with_capacity(moves.len() + 1);
    line.push(replay.position().clone());
    for (i, text) in moves.iter().enumerate() {
        let m = replay
            .position()
            .parse_uci_move(text)
            .map_err(|e| value_error(format!("move {} {e}", i + 1)))?;
        replay.play(m).map_err(value_error)?;
        played.push(m);
        line.push(replay.position().clone());
    }
    Ok(Game {
        start,
        moves: played,
        line,
    })
}

impl Game {
    /// The position the moves reach.
    pub(super) fn position(&self) -> &Position {
        self.line.last().expect("a game's line holds its start")
    }

    /// The position the moves reach, the game dropped.
    fn into_position(mut self) -> Position {
        self.line.pop().expect("a game's line holds its start")
    }

    /// The position before the last move, and that move, where there are moves.
    fn last_move(&self) -> Option<(&Position, Move)> {
        let &m = self.moves.last()?;
        Some((&self.line[self.line.len() - 2], m))
    }
}

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

pub(super) fn color_name(color: Color) -> &'static str {
    match color {
        Color::White => "white",
        Color::Black => "black",
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

/// An outcome as a dict: result, reason, winner, kind.
pub(super) fn outcome_dict<'py>(py: Python<'py>, outcome: Outcome) -> PyResult<Bound<'py, PyDict>> {
    let (kind, winner) = match outcome {
        Outcome::Checkmate { winner } => ("checkmate", Some(winner)),
        Outcome::Stalemate => ("stalemate", None),
        Outcome::CountExceeded => ("count_exceeded", None),
        Outcome::CountingSideMate { .. } => ("counting_side_mate", None),
        Outcome::CheckWin { winner } => ("check_win", Some(winner)),
        Outcome::FiftyMoves => ("fifty_moves", None),
        Outcome::OnlyPromotions => ("only_promotions", None),
        Outcome::InsufficientMaterial => ("insufficient_material", None),
    };
    let d = PyDict::new(py);
    d.set_item("result", outcome.result())?;
    d.set_item("reason", outcome.reason())?;
    d.set_item("winner", winner.map(color_name))?;
    d.set_item("kind", kind)?;
    if let Outcome::CountingSideMate { winner } = outcome {
        d.set_item("mated_by", color_name(winner))?;
    }
    Ok(d)
}

fn count_dict<'py>(py: Python<'py>, count: &CountReport) -> PyResult<Bound<'py, PyDict>> {
    let d = PyDict::new(py);
    d.set_item("honour", count.honour)?;
    d.set_item("counting", color_name(count.counting))?;
    d.set_item("mating", color_name(count.mating))?;
    d.set_item("ply", count.ply)?;
    d.set_item("limit", count.limit)?;
    d.set_item("number", count.number)?;
    d.set_item("of", count.of)?;
    d.set_item("moves_left", count.moves_left)?;
    d.set_item("exceeded", count.exceeded)?;
    d.set_item("text", &count.text)?;
    Ok(d)
}

pub(super) fn table_dict<'py>(
    py: Python<'py>,
    table: &TableReport,
) -> PyResult<Bound<'py, PyDict>> {
    let d = PyDict::new(py);
    d.set_item("ending", &table.ending)?;
    let within = table.winner.filter(|_| !table.count_runs_out);
    d.set_item("winner", within.map(color_name))?;
    d.set_item("plies", table.plies)?;
    d.set_item("count_runs_out", table.count_runs_out)?;
    d.set_item("text", &table.text)?;
    Ok(d)
}

/// The game's end after `moves` as the rules score it (the count under
/// `count_started`, the counting side's mate a draw), or `None` while it goes on.
#[pyfunction]
#[pyo3(signature = (variant, fen, moves, count_started=0))]
fn outcome<'py>(
    py: Python<'py>,
    variant: &str,
    fen: &str,
    moves: Vec<String>,
    count_started: i64,
) -> PyResult<Option<Bound<'py, PyDict>>> {
    let game = game(variant, fen, &moves, count_started)?;
    let pos = game.position();
    pos.outcome().map(|o| outcome_dict(py, o)).transpose()
}

/// The count running after `moves` as players say it, or `None`.
#[pyfunction]
#[pyo3(signature = (variant, fen, moves, count_started=0))]
fn count<'py>(
    py: Python<'py>,
    variant: &str,
    fen: &str,
    moves: Vec<String>,
    count_started: i64,
) -> PyResult<Option<Bound<'py, PyDict>>> {
    let game = game(variant, fen, &moves, count_started)?;
    let pos = game.position();
    rules_api::count_report(pos)
        .map(|c| count_dict(py, &c))
        .transpose()
}

/// `(True, "")` where the side to move may start the players' count now, else
/// `(False, why)`.
#[pyfunction]
#[pyo3(signature = (variant, fen, moves, count_started=-1))]
fn may_start_count(
    variant: &str,
    fen: &str,
    moves: Vec<String>,
    count_started: i64,
) -> PyResult<(bool, String)> {
    let game = game(variant, fen, &moves, count_started)?;
    let pos = game.position();
    Ok(match pos.may_start_count() {
        Ok(()) => (true, String::new()),
        Err(why) => (false, why),
    })
}

/// `(True, "")` where the side to move may stop the players' count now, else
/// `(False, why)`.
#[pyfunction]
#[pyo3(signature = (variant, fen, moves, count_started))]
fn may_stop_count(
    variant: &str,
    fen: &str,
    moves: Vec<String>,
    count_started: i64,
) -> PyResult<(bool, String)> {
    let game = game(variant, fen, &moves, count_started)?;
    let pos = game.position();
    Ok(match pos.may_stop_count() {
        Ok(()) => (true, String::new()),
        Err(why) => (false, why),
    })
}

/// The endgame tables: built in memory (up to four men) the first time a position
/// needs one, and kept for the life of the object.
#[pyclass(module = "khun", frozen)]
pub(super) struct Tables {
    pub(super) tables: TableHandle,
}

#[pymethods]
impl Tables {
    #[new]
    #[pyo3(signature = (five_man_directory=None))]
    fn new(five_man_directory: Option<std::path::PathBuf>) -> PyResult<Self> {
        let tables = TableHandle::new();
        tables
            .set_five_man_directory(five_man_directory)
            .map_err(value_error)?;
        Ok(Tables { tables })
    }

    /// The tables' verdict on the position after `moves`, the count included, or
    /// `None` where no table covers it.
    #[pyo3(signature = (variant, fen, moves=Vec::new(), count_started=0))]
    fn verdict<'py>(
        &self,
        py: Python<'py>,
        variant: &str,
        fen: &str,
        moves: Vec<String>,
        count_started: i64,
    ) -> PyResult<Option<Bound<'py, PyDict>>> {
        let pos = game(variant, fen, &moves, count_started)?.into_position();
        let tables = self.tables.clone();
        let report = py.detach(move || rules_api::table_report(&tables, &pos));
        report.map(|t| table_dict(py, &t)).transpose()
    }
}

/// The position after `moves` with everything a front end shows: the FEN, the side
/// to move, check, the moves' SAN, the legal moves, the end, the count, who may start
/// or stop it, and with `tables` their verdict. Moves after the game's end and a
/// `count_started` that does not fit the game raise `ValueError`.
#[pyfunction]
#[pyo3(signature = (variant, fen, moves, count_started=0, tables=None))]
fn state<'py>(
    py: Python<'py>,
    variant: &str,
    fen: &str,
    moves: Vec<String>,
    count_started: i64,
    tables: Option<PyRef<'py, Tables>>,
) -> PyResult<Bound<'py, PyDict>> {
    let start = position_of(variant_of(variant)?, fen)?;
    let moves: Vec<&str> = moves.iter().map(String::as_str).collect();
    let handle = tables.map(|t| t.tables.clone());
    let state = py
        .detach(|| rules_api::state(&start, &moves, count_started, handle.as_ref()))
        .map_err(value_error)?;
    let pos = &state.position;
    let d = PyDict::new(py);
    d.set_item("fen", pos.to_fen())?;
    d.set_item("turn", color_name(pos.side_to_move()))?;
    d.set_item("check", pos.in_check())?;
    d.set_item("sans", &state.sans)?;
    let legal = PyList::empty(py);
    for &m in &state.legal {
        let r = rules_api::move_report(pos, m);
        let md = PyDict::new(py);
        md.set_item("uci", r.uci)?;
        md.set_item("san", r.san)?;
        md.set_item("from", r.from)?;
        md.set_item("to", r.to)?;
        md.set_item("drop", r.drop.map(String::from))?;
        md.set_item("promotion", r.promotion)?;
        legal.append(md)?;
    }
    d.set_item("legal", legal)?;
    d.set_item("end", state.end.map(|o| outcome_dict(py, o)).transpose()?)?;
    d.set_item(
        "count",
        state
            .count
            .as_ref()
            .map(|c| count_dict(py, c))
            .transpose()?,
    )?;
    d.set_item("count_text", &state.count_text)?;
    d.set_item("count_started", state.count_started)?;
    d.set_item("counting_side", pos.counting_side().map(color_name))?;
    d.set_item("may_start_count", state.may_start_count)?;
    d.set_item("may_stop_count", state.may_stop_count)?;
    d.set_item(
        "table",
        state
            .table
            .as_ref()
            .map(|t| table_dict(py, t))
            .transpose()?,
    )?;
    Ok(d)
}

fn pgn_game_dict<'py>(py: Python<'py>, game: &PgnGame) -> PyResult<Bound<'py, PyDict>> {
    let d = PyDict::new(py);
    let tags = PyDict::new(py);
    for (k, v) in &game.tags {
        tags.set_item(k, v)?;
    }
    d.set_item("tags", tags)?;
    d.set_item("variant", game.variant.name())?;
    d.set_item("fen", &game.fen)?;
    d.set_item(
        "moves",
        game.moves.iter().map(Move::to_string).collect::<Vec<_>>(),
    )?;
    d.set_item("sans", &game.sans)?;
    d.set_item("result", &game.result)?;
    let end = match game.end {
        Some((ply, outcome)) => {
            let e = outcome_dict(py, outcome)?;
            e.set_item("ply", ply)?;
            Some(e)
        }
        None => None,
    };
    d.set_item("end", end)?;
    d.set_item("error", &game.error)?;
    d.set_item(
        "counting",
        if game.players_counting {
            "players"
        } else {
            "automatic"
        },
    )?;
    let actions = PyList::empty(py);
    for &(ply, action) in &game.count_actions {
        let a = PyDict::new(py);
        a.set_item("ply", ply)?;
        a.set_item("action", action.word())?;
        actions.append(a)?;
    }
    d.set_item("count_actions", actions)?;
    d.set_item("count_started", game.count_started)?;
    Ok(d)
}

/// Every game of a PGN text (Thai or western letters, the players' count actions
/// included), replayed; a game that could not be read is `{"error": why}`.
#[pyfunction]
fn read_pgn<'py>(py: Python<'py>, text: &str) -> PyResult<Vec<Bound<'py, PyDict>>> {
    let games = py.detach(|| rules_api::read_pgn(text));
    games
        .iter()
        .map(|game| match game {
            Ok(game) => pgn_game_dict(py, game),
            Err(e) => {
                let d = PyDict::new(py);
                d.set_item("error", e)?;
                Ok(d)
            }
        })
        .collect()
}

/// A game as PGN text: `tags` (pairs in order, or a dict), the moves (UCI) in SAN,
/// and under players' counting (`counting="players"` or any `count_actions`, each
/// `(plies played before it, "start" | "stop")`) the tag `[Counting "players"]` and
/// a comment for each action, checked against the rules.
#[pyfunction]
#[pyo3(signature = (variant, fen, moves, tags=Vec::new(), result="*", counting="automatic", count_actions=Vec::new()))]
#[allow(clippy::too_many_arguments)]
fn write_pgn(
    variant: &str,
    fen: &str,
    moves: Vec<String>,
    tags: Vec<(String, String)>,
    result: &str,
    counting: &str,
    count_actions: Vec<(usize, String)>,
) -> PyResult<String> {
    let start = position_of(variant_of(variant)?, fen)?;
    let players_counting = match counting {
        "players" => true,
        "automatic" => false,
        _ => return Err(value_error("counting must be \"players\" or \"automatic\"")),
    };
    let count_actions = count_actions
        .into_iter()
        .map(|(ply, action)| match action.as_str() {
            "start" => Ok((ply, CountAction::Start)),
            "stop" => Ok((ply, CountAction::Stop)),
            _ => Err(value_error("a count action is \"start\" or \"stop\"")),
        })
        .collect::<PyResult<Vec<_>>>()?;
    rules_api::write_pgn(&PgnToWrite {
        start,
        moves: moves.iter().map(String::as_str).collect(),
        tags,
        result,
        players_counting,
        count_actions,
    })
    .map_err(value_error)
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
    m.add_function(wrap_pyfunction!(outcome, m)?)?;
    m.add_function(wrap_pyfunction!(count, m)?)?;
    m.add_function(wrap_pyfunction!(may_start_count, m)?)?;
    m.add_function(wrap_pyfunction!(may_stop_count, m)?)?;
    m.add_function(wrap_pyfunction!(state, m)?)?;
    m.add_function(wrap_pyfunction!(read_pgn, m)?)?;
    m.add_function(wrap_pyfunction!(write_pgn, m)?)?;
    m.add_class::<Tables>()?;
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
