//! Tuning the hand-written evaluation's weights on training positions: the weight
//! layout (`weights`), each position's counts per weight (`trace`), and the fit
//! (`fit`). `khun tune-eval` drives it.

pub mod fit;
pub mod trace;
pub mod weights;
