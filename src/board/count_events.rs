//! Where the counting rules act in a game: each count that starts (or replaces the
//! running one), the point where it would run out, the point where it does run out,
//! and the other ends the rules give (mate, stalemate, material that cannot mate).

use crate::board::counting::{self, CountKind};
use crate::board::{Color, Outcome, Position};

/// Something the rules did after a move.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum RuleEvent {
    /// A count starts (`replaced`: it takes over from a running board's-honour count).
    CountStarts {
        kind: CountKind,
        replaced: bool,
        limit: u16,
        counter: u16,
        /// The index of the position in which the count will have run out, if the game
        /// goes on that long (see `ply_label`).
        runs_out_at: usize,
    },
    /// The counter has passed the limit: by the counting rules the game is drawn here.
    CountRunsOut { limit: u16, counter: u16 },
    /// Neither side can mate any more: the rules draw the game here.
    DeadPosition,
    /// Mate or stalemate: the game is over.
    GameOver(Outcome),
}

/// An event and the index of the position it happens in (1 for the position after the
/// first move; 0 for the start position).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct PlacedEvent {
    pub at: usize,
    pub event: RuleEvent,
}

/// The move that leads to position `index` of a game from `start`, as PGN numbers it:
/// `57.` for White's move, `117...` for Black's.
pub(crate) fn ply_label(start: &Position, index: usize) -> String {
    let half = index.saturating_sub(1) + (start.side_to_move() == Color::Black) as usize;
    let number = start.fullmove_number() as usize + half / 2;
    if half.is_multiple_of(2) {
        format!("{number}.")
    } else {
        format!("{number}...")
    }
}

/// The rule events of a game, given its positions (start first), in order.
pub fn rule_events(positions: &[Position]) -> Vec<PlacedEvent> {
    let mut events = Vec::new();
    let mut dead_seen = false;
    for (i, pos) in positions.iter().enumerate() {
        let count = pos.count();
        let before = if i == 0 {
            None
        } else {
            Some(positions[i - 1].count())
        };
        let started = match before {
            // A count already running in the start position counts as starting there.
            None => count.is_running(),
            Some(b) => {
                count.is_running()
                    && (!b.is_running()
                        || b.limit() != count.limit()
                        || count.ply() != b.ply().saturating_add(1))
            }
        };
        if started && let Some(kind) = counting::kind(pos) {
            let replaced = before.is_some_and(|b| b.is_running());
            let runs_out_at = i + (count.limit() as usize + 1).saturating_sub(count.ply() as usize);
            events.push(PlacedEvent {
                at: i,
                event: RuleEvent::CountStarts {
                    kind,
                    replaced,
                    limit: count.limit(),
                    counter: count.ply(),
                    runs_out_at,
                },
            });
        }
        let outcome = pos.outcome();
        let newly_exceeded = count.is_exceeded() && !before.is_some_and(|b| b.is_exceeded());
        if newly_exceeded && !matches!(outcome, Some(Outcome::Checkmate { .. })) {
            events.push(PlacedEvent {
                at: i,
                event: RuleEvent::CountRunsOut {
                    limit: count.limit(),
                    counter: count.ply(),
                },
            });
        }
        if outcome == Some(Outcome::InsufficientMaterial) && !dead_seen {
            dead_seen = true;
            events.push(PlacedEvent {
                at: i,
                event: RuleEvent::DeadPosition,
            });
        }
        if let Some(o @ (Outcome::Checkmate { .. } | Outcome::Stalemate)) = outcome {
            events.push(PlacedEvent {
                at: i,
                event: RuleEvent::GameOver(o),
            });
        }
    }
    events
}

/// The result the rules give the game: that of the first position in which it ended
/// (mate, stalemate, the count run out, no mating material), or `None`.
pub fn rules_result(positions: &[Position]) -> Option<(usize, Outcome)> {
    positions
        .iter()
        .enumerate()
        .find_map(|(i, p)| p.outcome().map(|o| (i, o)))
}

/// An event in words, for a comment. `start` is the game's start position.
pub(crate) fn describe(start: &Position, positions: &[Position], placed: &PlacedEvent) -> String {
    let pos = &positions[placed.at];
    match placed.event {
        RuleEvent::CountStarts {
            kind,
            replaced,
            limit,
            counter,
            runs_out_at,
        } => {
            let verb = if placed.at == 0 {
                "is running"
            } else if replaced {
                "starts, replacing the board's honour count"
            } else {
                "starts"
            };
            let drawn = format!(
                "unless the game ends first, it is drawn by the count after {}",
                ply_label(start, runs_out_at)
            );
            match kind {
                CountKind::BoardsHonour => format!(
                    "count: board's honour count {verb}: {} moves ({limit} plies), counter at {counter}; {drawn}",
                    limit / 2
                ),
                CountKind::PiecesHonour { bare } => {
                    let strong = !bare;
                    let moves = counting::moves_left_for(pos, strong).unwrap_or(0);
                    format!(
                        "count: piece's honour count {verb}: {} must mate within {moves} moves \
                         (limit {} moves = {limit} plies, counter at {counter} for {} pieces); {drawn}",
                        strong.name(),
                        limit / 2,
                        pos.occupied().count()
                    )
                }
            }
        }
        RuleEvent::CountRunsOut { limit, counter } => format!(
            "count: the count has run out (ply {counter} of {limit}): by the counting rules \
             the game is drawn here (1/2-1/2)"
        ),
        RuleEvent::DeadPosition => {
            "end: neither side has the material to mate any more: the rules draw the game here (1/2-1/2)"
                .to_string()
        }
        RuleEvent::GameOver(Outcome::Checkmate { winner }) => format!(
            "end: checkmate, {} wins ({})",
            winner.name(),
            Outcome::Checkmate { winner }.result()
        ),
        RuleEvent::GameOver(o) => format!(
            "end: stalemate, {} has no legal move: a draw ({})",
            pos.side_to_move().name(),
            o.result()
        ),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn positions(fen: &str, uci: &[&str]) -> Vec<Position> {
        let mut pos = Position::from_fen(fen).unwrap();
        let mut out = vec![pos.clone()];
        for t in uci {
            let m = pos.parse_uci_move(t).unwrap();
            pos.play(m);
            out.push(pos.clone());
        }
        out
    }

    #[test]
    fn piece_honour_from_a_capture() {
        // White takes Black's last piece: K+R v K, 16 - 3 = 13 moves.
        let p = positions("4k3/8/8/8/8/8/r7/R3K3 w - - 0 1", &["a1a2", "e8d8"]);
        let events = rule_events(&p);
        assert_eq!(events.len(), 1);
        let e = &events[0];
        assert_eq!(e.at, 1);
        let text = describe(&p[0], &p, e);
        assert!(text.contains("White must mate within 13 moves"), "{text}");
        // Counter 6 of 32: it runs out in the position 27 plies later.
        assert!(matches!(
            e.event,
            RuleEvent::CountStarts {
                runs_out_at: 28,
                ..
            }
        ));
        assert_eq!(ply_label(&p[0], 28), "14...");
    }

    #[test]
    fn count_runs_out_and_labels() {
        let p = positions("k7/8/1K6/8/8/8/8/7R w - 32 32 54", &["h1h2", "a8b8"]);
        let events = rule_events(&p);
        assert!(events.iter().any(|e| e.at == 0));
        assert!(events.contains(&PlacedEvent {
            at: 1,
            event: RuleEvent::CountRunsOut {
                limit: 32,
                counter: 33
            }
        }));
        assert_eq!(rules_result(&p), Some((1, Outcome::CountExceeded)));
        assert_eq!(ply_label(&p[0], 1), "54.");
        assert_eq!(ply_label(&p[0], 2), "54...");
    }
}
