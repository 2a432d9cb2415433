//! Which positions a run trains on and which it holds out for validation: a
//! seeded shuffle, a `max_positions` sample, whole games (or single positions)
//! held out, and the mirrored copies added to the training side.

use super::batch;
use super::config::{TrainConfig, ValidationSplit};
use super::dataset::Dataset;
use crate::rng::Rng;

/// The positions a run uses, shuffled, and how they are split.
pub(super) struct PositionSplit {
    /// Every position used (a `--max-positions` prefix of the shuffled dataset).
    pub(super) used: Vec<u32>,
    /// Held out: the validation loss and the quantisation check read these.
    pub(super) validation: Vec<u32>,
    /// Trained on, with the mirrored copies (marked by `batch::MIRRORED`).
    pub(super) training: Vec<u32>,
}

/// Shuffles the dataset's positions, keeps `cfg.max_positions` of them and holds
/// `cfg.val_fraction` out, by whole games or by positions.
pub(super) fn split_positions(
    dataset: &Dataset,
    cfg: &TrainConfig,
    split_seed: u64,
) -> PositionSplit {
    // why shuffle before the split: records come game by game, so a tail cut
    // would validate on a few games (and on the latest, most similar ones).
    let mut used: Vec<u32> = (0..dataset.len() as u32).collect();
    shuffle(&mut used, &mut Rng::new(split_seed));
    if let Some(max) = cfg.max_positions {
        used.truncate(max.max(1));
    }
    let val_count =
        ((used.len() as f64 * cfg.val_fraction).round() as usize).min(used.len().saturating_sub(1));
    let (validation, mut training) = match cfg.split {
        ValidationSplit::Positions => {
            let (val, train) = used.split_at(val_count);
            (val.to_vec(), train.to_vec())
        }
        ValidationSplit::Games => hold_out_games(dataset, &used, val_count, split_seed),
    };
    if cfg.mirror {
        let mirrored: Vec<u32> = training.iter().map(|&i| i | batch::MIRRORED).collect();
        training.extend(mirrored);
    }
    PositionSplit {
        used,
        validation,
        training,
    }
}

/// Splits `order` into validation and training positions by game: whole games, in
/// an order shuffled by `seed`, go to validation until it holds `val_count`
/// positions or more, but never a game that would leave nothing to train on; both
/// parts keep `order`'s order.
fn hold_out_games(
    dataset: &Dataset,
    order: &[u32],
    val_count: usize,
    seed: u64,
) -> (Vec<u32>, Vec<u32>) {
    let mut in_game = vec![0usize; dataset.game_count()];
    for &i in order {
        in_game[dataset.game(i as usize) as usize] += 1;
    }
    let mut games: Vec<u32> = (0..in_game.len() as u32).collect();
    shuffle(&mut games, &mut Rng::new(seed));
    let mut held = vec![false; in_game.len()];
    let mut held_count = 0;
    for g in games {
        if held_count >= val_count {
            break;
        }
        if held_count + in_game[g as usize] >= order.len() {
            continue;
        }
        held[g as usize] = true;
        held_count += in_game[g as usize];
    }
    order
        .iter()
        .partition(|&&i| held[dataset.game(i as usize) as usize])
}

/// Fisher-Yates.
pub(super) fn shuffle(order: &mut [u32], rng: &mut Rng) {
    for i in (1..order.len()).rev() {
        order.swap(i, rng.below(i + 1));
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::board::Position;
    use crate::learn::data::{GameResult, RECORD_BYTES, encode};

    /// `games` games of `plies` random moves from the start, one after the other as
    /// datagen writes them, all drawn: only the move number falling back tells one
    /// game from the next.
    fn records_of_games(games: usize, plies: usize) -> Vec<[u8; RECORD_BYTES]> {
        let mut rng = Rng::new(5);
        let mut records = Vec::new();
        for _ in 0..games {
            let mut pos = Position::startpos();
            for _ in 0..plies {
                records.push(encode(&pos, 0, GameResult::Draw));
                let moves = pos.legal_moves();
                pos.play(moves.as_slice()[rng.below(moves.len())]);
            }
        }
        records
    }

    #[test]
    fn positions_are_numbered_by_game() {
        let (set, stats) = Dataset::from_records(&records_of_games(7, 20), usize::MAX);
        assert_eq!(stats.kept, 140);
        assert_eq!(set.game_count(), 7);
        assert!((0..140).all(|i| set.game(i) == (i / 20) as u32));
        // A change of result starts a game too, even where the move number rises.
        let pos = Position::startpos();
        let records = [
            encode(&pos, 0, GameResult::Draw),
            encode(&pos, 0, GameResult::WhiteWins),
        ];
        assert_eq!(
            Dataset::from_records(&records, usize::MAX).0.game_count(),
            2
        );
    }

    #[test]
    fn games_are_held_out_whole() {
        let (set, _) = Dataset::from_records(&records_of_games(30, 20), usize::MAX);
        let mut order: Vec<u32> = (0..set.len() as u32).collect();
        shuffle(&mut order, &mut Rng::new(9));
        let (val, train) = hold_out_games(&set, &order, 50, 3);
        assert_eq!(val.len() + train.len(), order.len());
        // Three games reach 50 positions: 60 held out, none of them trained on.
        assert_eq!(val.len(), 60);
        let held = |i: &u32| set.game(*i as usize);
        let val_games: std::collections::HashSet<u32> = val.iter().map(held).collect();
        assert_eq!(val_games.len(), 3);
        assert!(train.iter().all(|i| !val_games.contains(&held(i))));
        // Nothing asked, nothing held.
        assert!(hold_out_games(&set, &order, 0, 3).0.is_empty());
        // One game alone is not held out: it is all there is to train on.
        let (one, _) = Dataset::from_records(&records_of_games(1, 20), usize::MAX);
        let all: Vec<u32> = (0..20).collect();
        let (val, train) = hold_out_games(&one, &all, 1, 3);
        assert!(val.is_empty() && train.len() == 20);
    }
}
