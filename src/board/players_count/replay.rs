//! A game replayed under a count the players started at a given ply (pyffish's
//! `count_started`), checked against the game as it goes.

use crate::board::count_state::{NOT_RUNNING, ON, PlayersCount};
use crate::board::moves::Move;
use crate::board::position::Position;
use crate::board::types::PieceKind;
use crate::board::variant::Variant;
use std::fmt;

/// Why a `count_started` value does not fit the game it is applied to.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum CountMisfit {
    /// Below -1: no meaning.
    BelowRange,
    /// Players' counting asked in a game that counts automatically only.
    NotCountedByHand(Variant),
    /// The count would start after the game's next ply (`last`: the game ply reached).
    BeyondNextPly { last: i64 },
    /// The count would start at game ply `ply`, while a pawn stood on the board.
    PawnOnBoard { ply: i64 },
}

/// A `count_started` value (pyffish's: 0 automatic, -1 players' counting with no count
/// running, N a count running since game ply N) that does not fit its game, and why.
/// Each interface names the value as its callers know it ([`CountError::named`]): UCI's
/// and XBoard's `CountStarted`, Python's `count_started`, JavaScript's `countStarted`.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct CountError {
    /// The value given.
    pub value: i64,
    /// Why it does not fit.
    pub misfit: CountMisfit,
}

impl CountError {
    /// The reason, the value named `name` (e.g. `CountStarted 203: beyond the next ply ...`).
    pub fn named(&self, name: &str) -> String {
        format!("{name} {}: {}", self.value, self.misfit_text())
    }

    fn misfit_text(&self) -> String {
        match self.misfit {
            CountMisfit::BelowRange => {
                "must be 0 (automatic), -1 (no count running) or a game ply >= 1".to_string()
            }
            CountMisfit::NotCountedByHand(variant) => format!(
                "{variant} does not count by hand (only makruk, makpong and cambodian do); use 0"
            ),
            CountMisfit::BeyondNextPly { last } => format!(
                "beyond the next ply (this position is game ply {last}; {} starts a count now)",
                last + 1
            ),
            CountMisfit::PawnOnBoard { ply } => {
                format!("a count started at game ply {ply}, while a pawn was on the board")
            }
        }
    }
}

/// pyffish's name for the value, the rules' own.
impl fmt::Display for CountError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.named("count_started"))
    }
}

impl std::error::Error for CountError {}

// why: most callers answer in text; `?` turns the typed reason into it.
impl From<CountError> for String {
    fn from(e: CountError) -> String {
        e.to_string()
    }
}

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
    ) -> Result<Position, CountError> {
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
    pub fn new(
        start: &Position,
        count_started: i64,
        moves_to_come: usize,
    ) -> Result<Self, CountError> {
        let refused = |misfit| CountError {
            value: count_started,
            misfit,
        };
        let mut pos = start.clone();
        if count_started == 0 {
            return Ok(Self {
                pos,
                count_started,
                starts_at: None,
            });
        }
        if count_started < -1 {
            return Err(refused(CountMisfit::BelowRange));
        }
        if !start.variant().players_count() {
            return Err(refused(CountMisfit::NotCountedByHand(start.variant())));
        }
        let first = start.game_ply() as i64;
        let last = first + moves_to_come as i64;
        let started_at = (count_started >= 1).then_some(count_started - 1);
        if let Some(p) = started_at
            && p > last
        {
            return Err(refused(CountMisfit::BeyondNextPly { last }));
        }
        pos.set_players(PlayersCount {
            flags: ON,
            since_start: NOT_RUNNING,
        });
        if let Some(p) = started_at
            && p <= first
        {
            if pos.pieces_of_kind(PieceKind::Pawn).any() {
                return Err(refused(CountMisfit::PawnOnBoard { ply: p }));
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
    pub fn play(&mut self, m: Move) -> Result<(), CountError> {
        self.pos.play(m);
        let ply = self.pos.game_ply() as i64;
        if self.starts_at == Some(ply) {
            self.pos.start_count().map_err(|_| CountError {
                value: self.count_started,
                misfit: CountMisfit::PawnOnBoard { ply },
            })?;
        }
        Ok(())
    }

    /// The position at the end of the replay.
    pub fn into_position(self) -> Position {
        self.pos
    }
}
