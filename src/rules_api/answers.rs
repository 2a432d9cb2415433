//! The rules' answers as data, typed once for every front end: JavaScript reads them
//! as JSON (serde, field names in camelCase), Python as dicts (the same values, the
//! names in snake_case: `python/rules/`). A front end adds nothing of its own to an
//! answer, so the two languages always say the same.

use super::{CountReport, MoveReport, PgnGame, State, TableReport, move_report_in};

use crate::board::{Color, Move, Outcome, Position, Variant};
use serde::Serialize;

/// `"white"` or `"black"`.
pub fn color_name(color: Color) -> &'static str {
    match color {
        Color::White => "white",
        Color::Black => "black",
    }
}

/// A side in an answer, as [`color_name`] writes it.
pub(super) fn color_field<S: serde::Serializer>(color: &Color, s: S) -> Result<S::Ok, S::Error> {
    s.serialize_str(color_name(*color))
}

/// One of the seven games.
#[derive(Clone, Debug, Serialize)]
#[serde(rename_all = "camelCase")]
pub struct VariantAnswer {
    pub name: &'static str,
    pub start_fen: String,
    /// Men are dropped from the hand (sittuyin).
    pub drops: bool,
}

/// The seven games with their start positions.
pub fn variants() -> Vec<VariantAnswer> {
    Variant::ALL
        .iter()
        .map(|&v| VariantAnswer {
            name: v.name(),
            start_fen: Position::startpos_of(v).to_fen(),
            drops: v.has_drops(),
        })
        .collect()
}

/// The game's end as the rules score it.
#[derive(Clone, Debug, Serialize)]
#[serde(rename_all = "camelCase")]
pub struct EndAnswer {
    /// `1-0`, `0-1` or `1/2-1/2`.
    pub result: &'static str,
    /// The reason in words (`White mates`).
    pub reason: &'static str,
    /// `checkmate`, `stalemate`, `count_exceeded`, `counting_side_mate`, `check_win`,
    /// `fifty_moves`, `only_promotions`, `insufficient_material`.
    pub kind: &'static str,
    /// The side that wins, or `None` for a draw.
    pub winner: Option<&'static str>,
    /// The counting side that mated (a draw under players' counting), else `None`.
    pub mated_by: Option<&'static str>,
    /// Where a PGN's game ends: the plies played (`None` elsewhere).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub ply: Option<usize>,
}

impl EndAnswer {
    /// The end `outcome` describes.
    pub fn of(outcome: Outcome) -> EndAnswer {
        let (kind, winner) = match outcome {
            Outcome::Checkmate { winner } => ("checkmate", Some(winner)),
            Outcome::Stalemate => ("stalemate", None),
            Outcome::CountExceeded => ("count_exceeded", None),
            Outcome::CountingSideMate { .. } => ("counting_side_mate", None),
            Outcome::CheckWin { winner } => ("check_win", Some(winner)),
            Outcome::FiftyMoves => ("fifty_moves", None),
            Outcome::OnlyPromotions => ("only_promotions", None),
            Outcome::InsufficientMaterial => ("insufficient_material", None),
        };
        let mated_by = match outcome {
            Outcome::CountingSideMate { winner } => Some(color_name(winner)),
            _ => None,
        };
        EndAnswer {
            result: outcome.result(),
            reason: outcome.reason(),
            kind,
            winner: winner.map(color_name),
            mated_by,
            ply: None,
        }
    }
}

/// An endgame table's verdict (see [`TableReport`]).
#[derive(Clone, Debug, Serialize)]
#[serde(rename_all = "camelCase")]
pub struct TableAnswer {
    pub ending: String,
    /// The side that wins within the count, or `None` (drawn, or the count runs out).
    pub winner: Option<&'static str>,
    pub plies: Option<u8>,
    pub count_runs_out: bool,
    pub text: String,
}

impl From<&TableReport> for TableAnswer {
    fn from(t: &TableReport) -> TableAnswer {
        TableAnswer {
            ending: t.ending.clone(),
            winner: t.winner.filter(|_| !t.count_runs_out).map(color_name),
            plies: t.plies,
            count_runs_out: t.count_runs_out,
            text: t.text.clone(),
        }
    }
}

/// The position after moves, with what a front end shows of it (see [`State`]).
#[derive(Clone, Debug, Serialize)]
#[serde(rename_all = "camelCase")]
pub struct StateAnswer {
    pub fen: String,
    pub turn: &'static str,
    pub check: bool,
    pub sans: Vec<String>,
    pub legal: Vec<MoveReport>,
    pub end: Option<EndAnswer>,
    pub count: Option<CountReport>,
    pub count_text: String,
    pub count_started: i64,
    /// The side whose players' count is in force, else `None`.
    pub counting_side: Option<&'static str>,
    pub may_start_count: bool,
    pub may_stop_count: bool,
    pub table: Option<TableAnswer>,
}

impl From<&State> for StateAnswer {
    fn from(state: &State) -> StateAnswer {
        let pos = &state.position;
        StateAnswer {
            fen: pos.to_fen(),
            turn: color_name(pos.side_to_move()),
            check: pos.in_check(),
            sans: state.sans.clone(),
            legal: state
                .legal
                .iter()
                .map(|&m| move_report_in(pos, m, state.notation))
                .collect(),
            end: state.end.map(EndAnswer::of),
            count: state.count.clone(),
            count_text: state.count_text.clone(),
            count_started: state.count_started,
            counting_side: pos.counting_side().map(color_name),
            may_start_count: state.may_start_count,
            may_stop_count: state.may_stop_count,
            table: state.table.as_ref().map(TableAnswer::from),
        }
    }
}

/// A players' count action of a game: after `ply` plies, `start` or `stop`.
#[derive(Clone, Debug, Serialize)]
pub struct CountActionAnswer {
    pub ply: usize,
    pub action: &'static str,
}

/// A game of a PGN text, replayed (see [`PgnGame`]); or, for a game that could not be
/// read at all, only `error`.
#[derive(Clone, Debug, Serialize)]
#[serde(untagged)]
pub enum PgnGameAnswer {
    Game(Box<ReadGameAnswer>),
    Unreadable { error: String },
}

/// A game read from PGN: tags (in the order written), variant, start FEN, moves in UCI
/// and SAN, the written result, where the rules end it, why it stopped early, the
/// counting convention and the players' count actions.
#[derive(Clone, Debug, Serialize)]
#[serde(rename_all = "camelCase")]
pub struct ReadGameAnswer {
    pub tags: serde_json::Map<String, serde_json::Value>,
    pub variant: &'static str,
    pub fen: String,
    pub moves: Vec<String>,
    pub sans: Vec<String>,
    pub result: String,
    pub end: Option<EndAnswer>,
    pub error: Option<String>,
    /// `players` or `automatic`.
    pub counting: &'static str,
    pub count_actions: Vec<CountActionAnswer>,
    pub count_started: i64,
}

impl From<&Result<PgnGame, String>> for PgnGameAnswer {
    fn from(game: &Result<PgnGame, String>) -> PgnGameAnswer {
        let game = match game {
            Ok(game) => game,
            Err(e) => return PgnGameAnswer::Unreadable { error: e.clone() },
        };
        PgnGameAnswer::Game(Box::new(ReadGameAnswer {
            tags: game
                .tags
                .iter()
                .map(|(k, v)| (k.clone(), serde_json::Value::String(v.clone())))
                .collect(),
            variant: game.variant.name(),
            fen: game.fen.clone(),
            moves: game.moves.iter().map(Move::to_string).collect(),
            sans: game.sans.clone(),
            result: game.result.clone(),
            end: game.end.map(|(ply, outcome)| EndAnswer {
                ply: Some(ply),
                ..EndAnswer::of(outcome)
            }),
            error: game.error.clone(),
            counting: if game.players_counting {
                "players"
            } else {
                "automatic"
            },
            count_actions: game
                .count_actions
                .iter()
                .map(|&(ply, action)| CountActionAnswer {
                    ply,
                    action: action.word(),
                })
                .collect(),
            count_started: game.count_started,
        }))
    }
}
