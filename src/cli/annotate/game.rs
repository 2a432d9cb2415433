//! One game and the engine's view of its positions turned into what `annotate`
//! writes: the PGN with an evaluation on every move, `?!`/`?`/`??` and the better line
//! where a move loses a clear amount, draw offers noted, the counting rules' events
//! and the real end, and the game's evaluation graph.

use crate::board::count_events::{self, PlacedEvent};
use crate::board::{Color, Move, Outcome, Position};
use crate::cli::annotate::review::{self, PositionEval};
use crate::cli::annotate::svg::{self, Graph, TableSpan};
use crate::cli::score_text::{self, eval_command};
use crate::pgn::{self, Game, GameOut, MoveOut, Piece};
use crate::tablebase::{self, CountVerdict, TableEnding, Tables};

/// Plies of the engine's line shown after a marked move.
// why: enough to show the idea of the better move without burying the game.
const BETTER_LINE_PLIES: usize = 8;

/// Replaces or adds a tag, keeping the order of the others.
fn set_tag(tags: &mut Vec<(String, String)>, name: &str, value: String) {
    match tags.iter_mut().find(|(n, _)| n == name) {
        Some(t) => t.1 = value,
        None => tags.push((name.to_string(), value)),
    }
}

/// The evaluation comment of a position: `[%eval 0.35,12]`.
fn eval_comment(e: &PositionEval) -> String {
    eval_command(e.score_white, e.depth)
}

/// The annotated game, ready to write, and its graph; the table verdicts from `tables`.
pub(crate) fn annotate_game(
    game: &Game,
    evals: &[PositionEval],
    tables: &Tables,
) -> (GameOut, Graph) {
    let positions = game.positions();
    let events = count_events::rule_events(&positions);
    let rules = count_events::rules_result(&positions);
    let describe = |e: &PlacedEvent| count_events::describe(&game.start, &positions, e);

    // What the endgame tables say after each move, kept only where it changes
    // (a table is entered, or a win is thrown away or found): a line a move would
    // repeat itself.
    let verdicts = table_verdicts(&positions, tables);
    let table_news = |after: usize| -> Option<String> {
        let (ending, verdict) = verdicts[after]?;
        (verdict_kind(&verdicts[after - 1]) != verdict_kind(&verdicts[after]))
            .then(|| tablebase::describe(ending, verdict))
    };

    let mut preamble = game.preamble.clone();
    preamble.extend(events.iter().filter(|e| e.at == 0).map(describe));
    preamble.extend(verdicts[0].map(|(ending, verdict)| tablebase::describe(ending, verdict)));
    let mut moves = Vec::with_capacity(game.moves.len());
    for (i, &m) in game.moves.iter().enumerate() {
        let before = &positions[i];
        let judgement = review::judge(&evals[i], &evals[i + 1], m, before.side_to_move());
        let mut comment = eval_comment(&evals[i + 1]);
        let mut variations = Vec::new();
        if let Some(kind) = judgement.verdict.name()
            && let Some(best) = evals[i].best.filter(|&b| before.is_legal(b))
        {
            comment.push_str(&format!(
                " {kind}: loses {}; {} was better ({})",
                score_text::pawns(judgement.loss_cp).trim_start_matches('+'),
                before.san(best),
                score_text::short(evals[i].score_white)
            ));
            variations.push(better_line(before, &evals[i], best));
        }
        let mut comments = game.comments[i].clone();
        if game.draw_offers[i] {
            comments.push(format!("{} offers a draw", before.side_to_move().name()));
        }
        comments.push(comment);
        comments.extend(table_news(i + 1));
        moves.push(MoveOut {
            san: format!("{}{}", before.san(m), judgement.mark()),
            comments,
            variations,
            comments_after: events
                .iter()
                .filter(|e| e.at == i + 1)
                .map(describe)
                .collect(),
            ..MoveOut::default()
        });
    }

    let result = output_result(game, rules);
    let closing = closing_comments(game, rules);
    if !closing.is_empty() {
        match moves.last_mut() {
            Some(last) => last.comments_after.extend(closing),
            None => preamble.extend(closing),
        }
    }

    let out = GameOut {
        tags: output_tags(game, &result),
        start: game.start.clone(),
        preamble,
        moves,
        result: result.clone(),
        thai_digits: false,
    };
    let graph = graph_with(
        game,
        &result,
        &events,
        &verdicts,
        evals.iter().map(|e| e.score_white).collect(),
    );
    (out, graph)
}

/// The engine's better line after a marked move, from `before`: its line when that
/// starts with `best` (at most [`BETTER_LINE_PLIES`]), else `best` alone, then the
/// evaluation before the move.
fn better_line(before: &Position, eval: &PositionEval, best: Move) -> Vec<Piece> {
    let pv: Vec<_> = if eval.pv.first() == Some(&best) {
        eval.pv.iter().copied().take(BETTER_LINE_PLIES).collect()
    } else {
        vec![best]
    };
    let mut line: Vec<Piece> = pgn::numbered_san_tokens(before, &pv)
        .into_iter()
        .map(Piece::Word)
        .collect();
    line.push(Piece::Comment(eval_comment(eval)));
    line
}

/// The comments that close the game: where it stopped early, or where the rules
/// ended it with another result than the file's.
fn closing_comments(game: &Game, rules: Option<(usize, Outcome)>) -> Vec<String> {
    let mut closing = Vec::new();
    if let Some(e) = &game.error {
        closing.push(format!("stopped: {}", e.problem));
    } else if let Some((at, outcome)) = rules
        && outcome.result() != game.result
    {
        let when = if at == 0 {
            "in the start position".to_string()
        } else {
            format!("after {}", count_events::ply_label(&game.start, at))
        };
        closing.push(format!(
            "result: the file gives {}; by the rules the game ended {when} ({}), {}",
            game.result,
            outcome.reason(),
            outcome.result()
        ));
    }
    closing
}

/// The game's tags as written out: `Variant` added for a relative, `Result` the
/// output's, `PlyCount` (where the file has one) recounted, `Annotator` Khun.
fn output_tags(game: &Game, result: &str) -> Vec<(String, String)> {
    let mut tags = game.tags.clone();
    // A game of a relative read as such by `--variant` says so in its output.
    let variant = game.start.variant();
    if variant != crate::board::Variant::Makruk && !tags.iter().any(|(n, _)| n == "Variant") {
        set_tag(&mut tags, "Variant", variant.name().to_string());
    }
    set_tag(&mut tags, "Result", result.to_string());
    if tags.iter().any(|(n, _)| n == "PlyCount") {
        set_tag(&mut tags, "PlyCount", game.moves.len().to_string());
    }
    set_tag(
        &mut tags,
        "Annotator",
        format!("Khun {}", env!("CARGO_PKG_VERSION")),
    );
    tags
}

/// What the endgame tables say of a position (`None` where no table covers it).
type TableVerdict = Option<(TableEnding, CountVerdict)>;

fn table_verdicts(positions: &[crate::board::Position], tables: &Tables) -> Vec<TableVerdict> {
    positions
        .iter()
        .map(|pos| tables.count_verdict(pos))
        .collect()
}

/// What a verdict says, without its distances: two positions with the same kind need
/// no second word in the PGN and share one band in the graph.
fn verdict_kind(
    v: &TableVerdict,
) -> Option<(
    TableEnding,
    std::mem::Discriminant<CountVerdict>,
    Option<Color>,
)> {
    v.map(|(e, v)| (e, std::mem::discriminant(&v), v.winner()))
}

/// The runs of positions with the same table verdict, for the graph's band.
fn table_spans(verdicts: &[TableVerdict]) -> Vec<TableSpan> {
    let mut spans: Vec<TableSpan> = Vec::new();
    for (at, v) in verdicts.iter().enumerate() {
        let Some((ending, verdict)) = *v else {
            continue;
        };
        if at > 0 && verdict_kind(&verdicts[at - 1]) == verdict_kind(v) {
            if let Some(last) = spans.last_mut() {
                last.to = at;
            }
            continue;
        }
        spans.push(TableSpan {
            from: at,
            to: at,
            verdict,
            text: tablebase::describe(ending, verdict),
        });
    }
    spans
}

/// The result the output gives: the rules' when they ended a game read in full.
fn output_result(game: &Game, rules: Option<(usize, crate::board::Outcome)>) -> String {
    match (&game.error, rules) {
        (None, Some((_, outcome))) => outcome.result().to_string(),
        _ => game.result.clone(),
    }
}

/// The graph of a game annotated earlier, from its scores (White's view, one per
/// position, start first): what [`annotate_game`] drew for it (a resumed run's SVG),
/// the table verdicts from `tables`.
pub(crate) fn game_graph(game: &Game, scores_white: Vec<i32>, tables: &Tables) -> Graph {
    let positions = game.positions();
    let events = count_events::rule_events(&positions);
    let result = output_result(game, count_events::rules_result(&positions));
    graph_with(
        game,
        &result,
        &events,
        &table_verdicts(&positions, tables),
        scores_white,
    )
}

fn graph_with(
    game: &Game,
    result: &str,
    events: &[PlacedEvent],
    verdicts: &[TableVerdict],
    scores_white: Vec<i32>,
) -> Graph {
    Graph {
        title: match game.tag("Event").filter(|e| !e.is_empty() && *e != "?") {
            Some(event) => format!("{}, {event}: {result}", game.label()),
            None => format!("{}: {result}", game.label()),
        },
        start: game.start.clone(),
        scores_white,
        windows: svg::count_windows(events, verdicts.len() - 1),
        tables: table_spans(verdicts),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn rule_events_reach_the_comments() {
        // White takes Black's last piece; the count starts; mate is not found in time.
        let text = "[FEN \"4k3/8/8/8/8/8/r7/R3K3 w - - 0 1\"]\n\n1. Rxa2 Kd8 1-0\n";
        let game = pgn::read_and_replay(text).remove(0).unwrap();
        let evals: Vec<PositionEval> = (0..=game.moves.len())
            .map(|_| PositionEval {
                score_white: 700,
                depth: 3,
                best: None,
                pv: vec![],
            })
            .collect();
        let (out, graph) = annotate_game(&game, &evals, &Tables::new());
        let pgn_text = pgn::write_game(&out)
            .split_whitespace()
            .collect::<Vec<_>>()
            .join(" ");
        assert!(pgn_text.contains("[%eval 7.00,3]"), "{pgn_text}");
        assert!(
            pgn_text.contains("piece's honour count starts: White must mate within 13 moves"),
            "{pgn_text}"
        );
        assert!(pgn_text.contains("[Annotator \"Khun"), "{pgn_text}");
        assert_eq!(graph.windows.len(), 1);
    }
}
