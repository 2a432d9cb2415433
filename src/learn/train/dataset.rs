//! Training positions in the form the trainer reads fast: for each position the
//! active inputs of both perspectives as `u16`, its score and its result.
//!
//! The inputs are computed once, here, through [`features::index`], the function the
//! engine uses: training and play cannot disagree about what an input means.

use crate::board::Color;
use crate::eval::endgame::count_fade_share;
use crate::learn::data::{self, GameResult, RECORD_BYTES, Record};
use crate::nnue::features;

/// Records scored at or beyond this many centipawns are not trained on.
// why: such scores are wins found by the search (datagen drops mate scores, but a
// won ending can still score in the thousands); sigmoid(score / K) is 1 for all of
// them, so they teach nothing about the scale and only pull the net to saturation.
pub(crate) const MAX_ABS_SCORE: i32 = 10_000;

/// The candidate scales for [`Dataset::fit_scale`]: K in 100..=1000, step 10.
pub(crate) const FIT_SCALE_RANGE: (u32, u32, u32) = (100, 1000, 10);

/// Decoded training positions.
#[derive(Clone, Debug, Default)]
pub struct Dataset {
    /// Active inputs, position after position: the side to move's list, then the
    /// other side's (the two lists have the same length, one entry per piece).
    inputs: Vec<u16>,
    /// Where each position's inputs start in `inputs`; one entry more than positions.
    starts: Vec<usize>,
    /// Centipawns, the side to move's view.
    stm_scores: Vec<i16>,
    /// The game's result, the side to move's view: 1 win, 0.5 draw, 0 loss.
    stm_results: Vec<f32>,
    /// The share of the network's output the engine keeps under the running count
    /// (`eval::endgame::count_fade_share`; 1 when no count runs or the record
    /// predates the count byte).
    count_fades: Vec<f32>,
    /// The game each position comes from, numbered in the order of the records.
    games: Vec<u32>,
    /// The first position from a game against another engine (a record at or after
    /// `from_records`' `outside_from`); the positions keep the records' order, so
    /// every one from here on is such a position, whose result is blended in with
    /// its own weight ([`Dataset::targets`]). `len()` when there are none.
    first_outside: usize,
}

/// What one position's output is fitted to: `sigmoid(out * SCALE / k)` against
/// `value`.
#[derive(Clone, Copy, Debug, PartialEq)]
pub(crate) struct Target {
    pub(crate) value: f32,
    pub(crate) k: f32,
}

/// What loading records kept and dropped.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct LoadStats {
    pub(crate) records: usize,
    pub kept: usize,
    /// Bytes no encoder writes (a damaged file).
    pub(crate) undecodable: usize,
    /// |score| >= [`MAX_ABS_SCORE`].
    pub(crate) huge_score: usize,
    /// One side has only its king: the engine evaluates those by hand
    /// (`eval::evaluate_with_network`), so the network need not learn them.
    pub bare_king: usize,
}

/// The active inputs of a record: the side to move's, then the other side's.
pub fn active_inputs(record: &Record) -> (Vec<u16>, Vec<u16>) {
    let perspective_inputs = |perspective| {
        record
            .pieces
            .iter()
            .map(|&(piece, sq)| features::index(perspective, piece, sq) as u16)
            .collect()
    };
    (
        perspective_inputs(record.side_to_move),
        perspective_inputs(!record.side_to_move),
    )
}

/// The logistic function.
#[inline(always)]
pub(crate) fn sigmoid(x: f32) -> f32 {
    1.0 / (1.0 + (-x).exp())
}

impl Dataset {
    /// Decodes `records` in order, dropping what cannot be trained on. The records
    /// from index `outside_from` on are games against other engines (`usize::MAX`
    /// or `records.len()`: none).
    pub fn from_records(
        records: &[[u8; RECORD_BYTES]],
        outside_from: usize,
    ) -> (Dataset, LoadStats) {
        let mut set = Dataset {
            // why 2 x 24: a typical makruk training position keeps most of its men
            // (pawns are rarely traded early), so this rarely reallocates.
            inputs: Vec::with_capacity(records.len() * 2 * 24),
            starts: Vec::with_capacity(records.len() + 1),
            stm_scores: Vec::with_capacity(records.len()),
            stm_results: Vec::with_capacity(records.len()),
            count_fades: Vec::with_capacity(records.len()),
            games: Vec::with_capacity(records.len()),
            first_outside: usize::MAX,
        };
        // why the move number and the result: records come game after game, and
        // carry no game number; a game ends where the move number falls back or
        // the result changes (as `lab/tools/wdl_fit.py` groups them).
        let mut game = 0u32;
        let mut last: Option<(u16, GameResult)> = None;
        set.starts.push(0);
        let mut stats = LoadStats {
            records: records.len(),
            ..LoadStats::default()
        };
        for (index, bytes) in records.iter().enumerate() {
            if index == outside_from {
                set.first_outside = set.len();
            }
            let Some(record) = data::decode(bytes) else {
                stats.undecodable += 1;
                continue;
            };
            if let Some((fullmove, result)) = last
                && (record.fullmove < fullmove || record.result != result)
            {
                game += 1;
            }
            last = Some((record.fullmove, record.result));
            let score = record.stm_score();
            if score.abs() >= MAX_ABS_SCORE {
                stats.huge_score += 1;
                continue;
            }
            let bare = |color| {
                record
                    .pieces
                    .iter()
                    .filter(|(p, _)| p.color == color)
                    .count()
                    == 1
            };
            if bare(Color::White) || bare(Color::Black) {
                stats.bare_king += 1;
                continue;
            }
            let (stm, nstm) = active_inputs(&record);
            set.inputs.extend_from_slice(&stm);
            set.inputs.extend_from_slice(&nstm);
            set.starts.push(set.inputs.len());
            set.stm_scores.push(score as i16);
            set.stm_results.push(record.stm_result());
            set.count_fades.push(
                record
                    .count_plies_left
                    .map_or(1.0, |left| count_fade_share(left as u16)),
            );
            set.games.push(game);
        }
        set.first_outside = set.first_outside.min(set.len());
        stats.kept = set.len();
        (set, stats)
    }

    /// Positions held.
    pub fn len(&self) -> usize {
        self.stm_scores.len()
    }

    pub fn is_empty(&self) -> bool {
        self.stm_scores.is_empty()
    }

    /// The game position `i` comes from (numbered from 0 in the records' order).
    pub(crate) fn game(&self, i: usize) -> u32 {
        self.games[i]
    }

    /// Games in the records (the last game's number + 1).
    pub(crate) fn game_count(&self) -> usize {
        self.games.last().map_or(0, |&g| g as usize + 1)
    }

    /// Position `i`'s active inputs: the side to move's and the other side's.
    #[inline(always)]
    pub(crate) fn inputs(&self, i: usize) -> (&[u16], &[u16]) {
        let all = &self.inputs[self.starts[i]..self.starts[i + 1]];
        all.split_at(all.len() / 2)
    }

    /// The training target of every position: the search's opinion
    /// `sigmoid(score / k)` blended with the game's result by `wdl` (`outside_wdl`
    /// for a position from a game against another engine), and the K its
    /// output is judged with: `k`, or with `through_count_fade` `k` over the share the
    /// engine's count fade keeps, so the network is fitted to the score before the
    /// fade the engine applies after it (it does not see the count; the search scores
    /// it learns from were faded). Infinite where the fade keeps nothing: that
    /// position teaches nothing.
    pub(crate) fn targets(
        &self,
        wdl: f32,
        outside_wdl: f32,
        k: f32,
        through_count_fade: bool,
    ) -> Vec<Target> {
        self.stm_scores
            .iter()
            .zip(&self.stm_results)
            .zip(&self.count_fades)
            .enumerate()
            .map(|(i, ((&score, &result), &fade))| {
                let weight = if i >= self.first_outside {
                    outside_wdl
                } else {
                    wdl
                };
                Target {
                    value: (1.0 - weight) * sigmoid(score as f32 / k) + weight * result,
                    k: if !through_count_fade {
                        k
                    } else if fade > 0.0 {
                        k / fade
                    } else {
                        f32::INFINITY
                    },
                }
            })
            .collect()
    }

    /// Positions from games against other engines.
    pub(crate) fn outside_count(&self) -> usize {
        self.len() - self.first_outside
    }

    /// Positions whose output the count fade scales down.
    pub(crate) fn count_faded(&self) -> usize {
        self.count_fades.iter().filter(|&&f| f < 1.0).count()
    }

    /// The K in [`FIT_SCALE_RANGE`] for which `sigmoid(score / K)` predicts the
    /// result of the positions `indices` best (least mean squared error), and that
    /// error. A diagnostic: it says whether the default K suits makruk scores.
    pub(crate) fn fit_scale(&self, indices: &[u32]) -> Option<(u32, f64)> {
        if indices.is_empty() {
            return None;
        }
        // why a histogram: positions with the same score and result add the same
        // error, and scores are few distinct integers, so each K costs one pass
        // over the distinct pairs instead of over every position.
        let width = (2 * MAX_ABS_SCORE + 1) as usize;
        let mut counts = vec![[0u64; 3]; width];
        for &i in indices {
            let i = i as usize;
            let score = (self.stm_scores[i] as i32 + MAX_ABS_SCORE) as usize;
            let result = (self.stm_results[i] * 2.0).round() as usize;
            counts[score][result] += 1;
        }
        let pairs: Vec<(f64, f64, f64)> =
            counts
                .iter()
                .enumerate()
                .flat_map(|(score, by_result)| {
                    by_result.iter().enumerate().filter(|(_, n)| **n > 0).map(
                        move |(result, &n)| {
                            (
                                score as f64 - MAX_ABS_SCORE as f64,
                                result as f64 / 2.0,
                                n as f64,
                            )
                        },
                    )
                })
                .collect();
        let (low, high, step) = FIT_SCALE_RANGE;
        (low..=high)
            .step_by(step as usize)
            .map(|k| {
                let error: f64 = pairs
                    .iter()
                    .map(|&(score, result, n)| {
                        let predicted = 1.0 / (1.0 + (-score / k as f64).exp());
                        n * (predicted - result).powi(2)
                    })
                    .sum();
                (k, error / indices.len() as f64)
            })
            .min_by(|a, b| a.1.total_cmp(&b.1))
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::board::Position;
    use crate::learn::data::{GameResult, encode};

    /// A position 20 plies from the end of its count keeps half the output under
    /// the engine's fade (40 plies), so it is judged with twice the K; one without a
    /// count, and every position when the fade is not trained through, with K.
    #[test]
    fn the_count_fade_scales_the_logistic() {
        let counted = Position::from_fen("8/3k4/8/2r5/8/3K4/5R2/8 w - 128 108 80").unwrap();
        let free = Position::from_fen("8/3k4/8/2r5/8/3K4/5R2/8 w - - 0 80").unwrap();
        let records = [
            encode(&counted, 300, GameResult::Draw),
            encode(&free, 300, GameResult::Draw),
        ];
        let (set, stats) = Dataset::from_records(&records, usize::MAX);
        assert_eq!(stats.kept, 2);
        assert_eq!(set.count_faded(), 1);
        let ks = |through| -> Vec<f32> {
            set.targets(0.0, 0.0, 400.0, through)
                .iter()
                .map(|t| t.k)
                .collect()
        };
        assert_eq!(ks(true), vec![800.0, 400.0]);
        assert_eq!(ks(false), vec![400.0, 400.0]);
    }

    /// The records from `outside_from` on blend their result in with the outside
    /// weight, the ones before with the self-play weight: a position scored 0 in a
    /// game White won targets 0.5 from the score alone and 1 from the result alone.
    #[test]
    fn games_against_other_engines_blend_their_results_with_their_own_weight() {
        let position = Position::from_fen("8/3k4/8/2r5/8/3K4/5R2/8 w - - 0 80").unwrap();
        let records = [
            encode(&position, 0, GameResult::WhiteWins),
            encode(&position, 0, GameResult::WhiteWins),
            encode(&position, 0, GameResult::WhiteWins),
        ];
        let (set, stats) = Dataset::from_records(&records, 1);
        assert_eq!((stats.kept, set.outside_count()), (3, 2));
        let values: Vec<f32> = set
            .targets(0.0, 1.0, 400.0, false)
            .iter()
            .map(|t| t.value)
            .collect();
        assert_eq!(values, vec![0.5, 1.0, 1.0]);
        let (none_outside, _) = Dataset::from_records(&records, usize::MAX);
        assert_eq!(none_outside.outside_count(), 0);
    }
}
