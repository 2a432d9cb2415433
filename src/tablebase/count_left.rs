//! How many plies the count (or ASEAN chess's fifty-move rule) still leaves a
//! position: what a table's distance is compared with.

use crate::board::{Color, CountingRule, Position, counting};

/// The most plies the mate may take from `pos` before the count (or ASEAN's
/// fifty-move rule) ends the game: every position before the mating one must still be
/// within it.
pub(crate) fn plies_allowed(pos: &Position, strong: Color) -> u32 {
    let count = pos.count();
    let by_count = if count.is_running() {
        (count.limit() as u32 + 1).saturating_sub(count.ply() as u32)
    } else {
        // No count yet: the piece's honour starts when the bare side is next to move,
        // with the counter at twice the men on the board (at 0 in ASEAN chess).
        match counting::limit_for(pos, !strong) {
            Some(moves) => {
                let start = if pos.variant().counting() == CountingRule::Asean {
                    0
                } else {
                    2 * pos.occupied().count()
                };
                let plies_before_start = if pos.side_to_move() == strong { 1 } else { 2 };
                (2 * moves as u32 + 1 + plies_before_start).saturating_sub(start)
            }
            None => u32::MAX,
        }
    };
    by_count.min(fifty_moves_allowed(pos))
}

/// The plies ASEAN's fifty-move rule leaves `pos` (a capture resets it, so it binds
/// only until the next one): the position at a hundred plies may still be mate.
fn fifty_moves_allowed(pos: &Position) -> u32 {
    if pos.variant().fifty_move_rule() {
        100u32.saturating_sub(pos.halfmove_clock() as u32)
    } else {
        u32::MAX
    }
}

/// The plies the board's honour (or ASEAN's fifty-move rule) leaves `pos`, a K+X v
/// K+Y position: the last of them may only mate or capture. With no count yet, the
/// next move starts it.
pub(crate) fn duel_allowance(pos: &Position) -> u32 {
    let count = pos.count();
    let by_count = if count.is_running() {
        (count.limit() as u32 + 1).saturating_sub(count.ply() as u32)
    } else if pos.players_counting() {
        // Players' counting: only a count a player starts binds; the search assumes
        // the side at a disadvantage starts it at its first chance.
        match pos.assumed_count_after_next_move() {
            Some(limit) => limit as u32 + 2,
            None => u32::MAX,
        }
    } else {
        match counting::limit_for(pos, !pos.side_to_move()) {
            // The position after the next move starts at counter 0, one ply later.
            Some(moves) => 2 * moves as u32 + 2,
            None => u32::MAX,
        }
    };
    by_count.min(fifty_moves_allowed(pos))
}
