//! A game's positions searched one by one with the engine, and each move judged
//! against the engine's best: how much it loses, `?!`, `?` or `??`, and the better
//! move.

use crate::board::{Color, Move, Outcome, Position};
use crate::cli::score_text::white_view;
use crate::engine::{Engine, SearchRequest, Silent};
use crate::search::Limits;
use crate::search::score::{self, is_mate};
use std::sync::Arc;

/// Scores are clamped to this many centipawns before moves are compared.
// why: beyond ten pawns the game is decided either way; going from mate in 5 to
// +15 pawns, or from -12 to -20, changes nothing worth a question mark.
pub(crate) const JUDGE_CLAMP_CP: i32 = 1000;

/// A move that loses at least this much (centipawns, clamped scores) gets `?!`.
// why: half a pawn is the usual line for an inaccuracy (lichess and chess.com draw it
// near there): more than the noise between two short searches, less than a clear
// mistake.
pub(crate) const INACCURACY_CP: i32 = 50;

/// A move that loses at least this much (centipawns, clamped scores) gets `?`.
// why: about a pawn (90-120 cp in the material table): a clear loss, and well above
// the noise between two searches of neighbouring positions.
pub(crate) const MISTAKE_CP: i32 = 100;

/// A move that loses at least this much gets `??`.
// why: a minor piece is 400-500 cp, so 300 means a piece or a winning position thrown
// away, not a positional slip.
pub(crate) const BLUNDER_CP: i32 = 300;

/// What the engine thinks of one position of the game.
#[derive(Clone, Debug, PartialEq, Eq)]
pub(crate) struct PositionEval {
    /// From White's view, in the search's units (centipawns, mate scores).
    pub(crate) score_white: i32,
    /// 0 when the position was not searched (the game was over in it).
    pub(crate) depth: i32,
    /// The engine's best move and line, when it searched.
    pub(crate) best: Option<Move>,
    pub(crate) pv: Vec<Move>,
}

/// The score of a position the rules have ended: mate, or a draw.
fn terminal_eval(pos: &Position, outcome: Outcome) -> PositionEval {
    let score = match outcome {
        Outcome::Checkmate { .. } => score::mated_in(0),
        _ => score::DRAW,
    };
    PositionEval {
        score_white: white_view(score, pos.side_to_move()),
        depth: 0,
        best: None,
        pv: Vec::new(),
    }
}

/// Searches every position of a game (`positions[0]` is the start; position `i` comes
/// after `moves[..i]`). Positions in which the rules have ended the game (mate,
/// stalemate, the count run out, no mating material) get their result without a
/// search. `done()` is called after each position; when it answers `false` the
/// evaluation stops there and `None` is returned.
pub(crate) fn evaluate_positions(
    engine: &mut Engine,
    start: &Position,
    moves: &[Move],
    positions: &[Position],
    limits: &Limits,
    mut done: impl FnMut() -> bool,
) -> Option<Vec<PositionEval>> {
    let mut out = Vec::with_capacity(positions.len());
    for (i, pos) in positions.iter().enumerate() {
        if let Some(outcome) = pos.outcome() {
            out.push(terminal_eval(pos, outcome));
        } else {
            // The automatic count (annotate never sets CountStarted): nothing to refuse.
            let _ = engine.set_position(start.clone(), &moves[..i]);
            let result = engine.search(SearchRequest::now(limits.clone()), Arc::new(Silent));
            out.push(PositionEval {
                score_white: white_view(result.score, pos.side_to_move()),
                depth: result.depth,
                best: result.best,
                pv: result.pv,
            });
        }
        if !done() {
            return None;
        }
    }
    Some(out)
}

/// What a move's loss makes of it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Verdict {
    /// Less than `INACCURACY_CP` lost (or the engine's own move).
    Fine,
    /// `?!`: at least `INACCURACY_CP`.
    Inaccuracy,
    /// `?`: at least `MISTAKE_CP`.
    Mistake,
    /// `??`: at least `BLUNDER_CP`.
    Blunder,
}

impl Verdict {
    /// The glyph written after the move: `""`, `?!`, `?` or `??`.
    pub(crate) fn mark(self) -> &'static str {
        match self {
            Verdict::Fine => "",
            Verdict::Inaccuracy => "?!",
            Verdict::Mistake => "?",
            Verdict::Blunder => "??",
        }
    }

    /// `inaccuracy`, `mistake`, `blunder`, or `None` for a fine move.
    pub(crate) fn name(self) -> Option<&'static str> {
        match self {
            Verdict::Fine => None,
            Verdict::Inaccuracy => Some("inaccuracy"),
            Verdict::Mistake => Some("mistake"),
            Verdict::Blunder => Some("blunder"),
        }
    }
}

/// How a move compares with the engine's best.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) struct Judgement {
    /// Centipawns lost against the best move (clamped scores), 0 or more.
    pub(crate) loss_cp: i32,
    pub(crate) verdict: Verdict,
    /// The position before the move was searched (not one the rules had already
    /// ended), so the move was measured at all.
    pub(crate) judged: bool,
}

impl Judgement {
    /// The glyph written after the move: `""`, `?!`, `?` or `??`.
    pub(crate) fn mark(&self) -> &'static str {
        self.verdict.mark()
    }
}

/// A score for comparisons: centipawns within +-`JUDGE_CLAMP_CP`, mates at the ends.
pub(crate) fn clamped(score_white: i32) -> i32 {
    if is_mate(score_white) {
        JUDGE_CLAMP_CP * score_white.signum()
    } else {
        score_white.clamp(-JUDGE_CLAMP_CP, JUDGE_CLAMP_CP)
    }
}

/// Judges `played`, made by `mover` in the position of `before`, leading to `after`.
pub(crate) fn judge(
    before: &PositionEval,
    after: &PositionEval,
    played: Move,
    mover: Color,
) -> Judgement {
    let Some(best) = before.best else {
        return Judgement {
            loss_cp: 0,
            verdict: Verdict::Fine,
            judged: false,
        };
    };
    if best == played {
        return Judgement {
            loss_cp: 0,
            verdict: Verdict::Fine,
            judged: true,
        };
    }
    let sign = match mover {
        Color::White => 1,
        Color::Black => -1,
    };
    let loss = (sign * (clamped(before.score_white) - clamped(after.score_white))).max(0);
    let verdict = if loss >= BLUNDER_CP {
        Verdict::Blunder
    } else if loss >= MISTAKE_CP {
        Verdict::Mistake
    } else if loss >= INACCURACY_CP {
        Verdict::Inaccuracy
    } else {
        Verdict::Fine
    };
    Judgement {
        loss_cp: loss,
        verdict,
        judged: true,
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::search::score::mate_in;

    fn eval(score_white: i32, best: Option<Move>) -> PositionEval {
        PositionEval {
            score_white,
            depth: 5,
            best,
            pv: best.into_iter().collect(),
        }
    }

    #[test]
    fn thresholds_and_sides() {
        let pos = Position::startpos();
        let moves = pos.legal_moves();
        let (a, b) = (moves.as_slice()[0], moves.as_slice()[1]);
        // White drops 1.5 pawns.
        let j = judge(&eval(50, Some(a)), &eval(-100, None), b, Color::White);
        assert_eq!((j.loss_cp, j.mark()), (150, "?"));
        // Black drops 0.6 pawns: an inaccuracy.
        let j = judge(&eval(0, Some(a)), &eval(60, None), b, Color::Black);
        assert_eq!((j.verdict, j.mark()), (Verdict::Inaccuracy, "?!"));
        // 0.4 pawns is fine, but measured.
        let j = judge(&eval(0, Some(a)), &eval(-40, None), b, Color::White);
        assert_eq!((j.loss_cp, j.verdict, j.judged), (40, Verdict::Fine, true));
        // No search before the move: not measured.
        assert!(!judge(&eval(0, None), &eval(0, None), b, Color::White).judged);
        // Black gives away 4 pawns (White's score rises).
        let j = judge(&eval(0, Some(a)), &eval(400, None), b, Color::Black);
        assert_eq!(j.mark(), "??");
        // The engine's own move is never marked.
        let j = judge(&eval(0, Some(a)), &eval(900, None), a, Color::Black);
        assert_eq!(j.mark(), "");
        // Mate in 3 to +15 pawns: decided either way.
        let j = judge(
            &eval(mate_in(5), Some(a)),
            &eval(1500, None),
            b,
            Color::White,
        );
        assert_eq!(j.mark(), "");
    }
}
