//! Search progress in XBoard form (`ply score time nodes pv`) and the message that
//! carries a finished search back to the protocol loop.
//!
//! Each search gets its own reporter, tagged with the search's number, so the loop
//! can tell the answer of the search it is waiting for from that of one it has
//! cancelled since.

use crate::board::{Move, Position};
use crate::engine::EngineReporter;
use crate::platform::io::Output;
use crate::search::score::{ScoreText, describe};
use crate::search::shown::{ScoreView, Shown};
use crate::search::{SearchReport, SearchResult};
use crossbeam_channel::Sender;
use std::fmt::Write as _;
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::{Arc, Mutex};

/// XBoard's mate convention (Fairy-Stockfish, Fairy-Max, the CECP document): mate in
/// N moves is `100000 + N`, being mated in N moves `-100000 - N`.
pub(crate) const XBOARD_MATE: i64 = 100_000;

/// A search score (side to move's view) as XBoard reads it.
pub(crate) fn xboard_score(score: i32) -> i64 {
    match describe(score) {
        ScoreText::Centipawns(cp) => i64::from(cp),
        ScoreText::Mate(n) if n > 0 => XBOARD_MATE + i64::from(n),
        ScoreText::Mate(n) => -XBOARD_MATE + i64::from(n),
    }
}

/// The principal variation in SAN, from `root`. Stops at the first move that is not
/// legal (a table move gone stale), so the line shown is always playable.
pub(crate) fn san_line(root: &Position, pv: &[Move]) -> String {
    let mut pos = root.clone();
    let mut words = Vec::with_capacity(pv.len());
    for &m in pv {
        if !pos.is_legal(m) {
            break;
        }
        words.push(pos.san(m));
        pos.play(m);
    }
    words.join(" ")
}

/// One thinking line: `ply score time(centiseconds) nodes pv`, with the score as
/// shown.
pub(crate) fn thinking_line(root: &Position, r: &SearchReport, shown: Shown) -> String {
    let mut line = format!(
        "{} {} {} {}",
        r.depth,
        xboard_score(shown.score),
        r.time_ms / 10,
        r.nodes
    );
    let pv = san_line(root, &r.pv);
    if !pv.is_empty() {
        let _ = write!(line, " {pv}");
    }
    line
}

/// The latest progress of the running search, for the analysis status line (`.`).
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub(crate) struct Progress {
    pub(crate) depth: i32,
    pub(crate) time_ms: u64,
    pub(crate) nodes: u64,
    pub(crate) best: Option<String>,
}

/// What every search's reporter shares with the protocol loop.
pub(crate) struct ThinkingOutput {
    out: Arc<Output>,
    /// `post` / `nopost`.
    post: AtomicBool,
    progress: Mutex<Progress>,
}

impl ThinkingOutput {
    pub(crate) fn new(out: Arc<Output>) -> ThinkingOutput {
        ThinkingOutput {
            out,
            post: AtomicBool::new(false),
            progress: Mutex::new(Progress::default()),
        }
    }

    pub(crate) fn set_post(&self, on: bool) {
        self.post.store(on, Ordering::Relaxed);
    }

    pub(crate) fn progress(&self) -> Progress {
        match self.progress.lock() {
            Ok(p) => p.clone(),
            Err(poisoned) => poisoned.into_inner().clone(),
        }
    }

    fn set_progress(&self, progress: Progress) {
        match self.progress.lock() {
            Ok(mut p) => *p = progress,
            Err(poisoned) => *poisoned.into_inner() = progress,
        }
    }
}

/// A search's answer, sent to the protocol loop.
#[derive(Clone, Debug)]
pub(crate) struct Finished {
    /// The number the loop gave the search when it started it.
    pub(crate) search_id: u64,
    pub(crate) result: SearchResult,
}

/// The reporter of one search.
pub(crate) struct SearchReporter {
    search_id: u64,
    root: Position,
    /// Analysis always shows its thinking, whatever `post` says.
    always_post: bool,
    shared: Arc<ThinkingOutput>,
    done: Sender<Finished>,
}

impl SearchReporter {
    pub(crate) fn new(
        search_id: u64,
        root: Position,
        always_post: bool,
        shared: Arc<ThinkingOutput>,
        done: Sender<Finished>,
    ) -> SearchReporter {
        shared.set_progress(Progress::default());
        SearchReporter {
            search_id,
            root,
            always_post,
            shared,
            done,
        }
    }
}

impl EngineReporter for SearchReporter {
    fn info(&self, r: &SearchReport, shown: Shown) {
        // XBoard has no mark for a bound, so an aspiration failure's score would be
        // shown as if exact: only finished iterations are printed.
        if r.depth <= 0 || r.bound.is_some() {
            return;
        }
        if r.multipv <= 1 {
            self.shared.set_progress(Progress {
                depth: r.depth,
                time_ms: r.time_ms,
                nodes: r.nodes,
                best: r
                    .pv
                    .first()
                    .filter(|&&m| self.root.is_legal(m))
                    .map(|&m| self.root.san(m)),
            });
        }
        if self.always_post || self.shared.post.load(Ordering::Relaxed) {
            self.shared.out.line(&thinking_line(&self.root, r, shown));
        }
    }

    fn finished(&self, result: &SearchResult, _view: &ScoreView) {
        // The loop may have gone (end of input): nothing is waiting for the answer.
        let _ = self.done.send(Finished {
            search_id: self.search_id,
            result: result.clone(),
        });
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::search::score::{mate_in, mated_in};

    #[test]
    fn mate_scores_follow_the_xboard_convention() {
        assert_eq!(xboard_score(35), 35);
        assert_eq!(xboard_score(-120), -120);
        assert_eq!(xboard_score(mate_in(1)), 100_001);
        assert_eq!(xboard_score(mate_in(5)), 100_003);
        assert_eq!(xboard_score(mated_in(0)), -100_000);
        assert_eq!(xboard_score(mated_in(2)), -100_001);
    }

    #[test]
    fn pv_in_san_stops_at_an_illegal_move() {
        let pos = Position::startpos();
        let e3e4 = pos.parse_uci_move("e3e4").unwrap();
        let after = pos.after(e3e4);
        let d6d5 = after.parse_uci_move("d6d5").unwrap();
        assert_eq!(san_line(&pos, &[e3e4, d6d5]), "e4 d5");
        assert_eq!(san_line(&pos, &[e3e4, e3e4, d6d5]), "e4");
    }
}
