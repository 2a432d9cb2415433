//! The BOT API's messages as the client reads them (see the module docs of
//! [`crate::bot`] for where each comes from). Unknown fields are ignored and unknown
//! message types read as [`EventLine::Other`] / [`GameLine::Other`], so a server that
//! adds to its messages does not break the client.

use serde::Deserialize;

/// A player as a challenge names it.
#[derive(Clone, Debug, Deserialize, PartialEq)]
pub struct Challenger {
    pub name: String,
    #[serde(default)]
    pub rating: Option<serde_json::Value>,
    /// `BOT` for a BOT account, empty (or absent) for a person.
    #[serde(default)]
    pub title: Option<String>,
}

/// A challenge's game.
#[derive(Clone, Debug, Deserialize, PartialEq)]
pub struct VariantKey {
    pub key: String,
}

/// A challenge's clock: `limit` and `increment` in seconds, or days per move.
#[derive(Clone, Debug, Deserialize, PartialEq)]
#[serde(tag = "type", rename_all = "lowercase")]
pub enum TimeControl {
    Clock {
        limit: u64,
        increment: u64,
    },
    Correspondence {
        #[serde(rename = "daysPerTurn")]
        days_per_turn: f64,
    },
    /// A kind of clock this client does not know.
    #[serde(other)]
    Unknown,
}

/// A challenge to the BOT.
#[derive(Clone, Debug, Deserialize, PartialEq)]
pub struct Challenge {
    pub id: String,
    pub challenger: Challenger,
    pub variant: VariantKey,
    #[serde(default)]
    pub rated: bool,
    #[serde(rename = "timeControl")]
    pub time_control: TimeControl,
    #[serde(default)]
    pub chess960: bool,
}

/// A game named by its id.
#[derive(Clone, Debug, Deserialize, PartialEq)]
pub struct GameId {
    pub id: String,
}

/// One line of the event stream.
#[derive(Clone, Debug, Deserialize, PartialEq)]
#[serde(tag = "type", rename_all = "camelCase")]
pub enum EventLine {
    Challenge {
        challenge: Challenge,
    },
    GameStart {
        game: GameId,
    },
    Ping,
    #[serde(other)]
    Other,
}

/// A player of a game, by name.
#[derive(Clone, Debug, Deserialize, PartialEq)]
pub struct Player {
    pub name: String,
}

/// A game's variant, by the server's name.
#[derive(Clone, Debug, Deserialize, PartialEq)]
pub struct VariantName {
    pub name: String,
}

/// The game as it stands: the moves since the start and the clocks.
#[derive(Clone, Debug, Deserialize, PartialEq)]
pub struct GameState {
    /// The moves, in UCI notation, separated by spaces (empty at the start).
    pub moves: String,
    /// White's clock, milliseconds.
    pub wtime: f64,
    /// Black's clock, milliseconds.
    pub btime: f64,
    /// White's increment, **seconds**.
    pub winc: f64,
    /// Black's increment, seconds.
    pub binc: f64,
    #[serde(default)]
    pub status: Option<String>,
}

/// The whole game, first on every game stream.
#[derive(Clone, Debug, Deserialize, PartialEq)]
pub struct GameFull {
    pub id: String,
    pub variant: VariantName,
    pub white: Player,
    pub black: Player,
    /// The start position's FEN; empty for the variant's usual start.
    #[serde(rename = "initialFen", default)]
    pub initial_fen: String,
    pub state: GameState,
}

/// One line of a game stream.
#[derive(Clone, Debug, Deserialize, PartialEq)]
#[serde(tag = "type", rename_all = "camelCase")]
pub enum GameLine {
    GameFull(Box<GameFull>),
    GameState(GameState),
    GameEnd,
    Ping,
    #[serde(other)]
    Other,
}

/// Reads one stream line; an empty line (a keep-alive some servers send) is a ping.
pub fn read_line<'a, T: Deserialize<'a>>(line: &'a str) -> Result<Option<T>, String> {
    let line = line.trim();
    if line.is_empty() {
        return Ok(None);
    }
    serde_json::from_str(line).map(Some).map_err(|e| {
        let shown: String = line.chars().take(120).collect();
        format!("unreadable line from the server ({e}): {shown}")
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_servers_messages_are_read_as_it_writes_them() {
        // As server/seek.py's challenge() and game.py's game_full/game_state write them.
        let challenge = r#"{"type":"challenge","challenge":{"id":"abcd1234","challenger":{"name":"human","rating":1500,"title":""},"variant":{"key":"makruk"},"rated":false,"timeControl":{"type":"clock","limit":180,"increment":2},"color":"random","finalColor":"white","speed":"blitz","perf":{"name":"makruk"},"level":0,"chess960":false}}"#;
        let Some(EventLine::Challenge { challenge }) = read_line(challenge).unwrap() else {
            panic!("not a challenge");
        };
        assert_eq!(challenge.variant.key, "makruk");
        assert_eq!(
            challenge.time_control,
            TimeControl::Clock {
                limit: 180,
                increment: 2
            }
        );
        let start = r#"{"type": "gameStart", "game": {"id": "abcd1234", "skill_level": "0", "chess960": "False"}}"#;
        assert_eq!(
            read_line::<EventLine>(start).unwrap(),
            Some(EventLine::GameStart {
                game: GameId {
                    id: "abcd1234".into()
                }
            })
        );
        let full = r#"{"type": "gameFull", "id": "abcd1234", "variant": {"name": "makruk"}, "white": {"name": "human"}, "black": {"name": "Khun"}, "initialFen": "", "createdAt": 1765000000, "state": {"type": "gameState", "moves": "e3e4", "wtime": 179000.5, "btime": 180000, "winc": 2, "binc": 2, "wdraw": false, "bdraw": false, "wtakeback": false, "btakeback": false, "status": "started"}}"#;
        let Some(GameLine::GameFull(full)) = read_line(full).unwrap() else {
            panic!("not a gameFull");
        };
        assert_eq!(full.black.name, "Khun");
        assert_eq!(full.state.moves, "e3e4");
        assert_eq!(full.state.wtime, 179000.5);
        let end = r#"{"type": "gameEnd", "game": {"id": "abcd1234"}}"#;
        assert_eq!(read_line::<GameLine>(end).unwrap(), Some(GameLine::GameEnd));
        assert_eq!(
            read_line::<GameLine>(r#"{"type":"chatLine"}"#).unwrap(),
            Some(GameLine::Other)
        );
        assert_eq!(read_line::<GameLine>("  ").unwrap(), None);
        assert!(read_line::<GameLine>("{not json").is_err());
    }
}
