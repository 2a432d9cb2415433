//! The progress bar `annotate` draws on stderr (game i of n, move j of m), only when
//! stderr is a terminal, so logs and pipes stay clean.

use std::io::{IsTerminal, Write};
use std::time::{Duration, Instant};

/// Width of the bar itself, in characters.
const BAR_WIDTH: usize = 30;

/// The bar is redrawn at most this often.
// why: fast searches (`--depth 2`) finish hundreds of positions a second; redrawing
// for each would cost more terminal output than the work is worth.
const REDRAW_EVERY: Duration = Duration::from_millis(50);

/// A one-line progress bar, redrawn in place.
pub struct Progress {
    enabled: bool,
    drawn: bool,
    /// When the bar was last drawn, and for which game.
    last_drawn: Option<(Instant, usize)>,
}

impl Progress {
    /// A bar on stderr, hidden when stderr is not a terminal.
    pub fn on_stderr() -> Progress {
        Progress {
            enabled: std::io::stderr().is_terminal(),
            drawn: false,
            last_drawn: None,
        }
    }

    /// The bar text: `[=====>     ] game 1 of 3, move 12 of 166`.
    pub fn text(game: usize, games: usize, mv: usize, moves: usize) -> String {
        let filled = (BAR_WIDTH * mv)
            .checked_div(moves)
            .unwrap_or(BAR_WIDTH)
            .min(BAR_WIDTH);
        let mut bar = "=".repeat(filled);
        if filled < BAR_WIDTH {
            bar.push('>');
            bar.push_str(&" ".repeat(BAR_WIDTH - filled - 1));
        }
        format!("[{bar}] game {game} of {games}, move {mv} of {moves}")
    }

    pub fn update(&mut self, game: usize, games: usize, mv: usize, moves: usize) {
        let recent = self
            .last_drawn
            .is_some_and(|(t, g)| g == game && t.elapsed() < REDRAW_EVERY && mv < moves);
        if !self.enabled || recent {
            return;
        }
        self.last_drawn = Some((Instant::now(), game));
        let mut err = std::io::stderr().lock();
        let _ = write!(err, "\r\x1b[2K{}", Progress::text(game, games, mv, moves));
        let _ = err.flush();
        self.drawn = true;
    }

    /// Removes the bar (before a message, and at the end).
    pub fn clear(&mut self) {
        if self.enabled && self.drawn {
            let mut err = std::io::stderr().lock();
            let _ = write!(err, "\r\x1b[2K");
            let _ = err.flush();
            self.drawn = false;
        }
    }
}

impl Drop for Progress {
    fn drop(&mut self) {
        self.clear();
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn bar_text() {
        let t = Progress::text(1, 3, 15, 30);
        assert!(t.starts_with("[===============>"), "{t}");
        assert!(t.ends_with("] game 1 of 3, move 15 of 30"), "{t}");
        assert_eq!(Progress::text(2, 2, 0, 0).matches('=').count(), BAR_WIDTH);
    }
}
