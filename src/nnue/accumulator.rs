//! The hidden layer's sums for both perspectives, kept up to date move by move, and
//! the output computed from them.
//!
//! A move changes at most three inputs (the mover leaves, a captured piece leaves,
//! the mover or the met it promotes to arrives), so a child's accumulator is its
//! parent's with two or three rows subtracted and added: 256 lanes of i16 each, a few
//! dozen vector instructions. The loops are written over fixed-size arrays so the
//! compiler vectorises them; on x86-64 a copy compiled for AVX2 is chosen at run time
//! when the CPU has it (the build's baseline, x86-64-v2, has 128-bit vectors only).

use super::features::{self, Delta};
use super::network::{HIDDEN, Network, QA, QB, Row, SCALE, output_bucket};
use crate::board::{Color, Position};

/// The hidden layer's pre-activation sums, one row per colour's perspective.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
#[repr(C, align(64))]
pub(crate) struct Accumulator {
    pub(crate) rows: [Row; 2],
}

impl Default for Accumulator {
    fn default() -> Self {
        Accumulator {
            rows: [Row([0; HIDDEN]); 2],
        }
    }
}

impl Accumulator {
    /// The sums computed from scratch for `pos`.
    pub(crate) fn refresh(net: &Network, pos: &Position) -> Accumulator {
        let mut acc = Accumulator {
            rows: [net.hidden_bias; 2],
        };
        for color in Color::ALL {
            let row = &mut acc.rows[color.index()].0;
            for input in features::active(pos, color) {
                for (a, w) in row.iter_mut().zip(net.hidden_weights[input].0.iter()) {
                    *a = a.wrapping_add(*w);
                }
            }
        }
        acc
    }

    /// Sets `self` to `parent` changed by `delta`.
    #[inline]
    pub(crate) fn update_from(&mut self, parent: &Accumulator, net: &Network, delta: &Delta) {
        for color in Color::ALL {
            let mut removed = delta.removed_inputs(color);
            let sub1 = removed.next().map(|i| &net.hidden_weights[i]);
            let sub2 = removed.next().map(|i| &net.hidden_weights[i]);
            let add = delta.added_input(color).map(|i| &net.hidden_weights[i]);
            let out = &mut self.rows[color.index()];
            let from = &parent.rows[color.index()];
            match (add, sub1, sub2) {
                (Some(a), Some(s1), None) => simd::add_sub(out, from, a, s1),
                (Some(a), Some(s1), Some(s2)) => simd::add_sub_sub(out, from, a, s1, s2),
                _ => {
                    // A null move (or a delta no move makes): copy and apply what there is.
                    *out = *from;
                    if let Some(a) = add {
                        for (o, w) in out.0.iter_mut().zip(a.0.iter()) {
                            *o = o.wrapping_add(*w);
                        }
                    }
                    for s in [sub1, sub2].into_iter().flatten() {
                        for (o, w) in out.0.iter_mut().zip(s.0.iter()) {
                            *o = o.wrapping_sub(*w);
                        }
                    }
                }
            }
        }
    }
}

/// The network's output for `pos`'s sums, in centipawns from its side to move's
/// view (the men on the board pick the output bucket).
#[inline]
pub(crate) fn output(net: &Network, acc: &Accumulator, pos: &Position) -> i32 {
    let bucket = output_bucket(pos.occupied().count());
    let weights = &net.output_weights[bucket];
    let side_to_move = pos.side_to_move();
    let us = &acc.rows[side_to_move.index()];
    let them = &acc.rows[(!side_to_move).index()];
    let sum = simd::screlu_dot(us, &weights[0]) + simd::screlu_dot(them, &weights[1]);
    (sum / QA + net.output_bias[bucket]) * SCALE / (QA * QB)
}

/// The network's centipawns for `pos` from scratch (tests, `eval`, the trainer's
/// checks).
pub fn evaluate_from_scratch(net: &Network, pos: &Position) -> i32 {
    output(net, &Accumulator::refresh(net, pos), pos)
}

mod simd {
    //! The vector kernels: one portable body each, compiled twice on x86-64 (the
    //! baseline and AVX2) and chosen once at run time.

    use super::super::network::{HIDDEN, QA, Row};

    #[inline(always)]
    fn add_sub_body(out: &mut Row, from: &Row, add: &Row, sub: &Row) {
        for i in 0..HIDDEN {
            out.0[i] = from.0[i].wrapping_add(add.0[i]).wrapping_sub(sub.0[i]);
        }
    }

    #[inline(always)]
    fn add_sub_sub_body(out: &mut Row, from: &Row, add: &Row, sub1: &Row, sub2: &Row) {
        for i in 0..HIDDEN {
            out.0[i] = from.0[i]
                .wrapping_add(add.0[i])
                .wrapping_sub(sub1.0[i])
                .wrapping_sub(sub2.0[i]);
        }
    }

    /// sum over lanes of clamp(x, 0, QA)^2 * w, as (clamp * w) in i16 (the network
    /// loader guarantees |w| * QA fits) times clamp in i32: the pmaddwd pattern.
    #[inline(always)]
    fn screlu_dot_body(acc: &Row, weights: &Row) -> i32 {
        let mut sum = 0i32;
        for i in 0..HIDDEN {
            let v = acc.0[i].clamp(0, QA as i16);
            let vw = v.wrapping_mul(weights.0[i]);
            sum = sum.wrapping_add(vw as i32 * v as i32);
        }
        sum
    }

    #[cfg(target_arch = "x86_64")]
    mod x86 {
        use super::*;

        #[target_feature(enable = "avx2")]
        pub(crate) unsafe fn add_sub(out: &mut Row, from: &Row, add: &Row, sub: &Row) {
            add_sub_body(out, from, add, sub)
        }

        #[target_feature(enable = "avx2")]
        pub(crate) unsafe fn add_sub_sub(out: &mut Row, from: &Row, add: &Row, s1: &Row, s2: &Row) {
            add_sub_sub_body(out, from, add, s1, s2)
        }

        #[target_feature(enable = "avx2")]
        pub(crate) unsafe fn screlu_dot(acc: &Row, weights: &Row) -> i32 {
            use std::arch::x86_64::*;
            // SAFETY: Row is 64-byte aligned and HIDDEN is a multiple of 16, so every
            // 32-byte load is in bounds and aligned.
            unsafe {
                let zero = _mm256_setzero_si256();
                let top = _mm256_set1_epi16(QA as i16);
                let mut sum = _mm256_setzero_si256();
                let mut i = 0;
                while i < HIDDEN {
                    let a = _mm256_load_si256(acc.0.as_ptr().add(i) as *const __m256i);
                    let w = _mm256_load_si256(weights.0.as_ptr().add(i) as *const __m256i);
                    let v = _mm256_min_epi16(_mm256_max_epi16(a, zero), top);
                    let vw = _mm256_mullo_epi16(v, w);
                    sum = _mm256_add_epi32(sum, _mm256_madd_epi16(vw, v));
                    i += 16;
                }
                let lo = _mm256_castsi256_si128(sum);
                let hi = _mm256_extracti128_si256(sum, 1);
                let s = _mm_add_epi32(lo, hi);
                let s = _mm_add_epi32(s, _mm_shuffle_epi32(s, 0b01_00_11_10));
                let s = _mm_add_epi32(s, _mm_shuffle_epi32(s, 0b10_11_00_01));
                _mm_cvtsi128_si32(s)
            }
        }
    }

    /// WebAssembly SIMD (the web build enables `simd128`): `i32x4.dot_i16x8_s` is
    /// pmaddwd, the rest as on x86-64. The adds and subtracts above vectorise as they
    /// are; this sum of products did not (bench under node 0.93 -> 1.0 x, see
    /// lab/log).
    #[cfg(all(target_arch = "wasm32", target_feature = "simd128"))]
    fn wasm_screlu_dot(acc: &Row, weights: &Row) -> i32 {
        use std::arch::wasm32::*;
        let zero = i16x8_splat(0);
        let top = i16x8_splat(QA as i16);
        let mut sum = i32x4_splat(0);
        for (a, w) in acc.0.chunks_exact(8).zip(weights.0.chunks_exact(8)) {
            // SAFETY: each chunk is 8 i16s, 16 bytes in bounds (v128_load reads
            // unaligned).
            let (a, w) = unsafe {
                (
                    v128_load(a.as_ptr() as *const v128),
                    v128_load(w.as_ptr() as *const v128),
                )
            };
            let v = i16x8_min(i16x8_max(a, zero), top);
            sum = i32x4_add(sum, i32x4_dot_i16x8(i16x8_mul(v, w), v));
        }
        i32x4_extract_lane::<0>(sum)
            .wrapping_add(i32x4_extract_lane::<1>(sum))
            .wrapping_add(i32x4_extract_lane::<2>(sum))
            .wrapping_add(i32x4_extract_lane::<3>(sum))
    }

    #[cfg(target_arch = "x86_64")]
    fn has_avx2() -> bool {
        use std::sync::OnceLock;
        static AVX2: OnceLock<bool> = OnceLock::new();
        *AVX2.get_or_init(|| std::arch::is_x86_feature_detected!("avx2"))
    }

    #[inline]
    pub(crate) fn add_sub(out: &mut Row, from: &Row, add: &Row, sub: &Row) {
        #[cfg(target_arch = "x86_64")]
        if has_avx2() {
            // SAFETY: the CPU has AVX2 (checked above).
            return unsafe { x86::add_sub(out, from, add, sub) };
        }
        add_sub_body(out, from, add, sub)
    }

    #[inline]
    pub(crate) fn add_sub_sub(out: &mut Row, from: &Row, add: &Row, sub1: &Row, sub2: &Row) {
        #[cfg(target_arch = "x86_64")]
        if has_avx2() {
            // SAFETY: the CPU has AVX2 (checked above).
            return unsafe { x86::add_sub_sub(out, from, add, sub1, sub2) };
        }
        add_sub_sub_body(out, from, add, sub1, sub2)
    }

    #[inline]
    pub(crate) fn screlu_dot(acc: &Row, weights: &Row) -> i32 {
        #[cfg(target_arch = "x86_64")]
        if has_avx2() {
            // SAFETY: the CPU has AVX2 (checked above).
            return unsafe { x86::screlu_dot(acc, weights) };
        }
        #[cfg(all(target_arch = "wasm32", target_feature = "simd128"))]
        return wasm_screlu_dot(acc, weights);
        #[allow(unreachable_code)]
        screlu_dot_body(acc, weights)
    }

    /// The portable kernel, for tests comparing it with the dispatched one.
    #[cfg(test)]
    pub(crate) fn portable_screlu_dot(acc: &Row, weights: &Row) -> i32 {
        screlu_dot_body(acc, weights)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rng::Rng;

    #[test]
    fn vector_and_portable_output_agree() {
        let net = Network::seeded(3);
        let pos = Position::startpos();
        let acc = Accumulator::refresh(&net, &pos);
        for c in 0..2 {
            assert_eq!(
                simd::screlu_dot(&acc.rows[c], &net.output_weights[5][c]),
                simd::portable_screlu_dot(&acc.rows[c], &net.output_weights[5][c])
            );
        }
    }

    #[test]
    fn incremental_updates_equal_a_refresh() {
        let net = Network::seeded(4);
        let mut rng = Rng::new(99);
        let (mut captures, mut promotions, mut in_place, mut drops) = (0, 0, 0, 0);
        for game in 0..40 {
            // Half makruk, half sittuyin: its drops and promotions in place or with a
            // step change the inputs as well.
            let variant = if game % 2 == 0 {
                crate::board::Variant::Makruk
            } else {
                crate::board::Variant::Sittuyin
            };
            let mut pos = Position::startpos_of(variant);
            let mut acc = Accumulator::refresh(&net, &pos);
            for _ply in 0..200 {
                let moves = pos.legal_moves();
                if moves.is_empty() {
                    break;
                }
                let m = moves.as_slice()[rng.below(moves.len())];
                captures += pos.captured_kind(m).is_some() as usize;
                promotions += m.is_promotion() as usize;
                in_place += (m.is_promotion() && m.from() == m.to()) as usize;
                drops += m.is_drop() as usize;
                let delta = Delta::of_move(&pos, m);
                let mut child = Accumulator::default();
                child.update_from(&acc, &net, &delta);
                pos.play(m);
                assert_eq!(child, Accumulator::refresh(&net, &pos), "{}", pos.to_fen());
                acc = child;
            }
        }
        assert!(
            captures > 100 && promotions > 10 && in_place > 0 && drops >= 20 * 16,
            "{captures} captures, {promotions} promotions ({in_place} in place), {drops} drops"
        );
    }
}
