//! The pause before opening a dropped stream again: 1 second, doubled after each
//! failure up to a minute, back to 1 second once a connection has worked.

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
}

impl Default for Backoff {
    fn default() -> Backoff {
        Backoff { next: FIRST }
    }
}

impl Backoff {
    /// The pause to take now; the one after it is twice as long.
    pub fn pause(&mut self) -> Duration {
        let now = self.next;
        self.next = (self.next * 2).min(LONGEST);
        now
    }

    /// The connection worked: the next failure waits the first pause again.
    pub fn reset(&mut self) {
        self.next = FIRST;
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
}
