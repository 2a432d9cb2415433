//! The rules' answers as data, typed once for every front end: JavaScript reads them
//! as JSON (serde, field names in camelCase), Python as dicts (the same values, the
//! names in snake_case: `python/rules/`). A front end adds nothing of its own to an
//! answer, so the two languages always say the same.

use super::{
    CountReport, MoveReport, PgnGame, PlayersCountReport, Refusal, State, TableReport,
    move_report_in,
};

use crate::board::{Color, Move, Outcome, PieceKind, Position, Variant};
use crate::pgn::TreeMove;
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

/// One of the seven games, with the facts a page shows of it, each read from the
/// variant data the rules play by.
#[derive(Clone, Debug, Serialize)]
#[serde(rename_all = "camelCase")]
pub struct VariantAnswer {
    pub name: &'static str,
    pub start_fen: String,
    /// Men are dropped from the hand (sittuyin).
    pub drops: bool,
    /// What each side's hand holds at the start (upper-case letters, in the FEN's
    /// order), or `None` in a game without hands.
    pub hands: Option<Sides<Vec<String>>>,
    /// The game's men: each letter (upper case, as FEN and SAN write White's) and its
    /// role.
    pub pieces: Vec<PieceAnswer>,
    /// Where each side's pawns promote (see [`Variant::promotion_arrival`]).
    pub promotion_squares: Sides<Vec<String>>,
    /// Promotion is a move of its own, which the player chooses (sittuyin: in place or
    /// with a met's step), not part of the pawn's step.
    pub promotion_is_a_move: bool,
    /// The letters a pawn may become, in the order the legal moves list them.
    pub promotes_to: Vec<String>,
    /// Players may count by hand (`countStarted` other than 0: makruk, makpong,
    /// cambodian).
    pub players_counting: bool,
    /// The length of the players' board's-honour count, in moves (64; 63 in
    /// cambodian), where players count.
    pub players_count_moves: Option<u16>,
    /// Every count limit a FEN of the game can carry, in plies (field 4).
    pub count_limits: Vec<u16>,
}

/// A value for each side.
#[derive(Clone, Debug, Serialize)]
pub struct Sides<T> {
    pub white: T,
    pub black: T,
}

/// A man of a game: its letter and what it is (`king`, `met`, `khon`, `knight`,
/// `rook`, `pawn`; ai-wok's `aiwok` in the met's place).
#[derive(Clone, Debug, Serialize)]
pub struct PieceAnswer {
    pub letter: String,
    pub role: &'static str,
}

/// The squares of `bb`, in order (`a1` first).
fn squares(bb: crate::board::bitboard::Bitboard) -> Vec<String> {
    bb.into_iter().map(|sq| sq.to_string()).collect()
}

/// The seven games with their start positions and facts.
pub fn variants() -> Vec<VariantAnswer> {
    Variant::ALL.iter().map(|&v| variant_answer(v)).collect()
}

/// One game's facts.
pub fn variant_answer(v: Variant) -> VariantAnswer {
    let start = Position::startpos_of(v);
    let hand = |c: Color| {
        let hand = start.hand(c);
        hand.kinds()
            .flat_map(|k| std::iter::repeat_n(v.letter(k).to_string(), hand.count(k) as usize))
            .collect()
    };
    let order = [
        PieceKind::King,
        PieceKind::Met,
        PieceKind::Khon,
        PieceKind::Knight,
        PieceKind::Rook,
        PieceKind::Pawn,
    ];
    VariantAnswer {
        name: v.name(),
        start_fen: start.to_fen(),
        drops: v.has_drops(),
        hands: v.has_drops().then(|| Sides {
            white: hand(Color::White),
            black: hand(Color::Black),
        }),
        pieces: order
            .into_iter()
            .map(|k| PieceAnswer {
                letter: v.letter(k).to_string(),
                role: match k {
                    PieceKind::King => "king",
                    PieceKind::Met if v.has_aiwok() => "aiwok",
                    PieceKind::Met => "met",
                    PieceKind::Khon => "khon",
                    PieceKind::Knight => "knight",
                    PieceKind::Rook => "rook",
                    PieceKind::Pawn => "pawn",
                },
            })
            .collect(),
        promotion_squares: Sides {
            white: squares(v.promotion_arrival(Color::White)),
            black: squares(v.promotion_arrival(Color::Black)),
        },
        promotion_is_a_move: v.promotes_as_own_move(),
        promotes_to: v
            .promotions()
            .iter()
            .map(|p| v.letter(p.kind()).to_string())
            .collect(),
        players_counting: v.players_count(),
        players_count_moves: v
            .players_count()
            .then(|| crate::board::players_count::players_limit(v.counting()) / 2),
        count_limits: crate::board::counting::possible_limits(v),
    }
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
    /// The players' count started (`countStarted` N >= 1), bound or not yet.
    pub players_count: Option<PlayersCountReport>,
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
            players_count: state.players_count.clone(),
            count_text: state.count_text.clone(),
            count_started: state.count_started,
            counting_side: pos.counting_side().map(color_name),
            may_start_count: state.may_start_count,
            may_stop_count: state.may_stop_count,
            table: state.table.as_ref().map(TableAnswer::from),
        }
    }
}

/// Whether a FEN could arise in a game (`checkFen`): `valid`, or the `problems`, each a
/// refusal (code, params, message): the FEN's refusal where it cannot be read, else
/// what its count fields cannot be.
#[derive(Clone, Debug, Serialize)]
pub struct CheckAnswer {
    pub valid: bool,
    pub problems: Vec<Refusal>,
}

/// A players' count action of a game: after `ply` plies, `start` or `stop`.
#[derive(Clone, Debug, Serialize)]
pub struct CountActionAnswer {
    pub ply: usize,
    pub action: &'static str,
}

/// A game of a PGN text, replayed (see [`PgnGame`]); or, for a game that could not be
/// read at all, only the refusal: `error` (the reason in English), `code`, `params`.
#[derive(Clone, Debug, Serialize)]
#[serde(untagged)]
pub enum PgnGameAnswer {
    Game(Box<ReadGameAnswer>),
    Unreadable(Refusal),
}

/// A game read from PGN: tags (in the order written), variant, start FEN, moves in UCI
/// and SAN, the written result, where the rules end it, why it stopped early (`error`,
/// with its `errorCode` and `errorParams`), the counting convention and the players'
/// count actions; and the game as a tree: its `comments` before the first move, its
/// main line (`tree`: the moves above, each with its NAGs, comments, clock and
/// variations) and the `notes` on what the tree leaves out.
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
    pub error_code: Option<&'static str>,
    pub error_params: Option<serde_json::Map<String, serde_json::Value>>,
    /// `players` or `automatic`.
    pub counting: &'static str,
    pub count_actions: Vec<CountActionAnswer>,
    pub count_started: i64,
    pub comments: Vec<String>,
    pub tree: Vec<MoveNodeAnswer>,
    pub notes: Vec<Refusal>,
}

/// A move of a game's tree (see `crate::pgn::tree`): UCI and SAN, NAGs (numbers),
/// the comments before it (at a variation's start) and after it, its clock in
/// milliseconds, a draw offer, and the variations that replace it, each a line of
/// moves from the position before it.
#[derive(Clone, Debug, Serialize)]
#[serde(rename_all = "camelCase")]
pub struct MoveNodeAnswer {
    pub uci: String,
    pub san: String,
    pub nags: Vec<u8>,
    pub before: Vec<String>,
    pub after: Vec<String>,
    pub clock_ms: Option<u64>,
    pub draw_offer: bool,
    pub variations: Vec<Vec<MoveNodeAnswer>>,
}

impl From<&TreeMove> for MoveNodeAnswer {
    fn from(m: &TreeMove) -> MoveNodeAnswer {
        MoveNodeAnswer {
            uci: m.mv.to_string(),
            san: m.san.clone(),
            nags: m.nags.clone(),
            before: m.before.clone(),
            after: m.after.clone(),
            clock_ms: m.clock_ms,
            draw_offer: m.draw_offer,
            variations: m
                .variations
                .iter()
                .map(|v| v.iter().map(MoveNodeAnswer::from).collect())
                .collect(),
        }
    }
}

impl From<&Result<PgnGame, Refusal>> for PgnGameAnswer {
    fn from(game: &Result<PgnGame, Refusal>) -> PgnGameAnswer {
        let game = match game {
            Ok(game) => game,
            Err(e) => return PgnGameAnswer::Unreadable(e.clone()),
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
            error: game.error.as_ref().map(|e| e.message.clone()),
            error_code: game.error.as_ref().map(|e| e.code),
            error_params: game.error.as_ref().map(|e| e.params.clone()),
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
            comments: game.tree.comments.clone(),
            tree: game.tree.moves.iter().map(MoveNodeAnswer::from).collect(),
            notes: game.notes.clone(),
        }))
    }
}
