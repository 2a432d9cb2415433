//! Time management: how long to think on this move.
//!
//! Two limits come from the clock: an optimum (the usual share of the remaining
//! time) checked between iterations, and a maximum checked during the search that is
//! never exceeded. The optimum stretches when the best move keeps changing and
//! shrinks when it is stable. `Move Overhead` is kept back for the GUI's latency,
//! and so is the lag the clock itself showed on the last moves (`clock_lag`): time
//! the GUI charged that the engine never saw, which a loaded machine adds to every
//! move. Both are paid on every move still to come, so the plan subtracts them
//! once per move; the clock then settles at the increment plus a reserve of a few
//! move overheads, whatever the lag, instead of draining to nothing.

use super::clock_lag::LagEstimate;
use super::limits::Limits;
use crate::board::Color;
use crate::platform::clock::Instant;
use std::time::Duration;

/// The moves the rest of the game is assumed to last when no `movestogo` is given and
/// an increment comes with every move.
// why: makruk games are decided or drawn by the count well before 60 more moves;
// 30 spends the clock early, where the game is decided, and the increments pay for
// a longer game.
const MOVES_TO_GO_WITH_INCREMENT: u64 = 30;

/// The same in sudden death, where nothing pays for a longer game.
// why: with 30, sudden-death games of 140-160 moves a side (the count lets them run
// that long) lost on time at 5 s on a busy machine: each late move still costs the
// clock a few milliseconds of lag. 50 spends about half as much early and keeps a
// larger reserve.
const MOVES_TO_GO_SUDDEN_DEATH: u64 = 50;

/// The fewest move overheads the reserve holds, however few moves are to go.
// why: before a time control (`40/5`) the moves to go run down to 1, and a reserve
// of 2 + 1/2 overheads (60 ms) left the clock at 33 ms on a busy machine; a scheduler
// hiccup does not shrink with the moves to go.
const MIN_RESERVE_OVERHEADS: u64 = 10;

/// How much of a timed search's clock may go to building endgame tables before it
/// starts, where no thread builds them in the background (the web build): a
/// twentieth of the side's remaining time, or a quarter of a fixed move time.
// why: a table costs 0.05-1.5 s there; at 10+0.1 a twentieth of the clock keeps the
// two-piece tables for the moves with several seconds left, and a game that comes
// near the tables with a little more time gets them one move after another (each
// search builds what its share pays for, cheapest first).
pub(crate) fn table_build_budget_ms(limits: &Limits, side: Color) -> u64 {
    if let Some(movetime) = limits.movetime {
        return movetime / 4;
    }
    let remaining = match side {
        Color::White => limits.wtime,
        Color::Black => limits.btime,
    };
    remaining.map_or(0, |ms| ms / 20)
}

pub(crate) struct TimeManager {
    start: Instant,
    optimum: Option<Duration>,
    maximum: Option<Duration>,
}

impl TimeManager {
    /// Limits for `side` to move, from the `go` parameters, counted from now.
    #[cfg(test)]
    fn new(limits: &Limits, side: Color, overhead_ms: u64) -> TimeManager {
        TimeManager::starting_at(
            Instant::now(),
            limits,
            side,
            overhead_ms,
            LagEstimate::default(),
        )
    }

    /// Limits counted from `start` (when the `go` arrived, not when the search began),
    /// with `lag` the clock's measured lag per move (`ClockLag::estimate`).
    pub(crate) fn starting_at(
        start: Instant,
        limits: &Limits,
        side: Color,
        overhead_ms: u64,
        lag: LagEstimate,
    ) -> TimeManager {
        if limits.infinite || limits.ponder && !limits.uses_clock() {
            return TimeManager {
                start,
                optimum: None,
                maximum: None,
            };
        }
        if let Some(movetime) = limits.movetime {
            let t = Duration::from_millis(movetime.saturating_sub(overhead_ms).max(1));
            return TimeManager {
                start,
                optimum: Some(t),
                maximum: Some(t),
            };
        }
        let (time, inc) = match side {
            Color::White => (limits.wtime, limits.winc.unwrap_or(0)),
            Color::Black => (limits.btime, limits.binc.unwrap_or(0)),
        };
        let Some(time) = time else {
            return TimeManager {
                start,
                optimum: None,
                maximum: None,
            };
        };
        let left = time.saturating_sub(overhead_ms + lag.worst_ms);
        let moves_to_go = match limits.movestogo {
            Some(m) => m.clamp(1, 80) as u64,
            None if inc > 0 => MOVES_TO_GO_WITH_INCREMENT,
            None => MOVES_TO_GO_SUDDEN_DEATH,
        };
        // The time for the moves to go: the clock and the increments still to come,
        // less the lag every one of those moves will lose, less a reserve. The
        // reserve, several move overheads and twice the worst recent lag, is the
        // floor the clock settles on when it runs low (about 0.5 s at 1+0.01): one
        // slow answer from a busy machine must not lose on time.
        let reserve =
            overhead_ms * (2 + moves_to_go / 2).max(MIN_RESERVE_OVERHEADS) + 2 * lag.worst_ms;
        let budget =
            (time + inc * (moves_to_go - 1)).saturating_sub(reserve + lag.typical_ms * moves_to_go);
        let mut optimum = budget / moves_to_go;
        if time < reserve && inc > 0 {
            // Below the reserve the plan alone would win it back by a few ms a move;
            // spending at most half the increment wins it back within a few moves.
            // why: at 10+0.1 on a machine with load 11, a clock that sat at 0.3 s
            // (below the 0.5 s reserve, rising by 5-10 ms a move) was caught by a
            // 340 ms scheduler stall and lost on time.
            optimum = optimum.min(inc / 2);
        }
        // Never more than 40% of what is left on one move (90% on the last move before
        // a time control), so a few bad estimates in a row cannot flag.
        let cap = if moves_to_go == 1 {
            left * 9 / 10
        } else {
            left * 4 / 10
        };
        // Beyond the optimum, a move may only spend what lies above the reserve: a
        // search runs past its optimum by finishing an iteration or chasing an
        // unstable best move, and those overruns, not the plan, are what drain a
        // low clock. Below the reserve the optimum (less than the increment) rebuilds it.
        let above_reserve = left.saturating_sub(reserve);
        let maximum = (optimum * 5)
            .min(cap)
            .min(optimum.max(above_reserve))
            .max(1);
        optimum = optimum.min(maximum).max(1);
        TimeManager {
            start,
            optimum: Some(Duration::from_millis(optimum)),
            maximum: Some(Duration::from_millis(maximum)),
        }
    }

    pub(crate) fn elapsed(&self) -> Duration {
        self.start.elapsed()
    }

    /// The search must stop now.
    pub(crate) fn out_of_time(&self) -> bool {
        self.maximum.is_some_and(|m| self.start.elapsed() >= m)
    }

    /// No new iteration should start: the optimum, scaled by how unsettled the search
    /// is (`instability` 1.0 = normal, above 1 = spend more), is used up.
    pub(crate) fn iteration_done(&self, instability: f64) -> bool {
        match (self.optimum, self.maximum) {
            (Some(opt), Some(max)) => {
                let target = opt.mul_f64(instability).min(max);
                self.start.elapsed() >= target
            }
            _ => false,
        }
    }

    /// The time a handicapped search takes before it answers: `share` of the optimum,
    /// never past the maximum; `None` for a search without a clock or a move time.
    pub(crate) fn person_time(&self, share: f64) -> Option<Duration> {
        let (optimum, maximum) = (self.optimum?, self.maximum?);
        Some(optimum.mul_f64(share).min(maximum))
    }

    pub(crate) fn is_timed(&self) -> bool {
        self.maximum.is_some()
    }
}

/// How much of its optimum a search should spend, from how settled it is: the
/// iterations in a row that kept the best move, the depth just completed, and
/// whether the score fell by more than 30 centipawns in the last iteration.
// why: a best move that keeps changing or a falling score needs more time; a
// settled one can be played early.
pub(crate) fn instability(stable_iterations: u32, depth: i32, score_fell: bool) -> f64 {
    let base = if stable_iterations >= 4 {
        0.6
    } else if stable_iterations == 0 && depth > 4 {
        1.5
    } else {
        1.0
    };
    if score_fell { base * 1.3 } else { base }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn clock(ms: u64, inc: u64) -> Limits {
        Limits {
            wtime: Some(ms),
            btime: Some(ms),
            winc: Some(inc),
            binc: Some(inc),
            ..Limits::default()
        }
    }

    #[test]
    fn never_plans_beyond_the_clock() {
        for (ms, inc) in [
            (10, 0),
            (50, 10),
            (1000, 10),
            (10_000, 100),
            (0, 0),
            (5, 100),
        ] {
            let tm = TimeManager::new(&clock(ms, inc), Color::White, 10);
            let max = tm.maximum.unwrap().as_millis() as u64;
            assert!(max <= ms.saturating_sub(10).max(1), "{ms}+{inc}: max {max}");
            assert!(tm.optimum.unwrap() <= tm.maximum.unwrap());
        }
    }

    #[test]
    fn a_low_clock_is_rebuilt_from_the_increment() {
        // With 1+0.01 after many moves the clock is low: the engine must then think
        // for less than the increment, so the clock grows back.
        let tm = TimeManager::new(&clock(150, 10), Color::White, 30);
        assert!(tm.optimum.unwrap() < Duration::from_millis(10));
        // With plenty on the clock it spends more than the increment.
        let tm = TimeManager::new(&clock(1000, 10), Color::White, 30);
        assert!(tm.optimum.unwrap() > Duration::from_millis(20));
    }

    fn lagged(time: u64, inc: u64, typical_ms: u64, worst_ms: u64) -> TimeManager {
        let lag = LagEstimate {
            typical_ms,
            worst_ms,
        };
        TimeManager::starting_at(Instant::now(), &clock(time, inc), Color::White, 30, lag)
    }

    #[test]
    fn a_measured_lag_is_paid_on_every_move_to_come() {
        // 1+0.01 on a machine that loses 8 ms a move: the plan spends at least that
        // much less, so the clock does not drain by the lag on every move.
        let quiet = lagged(1000, 10, 0, 0).optimum.unwrap();
        let busy = lagged(1000, 10, 8, 8).optimum.unwrap();
        assert!(
            busy + Duration::from_millis(8) <= quiet,
            "{busy:?} {quiet:?}"
        );
        // And it never plans past what the clock holds after the worst lag.
        for time in [10, 40, 100, 300, 1000] {
            let max = lagged(time, 0, 5, 25).maximum.unwrap().as_millis() as u64;
            assert!(max <= time.saturating_sub(55).max(1), "{time}: max {max}");
        }
    }

    #[test]
    fn the_clock_settles_above_the_reserve() {
        // 300 moves at 1+0.01, each costing the optimum and the lag the planner
        // learned: the clock settles near the reserve (about 0.5 s), not near zero.
        for lag in [0, 3, 8] {
            let mut time = 1000u64;
            let mut lowest = time;
            for _ in 0..300 {
                let spent = lagged(time, 10, lag, lag).optimum.unwrap().as_millis() as u64;
                time = time - (spent + lag).min(time) + 10;
                lowest = lowest.min(time);
            }
            assert!(lowest >= 450, "lag {lag}: the clock fell to {lowest} ms");
        }
    }

    #[test]
    fn overruns_come_only_from_above_the_reserve() {
        // 1+0.01, overhead 30: the reserve is 510 ms. With more than that on the
        // clock a move may run long; with less, only the optimum is allowed.
        let tm = TimeManager::new(&clock(1000, 10), Color::White, 30);
        assert!(tm.maximum.unwrap() > tm.optimum.unwrap() * 4);
        let tm = TimeManager::new(&clock(600, 10), Color::White, 30);
        assert!(tm.maximum.unwrap() <= Duration::from_millis(60));
        let tm = TimeManager::new(&clock(500, 10), Color::White, 30);
        assert_eq!(tm.maximum, tm.optimum);
        assert!(tm.maximum.unwrap() <= Duration::from_millis(5));
        // Below the reserve at 10+0.1: half the increment, so the clock climbs back.
        let tm = TimeManager::new(&clock(300, 100), Color::White, 30);
        assert_eq!(tm.maximum, Some(Duration::from_millis(50)));
        // Spending the maximum on every move still keeps the clock up.
        let mut time = 1000u64;
        for _ in 0..300 {
            let tm = TimeManager::new(&clock(time, 10), Color::White, 30);
            time = time - (tm.maximum.unwrap().as_millis() as u64).min(time) + 10;
            assert!(time >= 400, "the clock fell to {time} ms");
        }
    }

    #[test]
    fn movetime_and_infinite() {
        let tm = TimeManager::new(
            &Limits {
                movetime: Some(100),
                ..Limits::default()
            },
            Color::Black,
            10,
        );
        assert_eq!(tm.maximum, Some(Duration::from_millis(90)));
        let tm = TimeManager::new(
            &Limits {
                infinite: true,
                ..Limits::default()
            },
            Color::Black,
            10,
        );
        assert!(!tm.is_timed());
    }
}
