//! A server speaking pychess.org's BOT API on 127.0.0.1, for `khun bot`'s tests: the
//! requests and message shapes of pychess-variants' `server/bot_api.py` (read there,
//! written here from scratch), with a person played by random legal moves. Every move
//! the BOT sends is checked by the rules before it is played; an illegal one is
//! recorded and ends the game, as the real server's INVALIDMOVE does.

use khun::board::{Game, Position, Variant};
use khun::rng::Rng;
use std::collections::HashMap;
use std::io::{BufRead, BufReader, Read, Write};
use std::net::{Shutdown, TcpListener, TcpStream};
use std::sync::{Arc, Condvar, Mutex, MutexGuard};
use std::time::{Duration, Instant};

/// The BOT's token and name on this server.
pub const TOKEN: &str = "lip_test-token-5f2a";
pub const BOT_NAME: &str = "KhunBot";
/// The person's name.
pub const PERSON: &str = "somchai";

/// The clock each move is given at most, whatever the challenge's: the fake server's
/// clocks do not run down, and a short one keeps the tests short.
const SHORTEST_CLOCK_MS: u64 = 5_000;

/// A game on the server.
#[derive(Clone, Debug)]
pub struct ServerGame {
    pub variant: Variant,
    pub bot_is_white: bool,
    pub moves: Vec<String>,
    /// Set when the game is over: why.
    pub over: Option<String>,
    /// Moves the BOT sent that the rules refused.
    pub illegal: Vec<String>,
    /// Moves the BOT sent when it was not its turn.
    pub out_of_turn: Vec<String>,
    /// The clock the server gives each side, milliseconds, and the increment, seconds.
    pub clock_ms: u64,
    pub increment_s: u64,
    /// After the BOT's move number N, drop the game stream instead of answering.
    pub drop_after_bot_move: Option<usize>,
    pub resigned: bool,
    /// The person does not answer the BOT's moves until [`FakeServer::release_person`].
    hold_person: bool,
    rng_seed: u64,
}

impl ServerGame {
    pub fn bot_moves(&self) -> usize {
        let first = if self.bot_is_white { 0 } else { 1 };
        (first..self.moves.len()).step_by(2).count()
    }

    fn game(&self) -> Game {
        Game::from_uci(Position::startpos_of(self.variant), &self.moves, 0)
            .expect("the server's own moves replay")
    }
}

/// What the server saw, for the test to check.
#[derive(Default, Debug)]
pub struct Record {
    pub event_connections: usize,
    pub game_connections: usize,
    pub capabilities: Vec<String>,
    pub accepted: Vec<String>,
    /// (challenge id, reason)
    pub declined: Vec<(String, String)>,
    pub chats: Vec<String>,
    pub refused_requests: usize,
    pub games: HashMap<String, ServerGame>,
    /// Games accepted from now on have a person who waits to be released.
    pub hold_new_games: bool,
    /// Challenges waiting for an answer: (id, variant, bot plays white, clock ms, inc s).
    pending: HashMap<String, (Variant, bool, u64, u64)>,
    event_sink: Option<TcpStream>,
    game_sinks: HashMap<String, TcpStream>,
}

/// The server: its port and what it saw.
pub struct FakeServer {
    pub port: u16,
    state: Arc<(Mutex<Record>, Condvar)>,
}

impl FakeServer {
    pub fn start() -> FakeServer {
        let listener = TcpListener::bind("127.0.0.1:0").expect("a local port");
        let port = listener.local_addr().unwrap().port();
        let state = Arc::new((Mutex::new(Record::default()), Condvar::new()));
        let shared = Arc::clone(&state);
        std::thread::spawn(move || {
            for stream in listener.incoming().flatten() {
                let shared = Arc::clone(&shared);
                std::thread::spawn(move || handle(stream, &shared));
            }
        });
        FakeServer { port, state }
    }

    pub fn url(&self) -> String {
        format!("http://127.0.0.1:{}", self.port)
    }

    pub fn record(&self) -> MutexGuard<'_, Record> {
        self.state.0.lock().unwrap()
    }

    /// Waits until `done` holds (checked after every request), or panics after `limit`.
    pub fn wait_for(&self, what: &str, limit: Duration, done: impl Fn(&Record) -> bool) {
        let deadline = Instant::now() + limit;
        let mut record = self.record();
        while !done(&record) {
            let left = deadline.saturating_duration_since(Instant::now());
            assert!(!left.is_zero(), "timed out waiting for {what}: {record:#?}");
            record = self
                .state
                .1
                .wait_timeout(record, left.min(Duration::from_millis(200)))
                .unwrap()
                .0;
        }
    }

    /// Sends a challenge on the event stream.
    pub fn challenge(&self, id: &str, variant: &str, bot_is_white: bool, limit_s: u64, inc_s: u64) {
        let mut record = self.record();
        if let Some(v) = Variant::from_name(variant).filter(|v| v.name() == variant) {
            record.pending.insert(
                id.into(),
                (
                    v,
                    bot_is_white,
                    (limit_s * 1000).min(SHORTEST_CLOCK_MS),
                    inc_s,
                ),
            );
        }
        let line = format!(
            r#"{{"type":"challenge","challenge":{{"id":"{id}","challenger":{{"name":"{PERSON}","rating":1500,"title":""}},"variant":{{"key":"{variant}"}},"rated":false,"timeControl":{{"type":"clock","limit":{limit_s},"increment":{inc_s}}},"color":"{}","finalColor":"{}","speed":"blitz","perf":{{"name":"{variant}"}},"level":0,"chess960":false}}}}"#,
            if bot_is_white { "black" } else { "white" },
            if bot_is_white { "black" } else { "white" },
        );
        send_event(&mut record, &line);
    }

    /// Drops the event stream (the server restarting, a network cut).
    pub fn drop_event_stream(&self) {
        let mut record = self.record();
        if let Some(sink) = record.event_sink.take() {
            let _ = sink.shutdown(Shutdown::Both);
        }
    }

    /// The person of game `id` answers the BOT's last move.
    pub fn release_person(&self, id: &str) {
        let mut record = self.record();
        let Some(game) = record.games.get_mut(id) else {
            return;
        };
        person_moves(game);
        settle(game);
        let state = game_state(game);
        send_game(&mut record, id, &state);
    }

    /// Sets the game `id` to drop its stream after the BOT's move `n`.
    pub fn drop_game_stream_after(&self, id: &str, n: usize) {
        if let Some(game) = self.record().games.get_mut(id) {
            game.drop_after_bot_move = Some(n);
        }
    }
}

fn send_event(record: &mut Record, line: &str) {
    if let Some(sink) = record.event_sink.as_mut()
        && sink.write_all(format!("{line}\n").as_bytes()).is_err()
    {
        record.event_sink = None;
    }
}

fn send_game(record: &mut Record, id: &str, line: &str) {
    if let Some(sink) = record.game_sinks.get_mut(id)
        && sink.write_all(format!("{line}\n").as_bytes()).is_err()
    {
        record.game_sinks.remove(id);
    }
}

fn game_state(game: &ServerGame) -> String {
    format!(
        r#"{{"type": "gameState", "moves": "{}", "wtime": {}, "btime": {}, "winc": {}, "binc": {}, "wdraw": false, "bdraw": false, "wtakeback": false, "btakeback": false, "status": "started"}}"#,
        game.moves.join(" "),
        game.clock_ms,
        game.clock_ms,
        game.increment_s,
        game.increment_s
    )
}

fn game_full(id: &str, game: &ServerGame) -> String {
    let (white, black) = if game.bot_is_white {
        (BOT_NAME, PERSON)
    } else {
        (PERSON, BOT_NAME)
    };
    format!(
        r#"{{"type": "gameFull", "id": "{id}", "variant": {{"name": "{}"}}, "white": {{"name": "{white}"}}, "black": {{"name": "{black}"}}, "initialFen": "", "createdAt": 1765000000, "state": {}}}"#,
        game.variant.name(),
        game_state(game)
    )
}

/// The person's move: random, legal; ends the game if the position is over.
fn person_moves(game: &mut ServerGame) {
    let mut rng = Rng::new(game.rng_seed ^ game.moves.len() as u64);
    let position = game.game().position().clone();
    if position.outcome().is_some() {
        return;
    }
    let legal = position.legal_moves();
    let m = rng.pick(legal.as_slice());
    game.moves.push(m.to_string());
}

fn settle(game: &mut ServerGame) {
    if let Some(outcome) = game.game().position().outcome() {
        game.over = Some(format!("{} {}", outcome.result(), outcome.reason()));
    }
}

struct Request {
    method: String,
    path: String,
    headers: HashMap<String, String>,
    body: String,
}

fn read_request(stream: &TcpStream) -> Option<Request> {
    let mut reader = BufReader::new(stream.try_clone().ok()?);
    let mut first = String::new();
    reader.read_line(&mut first).ok()?;
    let mut parts = first.split_whitespace();
    let method = parts.next()?.to_string();
    let path = parts.next()?.to_string();
    let mut headers = HashMap::new();
    loop {
        let mut line = String::new();
        reader.read_line(&mut line).ok()?;
        let line = line.trim_end();
        if line.is_empty() {
            break;
        }
        let (name, value) = line.split_once(':')?;
        headers.insert(name.trim().to_ascii_lowercase(), value.trim().to_string());
    }
    let length: usize = headers
        .get("content-length")
        .and_then(|v| v.parse().ok())
        .unwrap_or(0);
    let mut body = vec![0; length];
    reader.read_exact(&mut body).ok()?;
    Some(Request {
        method,
        path,
        headers,
        body: String::from_utf8_lossy(&body).into_owned(),
    })
}

fn respond(mut stream: &TcpStream, status: &str, body: &str) {
    let _ = write!(
        stream,
        "HTTP/1.1 {status}\r\nContent-Type: application/json\r\nContent-Length: {}\r\nConnection: close\r\n\r\n{body}",
        body.len()
    );
}

fn start_stream(mut stream: &TcpStream) -> bool {
    stream
        .write_all(
            b"HTTP/1.1 200 OK\r\nContent-Type: application/x-ndjson\r\nConnection: close\r\n\r\n",
        )
        .is_ok()
}

/// The form field `name` of a urlencoded body (enough for the reasons and chat here).
fn form_field(body: &str, name: &str) -> Option<String> {
    body.split('&').find_map(|pair| {
        let (key, value) = pair.split_once('=')?;
        (key == name).then(|| value.replace('+', " ").replace("%2C", ","))
    })
}

fn handle(stream: TcpStream, shared: &Arc<(Mutex<Record>, Condvar)>) {
    let Some(request) = read_request(&stream) else {
        return;
    };
    let (lock, changed) = &**shared;
    let authorized = request.headers.get("authorization").map(String::as_str)
        == Some(&format!("Bearer {TOKEN}"));
    let mut record = lock.lock().unwrap();
    if !authorized {
        record.refused_requests += 1;
        respond(&stream, "403 Forbidden", "");
        changed.notify_all();
        return;
    }
    let path: Vec<&str> = request.path.trim_matches('/').split('/').collect();
    match (request.method.as_str(), path.as_slice()) {
        ("GET", ["api", "account"]) => respond(
            &stream,
            "200 OK",
            &format!(r#"{{"id": "{BOT_NAME}", "username": "{BOT_NAME}", "title": "BOT"}}"#),
        ),
        ("GET", ["api", "stream", "event"]) => {
            let Some(capabilities) = request.headers.get("x-pychess-bot-capabilities") else {
                respond(
                    &stream,
                    "400 Bad Request",
                    "Missing required X-PyChess-Bot-Capabilities header.",
                );
                return;
            };
            record.capabilities.push(capabilities.clone());
            record.event_connections += 1;
            if start_stream(&stream) {
                record.event_sink = stream.try_clone().ok();
                // As the real server does on a new connection: gameStart for every game
                // still running.
                let running: Vec<String> = record
                    .games
                    .iter()
                    .filter(|(_, g)| g.over.is_none() && !g.resigned)
                    .map(|(id, _)| id.clone())
                    .collect();
                for id in running {
                    send_event(
                        &mut record,
                        &format!(r#"{{"type": "gameStart", "game": {{"id": "{id}"}}}}"#),
                    );
                }
            }
        }
        ("POST", ["api", "challenge", id, "accept"]) => {
            let id = id.to_string();
            match record.pending.remove(&id) {
                Some((variant, bot_is_white, clock_ms, increment_s)) => {
                    let mut game = ServerGame {
                        variant,
                        bot_is_white,
                        moves: Vec::new(),
                        over: None,
                        illegal: Vec::new(),
                        out_of_turn: Vec::new(),
                        clock_ms,
                        increment_s,
                        drop_after_bot_move: None,
                        resigned: false,
                        hold_person: record.hold_new_games,
                        rng_seed: 0x5EED ^ id.len() as u64,
                    };
                    if !bot_is_white {
                        person_moves(&mut game);
                    }
                    record.games.insert(id.clone(), game);
                    record.accepted.push(id.clone());
                    respond(&stream, "200 OK", r#"{"ok": true}"#);
                    send_event(
                        &mut record,
                        &format!(r#"{{"type": "gameStart", "game": {{"id": "{id}"}}}}"#),
                    );
                }
                None => respond(&stream, "404 Not Found", ""),
            }
        }
        ("POST", ["api", "challenge", id, "decline"]) => {
            let reason = form_field(&request.body, "reason").unwrap_or_default();
            record.pending.remove(*id);
            record.declined.push((id.to_string(), reason));
            respond(&stream, "200 OK", r#"{"ok": true}"#);
        }
        ("GET", ["api", "bot", "game", "stream", id]) => {
            let id = id.to_string();
            let Some(game) = record.games.get(&id).cloned() else {
                respond(&stream, "404 Not Found", "");
                changed.notify_all();
                return;
            };
            if record.game_sinks.contains_key(&id) {
                respond(&stream, "409 Conflict", "game stream already active");
                changed.notify_all();
                return;
            }
            record.game_connections += 1;
            if start_stream(&stream) {
                record
                    .game_sinks
                    .insert(id.clone(), stream.try_clone().unwrap());
                send_game(&mut record, &id, &game_full(&id, &game));
                if game.over.is_some() {
                    send_game(
                        &mut record,
                        &id,
                        &format!(r#"{{"type": "gameEnd", "game": {{"id": "{id}"}}}}"#),
                    );
                }
            }
        }
        ("POST", ["api", "bot", "game", id, "move", uci]) => {
            let id = id.to_string();
            respond(&stream, "200 OK", r#"{"ok": true}"#);
            let Some(game) = record.games.get_mut(&id) else {
                changed.notify_all();
                return;
            };
            if game.over.is_some() || game.resigned {
                changed.notify_all();
                return;
            }
            let bot_to_move = (game.moves.len() % 2 == 0) == game.bot_is_white;
            if !bot_to_move {
                game.out_of_turn.push(uci.to_string());
                changed.notify_all();
                return;
            }
            let position = game.game().position().clone();
            if position.parse_uci_move(uci).is_err() {
                game.illegal.push(uci.to_string());
                game.over = Some("INVALIDMOVE".into());
            } else {
                game.moves.push(uci.to_string());
                settle(game);
                if game.over.is_none() && !game.hold_person {
                    person_moves(game);
                    settle(game);
                }
            }
            let drop_now = game.drop_after_bot_move == Some(game.bot_moves());
            let (state, over) = (game_state(game), game.over.is_some());
            if drop_now {
                if let Some(sink) = record.game_sinks.remove(&id) {
                    let _ = sink.shutdown(Shutdown::Both);
                }
            } else if over {
                // As the real server: after the move that ends the game the BOT gets
                // `gameEnd` alone, no last state.
                send_game(
                    &mut record,
                    &id,
                    &format!(r#"{{"type": "gameEnd", "game": {{"id": "{id}"}}}}"#),
                );
                record.game_sinks.remove(&id);
            } else {
                send_game(&mut record, &id, &state);
            }
        }
        ("POST", ["api", "bot", "game", id, "resign"]) => {
            if let Some(game) = record.games.get_mut(*id) {
                game.resigned = true;
            }
            respond(&stream, "200 OK", r#"{"ok": true}"#);
        }
        ("POST", ["api", "bot", "game", _, "chat"]) => {
            record
                .chats
                .push(form_field(&request.body, "text").unwrap_or_default());
            respond(&stream, "200 OK", r#"{"ok": true}"#);
        }
        _ => respond(&stream, "404 Not Found", ""),
    }
    changed.notify_all();
}
