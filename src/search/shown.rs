//! How a search's scores are shown: on the calibrated scale or the network's own
//! ([`super::score_scale`]), with the win/draw/loss chances or without
//! ([`super::wdl`]). The engine facade sets the view once per search, from its root and
//! its options; every reporter then formats the shown score, none computes it.

use super::score_scale::ScoreScale;
use super::wdl::{Wdl, WdlContext};
use crate::board::Position;

/// A score as shown: the side to move's view, on the scale asked for.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) struct Shown {
    /// The search's score, calibrated when the view says so (mates unchanged).
    pub(crate) score: i32,
    /// The chances of the side to move, when they were asked for.
    pub(crate) wdl: Option<Wdl>,
}

/// How the scores of one search from one root are shown.
#[derive(Clone, Copy, Debug, PartialEq)]
pub(crate) struct ScoreView {
    /// The root's stage, when scores are shown calibrated.
    scale: Option<ScoreScale>,
    /// The root's material and count, when the chances are shown.
    wdl: Option<WdlContext>,
}

impl ScoreView {
    /// The view of searches from `root`: calibrated if `calibrated`, with chances if
    /// `with_wdl`.
    pub(crate) fn of(root: &Position, calibrated: bool, with_wdl: bool) -> ScoreView {
        ScoreView {
            scale: calibrated.then(|| ScoreScale::of(root)),
            wdl: with_wdl.then(|| WdlContext::of(root)),
        }
    }

    /// `score` (a search score, the side to move's view) as shown. The chances are
    /// those of the search's own score, whatever scale it is shown on.
    pub(crate) fn show(&self, score: i32) -> Shown {
        Shown {
            score: self.scale.map_or(score, |scale| scale.calibrated(score)),
            wdl: self.wdl.map(|context| context.wdl(score)),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_view_shows_only_what_it_was_asked_for() {
        let root = Position::startpos();
        let plain = ScoreView::of(&root, false, false).show(120);
        assert_eq!(
            plain,
            Shown {
                score: 120,
                wdl: None
            }
        );
        let full = ScoreView::of(&root, true, true).show(120);
        assert_eq!(full.score, ScoreScale::of(&root).calibrated(120));
        assert_eq!(full.wdl, Some(WdlContext::of(&root).wdl(120)));
    }
}
