//! Every search tunable in one place, with the reason for it.
//!
//! Each parameter is read through a function of its name in snake case
//! (`RFP_MARGIN` -> [`rfp_margin`]). In a normal build the function returns the
//! constant, so the compiler folds it as before. Built with `--features tune`, each
//! parameter is also a UCI spin option of its own name (`setoption name RFP_MARGIN
//! value 90`), read from an atomic: that is what the SPSA script in
//! `lab/tools/spsa.py` turns. [`TUNABLES`] lists names, defaults and the
//! ranges the tuner may explore.

/// One tunable: its name (the UCI option in `tune` builds), default and range.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) struct Tunable {
    pub(crate) name: &'static str,
    pub(crate) default: i64,
    pub(crate) min: i64,
    pub(crate) max: i64,
}

macro_rules! search_params {
    ($( $(#[$meta:meta])* $name:ident / $getter:ident : $ty:ty = $default:literal in $min:literal ..= $max:literal; )*) => {
        $( $(#[$meta])* pub(crate) const $name: $ty = $default; )*

        $(
            #[cfg(not(feature = "tune"))]
            #[doc = concat!("`", stringify!($name), "`.")]
            #[inline(always)]
            pub(crate) fn $getter() -> $ty {
                $name
            }

            #[cfg(feature = "tune")]
            #[doc = concat!("`", stringify!($name), "`, as last set over UCI.")]
            #[inline(always)]
            pub(crate) fn $getter() -> $ty {
                tuned::$name.load(std::sync::atomic::Ordering::Relaxed) as $ty
            }
        )*

        #[cfg(feature = "tune")]
        #[allow(non_upper_case_globals)]
        mod tuned {
            use std::sync::atomic::AtomicI64;
            $( pub(crate) static $name: AtomicI64 = AtomicI64::new(super::$name as i64); )*
        }

        /// Every tunable, in declaration order.
        pub(crate) const TUNABLES: &[Tunable] = &[
            $( Tunable { name: stringify!($name), default: $default as i64, min: $min, max: $max }, )*
        ];

        /// Sets a tunable by name (any letter case), clamped into its range; `false`
        /// if no tunable has that name. Only `tune` builds have settable parameters.
        #[cfg(feature = "tune")]
        pub(crate) fn set(name: &str, value: i64) -> bool {
            use std::sync::atomic::Ordering::Relaxed;
            $(
                if name.eq_ignore_ascii_case(stringify!($name)) {
                    tuned::$name.store(value.clamp($min, $max), Relaxed);
                    return true;
                }
            )*
            false
        }
    };
}

search_params! {
    /// Half-width of the first aspiration window, in centipawns.
    // why: most iterations land within a third of a pawn of the last one.
    ASPIRATION_DELTA / aspiration_delta: i32 = 25 in 8..=80;
    /// Depth from which aspiration windows are used.
    ASPIRATION_MIN_DEPTH / aspiration_min_depth: i32 = 5 in 2..=8;

    /// Reverse futility: a static eval this far above beta per ply of depth cuts off.
    // why: at shallow depth a big static surplus is rarely lost.
    RFP_MARGIN / rfp_margin: i32 = 80 in 30..=200;
    RFP_MAX_DEPTH / rfp_max_depth: i32 = 6 in 3..=10;

    /// Null-move pruning: minimum depth and the reduction `base + depth / divisor`.
    NMP_MIN_DEPTH / nmp_min_depth: i32 = 3 in 2..=6;
    NMP_BASE / nmp_base: i32 = 3 in 1..=5;
    NMP_DIVISOR / nmp_divisor: i32 = 4 in 2..=8;
    /// The static evaluation must stand `NMP_MARGIN - NMP_DEPTH_MARGIN * depth`
    /// above beta (and at least at beta) for a null move.
    NMP_MARGIN / nmp_margin: i32 = 90 in 0..=250;
    NMP_DEPTH_MARGIN / nmp_depth_margin: i32 = 10 in 0..=30;
    /// From this depth a null-move cutoff is verified by a search without null moves.
    NMP_VERIFY_DEPTH / nmp_verify_depth: i32 = 12 in 6..=30;

    /// Late-move reductions: `(LMR_BASE + ln(depth) * ln(moves) * 100 / LMR_DIVISOR) / 100`
    /// plies (both in hundredths).
    LMR_BASE / lmr_base: i32 = 75 in 0..=200;
    LMR_DIVISOR / lmr_divisor: i32 = 225 in 120..=400;
    /// Moves searched at full depth before reductions start.
    LMR_FULL_MOVES / lmr_full_moves: usize = 3 in 1..=6;
    LMR_MIN_DEPTH / lmr_min_depth: i32 = 3 in 2..=5;
    /// A quiet move's reduction shrinks by its history over this divisor, in
    /// plies: at the default the largest history is worth one ply.
    LMR_HISTORY_DIVISOR / lmr_history_divisor: i32 = 16384 in 4096..=65536;

    /// Futility pruning of quiet moves: eval + margin * depth below alpha skips them.
    FUTILITY_MARGIN / futility_margin: i32 = 100 in 40..=250;
    FUTILITY_MAX_DEPTH / futility_max_depth: i32 = 5 in 2..=9;

    /// Late-move pruning: after `base + depth^2` quiet moves at shallow depth, skip quiets.
    LMP_BASE / lmp_base: usize = 3 in 1..=8;
    LMP_MAX_DEPTH / lmp_max_depth: i32 = 5 in 2..=9;

    /// Losing captures are skipped at shallow depth when SEE is below `-margin * depth`.
    SEE_QUIET_MARGIN / see_quiet_margin: i32 = 60 in 20..=150;
    SEE_CAPTURE_MARGIN / see_capture_margin: i32 = 90 in 30..=200;
    SEE_PRUNE_MAX_DEPTH / see_prune_max_depth: i32 = 6 in 3..=10;

    /// Internal iterative reduction: nodes without a hash move at this depth search one ply less.
    IIR_MIN_DEPTH / iir_min_depth: i32 = 4 in 2..=8;

    /// Quiescence: captures this far below alpha even after winning the victim are skipped.
    QS_DELTA_MARGIN / qs_delta_margin: i32 = 150 in 50..=400;
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_default_lies_in_its_range_and_names_are_distinct() {
        for t in TUNABLES {
            assert!(t.min <= t.default && t.default <= t.max, "{t:?}");
        }
        let mut names: Vec<_> = TUNABLES.iter().map(|t| t.name).collect();
        names.sort_unstable();
        names.dedup();
        assert_eq!(names.len(), TUNABLES.len());
        assert_eq!(rfp_margin(), RFP_MARGIN);
    }
}
