//! The client's main loop: the account, the event stream (opened again after a drop),
//! the challenges, a thread for each game, Ctrl-C.

use super::backoff::Backoff;
use super::challenge::{Decision, decide};
use super::client::{Client, HttpError, Stream, StreamItem, is_plain_id};
use super::game::{Context, play};
use super::log::Log;
use super::protocol::{EventLine, read_line};
use super::settings::Settings;
use super::stopping::{Phase, Stopping};
use crossbeam_channel::RecvTimeoutError;
use std::collections::HashMap;
use std::sync::Arc;
use std::thread::JoinHandle;
use std::time::{Duration, Instant};

/// When the event stream of a new run is opened a second time.
// why: a restarted client learns of the games its previous run left from the
// `gameStart`s the server sends on a new event stream, but the server skips a game
// whose old game stream it still believes open, and it notices a dead one only on its
// next write (a ping every 6 s): 20 s after the first connection that stream is gone
// and a second connection announces every game still running.
const REOPEN_AFTER: Duration = Duration::from_secs(20);

/// What `khun bot` runs with.
pub struct Bot {
    /// The server, `https://www.pychess.org` or a local one.
    pub server: String,
    /// The BOT account's token (kept out of every message).
    pub token: String,
    pub settings: Settings,
    pub log: Log,
    pub stopping: Stopping,
}

/// How often the loop looks at Ctrl-C and at finished games.
const POLL: Duration = Duration::from_millis(200);

/// How long an accepted challenge holds a place before its `gameStart` comes.
// why a minute: the server sends `gameStart` at once on accepting; a minute covers a
// dropped event stream and its reconnection.
const ACCEPTED_HOLDS: Duration = Duration::from_secs(60);

/// Runs the BOT until Ctrl-C has finished (or resigned) its games. An error is
/// returned only for what waiting will not cure: a refused token, an account that is
/// not a BOT, capabilities the server refuses.
pub fn run(bot: Bot) -> Result<(), String> {
    let client = Client::new(&bot.server, bot.token);
    let log = bot.log;
    let account = account(&client, &log, &bot.stopping)?;
    let Some(account) = account else {
        return Ok(());
    };
    if account.title.as_deref() != Some("BOT") {
        return Err(format!(
            "{} is not a BOT account (make it one on the server's /account/bot page)",
            account.username
        ));
    }
    let settings = Arc::new(bot.settings);
    let advertised = settings.advertised();
    log.event(format!(
        "logged in to {} as {}; playing {}, up to {} game{} at once",
        bot.server,
        account.username,
        advertised.join(", "),
        settings.concurrent_games,
        if settings.concurrent_games == 1 {
            ""
        } else {
            "s"
        }
    ));
    let context = Context {
        client: client.clone(),
        settings: Arc::clone(&settings),
        log: log.clone(),
        stopping: bot.stopping.clone(),
        username: account.username,
    };
    let mut lobby = Lobby {
        context,
        games: HashMap::new(),
        accepted: HashMap::new(),
    };
    let mut events: Option<Stream> = None;
    let mut backoff = Backoff::default();
    let mut next_connection = Instant::now();
    let mut reopen: Reopen = Reopen::NotYet;
    loop {
        if let Some(phase) = bot.stopping.poll() {
            lobby.announce(phase);
        }
        lobby.reap();
        if bot.stopping.phase() != Phase::Playing && lobby.games.is_empty() {
            log.event("no game running: stopping");
            return Ok(());
        }
        if let Reopen::At(when) = reopen
            && Instant::now() >= when
        {
            log.event(
                "opening the event stream again, once, so that the server announces the games a previous run left",
            );
            reopen = Reopen::Done;
            events = None;
            next_connection = Instant::now();
        }
        let Some(stream) = events.as_ref() else {
            if Instant::now() >= next_connection {
                match client.event_stream(&advertised) {
                    Ok(stream) => {
                        log.event("event stream open: waiting for challenges");
                        events = Some(stream);
                        if reopen == Reopen::NotYet {
                            reopen = Reopen::At(Instant::now() + REOPEN_AFTER);
                        }
                    }
                    Err(HttpError::Status(code @ (400 | 401 | 403), text)) => {
                        return Err(format!(
                            "the server refused the event stream: HTTP {code} {text}"
                        ));
                    }
                    Err(e) => {
                        let pause = backoff.pause();
                        log.event(format!(
                            "cannot open the event stream ({e}); again in {} s",
                            pause.as_secs()
                        ));
                        next_connection = Instant::now() + pause;
                    }
                }
            } else {
                std::thread::sleep(POLL);
            }
            continue;
        };
        let item = match stream.lines.recv_timeout(POLL) {
            Ok(item) => item,
            Err(RecvTimeoutError::Timeout) => continue,
            Err(RecvTimeoutError::Disconnected) => {
                StreamItem::Closed("the stream's reader stopped".into())
            }
        };
        match item {
            StreamItem::Line(text, _) => {
                backoff.reset();
                log.protocol(format!("event < {}", text.trim()));
                match read_line::<EventLine>(&text) {
                    Ok(Some(event)) => lobby.on_event(event),
                    Ok(None) => {}
                    Err(e) => log.event(e),
                }
            }
            StreamItem::Closed(why) => {
                let pause = backoff.pause();
                log.event(format!(
                    "event stream dropped ({why}); opening it again in {} s",
                    pause.as_secs()
                ));
                events = None;
                next_connection = Instant::now() + pause;
            }
        }
    }
}

/// The second opening of a run's event stream ([`REOPEN_AFTER`]).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Reopen {
    /// The stream has not been opened yet.
    NotYet,
    /// Due then.
    At(Instant),
    Done,
}

/// Who the token is; `None` when Ctrl-C came while the server could not be reached.
fn account(
    client: &Client,
    log: &Log,
    stopping: &Stopping,
) -> Result<Option<super::client::Account>, String> {
    let mut backoff = Backoff::default();
    loop {
        match client.account() {
            Ok(account) => return Ok(Some(account)),
            Err(HttpError::Status(code @ (401 | 403), _)) => {
                return Err(format!("the server refused the token (HTTP {code})"));
            }
            Err(e) => {
                let pause = backoff.pause();
                log.event(format!(
                    "cannot reach the server ({e}); again in {} s",
                    pause.as_secs()
                ));
                let until = Instant::now() + pause;
                while Instant::now() < until {
                    if stopping.poll().is_some() {
                        return Ok(None);
                    }
                    std::thread::sleep(POLL);
                }
            }
        }
    }
}

/// The games running and the challenges accepted.
struct Lobby {
    context: Context,
    /// Each game's thread, by the game's id.
    games: HashMap<String, JoinHandle<()>>,
    /// Challenges accepted whose game has not started, and when.
    accepted: HashMap<String, Instant>,
}

impl Lobby {
    fn log(&self) -> &Log {
        &self.context.log
    }

    /// Forgets the games whose threads have ended and the acceptances gone stale.
    fn reap(&mut self) {
        self.games.retain(|_, thread| !thread.is_finished());
        self.accepted
            .retain(|_, when| when.elapsed() < ACCEPTED_HOLDS);
    }

    fn announce(&self, phase: Phase) {
        let running = self.games.len();
        match phase {
            Phase::Playing => {}
            Phase::Finishing => self.log().event(format!(
                "stopping: finishing {running} game{}, taking no new ones (Ctrl-C again resigns them)",
                if running == 1 { "" } else { "s" }
            )),
            Phase::Resigning => self.log().event(format!(
                "stopping now: resigning {running} game{}",
                if running == 1 { "" } else { "s" }
            )),
        }
    }

    fn on_event(&mut self, event: EventLine) {
        match event {
            EventLine::Challenge { challenge } => {
                if !is_plain_id(&challenge.id) {
                    self.log().event("a challenge with an unusable id: ignored");
                    return;
                }
                let busy = self.games.len() + self.accepted.len();
                let winding_down = self.context.stopping.phase() != Phase::Playing;
                let decision = decide(&challenge, &self.context.settings, busy, winding_down);
                let what = describe(&challenge);
                let id = challenge.id;
                match decision {
                    Decision::Accept => {
                        match self
                            .context
                            .client
                            .post(&format!("/api/challenge/{id}/accept"), &[])
                        {
                            Ok(()) => {
                                self.log().event(format!("challenge {id} accepted: {what}"));
                                self.accepted.insert(id, Instant::now());
                            }
                            Err(e) => self
                                .log()
                                .event(format!("challenge {id} could not be accepted ({e})")),
                        }
                    }
                    Decision::Decline(reason) => {
                        let sent = self.context.client.post(
                            &format!("/api/challenge/{id}/decline"),
                            &[("reason", reason)],
                        );
                        match sent {
                            Ok(()) => self
                                .log()
                                .event(format!("challenge {id} declined ({reason}): {what}")),
                            Err(e) => self
                                .log()
                                .event(format!("challenge {id}: the decline failed ({e})")),
                        }
                    }
                }
            }
            EventLine::GameStart { game } => {
                let id = game.id;
                self.accepted.remove(&id);
                if !is_plain_id(&id) || self.games.contains_key(&id) {
                    return;
                }
                self.log().event(format!("game {id} starts"));
                let context = self.context.clone();
                let thread_id = id.clone();
                let spawned = std::thread::Builder::new()
                    .name(format!("khun-bot-game-{id}"))
                    .spawn(move || play(&context, &thread_id));
                match spawned {
                    Ok(thread) => {
                        self.games.insert(id, thread);
                    }
                    Err(e) => self
                        .log()
                        .event(format!("game {id}: cannot start a thread for it ({e})")),
                }
            }
            EventLine::Ping | EventLine::Other => {}
        }
    }
}

/// A challenge in a few words: who, what game, what clock.
fn describe(challenge: &super::protocol::Challenge) -> String {
    use super::protocol::TimeControl;
    let clock = match challenge.time_control {
        TimeControl::Clock { limit, increment } => {
            if limit % 60 == 0 {
                format!("{}+{increment}", limit / 60)
            } else {
                format!("{limit}s+{increment}")
            }
        }
        TimeControl::Correspondence { days_per_turn } => format!("{days_per_turn} days a move"),
        TimeControl::Unknown => "an unknown clock".into(),
    };
    format!(
        "{} from {}{}, {clock}, {}",
        challenge.variant.key,
        challenge.challenger.name,
        match challenge.challenger.title.as_deref() {
            Some(title) if !title.is_empty() => format!(" ({title})"),
            _ => String::new(),
        },
        if challenge.rated { "rated" } else { "casual" }
    )
}
