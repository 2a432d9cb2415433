//! The checker under counting as players count (issue 73): a claim that is an act on
//! the count (`count-start`, `count-stop`, `count-keep`), or a claim of no act where
//! the count asks for one, judged as the finder judges the act
//! (`count_decision.rs`): the act the position asks for, then the line played after
//! it. Where the tables made the decision any first move that keeps their verdict is
//! right (they name no single best); where the search made it, any first move whose
//! own search still keeps the hold (or the win of a stop), as the page takes any.

use super::{CheckReport, found_puzzle, read_line};
use crate::board::{Game, Position};
use crate::puzzles::count_decision::{
    DecisionFound, after_act, count_ends_before_next_turn, decision_as_puzzle, mates,
};
use crate::puzzles::judge::Kind;
use crate::puzzles::output::eval_text;
use crate::puzzles::verify::verify;
use crate::puzzles::{Decision, PuzzleSearch, Source};

/// Why the side to move may not make `act` at `pos`, in words, or `Ok` (a keep, no
/// act, always may).
fn act_allowed(pos: &Position, act: Decision) -> Result<(), String> {
    match act {
        Decision::Start => pos
            .may_start_count()
            .map_err(|e| format!("the count cannot be started here: {e}")),
        Decision::Stop => pos
            .may_stop_count()
            .map_err(|e| format!("the count cannot be stopped here: {e}")),
        Decision::Keep => Ok(()),
    }
}

/// How a verdict of `found` was reached: "by the tables", or the score and depth of
/// the search.
fn judged_by(found: &DecisionFound, score: i32) -> String {
    if found.by == "tables" {
        "by the tables".to_string()
    } else {
        format!(
            "{} by the search at depth {}",
            eval_text(score),
            found.depth
        )
    }
}

/// Why `found`'s act is the right one at `pos`, in words.
fn why_right(pos: &Position, found: &DecisionFound) -> String {
    let side = pos.side_to_move();
    let (us, them) = (side.name(), (!side).name());
    match found.decision {
        Decision::Start => {
            let moves = after_act(pos, Decision::Start).count().limit() / 2;
            format!(
                "not starting the count loses: with no count {them} wins (by the tables), \
                 while the board's honour started now gives {them} only {moves} moves, \
                 too few to win (a draw by the tables)"
            )
        }
        Decision::Stop => {
            let stopped = after_act(pos, Decision::Stop);
            if mates(&stopped, found.pv[0]) {
                format!(
                    "keeping the count throws the win away: {} mates, but a mate given \
                     by the counting side while its own count runs is a draw; the count \
                     stopped first, the mate wins",
                    stopped.san(found.pv[0])
                )
            } else {
                let ends = if count_ends_before_next_turn(pos) {
                    format!("{us}'s own count runs out before {us}'s next turn (a draw)")
                } else {
                    format!("{us}'s own count ends the game before the win")
                };
                format!(
                    "keeping the count throws the win away: {ends}; stopped, {us} wins \
                     even against a fresh count started by {them} ({})",
                    judged_by(found, found.score)
                )
            }
        }
        Decision::Keep => {
            let moves = pos.count().limit() / 2;
            format!(
                "stopping the count loses: a count started again starts from 1 and gives \
                 {them} {moves} moves, enough to win ({}), while the count as it runs \
                 holds ({})",
                judged_by(found, found.other),
                judged_by(found, found.score)
            )
        }
    }
}

/// The line of a claim whose act is right, played after the act: every move legal
/// and the game not over before it (a stop whose move mates must mate), and its first
/// move one that keeps the tables' verdict (a decision of the tables) or its own
/// search's (a decision of the search). Each failure in words, added to `reasons`.
fn judge_line(
    search: &mut PuzzleSearch<'_>,
    game: &Game,
    solution: &[String],
    found: &DecisionFound,
    reasons: &mut Vec<String>,
) {
    let pos = game.position();
    let after = after_act(pos, found.decision);
    let line = match read_line(&after, solution) {
        Ok(line) if line.is_empty() => {
            reasons.push("the solution is empty".to_string());
            return;
        }
        Ok(line) => line,
        Err(why) => {
            reasons.push(format!("after the act, {why}"));
            return;
        }
    };
    // why a mate: the stop is the puzzle because the counting side's mate would be a
    // draw; stopped, the mate is the win.
    let must_mate = found.decision == Decision::Stop && mates(&after, found.pv[0]);
    let kind = if must_mate {
        Kind::Mate(1)
    } else {
        Kind::CountDecision(found.decision)
    };
    if let Err(why) = verify(&after, &line, kind) {
        reasons.push(format!(
            "after the act, as a {} puzzle: {why}",
            kind.theme()
        ));
    }
    let first = line[0];
    if found.by == "tables" {
        if !search.keeps_table_verdict(game, found.decision, first) {
            let verdict = match found.decision {
                Decision::Stop => "win",
                Decision::Start | Decision::Keep => "draw",
            };
            reasons.push(format!(
                "the first move {} after the act gives the {verdict} away: the tables no \
                 longer see it after that move ({} keeps it)",
                after.san(first),
                after.san(found.pv[0])
            ));
        }
    } else if first != found.pv[0] {
        // why any such move: where several moves hold (or win) alike the engine's
        // pick among them is no better answer, and the page takes any of them.
        let (keeps, score) = search.keeps_search_verdict(game, found.decision, first);
        if !keeps {
            let what = match found.decision {
                Decision::Stop => "win",
                Decision::Start | Decision::Keep => "hold",
            };
            reasons.push(format!(
                "the first move {} after the act gives the {what} away: its own search \
                 at depth {} gives {} ({} keeps it: {})",
                after.san(first),
                found.depth,
                score
                    .map(eval_text)
                    .unwrap_or_else(|| "nothing".to_string()),
                after.san(found.pv[0]),
                eval_text(found.score)
            ));
        }
    }
}

/// Checks a claim at `game`'s position, where the count makes `found`'s decision: a
/// `count-*` type claims its act; no type, or another type, claims no act (the count
/// left as it is: a keep where it runs).
pub(super) fn check_decision(
    search: &mut PuzzleSearch<'_>,
    game: &Game,
    solution: &[String],
    claimed_type: Option<&str>,
    found: DecisionFound,
) -> CheckReport {
    let pos = game.position();
    let right = found.decision;
    let claimed = claimed_type.and_then(Decision::named);
    let act = claimed.unwrap_or(Decision::Keep);
    let mut reasons = Vec::new();
    if let Some(t) = claimed_type
        && claimed.is_none()
    {
        reasons.push(format!(
            "claimed type {t}, but the position is a {} puzzle ({}): the answer is an act \
             on the count",
            right.type_name(),
            right.theme()
        ));
    }
    if let Err(why) = act_allowed(pos, act) {
        reasons.push(why);
    }
    if act != right {
        let claim = match claimed {
            Some(d) => d.type_name().to_string(),
            None => "leaving the count as it is (no act)".to_string(),
        };
        reasons.push(format!(
            "the right act is {} ({}), not {claim}: {}",
            right.type_name(),
            right.theme(),
            why_right(pos, &found)
        ));
    } else {
        judge_line(search, game, solution, &found, &mut reasons);
    }
    CheckReport {
        valid: reasons.is_empty(),
        reasons,
        best_move: found.pv.first().map(|m| m.to_string()),
        best: Some(found.score),
        second: Some(found.other),
        depth: found.depth,
        found: Some(decision_as_puzzle(pos, &found, Source::default())),
    }
}

/// Checks a claimed `act` at `game`'s position, where the count makes no decision:
/// not a puzzle; the report says what the position is instead, with no act, if the
/// ordinary judgement finds a puzzle.
pub(super) fn check_no_decision(
    search: &mut PuzzleSearch<'_>,
    game: Game,
    act: Decision,
) -> CheckReport {
    let pos = game.position().clone();
    let mut reasons = Vec::new();
    if let Err(why) = act_allowed(&pos, act) {
        reasons.push(why);
    }
    reasons.push(format!(
        "no count act is a puzzle here: neither starting, stopping nor keeping the count \
         decides the game, so {} ({}) is not an answer",
        act.type_name(),
        act.theme()
    ));
    let judgement = search.judge(game);
    let found = found_puzzle(&pos, &judgement);
    reasons.push(match &found {
        Some(p) => format!(
            "the position is a {} puzzle ({}) instead, with no act on the count: {}",
            p.kind.name(),
            p.kind.theme(),
            p.bm_san
        ),
        None => "nor is it another kind of puzzle".to_string(),
    });
    CheckReport {
        valid: false,
        reasons,
        best_move: judgement
            .best
            .as_ref()
            .and_then(|(_, pv)| pv.first())
            .map(|m| m.to_string()),
        best: judgement.best.as_ref().map(|b| b.0),
        second: judgement.second.map(|s| s.0),
        depth: judgement.depth,
        found,
    }
}
