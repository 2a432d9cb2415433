//! HTTP for the BOT API, through ureq (blocking, rustls for TLS): the account, the
//! NDJSON streams read line by line on a thread of their own, and the POSTs. The
//! token goes into the `Authorization` header and nowhere else: no message of this
//! module shows it.

use crossbeam_channel::{Receiver, Sender, unbounded};
use std::fmt;
use std::io::{BufRead, BufReader, Read};
use std::time::{Duration, Instant};

/// The header that tells the server which games the BOT plays.
pub const CAPABILITIES_HEADER: &str = "X-PyChess-Bot-Capabilities";

/// How long a stream may stay silent before it is taken for dead.
// why 30 s: the server pings every 6 s while it has nothing else to send, so five
// missed pings mean the connection is gone even if no error reached this side.
const SILENT_STREAM: Duration = Duration::from_secs(30);

/// The longest line a stream may send (a whole game's moves are a few kilobytes).
const LONGEST_LINE: u64 = 1 << 20;

/// Why a request failed.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum HttpError {
    /// The server answered with this status and text.
    Status(u16, String),
    /// The server could not be reached, or the connection broke.
    Network(String),
}

impl fmt::Display for HttpError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            HttpError::Status(code, text) if text.is_empty() => write!(f, "HTTP {code}"),
            HttpError::Status(code, text) => write!(f, "HTTP {code}: {text}"),
            HttpError::Network(why) => f.write_str(why),
        }
    }
}

impl From<ureq::Error> for HttpError {
    fn from(e: ureq::Error) -> HttpError {
        match e {
            ureq::Error::Status(code, response) => {
                let text = response.into_string().unwrap_or_default();
                HttpError::Status(code, text.trim().chars().take(200).collect())
            }
            ureq::Error::Transport(t) => HttpError::Network(t.to_string()),
        }
    }
}

/// The token, kept out of every `Debug` and `Display`.
#[derive(Clone)]
struct Token(String);

impl fmt::Debug for Token {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str("Token(hidden)")
    }
}

/// Who the token is.
#[derive(Clone, Debug, serde::Deserialize)]
pub struct Account {
    pub username: String,
    #[serde(default)]
    pub title: Option<String>,
}

/// What a stream's reader thread hands over.
#[derive(Clone, Debug)]
pub enum StreamItem {
    /// A line and when it arrived.
    Line(String, Instant),
    /// The stream ended, and why.
    Closed(String),
}

/// An open NDJSON stream: its lines arrive on [`Stream::lines`].
pub struct Stream {
    pub lines: Receiver<StreamItem>,
}

/// A client of one server with one token.
#[derive(Clone, Debug)]
pub struct Client {
    agent: ureq::Agent,
    base: String,
    token: Token,
}

impl Client {
    /// A client of `server` (`https://www.pychess.org`, or `http://127.0.0.1:8080`).
    pub fn new(server: &str, token: String) -> Client {
        let agent = ureq::AgentBuilder::new()
            .timeout_connect(Duration::from_secs(15))
            .timeout_read(SILENT_STREAM)
            .timeout_write(Duration::from_secs(15))
            .user_agent(concat!("khun-bot/", env!("CARGO_PKG_VERSION")))
            .build();
        Client {
            agent,
            base: server.trim_end_matches('/').to_string(),
            token: Token(token),
        }
    }

    fn url(&self, path: &str) -> String {
        format!("{}{path}", self.base)
    }

    fn authorized(&self, request: ureq::Request) -> ureq::Request {
        request.set("Authorization", &format!("Bearer {}", self.token.0))
    }

    /// `GET /api/account`.
    pub fn account(&self) -> Result<Account, HttpError> {
        let response = self
            .authorized(self.agent.get(&self.url("/api/account")))
            .call()?;
        let text = response
            .into_string()
            .map_err(|e| HttpError::Network(e.to_string()))?;
        serde_json::from_str(&text)
            .map_err(|e| HttpError::Network(format!("unreadable account ({e})")))
    }

    /// `GET /api/stream/event`, advertising `variants`.
    pub fn event_stream(&self, variants: &[&str]) -> Result<Stream, HttpError> {
        let capabilities = serde_json::json!({ "version": 1, "variants": variants }).to_string();
        let request = self
            .authorized(self.agent.get(&self.url("/api/stream/event")))
            .set(CAPABILITIES_HEADER, &capabilities);
        Ok(read_lines(request.call()?.into_reader()))
    }

    /// `GET /api/bot/game/stream/{id}`.
    pub fn game_stream(&self, id: &str) -> Result<Stream, HttpError> {
        let url = self.url(&format!("/api/bot/game/stream/{id}"));
        let request = self.authorized(self.agent.get(&url));
        Ok(read_lines(request.call()?.into_reader()))
    }

    /// A POST to `path` with form fields `form` (none: an empty body).
    pub fn post(&self, path: &str, form: &[(&str, &str)]) -> Result<(), HttpError> {
        let request = self.authorized(self.agent.post(&self.url(path)));
        let response = if form.is_empty() {
            request.call()?
        } else {
            request.send_form(form)?
        };
        // Read the answer out, so the connection can be used again.
        let _ = response.into_string();
        Ok(())
    }
}

/// Whether `id` can stand in a path (the server's ids are 8 letters and digits).
pub fn is_plain_id(id: &str) -> bool {
    !id.is_empty()
        && id.len() <= 64
        && id
            .bytes()
            .all(|b| b.is_ascii_alphanumeric() || b == b'_' || b == b'-')
}

/// Reads `body` line by line on a thread of its own.
fn read_lines(body: Box<dyn Read + Send + Sync>) -> Stream {
    let (sender, lines) = unbounded();
    std::thread::Builder::new()
        .name("khun-bot-stream".into())
        .spawn(move || pump(body, &sender))
        .expect("spawn a stream reader");
    Stream { lines }
}

fn pump(body: Box<dyn Read + Send + Sync>, sender: &Sender<StreamItem>) {
    let mut reader = BufReader::new(body);
    loop {
        let mut line = String::new();
        let read = (&mut reader).take(LONGEST_LINE).read_line(&mut line);
        let item = match read {
            Ok(0) => StreamItem::Closed("the server closed the stream".into()),
            Ok(_) if !line.ends_with('\n') && line.len() as u64 >= LONGEST_LINE => {
                StreamItem::Closed("a line longer than 1 MB".into())
            }
            Ok(_) => StreamItem::Line(line, Instant::now()),
            Err(e)
                if e.kind() == std::io::ErrorKind::TimedOut
                    || e.kind() == std::io::ErrorKind::WouldBlock =>
            {
                StreamItem::Closed(format!(
                    "no line for {} s: the connection is taken for lost",
                    SILENT_STREAM.as_secs()
                ))
            }
            Err(e) => StreamItem::Closed(e.to_string()),
        };
        let closed = matches!(item, StreamItem::Closed(_));
        if sender.send(item).is_err() || closed {
            return;
        }
    }
}
