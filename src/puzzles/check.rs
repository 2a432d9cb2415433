//! The puzzle checker: a position (its count fields, and the players' count where
//! they count), a claimed solution line, and optionally the claimed type; judged as
//! the finder judges (`search.rs`), then the claim against the judgement: every move
//! legal and the game not over before it, the first move the engine's best and the
//! only one (the second best clearly worse at the stated depth, or by the tables), the
//! line ending as its kind promises under the count that applies (a mate within the
//! count), and a mate (or a win in N) proven exact against every defence (`prove.rs`).
//! The answer says which of these failed, each in words.
//!
//! Under counting as players count a claim may be an act on the count
//! (`count-start`, `count-stop`, `count-keep`, its line played after the act), judged
//! as the finder judges the act (`count_decision.rs`) in `check/count_act.rs`.

mod count_act;

use super::judge::{Kind, MIN_LEGAL_MOVES};
use super::output::eval_text;
use super::prove::{NODE_BUDGET, prove_line};
use super::search::{Judgement, PuzzleSearch};
use super::verify::verify;
use super::{Decision, Puzzle, Source};
use crate::board::{Game, Move, Position};
use serde_json::{Value, json};

/// The checker's answer.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct CheckReport {
    /// Whether the claim is a valid puzzle.
    pub valid: bool,
    /// Why not, each reason in words (empty when valid).
    pub reasons: Vec<String>,
    /// The puzzle the position makes, if any (with the engine's line).
    pub found: Option<Puzzle>,
    /// The engine's best move (UCI) and the two lines' scores, side to move's view.
    pub best_move: Option<String>,
    pub best: Option<i32>,
    pub second: Option<i32>,
    /// The depth searched.
    pub depth: i32,
}

impl CheckReport {
    /// The answer as JSON, as every language gets it.
    pub fn to_json(&self) -> Value {
        let mut object = json!({
            "valid": self.valid,
            "reasons": self.reasons,
            "type": self.found.as_ref().map(|p| p.kind.name()),
            "theme": self.found.as_ref().map(|p| p.kind.theme()),
            "puzzle": self.found.as_ref().map(Puzzle::to_json),
            "bestMove": self.best_move,
            "eval": self.best.map(eval_text),
            "second": self.second.map(eval_text),
            "depth": self.depth,
        });
        if let Some(Puzzle {
            kind: Kind::CountDecision(act),
            ..
        }) = &self.found
        {
            object["action"] = json!(act.word());
        }
        object
    }
}

/// The claim's moves read in UCI, replayed by the rules from `from` (the puzzle's
/// position, or the position after a count act): the moves, or why the line stops
/// (the move's number from 1, and the reason).
fn read_line(from: &Position, solution: &[String]) -> Result<Vec<Move>, String> {
    let mut pos = from.clone();
    let mut moves = Vec::with_capacity(solution.len());
    for (i, text) in solution.iter().enumerate() {
        if let Some(outcome) = pos.outcome() {
            return Err(format!(
                "move {} ({text}): the game is already over ({outcome:?})",
                i + 1
            ));
        }
        let m = pos
            .parse_uci_move(text)
            .map_err(|e| format!("move {} ({text}) is not legal: {e}", i + 1))?;
        pos.play(m);
        moves.push(m);
    }
    Ok(moves)
}

/// Checks the claim that `solution` (UCI moves) solves `game`'s position, of
/// `claimed_type` ([`KNOWN_TYPES`]) when given.
///
/// Under counting as players count a claim is also an act on the count: a `count-*`
/// type claims that act (start, stop, or keep the count), and the solution is the
/// moves played after it; a claim with no such type makes no act (the count left as
/// it is: where a count runs, a keep). Where the count makes a decision
/// (`count_decision.rs`) the claim is judged as the finder judges it; where it makes
/// none, a claim of no act is checked as any other puzzle, and a claimed act is not a
/// puzzle. A `count-*` type under the automatic count is refused ([`claim_fits`]).
pub fn check(
    search: &mut PuzzleSearch<'_>,
    game: Game,
    solution: &[String],
    claimed_type: Option<&str>,
) -> CheckReport {
    if let Err(why) = claim_fits(claimed_type, game.position()) {
        return CheckReport {
            valid: false,
            reasons: vec![why],
            found: None,
            best_move: None,
            best: None,
            second: None,
            depth: 0,
        };
    }
    if game.position().players_counting() {
        let act = claimed_type.and_then(Decision::named);
        if let Some(found) = search.count_decision(&game) {
            return count_act::check_decision(search, &game, solution, claimed_type, found);
        }
        if let Some(act) = act {
            return count_act::check_no_decision(search, game, act);
        }
    }
    check_judged(search, game, solution, claimed_type)
}

/// Why `claimed_type` cannot be claimed at `pos`, or `Ok`: a count act (`count-*`)
/// needs counting as players count (pyffish's `count_started` not 0).
pub fn claim_fits(claimed_type: Option<&str>, pos: &Position) -> Result<(), String> {
    match claimed_type.and_then(Decision::named) {
        Some(act) if !pos.players_counting() => Err(format!(
            "type {}: a count act is a puzzle only under counting as players count \
             (countStarted -1 when no count runs, or the game ply the players' count \
             started at); this position is under the automatic count (countStarted 0)",
            act.type_name()
        )),
        _ => Ok(()),
    }
}

/// Checks a claim with no act on the count: the position judged as the finder judges
/// it (`search.rs`), then the claim against the judgement.
fn check_judged(
    search: &mut PuzzleSearch<'_>,
    game: Game,
    solution: &[String],
    claimed_type: Option<&str>,
) -> CheckReport {
    let pos = game.position().clone();
    let mut reasons = Vec::new();
    let line = match read_line(&pos, solution) {
        Ok(line) if line.is_empty() => {
            reasons.push("the solution is empty".to_string());
            None
        }
        Ok(line) => Some(line),
        Err(why) => {
            reasons.push(why);
            None
        }
    };
    if let Some(outcome) = pos.outcome() {
        reasons.push(format!("the game is over in this position ({outcome:?})"));
    } else if pos.legal_moves().len() < MIN_LEGAL_MOVES {
        reasons.push(format!(
            "fewer than {MIN_LEGAL_MOVES} legal moves: not a puzzle"
        ));
    }
    let judgement = search.judge(game);
    let depth = judgement.depth;
    let best = judgement.best.as_ref().map(|b| b.0);
    let second = judgement.second.map(|s| s.0);
    let best_move = judgement
        .best
        .as_ref()
        .and_then(|(_, pv)| pv.first().copied());
    let found = found_puzzle(&pos, &judgement);
    match (judgement.kind, best, second) {
        (None, Some(b), Some(s)) => reasons.push(format!(
            "no single answer at depth {depth}: the best line ({}) and the second ({}) \
             are not far enough apart for any kind of puzzle",
            eval_text(b),
            eval_text(s)
        )),
        (None, Some(_), None) => reasons.push("one legal move: not a puzzle".to_string()),
        (Some(_), _, _) if judgement.replayed.is_err() => {
            if let Err(why) = &judgement.replayed {
                reasons.push(format!(
                    "the engine's own line is refused by the rules: {why}"
                ));
            }
        }
        (Some(kind), _, _) if judgement.proof.is_err() => {
            if let Err(why) = &judgement.proof {
                reasons.push(format!(
                    "the engine's {} is not proven against every defence: {why}",
                    kind.theme()
                ));
            }
        }
        _ => {}
    }
    if let (Some(line), Some(engine_first)) = (&line, best_move)
        && line[0] != engine_first
    {
        reasons.push(format!(
            "the first move {} is not the best: the engine plays {} at depth {depth} ({})",
            pos.san(line[0]),
            pos.san(engine_first),
            best.map(eval_text).unwrap_or_default()
        ));
    }
    if let (Some(line), Some(kind)) = (&line, judgement.kind) {
        // A race's line may stop before the mate, where the solver's moves stop being
        // the only ones: the tables finish it, as they finish the engine's.
        let mut whole = line.clone();
        if kind == Kind::CountWin {
            search.tables.extend_line(&pos, &mut whole);
        }
        if let Err(why) = verify(&pos, &whole, kind) {
            reasons.push(format!("as a {} puzzle: {why}", kind.theme()));
        } else if let Some(n) = kind.forced_moves()
            && line != judgement.best.as_ref().map_or(&Vec::new(), |b| &b.1)
            && let (Err(why), _) = prove_line(&pos, line, n as u8, NODE_BUDGET)
        {
            // The engine's own line is proven in `judge`; a claimed line of its own
            // is proven here.
            reasons.push(format!("as a {} puzzle: {why}", kind.theme()));
        }
    }
    if let (Some(claimed), Some(kind)) = (claimed_type, judgement.kind)
        && claimed != kind.name()
    {
        reasons.push(format!(
            "claimed type {claimed}, but the position is a {} puzzle ({})",
            kind.name(),
            kind.theme()
        ));
    }
    CheckReport {
        valid: reasons.is_empty(),
        reasons,
        found,
        best_move: best_move.map(|m| m.to_string()),
        best,
        second,
        depth,
    }
}

/// The puzzle `judgement` makes at `pos`, if its line is replayed and proven.
fn found_puzzle(pos: &Position, judgement: &Judgement) -> Option<Puzzle> {
    match (judgement.kind, &judgement.best) {
        (Some(kind), Some((score, pv)))
            if judgement.replayed.is_ok() && judgement.proof.is_ok() =>
        {
            Some(super::puzzle(
                pos,
                kind,
                *score,
                pv.clone(),
                judgement,
                Source::default(),
            ))
        }
        _ => None,
    }
}

/// Whether `name` is a puzzle type the checker knows.
pub fn known_type(name: &str) -> bool {
    KNOWN_TYPES.contains(&name)
}

/// The types a claim may name: [`Kind::name`]'s values, the count acts
/// ([`Decision::type_name`]) among them.
pub const KNOWN_TYPES: &[&str] = &[
    "mate",
    "win",
    "winning",
    "defensive",
    "count",
    "count-start",
    "count-stop",
    "count-keep",
];

#[cfg(test)]
mod tests;
