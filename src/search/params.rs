//! Every search tunable in one place, with the reason for it.

/// Half-width of the first aspiration window, in centipawns.
// why: most iterations land within a third of a pawn of the last one.
pub const ASPIRATION_DELTA: i32 = 25;
/// Depth from which aspiration windows are used.
pub const ASPIRATION_MIN_DEPTH: i32 = 5;

/// Reverse futility: a static eval this far above beta per ply of depth cuts off.
// why: at shallow depth a big static surplus is rarely lost.
pub const RFP_MARGIN: i32 = 80;
pub const RFP_MAX_DEPTH: i32 = 6;

/// Null-move pruning: minimum depth and the reduction `base + depth / divisor`.
pub const NMP_MIN_DEPTH: i32 = 3;
pub const NMP_BASE: i32 = 3;
pub const NMP_DIVISOR: i32 = 4;

/// Late-move reductions: `ln(depth) * ln(moves) / divisor + base`, in tenths.
pub const LMR_BASE: f64 = 0.75;
pub const LMR_DIVISOR: f64 = 2.25;
/// Moves searched at full depth before reductions start.
pub const LMR_FULL_MOVES: usize = 3;
pub const LMR_MIN_DEPTH: i32 = 3;

/// Futility pruning of quiet moves: eval + margin * depth below alpha skips them.
pub const FUTILITY_MARGIN: i32 = 100;
pub const FUTILITY_MAX_DEPTH: i32 = 5;

/// Late-move pruning: after `base + depth^2` quiet moves at shallow depth, skip quiets.
pub const LMP_BASE: usize = 3;
pub const LMP_MAX_DEPTH: i32 = 5;

/// Losing captures are skipped at shallow depth when SEE is below `-margin * depth`.
pub const SEE_QUIET_MARGIN: i32 = 60;
pub const SEE_CAPTURE_MARGIN: i32 = 90;
pub const SEE_PRUNE_MAX_DEPTH: i32 = 6;

/// Internal iterative reduction: nodes without a hash move at this depth search one ply less.
pub const IIR_MIN_DEPTH: i32 = 4;

/// Quiescence: captures this far below alpha even after winning the victim are skipped.
pub const QS_DELTA_MARGIN: i32 = 150;
