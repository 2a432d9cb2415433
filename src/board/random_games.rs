//! Seeded random games for the tests: each game starts from one position and plays
//! uniformly chosen legal moves, showing every position it passes to the caller.

use super::moves::MoveList;
use super::position::Position;
use crate::rng::Rng;

/// Plays `games` random games of at most `plies` plies from `start`, calling `visit`
/// with each position and its legal moves before a move is chosen. A game ends early
/// where no move is legal. `rng` runs on across calls.
pub(crate) fn walk_random_games(
    start: &Position,
    games: usize,
    plies: usize,
    rng: &mut Rng,
    mut visit: impl FnMut(&Position, &MoveList),
) {
    for _ in 0..games {
        let mut pos = start.clone();
        for _ in 0..plies {
            let moves = pos.legal_moves();
            if moves.is_empty() {
                break;
            }
            visit(&pos, &moves);
            let pick = moves.iter().nth(rng.below(moves.len()));
            pos.play(*pick.expect("index below the length"));
        }
    }
}
