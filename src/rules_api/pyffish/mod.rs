//! pyffish's answers for the games Khun plays, from Khun's rules: what
//! Fairy-Stockfish's Python binding returns where servers call it (pychess.org's
//! game logic), so code written for pyffish gets the same values from Khun.
//!
//! - [`game`] (`game.rs`): a FEN read as Fairy-Stockfish reads it (a pawn on its
//!   promotion rank, the side not to move in check) and the moves played on it, and
//!   the one thing Khun cannot answer there as pyffish does (a king's capture);
//! - [`count_started`] (`count_started.rs`): pyffish's `count_started` arithmetic,
//!   the count fields `get_fen` writes and `is_optional_game_end` tests;
//! - [`validate_fen`] (`fen.rs`): pyffish's FEN status codes, its checks in its order
//!   (Fairy-Stockfish's `FEN::validate_fen`), and one code of Khun's own,
//!   [`FEN_IMPOSSIBLE_POSITION`], for a FEN pyffish's checks pass but Khun's reader
//!   cannot read (more than sixteen men a side, sittuyin's hand written otherwise than
//!   `[...]`): every other function refuses such a FEN, so a server that validates
//!   first never meets a refusal later;
//! - [`game_result`], [`immediate_end`], [`optional_end`]: the values
//!   (`VALUE_MATE` 32000 from the side to move's view, `VALUE_DRAW` 0) of pyffish's
//!   `game_result`, `is_immediate_game_end` and `is_optional_game_end`;
//! - [`is_capture`], [`piece_to_partner`], [`fog_fen`]: pyffish's functions of those
//!   names (the last move's capture as bughouse hands it on, the position as the side
//!   to move sees it in fog of war);
//! - [`start_fen`], [`two_boards`], [`captures_to_hand`] (`variant_facts.rs`): what
//!   pyffish says of a game by its name, for Khun's games and chess;
//! - [`variants_file`] (`variants_file.rs`): what Fairy-Stockfish's variants file
//!   (`variants.ini`, pyffish's `load_variant_config`) asks of Khun: the sections it
//!   takes, and those it refuses, said as the WebAssembly engine's `load` says them.
//!
//! The game ends, the captures and the fog are here; the unit tests, pyffish's own
//! answers, are in `tests.rs`.

pub mod count_started;
mod fen;
pub mod game;
#[cfg(test)]
mod tests;
mod variant_facts;
mod variants_file;

pub use fen::{
    FEN_EMPTY, FEN_IMPOSSIBLE_POSITION, FEN_INVALID_BOARD_GEOMETRY, FEN_INVALID_CHAR,
    FEN_INVALID_CHECK_COUNT, FEN_INVALID_COUNTING_RULE, FEN_INVALID_HALF_MOVE_COUNTER,
    FEN_INVALID_MOVE_COUNTER, FEN_INVALID_NB_PARTS, FEN_INVALID_NUMBER_OF_KINGS,
    FEN_INVALID_POCKET_INFO, FEN_INVALID_PROMOTED_PIECE, FEN_INVALID_SIDE_TO_MOVE, FEN_OK,
    FEN_TOUCHING_KINGS, fen_refusal, strict_fen_refusal, validate_fen,
};
pub use variant_facts::{captures_to_hand, start_fen, two_boards};
pub use variants_file::{Unplayed, VariantsFile, variants_file};

use crate::board::fen::placement_fen;
use crate::board::{Bitboard, Color, Move, Outcome, Piece, PieceKind, Position, Square};

pub const VALUE_MATE: i32 = 32_000;
pub const VALUE_DRAW: i32 = 0;

/// pyffish's `is_immediate_game_end`: Kar Ouk's winning check (the side to move has
/// lost), else no end (pyffish leaves the value unset then; Khun gives 0).
pub fn immediate_end(pos: &Position) -> (bool, i32) {
    if pos.check_count_won() {
        (true, -VALUE_MATE)
    } else {
        (false, VALUE_DRAW)
    }
}

/// pyffish's `game_result`, meant for a position without legal moves: Kar Ouk's
/// winning check, else mated (-32000) when in check, else stalemate (0). Like
/// pyffish it does not look for legal moves: a position in check that has some gives
/// -32000 too. Under players' counting the counting side's mate is a draw (0).
pub fn game_result(pos: &Position) -> i32 {
    let (ended, value) = immediate_end(pos);
    if ended {
        value
    } else if pos.in_check() {
        if matches!(pos.outcome(), Some(Outcome::CountingSideMate { .. })) {
            VALUE_DRAW
        } else {
            -VALUE_MATE
        }
    } else {
        VALUE_DRAW
    }
}

/// pyffish's `is_optional_game_end` for the last position of `line` (the position
/// the FEN gave, then one after each move) under `count_started`: the fifty-move rule
/// (ASEAN, sittuyin) or the count run out as pyffish reckons it under `count_started`
/// (unless the side to move is mated), the third occurrence of the position
/// (placement, pieces in hand, side to move and rights; the count aside) since the
/// FEN, or in sittuyin a king and a pawn with nothing but promotions left (or no move
/// at all) and not in check (law 3.9 c.7, as Fairy-Stockfish has it). The value is
/// always a draw (0). Refused only where the answer needs the legal moves of a
/// position whose side not to move is in check ([`game::legal_moves`]).
pub fn optional_end(line: &[Position], count_started: i64) -> Result<(bool, i32), String> {
    let Some((pos, earlier)) = line.split_last() else {
        return Ok((false, VALUE_DRAW));
    };
    let not_mated =
        || -> Result<bool, String> { Ok(!pos.in_check() || game::has_legal_move(pos)?) };
    if pos.fifty_moves_exceeded() && not_mated()? {
        return Ok((true, VALUE_DRAW));
    }
    let key = pos.placement_key();
    if earlier.iter().filter(|p| p.placement_key() == key).count() >= 2 {
        return Ok((true, VALUE_DRAW));
    }
    if count_started::count_run_out(pos, count_started) && not_mated()? {
        return Ok((true, VALUE_DRAW));
    }
    if only_promotions_shape(pos) {
        game::legal_moves(pos)?;
        if pos.only_promotions_left() {
            return Ok((true, VALUE_DRAW));
        }
    }
    Ok((false, VALUE_DRAW))
}

/// Sittuyin's men for the draw of a king and a pawn (the side to move has those two
/// and is not in check), before its moves are looked at.
fn only_promotions_shape(pos: &Position) -> bool {
    let us = pos.side_to_move();
    pos.variant().promotes_as_own_move()
        && pos.pieces_of(us).count() == 2
        && pos.pieces(us, PieceKind::Pawn).count() == 1
        && !pos.in_check()
}

/// Whether `color` can never mate (pyffish's `has_insufficient_material`).
pub fn insufficient_material(pos: &Position) -> (bool, bool) {
    (
        pos.has_insufficient_material(Color::White),
        pos.has_insufficient_material(Color::Black),
    )
}

/// The square whose man the legal move `m` of `pos` takes, if it takes one: its
/// to-square when that holds a man and is not its from-square (a drop and sittuyin's
/// promotion in place go from a square to itself; none of Khun's games has en
/// passant, and the Cambodian first moves go to empty squares).
fn taken_square(pos: &Position, m: Move) -> Option<Square> {
    (m.from() != m.to() && pos.piece_at(m.to()).is_some()).then(|| m.to())
}

/// pyffish's `is_capture` for the legal move `m` of `pos`: whether it takes a piece
/// (Fairy-Stockfish's `capture`: a move to an occupied square other than its own).
pub fn is_capture(pos: &Position, m: Move) -> bool {
    taken_square(pos, m).is_some()
}

/// pyffish's `piece_to_partner` after the move `m` of `before`: the FEN letter (the
/// taken piece's colour: upper case White's) of what a bughouse player would hand
/// the partner, the piece `m` took, a promoted one as the pawn it was; empty when `m`
/// takes nothing.
pub fn piece_to_partner(before: &Position, m: Move) -> String {
    let Some((square, taken)) =
        taken_square(before, m).and_then(|sq| Some((sq, before.piece_at(sq)?)))
    else {
        return String::new();
    };
    let kind = if before.promoted().contains(square) {
        PieceKind::Pawn
    } else {
        taken.kind
    };
    before.piece_char(Piece::new(taken.color, kind)).to_string()
}

/// pyffish's `get_fog_fen`: the FEN (pieces in hand and count fields included) with
/// every square the side to move can neither see nor reach written `*`; it sees its
/// own men and the squares its legal moves go to (an enemy piece there included, and
/// the squares it may drop on). Refused where those moves are ([`game::legal_moves`]).
pub fn fog_fen(pos: &Position) -> Result<String, String> {
    let mut visible = pos.pieces_of(pos.side_to_move());
    for m in game::legal_moves(pos)?.iter() {
        visible |= Bitboard::from_square(m.to());
    }
    let placement = placement_fen(|sq| {
        if visible.contains(sq) {
            pos.piece_at(sq).map(|p| pos.piece_char(p))
        } else {
            Some('*')
        }
    });
    // pyffish writes the count as `get_fen` does with `count_started` 0 (in Cambodian
    // chess a limit the board's honour shortens, where a FEN gave a longer one).
    let fen = count_started::fen(pos, false, 0);
    let (board, rest) = fen.split_once(' ').unwrap_or((&fen, ""));
    let hand = board.find('[').map_or("", |i| &board[i..]);
    Ok(format!("{placement}{hand} {rest}"))
}
