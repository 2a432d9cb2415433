//! Tuning the hand-written evaluation's weights on training positions: the weight
//! layout (`weights`), each position's counts per weight (`trace`), and the fit
//! (`fit`). `khun tune-eval` drives it.
//!
//! Texel's method over the training records: every linear weight of the hand-written
//! evaluation (material and its imbalance by pairs of kinds, piece-square tables,
//! mobility tables by count, pawn-supported pieces, rook files, pawn structure, free
//! pawns, king shield, the king-danger table, king-zone hits and safe checks: 485 pairs
//! of middlegame and endgame values) is fitted so that `sigmoid(eval / K)` matches
//! `(1 - wdl) * sigmoid(score / K) + wdl * result`. Each position is traced once: the
//! evaluation, run with a counting tracer, says how many times each weight counts for
//! each side, and the fit works on those counts (a test checks that they give back
//! the evaluation exactly). Positions whose score is more than the tapered sum (endgame
//! scaling or bonus, a running count) are left out, and so are weights that count in
//! fewer than `--min-occurrences` positions (a piece on a square the data hardly visits
//! would be fitted to a handful of positions). A square and its left-right mirror share
//! one value (makruk's rules are symmetric so; the start position, White's king on d1
//! and Black's on e8, would otherwise teach lopsided tables). Adam on the full
//! gradient, a tenth of the step for the last quarter; the output is the Rust constants
//! of `params.rs` and `psqt.rs`, to paste in.

pub(crate) mod fit;
pub(crate) mod trace;
pub(crate) mod weights;
