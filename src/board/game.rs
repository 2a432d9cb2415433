//! The game as one value: where it started, the moves played since, and how it is
//! counted, with the position each move reaches. Every front end that is told a game
//! (UCI's `position` and `setoption CountStarted`, XBoard's `setboard`, `usermove` and
//! `option CountStarted`, the command line's `--fen --moves --count-started`, the
//! Python engine's `analyse(fen, moves, count_started=...)`) builds this one value
//! through [`Game::new`], walking the moves once; the engine plays in it.
//!
//! The count is part of the game, not a setting: pyffish's `count_started` (0 the
//! automatic count, -1 players' counting with no count running, N a count running
//! since game ply N) is checked against the game it is applied to, and the players'
//! starts and stops ([`Game::apply_count_action`]) change it as the game goes on.

use super::moves::Move;
use super::notation::MoveError;
use super::players_count::{CountAction, CountError, CountedReplay};
use super::position::Position;
use std::fmt;

/// Why a game told by its moves' text could not be built: which move and why, or
/// which count and why.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum GameError {
    /// Move `number` (from 1) is not a legal move where it comes.
    Move { number: usize, error: MoveError },
    /// The count does not fit the game.
    Count(CountError),
}

impl GameError {
    /// The reason, the count named as the caller knows it (`count_started`).
    pub fn named(&self, count_name: &str) -> String {
        match self {
            GameError::Move { number, error } => format!("move {number} {error}"),
            GameError::Count(e) => e.named(count_name),
        }
    }
}

impl fmt::Display for GameError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.named("count_started"))
    }
}

impl From<CountError> for GameError {
    fn from(e: CountError) -> GameError {
        GameError::Count(e)
    }
}

/// A game: its start, its moves (each legal where it was played), the position after
/// them under the game's count, and the placement of every position on the way
/// (threefold repetition reads them).
#[derive(Clone, Debug)]
pub struct Game {
    start: Position,
    moves: Vec<Move>,
    position: Position,
    /// Placement keys of every position of the game, the current one last.
    placements: Vec<u64>,
}

impl Game {
    /// The game from `start` through `moves` (legal, as a protocol checked them), counted
    /// under `count_started`; refused, with which count field and why, where the count
    /// does not fit (see [`CountedReplay::new`]). One walk through the moves.
    pub fn new(start: Position, moves: &[Move], count_started: i64) -> Result<Game, CountError> {
        Game::walk(start, count_started, moves.len(), |_, i| Ok(moves[i]))
    }

    /// The game from `start` through `moves` in UCI notation, each read against the
    /// legal moves where it comes, counted under `count_started`: one walk.
    pub fn from_uci<S: AsRef<str>>(
        start: Position,
        moves: &[S],
        count_started: i64,
    ) -> Result<Game, GameError> {
        Game::walk(start, count_started, moves.len(), |pos, i| {
            pos.parse_uci_move(moves[i].as_ref())
                .map_err(|error| GameError::Move {
                    number: i + 1,
                    error,
                })
        })
    }

    /// The one walk both constructors take: `length` moves from `start`, the `i`-th
    /// given by `next` in the position it is played from, counted under `count_started`.
    fn walk<E: From<CountError>>(
        start: Position,
        count_started: i64,
        length: usize,
        mut next: impl FnMut(&Position, usize) -> Result<Move, E>,
    ) -> Result<Game, E> {
        let mut replay = CountedReplay::new(&start, count_started, length)?;
        let mut played = Vec::with_capacity(length);
        let mut placements = Vec::with_capacity(length + 1);
        placements.push(replay.position().placement_key());
        for i in 0..length {
            let m = next(replay.position(), i)?;
            replay.play(m)?;
            played.push(m);
            placements.push(replay.position().placement_key());
        }
        Ok(Game {
            start,
            moves: played,
            position: replay.into_position(),
            placements,
        })
    }

    /// A game with no move yet, counted automatically (always fits).
    pub fn starting_at(start: Position) -> Game {
        Game {
            placements: vec![start.placement_key()],
            position: start.clone(),
            start,
            moves: Vec::new(),
        }
    }

    /// The same game counted under `count_started` instead.
    pub fn recounted(&self, count_started: i64) -> Result<Game, CountError> {
        Game::new(self.start.clone(), &self.moves, count_started)
    }

    /// Where the game started.
    pub fn start(&self) -> &Position {
        &self.start
    }

    /// The moves played since the start.
    pub fn moves(&self) -> &[Move] {
        &self.moves
    }

    /// The position reached, under the game's count.
    pub fn position(&self) -> &Position {
        &self.position
    }

    /// The position reached, the rest of the game dropped.
    pub fn into_position(self) -> Position {
        self.position
    }

    /// Placement keys of every position of the game, the current one last.
    pub fn placements(&self) -> &[u64] {
        &self.placements
    }

    /// pyffish's `count_started` of the position reached.
    pub fn count_started(&self) -> i64 {
        self.position.count_started()
    }

    /// Whether `later` is this game with more moves (or the same moves): the same start
    /// and these moves first.
    pub fn is_continued_by(&self, later_start: &Position, later_moves: &[Move]) -> bool {
        later_moves.starts_with(&self.moves)
            && later_start.key() == self.start.key()
            && later_start.game_ply() == self.start.game_ply()
    }

    /// Plays `m` (legal in the position reached); a running count goes on.
    pub fn push(&mut self, m: Move) {
        self.position.play(m);
        self.moves.push(m);
        self.placements.push(self.position.placement_key());
    }

    /// The side to move starts or stops the players' count (see `players_count`).
    pub fn apply_count_action(
        &mut self,
        action: CountAction,
    ) -> Result<(), super::players_count::CountActionError> {
        self.position.apply_count_action(action)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::board::CountMisfit;

    fn moves(start: &Position, texts: &[&str]) -> Vec<Move> {
        let mut pos = start.clone();
        texts
            .iter()
            .map(|t| {
                let m = pos.parse_uci_move(t).unwrap();
                pos.play(m);
                m
            })
            .collect()
    }

    #[test]
    fn a_game_counts_its_moves_under_its_count() {
        // The makpong game: players' count since ply 203, a 128-ply limit.
        let start = Position::from_fen("4r3/3n4/S1s5/7M/8/4k3/7K/5s2 w - - 0 118").unwrap();
        let list = moves(&start, &["h2h1", "e3f4", "a6b7", "e8c8", "h1g1"]);
        let game = Game::new(start.clone(), &list, 203).unwrap();
        assert_eq!(
            game.position().to_fen(),
            "2r5/1S1n4/2s5/7M/5k2/8/8/5sK1 b - 128 37 120"
        );
        assert_eq!(game.placements().len(), 6);
        assert_eq!(game.count_started(), 203);
        // A count started after the game's next ply does not fit it.
        let err = Game::new(start, &[], 300).unwrap_err();
        assert_eq!(err.misfit, CountMisfit::BeyondNextPly { last: 234 });
        assert!(
            err.named("CountStarted")
                .starts_with("CountStarted 300: beyond")
        );
        assert!(err.to_string().starts_with("count_started 300: "));
    }

    #[test]
    fn a_game_told_in_text_says_which_move_or_count_is_wrong() {
        let start = Position::startpos();
        let err = Game::from_uci(start.clone(), &["e3e4", "e3e4"], 0).unwrap_err();
        assert!(matches!(err, GameError::Move { number: 2, .. }), "{err}");
        assert!(err.to_string().starts_with("move 2 "), "{err}");
        let err = Game::from_uci(start.clone(), &["e3e4"], 1).unwrap_err();
        assert_eq!(
            err.named("CountStarted"),
            "CountStarted 1: a count started at game ply 0, while a pawn was on the board"
        );
        let game = Game::from_uci(start, &["e3e4", "e6e5"], -1).unwrap();
        assert_eq!(game.moves().len(), 2);
        assert_eq!(game.count_started(), -1);
    }

    #[test]
    fn a_continued_game_is_recognised() {
        let start = Position::startpos();
        let list = moves(&start, &["e3e4", "e6e5"]);
        let game = Game::new(start.clone(), &list[..1], 0).unwrap();
        assert!(game.is_continued_by(&start, &list));
        assert!(!game.is_continued_by(&start, &[]));
        let other = Position::from_fen("4k3/8/8/8/8/8/8/R3K3 w - - 0 1").unwrap();
        assert!(!game.is_continued_by(&other, &list));
    }
}
