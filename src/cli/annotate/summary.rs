//! A game in a few numbers, for stderr and `annotate --json`: per side the
//! inaccuracies, mistakes and blunders and the average centipawn loss, and each count
//! of the counting rules with where it started and where it ran out.

use crate::board::count_events::{self, RuleEvent, ply_label};
use crate::board::counting::{self, CountKind};
use crate::board::{Color, Position};
use crate::cli::annotate::review::{self, PositionEval, Verdict};
use crate::pgn::Game;
use serde::Serialize;

/// One side's play.
#[derive(Clone, Debug, Default, PartialEq, Serialize)]
pub(crate) struct SideSummary {
    /// Moves measured against the engine's best (not those played after the rules
    /// had ended the game).
    pub(crate) moves: usize,
    pub(crate) inaccuracies: usize,
    pub(crate) mistakes: usize,
    pub(crate) blunders: usize,
    /// The mean centipawns lost per measured move (scores clamped as for the marks),
    /// one decimal; `None` without a measured move.
    pub(crate) average_loss_cp: Option<f64>,
}

/// One count of the counting rules.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub(crate) struct CountSummary {
    /// `board's honour` or `piece's honour`.
    pub(crate) kind: &'static str,
    /// The position the count starts in (0: it runs in the start position).
    pub(crate) start_ply: usize,
    /// The move that started it, `57. Nxb4`, or `start` for ply 0.
    pub(crate) start_move: String,
    pub(crate) limit_plies: u16,
    /// The counter where it starts.
    pub(crate) counter: u16,
    /// Piece's honour: the side that must mate (`White`/`Black`) and in how many moves.
    pub(crate) side_to_mate: Option<&'static str>,
    pub(crate) moves_to_mate: Option<u16>,
    /// The move after which it would run out if the game went on: `117...`.
    pub(crate) runs_out_after: String,
    /// Where it did run out, when it did: the position and the move, `117... Ka6`.
    pub(crate) ran_out_ply: Option<usize>,
    pub(crate) ran_out_move: Option<String>,
    /// The next count took over from it (a board's honour count turned into a
    /// piece's honour count).
    pub(crate) replaced: bool,
}

/// The summary of one annotated game.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub(crate) struct GameSummary {
    pub(crate) white: SideSummary,
    pub(crate) black: SideSummary,
    pub(crate) counts: Vec<CountSummary>,
}

/// The move leading to position `ply` as PGN writes it: `57. Nxb4`, `117... Ka6`.
fn move_label(game: &Game, positions: &[Position], ply: usize) -> String {
    if ply == 0 {
        return "start".to_string();
    }
    format!(
        "{} {}",
        ply_label(&game.start, ply),
        positions[ply - 1].san(game.moves[ply - 1])
    )
}

impl GameSummary {
    /// The summary of `game` with the engine's `evals` of its positions.
    pub(crate) fn of(game: &Game, evals: &[PositionEval]) -> GameSummary {
        let positions = game.positions();
        let mut sides = [SideSummary::default(), SideSummary::default()];
        let mut loss = [0i64; 2];
        for (i, &m) in game.moves.iter().enumerate() {
            let mover = positions[i].side_to_move();
            let j = review::judge(&evals[i], &evals[i + 1], m, mover);
            if !j.judged {
                continue;
            }
            let s = &mut sides[mover as usize];
            s.moves += 1;
            loss[mover as usize] += j.loss_cp as i64;
            match j.verdict {
                Verdict::Fine => {}
                Verdict::Inaccuracy => s.inaccuracies += 1,
                Verdict::Mistake => s.mistakes += 1,
                Verdict::Blunder => s.blunders += 1,
            }
        }
        for (s, total) in sides.iter_mut().zip(loss) {
            s.average_loss_cp =
                (s.moves > 0).then(|| (total as f64 / s.moves as f64 * 10.0).round() / 10.0);
        }
        let mut counts: Vec<CountSummary> = Vec::new();
        for e in count_events::rule_events(&positions) {
            match e.event {
                RuleEvent::CountStarts {
                    kind,
                    replaced,
                    limit,
                    counter,
                    runs_out_at,
                } => {
                    if replaced && let Some(c) = counts.last_mut() {
                        c.replaced = true;
                    }
                    let strong = match kind {
                        CountKind::PiecesHonour { bare } => Some(!bare),
                        CountKind::BoardsHonour => None,
                    };
                    counts.push(CountSummary {
                        kind: match kind {
                            CountKind::BoardsHonour => "board's honour",
                            CountKind::PiecesHonour { .. } => "piece's honour",
                        },
                        start_ply: e.at,
                        start_move: move_label(game, &positions, e.at),
                        limit_plies: limit,
                        counter,
                        side_to_mate: strong.map(Color::name),
                        moves_to_mate: strong
                            .and_then(|s| counting::moves_left_for(&positions[e.at], s)),
                        runs_out_after: ply_label(&game.start, runs_out_at),
                        ran_out_ply: None,
                        ran_out_move: None,
                        replaced: false,
                    });
                }
                RuleEvent::CountRunsOut { .. } => {
                    if let Some(c) = counts.last_mut() {
                        c.ran_out_ply = Some(e.at);
                        c.ran_out_move = Some(move_label(game, &positions, e.at));
                    }
                }
                RuleEvent::DeadPosition | RuleEvent::GameOver(_) => {}
            }
        }
        let [white, black] = sides;
        GameSummary {
            white,
            black,
            counts,
        }
    }

    /// The summary for a person, one line per game plus one for the counts if any:
    /// `game 3 (A - B), 1-0: White 2 inaccuracies, 1 mistake, 0 blunders, average
    /// loss 35.2 cp; Black ...`.
    pub(crate) fn lines(&self, label: &str, result: &str) -> Vec<String> {
        let side = |name: &str, s: &SideSummary| {
            let plural = |n: usize, one: &str, many: &str| {
                format!("{n} {}", if n == 1 { one } else { many })
            };
            let average = match s.average_loss_cp {
                Some(a) => format!("average loss {a:.1} cp"),
                None => "no move measured".to_string(),
            };
            format!(
                "{name} {}, {}, {}, {average}",
                plural(s.inaccuracies, "inaccuracy", "inaccuracies"),
                plural(s.mistakes, "mistake", "mistakes"),
                plural(s.blunders, "blunder", "blunders"),
            )
        };
        let mut out = vec![format!(
            "{label}, {result}: {}; {}",
            side("White", &self.white),
            side("Black", &self.black)
        )];
        if !self.counts.is_empty() {
            let counts: Vec<String> = self
                .counts
                .iter()
                .map(|c| {
                    let from = if c.start_ply == 0 {
                        "running at the start".to_string()
                    } else {
                        format!("from {}", c.start_move)
                    };
                    let what = match (c.side_to_mate, c.moves_to_mate) {
                        (Some(side), Some(n)) => format!("{side} to mate within {n} moves"),
                        _ => format!("{} moves", c.limit_plies / 2),
                    };
                    let end = match &c.ran_out_move {
                        Some(m) => format!("ran out after {m}"),
                        None if c.replaced => "replaced by the next".to_string(),
                        None => format!("would run out after {}", c.runs_out_after),
                    };
                    format!("{} {from} ({what}), {end}", c.kind)
                })
                .collect();
            out.push(format!("  count: {}", counts.join("; ")));
        }
        out
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::pgn;

    fn eval(score_white: i32, best: Option<crate::board::Move>) -> PositionEval {
        PositionEval {
            score_white,
            depth: 3,
            best,
            pv: best.into_iter().collect(),
        }
    }

    #[test]
    fn counts_per_side_and_the_count() {
        // White takes the last black piece (the count starts), then both sides play
        // on; the engine wanted other moves each time.
        let text = "[FEN \"4k3/8/8/8/8/8/r7/R3K3 w - - 0 1\"]\n\n1. Rxa2 Kd8 2. Kd2 Kc7 *\n";
        let game = pgn::read_and_replay(text).remove(0).unwrap();
        let pos = game.positions();
        let other = |i: usize| {
            pos[i]
                .legal_moves()
                .iter()
                .copied()
                .find(|&m| m != game.moves[i])
        };
        // Scores after each move: White loses 0.6 then 3.5 pawns; Black loses 1.2
        // then nothing.
        let evals = vec![
            eval(700, other(0)),
            eval(640, other(1)),
            eval(760, other(2)),
            eval(410, other(3)),
            eval(410, None),
        ];
        let s = GameSummary::of(&game, &evals);
        assert_eq!(
            (s.white.inaccuracies, s.white.mistakes, s.white.blunders),
            (1, 0, 1)
        );
        assert_eq!(s.white.average_loss_cp, Some(205.0));
        assert_eq!((s.black.mistakes, s.black.moves), (1, 2));
        assert_eq!(s.black.average_loss_cp, Some(60.0));
        assert_eq!(s.counts.len(), 1);
        let c = &s.counts[0];
        assert_eq!(
            (c.kind, c.start_ply, c.start_move.as_str()),
            ("piece's honour", 1, "1. Rxa2")
        );
        assert_eq!((c.side_to_mate, c.moves_to_mate), (Some("White"), Some(13)));
        assert_eq!(c.ran_out_ply, None);
        let lines = s.lines("game 1", "*");
        assert_eq!(
            lines[0],
            "game 1, *: White 1 inaccuracy, 0 mistakes, 1 blunder, average loss 205.0 cp; \
             Black 0 inaccuracies, 1 mistake, 0 blunders, average loss 60.0 cp"
        );
        assert_eq!(
            lines[1],
            "  count: piece's honour from 1. Rxa2 (White to mate within 13 moves), \
             would run out after 14..."
        );
    }
}
