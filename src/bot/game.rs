//! One game, on a thread of its own: its stream (opened again after a drop), its
//! engine (in-process, on the clock the server gives), its chat, its end.

use super::backoff::Backoff;
use super::client::{Client, HttpError, StreamItem};
use super::log::Log;
use super::protocol::{GameLine, GameState, read_line};
use super::seen::{Answered, GameSetup};
use super::settings::{Settings, Strength};
use super::stopping::{Phase, Stopping};
use crate::board::{Color, Game};
use crate::engine::{Engine, SearchRequest, Silent};
use crate::search::Limits;
use crossbeam_channel::RecvTimeoutError;
use std::collections::VecDeque;
use std::sync::Arc;
use std::time::{Duration, Instant};

/// What every game of one client shares.
#[derive(Clone, Debug)]
pub struct Context {
    pub client: Client,
    pub settings: Arc<Settings>,
    pub log: Log,
    pub stopping: Stopping,
    /// The BOT's account name.
    pub username: String,
}

/// How often a waiting game looks at the Ctrl-C phase.
const POLL: Duration = Duration::from_millis(200);

/// The tries a game's stream makes a second apart before its pauses double.
// why: pychess's server takes a game's stream for open until its next write to it (a
// ping every 6 s) and cuts a second one meanwhile (it answers 200, then closes it):
// in the lab a cut stream came back after 7 s with pauses of 1, 2 and 4 s, where
// trying each second finds the opening within a second of the server's ping, the
// game's clock running.
const GAME_STREAM_STEADY_TRIES: u32 = 8;

/// Why a game's stream loop stopped.
enum Ending {
    /// The stream dropped: open it again.
    Dropped,
    /// The game is over, resigned, or cannot be played: the thread ends.
    Done,
}

/// A game being played: what the client knows of it and the engine that plays it.
struct Table {
    setup: GameSetup,
    engine: Engine,
    /// The last game the server's moves described, or that and the move Khun sent
    /// after it (the end's result is read from it: the server sends no state after
    /// the move that ends a game, only `gameEnd`).
    last: Option<Game>,
    answered: Answered,
}

/// Plays the game `id` to its end (or until Ctrl-C twice resigns it).
pub fn play(context: &Context, id: &str) {
    let mut table: Option<Table> = None;
    let mut backoff = Backoff::steady_first(GAME_STREAM_STEADY_TRIES);
    loop {
        if context.stopping.phase() == Phase::Resigning {
            resign(context, id);
            return;
        }
        let stream = match context.client.game_stream(id) {
            Ok(stream) => stream,
            Err(HttpError::Status(code @ (403 | 404), _)) => {
                context.log.event(format!(
                    "game {id}: the server has no such game for us (HTTP {code})"
                ));
                return;
            }
            Err(e) => {
                let pause = backoff.pause();
                context.log.event(format!(
                    "game {id}: cannot open its stream ({e}); again in {} s",
                    pause.as_secs()
                ));
                if !wait(context, pause) {
                    resign(context, id);
                    return;
                }
                continue;
            }
        };
        context.log.protocol(format!("game {id}: stream open"));
        match follow(context, id, &stream.lines, &mut table, &mut backoff) {
            Ending::Done => return,
            Ending::Dropped => {
                let pause = backoff.pause();
                context.log.event(format!(
                    "game {id}: opening its stream again in {} s",
                    pause.as_secs()
                ));
                if !wait(context, pause) {
                    resign(context, id);
                    return;
                }
            }
        }
    }
}

/// Waits `pause`, unless Ctrl-C twice asks to resign (then `false`).
fn wait(context: &Context, pause: Duration) -> bool {
    let until = Instant::now() + pause;
    while Instant::now() < until {
        if context.stopping.phase() == Phase::Resigning {
            return false;
        }
        std::thread::sleep(POLL.min(until.saturating_duration_since(Instant::now())));
    }
    true
}

/// Reads one connection of the game's stream until it drops or the game ends.
fn follow(
    context: &Context,
    id: &str,
    lines: &crossbeam_channel::Receiver<StreamItem>,
    table: &mut Option<Table>,
    backoff: &mut Backoff,
) -> Ending {
    let mut pending: VecDeque<StreamItem> = VecDeque::new();
    loop {
        if context.stopping.phase() == Phase::Resigning {
            resign(context, id);
            return Ending::Done;
        }
        let item = match pending.pop_front() {
            Some(item) => item,
            None => match lines.recv_timeout(POLL) {
                Ok(item) => item,
                Err(RecvTimeoutError::Timeout) => continue,
                Err(RecvTimeoutError::Disconnected) => {
                    StreamItem::Closed("the stream's reader stopped".into())
                }
            },
        };
        let (text, arrived) = match item {
            StreamItem::Line(text, arrived) => (text, arrived),
            StreamItem::Closed(why) => {
                context
                    .log
                    .event(format!("game {id}: stream dropped ({why})"));
                return Ending::Dropped;
            }
        };
        context.log.protocol(format!("game {id} < {}", text.trim()));
        let line = match read_line::<GameLine>(&text) {
            Ok(Some(line)) => line,
            Ok(None) => continue,
            Err(e) => {
                context.log.event(format!("game {id}: {e}"));
                continue;
            }
        };
        match line {
            GameLine::GameFull(full) => {
                backoff.reset();
                if table.is_none() {
                    match start(context, &full) {
                        Ok(started) => *table = Some(started),
                        Err(why) => {
                            context
                                .log
                                .event(format!("game {id}: cannot play it: {why}"));
                            abort(context, id);
                            return Ending::Done;
                        }
                    }
                }
                if let Some(table) = table.as_mut() {
                    answer(context, table, &full.state, arrived, lines, &mut pending);
                }
            }
            GameLine::GameState(state) => {
                backoff.reset();
                match table.as_mut() {
                    Some(table) => answer(context, table, &state, arrived, lines, &mut pending),
                    None => context.log.protocol(format!(
                        "game {id}: a state before the game: waiting for it"
                    )),
                }
            }
            GameLine::GameEnd => {
                finish(context, id, table.as_ref());
                return Ending::Done;
            }
            GameLine::Ping | GameLine::Other => backoff.reset(),
        }
    }
}

/// The game's first `gameFull`: its engine set up, the greeting said.
fn start(context: &Context, full: &super::protocol::GameFull) -> Result<Table, String> {
    let setup = GameSetup::from_full(full, &context.username)?;
    let engine = engine_for(&setup, &context.settings)?;
    context.log.event(format!(
        "game {}: {} against {}, Khun {}; moves so far: {}",
        setup.id,
        setup.variant.name(),
        setup.opponent,
        color_name(setup.color),
        full.state.moves.split_whitespace().count()
    ));
    chat(context, &setup.id, &context.settings.chat.greeting);
    Ok(Table {
        setup,
        engine,
        last: None,
        answered: Answered::default(),
    })
}

/// An engine for one game, with the settings' strength, hash, threads and overhead.
fn engine_for(setup: &GameSetup, settings: &Settings) -> Result<Engine, String> {
    let mut engine = Engine::new();
    engine.set_option_to("UCI_Variant", setup.variant.name())?;
    engine.set_option_to("Hash", settings.engine.hash_mb)?;
    engine.set_option_to("Threads", settings.engine.threads)?;
    engine.set_option_to("Move Overhead", settings.engine.move_overhead_ms)?;
    match settings.strength {
        Strength::Full => {}
        Strength::SkillLevel(level) => engine.set_option_to("Skill Level", level)?,
        Strength::Elo(elo) => {
            engine.set_option_to("UCI_LimitStrength", "true")?;
            engine.set_option_to("UCI_Elo", elo)?;
        }
    }
    engine.new_game();
    Ok(engine)
}

/// Answers the position `state` describes, if it is the BOT's move, the list replays
/// by the rules and the position was not answered already; the move goes out only if
/// no later message has changed the game meanwhile.
fn answer(
    context: &Context,
    table: &mut Table,
    state: &GameState,
    arrived: Instant,
    lines: &crossbeam_channel::Receiver<StreamItem>,
    pending: &mut VecDeque<StreamItem>,
) {
    let id = table.setup.id.clone();
    let game = match table.setup.replay(&state.moves) {
        Ok(game) => game,
        Err(why) => {
            context.log.event(format!(
                "game {id}: the server's moves do not replay here ({why}); not answering"
            ));
            return;
        }
    };
    table.last = Some(game.clone());
    let position = game.position();
    if position.outcome().is_some()
        || position.side_to_move() != table.setup.color
        || table.answered.already(&state.moves)
    {
        return;
    }
    let limits = Limits {
        wtime: Some(milliseconds(state.wtime)),
        btime: Some(milliseconds(state.btime)),
        // The server's increments are seconds.
        winc: Some(milliseconds(state.winc * 1000.0)),
        binc: Some(milliseconds(state.binc * 1000.0)),
        ..Limits::default()
    };
    let clock = match table.setup.color {
        Color::White => limits.wtime,
        Color::Black => limits.btime,
    }
    .unwrap_or(0);
    let ply = game.moves().len();
    let mut after = game.clone();
    table.engine.set_game(game);
    let result = table.engine.search(
        SearchRequest {
            limits,
            started: arrived,
        },
        Arc::new(Silent),
    );
    let Some(best) = result.best else {
        context.log.event(format!(
            "game {id}: no legal move (the server will end the game)"
        ));
        return;
    };
    if superseded(lines, pending, &state.moves) {
        context.log.event(format!(
            "game {id}: the game changed during the search; {best} not sent"
        ));
        return;
    }
    if context.stopping.phase() == Phase::Resigning {
        return;
    }
    let spent = arrived.elapsed().as_millis();
    match context
        .client
        .post(&format!("/api/bot/game/{id}/move/{best}"), &[])
    {
        Ok(()) => {
            table.answered.record(&state.moves);
            after.push(best);
            table.last = Some(after);
            context.log.event(format!(
                "game {id}: ply {} Khun plays {best} (depth {}, {} cp, {} nodes; {spent} ms of {clock} ms)",
                ply + 1,
                result.depth,
                result.score,
                result.nodes
            ));
        }
        Err(e) => context
            .log
            .event(format!("game {id}: the move {best} was not taken ({e})")),
    }
}

/// Whether a message that came during the search changes the game searched (a new
/// move list, the game's end, the stream gone); every message read is kept in
/// `pending` for the stream loop, in order.
fn superseded(
    lines: &crossbeam_channel::Receiver<StreamItem>,
    pending: &mut VecDeque<StreamItem>,
    moves: &str,
) -> bool {
    pending.extend(lines.try_iter());
    let same = |other: &str| other.split_whitespace().eq(moves.split_whitespace());
    pending.iter().any(|item| match item {
        StreamItem::Closed(_) => true,
        StreamItem::Line(text, _) => match read_line::<GameLine>(text) {
            Ok(Some(GameLine::GameState(state))) => !same(&state.moves),
            Ok(Some(GameLine::GameFull(full))) => !same(&full.state.moves),
            Ok(Some(GameLine::GameEnd)) => true,
            _ => false,
        },
    })
}

/// A clock value from the server (milliseconds, maybe fractional, never negative).
fn milliseconds(value: f64) -> u64 {
    if value.is_finite() && value > 0.0 {
        value as u64
    } else {
        0
    }
}

/// The game is over: its result by the rules when the last position ends it, the
/// goodbye said.
fn finish(context: &Context, id: &str, table: Option<&Table>) {
    let outcome = table
        .and_then(|t| t.last.as_ref())
        .and_then(|g| g.position().outcome());
    let plies = table
        .and_then(|t| t.last.as_ref())
        .map_or(0, |g| g.moves().len());
    match outcome {
        Some(outcome) => context.log.event(format!(
            "game {id}: over after {plies} plies: {} ({})",
            outcome.result(),
            outcome.reason()
        )),
        None => context.log.event(format!(
            "game {id}: over after {plies} plies (by the server: resignation, time, abort or agreement)"
        )),
    }
    chat(context, id, &context.settings.chat.goodbye);
}

fn resign(context: &Context, id: &str) {
    match context
        .client
        .post(&format!("/api/bot/game/{id}/resign"), &[])
    {
        Ok(()) => context.log.event(format!("game {id}: resigned")),
        Err(e) => context
            .log
            .event(format!("game {id}: could not resign ({e})")),
    }
}

fn abort(context: &Context, id: &str) {
    if let Err(e) = context
        .client
        .post(&format!("/api/bot/game/{id}/abort"), &[])
    {
        context
            .log
            .event(format!("game {id}: could not abort ({e})"));
    }
}

fn chat(context: &Context, id: &str, text: &str) {
    if text.is_empty() {
        return;
    }
    let form = [("room", "player"), ("text", text)];
    if let Err(e) = context
        .client
        .post(&format!("/api/bot/game/{id}/chat"), &form)
    {
        context.log.event(format!("game {id}: chat not sent ({e})"));
    }
}

fn color_name(color: Color) -> &'static str {
    match color {
        Color::White => "White",
        Color::Black => "Black",
    }
}
