//! Win, draw and loss chances from a search score, fitted to Khun's own games.
//!
//! Stockfish's model with a ceiling: from the side to move's view, with `s` the score
//! in centipawns, `win = k sigmoid((s - a) / b)`, `loss = k sigmoid((-s - a) / b)` and
//! the draw what is left. `a` (where the chances turn) and `b` (how quickly) are cubics
//! of the material on the board; `k = sigmoid(c0 + c1 x)` is the share of games that
//! are decided at all, which Stockfish's model takes as 1: in makruk the count draws
//! many games that one side leads by far. All are fitted by
//! `lab/tools/wdl_fit.py` to the self-play records of the current network;
//! positions without pawns, where the count runs or will, get their own set. A count
//! that has run out draws outright, and proven results (mates, table wins) are
//! certain.

use crate::board::{Color, PieceKind, Position};
use crate::search::score::TABLE_WIN_BOUND;

/// Material of each kind for the model (pawn, met, khon, horse, rook, king), as the
/// fitting tool counts it.
const MATERIAL: [i32; 6] = [1, 2, 3, 3, 5, 0];
/// Material at the start of a game: the model's `x` is material / this.
const START_MATERIAL: f64 = 64.0;

/// Both sides' material by [`MATERIAL`]: 64 at the start, 0 with bare kings.
pub(crate) fn material(pos: &Position) -> i32 {
    material_of(pos, Color::White) + material_of(pos, Color::Black)
}

/// One side's material by [`MATERIAL`]: 32 at the start.
pub(crate) fn material_of(pos: &Position, color: Color) -> i32 {
    PieceKind::ALL
        .iter()
        .zip(MATERIAL)
        .map(|(kind, value)| value * pos.pieces(color, *kind).count() as i32)
        .sum()
}

/// A cubic's coefficients, constant term first.
type Cubic = [f64; 4];

/// One fitted set: `a` and `b` in centipawns, `decided` the line `c0 + c1 x`.
struct Model {
    a: Cubic,
    b: Cubic,
    decided: [f64; 2],
}

/// Positions with pawns (fitted by `lab/tools/wdl_fit.py` on generation 4's
/// data, `gen4-s402.bin`: 14 173 self-play games of generation 3, the network
/// generation 4 learnt from, 5000 nodes a move).
const WITH_PAWNS: Model = Model {
    a: [513.19, -45.93, -131.13, -40.20],
    b: [127.21, 122.05, -19.58, -97.10],
    decided: [-1.7282, 4.5691],
};
/// Positions without pawns: the count runs, or will.
const PAWNLESS: Model = Model {
    a: [242.85, 282.52, 273.98, 128.70],
    b: [55.21, 31.27, 200.94, 245.52],
    decided: [-0.7712, 0.3792],
};

/// Chances in per mille, from one side's view; they sum to 1000.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) struct Wdl {
    pub(crate) win: u32,
    pub(crate) draw: u32,
    pub(crate) loss: u32,
}

impl Wdl {
    /// The same chances from the other side's view.
    pub(crate) fn flipped(self) -> Wdl {
        Wdl {
            win: self.loss,
            draw: self.draw,
            loss: self.win,
        }
    }
}

/// What the model needs of a position: its material and its count. Cheap to keep for
/// a search's root.
#[derive(Clone, Copy, Debug, PartialEq)]
pub(crate) struct WdlContext {
    /// Material / `START_MATERIAL`.
    x: f64,
    pawnless: bool,
    /// The count has run out: the game is drawn unless the next move mates.
    count_done: bool,
}

impl WdlContext {
    pub(crate) fn of(pos: &Position) -> WdlContext {
        WdlContext {
            x: f64::from(material(pos)) / START_MATERIAL,
            pawnless: pos.pieces_of_kind(PieceKind::Pawn).is_empty(),
            count_done: pos.count().plies_left() == Some(0),
        }
    }

    /// The chances of the side to move with `score` (the side to move's view).
    pub(crate) fn wdl(&self, score: i32) -> Wdl {
        if score >= TABLE_WIN_BOUND {
            return Wdl {
                win: 1000,
                draw: 0,
                loss: 0,
            };
        }
        if score <= -TABLE_WIN_BOUND {
            return Wdl {
                win: 0,
                draw: 0,
                loss: 1000,
            };
        }
        if self.count_done {
            return Wdl {
                win: 0,
                draw: 1000,
                loss: 0,
            };
        }
        let model = self.model();
        let x = self.x;
        let a = cubic(model.a, x);
        // why at least 5: b is a scale; the fitted cubics stay far above it, this only
        // keeps a bad extrapolation from dividing by zero (the fitting tool's bound).
        let b = cubic(model.b, x).max(5.0);
        let decided = sigmoid(model.decided[0] + model.decided[1] * x);
        let s = f64::from(score);
        let win = per_mille(decided * sigmoid((s - a) / b));
        let loss = per_mille(decided * sigmoid((-s - a) / b)).min(1000 - win);
        Wdl {
            win,
            draw: 1000 - win - loss,
            loss,
        }
    }

    fn model(&self) -> &'static Model {
        if self.pawnless {
            &PAWNLESS
        } else {
            &WITH_PAWNS
        }
    }
}

fn cubic(c: Cubic, x: f64) -> f64 {
    c[0] + x * (c[1] + x * (c[2] + x * c[3]))
}

fn sigmoid(z: f64) -> f64 {
    1.0 / (1.0 + (-z).exp())
}

fn per_mille(p: f64) -> u32 {
    (p * 1000.0).round().clamp(0.0, 1000.0) as u32
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::search::score::mate_in;

    fn start() -> WdlContext {
        WdlContext::of(&Position::startpos())
    }

    #[test]
    fn chances_sum_to_a_thousand_and_grow_with_the_score() {
        let ctx = start();
        let mut last = 0;
        for score in (-1500..=1500).step_by(50) {
            let w = ctx.wdl(score);
            assert_eq!(w.win + w.draw + w.loss, 1000, "{score}: {w:?}");
            assert!(w.win >= last, "{score}: {w:?}");
            last = w.win;
        }
        let even = ctx.wdl(0);
        assert!(even.win.abs_diff(even.loss) <= 1, "{even:?}");
        assert!(even.draw > 300, "{even:?}");
    }

    #[test]
    fn proven_results_are_certain() {
        let ctx = start();
        assert_eq!(ctx.wdl(mate_in(5)).win, 1000);
        assert_eq!(ctx.wdl(-mate_in(5)).loss, 1000);
    }

    #[test]
    fn a_count_that_ran_out_draws() {
        // A rook up, but the board's honour has run out (counter past the limit).
        let pos = Position::from_fen("4k3/8/8/8/8/8/8/R3K1r1 w - 128 128 90").unwrap();
        assert_eq!(WdlContext::of(&pos).wdl(500).draw, 1000);
    }

    #[test]
    fn a_big_lead_without_pawns_is_often_drawn_by_the_count() {
        // With pawns a lead of ten pawns wins nearly every game; without them the
        // board's honour draws many (K+R+M v K+R is mostly a draw), so the model's
        // ceiling, the share of games decided at all, is far lower.
        let with_pawns = start().wdl(1000);
        let pawnless =
            WdlContext::of(&Position::from_fen("4k3/8/8/8/8/3M4/8/R3K1r1 w - - 0 60").unwrap())
                .wdl(1000);
        assert!(with_pawns.win > 800, "{with_pawns:?}");
        assert!(pawnless.win < 500, "{pawnless:?}");
        assert!(pawnless.loss < 10, "{pawnless:?}");
    }
}
