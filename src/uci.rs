//! The UCI protocol: parsing commands, printing `info` and `bestmove`.
//!
//! Every command is parsed into a value first; a malformed one is answered with
//! `info string error: ...` and changes nothing. The loop hands work to the `Engine`
//! and never touches the search itself.

use crate::board::{Move, Position, Variant};
use crate::engine::{Engine, EngineReporter, SearchRequest};
use crate::io::{Input, Output, clip_to};
use crate::options::OptionError;
use crate::search::score::{ScoreText, describe};
use crate::search::shown::{ScoreView, Shown};
use crate::search::{Bound, Limits, SearchReport, SearchResult};
use crossbeam_channel::Receiver;
use std::fmt::Write as _;
use std::sync::Arc;

/// The engine's name and version, as `id name` prints it.
pub(crate) fn engine_name() -> String {
    format!("Khun {}", env!("CARGO_PKG_VERSION"))
}

/// Prints search progress in UCI form: the score as shown (calibrated while
/// `Calibrated Score` is on), and `wdl W D L` when the chances are shown
/// (`UCI_ShowWDL`).
pub(crate) struct UciReporter {
    out: Arc<Output>,
}

impl UciReporter {
    pub(crate) fn new(out: Arc<Output>) -> UciReporter {
        UciReporter { out }
    }
}

/// `score cp 35`, `score mate -2`, with a bound marker when the score is one.
pub(crate) fn format_score(score: i32, bound: Option<Bound>) -> String {
    let mut s = match describe(score) {
        ScoreText::Centipawns(cp) => format!("score cp {cp}"),
        ScoreText::Mate(n) => format!("score mate {n}"),
    };
    match bound {
        Some(Bound::Lower) => s.push_str(" lowerbound"),
        Some(Bound::Upper) => s.push_str(" upperbound"),
        _ => {}
    }
    s
}

impl EngineReporter for UciReporter {
    fn info(&self, r: &SearchReport, shown: Shown) {
        let mut line = format!("info depth {}", r.depth);
        if r.depth > 0 {
            let _ = write!(line, " seldepth {} multipv {}", r.seldepth, r.multipv);
        }
        let _ = write!(line, " {}", format_score(shown.score, r.bound));
        if let Some(w) = shown.wdl {
            let _ = write!(line, " wdl {} {} {}", w.win, w.draw, w.loss);
        }
        if r.depth > 0 {
            let _ = write!(
                line,
                " nodes {} nps {} hashfull {} time {}",
                r.nodes,
                r.nps(),
                r.hashfull,
                r.time_ms
            );
            if !r.pv.is_empty() {
                line.push_str(" pv");
                for m in &r.pv {
                    let _ = write!(line, " {m}");
                }
            }
        }
        self.out.line(&line);
    }

    fn currmove(&self, depth: i32, mv: Move, number: usize) {
        self.out.line(&format!(
            "info depth {depth} currmove {mv} currmovenumber {number}"
        ));
    }

    fn finished(&self, result: &SearchResult, _view: &ScoreView) {
        if let Some(action) = result.count_action {
            self.out
                .line(&format!("info string count {}", action.word()));
        }
        match (result.best, result.ponder) {
            (Some(best), Some(ponder)) => {
                self.out.line(&format!("bestmove {best} ponder {ponder}"))
            }
            (Some(best), None) => self.out.line(&format!("bestmove {best}")),
            (None, _) => self.out.line("bestmove (none)"),
        }
    }
}

/// A parsed UCI command.
#[derive(Debug, Clone, PartialEq)]
enum Command {
    Uci,
    Debug,
    IsReady,
    SetOption { name: String, value: Option<String> },
    NewGame,
    Position { start: Position, moves: Vec<Move> },
    Go { limits: Limits, perft: Option<u32> },
    Stop,
    PonderHit,
    Quit,
    Display,
    Eval,
    Bench { depth: Option<u32> },
}

/// Splits on whitespace, keeping at most this many tokens (a 1 MB line of moves is
/// still fine: that is about 200 000 tokens).
fn tokens(line: &str) -> Vec<&str> {
    line.split_whitespace().collect()
}

/// Shortens hostile input before it is echoed in a message.
fn clip(s: &str) -> String {
    clip_to(s, 40)
}

/// The longest error message printed, in characters (the rest is cut).
const MAX_ERROR_CHARS: usize = 300;

/// Parses a non-negative number for `go`, clamping to `max`; negative values clamp to
/// zero (some GUIs send a negative clock after a time loss).
fn parse_go_number(
    key: &str,
    text: Option<&&str>,
    max: u64,
    notes: &mut Vec<String>,
) -> Option<u64> {
    let Some(text) = text else {
        notes.push(format!("go {key}: missing value"));
        return None;
    };
    let (negative, digits) = match text.strip_prefix('-') {
        Some(rest) => (true, rest),
        None => (false, text.strip_prefix('+').unwrap_or(text)),
    };
    if digits.is_empty() || !digits.bytes().all(|b| b.is_ascii_digit()) {
        notes.push(format!("go {key}: '{}' is not a number", clip(text)));
        return None;
    }
    if negative {
        notes.push(format!("go {key}: {} is negative, using 0", clip(text)));
        return Some(0);
    }
    match digits.parse::<u64>() {
        Ok(n) if n <= max => Some(n),
        _ => {
            notes.push(format!(
                "go {key}: {} is too large, using {max}",
                clip(text)
            ));
            Some(max)
        }
    }
}

const GO_KEYWORDS: [&str; 14] = [
    "wtime",
    "btime",
    "winc",
    "binc",
    "movestogo",
    "depth",
    "nodes",
    "mate",
    "movetime",
    "infinite",
    "ponder",
    "searchmoves",
    "perft",
    "",
];

/// The longest time `go` accepts (about 31 years), so arithmetic cannot overflow.
const MAX_TIME_MS: u64 = 1_000_000_000_000;
/// The deepest `go depth` (the search's own ply limit is a little above).
const MAX_GO_DEPTH: u64 = 120;
/// The longest `go mate`, in moves (a mate score beyond that cannot be told apart).
const MAX_GO_MATE: u64 = 60;

fn parse_go(args: &[&str], pos: &Position, notes: &mut Vec<String>) -> (Limits, Option<u32>) {
    let mut limits = Limits::default();
    let mut perft = None;
    let mut i = 0;
    while i < args.len() {
        let key = args[i];
        let value = args.get(i + 1);
        let mut consumed = 2;
        match key {
            "wtime" => limits.wtime = parse_go_number(key, value, MAX_TIME_MS, notes),
            "btime" => limits.btime = parse_go_number(key, value, MAX_TIME_MS, notes),
            "winc" => limits.winc = parse_go_number(key, value, MAX_TIME_MS, notes),
            "binc" => limits.binc = parse_go_number(key, value, MAX_TIME_MS, notes),
            "movetime" => limits.movetime = parse_go_number(key, value, MAX_TIME_MS, notes),
            "movestogo" => {
                limits.movestogo = parse_go_number(key, value, 10_000, notes)
                    .filter(|&n| n > 0)
                    .map(|n| n as u32)
            }
            "depth" => {
                limits.depth = parse_go_number(key, value, MAX_GO_DEPTH, notes).map(|d| {
                    if d == 0 {
                        notes.push("go depth: 0 is not a depth, using 1".into());
                    }
                    d.max(1) as u32
                })
            }
            "nodes" => {
                limits.nodes = parse_go_number(key, value, u64::MAX / 4, notes).map(|n| n.max(1))
            }
            "mate" => {
                limits.mate = parse_go_number(key, value, MAX_GO_MATE, notes).map(|n| {
                    if n == 0 {
                        notes.push("go mate: 0 is not a mate distance, using 1".into());
                    }
                    n.max(1) as u32
                })
            }
            "perft" => {
                perft = parse_go_number(key, value, 20, notes).map(|d| d as u32);
            }
            "infinite" => {
                limits.infinite = true;
                consumed = 1;
            }
            "ponder" => {
                limits.ponder = true;
                consumed = 1;
            }
            "searchmoves" => {
                consumed = 1;
                while let Some(text) = args.get(i + consumed) {
                    if GO_KEYWORDS.contains(text) {
                        break;
                    }
                    match pos.parse_uci_move(text) {
                        Ok(m) => limits.searchmoves.push(m),
                        Err(e) => notes.push(format!("go searchmoves: {e}")),
                    }
                    consumed += 1;
                }
            }
            other => {
                notes.push(format!("go: unknown parameter '{}'", clip(other)));
                consumed = 1;
            }
        }
        // A keyword followed by another keyword lost its value: reread that keyword.
        if consumed == 2 && value.is_some_and(|v| GO_KEYWORDS.contains(v)) {
            consumed = 1;
        }
        i += consumed;
    }
    (limits, perft)
}

fn parse_position(args: &[&str], variant: Variant) -> Result<(Position, Vec<Move>), String> {
    let moves_at = args.iter().position(|&t| t == "moves");
    let (head, move_texts) = match moves_at {
        Some(i) => (&args[..i], &args[i + 1..]),
        None => (args, &[][..]),
    };
    let start = match head.first() {
        Some(&"startpos") => {
            if head.len() > 1 {
                return Err(format!("position startpos: unexpected '{}'", clip(head[1])));
            }
            Position::startpos_of(variant)
        }
        Some(&"fen") => {
            if head.len() < 2 {
                return Err("position fen: missing FEN".into());
            }
            Position::from_fen_in(variant, &head[1..].join(" "))
                .map_err(|e| format!("position fen ({variant}): {e}"))?
        }
        Some(other) => {
            return Err(format!(
                "position: expected 'startpos' or 'fen', got '{}'",
                clip(other)
            ));
        }
        None => return Err("position: expected 'startpos' or 'fen'".into()),
    };
    let mut pos = start.clone();
    let mut moves = Vec::with_capacity(move_texts.len());
    for (i, text) in move_texts.iter().enumerate() {
        let m = pos
            .parse_uci_move(text)
            .map_err(|e| format!("position: move {} {e}; position unchanged", i + 1))?;
        pos.play(m);
        moves.push(m);
    }
    Ok((start, moves))
}

fn parse_setoption(args: &[&str]) -> Result<(String, Option<String>), String> {
    if args.first() != Some(&"name") {
        return Err("setoption: expected 'name'".into());
    }
    let value_at = args.iter().position(|&t| t == "value");
    let name_end = value_at.unwrap_or(args.len());
    let name = args[1..name_end].join(" ");
    if name.is_empty() {
        return Err("setoption: missing option name".into());
    }
    let value = value_at.map(|i| args[i + 1..].join(" "));
    Ok((name, value))
}

/// Parses one line. `Ok(None)` for an empty line.
fn parse(line: &str, pos: &Position, notes: &mut Vec<String>) -> Result<Option<Command>, String> {
    let t = tokens(line);
    let Some((&head, args)) = t.split_first() else {
        return Ok(None);
    };
    let cmd = match head {
        "uci" => Command::Uci,
        "debug" => Command::Debug,
        "isready" => Command::IsReady,
        "setoption" => {
            let (name, value) = parse_setoption(args)?;
            Command::SetOption { name, value }
        }
        "ucinewgame" => Command::NewGame,
        "position" => {
            let (start, moves) = parse_position(args, pos.variant())?;
            Command::Position { start, moves }
        }
        "go" => {
            let (limits, perft) = parse_go(args, pos, notes);
            Command::Go { limits, perft }
        }
        "stop" => Command::Stop,
        "ponderhit" => Command::PonderHit,
        "quit" => Command::Quit,
        "d" => Command::Display,
        "eval" => Command::Eval,
        "bench" => {
            let depth = match args.first() {
                Some(d) => Some(
                    d.parse::<u32>()
                        .map_err(|_| format!("bench: '{}' is not a depth", clip(d)))?
                        .clamp(1, 30),
                ),
                None => None,
            };
            Command::Bench { depth }
        }
        other => return Err(format!("unknown command '{}'", clip(other))),
    };
    Ok(Some(cmd))
}

/// The option declarations `uci` prints.
fn option_lines() -> Vec<String> {
    crate::options::offered()
        .map(crate::options::uci_declaration)
        .chain(tunable_option_lines())
        .collect()
}

/// In `tune` builds, one spin option per search parameter (see
/// `crate::search::params`); none otherwise.
fn tunable_option_lines() -> Vec<String> {
    if !cfg!(feature = "tune") {
        return Vec::new();
    }
    crate::search::params::TUNABLES
        .iter()
        .map(|t| {
            format!(
                "option name {} type spin default {} min {} max {}",
                t.name, t.default, t.min, t.max
            )
        })
        .collect()
}

/// The UCI session: the engine, the output, and what `debug` asked for.
pub(crate) struct Uci {
    engine: Engine,
    out: Arc<Output>,
    reporter: Arc<UciReporter>,
    /// Why the last `position` was refused, until a good one (or a new game) comes:
    /// the engine kept its last good position, which is not the GUI's, so a `go`
    /// then answers `bestmove 0000` instead of a move the GUI would see as illegal.
    refused_position: Option<String>,
}

impl Uci {
    pub(crate) fn new(out: Arc<Output>) -> Uci {
        let reporter = Arc::new(UciReporter::new(Arc::clone(&out)));
        Uci {
            engine: Engine::new(),
            out,
            reporter,
            refused_position: None,
        }
    }

    /// The engine behind the session (a harness sets its [`crate::engine::Sandbox`]).
    pub(crate) fn engine_mut(&mut self) -> &mut Engine {
        &mut self.engine
    }

    /// Prints `info string error: text`, shortened if hostile input made it long (a
    /// FEN with a megabyte of extra fields is quoted in its error).
    fn error(&self, text: &str) {
        self.out.line(&format!(
            "info string error: {}",
            clip_to(text, MAX_ERROR_CHARS)
        ));
    }

    /// Runs until `quit` or the end of input. `first` is a line already read (the one
    /// that chose the protocol).
    pub(crate) fn run(&mut self, first: Option<String>, rx: &Receiver<Input>) {
        if let Some(line) = first
            && !self.handle_line_guarded(&line)
        {
            return self.shutdown();
        }
        while let Ok(input) = rx.recv() {
            let keep_going = match input {
                Input::Line(line) => self.handle_line_guarded(&line),
                Input::Truncated(line) => {
                    self.error(&format!(
                        "line longer than {} bytes ignored",
                        crate::io::MAX_LINE_BYTES
                    ));
                    let _ = line;
                    true
                }
                Input::Eof => false,
            };
            if !keep_going {
                break;
            }
        }
        self.shutdown();
    }

    fn shutdown(&mut self) {
        self.engine.stop_and_wait();
    }

    /// `handle_line`, but a panic (a bug, never bad input by design) is reported as
    /// `info string error: internal error ...` and the session goes on, instead of
    /// the engine vanishing in the middle of a game.
    pub(crate) fn handle_line_guarded(&mut self, line: &str) -> bool {
        let handled =
            std::panic::catch_unwind(std::panic::AssertUnwindSafe(|| self.handle_line(line)));
        handled.unwrap_or_else(|panic| {
            let what = panic
                .downcast_ref::<&str>()
                .map(|s| s.to_string())
                .or_else(|| panic.downcast_ref::<String>().cloned())
                .unwrap_or_default();
            self.error(&format!(
                "internal error while handling '{}': {what}",
                clip(line)
            ));
            true
        })
    }

    /// Handles one line; false means quit.
    pub(crate) fn handle_line(&mut self, line: &str) -> bool {
        let mut notes = Vec::new();
        let parsed = parse(line, self.engine.position(), &mut notes);
        for note in &notes {
            self.error(note);
        }
        match parsed {
            Err(e) => {
                if tokens(line).first() == Some(&"position") {
                    self.refused_position = Some(e.clone());
                }
                self.error(&e);
                true
            }
            Ok(None) => true,
            Ok(Some(cmd)) => self.execute(cmd),
        }
    }

    fn execute(&mut self, cmd: Command) -> bool {
        match cmd {
            Command::Uci => {
                self.out.line(&format!("id name {}", engine_name()));
                self.out.line("id author the Khun developers");
                for line in option_lines() {
                    self.out.line(&line);
                }
                self.out.line("uciok");
            }
            Command::Debug => {}
            Command::IsReady => self.out.line("readyok"),
            Command::SetOption { name, value } => self.set_option(&name, value.as_deref()),
            Command::NewGame => {
                self.refused_position = None;
                self.engine.new_game()
            }
            Command::Position { start, moves } => {
                self.refused_position = None;
                if let Err(why) = self.engine.set_position(start, &moves) {
                    self.error(&format!("position refused: {why}; position unchanged"));
                    self.refused_position = Some(why);
                }
            }
            Command::Go { perft: None, .. } if self.refused_position.is_some() => {
                let why = self.refused_position.clone().unwrap_or_default();
                self.engine.stop_and_wait();
                self.error(&format!(
                    "no position to search: the last one was refused ({why}); send a new one"
                ));
                self.out.line("bestmove 0000");
            }
            Command::Go {
                limits,
                perft: Some(depth),
            } => {
                let _ = limits;
                self.engine.stop_and_wait();
                let depth = self
                    .engine
                    .sandbox()
                    .map_or(depth, |s| depth.min(s.max_depth));
                let mut text = Vec::new();
                let _ =
                    crate::board::perft::run_perft(self.engine.position(), depth, true, &mut text);
                for line in String::from_utf8_lossy(&text).lines() {
                    self.out.line(line);
                }
            }
            Command::Go {
                limits,
                perft: None,
            } => {
                // The clock runs from now, before the previous search is waited for.
                let request = SearchRequest::now(limits);
                let reporter = Arc::clone(&self.reporter) as Arc<dyn EngineReporter>;
                self.engine.go(request, reporter)
            }
            Command::Stop => self.engine.stop(),
            Command::PonderHit => self.engine.ponderhit(),
            Command::Quit => return false,
            Command::Display => {
                for line in crate::board::diagram::diagram(self.engine.position()).lines() {
                    self.out.line(line);
                }
            }
            Command::Eval => {
                let pos = self.engine.position();
                let network = self.engine.search_network();
                let text = crate::eval::report::format_report(
                    pos,
                    network
                        .as_ref()
                        .filter(|_| crate::nnue::evaluates(pos))
                        .map(|chosen| crate::nnue::for_game(chosen, pos.variant())),
                    self.engine.tables(),
                );
                for line in text.lines() {
                    self.out.line(line);
                }
            }
            Command::Bench { depth } => {
                self.engine.stop_and_wait();
                let depth = match self.engine.sandbox() {
                    Some(s) => Some(depth.map_or(s.max_depth, |d| d.min(s.max_depth))),
                    None => depth,
                };
                let report =
                    crate::bench::run(depth, self.engine.search_network(), self.engine.tables());
                for line in report.lines() {
                    self.out.line(line);
                }
            }
        }
        true
    }

    fn set_option(&mut self, name: &str, value: Option<&str>) {
        match crate::options::set(&mut self.engine, name, value) {
            Ok(None) => {}
            Ok(Some(note)) | Err(OptionError::Refused(note)) => {
                self.error(&format!("setoption {note}"))
            }
            Err(OptionError::Unknown) => self.set_tunable(name, value),
        }
    }

    /// In `tune` builds, a search parameter (see `crate::search::params`); otherwise,
    /// or for any other name, an unknown option.
    fn set_tunable(&mut self, name: &str, value: Option<&str>) {
        #[cfg(feature = "tune")]
        if crate::search::params::TUNABLES
            .iter()
            .any(|t| t.name.eq_ignore_ascii_case(name))
        {
            match value.and_then(|v| v.trim().parse::<i64>().ok()) {
                Some(v) => {
                    crate::search::params::set(name, v);
                }
                None => self.error(&format!("setoption {name}: value must be an integer")),
            }
            return;
        }
        let _ = value;
        self.error(&format!("setoption: unknown option '{}'", clip(name)));
    }
}
