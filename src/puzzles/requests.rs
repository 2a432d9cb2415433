//! The finder and the checker as JSON requests, one synchronous call each, the same
//! for JavaScript (`web::rules_api`: `{"op": "findPuzzles", ...}`) and Python
//! (`khun.puzzles`, `khun.check_puzzle`: the same fields in snake_case). Each request
//! makes its own engine (one thread, no clock: a depth or a node count), reading the
//! caller's endgame tables.
//!
//! - `findPuzzles`: `{"pgn": TEXT}` (every position of every game), or `{"positions":
//!   [FEN, ...]}` (each alone), or `{"fen", "moves"}` (every position of that game);
//!   with `variant` (makruk), `countStarted` (pyffish's value; 0, the automatic count;
//!   under players' counting the count decisions are puzzles too), `counting`
//!   (`automatic` or `players`: how a `pgn`'s games are counted),
//!   `depth` (8 when neither it nor `nodes` is given), `nodes`, `format` (`json`, the
//!   default, or `pychess`: the documents pychess.org imports). Answers `{"puzzles":
//!   [...], "tally": {...}, "errors": [...]}`.
//! - `checkPuzzle`: `{"fen", "moves" (played before the puzzle), "solution": [UCI,
//!   ...], "type"}` with `variant`, `countStarted`, `depth`, `nodes`. Answers the
//!   checker's report (`check::CheckReport::to_json`). Under players' counting
//!   (`countStarted` not 0) `type` may name a count act (`count-start`, `count-stop`,
//!   `count-keep`), the `solution` then the moves played after it; no type claims no
//!   act (the count left as it is: a keep where it runs). A count act under the
//!   automatic count is refused.

use super::check::{KNOWN_TYPES, check, claim_fits};
use super::{Format, PuzzleSearch, Source, Tally};
use crate::board::{Game, Position, Variant};
use crate::engine::Engine;
use crate::search::Limits;
use crate::tablebase::Tables;
use serde::Deserialize;
use serde_json::{Value, json};
use std::sync::atomic::AtomicBool;

/// The ops this module answers.
pub const OPS: &[&str] = &["findPuzzles", "checkPuzzle"];

/// The depth a request searches to when it names no limit.
// why: the depth the lab measures the finder at; a few seconds a game in wasm.
pub const DEFAULT_DEPTH: u32 = 8;

/// The deepest a request may ask for.
// why: a synchronous call on a page's thread: deeper searches take minutes.
const MAX_DEPTH: u32 = 30;

/// The fields both requests share.
#[derive(Clone, Debug, Default, Deserialize)]
#[serde(rename_all = "camelCase", default, deny_unknown_fields)]
struct PuzzleRequest {
    op: String,
    variant: Option<String>,
    fen: Option<String>,
    moves: Vec<String>,
    count_started: i64,
    /// `automatic` or `players`: how a `pgn`'s games are counted (a game tagged
    /// `[Counting "players"]` always as players count).
    counting: Option<String>,
    depth: Option<u32>,
    nodes: Option<u64>,
    // findPuzzles
    pgn: Option<String>,
    positions: Option<Vec<String>>,
    format: Option<String>,
    // checkPuzzle
    solution: Vec<String>,
    #[serde(rename = "type")]
    claimed_type: Option<String>,
}

impl PuzzleRequest {
    fn variant(&self) -> Result<Variant, String> {
        match &self.variant {
            None => Ok(Variant::Makruk),
            Some(name) => crate::rules_api::variant_named(name).map_err(|e| e.message),
        }
    }

    fn limits(&self) -> Result<Limits, String> {
        match (self.depth, self.nodes) {
            (Some(d), _) if d == 0 || d > MAX_DEPTH => {
                Err(format!("depth {d}: expected 1 to {MAX_DEPTH}"))
            }
            (Some(d), _) => Ok(Limits::depth(d)),
            (None, Some(0)) => Err("nodes 0: expected at least 1".to_string()),
            (None, Some(n)) => Ok(Limits::nodes(n)),
            (None, None) => Ok(Limits::depth(DEFAULT_DEPTH)),
        }
    }

    /// The game `fen` and `moves` name, counted under `countStarted`.
    fn game(&self, variant: Variant) -> Result<Game, String> {
        let start = position(variant, self.fen.as_deref())?;
        Game::from_uci(start, &self.moves, self.count_started).map_err(|e| e.named("countStarted"))
    }
}

/// The position `fen` names in `variant` (the start when absent or `startpos`).
fn position(variant: Variant, fen: Option<&str>) -> Result<Position, String> {
    match fen.map(str::trim) {
        None | Some("") | Some("startpos") => Ok(Position::startpos_of(variant)),
        Some(fen) => Position::from_fen_in(variant, fen).map_err(|e| format!("FEN: {e}")),
    }
}

/// An engine for one request: one thread, no contempt, reading `tables`.
fn engine(tables: &Tables, variant: Variant) -> Result<Engine, String> {
    let mut engine = Engine::new();
    engine.use_tables(tables.clone());
    engine.set_option_to("UCI_Variant", variant.name())?;
    engine.set_option_to("Contempt", 0)?;
    engine.set_option_to("Move Overhead", 0)?;
    Ok(engine)
}

/// Answers a request (`op` one of [`OPS`]) with its answer's JSON, or why not.
pub fn answer(request: Value, tables: &Tables) -> Result<Value, String> {
    let request: PuzzleRequest =
        serde_json::from_value(request).map_err(|e| format!("puzzle request: {e}"))?;
    let variant = request.variant()?;
    let limits = request.limits()?;
    let mut engine = engine(tables, variant)?;
    let mut search = PuzzleSearch::new(&mut engine, tables, limits)?;
    match request.op.as_str() {
        "findPuzzles" => find(&request, variant, &mut search),
        "checkPuzzle" => {
            if let Some(t) = &request.claimed_type
                && !KNOWN_TYPES.contains(&t.as_str())
            {
                return Err(format!(
                    "type '{}': expected one of {}",
                    crate::platform::io::clip_to(t, 40),
                    KNOWN_TYPES.join(", ")
                ));
            }
            let game = request.game(variant)?;
            claim_fits(request.claimed_type.as_deref(), game.position())?;
            let report = check(
                &mut search,
                game,
                &request.solution,
                request.claimed_type.as_deref(),
            );
            Ok(report.to_json())
        }
        op => Err(format!(
            "unknown op '{}' (known: {})",
            crate::platform::io::clip_to(op, 40),
            OPS.join(", ")
        )),
    }
}

/// `findPuzzles`.
fn find(
    request: &PuzzleRequest,
    variant: Variant,
    search: &mut PuzzleSearch<'_>,
) -> Result<Value, String> {
    let format = match request.format.as_deref() {
        None => Format::Json,
        Some(name) => match name.parse::<Format>()? {
            Format::Epd => return Err("format epd: a request answers json or pychess".into()),
            f => f,
        },
    };
    let never = AtomicBool::new(false);
    let mut puzzles = Vec::new();
    let mut tally = Tally::default();
    let mut errors = Vec::new();
    let sources = [
        request.pgn.is_some(),
        request.positions.is_some(),
        request.fen.is_some() || !request.moves.is_empty(),
    ];
    if sources.iter().filter(|s| **s).count() > 1 {
        return Err("give one of pgn, positions, or fen and moves".to_string());
    }
    let counting = match request.counting.as_deref() {
        None => super::Counting::Automatic,
        Some(name) => name.parse()?,
    };
    if let Some(text) = &request.pgn {
        for game in crate::pgn::read_and_replay_in(text, variant) {
            match game {
                Ok(game) => {
                    if let Some((found, t)) = search.game_puzzles(&game, counting, &never) {
                        puzzles.extend(found);
                        tally.add(&t);
                    }
                }
                Err(e) => errors.push(e.to_string()),
            }
        }
    } else if let Some(fens) = &request.positions {
        for (i, fen) in fens.iter().enumerate() {
            let game = position(variant, Some(fen)).and_then(|start| {
                Game::new(start, &[], request.count_started).map_err(|e| e.named("countStarted"))
            });
            match game {
                Ok(game) => one_position(
                    search,
                    game,
                    Source { game: 0, ply: i },
                    &mut puzzles,
                    &mut tally,
                ),
                Err(e) => errors.push(format!("position {}: {e}", i + 1)),
            }
        }
    } else {
        let game = request.game(variant)?;
        let start = game.start().clone();
        for ply in 0..=game.moves().len() {
            let at = Game::new(start.clone(), &game.moves()[..ply], request.count_started)
                .map_err(|e| e.named("countStarted"))?;
            one_position(
                search,
                at,
                Source { game: 0, ply },
                &mut puzzles,
                &mut tally,
            );
        }
    }
    let written: Vec<Value> = puzzles
        .iter()
        .map(|p| match format {
            Format::Pychess => p.to_pychess(),
            _ => p.to_json(),
        })
        .collect();
    Ok(json!({ "puzzles": written, "tally": tally, "errors": errors }))
}

/// The puzzle at one position, tallied.
fn one_position(
    search: &mut PuzzleSearch<'_>,
    game: Game,
    source: Source,
    puzzles: &mut Vec<super::Puzzle>,
    tally: &mut Tally,
) {
    if !super::search::worth_searching(game.position()) {
        return;
    }
    tally.positions += 1;
    search.puzzle_at(game, source).keep(puzzles, tally);
}
