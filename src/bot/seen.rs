//! What a game's client knows for sure: the game's variant, start and colours from its
//! `gameFull`, and each move list the server sends replayed by the rules from that
//! start. A move is searched and sent only for a position built here, so the client
//! never answers a position it has not seen (a list it cannot replay is reported and
//! not answered), and it answers each position once (a message queued while its stream
//! was down and sent again after the reconnection is not answered twice).

use super::protocol::GameFull;
use super::settings::server_game;
use crate::board::{Color, Game, Position, Variant};

/// A game as its `gameFull` describes it.
#[derive(Clone, Debug)]
pub struct GameSetup {
    pub id: String,
    pub variant: Variant,
    pub start: Position,
    /// The side the BOT plays.
    pub color: Color,
    pub opponent: String,
}

impl GameSetup {
    /// Reads a `gameFull` for the BOT `username`.
    pub fn from_full(full: &GameFull, username: &str) -> Result<GameSetup, String> {
        let variant = server_game(&full.variant.name)
            .ok_or_else(|| format!("a game of {}, which Khun does not play", full.variant.name))?;
        let (color, opponent) = if full.white.name.eq_ignore_ascii_case(username) {
            (Color::White, &full.black.name)
        } else if full.black.name.eq_ignore_ascii_case(username) {
            (Color::Black, &full.white.name)
        } else {
            return Err(format!(
                "{} against {}: {username} does not play in it",
                full.white.name, full.black.name
            ));
        };
        let start = if full.initial_fen.trim().is_empty() {
            Position::startpos_of(variant)
        } else {
            Position::from_fen_in(variant, full.initial_fen.trim())
                .map_err(|e| format!("its start FEN '{}': {e}", full.initial_fen))?
        };
        Ok(GameSetup {
            id: full.id.clone(),
            variant,
            start,
            color,
            opponent: opponent.clone(),
        })
    }

    /// The game after `moves` (the server's list), replayed by the rules under the
    /// automatic count (pychess's in games with a BOT), or why it cannot be.
    pub fn replay(&self, moves: &str) -> Result<Game, String> {
        let moves: Vec<&str> = moves.split_whitespace().collect();
        Game::from_uci(self.start.clone(), &moves, 0).map_err(|e| e.to_string())
    }
}

/// The positions a game's client has answered.
#[derive(Clone, Debug, Default)]
pub struct Answered {
    /// The move list of the last position a move was sent for.
    last: Option<String>,
}

impl Answered {
    /// Whether the position after `moves` was the last one answered.
    pub fn already(&self, moves: &str) -> bool {
        self.last.as_deref() == Some(normalised(moves).as_str())
    }

    /// A move was sent (and taken by the server) for the position after `moves`.
    pub fn record(&mut self, moves: &str) {
        self.last = Some(normalised(moves));
    }
}

fn normalised(moves: &str) -> String {
    moves.split_whitespace().collect::<Vec<_>>().join(" ")
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::bot::protocol::{GameState, Player, VariantName};

    fn full(variant: &str, white: &str, black: &str, fen: &str) -> GameFull {
        GameFull {
            id: "abcd1234".into(),
            variant: VariantName {
                name: variant.into(),
            },
            white: Player { name: white.into() },
            black: Player { name: black.into() },
            initial_fen: fen.into(),
            state: GameState {
                moves: String::new(),
                wtime: 60_000.0,
                btime: 60_000.0,
                winc: 0.0,
                binc: 0.0,
                status: None,
            },
        }
    }

    #[test]
    fn a_game_is_read_and_only_legal_move_lists_are_replayed() {
        let setup = GameSetup::from_full(&full("makruk", "somchai", "Khun", ""), "khun").unwrap();
        assert_eq!(setup.color, Color::Black);
        assert_eq!(setup.opponent, "somchai");
        let game = setup.replay("e3e4").unwrap();
        assert_eq!(game.position().side_to_move(), Color::Black);
        assert!(setup.replay("e3e5").is_err(), "a pawn's double step");
        assert!(setup.replay("e3e4 e3e4").is_err());
        assert!(GameSetup::from_full(&full("chess", "a", "Khun", ""), "Khun").is_err());
        assert!(GameSetup::from_full(&full("makruk", "a", "b", ""), "Khun").is_err());
        let sittuyin = GameSetup::from_full(
            &full(
                "sittuyin",
                "Khun",
                "b",
                "8/8/4pppp/pppp4/4PPPP/PPPP4/8/8[KFRRSSNNkfrrssnn] w - - 0 1",
            ),
            "Khun",
        )
        .unwrap();
        assert!(sittuyin.replay("R@a1").is_ok());
    }

    #[test]
    fn each_position_is_answered_once() {
        let mut answered = Answered::default();
        assert!(!answered.already(""));
        answered.record("");
        assert!(answered.already(" "));
        assert!(!answered.already("e3e4 e6e5"));
        answered.record("e3e4  e6e5");
        assert!(answered.already("e3e4 e6e5"));
    }
}
