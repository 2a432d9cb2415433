//! The clock's lag: how much more time each move costs on the GUI's clock than the
//! engine itself measured between reading `go` and writing `bestmove`.
//!
//! On a loaded machine the two differ: the GUI's `go` waits in a pipe before the
//! engine reads it, the `bestmove` waits before the GUI reads it, and a search
//! thread may be descheduled between the two. None of that is visible to the
//! engine's own clock, and at 1+0.01 a few milliseconds lost on every move drain
//! the clock to nothing in a long game. The clock itself tells the truth: after one
//! of our moves the GUI reports our time as `before + increment - what it charged`,
//! so the difference between what it charged and what we spent is the lag. The time
//! manager plans with the lag of the last few moves: their mean is what every move
//! to come will lose, their largest what one unlucky move may lose.

use super::limits::Limits;
use crate::board::Color;
use std::collections::VecDeque;

/// How many recent moves the estimate looks back over.
// why: long enough that one slow move keeps the engine careful for a while, short
// enough that a machine that has become quiet is believed again within a few moves.
const WINDOW: usize = 8;

/// A lag beyond this is not latency but something else (a GUI that stopped its
/// clocks, a game adjourned): it is not learned.
const LARGEST_BELIEVABLE_MS: u64 = 2_000;

/// A timed move whose cost on the GUI's clock is not known yet.
#[derive(Clone, Debug)]
struct PendingMove {
    side: Color,
    /// The game's length in plies when the move was asked for.
    plies: usize,
    clock_ms: u64,
    increment_ms: u64,
    /// The move was the last of a period (`movestogo 1`): the next clock holds a new
    /// period's time, and the difference says nothing about lag.
    ends_period: bool,
    /// What the engine measured from `go` to `bestmove`, once it answered.
    spent_ms: Option<u64>,
}

/// Learns the clock's lag from consecutive timed moves of one game.
#[derive(Clone, Debug, Default)]
pub(crate) struct ClockLag {
    pending: Option<PendingMove>,
    recent: VecDeque<u64>,
}

impl ClockLag {
    /// Forgets everything (a new game, a new opponent, a new machine load).
    pub(crate) fn clear(&mut self) {
        *self = ClockLag::default();
    }

    /// A timed search is asked for `side` in a game `plies` long: learns the lag of
    /// this side's previous move (if it was the move two plies ago) from the clock
    /// now given, and remembers this move. A search without a clock, or a ponder
    /// search (the clock starts only at `ponderhit`), teaches nothing.
    pub(crate) fn on_go(&mut self, side: Color, plies: usize, limits: &Limits) {
        let clock = match side {
            Color::White => limits.wtime,
            Color::Black => limits.btime,
        };
        let increment = match side {
            Color::White => limits.winc,
            Color::Black => limits.binc,
        }
        .unwrap_or(0);
        let previous = self.pending.take();
        let Some(clock_ms) = clock.filter(|_| !limits.ponder && !limits.infinite) else {
            return;
        };
        if let Some(prev) = previous
            && prev.side == side
            && prev.plies + 2 == plies
            && !prev.ends_period
            && let Some(spent) = prev.spent_ms
        {
            let charged = (prev.clock_ms + prev.increment_ms).saturating_sub(clock_ms);
            let lag = charged.saturating_sub(spent);
            if lag <= LARGEST_BELIEVABLE_MS {
                if self.recent.len() == WINDOW {
                    self.recent.pop_front();
                }
                self.recent.push_back(lag);
            }
        }
        self.pending = Some(PendingMove {
            side,
            plies,
            clock_ms,
            increment_ms: increment,
            ends_period: limits.movestogo == Some(1),
            spent_ms: None,
        });
    }

    /// The search asked for at the last `on_go` answered after `spent_ms`.
    pub(crate) fn on_answer(&mut self, spent_ms: u64) {
        if let Some(p) = &mut self.pending {
            p.spent_ms = Some(spent_ms);
        }
    }

    /// The lag to plan the next moves with, from the recent moves.
    pub(crate) fn estimate(&self) -> LagEstimate {
        let n = self.recent.len().max(1) as u64;
        LagEstimate {
            typical_ms: self.recent.iter().sum::<u64>().div_ceil(n),
            worst_ms: self.recent.iter().copied().max().unwrap_or(0),
        }
    }
}

/// What the clock is expected to lose beyond the engine's own time, per move.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub(crate) struct LagEstimate {
    /// The mean of the recent moves (rounded up): what each move to come will lose.
    pub(crate) typical_ms: u64,
    /// The largest of the recent moves: what one move may lose.
    pub(crate) worst_ms: u64,
}

#[cfg(test)]
mod tests {
    use super::*;

    fn go(wtime: u64, winc: u64) -> Limits {
        Limits {
            wtime: Some(wtime),
            btime: Some(wtime),
            winc: Some(winc),
            binc: Some(winc),
            ..Limits::default()
        }
    }

    #[test]
    fn learns_what_the_clock_charged_beyond_the_search() {
        let mut lag = ClockLag::default();
        lag.on_go(Color::White, 0, &go(1000, 10));
        lag.on_answer(30);
        // 1000 + 10 - 30 would be 980; the GUI says 968: 12 ms went elsewhere.
        lag.on_go(Color::White, 2, &go(968, 10));
        assert_eq!(
            lag.estimate(),
            LagEstimate {
                typical_ms: 12,
                worst_ms: 12
            }
        );
        lag.on_answer(20);
        lag.on_go(Color::White, 4, &go(955, 10));
        // 3 ms this time: the mean is 7.5, the largest 12.
        assert_eq!(
            lag.estimate(),
            LagEstimate {
                typical_ms: 8,
                worst_ms: 12
            }
        );
    }

    #[test]
    fn only_consecutive_timed_moves_of_one_side_teach() {
        let mut lag = ClockLag::default();
        lag.on_go(Color::White, 0, &go(1000, 0));
        lag.on_answer(10);
        // Not two plies later (a new position was set up).
        lag.on_go(Color::White, 7, &go(900, 0));
        assert_eq!(lag.estimate(), LagEstimate::default());
        // The other side's clock.
        lag.on_answer(10);
        lag.on_go(Color::Black, 9, &go(500, 0));
        assert_eq!(lag.estimate(), LagEstimate::default());
        // Unanswered (stopped before it answered) or pondered moves teach nothing.
        lag.on_go(Color::Black, 11, &go(400, 0));
        assert_eq!(lag.estimate(), LagEstimate::default());
        let mut ponder = go(300, 0);
        ponder.ponder = true;
        lag.on_go(Color::Black, 13, &ponder);
        lag.on_answer(5);
        lag.on_go(Color::Black, 15, &go(200, 0));
        assert_eq!(lag.estimate(), LagEstimate::default());
    }

    #[test]
    fn a_new_period_and_absurd_gaps_are_not_lag() {
        let mut lag = ClockLag::default();
        let mut last = go(100, 0);
        last.movestogo = Some(1);
        lag.on_go(Color::White, 0, &last);
        lag.on_answer(50);
        lag.on_go(Color::White, 2, &go(5050, 0));
        assert_eq!(lag.estimate(), LagEstimate::default());
        lag.on_answer(10);
        lag.on_go(Color::White, 4, &go(1000, 0));
        assert_eq!(
            lag.estimate(),
            LagEstimate::default(),
            "4 s lost is not latency"
        );
    }

    #[test]
    fn old_lags_are_forgotten() {
        let mut lag = ClockLag::default();
        let mut clock = 10_000;
        lag.on_go(Color::White, 0, &go(clock, 0));
        lag.on_answer(10);
        clock -= 10 + 40;
        lag.on_go(Color::White, 2, &go(clock, 0));
        assert_eq!(lag.estimate().worst_ms, 40);
        for i in 0..WINDOW {
            lag.on_answer(10);
            clock -= 10 + 1;
            lag.on_go(Color::White, 4 + 2 * i, &go(clock, 0));
        }
        assert_eq!(lag.estimate().worst_ms, 1);
        assert_eq!(lag.estimate().typical_ms, 1);
    }
}
