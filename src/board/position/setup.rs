//! Building a position: the empty board the FEN parser fills and validates, its men
//! on the board and in hand, its rights, and the key and checkers derived once it is
//! set up.

use super::{EMPTY, Position, pack_gates};
use crate::board::bitboard::Bitboard;
use crate::board::count_state::{CountState, PlayersCount};
use crate::board::hand::Hand;
use crate::board::types::{Color, Piece, Square};
use crate::board::variant::Variant;

impl Position {
    /// An empty board, White to move: only for the FEN parser to fill and validate.
    pub(in crate::board) fn empty(variant: Variant) -> Position {
        Position {
            variant,
            gates: 0,
            checks_left: [1, 1],
            hands: [Hand::EMPTY; 2],
            mailbox: [EMPTY; 64],
            by_kind: [Bitboard::EMPTY; 6],
            by_color: [Bitboard::EMPTY; 2],
            side: Color::White,
            key: 0,
            checkers: Bitboard::EMPTY,
            count: CountState::NONE,
            players: PlayersCount::AUTOMATIC,
            promoted: Bitboard::EMPTY,
            halfmove_clock: 0,
            game_ply: 0,
        }
    }

    pub(in crate::board) fn put(&mut self, piece: Piece, sq: Square) {
        debug_assert_eq!(self.mailbox[sq.index()], EMPTY);
        self.mailbox[sq.index()] = piece.index() as u8;
        self.by_kind[piece.kind.index()] |= Bitboard::from_square(sq);
        self.by_color[piece.color.index()] |= Bitboard::from_square(sq);
    }

    /// The FEN put one more `piece` in its side's hand; `false` when the hand cannot
    /// hold it (a pawn, or more than seven of a kind).
    pub(in crate::board) fn put_in_hand(&mut self, piece: Piece) -> bool {
        match self.hands[piece.color.index()].with_one_more(piece.kind) {
            Some(hand) => {
                self.hands[piece.color.index()] = hand;
                true
            }
            None => false,
        }
    }

    /// The FEN marked the piece on `sq` as a promoted pawn.
    pub(in crate::board) fn mark_promoted(&mut self, sq: Square) {
        self.promoted |= Bitboard::from_square(sq);
    }

    /// Sets the Cambodian rights (only those whose square holds a piece of the colour
    /// they belong to are kept, as Fairy-Stockfish writes them) and Kar Ouk's checks.
    pub(in crate::board) fn set_rights(&mut self, gates: Bitboard, checks_left: [u8; 2]) {
        let white = gates & Bitboard::RANK_1 & self.by_color[0];
        let black = gates & Bitboard::rank(7) & self.by_color[1];
        self.gates = if self.variant.cambodian_moves() {
            pack_gates(white | black)
        } else {
            0
        };
        self.checks_left = checks_left;
    }

    /// Sets side, count and clocks, then derives the key and the checkers.
    pub(in crate::board) fn finish_setup(
        &mut self,
        side: Color,
        count: CountState,
        halfmove_clock: u16,
        game_ply: u32,
    ) {
        self.side = side;
        self.count = count;
        self.halfmove_clock = halfmove_clock;
        self.game_ply = game_ply;
        self.key = self.compute_key();
        self.checkers = self.compute_checkers();
    }
}
