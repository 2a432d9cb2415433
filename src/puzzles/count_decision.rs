//! Players' count decisions as puzzles (issue 73): under counting as players count
//! (`board/players_count/`, `shared/RULES.md` "Counting as players count"), the
//! answer is an act on the count (start it, stop it, or keep it running), then the
//! first move.
//!
//! What the rules make a decision, and so a puzzle (each found by comparing the
//! verdicts of the position with the act and without it):
//! - **count-start** (start now): no count runs, no pawn is left, both sides have a
//!   piece besides the king, and the side to move is lost without a count (the
//!   opponent wins) while the board's honour started now draws it (the opponent cannot
//!   mate within its 64 moves). Not starting, by either side, loses. Decided by the
//!   endgame tables only: whether a win takes longer than 64 moves lies far beyond any
//!   search (the four-man K+X v K+Y wins take at most 37 moves, so only the five-man
//!   tables, where they are built, find one). A start a turn later would usually
//!   still hold: the puzzle is that the count saves this position, not the ply.
//! - **count-stop** (stop now): the counting side, to move, wins once it stops, and
//!   keeping its count loses that win in this very turn: either its best move mates at
//!   once (a mate given while its own count runs is a draw, seed 003; stopping and
//!   mating in one turn is allowed), or its own count runs out before its next turn
//!   (the counter reaches the limit with its move or the reply). After the stop the
//!   search assumes the other side starts a fresh count at its first chance (the side
//!   at a disadvantage does); the win must come within it.
//! - **count-keep** (do not stop): the counting side, to move, holds with its count
//!   as it runs (the opponent cannot mate before it runs out), but would lose once it
//!   stopped: a count started again starts from 1 (seeds 003, 004), so even a stop
//!   and a new start at once gives the opponent the full 64 moves, within which it
//!   wins. Decided by the tables where they cover the position, else by two searches
//!   (the count as it runs, and the count started again now).
//!
//! Not puzzles, because the rules give them no answer that the other choice misses:
//! a start is never wrong in itself (the counting side may stop on any turn, and stop
//! and mate in one, so a count started by the side that is ahead, or one started too
//! early, costs nothing unless it is kept while mating, and that is the stop puzzle);
//! a stop with a mate in more than one move, where the count leaves time, may wait for
//! the mating turn; the piece's honour is applied by the rules (pyffish), not by the
//! players, so it offers no decision.
//!
//! Positions come from games replayed as players count ([`players_positions`]): the
//! side the engine judges at a disadvantage starts the board's honour at its first
//! chance (the search's own assumption, `search::count_choice`), and nobody stops.

use super::judge::{Kind, WIN_CP, mate_moves};
use super::output::Puzzle;
use super::search::PuzzleSearch;
use super::verify::verify;
use super::{Found, Source};
use crate::board::{CountAction, Game, Move, Position};
use crate::search::score::TABLE_WIN_BOUND;
use crate::tablebase::Verdict;

/// The most men the tables hold (four-man tables always; five with a directory).
// why: the largest tables Khun builds.
const MOST_TABLE_MEN: u32 = 5;

/// The act a players' count puzzle asks for.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Decision {
    /// Start the board's honour now.
    Start,
    /// Stop the count now.
    Stop,
    /// Keep the count running (do not stop it).
    Keep,
}

impl Decision {
    /// Every act, in the order the module docs give them.
    pub const ALL: [Decision; 3] = [Decision::Start, Decision::Stop, Decision::Keep];

    /// The act a puzzle type names (`count-start`, `count-stop`, `count-keep`), or
    /// `None` for another type.
    pub fn named(type_name: &str) -> Option<Decision> {
        Decision::ALL
            .into_iter()
            .find(|d| d.type_name() == type_name)
    }

    /// The puzzle type's name: `count-start`, `count-stop`, `count-keep`.
    pub fn type_name(self) -> &'static str {
        match self {
            Decision::Start => "count-start",
            Decision::Stop => "count-stop",
            Decision::Keep => "count-keep",
        }
    }

    /// The theme in words.
    pub fn theme(self) -> &'static str {
        match self {
            Decision::Start => "start the count",
            Decision::Stop => "stop the count",
            Decision::Keep => "keep counting",
        }
    }

    /// The act, as the protocols write it: `start`, `stop`, or `keep` (no act).
    pub fn word(self) -> &'static str {
        match self {
            Decision::Keep => "keep",
            Decision::Start => CountAction::Start.word(),
            Decision::Stop => CountAction::Stop.word(),
        }
    }
}

/// What one decision's two sides gave: the right act's score and line (side to move's
/// view, the line played after the act), the other act's score, and the depth.
#[derive(Clone, Debug, PartialEq, Eq)]
pub(crate) struct DecisionFound {
    pub(crate) decision: Decision,
    pub(crate) score: i32,
    pub(crate) pv: Vec<Move>,
    pub(crate) other: i32,
    pub(crate) depth: i32,
    /// Which judged it: "tables" or "search".
    pub(crate) by: &'static str,
}

/// A score for a table verdict, side to move's view: a win or loss at the table's
/// bound, a draw 0.
fn table_score(v: Verdict) -> i32 {
    match v {
        Verdict::Win(_) | Verdict::Converts(_) => TABLE_WIN_BOUND,
        Verdict::Loss(_) | Verdict::Conceded(_) => -TABLE_WIN_BOUND,
        Verdict::Draw => 0,
    }
}

/// Whether a table verdict is lost for the side to move (mated, or its last piece
/// taken into a lost bare-king ending).
fn lost(v: Verdict) -> bool {
    matches!(v, Verdict::Loss(_) | Verdict::Conceded(_))
}

/// `game` with the count as `count_started` says (pyffish's value), if the rules
/// accept it there.
fn recounted(game: &Game, count_started: i64) -> Option<Game> {
    game.recounted(count_started).ok()
}

/// `game` with its count stopped now, and its position as the finder judges a stop:
/// the side now at a disadvantage starts a fresh count at its first chance (the search
/// assumes so too).
fn stopped(game: &Game) -> Option<(Game, Position)> {
    let stopped = recounted(game, -1)?;
    let mut stopped_pos = stopped.position().clone();
    stopped_pos.set_count_starter(Some(!game.position().side_to_move()));
    Some((stopped, stopped_pos))
}

/// Whether `m` mates at `pos`.
pub(crate) fn mates(pos: &Position, m: Move) -> bool {
    let next = pos.after(m);
    next.in_check() && !next.has_legal_move()
}

/// pyffish's `count_started` of a count the side to move starts now.
fn started_now(pos: &Position) -> i64 {
    pos.game_ply() as i64 + 1
}

/// Whether the count, kept, ends the game before the side to move's next turn
/// whatever it plays: after each legal move the game is over, or the counter stands
/// at the limit so that any reply exceeds it.
pub(crate) fn count_ends_before_next_turn(pos: &Position) -> bool {
    let moves = pos.legal_moves();
    !moves.is_empty()
        && moves.iter().all(|&m| {
            let next = pos.after(m);
            let c = next.count();
            next.outcome().is_some() || (c.is_running() && c.ply() >= c.limit())
        })
}

impl PuzzleSearch<'_> {
    /// The score and line of a search of `game` (side to move's view), and its depth.
    fn best_line(&mut self, game: Game) -> Option<(i32, Vec<Move>, i32)> {
        let (lines, depth) = self.lines(game, None);
        let (score, pv) = lines.into_iter().next()?;
        (!pv.is_empty()).then_some((score, pv, depth))
    }

    /// The verdict of the tables for `pos`, with the count as it stands in it.
    fn table_verdict(&self, pos: &Position) -> Option<Verdict> {
        if pos.occupied().count() > MOST_TABLE_MEN {
            return None;
        }
        self.tables.prepare_search(pos, true);
        self.tables.probe_with_count(pos)
    }

    /// A move at `pos` after which the tables say the game is drawn under the count.
    fn drawing_move(&self, pos: &Position) -> Option<Move> {
        pos.legal_moves()
            .iter()
            .copied()
            .find(|&m| self.table_verdict(&pos.after(m)) == Some(Verdict::Draw))
    }

    /// The tables' line from `pos` (their best play to the mate, or nothing where they
    /// do not cover it).
    fn table_line(&self, pos: &Position) -> Vec<Move> {
        let mut line = Vec::new();
        self.tables.extend_line(pos, &mut line);
        line
    }

    /// The players' count decision at `game`'s position, if it makes one (module
    /// docs); `None` outside players' counting or where no act is in question.
    pub(crate) fn count_decision(&mut self, game: &Game) -> Option<DecisionFound> {
        let pos = game.position();
        if !pos.players_counting() || pos.outcome().is_some() {
            return None;
        }
        if pos.may_start_count().is_ok() && pos.both_sides_armed() {
            return self.start_decision(game);
        }
        // why the count in force: once a side is bare the piece's honour replaces the
        // players' count, and stopping that changes nothing (the bared side counts).
        if pos.may_stop_count().is_ok() && pos.counting_side() == Some(pos.side_to_move()) {
            return self
                .stop_decision(game)
                .or_else(|| self.keep_decision(game));
        }
        None
    }

    /// count-start: by the tables, the count started now draws, none at all loses.
    fn start_decision(&mut self, game: &Game) -> Option<DecisionFound> {
        let pos = game.position();
        let started = recounted(game, started_now(pos))?;
        let mut never = pos.clone();
        never.set_count_starter(None);
        let with = self.table_verdict(started.position())?;
        let without = self.table_verdict(&never)?;
        if with != Verdict::Draw || !lost(without) {
            return None;
        }
        // The first move after the start: one the tables keep the draw with.
        let first = self.drawing_move(started.position())?;
        Some(DecisionFound {
            decision: Decision::Start,
            score: 0,
            pv: vec![first],
            other: table_score(without),
            depth: 0,
            by: "tables",
        })
    }

    /// count-stop: the counting side wins once it stops, and keeping the count loses
    /// the win this turn (its best move mates, or the count runs out first).
    fn stop_decision(&mut self, game: &Game) -> Option<DecisionFound> {
        let pos = game.position();
        let runs_out = count_ends_before_next_turn(pos);
        let (stopped, stopped_pos) = stopped(game)?;
        let (score, mut pv, depth, by) = match self.table_verdict(&stopped_pos) {
            Some(v @ (Verdict::Win(_) | Verdict::Converts(_))) => {
                (table_score(v), self.table_line(&stopped_pos), 0, "tables")
            }
            Some(_) => return None,
            None => {
                let (score, pv, depth) = self.best_line(stopped)?;
                (score, pv, depth, "search")
            }
        };
        if pv.is_empty() {
            return None;
        }
        let mates_now = mates(&stopped_pos, pv[0]);
        let wins = score >= WIN_CP || mate_moves(score).is_some();
        if !wins || !(mates_now || runs_out) {
            return None;
        }
        if mates_now {
            pv.truncate(1);
        }
        // The line after the stop, by the rules (a mate in one must be mate).
        let kind = if mates_now {
            Kind::Mate(1)
        } else {
            Kind::Winning
        };
        verify(&stopped_pos, &pv, kind).ok()?;
        // Kept: a mate now is the counting side's mate (a draw), or the count runs out.
        Some(DecisionFound {
            decision: Decision::Stop,
            score,
            pv,
            other: 0,
            depth,
            by,
        })
    }

    /// count-keep: the count as it runs holds, a count started again from 1 loses.
    fn keep_decision(&mut self, game: &Game) -> Option<DecisionFound> {
        let pos = game.position();
        let restarted = recounted(game, started_now(pos))?;
        if let (Some(kept), Some(again)) = (
            self.table_verdict(pos),
            self.table_verdict(restarted.position()),
        ) {
            if kept != Verdict::Draw || !lost(again) {
                return None;
            }
            let first = self.drawing_move(pos)?;
            return Some(DecisionFound {
                decision: Decision::Keep,
                score: 0,
                pv: vec![first],
                other: table_score(again),
                depth: 0,
                by: "tables",
            });
        }
        let (kept, pv, depth) = self.best_line(game.clone())?;
        // why the thresholds: the winning rule's, seen from the defender: held is not
        // lost by the win threshold, lost is lost by it.
        if kept <= -WIN_CP || kept >= WIN_CP {
            return None;
        }
        let (again, _, _) = self.best_line(restarted)?;
        if again > -WIN_CP {
            return None;
        }
        verify(pos, &pv, Kind::CountDecision(Decision::Keep)).ok()?;
        Some(DecisionFound {
            decision: Decision::Keep,
            score: kept,
            pv,
            other: again,
            depth,
            by: "search",
        })
    }

    /// Whether `m`, played after `decision`'s act at `game`'s position, keeps the
    /// tables' verdict that made the act a puzzle: the draw after a start or a keep,
    /// the win after a stop (a mate, or the other side lost by the tables). For
    /// decisions the tables made: the checker takes any such move, as the tables give
    /// no single best one.
    pub(crate) fn keeps_table_verdict(&self, game: &Game, decision: Decision, m: Move) -> bool {
        let pos = game.position();
        match decision {
            Decision::Start => recounted(game, started_now(pos)).is_some_and(|started| {
                self.table_verdict(&started.position().after(m)) == Some(Verdict::Draw)
            }),
            Decision::Keep => self.table_verdict(&pos.after(m)) == Some(Verdict::Draw),
            Decision::Stop => stopped(game).is_some_and(|(_, stopped_pos)| {
                mates(&stopped_pos, m)
                    || self.table_verdict(&stopped_pos.after(m)).is_some_and(lost)
            }),
        }
    }

    /// For decisions the search made: whether `m`, played after `decision`'s act,
    /// keeps what the act is for by its own search (restricted to `m`, at the
    /// finder's limits): the hold of a keep (not lost by the win threshold), the win
    /// of a stop (by the win threshold, or a mate). The score goes with the answer
    /// (side to move's view), `None` where the search gave none.
    pub(crate) fn keeps_search_verdict(
        &mut self,
        game: &Game,
        decision: Decision,
        m: Move,
    ) -> (bool, Option<i32>) {
        let acted = match decision {
            Decision::Keep => Some(game.clone()),
            Decision::Stop => stopped(game).map(|(g, _)| g),
            Decision::Start => recounted(game, started_now(game.position())),
        };
        let Some(acted) = acted else {
            return (false, None);
        };
        let (lines, _) = self.lines(acted, Some(m));
        let score = lines.first().map(|l| l.0);
        let keeps = score.is_some_and(|s| match decision {
            // why the thresholds: the ones the decision was found by (`keep_decision`,
            // `stop_decision`).
            Decision::Keep | Decision::Start => s > -WIN_CP,
            Decision::Stop => s >= WIN_CP || mate_moves(s).is_some(),
        });
        (keeps, score)
    }

    /// The puzzle of the count decision at `game`'s position, if there is one.
    pub(crate) fn decision_puzzle(&mut self, game: &Game, source: Source) -> Found {
        let Some(found) = self.count_decision(game) else {
            return Found::Nothing;
        };
        let pos = game.position();
        Found::Puzzle(decision_as_puzzle(pos, &found, source))
    }
}

/// The position the line of `found` is played from: `pos` after the act.
pub(crate) fn after_act(pos: &Position, decision: Decision) -> Position {
    let mut p = pos.clone();
    let _ = match decision {
        Decision::Start => p.start_count(),
        Decision::Stop => p.stop_count(),
        Decision::Keep => Ok(()),
    };
    p
}

/// `found` at `pos` written as a puzzle (the FEN and `count_started` before the act).
pub(crate) fn decision_as_puzzle(pos: &Position, found: &DecisionFound, source: Source) -> Puzzle {
    let from = after_act(pos, found.decision);
    let count = format!(
        "{}; decided by the {}",
        crate::board::counting::describe(pos),
        found.by
    );
    Puzzle {
        fen: pos.to_fen(),
        variant: pos.variant(),
        bm_san: from.san(found.pv[0]),
        pv: found.pv.clone(),
        kind: Kind::CountDecision(found.decision),
        score: found.score,
        second: Some(found.other),
        depth: found.depth,
        count,
        count_started: pos.count_started(),
        game: source.game,
        ply: source.ply,
    }
}

/// Which count the finder plays a game's positions under: the automatic count, or
/// counting as players count (`--counting players`; a game tagged `[Counting
/// "players"]` is always counted so, with its own count actions).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub enum Counting {
    #[default]
    Automatic,
    Players,
}

impl Counting {
    /// The name `--counting` takes (the rules API's and the page's `counting`).
    pub fn name(self) -> &'static str {
        match self {
            Counting::Automatic => "automatic",
            Counting::Players => "players",
        }
    }
}

impl std::str::FromStr for Counting {
    type Err = String;

    fn from_str(s: &str) -> Result<Counting, String> {
        match s {
            "automatic" => Ok(Counting::Automatic),
            "players" => Ok(Counting::Players),
            _ => Err(format!("'{s}': expected automatic or players")),
        }
    }
}

/// The positions of a game as players count it, each with its count and before any
/// act on it: with `actions` (a game's own, as its PGN has them: plies played before
/// each), those; without, the side the engine judges at a disadvantage (its
/// hand-written evaluation, as `search::count_choice` judges) starts the board's
/// honour at its first chance, and nobody stops. Ends early where the rules refuse the
/// count (an action that does not fit the game).
pub(crate) fn players_positions(
    start: &Position,
    moves: &[Move],
    actions: Option<&[(usize, CountAction)]>,
) -> Vec<Game> {
    let mut games = Vec::with_capacity(moves.len() + 1);
    let mut count_started = -1;
    for i in 0..=moves.len() {
        let Ok(game) = Game::new(start.clone(), &moves[..i], count_started) else {
            break;
        };
        let pos = game.position().clone();
        games.push(game);
        match actions {
            Some(actions) => {
                for &(_, action) in actions.iter().filter(|(ply, _)| *ply == i) {
                    count_started = match action {
                        CountAction::Start => started_now(&pos),
                        CountAction::Stop => -1,
                    };
                }
            }
            None => {
                if count_started == -1
                    && pos.may_start_count().is_ok()
                    && pos.both_sides_armed()
                    && crate::eval::static_score(&pos) < 0
                {
                    count_started = started_now(&pos);
                }
            }
        }
    }
    games
}

#[cfg(test)]
mod tests;
