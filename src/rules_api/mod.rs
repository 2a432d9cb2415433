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
//!   included;
//! - [`Question`] and [`ask`]: each of these as a typed question, its answer typed in
//!   [`answers`]: what JavaScript and Python both ask, so a new question is written
//!   once and both languages have it;
//! - [`pyffish`]: the answers pyffish gives (its FEN status codes, its game-end
//!   values), computed from Khun's rules.

pub mod answers;
pub mod pyffish;
mod questions;

pub use questions::{
    ActionName, Answer, CountActionAt, CountingName, GameQuestion, NotationName, Question,
    ReadPgnQuestion, SanQuestion, StateQuestion, UciFromSanQuestion, WritePgnQuestion, ask,
};

use crate::board::count_events::rules_result;
use crate::board::count_state::CountKind;
use crate::board::counting::{self, describe as describe_count};
use crate::board::{Color, CountAction, CountedReplay, Move, Notation, Outcome, Position, Variant};
use crate::tablebase::{CountVerdict, Tables};

/// The game `name` names (`makruk`, `cambodian`, `karouk`, `makpong`, `asean`,
/// `ai-wok`, `sittuyin`), or why not.
pub fn variant_named(name: &str) -> Result<Variant, String> {
    Variant::from_name(name).ok_or_else(|| {
        format!(
            "unknown variant '{}' (known: {})",
            crate::platform::io::clip_to(name, 40),
            Variant::names_joined(", ")
        )
    })
}

/// The position `fen` names in `variant` (`None`, empty or `startpos`: the game's
/// start), strictly read: a position that cannot arise in a game is refused.
pub fn position_of(variant: Variant, fen: Option<&str>) -> Result<Position, String> {
    match fen.map(str::trim) {
        None | Some("") | Some("startpos") => Ok(Position::startpos_of(variant)),
        Some(fen) => Position::from_fen_in(variant, fen).map_err(|e| format!("FEN: {e}")),
    }
}

/// `moves` (UCI) played from `start`, each checked against the legal moves: the
/// moves and every position, the start first. The game's end does not stop them (as
/// in pyffish): a move is refused only where it is not legal.
pub fn play_uci(start: &Position, moves: &[&str]) -> Result<(Vec<Move>, Vec<Position>), String> {
    let mut played = Vec::with_capacity(moves.len());
    let mut line = Vec::with_capacity(moves.len() + 1);
    let mut pos = start.clone();
    line.push(pos.clone());
    for (i, text) in moves.iter().enumerate() {
        let m = pos
            .parse_uci_move(text)
            .map_err(|e| format!("move {} {e}", i + 1))?;
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

/// The running count as players say it (an answer's field as it is: `answers.rs`).
#[derive(Clone, Debug, PartialEq, Eq, serde::Serialize)]
#[serde(rename_all = "camelCase")]
pub struct CountReport {
    /// `"piece"` (the piece's honour: a bare king counts) or `"board"` (the board's).
    pub honour: &'static str,
    /// The side that counts; the other must mate.
    #[serde(serialize_with = "answers::color_field")]
    pub counting: Color,
    #[serde(serialize_with = "answers::color_field")]
    pub mating: Color,
    /// The count's ply and its limit, in plies (the FEN's fields).
    pub ply: u16,
    pub limit: u16,
    /// Move `number` of `of`: the counting side's own moves ("3 of 16" after its
    /// third).
    pub number: u16,
    pub of: u16,
    /// The moves the mating side has left, where it has some.
    pub moves_left: Option<u16>,
    /// The count has run out: a draw unless it is mate.
    pub exceeded: bool,
    /// The count in words.
    pub text: String,
}

/// The count running in `pos`, as players say it, or `None` when none runs.
pub fn count_report(pos: &Position) -> Option<CountReport> {
    let count = pos.count();
    let kind = counting::kind(pos)?;
    // The counting side is the side that was to move when the count stood at an even
    // number: the bare king under the piece's honour, the side that started it under
    // the board's honour (players' counting says who; the automatic count starts on
    // the turn of the side to move).
    let counting_side = if count.ply().is_multiple_of(2) {
        pos.side_to_move()
    } else {
        !pos.side_to_move()
    };
    let honour = match kind {
        CountKind::PiecesHonour { .. } => "piece",
        CountKind::BoardsHonour => "board",
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
        text: describe_count(pos),
    })
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
) -> Result<State, String> {
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
) -> Result<State, String> {
    // The moves are played under the count they were played under: under players'
    // counting a game goes on where the automatic count would have ended it, and ends
    // where the players' count runs out. The value is checked against the game as a
    // whole before the first move (pyffish's refusals: its range, the game, beyond the
    // next ply), a count started while a pawn stood when the replay reaches it.
    let mut replay = CountedReplay::new(start, count_started, moves.len())?;
    let mut sans = Vec::with_capacity(moves.len());
    for (i, text) in moves.iter().enumerate() {
        let pos = replay.position();
        if pos.outcome().is_some() {
            return Err(format!("move {} ({text}): the game has ended", i + 1));
        }
        let m = pos
            .parse_uci_move(text)
            .map_err(|e| format!("move {} {e}", i + 1))?;
        sans.push(pos.san_in(m, notation));
        replay.play(m)?;
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
        count_text: describe_count(&pos),
        count_started: pos.count_started(),
        may_start_count: end.is_none() && pos.may_start_count().is_ok(),
        may_stop_count: end.is_none() && pos.may_stop_count().is_ok(),
        table,
        position: pos,
    })
}

/// A game read from PGN and replayed.
#[derive(Clone, Debug)]
pub struct PgnGame {
    /// The tags in the order written.
    pub tags: Vec<(String, String)>,
    pub variant: Variant,
    /// The start position's FEN.
    pub fen: String,
    pub moves: Vec<Move>,
    pub sans: Vec<String>,
    /// The result written at the end of the movetext.
    pub result: String,
    /// Where the rules end the game (plies played, the outcome), if the PGN goes on
    /// past it or ends there.
    pub end: Option<(usize, Outcome)>,
    /// Why the game stopped before its written end, if it did.
    pub error: Option<String>,
    /// Counted as players count (`[Counting "players"]`).
    pub players_counting: bool,
    /// The players' count actions: (plies played before it, the action).
    pub count_actions: Vec<(usize, CountAction)>,
    /// pyffish's `count_started` at the game's last position.
    pub count_started: i64,
}

/// Every game of a PGN text, replayed; a game that could not be read at all is an
/// error with the reason.
pub fn read_pgn(text: &str) -> Vec<Result<PgnGame, String>> {
    crate::pgn::read_and_replay(text)
        .into_iter()
        .map(|game| {
            let game = game.map_err(|e| e.to_string())?;
            let positions = game.positions();
            let sans = positions
                .iter()
                .zip(&game.moves)
                .map(|(pos, &m)| pos.san(m))
                .collect();
            Ok(PgnGame {
                end: rules_result(&positions),
                count_started: positions.last().map_or(0, Position::count_started),
                tags: game.tags.clone(),
                variant: game.start.variant(),
                fen: game.start.to_fen(),
                moves: game.moves.clone(),
                sans,
                result: game.result.clone(),
                error: game.error.as_ref().map(|e| e.to_string()),
                players_counting: game.players_counting,
                count_actions: game.count_actions.clone(),
            })
        })
        .collect()
}

/// A game to write as PGN.
#[derive(Clone, Debug)]
pub struct PgnToWrite<'a> {
    pub start: Position,
    /// The moves in UCI.
    pub moves: Vec<&'a str>,
    /// Tags in order; `Variant`, `SetUp`, `FEN` and `Result` are added where missing.
    pub tags: Vec<(String, String)>,
    /// `1-0`, `0-1`, `1/2-1/2` or `*`.
    pub result: &'a str,
    /// Counted as players count (also when `count_actions` is not empty).
    pub players_counting: bool,
    /// The players' count actions: (plies played before it, the action), in order.
    pub count_actions: Vec<(usize, CountAction)>,
}

/// A game as PGN text: the moves in SAN, and under players' counting the tag
/// `[Counting "players"]` and a comment for each count action, checked against the
/// rules as it is played.
pub fn write_pgn(game: &PgnToWrite) -> Result<String, String> {
    use crate::pgn::{GameOut, MoveOut, add_count_actions, write_game};
    if !["1-0", "0-1", "1/2-1/2", "*"].contains(&game.result) {
        return Err("\"result\" must be 1-0, 0-1, 1/2-1/2 or *".into());
    }
    for (name, _) in &game.tags {
        if name.is_empty() || !name.chars().all(|c| c.is_ascii_alphanumeric() || c == '_') {
            return Err(
                "\"tags\" must be [name, value] pairs of strings (names: letters, digits, _)"
                    .to_string(),
            );
        }
    }
    let start = &game.start;
    let moves = &game.moves;
    let actions = &game.count_actions;
    let players = game.players_counting || !actions.is_empty();
    let mut tags = game.tags.clone();
    fn set(tags: &mut Vec<(String, String)>, name: &str, value: String) {
        match tags.iter().position(|(n, _)| n == name) {
            Some(i) => tags[i].1 = value,
            None => tags.push((name.to_string(), value)),
        }
    }
    set(&mut tags, "Result", game.result.to_string());
    if !tags.iter().any(|(n, _)| n == "Variant") {
        set(&mut tags, "Variant", start.variant().name().to_string());
    }
    if start.to_fen() != Position::startpos_of(start.variant()).to_fen()
        && !tags.iter().any(|(n, _)| n == "FEN")
    {
        set(&mut tags, "SetUp", "1".to_string());
        set(&mut tags, "FEN", start.to_fen());
    }
    let mut pos = if players {
        Position::replay_with_count_started(start, &[], -1)?
    } else {
        start.clone()
    };
    let mut pending = actions.iter().peekable();
    let mut out = Vec::with_capacity(moves.len());
    for ply in 0..=moves.len() {
        while let Some(&(_, action)) = pending.next_if(|(at, _)| *at == ply) {
            pos.apply_count_action(action)
                .map_err(|e| format!("count action {} at ply {ply}: {e}", action.word()))?;
        }
        let Some(text) = moves.get(ply) else { break };
        if pos.outcome().is_some() && !pos.has_legal_move() {
            return Err(format!("move {} ({text}): the game has ended", ply + 1));
        }
        let m = pos
            .parse_uci_move(text)
            .map_err(|e| format!("move {} {e}", ply + 1))?;
        out.push(MoveOut {
            san: pos.san(m),
            ..MoveOut::default()
        });
        pos.play(m);
    }
    if let Some((ply, _)) = pending.next() {
        return Err(format!(
            "a count action at ply {ply}, after the last move ({})",
            moves.len()
        ));
    }
    let mut out_game = GameOut {
        tags,
        start: start.clone(),
        preamble: Vec::new(),
        moves: out,
        result: game.result.to_string(),
    };
    if players {
        add_count_actions(&mut out_game, actions);
    }
    Ok(write_game(&out_game))
}
