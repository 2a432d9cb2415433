//! The rules of makruk: board representation, move generation, the counting rules,
//! FEN and move notation, perft. Nothing here knows about search or protocols.

pub mod attacks;
pub mod bitboard;
pub mod check;
pub mod counting;
pub mod fen;
pub mod game_end;
pub mod movegen;
pub mod moves;
pub mod notation;
pub mod perft;
pub mod position;
#[cfg(test)]
pub(crate) mod random_games;
pub mod types;
pub mod variant;
pub mod zobrist;

pub use bitboard::Bitboard;
pub use counting::{CountKind, CountState};
pub use fen::{FenError, FenRules};
pub use game_end::Outcome;
pub use movegen::GenKind;
pub use moves::{Move, MoveList, Promotion};
pub use notation::MoveError;
pub use position::{Position, START_FEN};
pub use types::{Color, Piece, PieceKind, Square};
pub use variant::{CountingRule, Variant};
