//! Ctrl-C (or SIGTERM) for a BOT: the first asks it to finish its games and take no
//! new ones, the second to resign the games it has and stop. The signals only set a
//! flag ([`signal_hook::flag`]); the client's main loop reads it every 200 ms and
//! moves the state on, so two signals within one poll count as one.

use std::sync::Arc;
use std::sync::atomic::{AtomicBool, AtomicU8, Ordering};

/// Where the client stands.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Phase {
    /// Taking challenges and playing.
    Playing,
    /// Ctrl-C once: finishing the games running, declining new ones.
    Finishing,
    /// Ctrl-C twice: resigning the games running, then stopping.
    Resigning,
}

/// The client's phase, shared by its threads (clones share it), and the signal flag.
#[derive(Clone, Debug, Default)]
pub struct Stopping {
    phase: Arc<AtomicU8>,
    signalled: Arc<AtomicBool>,
}

impl Stopping {
    /// A phase no signal changes (tests, and callers that handle signals themselves).
    pub fn new() -> Stopping {
        Stopping::default()
    }

    /// A phase SIGINT and SIGTERM move on (through [`Stopping::poll`]).
    pub fn on_signals() -> Result<Stopping, String> {
        let stopping = Stopping::new();
        for signal in [
            crate::long_jobs::interrupt::SIGINT,
            crate::long_jobs::interrupt::SIGTERM,
        ] {
            signal_hook::flag::register(signal, Arc::clone(&stopping.signalled))
                .map_err(|e| format!("cannot handle signal {signal}: {e}"))?;
        }
        Ok(stopping)
    }

    /// The phase now.
    pub fn phase(&self) -> Phase {
        match self.phase.load(Ordering::SeqCst) {
            0 => Phase::Playing,
            1 => Phase::Finishing,
            _ => Phase::Resigning,
        }
    }

    /// Moves to the next phase, as a signal does; returns the new phase.
    pub fn advance(&self) -> Phase {
        let next = (self.phase.load(Ordering::SeqCst) + 1).min(2);
        self.phase.store(next, Ordering::SeqCst);
        self.phase()
    }

    /// Reads the signal flag: `Some(new phase)` when a signal came since the last poll.
    pub fn poll(&self) -> Option<Phase> {
        self.signalled
            .swap(false, Ordering::SeqCst)
            .then(|| self.advance())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn each_signal_moves_the_phase_on_once() {
        let stopping = Stopping::new();
        let seen_by_a_game = stopping.clone();
        assert_eq!(stopping.poll(), None);
        stopping.signalled.store(true, Ordering::SeqCst);
        assert_eq!(stopping.poll(), Some(Phase::Finishing));
        assert_eq!(stopping.poll(), None);
        assert_eq!(seen_by_a_game.phase(), Phase::Finishing);
        stopping.signalled.store(true, Ordering::SeqCst);
        assert_eq!(stopping.poll(), Some(Phase::Resigning));
        assert_eq!(stopping.advance(), Phase::Resigning);
    }
}
