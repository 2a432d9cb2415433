//! The rules as the front ends ask for them: one API below the JavaScript binding
//! (`web::rules_api`, JSON in and out) and the Python one (`python`, the `khun`
//! package), so both answer from the same code. It sits on the rules (`board`), the
//! endgame tables (`tablebase`) and PGN (`pgn`), and knows nothing of any front end's
//! encoding: every answer is a Rust value, every refusal a `String` saying why.
//!
//! - [`variant_named`], [`position_of`], [`play_uci`]: a game's name, a position from
//!   a FEN (strictly read), moves in UCI checked one by one;
//! - [`state`]: the position after moves under a `count_started` (pyffish's value:
//!   0 the automatic count, -1 players' counting with no count running, N a count
//!   running since game ply N), with the moves' SAN, the legal moves, the game's end,
//!   the count as players say it ([`CountReport`]) and who may start or stop it, and
//!   an endgame table's verdict ([`TableReport`]);
//! - [`read_pgn`], [`write_pgn`]: games as PGN text, the players' count actions
//!   included, each game also as a tree (NAGs, comments, clocks, variations), read
//!   and written, in SAN or Thai SAN;
//! - [`Refusal`]: every refusal with a stable code and its values (`refusal.rs`
//!   lists them), for a front end that words it in its own language;
//! - [`Question`] and [`ask`]: each of these as a typed question, its answer typed in
//!   [`answers`]: what JavaScript and Python both ask, so a new question is written
//!   once and both languages have it;
//! - [`pyffish`]: the answers pyffish gives (its FEN status codes, its game-end
//!   values), computed from Khun's rules.

pub mod answers;
mod pgn_games;
pub mod pyffish;
mod questions;
pub mod refusal;

pub use pgn_games::{MoveNode, PgnGame, PgnToWrite, read_pgn, write_pgn};
pub use refusal::Refusal;

pub use questions::{
    ActionName, Answer, CheckFenQuestion, CountActionAt, CountingName, GameQuestion, NotationName,
    Question, ReadPgnQuestion, SanQuestion, StateQuestion, UciFromSanQuestion, WritePgnQuestion,
    ask,
};

use crate::board::count_state::CountKind;
use crate::board::counting::{self, describe as describe_count};
use crate::board::{Color, CountError, CountedReplay, Move, Notation, Outcome, Position, Variant};
use crate::tablebase::{CountVerdict, Tables};

/// The game `name` names (`makruk`, `cambodian`, `karouk`, `makpong`, `asean`,
/// `ai-wok`, `sittuyin`), or why not.
pub fn variant_named(name: &str) -> Result<Variant, Refusal> {
    Variant::from_name(name).ok_or_else(|| {
        let name = crate::platform::io::clip_to(name, 40);
        Refusal::new(
            "unknownVariant",
            format!(
                "unknown variant '{name}' (known: {})",
                Variant::names_joined(", ")
            ),
        )
        .with("name", name)
        .with("known", Variant::ALL.map(Variant::name).to_vec())
    })
}

/// The position `fen` names in `variant` (`None`, empty or `startpos`: the game's
/// start), strictly read: a position that cannot arise in a game is refused.
pub fn position_of(variant: Variant, fen: Option<&str>) -> Result<Position, Refusal> {
    match fen.map(str::trim) {
        None | Some("") | Some("startpos") => Ok(Position::startpos_of(variant)),
        Some(fen) => {
            Position::from_fen_in(variant, fen).map_err(|e| Refusal::from(&e).prefixed("FEN: "))
        }
    }
}

/// Move `number` (from 1), `text`, refused with `error`.
pub(crate) fn move_refused(number: usize, error: &crate::board::MoveError) -> Refusal {
    refusal::move_refusal(error, format!("move {number} {error}")).with("number", number)
}

/// `moves` (UCI) played from `start`, each checked against the legal moves: the
/// moves and every position, the start first. The game's end does not stop them (as
/// in pyffish): a move is refused only where it is not legal.
pub fn play_uci(start: &Position, moves: &[&str]) -> Result<(Vec<Move>, Vec<Position>), Refusal> {
    let mut played = Vec::with_capacity(moves.len());
    let mut line = Vec::with_capacity(moves.len() + 1);
    let mut pos = start.clone();
    line.push(pos.clone());
    for (i, text) in moves.iter().enumerate() {
        let m = pos
            .parse_uci_move(text)
            .map_err(|e| move_refused(i + 1, &e))?;
        pos.play(m);
        played.push(m);
        line.push(pos.clone());
    }
    Ok((played, line))
}

/// One legal move: UCI, SAN, its squares, the man a drop takes from the hand, and
/// whether it promotes (an answer's field as it is: `answers.rs`).
#[derive(Clone, Debug, PartialEq, Eq, serde::Serialize)]
pub struct MoveReport {
    pub uci: String,
    pub san: String,
    /// The square the man leaves; `None` for a drop (sittuyin's `K@e2`), which comes
    /// from the hand. A promotion in place (`d5d5f`) leaves and reaches one square.
    pub from: Option<String>,
    pub to: String,
    /// The upper-case letter of the man a drop puts on the board (`K`), else `None`.
    pub drop: Option<String>,
    pub promotion: bool,
}

/// The move `m` of `pos` described, its SAN in standard notation.
pub fn move_report(pos: &Position, m: Move) -> MoveReport {
    move_report_in(pos, m, Notation::San)
}

/// The move `m` of `pos` described, its `san` written in `notation` (Thai SAN for a
/// page shown in Thai).
pub fn move_report_in(pos: &Position, m: Move, notation: Notation) -> MoveReport {
    let drop = m
        .is_drop()
        .then(|| pos.variant().letter(m.drop_kind()).to_string());
    MoveReport {
        uci: m.to_string(),
        san: pos.san_in(m, notation),
        from: drop.is_none().then(|| m.from().to_string()),
        to: m.to().to_string(),
        drop,
        promotion: m.promotion().is_some(),
    }
}

/// The running count as players say it (an answer's field as it is: `answers.rs`):
/// everything a page needs to word it without arithmetic.
#[derive(Clone, Debug, PartialEq, Eq, serde::Serialize)]
#[serde(rename_all = "camelCase")]
pub struct CountReport {
    /// `"piece"` (the piece's honour: a bare king counts) or `"board"` (the board's).
    pub honour: &'static str,
    /// The side that counts (under the piece's honour the bare king's side, under the
    /// board's honour the side that started it); the other must mate.
    #[serde(serialize_with = "answers::color_field")]
    pub counting: Color,
    #[serde(serialize_with = "answers::color_field")]
    pub mating: Color,
    /// The count's ply and its limit, in plies (the FEN's fields).
    pub ply: u16,
    pub limit: u16,
    /// Move `number` of `of`: the count as the counting side says it ("3 of 16"
    /// after its third counted move).
    pub number: u16,
    pub of: u16,
    /// The moves the mating side has left to mate, the last of them included (0 once
    /// the count has run out).
    pub moves_left: Option<u16>,
    /// The count has run out: a draw unless it is mate.
    pub exceeded: bool,
    /// The count has run out and ended the game here in a draw (not mate).
    pub draw: bool,
    /// A count the players started (players' counting, the board's honour): the
    /// counting side's own mate is a draw while it runs.
    pub by_players: bool,
    /// The count in words.
    pub text: String,
}

/// The count running in `pos`, as players say it, or `None` when none runs.
pub fn count_report(pos: &Position) -> Option<CountReport> {
    let count = pos.count();
    let kind = counting::kind(pos)?;
    let (honour, counting_side) = match kind {
        // The bare king's side counts, whatever the counter's parity (a FEN may set it
        // up on either side's turn).
        CountKind::PiecesHonour { bare } => ("piece", bare),
        // The side that started the board's honour: the side that was to move when the
        // count stood at an even number (players' counting says who; the automatic
        // count starts on the turn of the side to move).
        CountKind::BoardsHonour => (
            "board",
            if count.ply().is_multiple_of(2) {
                pos.side_to_move()
            } else {
                !pos.side_to_move()
            },
        ),
    };
    let mating = !counting_side;
    Some(CountReport {
        honour,
        counting: counting_side,
        mating,
        ply: count.ply(),
        limit: count.limit(),
        number: count.ply().div_ceil(2),
        of: count.limit() / 2,
        moves_left: counting::moves_left_for(pos, mating),
        exceeded: count.is_exceeded(),
        draw: pos.outcome() == Some(Outcome::CountExceeded),
        by_players: honour == "board" && pos.counting_side().is_some(),
        text: describe_count(pos),
    })
}

/// A players' count that was started (`countStarted` N >= 1), whether or not it binds
/// yet (an answer's field as it is).
#[derive(Clone, Debug, PartialEq, Eq, serde::Serialize)]
#[serde(rename_all = "camelCase")]
pub struct PlayersCountReport {
    /// The side that started it (the side to move at game ply N - 1).
    #[serde(serialize_with = "answers::color_field")]
    pub counting: Color,
    /// The game ply N it runs since (pyffish's `count_started`).
    pub started_at: i64,
    /// Its length in moves (64; 63 in cambodian).
    pub of: u16,
    /// The count is in force, shown in `count`; `false`: started, it binds once the
    /// automatic count would run (in cambodian, once a side is down to its king and
    /// two men), counted from the start.
    pub binds: bool,
}

/// The players' count started in `pos`, or `None` (automatic count, or none started).
pub fn players_count_report(pos: &Position) -> Option<PlayersCountReport> {
    let n = pos.count_started();
    (n > 0).then(|| PlayersCountReport {
        counting: if (n - 1) % 2 == 0 {
            Color::White
        } else {
            Color::Black
        },
        started_at: n,
        of: crate::board::players_count::players_limit(pos.variant().counting()) / 2,
        binds: pos.counting_side().is_some(),
    })
}

/// What is impossible in the count fields of `pos` (a position read from a FEN), as
/// refusals (codes `countUnknownLimit`, `countWithPawns`, `countBelowStart`,
/// `countRunOut`): the rules read such a FEN, as pyffish does, but a board editor
/// should refuse it.
pub fn count_field_problems(pos: &Position) -> Vec<Refusal> {
    use crate::board::counting::CountProblem;
    counting::count_problems(pos)
        .into_iter()
        .map(|p| {
            let message = format!("FEN count fields: {p}");
            match p {
                CountProblem::UnknownLimit { limit, limits } => {
                    Refusal::new("countUnknownLimit", message)
                        .with("limit", limit)
                        .with("limits", limits)
                }
                CountProblem::WithPawns => Refusal::new("countWithPawns", message),
                CountProblem::BelowStart { ply, least } => Refusal::new("countBelowStart", message)
                    .with("ply", ply)
                    .with("least", least),
                CountProblem::RunOut { ply, limit } => Refusal::new("countRunOut", message)
                    .with("ply", ply)
                    .with("limit", limit),
            }
        })
        .collect()
}

/// What an endgame table says of a position, the count included.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct TableReport {
    /// The ending's name (`KRvK`).
    pub ending: String,
    /// The side that wins whatever the count (with `count_runs_out`, the side the
    /// count stops), or `None`: drawn whatever the count.
    pub winner: Option<Color>,
    /// The plies the winner needs to mate (or to convert), where one wins.
    pub plies: Option<u8>,
    /// The winner needs more plies than the count leaves: a draw.
    pub count_runs_out: bool,
    /// The verdict in words.
    pub text: String,
}

/// The verdict of `tables` on `pos` (built in memory the first time an ending needs
/// one), or `None` where no table covers it.
pub fn table_report(tables: &Tables, pos: &Position) -> Option<TableReport> {
    tables.count_verdict(pos).map(|(ending, verdict)| {
        let (plies, count_runs_out) = match verdict {
            CountVerdict::Wins { plies, .. } => (Some(plies), false),
            CountVerdict::CountRunsOut { plies, .. } => (Some(plies), true),
            CountVerdict::Drawn => (None, false),
        };
        TableReport {
            ending: ending.name(),
            winner: verdict.winner(),
            plies,
            count_runs_out,
            text: crate::tablebase::describe(ending, verdict),
        }
    })
}

/// The position after moves, with what a front end shows of it.
#[derive(Clone, Debug)]
pub struct State {
    pub position: Position,
    /// The SAN of each move played, in `notation`.
    pub sans: Vec<String>,
    /// The notation `sans` is written in, and the one a front end writes the legal
    /// moves in ([`move_report_in`]).
    pub notation: Notation,
    /// The game's end here, as the rules score it (the counting side's mate
    /// included), or `None`.
    pub end: Option<Outcome>,
    /// The legal moves (none once the game has ended).
    pub legal: Vec<Move>,
    pub count: Option<CountReport>,
    /// The players' count started, bound or not yet.
    pub players_count: Option<PlayersCountReport>,
    /// The counting state in words (also when no count runs).
    pub count_text: String,
    /// pyffish's `count_started` after the moves.
    pub count_started: i64,
    /// Whether the side to move may start or stop the players' count now.
    pub may_start_count: bool,
    pub may_stop_count: bool,
    /// The endgame table's verdict, when tables were given and one covers it.
    pub table: Option<TableReport>,
}

/// The position after `moves` from `start` under `count_started`: its FEN, the side
/// to move, check, the moves' SAN, the legal moves, the game's end and the count. A
/// move after the game's end is refused, and so is a `count_started` that does not fit
/// the game (a count started beyond the next ply, or while a pawn was on the board).
pub fn state(
    start: &Position,
    moves: &[&str],
    count_started: i64,
    tables: Option<&Tables>,
) -> Result<State, Refusal> {
    state_in(start, moves, count_started, tables, Notation::San)
}

/// [`state`], the moves' SAN written in `notation` (standard SAN, long algebraic, or
/// Thai SAN or LAN as Fairy-Stockfish writes them).
pub fn state_in(
    start: &Position,
    moves: &[&str],
    count_started: i64,
    tables: Option<&Tables>,
    notation: Notation,
) -> Result<State, Refusal> {
    // The moves are played under the count they were played under: under players'
    // counting a game goes on where the automatic count would have ended it, and ends
    // where the players' count runs out. The value is checked against the game as a
    // whole before the first move (pyffish's refusals: its range, the game, beyond the
    // next ply), a count started while a pawn stood when the replay reaches it.
    let counted = |e: CountError| refusal::count_refusal(&e, "count_started");
    let mut replay = CountedReplay::new(start, count_started, moves.len()).map_err(counted)?;
    let mut sans = Vec::with_capacity(moves.len());
    for (i, text) in moves.iter().enumerate() {
        let pos = replay.position();
        if pos.outcome().is_some() {
            return Err(game_ended(i + 1, text));
        }
        let m = pos
            .parse_uci_move(text)
            .map_err(|e| move_refused(i + 1, &e))?;
        sans.push(pos.san_in(m, notation));
        replay.play(m).map_err(counted)?;
    }
    let pos = replay.into_position();
    let end = pos.outcome();
    let legal = if end.is_some() {
        Vec::new()
    } else {
        pos.legal_moves().iter().copied().collect()
    };
    let table = tables.and_then(|tables| table_report(tables, &pos));
    Ok(State {
        sans,
        notation,
        end,
        legal,
        count: count_report(&pos),
        players_count: players_count_report(&pos),
        count_text: describe_count(&pos),
        count_started: pos.count_started(),
        may_start_count: end.is_none() && pos.may_start_count().is_ok(),
        may_stop_count: end.is_none() && pos.may_stop_count().is_ok(),
        table,
        position: pos,
    })
}

/// Move `number` (`text`) comes after the game's end.
pub(crate) fn game_ended(number: usize, text: &str) -> Refusal {
    Refusal::new(
        "gameEnded",
        format!("move {number} ({text}): the game has ended"),
    )
    .with("move", text)
    .with("number", number)
}
