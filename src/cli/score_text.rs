//! Scores for people and files: pawns (`+1.25`) or mates (`#3`, `#-2`), always from
//! White's point of view, so a game's scores read the same way from move to move.

use crate::board::Color;
use crate::search::score::{ScoreText, describe};

/// A search score (from the side to move's view) turned to White's view.
pub(crate) fn white_view(score: i32, side_to_move: Color) -> i32 {
    match side_to_move {
        Color::White => score,
        Color::Black => -score,
    }
}

/// Centipawns as pawns with two decimals and a sign: `+1.25`, `-0.40`, `0.00`.
pub(crate) fn pawns(cp: i32) -> String {
    let sign = match cp.signum() {
        1 => "+",
        -1 => "-",
        _ => "",
    };
    let a = cp.unsigned_abs();
    format!("{sign}{}.{:02}", a / 100, a % 100)
}

/// A White-view score, short: `+1.25`, `#3` (White mates in 3), `#-3` (Black does).
pub(crate) fn short(score_white: i32) -> String {
    match describe(score_white) {
        ScoreText::Centipawns(cp) => pawns(cp),
        ScoreText::Mate(n) if n > 0 || (n == 0 && score_white > 0) => format!("#{n}"),
        ScoreText::Mate(n) => format!("#-{}", n.unsigned_abs()),
    }
}

/// A White-view score in words: `+1.25` or `White mates in 3`.
pub(crate) fn words(score_white: i32) -> String {
    match describe(score_white) {
        ScoreText::Centipawns(cp) => pawns(cp),
        ScoreText::Mate(n) if n > 0 || (n == 0 && score_white > 0) => {
            format!("White mates in {n}")
        }
        ScoreText::Mate(n) => format!("Black mates in {}", n.unsigned_abs()),
    }
}

/// The evaluation comment GUIs read (`[%eval 1.25,12]`, `[%eval #-3,12]`), White's view.
pub(crate) fn eval_command(score_white: i32, depth: i32) -> String {
    let value = match describe(score_white) {
        ScoreText::Centipawns(cp) => pawns(cp).trim_start_matches('+').to_string(),
        _ => short(score_white),
    };
    if depth > 0 {
        format!("[%eval {value},{depth}]")
    } else {
        format!("[%eval {value}]")
    }
}

/// A White-view score as JSON: `{"cp":125}` or `{"mate":3}` (negative: Black mates).
#[derive(Clone, Copy, Debug, PartialEq, Eq, serde::Serialize)]
pub(crate) enum JsonScore {
    /// Centipawns, White's view.
    #[serde(rename = "cp")]
    Centipawns(i32),
    /// Moves to mate: positive when White mates, negative when Black does.
    #[serde(rename = "mate")]
    Mate(i32),
}

/// A White-view search score in its JSON form.
pub(crate) fn json(score_white: i32) -> JsonScore {
    match describe(score_white) {
        ScoreText::Centipawns(cp) => JsonScore::Centipawns(cp),
        ScoreText::Mate(n) => {
            let n = if score_white < 0 { -n.abs() } else { n.abs() };
            JsonScore::Mate(n)
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::search::score::{mate_in, mated_in};

    #[test]
    fn pawns_and_mates() {
        assert_eq!(pawns(125), "+1.25");
        assert_eq!(pawns(-40), "-0.40");
        assert_eq!(pawns(0), "0.00");
        assert_eq!(pawns(-5), "-0.05");
        assert_eq!(short(mate_in(5)), "#3");
        assert_eq!(short(mated_in(4)), "#-2");
        assert_eq!(words(mated_in(4)), "Black mates in 2");
        assert_eq!(eval_command(125, 12), "[%eval 1.25,12]");
        assert_eq!(eval_command(mated_in(4), 7), "[%eval #-2,7]");
        let text = |s| serde_json::to_string(&json(s)).unwrap();
        assert_eq!(text(mated_in(4)), "{\"mate\":-2}");
        assert_eq!(text(-7), "{\"cp\":-7}");
        assert_eq!(white_view(30, Color::Black), -30);
    }
}
