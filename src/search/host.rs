//! What the search asks of the program that runs it, between nodes.
//!
//! Natively the search runs on threads of its own, and `stop` or `ponderhit` reach it
//! through [`Shared`]'s flags, set by the protocol's thread: [`poll`] does nothing. On
//! WebAssembly the search runs on the host's only thread (a Web Worker's, or node's),
//! which cannot read a command while the search holds it. There the search calls the
//! host's `poll` now and then; the host (web/src/khun.js) may suspend the search
//! there (asyncify), let its event loop deliver the commands that came in, and resume
//! it, answering whether `stop` or `ponderhit` arrived meanwhile.

use super::Shared;

/// Lets the host read its commands; applies a `stop` or `ponderhit` that came in.
/// `idle`: the search has nothing to do but wait for one (`go infinite` past its
/// last depth), so the host may wait a little before it answers.
#[cfg(target_family = "wasm")]
pub(crate) fn poll(shared: &Shared, idle: bool) {
    use std::sync::atomic::Ordering;

    #[link(wasm_import_module = "khun")]
    unsafe extern "C" {
        /// Bit 0: `stop` arrived; bit 1: `ponderhit` arrived.
        #[link_name = "poll"]
        safe fn host_poll(idle: i32) -> i32;
    }

    let events = host_poll(idle as i32);
    if events & 2 != 0 {
        shared.pondering.store(false, Ordering::Relaxed);
    }
    if events & 1 != 0 {
        shared.pondering.store(false, Ordering::Relaxed);
        shared.stop.store(true, Ordering::Relaxed);
    }
}

/// Natively commands reach the search through [`Shared`]'s flags: nothing to do.
#[cfg(not(target_family = "wasm"))]
#[inline(always)]
pub(crate) fn poll(_shared: &Shared, _idle: bool) {}
