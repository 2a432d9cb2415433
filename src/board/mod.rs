//! The rules of makruk: board representation, move generation, the counting rules,
//! FEN and move notation, perft. Nothing here knows about search or protocols.

pub(crate) mod attacks;
pub(crate) mod bitboard;
pub(crate) mod check;
pub mod count_events;
pub(crate) mod count_state;
pub(crate) mod counting;
pub(crate) mod diagram;
pub(crate) mod fen;
pub(crate) mod game;
pub(crate) mod game_end;
pub(crate) mod hand;
pub(crate) mod movegen;
pub(crate) mod moves;
pub(crate) mod notation;
pub(crate) mod other_readings;
pub mod perft;
pub(crate) mod players_count;
pub(crate) mod position;
#[cfg(test)]
pub(crate) mod random_games;
pub(crate) mod thai_notation;
pub(crate) mod types;
pub(crate) mod variant;
pub(crate) mod zobrist;

pub(crate) use bitboard::Bitboard;
pub use fen::FenRules;
pub use game::{Game, GameError};
pub use game_end::Outcome;
pub(crate) use hand::HAND_ORDER;
pub use moves::Move;
pub(crate) use moves::MoveList;
pub(crate) use notation::MoveError;
pub use notation::Notation;
pub use other_readings::OtherReading;
pub use players_count::{CountAction, CountActionError, CountError, CountMisfit, CountedReplay};
pub use position::{Position, START_FEN};
pub(crate) use types::Piece;
pub use types::{Color, PieceKind, Square};
pub(crate) use variant::CountingRule;
pub use variant::Variant;
