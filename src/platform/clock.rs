//! The engine's clock: [`Instant`] is the standard library's natively, and on
//! WebAssembly a reading of the host's `performance.now()` (the standard library's
//! `Instant::now()` panics on `wasm32-unknown-unknown`). Only `now` and `elapsed`
//! are needed: searches measure time from a start.

#[cfg(not(target_family = "wasm"))]
pub use std::time::Instant;

#[cfg(target_family = "wasm")]
pub use host::{Instant, time_seed};

/// A number that differs from one call to the next, from the wall clock: seeds for
/// choices that should not repeat from game to game (a limited strength's moves).
#[cfg(not(target_family = "wasm"))]
pub fn time_seed() -> u64 {
    std::time::SystemTime::now()
        .duration_since(std::time::UNIX_EPOCH)
        .map_or(0, |d| d.as_nanos() as u64)
}

#[cfg(target_family = "wasm")]
mod host {
    use std::time::Duration;

    #[link(wasm_import_module = "khun")]
    unsafe extern "C" {
        /// Milliseconds from the host's monotonic clock (`performance.now()`).
        safe fn now_ms() -> f64;
    }

    /// The host's clock in microseconds: it differs from call to call (the wall
    /// clock, `SystemTime`, panics here too).
    pub fn time_seed() -> u64 {
        (now_ms() * 1000.0) as u64
    }

    /// A moment on the host's monotonic clock, in milliseconds.
    #[derive(Clone, Copy, Debug, PartialEq, PartialOrd)]
    pub struct Instant(f64);

    impl Instant {
        pub fn now() -> Instant {
            Instant(now_ms())
        }

        /// The time since this moment (zero if the host's clock went back).
        pub fn elapsed(&self) -> Duration {
            Duration::from_secs_f64(((now_ms() - self.0) / 1000.0).max(0.0))
        }
    }
}
