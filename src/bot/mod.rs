//! `khun bot`: Khun on pychess.org, through the server's BOT API (feature `bot`).
//!
//! # The protocol, as pychess-variants' `server/bot_api.py` speaks it
//!
//! Read from the server's code (gbtami/pychess-variants, commit 37b7a729); it is
//! lichess's BOT API in shape, with these differences worth knowing.
//!
//! - **Authentication**: every request carries `Authorization: Bearer TOKEN` (a token
//!   the account page `/account/bot` makes for a BOT account). A missing or wrong token
//!   is answered 403; the BOT endpoints also refuse an account whose title is not `BOT`.
//! - `GET /api/account`: `{"id", "username", "title"}`: who the token is.
//! - `GET /api/stream/event`, with the header `X-PyChess-Bot-Capabilities:
//!   {"version":1,"variants":[...]}` (required: 400 without it, or with no variant the
//!   server has). The server sends the BOT only challenges in those variants. The answer
//!   is NDJSON, one event a line: `{"type":"challenge","challenge":{"id", "challenger":
//!   {"name","rating","title"}, "variant":{"key"}, "rated", "timeControl":{"type":
//!   "clock","limit":SECONDS,"increment":SECONDS} or {"type":"correspondence",
//!   "daysPerTurn"}, "color", "speed", "chess960"}}`; `{"type":"gameStart","game":
//!   {"id"}}`; and `{"type":"ping"}` every 6 seconds while nothing else is queued. The
//!   BOT counts as online for 10 seconds after each ping; on a new connection the
//!   server sends `gameStart` again for every game the BOT still has running and whose
//!   game stream it does not believe open, which is how a restarted client resumes its
//!   games. Each event goes to one of the BOT's open event streams (one queue, read by
//!   every open stream's handler).
//! - `POST /api/challenge/{id}/accept` and `POST /api/challenge/{id}/decline` (form
//!   field `reason`: `generic`, `later`, `tooFast`, `tooSlow`, `timeControl`, `rated`,
//!   `casual`, `variant`, `noBot`, `onlyBot`, shown to the challenger in words). The
//!   challenge's id is the game's id. BOTs cannot challenge anyone.
//! - `GET /api/bot/game/stream/{id}`: NDJSON again. First `{"type":"gameFull","id",
//!   "variant":{"name"},"white":{"name"},"black":{"name"},"initialFen","createdAt",
//!   "state":{...}}` (`initialFen` empty for the variant's start position), then one
//!   `{"type":"gameState","moves":"e3e4 ...","wtime","btime","winc","binc",...,
//!   "status":"started"}` after every move, and pings. The clocks are milliseconds
//!   (possibly with a fraction); **the increments are seconds**. The end comes as
//!   `{"type":"gameEnd","game":{"id"}}`, without the result. A second stream of the
//!   same game while one is open is refused until the server notices the old one is
//!   gone (its next write, a ping at most 6 seconds later); the refusal is a 409 after
//!   the response has begun, so the client sees a 200 and the stream closing. Messages
//!   queued while no stream was open are sent on the next one, before its `gameFull`.
//! - `POST /api/bot/game/{id}/move/{uci}`: a move in Fairy-Stockfish's UCI notation
//!   (`d3d4`, `b6b7m`, `R@a1`, `d5d5f`). It is answered 200 whatever happens: a move
//!   out of turn or already played is ignored, and an illegal one loses the game
//!   (`INVALIDMOVE`). So the client never sends a move it has not checked.
//! - `POST /api/bot/game/{id}/abort`, `/resign`, `/chat` (form fields `room`: `player`
//!   or `spectator`, and `text`).
//! - In a game with a BOT the count is the automatic one (the rules' own), which is
//!   the engine's default (`CountStarted 0`).
//!
//! # The client
//!
//! One thread reads the event stream ([`client`]) and decides on challenges
//! ([`challenge`], by the [`settings`] file); each game plays on a thread of its own
//! ([`game`]) with an engine of its own, in-process, on the clock the server gives. A
//! move is sent only for a position the client has built itself from the server's
//! move list and found legal by the rules ([`seen`]). Streams that drop are opened
//! again after a growing pause ([`backoff`]); Ctrl-C is handled by [`stopping`]; the
//! log, one line an event, by [`log`].

pub mod backoff;
pub mod challenge;
pub mod client;
pub mod game;
pub mod log;
pub mod protocol;
pub mod run;
pub mod seen;
pub mod settings;
pub mod stopping;

pub use run::{Bot, run};
