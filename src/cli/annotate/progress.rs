//! The progress display `annotate` draws on stderr with `indicatif`: one line per job
//! (the game it is on and how far into it), then the total over every position of
//! every game with the time left. Nothing is drawn when stderr is not a terminal, so
//! logs and pipes stay clean.

use indicatif::{MultiProgress, ProgressBar, ProgressDrawTarget, ProgressStyle};

/// One line per job and a total line, redrawn in place.
pub(crate) struct Progress {
    multi: MultiProgress,
    jobs: Vec<ProgressBar>,
    total: ProgressBar,
}

/// A template, or indicatif's plain bar if the template were ever refused.
fn style(template: &str) -> ProgressStyle {
    ProgressStyle::with_template(template)
        .unwrap_or_else(|_| ProgressStyle::default_bar())
        .progress_chars("=> ")
}

impl Progress {
    /// The display on stderr for `jobs` jobs and `positions` positions in all, hidden
    /// when stderr is not a terminal.
    pub(crate) fn on_stderr(jobs: usize, positions: u64) -> Progress {
        Progress::with_target(ProgressDrawTarget::stderr(), jobs, positions)
    }

    /// The display drawn nowhere, for tests.
    #[cfg(test)]
    fn hidden(jobs: usize, positions: u64) -> Progress {
        Progress::with_target(ProgressDrawTarget::hidden(), jobs, positions)
    }

    fn with_target(target: ProgressDrawTarget, jobs: usize, positions: u64) -> Progress {
        let multi = MultiProgress::with_draw_target(target);
        let job_style = style("{prefix:>7} [{bar:24}] {pos:>3}/{len:3} {wide_msg}");
        let jobs = (0..jobs)
            .map(|j| {
                let bar = multi.add(ProgressBar::new(0));
                bar.set_style(job_style.clone());
                bar.set_prefix(format!("job {}", j + 1));
                bar.set_message("waiting");
                bar
            })
            .collect();
        let total = multi.add(ProgressBar::new(positions));
        total.set_style(style(
            "{prefix:>7} [{bar:24}] {pos}/{len} positions, {elapsed} so far, about {eta} left",
        ));
        total.set_prefix("total");
        Progress { multi, jobs, total }
    }

    /// The handle job `job` reports through.
    pub(crate) fn job(&self, job: usize) -> JobProgress {
        JobProgress {
            bar: self.jobs[job].clone(),
            total: self.total.clone(),
        }
    }

    /// Runs `f` (which prints to stderr) with the display out of the way.
    pub(crate) fn suspend<R>(&self, f: impl FnOnce() -> R) -> R {
        self.multi.suspend(f)
    }

    /// Removes the display.
    pub(crate) fn finish(&self) {
        for bar in &self.jobs {
            bar.finish_and_clear();
        }
        self.total.finish_and_clear();
        let _ = self.multi.clear();
    }
}

impl Drop for Progress {
    fn drop(&mut self) {
        self.finish();
    }
}

/// One job's line, and its share of the total.
#[derive(Clone)]
pub(crate) struct JobProgress {
    bar: ProgressBar,
    total: ProgressBar,
}

impl JobProgress {
    /// The job starts on a game of `positions` positions.
    pub(crate) fn start_game(&self, what: String, positions: usize) {
        self.bar.set_length(positions as u64);
        self.bar.set_position(0);
        self.bar.set_message(what);
    }

    /// One more position of the game is done.
    pub(crate) fn position_done(&self) {
        self.bar.inc(1);
        self.total.inc(1);
    }

    /// The job has no more games.
    pub(crate) fn idle(&self) {
        self.bar.set_message("done");
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn jobs_add_up_to_the_total() {
        let p = Progress::hidden(2, 5);
        let (a, b) = (p.job(0), p.job(1));
        a.start_game("game 1 of 2".into(), 3);
        b.start_game("game 2 of 2".into(), 2);
        for _ in 0..3 {
            a.position_done();
        }
        for _ in 0..2 {
            b.position_done();
        }
        assert_eq!(p.jobs[0].position(), 3);
        assert_eq!(p.total.position(), 5);
    }
}
