//! Fading the score while a game makes no progress.
//!
//! Makruk has no fifty-move rule, and no count runs while a pawn is on the board, so
//! a side that is ahead can shuffle for ever: the game then ends by repetition or by
//! a match runner's length limit, both draws. The score fades as the plies since the
//! last capture or pawn move (the halfmove clock) grow, so of two lines that keep
//! the same material the one that changes something scores better.

use super::params::{PROGRESS_FADE_FLOOR, PROGRESS_FADE_PLIES, PROGRESS_FADE_START};
use crate::board::Position;

/// The score times the share left after `pos`'s plies without progress.
// why: a win that is never pressed is a draw; the fade makes captures and pawn
// moves (the only irreversible moves) worth making when ahead, and makes shuffling
// and repeating worth less than pressing on. It is gentle (a quarter after 50 quiet
// plies, half at most) so it only decides between lines that are otherwise close.
#[inline(always)]
pub fn fade_for_progress(pos: &Position, score: i32) -> i32 {
    let quiet = pos.halfmove_clock() as i32 - PROGRESS_FADE_START;
    if quiet <= 0 {
        return score;
    }
    let keep = (PROGRESS_FADE_PLIES - quiet).max(PROGRESS_FADE_FLOOR);
    score * keep / PROGRESS_FADE_PLIES
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn fresh_positions_keep_their_score() {
        let p = Position::from_fen("4k3/8/3p4/8/3P4/8/8/R3K3 w - - 0 1").unwrap();
        assert_eq!(fade_for_progress(&p, 500), 500);
    }

    #[test]
    fn long_shuffles_fade_to_the_floor() {
        let mut p = Position::from_fen("4k3/8/3p4/8/3P4/8/8/R3K3 w - - 0 1").unwrap();
        let shuffle = ["a1a2", "e8f8", "a2a1", "f8e8"];
        let mut last = 500;
        for i in 0..400 {
            let m = p.parse_uci_move(shuffle[i % 4]).unwrap();
            p.play(m);
            let faded = fade_for_progress(&p, 500);
            assert!(faded <= last, "the fade never gives back");
            last = faded;
        }
        assert_eq!(last, 500 * PROGRESS_FADE_FLOOR / PROGRESS_FADE_PLIES);
    }
}
