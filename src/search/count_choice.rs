//! The engine's choices under players' counting (`board/players_count/`): when to
//! start the board's honour, when to stop it, and what the search assumes of the
//! other side.
//!
//! A count only ever limits the side that wants to win, and the counting side may
//! stop it and mate in one turn, so starting one costs the side at a disadvantage
//! nothing. Hence:
//! - Before a search, the side to move judges who is at a disadvantage from the
//!   hand-written evaluation of the position (material first; a count's start is a
//!   judgement about the position, not about the search's horizon). The side at a
//!   disadvantage is assumed to start the count at its first chance; when that is the
//!   engine, to move with no count running and no pawn on the board, it starts now.
//! - Inside the search nobody stops a count, and the counting side's mate is scored
//!   as a mate: it stops first (the rules allow stop and mate in one turn).
//! - After a search, the counting side stops when its move mates, or when it no
//!   longer stands worse: its score is at least [`STOP_CP`], and the count now only
//!   limits its own winning attempts.

use super::SearchResult;
use crate::board::{CountAction, Position};

/// The score (centipawns, the counting side's view) from which the counting side
/// stops its count.
// why: well above the start's threshold (a score below zero), so a count is not
// started and stopped by turns as the evaluation wavers around level.
pub(crate) const STOP_CP: i32 = 200;

/// Before a search of `pos` under players' counting: the side assumed to start the
/// count at its first chance is set in `pos`, and when that is the side to move and
/// it may start now, it starts (`Some(Start)`: the protocol says so).
pub(crate) fn before_search(pos: &mut Position) -> Option<CountAction> {
    if !pos.players_counting() {
        return None;
    }
    let us = pos.side_to_move();
    let at_disadvantage = if crate::eval::static_score(pos) < 0 {
        us
    } else {
        !us
    };
    let action = (at_disadvantage == us && pos.both_sides_armed() && pos.start_count().is_ok())
        .then_some(CountAction::Start);
    pos.set_count_starter(Some(at_disadvantage));
    action
}

/// After a search of `pos`: the counting side, to move, stops when its best move mates
/// or when it no longer stands worse.
pub(crate) fn after_search(pos: &Position, result: &SearchResult) -> Option<CountAction> {
    if pos.may_stop_count().is_err() {
        return None;
    }
    let best = result.best?;
    let next = pos.after(best);
    let mates = next.in_check() && !next.has_legal_move();
    (mates || result.score >= STOP_CP).then_some(CountAction::Stop)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::board::Color;

    fn players(fen: &str) -> Position {
        let start = Position::from_fen(fen).unwrap();
        Position::replay_with_count_started(&start, &[], -1).unwrap()
    }

    #[test]
    fn the_side_at_a_disadvantage_starts() {
        // Black, a rook down, to move: it starts.
        let mut pos = players("4k3/8/8/3m4/8/8/3N4/R3K3 b - - 0 31");
        assert_eq!(before_search(&mut pos), Some(CountAction::Start));
        assert_eq!(
            pos.counting_side(),
            None,
            "binds once the automatic count runs"
        );
        assert_eq!(pos.count_started(), 62);
        // White, the rook up, to move: it does not, and assumes Black will.
        let mut pos = players("4k3/8/8/3m4/8/8/3N4/R3K3 w - 128 3 31");
        assert_eq!(before_search(&mut pos), None);
        assert_eq!(pos.count_started(), -1);
        let m = pos.parse_uci_move("a1a2").unwrap();
        pos.play(m);
        assert_eq!(pos.counting_side(), Some(Color::Black));
    }

    #[test]
    fn the_counting_side_stops_to_mate() {
        let start = Position::from_fen("k6m/2K5/8/8/8/8/8/2R5 w - 128 20 40").unwrap();
        let pos = Position::replay_with_count_started(&start, &[], 79).unwrap();
        assert_eq!(pos.counting_side(), Some(Color::White));
        let mate = pos.parse_uci_move("c1a1").unwrap();
        let quiet = pos.parse_uci_move("c1d1").unwrap();
        let result = |mv, score| SearchResult {
            best: Some(mv),
            score,
            ..SearchResult::default()
        };
        assert_eq!(
            after_search(&pos, &result(mate, 0)),
            Some(CountAction::Stop)
        );
        assert_eq!(after_search(&pos, &result(quiet, 50)), None);
        assert_eq!(
            after_search(&pos, &result(quiet, STOP_CP)),
            Some(CountAction::Stop)
        );
    }
}
