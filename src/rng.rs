//! The crate's one seeded random generator, splitmix64, below every other module:
//! the rules draw their Zobrist keys from it at compile time and the magic numbers of
//! their attack tables from it in a test, the tests draw random positions and games
//! from it, and datagen and the trainers their openings, shuffles and first weights.
//! Everything random in Khun is repeatable from its seed, without a crate.

/// splitmix64's increment (the golden ratio in 64 bits).
const GAMMA: u64 = 0x9E37_79B9_7F4A_7C15;

/// One splitmix64 step: the output for the state `x`, whose successor is
/// `x + GAMMA`. Chained on its own output (`x = splitmix64(x)`) it is a fixed,
/// well-mixed sequence usable at compile time, as the Zobrist keys are drawn.
pub(crate) const fn splitmix64(mut x: u64) -> u64 {
    x = x.wrapping_add(GAMMA);
    x = (x ^ (x >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
    x = (x ^ (x >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
    x ^ (x >> 31)
}

/// splitmix64: fast, well mixed, and every seed (0 included) gives a good sequence.
#[derive(Clone, Debug)]
pub struct Rng(u64);

impl Rng {
    pub fn new(seed: u64) -> Rng {
        Rng(seed)
    }

    pub(crate) fn next_u64(&mut self) -> u64 {
        let out = splitmix64(self.0);
        self.0 = self.0.wrapping_add(GAMMA);
        out
    }

    /// A number in `0..n` (0 when `n` is 0); the slight bias of the modulo does not
    /// matter here.
    pub fn below(&mut self, n: usize) -> usize {
        (self.next_u64() % n.max(1) as u64) as usize
    }

    /// A float in `[0, 1)`.
    pub(crate) fn unit(&mut self) -> f32 {
        (self.next_u64() >> 40) as f32 / (1u64 << 24) as f32
    }

    /// One of `items` (not empty), uniformly.
    pub fn pick<T: Copy>(&mut self, items: &[T]) -> T {
        items[self.below(items.len())]
    }

    /// True `percent` times in a hundred.
    pub fn chance(&mut self, percent: usize) -> bool {
        self.below(100) < percent
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The generator before it moved here wrote its sequence this way; datagen and
    /// training runs repeat from their seeds only while the two agree.
    #[test]
    fn the_sequence_is_splitmix64_of_the_running_state() {
        let mut rng = Rng::new(7);
        let mut state = 7u64;
        for _ in 0..100 {
            state = state.wrapping_add(GAMMA);
            let mut z = state;
            z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
            z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
            assert_eq!(rng.next_u64(), z ^ (z >> 31));
        }
    }
}
