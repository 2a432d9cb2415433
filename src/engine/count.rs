//! The game and its count, as the front ends set them, in whatever order they come.
//!
//! GUIs configure first and send the game after (`setoption name CountStarted value
//! 203`, then `position ... moves ...`, then `go`); others send the count after the
//! position, or between games. The count is the game's (pyffish's `count_started`,
//! [`Game`]), so a value is applied to the game the next search plays in:
//! - a value that fits the game in force is applied to it at once;
//! - one that does not waits ([`Engine::count_waiting`]) for the game it is meant
//!   for: the next `position` or `setboard` is counted under it, and XBoard's moves
//!   try it as they come;
//! - a value still waiting when a search starts, or one the next game does not fit,
//!   is reported then, with the reason, and the game keeps the count it had (the
//!   count of the game it continues, else none running under the same convention):
//!   the caller is told which count Khun plays under.
//!
//! A game told without a value keeps the count of the game it continues (the engine's
//! own starts and stops included), or starts with no count running under the same
//! convention.

use super::Engine;
use crate::board::{CountAction, CountError, Game, Move, Position};
use std::sync::atomic::Ordering;

/// A value the GUI sent that the game it met could not take, with what Khun plays
/// under instead; each protocol prints it (`info string error: ...`, XBoard's
/// `telluser`), naming the value as its callers know it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) struct CountRefused {
    pub(crate) error: CountError,
    /// pyffish's `count_started` the game is counted under instead.
    pub(crate) instead: i64,
}

impl CountRefused {
    /// The refusal in words, the value named `name` (`CountStarted`).
    pub(crate) fn named(&self, name: &str) -> String {
        let instead = match self.instead {
            0 => "the automatic count".to_string(),
            -1 => "players' counting with no count running".to_string(),
            n => format!("the count running since game ply {n}, as before"),
        };
        format!("{}; playing with {instead}", self.error.named(name))
    }
}

impl Engine {
    /// Sets the game: a start position and the moves played from it (all legal; the
    /// protocol checked them), one walk through the moves. Counted under the value a
    /// GUI sent for it if one waits, else as the game it continues (or with no count
    /// running, under the same convention); `Some` when a waiting value did not fit:
    /// the game is set all the same, counted as the refusal says.
    pub(crate) fn set_position(&mut self, start: Position, moves: &[Move]) -> Option<CountRefused> {
        self.absorb_count_stop();
        let carried = self.game.count_started();
        let waiting = self.count_waiting.take();
        let error = match waiting.map(|value| Game::new(start.clone(), moves, value)) {
            Some(Ok(game)) => {
                self.game = game;
                return None;
            }
            Some(Err(error)) => Some(error),
            None => None,
        };
        // why the carried count is tried on any game, not only one that continues this
        // one: GUIs also send the game's current FEN without its moves.
        let (kept, fresh) = fallback(waiting, carried, &start);
        self.game = counted_as(start, moves, [kept, fresh]);
        error.map(|error| CountRefused {
            error,
            instead: self.game.count_started(),
        })
    }

    /// Sets the game as the crate's own callers build it, count and all (the command
    /// line, the Python package): no value waits any longer.
    // why: the protocols set games by `set_position`; the command line and Python by this.
    #[cfg_attr(
        not(any(test, feature = "python", feature = "native")),
        allow(dead_code)
    )]
    pub(crate) fn set_game(&mut self, game: Game) {
        self.absorb_count_stop();
        self.count_waiting = None;
        self.game = game;
    }

    /// `CountStarted` (pyffish's `count_started`) as a GUI sends it: applied to the game
    /// in force where it fits, else kept for the game it is meant for (module docs).
    pub(crate) fn set_count_started(&mut self, value: i64) {
        self.absorb_count_stop();
        match self.game.recounted(value) {
            Ok(game) => {
                self.game = game;
                self.count_waiting = None;
            }
            Err(_) => self.count_waiting = Some(value),
        }
    }

    /// Settles a value still waiting as a search starts: applied where the game now
    /// takes it, else refused (`Some`, with what is played instead).
    pub(crate) fn settle_count(&mut self) -> Option<CountRefused> {
        let value = self.count_waiting.take()?;
        match self.game.recounted(value) {
            Ok(game) => {
                self.game = game;
                None
            }
            Err(error) => {
                let (kept, fresh) =
                    fallback(Some(value), self.game.count_started(), self.game.start());
                if kept != self.game.count_started() {
                    self.game = counted_as(self.game.start().clone(), self.game.moves(), [fresh]);
                }
                Some(CountRefused {
                    error,
                    instead: self.game.count_started(),
                })
            }
        }
    }

    /// The count a new game starts with: the convention in force, no count running.
    pub(super) fn fresh_count_started(&self) -> i64 {
        fresh_value(
            self.game.count_started(),
            &Position::startpos_of(self.options.variant),
        )
    }

    /// A count the last search stopped: the game goes on without it (the GUI is told
    /// with the answer, and may say otherwise with `CountStarted`).
    pub(super) fn absorb_count_stop(&mut self) {
        let stopped = self
            .running
            .as_ref()
            .is_some_and(|run| run.count_stopped.swap(false, Ordering::Relaxed));
        if stopped {
            self.note_count_action(CountAction::Stop);
        }
    }

    /// The engine's own start or stop of the count, in the game.
    pub(super) fn note_count_action(&mut self, action: CountAction) {
        let _ = self.game.apply_count_action(action);
    }

    /// Plays one more move in the game (XBoard's `usermove`). The move must be legal.
    /// A value waiting for its game is tried on the game the move reaches.
    pub(crate) fn push_move(&mut self, m: Move) {
        self.absorb_count_stop();
        self.game.push(m);
        if let Some(value) = self.count_waiting
            && let Ok(game) = self.game.recounted(value)
        {
            self.game = game;
            self.count_waiting = None;
        }
    }

    /// Takes back the last move; false when there is none. A count started at the
    /// ply taken back is taken back too.
    pub(crate) fn undo_move(&mut self) -> bool {
        let Some((_, earlier)) = self.game.moves().split_last() else {
            return false;
        };
        let earlier = earlier.to_vec();
        let start = self.game.start().clone();
        let count_started = self.game.count_started();
        let fresh = fresh_value(count_started, &start);
        self.game = counted_as(start, &earlier, [count_started, fresh]);
        true
    }
}

/// The count a game is played under when the value the GUI sent (`waiting`) cannot be:
/// the count `carried` from the game before, where the GUI asked the same convention;
/// and the fresh count (no count running) under the convention asked, should the
/// first not fit.
fn fallback(waiting: Option<i64>, carried: i64, game_start: &Position) -> (i64, i64) {
    let asked = waiting.unwrap_or(carried);
    let fresh = fresh_value(asked, game_start);
    let same_convention = (asked != 0) == (carried != 0);
    (if same_convention { carried } else { fresh }, fresh)
}

/// Under the convention `value` names, no count running: -1 where `game_start`'s game
/// counts by hand and players count, else 0 (the automatic count).
fn fresh_value(value: i64, game_start: &Position) -> i64 {
    if value != 0 && game_start.variant().players_count() {
        -1
    } else {
        0
    }
}

/// The game counted under the first of `counts` that fits it, else automatically (the
/// automatic count fits every game).
pub(super) fn counted_as<const N: usize>(
    start: Position,
    moves: &[Move],
    counts: [i64; N],
) -> Game {
    counts
        .into_iter()
        .find_map(|count| Game::new(start.clone(), moves, count).ok())
        .unwrap_or_else(|| Game::new(start, moves, 0).expect("the automatic count fits every game"))
}
