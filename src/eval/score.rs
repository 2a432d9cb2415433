//! Tapered scores: a middlegame and an endgame value, blended by game phase.

use std::ops::{Add, AddAssign, Mul, Neg, Sub, SubAssign};

/// A (middlegame, endgame) pair of centipawn values.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub(crate) struct S(pub(crate) i32, pub(crate) i32);

impl S {
    pub(crate) const ZERO: S = S(0, 0);

    #[inline(always)]
    pub(crate) const fn mg(self) -> i32 {
        self.0
    }

    #[inline(always)]
    pub(crate) const fn eg(self) -> i32 {
        self.1
    }

    /// The blend for `phase` out of `max_phase` (max = pure middlegame).
    #[inline(always)]
    pub(crate) fn taper(self, phase: i32, max_phase: i32) -> i32 {
        (self.0 * phase + self.1 * (max_phase - phase)) / max_phase
    }
}

impl Add for S {
    type Output = S;
    #[inline(always)]
    fn add(self, o: S) -> S {
        S(self.0 + o.0, self.1 + o.1)
    }
}

impl Sub for S {
    type Output = S;
    #[inline(always)]
    fn sub(self, o: S) -> S {
        S(self.0 - o.0, self.1 - o.1)
    }
}

impl AddAssign for S {
    #[inline(always)]
    fn add_assign(&mut self, o: S) {
        self.0 += o.0;
        self.1 += o.1;
    }
}

impl SubAssign for S {
    #[inline(always)]
    fn sub_assign(&mut self, o: S) {
        self.0 -= o.0;
        self.1 -= o.1;
    }
}

impl Neg for S {
    type Output = S;
    #[inline(always)]
    fn neg(self) -> S {
        S(-self.0, -self.1)
    }
}

impl Mul<i32> for S {
    type Output = S;
    #[inline(always)]
    fn mul(self, k: i32) -> S {
        S(self.0 * k, self.1 * k)
    }
}
