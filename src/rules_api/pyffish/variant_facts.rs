//! What pyffish says of a game by its name alone (`start_fen`, `two_boards`,
//! `captures_to_hand`), for Khun's seven games and for chess.
//!
//! Chess because servers ask for its start without playing it: pychess.org writes a
//! game's PGN with `start_fen("chess")` to learn whether the game was set up from
//! another position. pyffish knows some 120 games by name (and crashes on any other);
//! Khun answers for the eight and refuses the others with the reason.

use super::super::variant_named;
use crate::board::Variant;

/// Chess's start, as pyffish gives it.
const CHESS_START_FEN: &str = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1";

/// A name pyffish's functions of a game's name answer for: one of Khun's games, or
/// chess.
enum Named {
    Played(Variant),
    Chess,
}

fn named(name: &str) -> Result<Named, String> {
    if name == "chess" {
        return Ok(Named::Chess);
    }
    variant_named(name)
        .map(Named::Played)
        .map_err(|e| format!("{e}; of the others, only chess's start is known"))
}

/// pyffish's `start_fen`: the game's start position.
pub fn start_fen(name: &str) -> Result<&'static str, String> {
    Ok(match named(name)? {
        Named::Played(variant) => variant.start_fen(),
        Named::Chess => CHESS_START_FEN,
    })
}

/// pyffish's `two_boards`: whether the game is played on two boards (bughouse's
/// kind); none of these is.
pub fn two_boards(name: &str) -> Result<bool, String> {
    named(name).map(|_| false)
}

/// pyffish's `captures_to_hand`: whether a captured man goes to the capturer's hand
/// (crazyhouse's kind); in none of these (sittuyin's hand holds only its own army,
/// placed at the start).
pub fn captures_to_hand(name: &str) -> Result<bool, String> {
    named(name).map(|_| false)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn answers_as_pyffish_for_the_seven_and_chess() {
        assert_eq!(start_fen("chess"), Ok(CHESS_START_FEN));
        assert_eq!(start_fen("makruk"), Ok(Variant::Makruk.start_fen()));
        for name in Variant::ALL.iter().map(|v| v.name()).chain(["chess"]) {
            assert_eq!(two_boards(name), Ok(false), "{name}");
            assert_eq!(captures_to_hand(name), Ok(false), "{name}");
        }
        let why = start_fen("shogi").unwrap_err();
        assert!(why.starts_with("unknown variant 'shogi'"), "{why}");
        assert!(why.ends_with("only chess's start is known"), "{why}");
    }
}
