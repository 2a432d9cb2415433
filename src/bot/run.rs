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
use crossbeam_channel::{Sender, unbounded};
use std::collections::HashMap;
use std::sync::Arc;
use std::thread::JoinHandle;
use std::time::{Duration, Instant};

/// When a new run opens its event stream again, counted from its first opening.
// why: a restarted client learns of the games its previous run left from the
// `gameStart`s the server sends on a new event stream, but the server skips a game
// whose old game stream it still believes open, and it notices a dead one only on its
// next write (a ping every 6 s). In the lab (2026-12-07-bot.md) a run started 3 s
// after the previous one was killed connected before that in 4 kills of 7: a single
// opening at 20 s cost a 1+0 game 23 s of its clock, one at 8 s about 12 s. At 4 s a
// run that took 3 s to start is past the ping; 10 s covers a run started at once, 24 s
// a ping whose write to the dead connection succeeds once before one fails.
const REOPENINGS: [Duration; 3] = [
    Duration::from_secs(4),
    Duration::from_secs(10),
    Duration::from_secs(24),
];

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
    // Every open event stream's lines, tagged with the stream's number. A stream is
    // never dropped while the server keeps it open: the server hands each event to one
    // of a BOT's open streams, and one dropped by this side would swallow the next.
    let (merged, events) = unbounded::<(usize, StreamItem)>();
    let mut open_streams = 0usize;
    let mut streams_opened = 0usize;
    let mut first_opened: Option<Instant> = None;
    let mut reopened = 0usize;
    let mut backoff = Backoff::default();
    let mut next_connection = Some(Instant::now());
    loop {
        if let Some(phase) = bot.stopping.poll() {
            lobby.announce(phase);
        }
        lobby.reap();
        if bot.stopping.phase() != Phase::Playing && lobby.games.is_empty() {
            log.event("no game running: stopping");
            return Ok(());
        }
        let reopening = first_opened.is_some_and(|first| {
            REOPENINGS
                .get(reopened)
                .is_some_and(|after| first.elapsed() >= *after)
        });
        if reopening {
            reopened += 1;
            log.event(format!(
                "opening the event stream again ({reopened} of {}; the open one stays open), so that the server announces the games a previous run left",
                REOPENINGS.len()
            ));
        }
        let due = next_connection.is_some_and(|when| Instant::now() >= when);
        if reopening || due {
            let opened = client
                .event_stream(&advertised)
                .and_then(|stream| forward(streams_opened + 1, stream, merged.clone()));
            match opened {
                Ok(()) => {
                    if due || open_streams == 0 {
                        log.event("event stream open: waiting for challenges");
                    }
                    // Any stream open ends a wait for one.
                    next_connection = None;
                    streams_opened += 1;
                    open_streams += 1;
                    first_opened.get_or_insert_with(Instant::now);
                }
                Err(HttpError::Status(code @ (400 | 401 | 403), text)) => {
                    return Err(format!(
                        "the server refused the event stream: HTTP {code} {text}"
                    ));
                }
                Err(e) if due => {
                    let pause = backoff.pause();
                    log.event(format!(
                        "cannot open the event stream ({e}); again in {} s",
                        pause.as_secs()
                    ));
                    next_connection = Some(Instant::now() + pause);
                }
                Err(e) => log.event(format!("cannot open the event stream again ({e})")),
            }
        }
        if open_streams == 0 {
            std::thread::sleep(POLL);
            continue;
        }
        let Ok((number, item)) = events.recv_timeout(POLL) else {
            continue;
        };
        match item {
            StreamItem::Line(text, _) => {
                backoff.reset();
                log.protocol(format!("event {number} < {}", text.trim()));
                match read_line::<EventLine>(&text) {
                    Ok(Some(event)) => lobby.on_event(event),
                    Ok(None) => {}
                    Err(e) => log.event(e),
                }
            }
            StreamItem::Closed(why) => {
                open_streams -= 1;
                if open_streams > 0 {
                    log.protocol(format!(
                        "event stream {number} closed ({why}); {open_streams} still open"
                    ));
                    continue;
                }
                let pause = backoff.pause();
                log.event(format!(
                    "event stream dropped ({why}); opening it again in {} s",
                    pause.as_secs()
                ));
                next_connection = Some(Instant::now() + pause);
            }
        }
    }
}

/// Hands the lines of event stream `number` to `merged` on a thread of its own, until
/// the stream closes (its last item says so).
fn forward(
    number: usize,
    stream: Stream,
    merged: Sender<(usize, StreamItem)>,
) -> Result<(), HttpError> {
    std::thread::Builder::new()
        .name(format!("khun-bot-events-{number}"))
        .spawn(move || {
            for item in stream.lines.iter() {
                let closed = matches!(item, StreamItem::Closed(_));
                if merged.send((number, item)).is_err() || closed {
                    return;
                }
            }
            let reader_gone = StreamItem::Closed("the stream's reader stopped".into());
            let _ = merged.send((number, reader_gone));
        })
        .map(|_| ())
        .map_err(|e| HttpError::Network(format!("no thread to read the stream ({e})")))
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
