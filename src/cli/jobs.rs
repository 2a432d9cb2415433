//! Work shared out among jobs (threads, each with a state of its own, such as its own
//! engine), the results handed back in input order whatever order they finish in.
//! Jobs take the next item as they become free, so one long game does not hold the
//! others up; the results wait until every earlier one has been handed back.

use std::collections::BTreeMap;
use std::sync::atomic::{AtomicBool, AtomicUsize, Ordering};
use std::sync::mpsc;

/// Runs `work` on every item, one state per job, and hands each result to `consume`
/// in item order. `work(state, job, index, item, stop)` should give up early once
/// `stop` is set: that happens when `consume` fails, whose error is then returned
/// after every job has stopped.
pub(crate) fn ordered_map<T, S, R, E>(
    items: &[T],
    states: Vec<S>,
    work: impl Fn(&mut S, usize, usize, &T, &AtomicBool) -> R + Sync,
    mut consume: impl FnMut(usize, R) -> Result<(), E>,
) -> Result<(), E>
where
    T: Sync,
    S: Send,
    R: Send,
{
    let next = AtomicUsize::new(0);
    let stop = AtomicBool::new(false);
    let (tx, rx) = mpsc::channel::<(usize, R)>();
    std::thread::scope(|scope| {
        for (job, mut state) in states.into_iter().enumerate() {
            let tx = tx.clone();
            let (next, stop, work) = (&next, &stop, &work);
            scope.spawn(move || {
                while !stop.load(Ordering::Relaxed) {
                    let i = next.fetch_add(1, Ordering::Relaxed);
                    let Some(item) = items.get(i) else { break };
                    let result = work(&mut state, job, i, item, stop);
                    if tx.send((i, result)).is_err() {
                        break;
                    }
                }
            });
        }
        drop(tx);
        let mut waiting = BTreeMap::new();
        let mut due = 0;
        for (i, result) in rx {
            waiting.insert(i, result);
            while let Some(result) = waiting.remove(&due) {
                if let Err(e) = consume(due, result) {
                    stop.store(true, Ordering::Relaxed);
                    return Err(e);
                }
                due += 1;
            }
        }
        Ok(())
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn results_come_back_in_order_from_any_number_of_jobs() {
        let items: Vec<u64> = (0..50).collect();
        for jobs in 1..=4 {
            let mut seen = Vec::new();
            let r: Result<(), ()> = ordered_map(
                &items,
                vec![0u64; jobs],
                |done, _job, _i, &x, _stop| {
                    // Uneven work, so results finish out of order.
                    std::thread::sleep(std::time::Duration::from_micros((x * 37) % 500));
                    *done += 1;
                    x * x
                },
                |i, r| {
                    seen.push((i, r));
                    Ok(())
                },
            );
            assert!(r.is_ok());
            let want: Vec<(usize, u64)> = items.iter().map(|&x| (x as usize, x * x)).collect();
            assert_eq!(seen, want, "{jobs} jobs");
        }
    }

    #[test]
    fn a_failing_consumer_stops_the_jobs() {
        let items: Vec<u32> = (0..100_000).collect();
        let worked = AtomicUsize::new(0);
        let r = ordered_map(
            &items,
            vec![(); 2],
            |_, _, _, _, _| {
                worked.fetch_add(1, Ordering::Relaxed);
                std::thread::sleep(std::time::Duration::from_millis(1));
            },
            |i, _| if i == 3 { Err("full disk") } else { Ok(()) },
        );
        assert_eq!(r, Err("full disk"));
        assert!(worked.load(Ordering::Relaxed) < items.len());
    }
}
