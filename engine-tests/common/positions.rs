//! Positions the black-box tests share (edge cases: mate, stalemate, one legal move,
//! a count run out, promoted mets), the position after a list of moves, and the
//! check of a `bestmove` line against the rules.

use super::bestmove_of;
use khun::board::Position;

/// A quiet opening: both sides develop and trade a pawn.
pub const MIDGAME_MOVES: [&str; 6] = ["e3e4", "d6d5", "e4d5", "e6d5", "g1e2", "b8d7"];
/// Checkmated: Black to move, no legal move.
pub const MATED: &str = "k6R/8/1K6/8/8/8/8/8 b - - 0 1";
/// Stalemate: Black to move, no legal move, not in check.
pub const STALEMATE: &str = "k7/2M5/1K6/8/8/8/8/8 b - - 0 1";
/// Black has exactly one legal move (Ka8-b8).
pub const ONE_MOVE: &str = "k7/8/1K6/8/8/8/8/7R b - - 0 1";
/// The count has run out (ply 33 of 32): drawn, but moves are still legal.
pub const COUNT_OVER: &str = "k7/8/1K6/8/8/8/8/6R1 w - 32 33 54";
/// The last ply of the count: White may still mate (Rh8#).
pub const COUNT_LAST: &str = "k7/8/1K6/8/8/8/8/7R w - 32 32 54";
/// Fairy-Stockfish's form with promoted mets marked `M~` and a running count.
pub const PROMOTED: &str = "8/4m3/5k2/4m~s2/1RM~5/2M3m~1/4K3/8 w - 128 1 61";

/// The position after `moves` from `fen` (the start position for `None`).
pub fn position_after(fen: Option<&str>, moves: &[&str]) -> Position {
    let mut pos = match fen {
        Some(f) => Position::from_fen(f).unwrap_or_else(|e| panic!("{f}: {e}")),
        None => Position::startpos(),
    };
    for m in moves {
        let mv = pos
            .parse_uci_move(m)
            .unwrap_or_else(|e| panic!("{m} in {}: {e}", pos.to_fen()));
        pos.play(mv);
    }
    pos
}

/// Checks a `bestmove` line against the rules: a legal move, or `(none)` exactly when
/// there is no legal move. A `ponder` move, if any, must be legal after it.
pub fn assert_bestmove_legal(pos: &Position, line: &str) {
    assert!(line.starts_with("bestmove "), "not a bestmove line: {line}");
    let best = bestmove_of(line);
    if best == "(none)" {
        assert!(
            pos.legal_moves().is_empty(),
            "bestmove (none) with legal moves in {}",
            pos.to_fen()
        );
        return;
    }
    let mv = pos
        .parse_uci_move(best)
        .unwrap_or_else(|e| panic!("illegal bestmove '{line}' in {}: {e}", pos.to_fen()));
    let tokens: Vec<&str> = line.split_whitespace().collect();
    if let Some(i) = tokens.iter().position(|&t| t == "ponder") {
        let after = pos.after(mv);
        let ponder = tokens.get(i + 1).expect("a ponder move");
        assert!(
            after.parse_uci_move(ponder).is_ok(),
            "illegal ponder move in '{line}' after {}",
            after.to_fen()
        );
    }
}

/// What the editor's count check (`checkFen`'s count problems) says of `read`, a position
/// read back from its own FEN in a real game: nothing, or only that the count has run out
/// where it has. Returns (whether a count runs, whether it has run out), to tally.
pub fn assert_count_fields_real(read: &khun::board::Position, label: &str) -> (bool, bool) {
    let codes: Vec<&str> = khun::rules_api::count_field_problems(read)
        .iter()
        .map(|p| p.code)
        .collect();
    let exceeded = read.count().is_exceeded();
    let want: &[&str] = if exceeded { &["countRunOut"] } else { &[] };
    assert_eq!(codes, want, "{label}");
    (read.count().plies_left().is_some(), exceeded)
}
