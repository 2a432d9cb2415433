//! XBoard time controls: `level`, `st`, `sd`, `time` and `otim`, turned into the
//! search's `Limits` for one move.
//!
//! XBoard speaks of "the engine's clock" and "the opponent's clock" (`time`, `otim`,
//! in centiseconds), not of White's and Black's, so the colours are only attached
//! when a search starts, from the side the engine plays then.

use crate::board::Color;
use crate::search::Limits;

/// How the game's time is given.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum TimeControl {
    /// `level MPS BASE INC`: `moves_per_session` moves (0: the whole game) in
    /// `base_ms`, plus `increment_ms` after every move.
    Conventional {
        moves_per_session: u32,
        base_ms: u64,
        increment_ms: u64,
    },
    /// `st SECONDS`: a fixed time for every move.
    PerMove { ms: u64 },
}

/// XBoard's own default, used until the GUI sends a `level` or `st`: 40 moves in
/// 5 minutes.
pub(crate) const DEFAULT_CONTROL: TimeControl = TimeControl::Conventional {
    moves_per_session: 40,
    base_ms: 5 * 60 * 1000,
    increment_ms: 0,
};

/// The clocks and limits the GUI has set.
#[derive(Clone, Debug, PartialEq, Eq)]
pub(crate) struct Clock {
    control: TimeControl,
    /// `sd`: a depth limit on top of the time control.
    depth: Option<u32>,
    /// The last `time` (the engine's clock) and `otim` (the opponent's), in ms.
    engine_ms: Option<u64>,
    opponent_ms: Option<u64>,
}

impl Default for Clock {
    fn default() -> Self {
        Clock {
            control: DEFAULT_CONTROL,
            depth: None,
            engine_ms: None,
            opponent_ms: None,
        }
    }
}

impl Clock {
    /// `new`: the clocks go back to the start of the time control and the depth limit
    /// goes; the time control itself stays.
    pub(crate) fn new_game(&mut self) {
        self.depth = None;
        self.engine_ms = None;
        self.opponent_ms = None;
    }

    /// `level` or `st`. A new control restarts both clocks.
    pub(crate) fn set_control(&mut self, control: TimeControl) {
        self.control = control;
        self.engine_ms = None;
        self.opponent_ms = None;
    }

    /// `sd`.
    pub(crate) fn set_depth(&mut self, depth: u32) {
        self.depth = Some(depth);
    }

    /// `time`.
    pub(crate) fn set_engine_time(&mut self, ms: u64) {
        self.engine_ms = Some(ms);
    }

    /// `otim`.
    pub(crate) fn set_opponent_time(&mut self, ms: u64) {
        self.opponent_ms = Some(ms);
    }

    /// The engine has moved after thinking `spent_ms`: its clock, until the GUI's
    /// next `time`, is what it was less that, plus the increment. (Only a ponder search
    /// started before that `time` arrives needs this.)
    pub(crate) fn after_own_move(&mut self, spent_ms: u64) {
        if let TimeControl::Conventional {
            base_ms,
            increment_ms,
            ..
        } = self.control
        {
            let before = self.engine_ms.unwrap_or(base_ms);
            self.engine_ms = Some(before.saturating_sub(spent_ms).saturating_add(increment_ms));
        }
    }

    /// The limits for a move of `engine_side`, which has already played
    /// `moves_played` moves in this game (for the moves left in a session).
    pub(crate) fn limits(&self, engine_side: Color, moves_played: usize) -> Limits {
        let mut limits = Limits {
            depth: self.depth,
            ..Limits::default()
        };
        match self.control {
            TimeControl::PerMove { ms } => limits.movetime = Some(ms),
            TimeControl::Conventional {
                moves_per_session,
                base_ms,
                increment_ms,
            } => {
                let ours = self.engine_ms.unwrap_or(base_ms);
                let theirs = self.opponent_ms.unwrap_or(base_ms);
                let (white, black) = match engine_side {
                    Color::White => (ours, theirs),
                    Color::Black => (theirs, ours),
                };
                limits.wtime = Some(white);
                limits.btime = Some(black);
                limits.winc = Some(increment_ms);
                limits.binc = Some(increment_ms);
                if moves_per_session > 0 {
                    let done_in_session = (moves_played % moves_per_session as usize) as u32;
                    limits.movestogo = Some(moves_per_session - done_in_session);
                }
            }
        }
        limits
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn conventional_control_maps_clocks_to_colours() {
        let mut clock = Clock::default();
        clock.set_control(TimeControl::Conventional {
            moves_per_session: 0,
            base_ms: 120_000,
            increment_ms: 12_000,
        });
        let l = clock.limits(Color::Black, 0);
        assert_eq!((l.wtime, l.btime), (Some(120_000), Some(120_000)));
        assert_eq!(
            (l.winc, l.binc, l.movestogo),
            (Some(12_000), Some(12_000), None)
        );
        clock.set_engine_time(5_000);
        clock.set_opponent_time(7_000);
        let l = clock.limits(Color::Black, 3);
        assert_eq!((l.wtime, l.btime), (Some(7_000), Some(5_000)));
        let l = clock.limits(Color::White, 3);
        assert_eq!((l.wtime, l.btime), (Some(5_000), Some(7_000)));
    }

    #[test]
    fn own_moves_use_up_the_clock() {
        let mut clock = Clock::default();
        clock.set_control(TimeControl::Conventional {
            moves_per_session: 0,
            base_ms: 2_000,
            increment_ms: 50,
        });
        clock.after_own_move(300);
        assert_eq!(clock.limits(Color::White, 1).wtime, Some(1_750));
        clock.set_engine_time(1_000);
        clock.after_own_move(5_000);
        assert_eq!(clock.limits(Color::White, 2).wtime, Some(50));
    }

    #[test]
    fn moves_to_go_counts_down_each_session() {
        let mut clock = Clock::default();
        clock.set_control(TimeControl::Conventional {
            moves_per_session: 40,
            base_ms: 300_000,
            increment_ms: 0,
        });
        assert_eq!(clock.limits(Color::White, 0).movestogo, Some(40));
        assert_eq!(clock.limits(Color::White, 39).movestogo, Some(1));
        assert_eq!(clock.limits(Color::White, 40).movestogo, Some(40));
        assert_eq!(clock.limits(Color::White, 45).movestogo, Some(35));
    }

    #[test]
    fn fixed_time_and_depth() {
        let mut clock = Clock::default();
        clock.set_control(TimeControl::PerMove { ms: 1_000 });
        clock.set_depth(7);
        let l = clock.limits(Color::White, 10);
        assert_eq!(l.movetime, Some(1_000));
        assert_eq!(l.depth, Some(7));
        assert_eq!((l.wtime, l.btime), (None, None));
        clock.new_game();
        assert_eq!(clock.limits(Color::White, 0).depth, None);
        assert_eq!(clock.limits(Color::White, 0).movetime, Some(1_000));
    }
}
