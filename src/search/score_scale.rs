//! The calibrated score: centipawns that mean the same expected result at every stage.
//!
//! The network's centipawn is not worth the same everywhere. In Khun's own games a
//! +1.00 with all the material on the board is followed by a 57% expected score (wins
//! plus half the draws), and by 51% with a few pieces and pawns left, where the count
//! and blocked pawns draw most games one side leads. For each stage (the material on
//! the board, with and without pawns) `lab/tools/score_scale_fit.py` fits the
//! K for which `sigmoid(score / K)` best predicts the games' results; the calibrated
//! score is `score * 400 / K`, so that `sigmoid(calibrated / 400)` is the expected
//! score wherever the position stands: +1.00 calibrated means 56%, +2.00 62%, +4.00
//! 73%.
//!
//! Only what is shown changes (`Calibrated Score`): the search, its margins and the
//! win/draw/loss model keep the network's own scale, so turning it on changes no move.
//! Mates and endgame-table results are shown as they are. The fit is makruk's; the
//! relatives read the same tables.

use crate::board::{PieceKind, Position};
use crate::search::score::TABLE_WIN_BOUND;
use crate::search::wdl;

/// The K of the calibrated scale: `sigmoid(calibrated / REFERENCE_K)` is the expected
/// score. The trainer's own K, so a calibrated centipawn is worth what a training
/// target's is.
const REFERENCE_K: f64 = 400.0;

/// Material per table step (the fitting tool's stages: material 0-3, 4-7, ... 64+).
const STEP: f64 = 4.0;

/// K by stage for positions with pawns (`score_scale_fit.py` on generation 7's data,
/// `g7-s721.bin` and `g7-s722.bin`: 3.85 M self-play positions of generation 6, 5 000
/// nodes a move).
const WITH_PAWNS_K: [u16; 17] = [
    4000, 2200, 2200, 2025, 1450, 1075, 800, 650, 575, 550, 500, 500, 450, 425, 375, 350, 350,
];
/// K by stage without pawns (a count runs, or will); the same data. Stages above
/// material 28 hold too few positions to fit and take the richest fitted stage's K.
const PAWNLESS_K: [u16; 17] = [
    2425, 2425, 1425, 725, 725, 675, 675, 650, 650, 650, 650, 650, 650, 650, 650, 650, 650,
];

/// How one position's stage turns the network's centipawns into calibrated ones.
#[derive(Clone, Copy, Debug, PartialEq)]
pub(crate) struct ScoreScale {
    /// Calibrated centipawns per network centipawn.
    factor: f64,
}

impl ScoreScale {
    /// The scale for scores of searches from `pos`.
    pub(crate) fn of(pos: &Position) -> ScoreScale {
        let pawnless = pos.pieces_of_kind(PieceKind::Pawn).is_empty();
        let table = if pawnless { &PAWNLESS_K } else { &WITH_PAWNS_K };
        ScoreScale {
            factor: REFERENCE_K / k_at(table, wdl::material(pos)),
        }
    }

    /// `score` (a search score, either side's view) on the calibrated scale; mates and
    /// table results unchanged.
    pub(crate) fn calibrated(&self, score: i32) -> i32 {
        if score.abs() >= TABLE_WIN_BOUND {
            return score;
        }
        let scaled = (f64::from(score) * self.factor).round() as i32;
        scaled.clamp(-(TABLE_WIN_BOUND - 1), TABLE_WIN_BOUND - 1)
    }
}

/// The table's K at `material`, straight between the stages' middles (so a capture
/// moves the scale by the material it takes, not by a stage boundary it crosses).
fn k_at(table: &[u16], material: i32) -> f64 {
    let last = (table.len() - 1) as f64;
    let t = ((f64::from(material) - (STEP - 1.0) / 2.0) / STEP).clamp(0.0, last);
    let i = t.floor() as usize;
    let frac = t - i as f64;
    let low = f64::from(table[i]);
    let high = f64::from(table[(i + 1).min(table.len() - 1)]);
    low + (high - low) * frac
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::search::score::{TABLE_WIN, mate_in, mated_in};

    fn scale(fen: &str) -> ScoreScale {
        ScoreScale::of(&Position::from_fen(fen).unwrap())
    }

    const START: &str = "rnsmksnr/8/pppppppp/8/8/PPPPPPPP/8/RNSKMSNR w - - 0 1";

    #[test]
    fn a_pawn_at_the_start_is_worth_a_little_more_than_its_centipawns() {
        // K = 350 there: +1.00 of the network is 57%, which the reference scale
        // calls +1.14.
        assert_eq!(scale(START).calibrated(100), 114);
        assert_eq!(scale(START).calibrated(-100), -114);
    }

    #[test]
    fn an_ending_with_pawns_shows_far_less_than_the_network_says() {
        // Rook and two pawns against khon and two pawns: material 5 + 3 + 4 = 12, K
        // about 2 090.
        let s = scale("8/3k4/2s5/1p1p4/1P1P4/2R5/3K4/8 w - - 0 40");
        let shown = s.calibrated(500);
        assert!((80..=110).contains(&shown), "{shown}");
    }

    #[test]
    fn mates_table_results_and_level_scores_are_left_alone() {
        let s = scale(START);
        for score in [
            mate_in(3),
            mated_in(4),
            TABLE_WIN - 10,
            -(TABLE_WIN - 10),
            0,
        ] {
            assert_eq!(s.calibrated(score), score);
        }
    }

    #[test]
    fn the_order_of_scores_is_kept() {
        let s = scale("8/3k4/2s5/1p1p4/1P1P4/2R5/3K4/8 w - - 0 40");
        let shown: Vec<i32> = (-3000..=3000).step_by(7).map(|v| s.calibrated(v)).collect();
        assert!(shown.windows(2).all(|w| w[0] <= w[1]));
        assert!(shown.iter().all(|v| v.abs() < TABLE_WIN_BOUND));
    }

    #[test]
    fn the_scale_moves_smoothly_with_the_material() {
        // Between stage middles K is interpolated: no step larger than the table's
        // neighbouring stages allow, and the two ends hold the table's end values.
        assert_eq!(k_at(&WITH_PAWNS_K, 0), 4000.0);
        assert_eq!(k_at(&WITH_PAWNS_K, 80), 350.0);
        for m in 0..70 {
            let (a, b) = (k_at(&WITH_PAWNS_K, m), k_at(&WITH_PAWNS_K, m + 1));
            assert!(b <= a, "K rises from material {m} to {}", m + 1);
            assert!(a - b <= 500.0, "K jumps by {} at material {m}", a - b);
        }
    }
}
