//! Writing FEN: the placement field (also for boards that are no position), the
//! pieces in hand, and a position's whole FEN as Fairy-Stockfish writes it.

use crate::board::bitboard::Bitboard;
use crate::board::position::Position;
use crate::board::types::{Color, Piece, Square};

/// FEN's placement field (rank 8 first) for the board `letter_at` describes: the
/// letter of the piece on a square, or `None` when it is empty.
pub(crate) fn placement_fen(letter_at: impl Fn(Square) -> Option<char>) -> String {
    placement_fen_marked(letter_at, Bitboard::EMPTY)
}

/// [`placement_fen`] with `~` after the pieces on `marked` (promoted pawns, as
/// Fairy-Stockfish writes them with `showPromoted`).
pub(crate) fn placement_fen_marked(
    letter_at: impl Fn(Square) -> Option<char>,
    marked: Bitboard,
) -> String {
    let mut s = String::with_capacity(80);
    for rank in (0..8).rev() {
        let mut empty = 0;
        for file in 0..8 {
            match letter_at(Square::from_file_rank(file, rank)) {
                Some(letter) => {
                    if empty > 0 {
                        s.push((b'0' + empty) as char);
                        empty = 0;
                    }
                    s.push(letter);
                    if marked.contains(Square::from_file_rank(file, rank)) {
                        s.push('~');
                    }
                }
                None => empty += 1,
            }
        }
        if empty > 0 {
            s.push((b'0' + empty) as char);
        }
        if rank > 0 {
            s.push('/');
        }
    }
    s
}

/// The pieces in hand as a FEN writes them: `[` White's then Black's in
/// Fairy-Stockfish's order (king, khon, met, rook, knight) `]`.
fn hand_fen(pos: &Position) -> String {
    let mut s = String::from("[");
    for color in Color::ALL {
        let hand = pos.hand(color);
        for kind in crate::board::hand::HAND_ORDER {
            for _ in 0..hand.count(kind) {
                s.push(pos.piece_char(Piece::new(color, kind)));
            }
        }
    }
    s.push(']');
    s
}

impl Position {
    /// The Fairy-Stockfish FEN with count fields, as pyffish's `get_fen` writes it.
    pub fn to_fen(&self) -> String {
        self.fen_marking(Bitboard::EMPTY)
    }

    /// [`Position::to_fen`] with promoted pawns marked `M~`, as pyffish's `get_fen`
    /// writes them with `showPromoted`.
    pub fn to_fen_showing_promoted(&self) -> String {
        self.fen_marking(self.promoted())
    }

    fn fen_marking(&self, marked: Bitboard) -> String {
        let mut s =
            placement_fen_marked(|sq| self.piece_at(sq).map(|p| self.piece_char(p)), marked);
        if self.variant().has_drops() {
            s.push_str(&hand_fen(self));
        }
        s.push(' ');
        s.push(self.side_to_move().fen_char());
        s.push(' ');
        let gates = self.gates();
        if gates.is_empty() {
            s.push('-');
        }
        for sq in gates & Bitboard::RANK_1 {
            s.push((b'A' + sq.file()) as char);
        }
        for sq in gates & Bitboard::rank(7) {
            s.push(sq.file_char());
        }
        let count = self.fen_count_fields();
        if let Some(count) = count {
            s.push_str(&format!(" {}", count.limit()));
        } else {
            s.push_str(" -");
        }
        if self.variant().check_counting() {
            s.push_str(&format!(
                " {}+{}",
                self.checks_left(Color::White),
                self.checks_left(Color::Black)
            ));
        }
        if let Some(count) = count {
            s.push_str(&format!(" {}", count.ply()));
        } else {
            s.push_str(&format!(" {}", self.halfmove_clock()));
        }
        s.push_str(&format!(" {}", self.fullmove_number()));
        s
    }
}
