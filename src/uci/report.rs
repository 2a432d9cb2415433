//! What a UCI session prints of a search: `info` lines, `bestmove`, the score as
//! `score cp`/`score mate`, and the engine's name.

use crate::board::Move;
use crate::engine::EngineReporter;
use crate::platform::io::Output;
use crate::search::score::{ScoreText, describe};
use crate::search::shown::{ScoreView, Shown};
use crate::search::{Bound, SearchReport, SearchResult};
use std::fmt::Write as _;
use std::sync::Arc;

/// The engine's name and version, as `id name` prints it.
pub(crate) fn engine_name() -> String {
    format!("Khun {}", env!("CARGO_PKG_VERSION"))
}

/// Prints search progress in UCI form: the score as shown (calibrated while
/// `Calibrated Score` is on), and `wdl W D L` when the chances are shown
/// (`UCI_ShowWDL`).
pub(crate) struct UciReporter {
    out: Arc<Output>,
}

impl UciReporter {
    pub(crate) fn new(out: Arc<Output>) -> UciReporter {
        UciReporter { out }
    }
}

/// `score cp 35`, `score mate -2`, with a bound marker when the score is one.
pub(crate) fn format_score(score: i32, bound: Option<Bound>) -> String {
    let mut s = match describe(score) {
        ScoreText::Centipawns(cp) => format!("score cp {cp}"),
        ScoreText::Mate(n) => format!("score mate {n}"),
    };
    match bound {
        Some(Bound::Lower) => s.push_str(" lowerbound"),
        Some(Bound::Upper) => s.push_str(" upperbound"),
        _ => {}
    }
    s
}

impl EngineReporter for UciReporter {
    fn info(&self, r: &SearchReport, shown: Shown) {
        let mut line = format!("info depth {}", r.depth);
        if r.depth > 0 {
            let _ = write!(line, " seldepth {} multipv {}", r.seldepth, r.multipv);
        }
        let _ = write!(line, " {}", format_score(shown.score, r.bound));
        if let Some(w) = shown.wdl {
            let _ = write!(line, " wdl {} {} {}", w.win, w.draw, w.loss);
        }
        if r.depth > 0 {
            let _ = write!(
                line,
                " nodes {} nps {} hashfull {} time {}",
                r.nodes,
                r.nps(),
                r.hashfull,
                r.time_ms
            );
            if !r.pv.is_empty() {
                line.push_str(" pv");
                for m in &r.pv {
                    let _ = write!(line, " {m}");
                }
            }
        }
        self.out.line(&line);
    }

    fn currmove(&self, depth: i32, mv: Move, number: usize) {
        self.out.line(&format!(
            "info depth {depth} currmove {mv} currmovenumber {number}"
        ));
    }

    fn finished(&self, result: &SearchResult, _view: &ScoreView) {
        if let Some(action) = result.count_action {
            self.out
                .line(&format!("info string count {}", action.word()));
        }
        match (result.best, result.ponder) {
            (Some(best), Some(ponder)) => {
                self.out.line(&format!("bestmove {best} ponder {ponder}"))
            }
            (Some(best), None) => self.out.line(&format!("bestmove {best}")),
            (None, _) => self.out.line("bestmove (none)"),
        }
    }
}
