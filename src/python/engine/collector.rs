//! The engine's reporter for Python: it keeps the last report of each line for the
//! answer and sends the running search's events over a channel to the caller waiting
//! for it (the search thread never touches Python).

use super::lock;
use crate::engine::EngineReporter;
use crate::search::shown::{ScoreView, Shown};
use crate::search::{SearchReport, SearchResult};
use crossbeam_channel::{Receiver, Sender};
use std::sync::Mutex;

/// What the search thread tells the caller waiting for it.
pub(super) enum Event {
    /// One line of an iteration and its score as shown (sent only to a caller that
    /// asked for updates).
    Info(SearchReport, Shown),
    /// The search's answer (its scores shown by the view the caller took before the
    /// search, the engine's own).
    Finished(SearchResult),
}

/// The engine's reporter: keeps the last report of each line for the answer, and sends
/// the running search's events to its caller.
#[derive(Default)]
pub(super) struct Collector {
    /// The last exact report of each MultiPV line (index: multipv - 1), with its
    /// score as shown.
    lines: Mutex<Vec<Option<(SearchReport, Shown)>>>,
    /// The running search's caller, and whether it wants each report.
    events: Mutex<Option<(Sender<Event>, bool)>>,
}

impl Collector {
    /// A new search: its lines forgotten, its events to a new channel.
    pub(super) fn start(&self, want_reports: bool) -> Receiver<Event> {
        lock(&self.lines).clear();
        let (sender, receiver) = crossbeam_channel::unbounded();
        *lock(&self.events) = Some((sender, want_reports));
        receiver
    }

    /// The search's caller has left: events are dropped until the next search.
    pub(super) fn finish(&self) {
        *lock(&self.events) = None;
    }

    pub(super) fn send(&self, event: impl FnOnce(bool) -> Option<Event>) {
        if let Some((sender, want_reports)) = lock(&self.events).as_ref()
            && let Some(event) = event(*want_reports)
        {
            // The caller may have left already (an exception): nothing to tell.
            let _ = sender.send(event);
        }
    }

    pub(super) fn take_lines(&self) -> Vec<Option<(SearchReport, Shown)>> {
        std::mem::take(&mut lock(&self.lines))
    }
}

impl EngineReporter for Collector {
    fn info(&self, report: &SearchReport, shown: Shown) {
        if report.depth == 0 || report.multipv == 0 {
            return;
        }
        {
            let mut lines = lock(&self.lines);
            let index = report.multipv - 1;
            if lines.len() <= index {
                lines.resize_with(index + 1, || None);
            }
            let slot = &mut lines[index];
            if report.bound.is_none() || slot.is_none() {
                *slot = Some((report.clone(), shown));
            }
        }
        self.send(|want| want.then(|| Event::Info(report.clone(), shown)));
    }

    fn finished(&self, result: &SearchResult, _view: &ScoreView) {
        self.send(|_| Some(Event::Finished(result.clone())));
    }
}
