//! The XBoard/CECP version 2 protocol, on the same `Engine` facade as UCI.
//!
//! The loop waits on two channels: the input lines and the answers of finished
//! searches. A search's answer is applied to the game here, on the loop's thread, so
//! the GUI's next move can never be handled before the engine's own move is on the
//! board. Every search carries a number; cancelling one (`force`, `undo`, a missed
//! ponder move...) forgets its number, and its late answer is dropped.
//!
//! Modes, as the protocol defines them: force (the engine plays neither side), play
//! (the engine plays one colour and thinks when that colour is to move; with `hard`
//! it ponders on its predicted reply) and analyze (endless search of the position,
//! restarted after every change, never moving).

mod clock;
mod command;
mod features;
mod thinking;

pub(crate) use clock::Clock;
pub(crate) use command::{Command, CommandError};
pub(crate) use features::feature_lines;

use crate::board::{Color, Move, MoveError, Outcome, Position, Variant};
use crate::engine::{CountRefused, Engine, SearchRequest};
use crate::options::OptionError;
use crate::platform::io::{Input, MAX_LINE_BYTES, Output};
use crate::search::Limits;
use command::clip;
use crossbeam_channel::{Receiver, Sender, select, unbounded};
use std::sync::Arc;
use thinking::{Finished, SearchReporter, ThinkingOutput};

/// Whether the first line a GUI sends asks for XBoard (`xboard`, or `protover` from
/// a GUI that skips the greeting). Anything else is taken for UCI.
pub(crate) fn is_xboard_greeting(line: &str) -> bool {
    matches!(
        line.split_whitespace().next(),
        Some("xboard") | Some("protover")
    )
}

/// Whom the engine plays for.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Mode {
    /// Moves are only recorded (`force`, and after `result` or `exit`).
    Force,
    /// The engine plays this colour.
    Play(Color),
    /// Endless analysis of the current position.
    Analyze,
}

/// What a running search is for.
#[derive(Clone, Debug)]
enum Purpose {
    /// The engine's move: its answer is played.
    Think,
    /// Thinking on the opponent's time, with `predicted` (the opponent's expected
    /// reply) already on the board; `before` is the position without it.
    Ponder { predicted: Move, before: Position },
    /// Analysis: its answer is never played.
    Analyze,
}

struct ActiveSearch {
    id: u64,
    purpose: Purpose,
}

/// The ends the engine announces after its own move (or when asked to move in a
/// finished game). Insufficient material is left to the GUI: GUIs and match runners
/// differ on it, a claim they reject forfeits the game, and playing on costs nothing.
fn claimable(pos: &Position) -> Option<Outcome> {
    match pos.outcome() {
        Some(
            o @ (Outcome::Checkmate { .. }
            | Outcome::CheckWin { .. }
            | Outcome::Stalemate
            | Outcome::CountExceeded
            | Outcome::CountingSideMate { .. }),
        ) => Some(o),
        _ => None,
    }
}

/// Reads a move in coordinates (`e3e4`, `d5e6m`), or in SAN from a GUI that sends it
/// despite `san=0`.
fn parse_move(pos: &Position, text: &str) -> Result<Move, MoveError> {
    match pos.parse_uci_move(text) {
        Err(MoveError::Malformed(_)) => pos.parse_san(text),
        other => other,
    }
}

/// An XBoard session: the engine, the game's clocks, the mode and the search in
/// progress.
pub(crate) struct Xboard {
    engine: Engine,
    out: Arc<Output>,
    thinking: Arc<ThinkingOutput>,
    finished_tx: Sender<Finished>,
    finished_rx: Receiver<Finished>,
    mode: Mode,
    clock: Clock,
    /// `hard`: ponder after our move.
    ponder: bool,
    active: Option<ActiveSearch>,
    last_search_id: u64,
    /// The opponent's expected reply after our last move (`hint`).
    hint: Option<Move>,
    /// Why the last `setboard` was refused, until a good one (or `new`, `variant`):
    /// the engine kept its last good position, which is not the GUI's, so it does not
    /// think or take moves on it.
    refused_position: Option<String>,
}

impl Xboard {
    pub(crate) fn new(out: Arc<Output>) -> Xboard {
        let thinking = Arc::new(ThinkingOutput::new(Arc::clone(&out)));
        let (finished_tx, finished_rx) = unbounded();
        Xboard {
            engine: Engine::new(),
            out,
            thinking,
            finished_tx,
            finished_rx,
            // The protocol's start: as after `new`, the engine plays Black.
            mode: Mode::Play(Color::Black),
            clock: Clock::default(),
            ponder: false,
            active: None,
            last_search_id: 0,
            hint: None,
            refused_position: None,
        }
    }

    /// The engine behind the session (a harness sets its [`crate::engine::Sandbox`]).
    pub(crate) fn engine_mut(&mut self) -> &mut Engine {
        &mut self.engine
    }

    /// Runs until `quit` or the end of input. `first` is a line already read (the one
    /// that chose the protocol).
    pub(crate) fn run(&mut self, first: Option<String>, rx: &Receiver<Input>) {
        if let Some(line) = first
            && !self.handle_line(&line)
        {
            return self.shutdown();
        }
        let finished = self.finished_rx.clone();
        loop {
            let keep_going = select! {
                recv(rx) -> input => match input {
                    Ok(Input::Line(line)) => self.handle_line(&line),
                    Ok(Input::Truncated(line)) => {
                        self.error(
                            &format!("line longer than {MAX_LINE_BYTES} bytes ignored"),
                            &line,
                        );
                        true
                    }
                    Ok(Input::Eof) | Err(_) => false,
                },
                recv(finished) -> answer => {
                    if let Ok(answer) = answer {
                        self.on_search_finished(answer);
                    }
                    true
                }
            };
            if !keep_going {
                break;
            }
        }
        self.shutdown();
    }

    fn shutdown(&mut self) {
        self.cancel_search();
    }

    fn error(&self, reason: &str, line: &str) {
        self.out
            .line(&format!("Error ({reason}): {}", clip(line.trim())));
    }

    /// Handles one line; false means quit.
    pub(crate) fn handle_line(&mut self, line: &str) -> bool {
        match command::parse_in(line, self.engine.variant()) {
            Ok(None) => true,
            Ok(Some(cmd)) => self.execute(cmd, line),
            Err(CommandError::IllegalPosition { reason }) => {
                self.cancel_search();
                self.refused_position = Some(reason.clone());
                self.out
                    .line(&format!("tellusererror Illegal position: {reason}"));
                self.error(&format!("illegal position: {reason}"), line);
                true
            }
            Err(e) => {
                self.error(&e.to_string(), line);
                true
            }
        }
    }

    fn execute(&mut self, cmd: Command, line: &str) -> bool {
        match cmd {
            Command::Xboard | Command::Ignored => {}
            Command::Protover => {
                for feature in feature_lines() {
                    self.out.line(&feature);
                }
            }
            Command::New => self.new_game(),
            Command::Variant(name) => self.choose_variant(&name, line),
            Command::Force | Command::Result => {
                self.cancel_search();
                self.mode = Mode::Force;
            }
            Command::Go => {
                self.cancel_search();
                self.mode = Mode::Play(self.engine.position().side_to_move());
                self.think();
            }
            Command::PlayOther => {
                self.cancel_search();
                self.mode = Mode::Play(!self.engine.position().side_to_move());
            }
            Command::UserMove(text) => self.user_move(&text),
            Command::SetBoard(pos) => self.set_board(pos),
            Command::Control(control) => self.clock.set_control(control),
            Command::Depth(depth) => self.clock.set_depth(depth),
            Command::EngineTime(ms) => self.clock.set_engine_time(ms),
            Command::OpponentTime(ms) => self.clock.set_opponent_time(ms),
            Command::Ping(n) => self.out.line(&format!("pong {n}")),
            Command::Undo => self.take_back(1, line),
            Command::Remove => self.take_back(2, line),
            Command::Ponder(on) => {
                self.ponder = on;
                if !on && self.is_pondering() {
                    self.cancel_search();
                }
            }
            Command::Post(on) => self.thinking.set_post(on),
            Command::Analyze => {
                self.cancel_search();
                self.mode = Mode::Analyze;
                self.analyze();
            }
            Command::Exit => {
                if self.mode == Mode::Analyze {
                    self.cancel_search();
                    self.mode = Mode::Force;
                }
            }
            Command::Status => {
                if self.mode == Mode::Analyze {
                    self.status();
                }
            }
            Command::MoveNow => {
                if matches!(
                    self.active,
                    Some(ActiveSearch {
                        purpose: Purpose::Think,
                        ..
                    })
                ) {
                    self.engine.stop();
                }
            }
            Command::Memory(mb) => self.set_option("Hash", Some(&mb.to_string()), line),
            Command::Cores(n) => self.set_option("Threads", Some(&n.to_string()), line),
            Command::SetOption { name, value } => self.set_option(&name, value.as_deref(), line),
            Command::Hint => self.give_hint(),
            Command::Quit => return false,
        }
        true
    }

    /// `new`: a new game of makruk, the engine Black (or analysing on).
    fn new_game(&mut self) {
        self.cancel_search();
        self.refused_position = None;
        // XBoard's `new` is a game of the standard variant; a GUI names any
        // other with `variant` after it.
        // why the result is dropped: makruk is always a game Khun plays.
        let _ = self.engine.set_option_to("UCI_Variant", Variant::Makruk);
        self.clock.new_game();
        self.hint = None;
        if self.mode == Mode::Analyze {
            self.analyze();
        } else {
            self.mode = Mode::Play(Color::Black);
        }
    }

    /// `variant NAME`: the game from its start, or an error for a game Khun does not
    /// play.
    fn choose_variant(&mut self, name: &str, line: &str) {
        match Variant::from_name(name) {
            Some(v) => {
                self.cancel_search();
                self.refused_position = None;
                let _ = self.engine.set_option_to("UCI_Variant", v);
                self.hint = None;
            }
            None => self.error(
                &format!(
                    "unsupported variant; Khun plays {}",
                    Variant::names_joined(", ")
                ),
                line,
            ),
        }
    }

    /// `setboard`: the position, or the refusal remembered until a good one.
    fn set_board(&mut self, pos: Position) {
        self.cancel_search();
        self.refused_position = None;
        if let Some(refused) = self.engine.set_position(pos, &[]) {
            self.tell_count_refused(refused);
        }
        self.hint = None;
        if self.mode == Mode::Analyze {
            self.analyze();
        }
    }

    /// `hint`: the opponent's expected reply, where the engine has one.
    fn give_hint(&self) {
        // While pondering, the hint is on the board already.
        let hint = match &self.active {
            Some(ActiveSearch {
                purpose: Purpose::Ponder { predicted, .. },
                ..
            }) => Some(*predicted),
            _ => self.hint.filter(|&m| self.engine.position().is_legal(m)),
        };
        if let Some(m) = hint {
            self.out.line(&format!("Hint: {m}"));
        }
    }

    fn set_option(&mut self, name: &str, value: Option<&str>, line: &str) {
        match self.engine.set_option(name, value) {
            Ok(None) => {}
            Ok(Some(note)) | Err(OptionError::Refused(note)) => {
                self.error(&format!("option {note}"), line)
            }
            Err(OptionError::Unknown) => self.error("unknown option", line),
        }
    }

    fn is_pondering(&self) -> bool {
        matches!(
            self.active,
            Some(ActiveSearch {
                purpose: Purpose::Ponder { .. },
                ..
            })
        )
    }

    /// Stops the running search and forgets it: its answer will not be played. A
    /// ponder move goes off the board again.
    fn cancel_search(&mut self) {
        let Some(active) = self.active.take() else {
            return;
        };
        self.engine.stop_and_wait();
        if let Purpose::Ponder { .. } = active.purpose {
            self.engine.undo_move();
        }
    }

    /// Starts a search of the engine's current position, with a reporter of its own.
    fn launch(&mut self, purpose: Purpose, limits: Limits) {
        self.cancel_search();
        self.last_search_id += 1;
        let reporter = SearchReporter::new(
            self.last_search_id,
            self.engine.position().clone(),
            matches!(purpose, Purpose::Analyze),
            Arc::clone(&self.thinking),
            self.finished_tx.clone(),
        );
        // XBoard has no UCI_AnalyseMode: `analyze` is the analysis, at full strength.
        let analysing = matches!(purpose, Purpose::Analyze);
        let _ = self.engine.set_option_to("UCI_AnalyseMode", analysing);
        self.engine
            .go(SearchRequest::now(limits), Arc::new(reporter));
        self.active = Some(ActiveSearch {
            id: self.last_search_id,
            purpose,
        });
    }

    /// How many moves the side to move has played in this game (for the moves left
    /// in a time-control session): the side that started has played half the plies,
    /// the other side one less than half of an odd count, both `len / 2`.
    fn moves_played_by_side_to_move(&self) -> usize {
        self.engine.game_moves().len() / 2
    }

    /// A `CountStarted` value the game could not take, and the count played instead.
    fn tell_count_refused(&self, refused: CountRefused) {
        self.out
            .line(&format!("telluser {}", refused.named("CountStarted")));
    }

    /// A `CountStarted` value still waiting for its game is applied or refused before
    /// the engine looks at the game's end or searches.
    fn settle_count(&mut self) {
        if let Some(refused) = self.engine.settle_count() {
            self.tell_count_refused(refused);
        }
    }

    /// The engine is to move: think, or announce the end if the game is over.
    fn think(&mut self) {
        if self.refuses_to_search() {
            return;
        }
        self.settle_count();
        if let Some(outcome) = claimable(self.engine.position()) {
            self.claim(outcome);
            return;
        }
        let side = self.engine.position().side_to_move();
        let limits = self.clock.limits(side, self.moves_played_by_side_to_move());
        self.launch(Purpose::Think, limits);
    }

    /// After a refused `setboard`: says so, and true (nothing to search).
    fn refuses_to_search(&self) -> bool {
        match &self.refused_position {
            Some(why) => {
                self.out.line(&format!(
                    "Error (no position to search: the last setboard was refused: {why}): \
                     send a new one"
                ));
                true
            }
            None => false,
        }
    }

    fn analyze(&mut self) {
        if self.refuses_to_search() {
            return;
        }
        self.settle_count();
        let limits = Limits {
            infinite: true,
            ..Limits::default()
        };
        self.launch(Purpose::Analyze, limits);
    }

    fn claim(&self, outcome: Outcome) {
        self.out
            .line(&format!("{} {{{}}}", outcome.result(), outcome.reason()));
    }

    /// `stat01: time nodes ply mvleft mvtot mvname` for `.` during analysis. Khun
    /// does not count the root moves left, so `mvleft` is 0.
    fn status(&self) {
        let p = self.thinking.progress();
        let total = self.engine.position().legal_moves().len();
        let mut line = format!(
            "stat01: {} {} {} 0 {total}",
            p.time_ms / 10,
            p.nodes,
            p.depth
        );
        if let Some(best) = p.best {
            line.push(' ');
            line.push_str(&best);
        }
        self.out.line(&line);
    }

    fn user_move(&mut self, text: &str) {
        if let Some(why) = &self.refused_position {
            self.out.line(&format!(
                "Illegal move (the last setboard was refused: {why}): {}",
                clip(text)
            ));
            return;
        }
        let ponder_guess = match &self.active {
            Some(ActiveSearch {
                purpose: Purpose::Ponder { predicted, before },
                ..
            }) => Some((*predicted, before.clone())),
            _ => None,
        };
        let played_in = match &ponder_guess {
            Some((_, before)) => before,
            None => self.engine.position(),
        };
        let m = match parse_move(played_in, text) {
            Ok(m) => m,
            // why: the GUI referees the game; a move its rules allowed is where the
            // game now is, so Khun plays on from it rather than lose.
            Err(_) => match played_in.other_reading(text) {
                Some(reading) => {
                    self.out.line(&format!(
                        "telluser {text} is not legal under Fairy-Stockfish's rules, but {}: \
                         playing on from it",
                        reading.reading
                    ));
                    reading.mv
                }
                None => {
                    self.out.line(&format!("Illegal move: {}", clip(text)));
                    return;
                }
            },
        };
        if let Some((predicted, _)) = ponder_guess
            && m == predicted
        {
            // The expected reply: the ponder search becomes the real one, its clock
            // starts now.
            self.engine.ponderhit();
            if let Some(active) = &mut self.active {
                active.purpose = Purpose::Think;
            }
            return;
        }
        self.cancel_search();
        self.engine.push_move(m);
        match self.mode {
            Mode::Analyze => self.analyze(),
            Mode::Play(side) if self.engine.position().side_to_move() == side => self.think(),
            _ => {}
        }
    }

    fn take_back(&mut self, plies: usize, line: &str) {
        self.cancel_search();
        if self.engine.game_moves().len() < plies {
            self.error("not enough moves to take back", line);
            return;
        }
        for _ in 0..plies {
            self.engine.undo_move();
        }
        self.hint = None;
        if self.mode == Mode::Analyze {
            self.analyze();
        }
    }

    fn on_search_finished(&mut self, answer: Finished) {
        let is_current_think = matches!(
            &self.active,
            Some(ActiveSearch { id, purpose: Purpose::Think }) if *id == answer.search_id
        );
        // Ponder and analysis searches answer only when stopped, and stopping cancels
        // them first; any other answer belongs to a cancelled search.
        if !is_current_think {
            return;
        }
        self.active = None;
        self.engine.wait();
        if let Some(action) = answer.result.count_action {
            // Shown by the GUI (XBoard pops it up); the engine keeps the count itself.
            self.out.line(&format!("telluser count {}", action.word()));
        }
        self.clock.after_own_move(answer.result.elapsed_ms);
        self.play_engine_move(answer.result.best, answer.result.ponder);
    }

    /// Plays the search's move (never an illegal one), announces a finished game, and
    /// ponders if asked to.
    fn play_engine_move(&mut self, best: Option<Move>, predicted: Option<Move>) {
        let pos = self.engine.position().clone();
        let chosen = best
            .filter(|&m| pos.is_legal(m))
            .or_else(|| pos.legal_moves().iter().next().copied());
        let Some(m) = chosen else {
            if let Some(outcome) = claimable(&pos) {
                self.claim(outcome);
            }
            return;
        };
        self.engine.push_move(m);
        self.out.line(&format!("move {m}"));
        if let Some(outcome) = claimable(self.engine.position()) {
            self.claim(outcome);
            self.hint = None;
            return;
        }
        self.hint = predicted.filter(|&p| self.engine.position().is_legal(p));
        if self.ponder
            && let (Mode::Play(side), Some(p)) = (self.mode, self.hint)
        {
            self.start_pondering(side, p);
        }
    }

    fn start_pondering(&mut self, side: Color, predicted: Move) {
        let before = self.engine.position().clone();
        self.engine.push_move(predicted);
        // Nothing to think about if the predicted reply ends the game.
        if claimable(self.engine.position()).is_some() {
            self.engine.undo_move();
            return;
        }
        let mut limits = self.clock.limits(side, self.moves_played_by_side_to_move());
        limits.ponder = true;
        self.launch(Purpose::Ponder { predicted, before }, limits);
    }
}
