//! What the evaluation of one position is made of, as counts per tunable weight:
//! the evaluation's linear part is the tapered sum of weight times count.

use super::weights::Weight;
use crate::board::{Color, Position};
use crate::eval::score::S;
use crate::eval::{Term, Tracer, evaluate_with, params, pawns};

/// One position's counts, White's minus Black's, for the weights that count.
#[derive(Clone, Debug, PartialEq)]
pub(crate) struct TracedPosition {
    /// (weight slot, count), non-zero counts only.
    pub(crate) counts: Vec<(u16, i16)>,
    /// The game phase (out of `params::MAX_PHASE`; the middlegame's share).
    pub(crate) phase: i32,
    /// What the evaluation adds that is not tuned here, White's view: the tempo.
    pub(crate) white_offset: i32,
}

/// A [`Tracer`] that keeps each weight's count, White's minus Black's.
struct CountingTracer {
    counts: Vec<i32>,
}

impl Tracer for CountingTracer {
    fn add(&mut self, _: Term, _: Color, _: S) {}

    fn count(&mut self, weight: Weight, color: Color, times: i32) {
        let signed = match color {
            Color::White => times,
            Color::Black => -times,
        };
        self.counts[weight.index()] += signed;
    }
}

/// The counts of `pos`'s evaluation, or `None` when its score is more than the
/// tapered sum: endgame knowledge scales it or adds to it, the count fades it, or
/// the game has an ai-wok (whose weights are not tuned here).
pub(crate) fn trace(pos: &Position) -> Option<TracedPosition> {
    if pos.variant().has_aiwok() {
        return None;
    }
    let mut tracer = CountingTracer {
        counts: vec![0; Weight::COUNT],
    };
    let pawn_terms = pawns::terms_traced(pos, &mut tracer);
    let (_, phase, tapered, endgame, after_endgame, after_count) = evaluate_with(
        pos,
        &mut tracer,
        pawn_terms,
        crate::tablebase::ReadableTables::NONE,
    );
    if endgame.bonus != 0 || endgame.scale != 64 || after_count != after_endgame {
        return None;
    }
    debug_assert_eq!(after_endgame, tapered);
    let counts = tracer
        .counts
        .iter()
        .enumerate()
        .filter(|&(_, &c)| c != 0)
        .map(|(i, &c)| (i as u16, c as i16))
        .collect();
    let white_offset = match pos.side_to_move() {
        Color::White => params::TEMPO,
        Color::Black => -params::TEMPO,
    };
    Some(TracedPosition {
        counts,
        phase,
        white_offset,
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::board::Variant;

    use crate::eval::evaluate;
    use crate::learn::tune_eval::weights;
    use crate::rng::Rng;

    /// The tapered sum of `weights` times the traced counts (White's view), in the
    /// evaluation's own integer arithmetic.
    fn linear_score(weights: &[S], traced: &TracedPosition) -> i32 {
        let mut sum = S::ZERO;
        for &(slot, count) in &traced.counts {
            sum += weights[slot as usize] * count as i32;
        }
        sum.taper(traced.phase, params::MAX_PHASE)
    }

    #[test]
    fn the_traced_counts_give_back_the_evaluation() {
        let current = weights::current();
        let mut rng = Rng::new(0x9E37_79B9_7F4A_7C15);
        let mut traced_positions = 0;
        for variant in [Variant::Makruk, Variant::Cambodian] {
            for _ in 0..40 {
                let mut pos = Position::startpos_of(variant);
                for _ in 0..120 {
                    let moves = pos.legal_moves();
                    if moves.is_empty() {
                        break;
                    }
                    let m = moves.as_slice()[rng.below(moves.len())];
                    pos.play(m);
                    if let Some(traced) = trace(&pos) {
                        traced_positions += 1;
                        let linear = linear_score(&current, &traced);
                        let stm_view = match pos.side_to_move() {
                            Color::White => linear,
                            Color::Black => -linear,
                        };
                        assert_eq!(stm_view + params::TEMPO, evaluate(&pos), "{}", pos.to_fen());
                    }
                }
            }
        }
        assert!(
            traced_positions > 4000,
            "{traced_positions} positions traced"
        );
    }
}
