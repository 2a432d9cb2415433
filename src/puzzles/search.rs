//! One position judged: the engine's two best lines (MultiPV 2, under the count that
//! applies), the puzzle they make (`judge.rs`), the count races, and the solution line
//! replayed by the rules (`verify.rs`). The finder and the checker both judge here.
//!
//! A count race needs a verdict without the count beside the one under it. Where the
//! endgame tables cover the position they give both (`judge::count_race`); elsewhere a
//! second search does: the same position with its count fields reset (`- 0`: no count
//! running, the automatic count free to start again as the rules start it), restricted
//! to the one move in question, at the same limits.

use super::judge::{self, Kind, MIN_LEGAL_MOVES, WIN_CP, mate_moves};
use super::prove::{Disproof, NODE_BUDGET, prove_line};
use super::verify::{Unverified, verify};
use crate::board::{Game, Move, Position, counting};
use crate::engine::{Engine, SearchRequest, Silent};
use crate::search::Limits;
use crate::tablebase::Tables;
use std::sync::Arc;

/// The most men a table holds: beyond it no count-free verdict comes from the tables.
// why: the five-man tables are the largest Khun has.
const MOST_TABLE_MEN: u32 = 5;

/// What a search of one position found, and what it makes of it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Judgement {
    /// The best line (its score, side to move's view, and moves); `None` with no legal
    /// move or a finished game.
    pub(crate) best: Option<(i32, Vec<Move>)>,
    /// The second line's score and first move.
    pub(crate) second: Option<(i32, Move)>,
    /// The depth the lines were searched to.
    pub(crate) depth: i32,
    /// The kind of puzzle the lines make, if any (before the line is replayed).
    pub(crate) kind: Option<Kind>,
    /// For a count race: the score without the count of the move that decides it
    /// (the second move for a win within the count, the best for a hold), from the
    /// side to move's view; `None` where the tables decided or no race was tried.
    pub(crate) count_free: Option<i32>,
    /// The best line as far as the rules take it (finished to mate by the tables in a
    /// table race), and whether the rules accept it for `kind`.
    pub(crate) replayed: Result<(), Unverified>,
    /// For a mate (or a win in N) the rules accept: the exact prover's answer
    /// (`prove.rs`); `Ok` for the other kinds.
    pub(crate) proof: Result<(), Disproof>,
    /// How many of the best line's moves the puzzle asks for: all of them, but a
    /// table race's line ends where its solver's move stops being the only one
    /// (`judge::only_move_length`); the line is replayed and told whole.
    pub(crate) solution_length: usize,
}

impl Judgement {
    /// The moves the puzzle asks for: the best line, or its start that stays a puzzle.
    pub(crate) fn solution(&self) -> Vec<Move> {
        self.best
            .as_ref()
            .map(|(_, pv)| pv[..self.solution_length.min(pv.len())].to_vec())
            .unwrap_or_default()
    }
}

/// The engine a finder or checker searches with, and its limits.
pub struct PuzzleSearch<'a> {
    pub(crate) engine: &'a mut Engine,
    pub(crate) tables: &'a Tables,
    pub(crate) limits: Limits,
}

impl<'a> PuzzleSearch<'a> {
    /// Searches with `engine` (set to two lines here) within `limits`, reading `tables`.
    pub(crate) fn new(
        engine: &'a mut Engine,
        tables: &'a Tables,
        limits: Limits,
    ) -> Result<PuzzleSearch<'a>, String> {
        engine.set_option_to("MultiPV", 2)?;
        Ok(PuzzleSearch {
            engine,
            tables,
            limits,
        })
    }

    /// The lines of a search of `game`'s position, restricted to `only` when given.
    pub(crate) fn lines(&mut self, game: Game, only: Option<Move>) -> (Vec<(i32, Vec<Move>)>, i32) {
        self.engine.set_game(game);
        let mut limits = self.limits.clone();
        limits.searchmoves = only.into_iter().collect();
        let result = self
            .engine
            .search(SearchRequest::now(limits), Arc::new(Silent));
        (result.lines, result.depth)
    }

    /// The score of `m` at `pos` with the count cleared, side to move's view.
    fn count_free_score(&mut self, pos: &Position, m: Move) -> Option<i32> {
        let cleared = count_cleared(pos)?;
        let game = Game::new(cleared, &[], 0).ok()?;
        let (lines, _) = self.lines(game, Some(m));
        lines.first().map(|l| l.0)
    }

    /// Judges `game`'s position: its two best lines, the puzzle they make, and the
    /// best line replayed by the rules.
    pub(crate) fn judge(&mut self, game: Game) -> Judgement {
        let pos = game.position().clone();
        let mut judgement = Judgement {
            best: None,
            second: None,
            depth: 0,
            kind: None,
            count_free: None,
            replayed: Err(Unverified::Empty),
            proof: Ok(()),
            solution_length: 0,
        };
        if pos.outcome().is_some() {
            return judgement;
        }
        let (lines, depth) = self.lines(game, None);
        judgement.depth = depth;
        let Some((best, mut pv)) = lines.first().cloned() else {
            return judgement;
        };
        let second = lines.get(1).and_then(|(s, l)| Some((*s, *l.first()?)));
        judgement.second = second;
        let Some(&first) = pv.first() else {
            judgement.best = Some((best, pv));
            return judgement;
        };
        let race = self.count_race(&pos, (best, first), second, &mut judgement);
        let kind = race
            .or_else(|| judge::classify(best, second.map(|s| s.0)))
            .map(|k| judge::named_by_end(k, &pos, &pv));
        if kind == Some(Kind::CountWin) && judgement.count_free.is_none() {
            // A table race: the search stops where a table takes over, and the tables
            // finish the mate.
            self.tables.extend_line(&pos, &mut pv);
        }
        judgement.kind = kind;
        judgement.replayed = match kind {
            Some(kind) => verify(&pos, &pv, kind),
            None => Ok(()),
        };
        if let (Some(n), Ok(())) = (kind.and_then(Kind::forced_moves), &judgement.replayed) {
            judgement.proof = prove_line(&pos, &pv, n as u8, NODE_BUDGET).0;
        }
        judgement.solution_length = match kind {
            Some(race @ (Kind::CountWin | Kind::CountHold)) if judgement.count_free.is_none() => {
                judge::only_move_length(&pos, self.tables, &pv, race)
            }
            _ => pv.len(),
        };
        judgement.best = Some((best, pv));
        judgement
    }

    /// A count race at `pos`: by the tables where they cover it, else by a second
    /// search without the count.
    ///
    /// - [`Kind::CountWin`]: the best move mates within the count (a mate score under
    ///   the count), the second does not win under it (below the win threshold: the
    ///   count draws it), but wins without the count (the win threshold).
    /// - [`Kind::CountHold`]: the best move holds under the count (not lost by the win
    ///   threshold), the second loses under it, and the best loses without the count:
    ///   only the count saves it.
    fn count_race(
        &mut self,
        pos: &Position,
        best: (i32, Move),
        second: Option<(i32, Move)>,
        judgement: &mut Judgement,
    ) -> Option<Kind> {
        let second = second?;
        if !pos.count().is_running() {
            return None;
        }
        if pos.occupied().count() <= MOST_TABLE_MEN {
            self.tables.prepare_search(pos, true);
            if let Some(kind) = judge::count_race(pos, self.tables, best, Some(second)) {
                return Some(kind);
            }
            // why: a table that covers the position has said no race: the search
            // below would only guess at what the table knows.
            if self.tables.count_verdict(pos).is_some() {
                return None;
            }
        }
        let ((best_score, best_move), (second_score, second_move)) = (best, second);
        if mate_moves(best_score).is_some() && second_score < WIN_CP {
            let free = self.count_free_score(pos, second_move)?;
            judgement.count_free = Some(free);
            return (free >= WIN_CP).then_some(Kind::CountWin);
        }
        if best_score > -WIN_CP && best_score < WIN_CP && second_score <= -WIN_CP {
            let free = self.count_free_score(pos, best_move)?;
            judgement.count_free = Some(free);
            return (free <= -WIN_CP).then_some(Kind::CountHold);
        }
        None
    }
}

/// `pos` with its count fields reset (`- 0`: no count running), `None` where the
/// position cannot be read back so (it always can: the fields are the count's own).
pub(crate) fn count_cleared(pos: &Position) -> Option<Position> {
    let fen = pos.to_fen();
    let mut fields: Vec<&str> = fen.split_whitespace().collect();
    if fields.len() < 6 {
        return None;
    }
    let n = fields.len();
    fields[n - 3] = "-";
    fields[n - 2] = "0";
    Position::from_fen_in(pos.variant(), &fields.join(" ")).ok()
}

/// Whether `pos` is worth searching for a puzzle: the game goes on and the side to
/// move has a choice.
pub(crate) fn worth_searching(pos: &Position) -> bool {
    pos.outcome().is_none() && pos.legal_moves().len() >= MIN_LEGAL_MOVES
}

/// The count at the start in the rules' words; for a count race, also how it ends:
/// the ply of the mate, or that the count runs out first, and the count-free score
/// where a search gave it.
pub(crate) fn count_story(pos: &Position, pv: &[Move], kind: Kind, free: Option<i32>) -> String {
    let start = counting::describe(pos);
    let without = free
        .map(|s| format!("; without the count: {}", super::output::eval_text(s)))
        .unwrap_or_default();
    match kind {
        Kind::CountHold => {
            let limit = pos.count().limit();
            format!("{start}, held: the count runs out on ply {limit} before the mate{without}")
        }
        Kind::CountWin => {
            let mut end = pos.clone();
            for &m in pv {
                end.play(m);
            }
            let c = end.count();
            format!("{start}, mate on ply {} of {}{without}", c.ply(), c.limit())
        }
        _ => start,
    }
}
