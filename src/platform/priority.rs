//! A thread's scheduling priority, which the standard library does not set.

/// Lowers the calling thread's scheduling priority to the lowest (nice 19), so it
/// runs only on time no other thread wants: for background work (building endgame
/// tables) that must not slow a timed search on a busy machine. Does nothing where
/// the system has no per-thread priority Khun knows how to set.
pub(crate) fn lower_thread_priority() {
    #[cfg(all(target_os = "linux", feature = "native"))]
    // SAFETY: setpriority takes plain integers and touches no memory of ours. On
    // Linux, `who = 0` with PRIO_PROCESS names the calling thread (the nice value is
    // per thread there; setpriority(2), NOTES). A failure leaves the priority as it
    // was, which is harmless. Measured gain: without it, table builds at the search's
    // priority made a 2-thread Khun lose on time at 0.5+0.005 on a loaded machine.
    unsafe {
        libc::setpriority(libc::PRIO_PROCESS, 0, 19);
    }
}
