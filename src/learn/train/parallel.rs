//! The trainer's threads: jobs run at once and their results returned in the jobs'
//! order, so that sums over them are repeatable.

/// Runs `jobs` at once, the last on this thread, and returns their results in order.
// why the last one here: one thread fewer to start and wake, which counts when
// other jobs keep the cores busy.
pub(crate) fn run_in_parallel<R: Send>(mut jobs: Vec<impl FnOnce() -> R + Send>) -> Vec<R> {
    let Some(last) = jobs.pop() else {
        return Vec::new();
    };
    std::thread::scope(|scope| {
        let handles: Vec<_> = jobs.into_iter().map(|job| scope.spawn(job)).collect();
        let last_result = last();
        let mut results: Vec<R> = handles
            .into_iter()
            .map(|h| h.join().expect("a trainer thread panicked"))
            .collect();
        results.push(last_result);
        results
    })
}
