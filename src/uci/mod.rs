//! The UCI protocol: the session, which reads commands and drives the `Engine`;
//! parsing them (`parse`), printing `info` and `bestmove` (`report`).
//!
//! Every command is parsed into a value first; a malformed one is answered with
//! `info string error: ...` and changes nothing. The loop hands work to the `Engine`
//! and never touches the search itself.

mod parse;
mod report;

pub(crate) use report::engine_name;

use crate::board::{Move, OtherReading, Position};
use crate::engine::{Engine, EngineReporter, SearchRequest};
use crate::options::OptionError;
use crate::platform::io::{Input, Output, clip_to};
use crossbeam_channel::Receiver;
use parse::{Command, clip, parse, tokens};
use report::UciReporter;
use std::sync::Arc;

/// The longest error message printed, in characters (the rest is cut).
const MAX_ERROR_CHARS: usize = 300;

/// The option declarations `uci` prints.
fn option_lines() -> Vec<String> {
    crate::options::offered()
        .map(crate::options::declare::uci_declaration)
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
    /// The moves of other programs' readings already told of (the start's key, the
    /// ply and the move), so each is told once however often the GUI sends the game.
    told_readings: Vec<(u64, u32, Move)>,
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
            told_readings: Vec::new(),
            refused_position: None,
        }
    }

    /// Says once (`info string`) that the game goes on from a move only another
    /// program's rules allow.
    fn tell_other_readings(&mut self, start: &Position, readings: &[(u32, OtherReading)]) {
        for (ply, reading) in readings {
            let told = (start.key(), *ply, reading.mv);
            if self.told_readings.contains(&told) {
                continue;
            }
            self.told_readings.push(told);
            self.out.line(&format!(
                "info string move {} at game ply {ply} is not legal under Fairy-Stockfish's \
                 rules, but {}: playing on from the GUI's game",
                reading.mv, reading.reading
            ));
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
                        crate::platform::io::MAX_LINE_BYTES
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
                self.told_readings.clear();
                self.engine.new_game()
            }
            Command::Position {
                start,
                moves,
                readings,
            } => {
                self.tell_other_readings(&start, &readings);
                self.refused_position = None;
                if let Some(refused) = self.engine.set_position(start, &moves) {
                    self.error(&format!("position: {}", refused.named("CountStarted")));
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
                if let Some(refused) = self.engine.settle_count() {
                    self.error(&format!("go: {}", refused.named("CountStarted")));
                }
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
        match self.engine.set_option(name, value) {
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
