//! A game replayed under a count the players started at a given ply (pyffish's
//! `count_started`), checked against the game as it goes.

use crate::board::count_state::{NOT_RUNNING, ON, PlayersCount};
use crate::board::moves::Move;
use crate::board::position::Position;
use crate::board::types::PieceKind;

impl Position {
    /// The game from `start` through `moves` under `count_started`, pyffish's value
    /// (0 automatic, -1 players' counting with no count running, N >= 1 a count the
    /// side to move at game ply N - 1 started). Refused: a value below -1, players'
    /// counting in a game that does not count by hand, a count started beyond the
    /// next ply or while a pawn was on the board.
    pub fn replay_with_count_started(
        start: &Position,
        moves: &[Move],
        count_started: i64,
    ) -> Result<Position, String> {
        let mut replay = CountedReplay::new(start, count_started, moves.len())?;
        for &m in moves {
            replay.play(m)?;
        }
        Ok(replay.into_position())
    }
}

/// A game replayed move by move under `count_started` (pyffish's value, as
/// [`Position::replay_with_count_started`] takes it): the one replay the engine and the
/// rules API walk, each looking at the position between the moves (the game's end, the
/// placements for repetition) without replaying twice.
pub struct CountedReplay {
    pos: Position,
    count_started: i64,
    /// The game ply at which the count starts, where it starts after the first move.
    starts_at: Option<i64>,
}

impl CountedReplay {
    /// The start of a replay of `moves_to_come` moves from `start`: the value is
    /// checked against the game as a whole here (its range, the game, a count started
    /// beyond the next ply or before the start while a pawn stood); a count started
    /// at a later ply with a pawn on the board is refused when the replay gets there.
    pub fn new(start: &Position, count_started: i64, moves_to_come: usize) -> Result<Self, String> {
        let mut pos = start.clone();
        if count_started == 0 {
            return Ok(Self {
                pos,
                count_started,
                starts_at: None,
            });
        }
        if count_started < -1 {
            return Err(format!(
                "CountStarted {count_started}: must be 0 (automatic), -1 (no count running) or a game ply >= 1"
            ));
        }
        if !start.variant().players_count() {
            return Err(format!(
                "CountStarted {count_started}: {} does not count by hand (only makruk, makpong and cambodian do); use 0",
                start.variant()
            ));
        }
        let first = start.game_ply() as i64;
        let last = first + moves_to_come as i64;
        let started_at = (count_started >= 1).then_some(count_started - 1);
        if let Some(p) = started_at
            && p > last
        {
            return Err(format!(
                "CountStarted {count_started}: beyond the next ply (this position is game ply {last}; {} starts a count now)",
                last + 1
            ));
        }
        pos.set_players(PlayersCount {
            flags: ON,
            since_start: NOT_RUNNING,
        });
        if let Some(p) = started_at
            && p <= first
        {
            if pos.pieces_of_kind(PieceKind::Pawn).any() {
                return Err(pawns_refusal(count_started, p));
            }
            let since = (first - p).min(NOT_RUNNING as i64 - 1) as u16;
            pos.set_players(PlayersCount {
                flags: ON,
                since_start: since,
            });
        }
        Ok(Self {
            pos,
            count_started,
            starts_at: started_at.filter(|&p| p > first),
        })
    }

    /// The position reached so far.
    pub fn position(&self) -> &Position {
        &self.pos
    }

    /// Plays `m` (legal in the position reached), and starts the count where it starts
    /// at the ply `m` reaches; refused where a pawn is then on the board.
    pub fn play(&mut self, m: Move) -> Result<(), String> {
        self.pos.play(m);
        let ply = self.pos.game_ply() as i64;
        if self.starts_at == Some(ply) {
            self.pos
                .start_count()
                .map_err(|_| pawns_refusal(self.count_started, ply))?;
        }
        Ok(())
    }

    /// The position at the end of the replay.
    pub fn into_position(self) -> Position {
        self.pos
    }
}

/// Why a count could not start at game ply `ply`: a pawn was on the board.
fn pawns_refusal(count_started: i64, ply: i64) -> String {
    format!(
        "CountStarted {count_started}: a count started at game ply {ply}, while a pawn was on the board"
    )
}
