//! The pause before opening a dropped stream again: 1 second, doubled after each
//! failure up to a minute, back to 1 second once a connection has worked. A game's
//! stream first tries again every second a few times ([`Backoff::steady_first`]).

use std::time::Duration;

/// The first pause.
const FIRST: Duration = Duration::from_secs(1);
/// The longest pause.
// why a minute: a server restarting takes tens of seconds; longer pauses would keep
// a BOT offline (challenges unseen) well after the server is back.
const LONGEST: Duration = Duration::from_secs(60);

/// The pauses of one stream.
#[derive(Clone, Debug)]
pub struct Backoff {
    next: Duration,
    /// Failures in a row still to pause [`FIRST`] only.
    steady_left: u32,
    /// What `steady_left` starts from again after a success.
    steady: u32,
}

impl Default for Backoff {
    fn default() -> Backoff {
        Backoff::steady_first(0)
    }
}

impl Backoff {
    /// Pauses of [`FIRST`] for the first `tries` failures in a row, then doubling.
    pub fn steady_first(tries: u32) -> Backoff {
        Backoff {
            next: FIRST,
            steady_left: tries,
            steady: tries,
        }
    }

    /// The pause to take now; the one after it is as long while the steady tries
    /// last, then twice as long.
    pub fn pause(&mut self) -> Duration {
        if self.steady_left > 0 {
            self.steady_left -= 1;
            return FIRST;
        }
        let now = self.next;
        self.next = (self.next * 2).min(LONGEST);
        now
    }

    /// The connection worked: the next failure waits the first pause again.
    pub fn reset(&mut self) {
        self.next = FIRST;
        self.steady_left = self.steady;
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn pauses_double_up_to_a_minute_and_start_again_after_a_success() {
        let mut backoff = Backoff::default();
        let pauses: Vec<u64> = (0..8).map(|_| backoff.pause().as_secs()).collect();
        assert_eq!(pauses, [1, 2, 4, 8, 16, 32, 60, 60]);
        backoff.reset();
        assert_eq!(backoff.pause().as_secs(), 1);
    }

    #[test]
    fn steady_tries_pause_a_second_each_before_doubling() {
        let mut backoff = Backoff::steady_first(3);
        let pauses: Vec<u64> = (0..6).map(|_| backoff.pause().as_secs()).collect();
        assert_eq!(pauses, [1, 1, 1, 1, 2, 4]);
        backoff.reset();
        let pauses: Vec<u64> = (0..5).map(|_| backoff.pause().as_secs()).collect();
        assert_eq!(pauses, [1, 1, 1, 1, 2]);
    }
}
