//! The client's log on stderr: one line an event, with the time (UTC), for a player
//! to read; `--verbose` adds the protocol (every line read and every request sent).
//! The token is never handed to the log, so it cannot be written.

use std::io::Write;
use std::sync::Arc;
use std::time::{SystemTime, UNIX_EPOCH};

/// Where the log goes, shared by the client's threads.
#[derive(Clone)]
pub struct Log {
    verbose: bool,
    out: Arc<dyn Fn(&str) + Send + Sync>,
}

impl Log {
    /// A log on stderr.
    pub fn stderr(verbose: bool) -> Log {
        Log {
            verbose,
            out: Arc::new(|line: &str| {
                let mut err = std::io::stderr().lock();
                let _ = writeln!(err, "{line}");
            }),
        }
    }

    /// A line for the player.
    pub fn event(&self, text: impl AsRef<str>) {
        (self.out)(&format!("{} {}", clock_text(), text.as_ref()));
    }

    /// A line only `--verbose` shows.
    pub fn protocol(&self, text: impl AsRef<str>) {
        if self.verbose {
            (self.out)(&format!("{} | {}", clock_text(), text.as_ref()));
        }
    }

    /// Whether protocol lines are shown.
    pub fn is_verbose(&self) -> bool {
        self.verbose
    }
}

impl std::fmt::Debug for Log {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "Log(verbose: {})", self.verbose)
    }
}

/// The time of day in UTC, `HH:MM:SS`.
fn clock_text() -> String {
    let seconds = SystemTime::now()
        .duration_since(UNIX_EPOCH)
        .map_or(0, |d| d.as_secs());
    let day = seconds % 86_400;
    format!("{:02}:{:02}:{:02}", day / 3600, day % 3600 / 60, day % 60)
}
