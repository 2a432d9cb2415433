//! The answers as JSON: the position after moves (its legal moves, the end, the
//! count, the tables' verdict), the games of a PGN text, the seven games.

use crate::board::{Color, Move, Position, Variant};
use crate::rules_api::{self, CountReport, MoveReport, PgnGame, State, TableReport};
use serde_json::{Value, json};

fn color_name(color: Color) -> &'static str {
    match color {
        Color::White => "white",
        Color::Black => "black",
    }
}

pub(super) fn variants() -> Value {
    Value::Array(
        Variant::ALL
            .iter()
            .map(|&v| {
                json!({
                    "name": v.name(),
                    "startFen": Position::startpos_of(v).to_fen(),
                    "drops": v.has_drops(),
                })
            })
            .collect(),
    )
}

fn move_json(m: &MoveReport) -> Value {
    json!({
        "uci": m.uci,
        "san": m.san,
        "from": m.from,
        "to": m.to,
        "drop": m.drop.map(String::from),
        "promotion": m.promotion,
    })
}

/// The position after the moves: its FEN, the side to move, check, the moves' SAN,
/// the legal moves, the game's end and the count.
pub(super) fn state_json(state: &State) -> Value {
    let pos = &state.position;
    let end = state
        .end
        .map(|outcome| json!({ "result": outcome.result(), "reason": outcome.reason() }));
    let legal: Vec<Value> = state
        .legal
        .iter()
        .map(|&m| move_json(&rules_api::move_report_in(pos, m, state.notation)))
        .collect();
    json!({
        "fen": pos.to_fen(),
        "turn": color_name(pos.side_to_move()),
        "check": pos.in_check(),
        "sans": state.sans,
        "legal": legal,
        "end": end,
        "count": state.count.as_ref().map_or(Value::Null, count_json),
        "countText": state.count_text,
        "countStarted": state.count_started,
        "mayStartCount": state.may_start_count,
        "mayStopCount": state.may_stop_count,
        "table": state.table.as_ref().map(table_json),
    })
}

fn table_json(table: &TableReport) -> Value {
    json!({
        "ending": table.ending,
        "winner": table.winner.map(color_name),
        "text": table.text,
    })
}

/// The running count as players say it: who counts, under which honour, move
/// `number` of `of` (the counting side's own moves: "3 of 16" after its third), and the
/// moves the side that must mate has left.
fn count_json(count: &CountReport) -> Value {
    json!({
        "honour": count.honour,
        "counting": color_name(count.counting),
        "mating": color_name(count.mating),
        "ply": count.ply,
        "limit": count.limit,
        "number": count.number,
        "of": count.of,
        "movesLeft": count.moves_left,
        "exceeded": count.exceeded,
        "text": count.text,
    })
}

/// A game of a PGN text, replayed: tags, variant, start FEN, moves in UCI and SAN,
/// the written result, where the rules end it, and where it stopped early, why.
pub(super) fn pgn_game_json(game: &PgnGame) -> Value {
    let end = game.end.map(|(ply, outcome)| {
        json!({ "ply": ply, "result": outcome.result(), "reason": outcome.reason() })
    });
    let tags: serde_json::Map<String, Value> = game
        .tags
        .iter()
        .map(|(k, v)| (k.clone(), Value::String(v.clone())))
        .collect();
    let count_actions: Vec<Value> = game
        .count_actions
        .iter()
        .map(|&(ply, action)| json!({ "ply": ply, "action": action.word() }))
        .collect();
    json!({
        "tags": tags,
        "variant": game.variant.name(),
        "fen": game.fen,
        "moves": game.moves.iter().map(Move::to_string).collect::<Vec<_>>(),
        "sans": game.sans,
        "result": game.result,
        "end": end,
        "error": game.error,
        "counting": if game.players_counting { "players" } else { "automatic" },
        "countActions": count_actions,
        "countStarted": game.count_started,
    })
}
