//! The position: piece placement, pieces in hand, side to move, counting state and
//! Zobrist key.
//!
//! Positions are copy-make: `play` changes a position in place, and the search keeps
//! the parent by copying it first (about 200 bytes; makruk has no castling rights or
//! en-passant square to restore). A `Position` is only built by the FEN parser or
//! `Position::startpos`, both of which validate, and changed only by legal moves.
//!
//! Its parts, by concern:
//! - here: the position's fields and what reads them (pieces, side, count, attacks);
//! - `setup`: building one (the empty board the FEN parser fills and validates);
//! - `key`: its Zobrist keys (from scratch, after a move, of the placement alone);
//! - `play`: making moves, and the check of what they keep incrementally.

use super::attacks;
use super::bitboard::Bitboard;
use super::count_state::CountState;
use super::count_state::PlayersCount;
use super::hand::Hand;
use super::moves::Move;
use super::types::{Color, Piece, PieceKind, Square};
use super::variant::Variant;

mod key;
mod play;
mod setup;

/// The mailbox code for an empty square.
const EMPTY: u8 = 12;

/// The Fairy-Stockfish start position.
pub const START_FEN: &str = "rnsmksnr/8/pppppppp/8/8/PPPPPPPP/8/RNSKMSNR w - - 0 1";

/// A position of one of the makruk family's games (makruk unless built otherwise).
#[derive(Clone, PartialEq, Eq)]
pub struct Position {
    /// The game whose rules apply.
    variant: Variant,
    /// Cambodian first-move rights: the files (bits 0-7 White's, on rank 1; bits
    /// 8-15 Black's, on rank 8) whose king or met has not moved yet. Zero in the
    /// other games. Two bytes, not a bitboard: the position stays as small as
    /// makruk's was, which copy-make copies at every move.
    gates: u16,
    /// Kar Ouk: the checks each side still has to give to win (the FEN's `1+1`).
    checks_left: [u8; 2],
    /// Sittuyin: the men each side has still to drop (empty in the other games, and
    /// in sittuyin once the set-up phase is over). Four bytes that were padding.
    hands: [Hand; 2],
    /// Piece index (`Piece::index`) per square, `EMPTY` for none.
    mailbox: [u8; 64],
    by_kind: [Bitboard; 6],
    by_color: [Bitboard; 2],
    side: Color,
    key: u64,
    checkers: Bitboard,
    /// The automatic count (Fairy-Stockfish's), kept under either convention: the
    /// players' count reads its limit and its piece's honour.
    count: CountState,
    /// Counting as players count (`players_count/`); off under the automatic count.
    players: PlayersCount,
    /// The pieces that were pawns (Fairy-Stockfish's promoted pieces): only notation
    /// reads it (Thai notation names a promoted met apart, `M~` in a FEN).
    promoted: Bitboard,
    /// Plies since the last capture or pawn move (shown in the FEN when no count runs).
    halfmove_clock: u16,
    /// Plies since the start of the game (the FEN's move number counts these).
    game_ply: u32,
}

impl Position {
    /// The standard start position.
    pub fn startpos() -> Position {
        Position::from_fen(START_FEN).expect("the start FEN is valid")
    }

    /// The start position of `variant`.
    pub fn startpos_of(variant: Variant) -> Position {
        Position::from_fen_in(variant, variant.start_fen()).expect("the start FEN is valid")
    }

    /// The men `color` has still to drop.
    #[inline(always)]
    pub(crate) fn hand(&self, color: Color) -> Hand {
        self.hands[color.index()]
    }

    /// The man that `m` (legal here) puts in motion: the piece on its from-square, or
    /// for a drop the man taken from the hand of the side to move.
    #[inline(always)]
    pub(crate) fn moved_piece(&self, m: Move) -> Option<Piece> {
        if m.is_drop() {
            Some(Piece::new(self.side, m.drop_kind()))
        } else {
            self.piece_at(m.from())
        }
    }

    /// The kind of the enemy man that `m` (legal here) takes, if any: none for a drop
    /// or a promotion in place (their from-square is their to-square).
    #[inline(always)]
    pub(crate) fn captured_kind(&self, m: Move) -> Option<PieceKind> {
        if m.from() == m.to() {
            None
        } else {
            self.kind_at(m.to())
        }
    }

    /// Whether every man is on the board: no side holds one in hand (always, but in
    /// sittuyin's set-up phase).
    #[inline(always)]
    pub(crate) fn all_men_placed(&self) -> bool {
        self.hands.iter().all(|h| h.is_empty())
    }

    /// Whether `color` has its king on the board (always, but in a drop game while it
    /// is still in hand).
    #[inline(always)]
    pub(crate) fn has_king_on_board(&self, color: Color) -> bool {
        self.pieces(color, PieceKind::King).any()
    }

    /// The pieces that were pawns.
    #[inline(always)]
    pub(crate) fn promoted(&self) -> Bitboard {
        self.promoted & self.occupied()
    }

    pub(super) fn compute_checkers(&self) -> Bitboard {
        match self.king_square_opt(self.side) {
            Some(k) => self.attackers_to(k, self.occupied()) & self.by_color[(!self.side).index()],
            None => Bitboard::EMPTY,
        }
    }

    #[inline(always)]
    pub fn side_to_move(&self) -> Color {
        self.side
    }

    /// The game whose rules apply.
    #[inline(always)]
    pub fn variant(&self) -> Variant {
        self.variant
    }

    /// The FEN letter of `piece` in this game (upper case for White).
    pub(crate) fn piece_char(&self, piece: Piece) -> char {
        let c = self.variant.letter(piece.kind);
        match piece.color {
            Color::White => c,
            Color::Black => c.to_ascii_lowercase(),
        }
    }

    /// Cambodian first-move rights: the squares whose king or met still has them.
    #[inline(always)]
    pub(crate) fn gates(&self) -> Bitboard {
        Bitboard((self.gates & 0xFF) as u64 | ((self.gates >> 8) as u64) << 56)
    }

    /// Kar Ouk: the checks `color` still has to give to win.
    #[inline(always)]
    pub(crate) fn checks_left(&self, color: Color) -> u8 {
        self.checks_left[color.index()]
    }

    /// Kar Ouk: the side that just moved has given its last needed check, so the side
    /// to move has lost.
    #[inline(always)]
    pub fn check_count_won(&self) -> bool {
        self.variant.check_counting() && self.checks_left[(!self.side).index()] == 0
    }

    /// The count in force: the automatic one, or under players' counting the one the
    /// players started (or the piece's honour); see `players_count/`.
    #[inline(always)]
    pub fn count(&self) -> CountState {
        if self.players.is_on() {
            self.players_count_in_force()
        } else {
            self.count
        }
    }

    /// The automatic count, whichever convention the game follows.
    #[inline(always)]
    pub(crate) fn automatic_count(&self) -> CountState {
        self.count
    }

    #[inline(always)]
    pub(crate) fn players(&self) -> PlayersCount {
        self.players
    }

    /// Sets the players' count, keeping the key in step.
    pub(crate) fn set_players(&mut self, players: PlayersCount) {
        self.key ^= self.players.key() ^ players.key();
        self.players = players;
    }

    #[inline(always)]
    pub fn halfmove_clock(&self) -> u16 {
        self.halfmove_clock
    }

    #[inline(always)]
    pub fn game_ply(&self) -> u32 {
        self.game_ply
    }

    /// The FEN move number: 1 for the first move, increased after Black moves.
    pub(crate) fn fullmove_number(&self) -> u32 {
        1 + (self.game_ply - (self.side == Color::Black) as u32) / 2
    }

    #[inline(always)]
    pub fn piece_at(&self, sq: Square) -> Option<Piece> {
        let code = self.mailbox[sq.index()];
        if code == EMPTY {
            None
        } else {
            let color = if code >= 6 {
                Color::Black
            } else {
                Color::White
            };
            Some(Piece::new(
                color,
                PieceKind::from_index((code % 6) as usize),
            ))
        }
    }

    #[inline(always)]
    pub fn kind_at(&self, sq: Square) -> Option<PieceKind> {
        let code = self.mailbox[sq.index()];
        (code != EMPTY).then(|| PieceKind::from_index((code % 6) as usize))
    }

    #[inline(always)]
    pub fn occupied(&self) -> Bitboard {
        self.by_color[0] | self.by_color[1]
    }

    #[inline(always)]
    pub(crate) fn pieces_of(&self, color: Color) -> Bitboard {
        self.by_color[color.index()]
    }

    #[inline(always)]
    pub(crate) fn pieces_of_kind(&self, kind: PieceKind) -> Bitboard {
        self.by_kind[kind.index()]
    }

    #[inline(always)]
    pub fn pieces(&self, color: Color, kind: PieceKind) -> Bitboard {
        self.by_color[color.index()] & self.by_kind[kind.index()]
    }

    #[inline(always)]
    pub(crate) fn king_square(&self, color: Color) -> Square {
        self.pieces(color, PieceKind::King).lsb()
    }

    fn king_square_opt(&self, color: Color) -> Option<Square> {
        let kings = self.pieces(color, PieceKind::King);
        kings.any().then(|| kings.lsb())
    }

    /// Pieces of the side to move's opponent that give check.
    #[inline(always)]
    pub(crate) fn checkers(&self) -> Bitboard {
        self.checkers
    }

    #[inline(always)]
    pub fn in_check(&self) -> bool {
        self.checkers.any()
    }

    /// Pieces of either colour that attack `sq`, with `occupied` blocking the rooks.
    #[inline]
    pub(crate) fn attackers_to(&self, sq: Square, occupied: Bitboard) -> Bitboard {
        if self.variant.has_aiwok() {
            self.attackers_to_in::<{ Variant::AiWok as u8 }>(sq, occupied)
        } else {
            self.attackers_to_in::<{ Variant::Makruk as u8 }>(sq, occupied)
        }
    }

    /// Both sides' pieces that move as a rook and as a knight under the rules of
    /// variant `V` (a `Variant as u8`): the rooks and knights, and in ai-wok the
    /// ai-woks (in the met's slot) too.
    #[inline(always)]
    pub(crate) fn rook_and_knight_movers_in<const V: u8>(&self) -> (Bitboard, Bitboard) {
        let rooks = self.by_kind[PieceKind::Rook.index()];
        let knights = self.by_kind[PieceKind::Knight.index()];
        if Variant::from_u8(V).has_aiwok() {
            let aiwoks = self.by_kind[PieceKind::Met.index()];
            (rooks | aiwoks, knights | aiwoks)
        } else {
            (rooks, knights)
        }
    }

    /// Both sides' pieces that move as a rook (the ai-woks too, in ai-wok).
    #[inline]
    pub(crate) fn rook_movers(&self) -> Bitboard {
        if self.variant.has_aiwok() {
            self.rook_and_knight_movers_in::<{ Variant::AiWok as u8 }>()
                .0
        } else {
            self.rook_and_knight_movers_in::<{ Variant::Makruk as u8 }>()
                .0
        }
    }

    /// `attackers_to` under the rules of variant `V` (a `Variant as u8`).
    #[inline(always)]
    fn attackers_to_in<const V: u8>(&self, sq: Square, occupied: Bitboard) -> Bitboard {
        let white = self.by_color[0];
        let black = self.by_color[1];
        let khons = self.by_kind[PieceKind::Khon.index()];
        let pawns = self.by_kind[PieceKind::Pawn.index()];
        let (rooks, knights) = self.rook_and_knight_movers_in::<V>();
        // A piece of colour c attacks sq exactly when sq's reverse pattern (the same
        // piece of the other colour) reaches it; only khons and pawns are asymmetric.
        (attacks::knight_attacks(sq) & knights)
            | (attacks::king_attacks(sq) & self.by_kind[PieceKind::King.index()])
            | (attacks::met_attacks(sq) & self.by_kind[PieceKind::Met.index()])
            | (attacks::rook_attacks(sq, occupied) & rooks)
            | (attacks::khon_attacks(Color::Black, sq) & khons & white)
            | (attacks::khon_attacks(Color::White, sq) & khons & black)
            | (attacks::pawn_attacks(Color::Black, sq) & pawns & white)
            | (attacks::pawn_attacks(Color::White, sq) & pawns & black)
    }

    /// Whether `by` attacks `sq` with the given occupancy.
    #[inline]
    pub(crate) fn is_attacked_by(&self, sq: Square, by: Color, occupied: Bitboard) -> bool {
        (self.attackers_to(sq, occupied) & self.by_color[by.index()]).any()
    }
}

/// First-move rights on ranks 1 and 8 as `Position::gates` keeps them.
fn pack_gates(gates: Bitboard) -> u16 {
    (gates.0 & 0xFF) as u16 | (((gates.0 >> 56) & 0xFF) as u16) << 8
}

impl std::fmt::Debug for Position {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "Position({})", self.to_fen())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn stays_as_small_as_makruks() {
        // why: copy-make copies the position at every move; the relatives' state
        // (game, rights, checks, sittuyin's hands) lives in what was padding, the
        // players' count in one more word, the promoted pieces (for notation) in
        // another.
        assert!(
            std::mem::size_of::<Position>() <= 176,
            "{}",
            std::mem::size_of::<Position>()
        );
    }
}
