//! Stopping a long job cleanly from outside: Ctrl-C (SIGINT) or SIGTERM (what `kill`,
//! Slurm and Kubernetes send first) ask `annotate` and `datagen` to stop taking new
//! games; they drop the game in progress, leave their output ending at the last
//! finished game, say how far they got and exit with 128 + the signal's number (130,
//! 143), as shells report a command a signal ended. A second signal while they wind
//! down ends the process at once (the output is still whole up to the last game its
//! progress file records, which `--resume` keeps).

use std::sync::Arc;
use std::sync::atomic::{AtomicBool, AtomicUsize, Ordering};

/// SIGINT's number (Ctrl-C), the same on every system Khun runs on.
pub(crate) const SIGINT: i32 = 2;
/// SIGTERM's number.
pub(crate) const SIGTERM: i32 = 15;

/// A request to stop, shared by everything that polls it; cloning shares it.
#[derive(Clone, Debug, Default)]
pub struct Interrupt {
    /// The signal that asked to stop, 0 while none has.
    signal: Arc<AtomicUsize>,
}

impl Interrupt {
    /// A request no signal sets (for callers that handle none, and for tests).
    pub(crate) fn new() -> Interrupt {
        Interrupt::default()
    }

    /// A request that SIGINT and SIGTERM set; a second one of them ends the process at
    /// once with 128 + its number. Install it once per process.
    pub fn on_signals() -> Result<Interrupt, String> {
        let interrupt = Interrupt::new();
        let armed = Arc::new(AtomicBool::new(false));
        for signal in [SIGINT, SIGTERM] {
            // The order matters: the shutdown is checked before the first signal arms it.
            let registered = signal_hook::flag::register_conditional_shutdown(
                signal,
                128 + signal,
                Arc::clone(&armed),
            )
            .and_then(|_| signal_hook::flag::register(signal, Arc::clone(&armed)))
            .and_then(|_| {
                signal_hook::flag::register_usize(
                    signal,
                    Arc::clone(&interrupt.signal),
                    signal as usize,
                )
            });
            registered.map_err(|e| format!("cannot handle signal {signal}: {e}"))?;
        }
        Ok(interrupt)
    }

    /// Asks to stop as `signal` would (the tests' stand-in for a signal).
    #[cfg(test)]
    fn request(&self, signal: i32) {
        self.signal.store(signal as usize, Ordering::SeqCst);
    }

    /// Whether a stop was asked for.
    pub(crate) fn requested(&self) -> bool {
        self.signal.load(Ordering::Relaxed) != 0
    }

    /// The signal that asked to stop, if one did.
    pub(crate) fn signal(&self) -> Option<i32> {
        match self.signal.load(Ordering::SeqCst) {
            0 => None,
            s => Some(s as i32),
        }
    }
}

/// A signal's name for messages: `SIGINT`, `SIGTERM` or `signal N`.
pub(crate) fn signal_name(signal: i32) -> String {
    match signal {
        SIGINT => "SIGINT".into(),
        SIGTERM => "SIGTERM".into(),
        s => format!("signal {s}"),
    }
}

/// The exit code of a job a signal stopped: 128 + its number, as shells report it.
pub fn exit_code(signal: i32) -> u8 {
    (128 + signal).clamp(0, 255) as u8
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_request_is_seen_by_every_clone() {
        let a = Interrupt::new();
        let b = a.clone();
        assert!(!b.requested());
        assert_eq!(b.signal(), None);
        a.request(SIGTERM);
        assert!(b.requested());
        assert_eq!(b.signal(), Some(SIGTERM));
        assert_eq!(exit_code(SIGTERM), 143);
        assert_eq!(exit_code(SIGINT), 130);
        assert_eq!(signal_name(SIGINT), "SIGINT");
    }
}
