//! Counting as players count: the seeds' convention, beside Fairy-Stockfish's
//! automatic count (`counting.rs`), for makruk, makpong and Cambodian chess.
//!
//! Under the automatic count a board's-honour count starts by itself once the last
//! pawn is gone. The rules Khun was built from make it an act of the player at a
//! disadvantage (`shared/seeds/`, copied where tests need them):
//! - "The player who is at a disadvantage can start counting" (seed 002); who that
//!   is, is the players' judgement, so either side may start the board's honour, on
//!   its own turn before it moves, once no unpromoted pawn is on the board. That move
//!   is counted 1.
//! - "He or she may stop counting whenever he or she favors" (seed 003): the counting
//!   side may stop on its own turn; a count started again later starts from 1 (seeds
//!   003, 004: "no count restarts unless one side had stopped counting and would like
//!   to start counting again").
//! - "If the disadvantage side checkmates the advantage side and did not stop
//!   counting, the game will be declared a draw" (seed 003): [`Outcome::CountingSideMate`].
//!   Stopping and mating in one turn is allowed, so a counting side that sees a mate
//!   stops first.
//! - The piece's honour: a bared player "can request piece counting" (002), "can (but
//!   does not have to) start a new count" (004). Khun applies it as pyffish does,
//!   automatically, from the material: declining it never helps the bared side (its
//!   count only ever limits the stronger side), and pyffish, the referee of every
//!   server that counts by hand, applies it so.
//!
//! The state is pyffish's `count_started` (pychess.org keeps it per game and hands it
//! to `get_fen` and `is_optional_game_end`): 0 = the automatic count, -1 = players'
//! counting with no count running, N >= 1 = a count running since game ply N (the
//! side to move at ply N - 1 started it). The count's fields are pyffish's arithmetic
//! exactly: the counter is `1 + game ply - N`, the limit the one of the automatic
//! count running beside it (128 plies in makruk and makpong, 126 in Cambodian chess,
//! or that count's own where one side is bare); where one side is a bare king the
//! automatic piece's honour shows. pyffish shows a players' count only where its
//! automatic count runs, so a count started in Cambodian chess binds once a side is
//! down to its king and two men (Cambodian chess's own board's honour), counted from
//! the players' start; in Cambodian chess the shorter of the players' count and the
//! piece's honour applies, as in pyffish.
//!
//! Two rules pyffish leaves to the server are kept here: the counting side's mate is a
//! draw (while its own board's honour is the count in force: once a piece's honour
//! has replaced it, the bared side counts and cannot mate), and a stopped count
//! starts again from 1.
//!
//! The state is part of the position: its key covers the convention, the counter and
//! the search's assumption of who starts (below), so the transposition table never
//! mixes positions whose counts differ. Repetition compares the placement alone, as
//! under the automatic count.
//!
//! The search cannot ask the players, so it assumes: [`Position::set_count_starter`]
//! names the side that starts the count at its first chance (the side at a
//! disadvantage); the other never does, and a running count is never stopped inside
//! the search (the counting side's mate is scored as a win: it stops first).
//!
//! Here: the players' acts (start, stop) and what the position reads of their count;
//! `replay`: a game replayed under pyffish's `count_started` ([`CountedReplay`]).

use super::count_state::{CountState, NOT_RUNNING, ON, PlayersCount};
use super::game_end::Outcome;
use super::position::Position;
use super::types::{Color, PieceKind};
use super::variant::CountingRule;

mod replay;

pub use replay::{CountError, CountMisfit, CountedReplay};

/// The board's-honour limit of players' counting, in plies (Cambodian chess: 63 moves).
pub(crate) fn players_limit(rule: CountingRule) -> u16 {
    if rule == CountingRule::Cambodian {
        126
    } else {
        128
    }
}

/// Which count is in force under players' counting, and how pyffish writes it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum InForce {
    /// One side is a bare king: the automatic piece's honour.
    PiecesHonour,
    /// The count the players started.
    Players,
    /// None runs (pyffish still writes the automatic count's limit with counter 0).
    NoCount,
}

/// What a player may do with the count now, under players' counting.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum CountAction {
    /// The side to move starts the board's honour (its coming move is counted 1).
    Start,
    /// The counting side stops its count.
    Stop,
}

/// Why a players' count action is refused now.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum CountActionError {
    /// The count is automatic here (pyffish's `count_started` 0).
    Automatic,
    /// A count is already running (a start).
    AlreadyRunning,
    /// An unpromoted pawn is on the board (a start).
    PawnOnBoard,
    /// No count is running (a stop).
    NotRunning,
    /// Only the counting side, this one, may stop the count.
    NotCountingSide(Color),
}

impl std::fmt::Display for CountActionError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            CountActionError::Automatic => {
                f.write_str("the count is automatic here (CountStarted 0)")
            }
            CountActionError::AlreadyRunning => f.write_str("a count is already running"),
            CountActionError::PawnOnBoard => {
                f.write_str("no count may start while an unpromoted pawn is on the board")
            }
            CountActionError::NotRunning => f.write_str("no count is running"),
            CountActionError::NotCountingSide(side) => write!(
                f,
                "only the counting side ({}) may stop the count",
                side.name()
            ),
        }
    }
}

impl std::error::Error for CountActionError {}

// why: most callers answer in text.
impl From<CountActionError> for String {
    fn from(e: CountActionError) -> String {
        e.to_string()
    }
}

impl CountAction {
    /// `start` or `stop`, as the protocols write it.
    pub fn word(self) -> &'static str {
        match self {
            CountAction::Start => "start",
            CountAction::Stop => "stop",
        }
    }
}

impl Position {
    /// Whether players count by hand here (pyffish's `count_started` != 0).
    #[inline(always)]
    pub fn players_counting(&self) -> bool {
        self.players().is_on()
    }

    /// pyffish's `count_started`: 0 under the automatic count, -1 when no players'
    /// count runs, else the game ply since which it runs.
    pub fn count_started(&self) -> i64 {
        let players = self.players();
        match (players.is_on(), players.running()) {
            (false, _) => 0,
            (true, None) => -1,
            (true, Some(n)) => self.game_ply() as i64 - n as i64 + 1,
        }
    }

    /// The count in force under players' counting (see the module docs), and which
    /// it is; `None` where no automatic count runs (pyffish writes no count fields).
    fn players_fields(&self) -> Option<(CountState, InForce)> {
        let auto = self.automatic_count();
        if !auto.is_running() {
            return None;
        }
        let players = self.players();
        let since = players.running().unwrap_or(0);
        let rule = self.variant().counting();
        let shorter = rule == CountingRule::Cambodian
            && (126 - since as i32) < auto.limit() as i32 - auto.ply() as i32;
        let limit = if shorter { 126 } else { auto.limit() };
        let bare = !self.pieces_of_kind(PieceKind::Pawn).any() && !self.both_sides_armed();
        Some(if bare && !shorter {
            (auto, InForce::PiecesHonour)
        } else if players.running().is_some() {
            (CountState::new(limit, since), InForce::Players)
        } else {
            (CountState::new(limit, 0), InForce::NoCount)
        })
    }

    /// The count in force under players' counting.
    pub(crate) fn players_count_in_force(&self) -> CountState {
        match self.players_fields() {
            Some((count, InForce::PiecesHonour | InForce::Players)) => count,
            _ => CountState::NONE,
        }
    }

    /// The count fields of the FEN (limit and counter), as pyffish's `get_fen` writes
    /// them for this `count_started`; `None`: no count fields (the half-move clock is
    /// written). Where no count runs but the automatic one would, pyffish writes its
    /// limit with counter 0 (`128 0`), and so does Khun: servers compare FENs.
    pub(crate) fn fen_count_fields(&self) -> Option<CountState> {
        if !self.players_counting() {
            let count = self.automatic_count();
            return count.is_running().then_some(count);
        }
        self.players_fields().map(|(count, _)| count)
    }

    /// The side whose players' count is in force (the side that started it), or `None`.
    pub fn counting_side(&self) -> Option<Color> {
        match self.players_fields() {
            Some((count, InForce::Players)) => Some(if count.ply() % 2 == 0 {
                self.side_to_move()
            } else {
                !self.side_to_move()
            }),
            _ => None,
        }
    }

    /// Why the side to move may not start the count now, or `Ok` when it may.
    pub fn may_start_count(&self) -> Result<(), CountActionError> {
        if !self.players_counting() {
            return Err(CountActionError::Automatic);
        }
        if self.players().running().is_some() {
            return Err(CountActionError::AlreadyRunning);
        }
        if self.pieces_of_kind(PieceKind::Pawn).any() {
            return Err(CountActionError::PawnOnBoard);
        }
        Ok(())
    }

    /// Why the side to move may not stop the count now, or `Ok` when it may.
    pub fn may_stop_count(&self) -> Result<(), CountActionError> {
        if !self.players_counting() {
            return Err(CountActionError::Automatic);
        }
        let Some(since) = self.players().running() else {
            return Err(CountActionError::NotRunning);
        };
        if since % 2 != 0 {
            return Err(CountActionError::NotCountingSide(!self.side_to_move()));
        }
        Ok(())
    }

    /// The side to move starts the board's honour (players' counting).
    pub fn start_count(&mut self) -> Result<(), CountActionError> {
        self.may_start_count()?;
        let players = self.players();
        self.set_players(PlayersCount {
            since_start: 0,
            ..players
        });
        Ok(())
    }

    /// The counting side, to move, stops its count.
    pub fn stop_count(&mut self) -> Result<(), CountActionError> {
        self.may_stop_count()?;
        let players = self.players();
        self.set_players(PlayersCount {
            since_start: NOT_RUNNING,
            ..players
        });
        Ok(())
    }

    /// Applies a count action of the side to move.
    pub fn apply_count_action(&mut self, action: CountAction) -> Result<(), CountActionError> {
        match action {
            CountAction::Start => self.start_count(),
            CountAction::Stop => self.stop_count(),
        }
    }

    /// For the search: `starter` starts the count at its first chance (the side the
    /// engine judges at a disadvantage); the other side never does. No effect under
    /// the automatic count.
    pub(crate) fn set_count_starter(&mut self, starter: Option<Color>) {
        let players = self.players();
        if !players.is_on() {
            return;
        }
        let code = match starter {
            None => 0,
            Some(Color::White) => 1,
            Some(Color::Black) => 2,
        };
        self.set_players(PlayersCount {
            flags: ON | code << 1,
            ..players
        });
        self.start_count_if_assumed();
    }

    /// Under players' counting with no count running: the limit of the count the side
    /// not to move will start on its next turn (the search's assumed starter), or
    /// `None` when no count will start (no starter assumed, or it is the side to
    /// move, which would have started already).
    pub(crate) fn assumed_count_after_next_move(&self) -> Option<u16> {
        let players = self.players();
        (players.is_on()
            && players.running().is_none()
            && players.starter() == Some(!self.side_to_move()))
        .then(|| players_limit(self.variant().counting()))
    }

    /// Each side has a piece besides its king: no bare king, so the piece's honour is not
    /// in force and a board's-honour count may be worth starting.
    #[inline]
    pub(crate) fn both_sides_armed(&self) -> bool {
        Color::ALL
            .into_iter()
            .all(|c| self.pieces_of(c).count() > 1)
    }

    /// After a move: the assumed starter, to move, starts the count when it may.
    #[inline]
    pub(crate) fn start_count_if_assumed(&mut self) {
        let players = self.players();
        if players.starter() == Some(self.side_to_move())
            && players.running().is_none()
            && !self.pieces_of_kind(PieceKind::Pawn).any()
            && self.both_sides_armed()
        {
            self.set_players(PlayersCount {
                since_start: 0,
                ..players
            });
        }
    }

    /// The counting side's mate: a checkmate given by the side whose players' count
    /// is in force (seed 003).
    pub(crate) fn is_counting_side_mate(&self, winner: Color) -> bool {
        self.players_counting() && self.counting_side() == Some(winner)
    }

    /// The players' count in words, e.g. "board's honour (players' count): Black counts,
    /// 3 of 64 moves".
    pub(crate) fn describe_players_count(&self) -> Option<String> {
        if !self.players_counting() {
            return None;
        }
        Some(match self.players_fields() {
            Some((_, InForce::PiecesHonour)) => return None,
            Some((count, InForce::Players)) => {
                let side = self.counting_side().map_or("", |c| c.name());
                let over = if count.is_exceeded() {
                    " (run out: the game is drawn unless it is mate)"
                } else {
                    ""
                };
                format!(
                    "board's honour (players' count): {side} counts, {} of {} moves (ply {} of {}){over}",
                    count.ply().div_ceil(2),
                    count.limit() / 2,
                    count.ply(),
                    count.limit()
                )
            }
            _ => match self.may_start_count() {
                Ok(()) => format!(
                    "no count (players' counting): {} may start the board's honour now",
                    self.side_to_move().name()
                ),
                Err(_) if self.pieces_of_kind(PieceKind::Pawn).any() => {
                    "no count (players' counting): pawns on the board".to_string()
                }
                Err(_) if self.players().running().is_some() => {
                    "players' count started; it binds once the automatic count would run"
                        .to_string()
                }
                Err(why) => format!("no count (players' counting): {why}"),
            },
        })
    }
}

impl Outcome {
    /// The outcome as the players' rules have it: the counting side's mate is a draw.
    pub(crate) fn under_players_count(self, pos: &Position) -> Outcome {
        match self {
            Outcome::Checkmate { winner } if pos.is_counting_side_mate(winner) => {
                Outcome::CountingSideMate { winner }
            }
            other => other,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn replay(fen: &str, moves: &[&str], n: i64) -> Result<Position, String> {
        let start = Position::from_fen(fen).unwrap();
        let mut pos = start.clone();
        let mut list = Vec::new();
        for text in moves {
            let m = pos.parse_uci_move(text).unwrap();
            pos.play(m);
            list.push(m);
        }
        Ok(Position::replay_with_count_started(&start, &list, n)?)
    }

    #[test]
    fn a_count_runs_only_once_started_and_counts_from_the_start() {
        // K+R+N v K+R, White to move at game ply 60 (move 31).
        let fen = "4k3/8/8/3r4/8/8/3N4/R3K3 w - - 0 31";
        let none = replay(fen, &["a1a2", "d5d6"], -1).unwrap();
        assert_eq!(none.count(), CountState::NONE);
        assert_eq!(none.to_fen(), "4k3/8/3r4/8/8/8/R2N4/4K3 w - 128 0 32");
        // Black starts at ply 61 (N = 62): its move is counted 1.
        let started = replay(fen, &["a1a2", "d5d6"], 62).unwrap();
        assert_eq!(started.count(), CountState::new(128, 1));
        assert_eq!(started.counting_side(), Some(Color::Black));
        assert_eq!(started.count_started(), 62);
        assert!(started.may_stop_count().is_err(), "White does not count");
        assert_ne!(started.key(), none.key());
    }

    #[test]
    fn bad_values_are_refused() {
        let fen = "4k3/8/8/3r4/8/8/3N4/R3K3 w - - 0 31";
        assert!(replay(fen, &["a1a2"], 63).is_err(), "beyond the next ply");
        assert!(replay(fen, &["a1a2"], 62).is_ok(), "the next ply");
        assert!(replay(fen, &[], -2).is_err());
        let pawns = "4k3/8/8/p2r4/8/8/3N4/R3K3 w - - 0 31";
        assert!(replay(pawns, &[], 61).is_err(), "a pawn on the board");
        let asean = Position::from_fen_in(
            crate::board::Variant::Asean,
            "4k3/8/8/3r4/8/8/3N4/R3K3 w - - 0 31",
        )
        .unwrap();
        assert!(Position::replay_with_count_started(&asean, &[], -1).is_err());
    }

    #[test]
    fn stop_and_restart_from_one() {
        let fen = "4k3/8/8/3r4/8/8/3N4/R3K3 w - - 0 31";
        let mut pos = replay(fen, &[], -1).unwrap();
        pos.start_count().unwrap();
        assert!(pos.start_count().is_err(), "already running");
        for text in ["a1a2", "d5d6", "a2a3"] {
            let m = pos.parse_uci_move(text).unwrap();
            pos.play(m);
        }
        assert_eq!(pos.count(), CountState::new(128, 3));
        assert!(pos.stop_count().is_err(), "Black is not the counting side");
        let m = pos.parse_uci_move("d6d7").unwrap();
        pos.play(m);
        pos.stop_count().unwrap();
        assert_eq!(pos.count(), CountState::NONE);
        assert_eq!(pos.count_started(), -1);
        pos.start_count().unwrap();
        assert_eq!(pos.count(), CountState::new(128, 0));
        assert_eq!(pos.key(), pos.compute_key());
    }

    #[test]
    fn the_counting_sides_mate_is_a_draw() {
        // White counts and mates with the rook: a draw while its count runs.
        let fen = "k6m/2K5/8/8/8/8/8/2R5 w - - 0 40";
        let start = Position::from_fen(fen).unwrap();
        let m = start.parse_uci_move("c1a1").unwrap();
        let counted = Position::replay_with_count_started(&start, &[m], 79).unwrap();
        assert_eq!(
            counted.outcome(),
            Some(Outcome::CountingSideMate {
                winner: Color::White
            })
        );
        let uncounted = Position::replay_with_count_started(&start, &[m], -1).unwrap();
        assert_eq!(
            uncounted.outcome(),
            Some(Outcome::Checkmate {
                winner: Color::White
            })
        );
    }

    #[test]
    fn only_the_counting_sides_own_running_count_makes_its_mate_a_draw() {
        let fen = "k6m/2K5/8/8/8/8/8/2R5 w - - 0 40";
        let start = Position::from_fen(fen).unwrap();
        let mate = start.parse_uci_move("c1a1").unwrap();
        let after = |n| Position::replay_with_count_started(&start, &[mate], n).unwrap();
        // Black's count (started at ply 77, before the FEN): White's mate wins.
        assert_eq!(
            after(78).outcome(),
            Some(Outcome::Checkmate {
                winner: Color::White
            })
        );
        // White's own count, started long before: still a draw.
        assert_eq!(
            after(41).outcome(),
            Some(Outcome::CountingSideMate {
                winner: Color::White
            })
        );
        // Stopped and mated in one turn: a win.
        let mut pos = Position::replay_with_count_started(&start, &[], 79).unwrap();
        pos.stop_count().unwrap();
        pos.play(mate);
        assert_eq!(
            pos.outcome(),
            Some(Outcome::Checkmate {
                winner: Color::White
            })
        );
        // A piece's honour that replaced the board's: the bare side counts, and the
        // mate of the side that had started the board's honour wins.
        let bare = Position::from_fen("k7/2K5/8/8/8/8/8/2R5 w - 32 10 40").unwrap();
        let m = bare.parse_uci_move("c1a1").unwrap();
        let pos = Position::replay_with_count_started(&bare, &[m], 41).unwrap();
        assert_eq!(
            pos.outcome(),
            Some(Outcome::Checkmate {
                winner: Color::White
            })
        );
    }

    #[test]
    fn the_assumed_starter_counts_at_its_first_chance() {
        let fen = "4k3/8/8/3r4/8/8/3N4/R3K3 w - - 0 31";
        let mut pos = replay(fen, &[], -1).unwrap();
        pos.set_count_starter(Some(Color::Black));
        assert_eq!(pos.count(), CountState::NONE, "White does not start");
        let m = pos.parse_uci_move("a1a2").unwrap();
        pos.play(m);
        assert_eq!(pos.count(), CountState::new(128, 0));
        assert_eq!(pos.counting_side(), Some(Color::Black));
        assert_eq!(pos.key(), pos.compute_key());
    }
}
