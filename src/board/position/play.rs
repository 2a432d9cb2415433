//! Making moves: a move, a drop or a null move, each keeping the key, the checkers,
//! the count and the rights incrementally; and the check of those against a
//! from-scratch computation (after every move in debug builds).

use super::{EMPTY, Position, pack_gates};
use crate::board::attacks;
use crate::board::bitboard::Bitboard;
use crate::board::count_state::CountState;
use crate::board::moves::Move;
use crate::board::types::{Color, Piece, PieceKind, Square};
use crate::board::variant::Variant;
use crate::board::zobrist;

impl Position {
    /// Plays a legal move. The caller guarantees legality (a move from `legal_moves`).
    #[inline]
    pub fn play(&mut self, m: Move) {
        // One dispatch per move; inside, each game's rules are constants (makruk's
        // move has no test for the others' rights, checks or pieces).
        // why: makruk first by a plain test, not through a jump table, and the other
        // games' moves out of line: perft measured a few per cent slower otherwise.
        if self.variant == Variant::Makruk {
            self.play_in::<{ Variant::Makruk as u8 }>(m);
        } else {
            self.play_relative(m);
        }
    }

    #[inline(never)]
    fn play_relative(&mut self, m: Move) {
        match self.variant {
            Variant::Makruk => self.play_in::<{ Variant::Makruk as u8 }>(m),
            Variant::Cambodian => self.play_in::<{ Variant::Cambodian as u8 }>(m),
            Variant::Karouk => self.play_in::<{ Variant::Karouk as u8 }>(m),
            Variant::Makpong => self.play_in::<{ Variant::Makpong as u8 }>(m),
            Variant::Asean => self.play_in::<{ Variant::Asean as u8 }>(m),
            Variant::AiWok => self.play_in::<{ Variant::AiWok as u8 }>(m),
            Variant::Sittuyin => self.play_in::<{ Variant::Sittuyin as u8 }>(m),
        }
    }

    fn play_in<const V: u8>(&mut self, m: Move) {
        let variant = Variant::from_u8(V);
        if variant.has_drops() && m.is_drop() {
            self.play_drop::<V>(m);
            return;
        }
        let us = self.side;
        let them = !us;
        let from = m.from();
        let to = m.to();
        let moving = self.piece_at(from).expect("a legal move starts on a piece");
        // A promotion that is a move of its own never captures (in place, `to` holds
        // the pawn itself).
        let captured = if variant.promotes_as_own_move() && m.is_promotion() {
            None
        } else {
            self.piece_at(to)
        };
        let before = self.count;

        let mut key = self.key
            ^ zobrist::side(us)
            ^ zobrist::side(them)
            ^ zobrist::count(before.limit(), before.ply());

        self.halfmove_clock = self.halfmove_clock.saturating_add(1);
        self.game_ply += 1;

        if let Some(victim) = captured {
            let bb = Bitboard::from_square(to);
            self.by_kind[victim.kind.index()] ^= bb;
            self.by_color[them.index()] ^= bb;
            key ^= zobrist::piece_square(victim, to);
            self.halfmove_clock = 0;
        }

        let placed = if m.is_promotion() {
            Piece::new(us, m.promotion_kind())
        } else {
            moving
        };
        let from_bb = Bitboard::from_square(from);
        let to_bb = Bitboard::from_square(to);
        self.by_kind[moving.kind.index()] ^= from_bb;
        self.by_kind[placed.kind.index()] ^= to_bb;
        // `^`, not `|`: a promotion in place leaves the square its side's.
        self.by_color[us.index()] ^= from_bb ^ to_bb;
        self.mailbox[from.index()] = EMPTY;
        self.mailbox[to.index()] = placed.index() as u8;
        key ^= zobrist::piece_square(moving, from) ^ zobrist::piece_square(placed, to);
        if moving.kind == PieceKind::Pawn {
            self.halfmove_clock = 0;
        }
        if self.promoted.any() || m.is_promotion() {
            self.move_promoted(from_bb, to_bb, m.is_promotion());
        }

        if variant.cambodian_moves() && self.gates != 0 {
            key ^= self.update_gates(moving.kind, from_bb | to_bb, to, them);
        }

        self.side = them;
        self.count = self.count_after_move::<V>(before, captured.map(|p| p.kind), m.is_promotion());
        key ^= zobrist::count(self.count.limit(), self.count.ply());
        self.checkers = self.checkers_of_after_move::<V>(them);
        if variant.check_counting() && self.checkers.any() {
            let left = &mut self.checks_left[us.index()];
            let was = *left;
            *left = was.saturating_sub(1);
            key ^= zobrist::checks(us, was) ^ zobrist::checks(us, *left);
        }
        self.key = key;
        if self.players.is_on() {
            self.players_step();
        }

        #[cfg(debug_assertions)]
        self.assert_consistent();
    }

    /// The pieces of the side that just moved that check `them`'s king (none while
    /// that king is still in hand).
    #[inline(always)]
    fn checkers_of_after_move<const V: u8>(&self, them: Color) -> Bitboard {
        if Variant::from_u8(V).has_drops() && !self.has_king_on_board(them) {
            return Bitboard::EMPTY;
        }
        self.attackers_to_in::<V>(self.king_square(them), self.occupied())
            & self.by_color[(!them).index()]
    }

    /// Plays a drop: the man leaves the hand for its square. A drop restarts the
    /// fifty-move clock, as Fairy-Stockfish has it.
    #[cold]
    fn play_drop<const V: u8>(&mut self, m: Move) {
        let us = self.side;
        let them = !us;
        let to = m.to();
        let piece = Piece::new(us, m.drop_kind());
        let before = self.count;
        let hand = self.hands[us.index()];
        let mut key = self.key
            ^ zobrist::side(us)
            ^ zobrist::side(them)
            ^ zobrist::count(before.limit(), before.ply())
            ^ zobrist::hand(piece, hand.count(piece.kind))
            ^ zobrist::piece_square(piece, to);
        self.hands[us.index()] = hand.with_one_less(piece.kind);
        self.put(piece, to);
        self.promoted &= !Bitboard::from_square(to);
        self.halfmove_clock = 0;
        self.game_ply += 1;
        self.side = them;
        self.count = self.count_after_move::<V>(before, None, false);
        key ^= zobrist::count(self.count.limit(), self.count.ply());
        self.checkers = self.checkers_of_after_move::<V>(them);
        self.key = key;
        if self.players.is_on() {
            self.players_step();
        }

        #[cfg(debug_assertions)]
        self.assert_consistent();
    }

    /// Players' counting, after a ply: the counter moves on, and the side the search
    /// assumes starts the count starts it at its first chance.
    #[cold]
    fn players_step(&mut self) {
        self.set_players(self.players.advanced());
        self.start_count_if_assumed();
    }

    /// The promoted pieces after a move from `from` to `to`: a captured one leaves, a
    /// moved one goes with its piece, a promotion adds one.
    #[cold]
    fn move_promoted(&mut self, from: Bitboard, to: Bitboard, promotion: bool) {
        let mut promoted = self.promoted & !to;
        if (promoted & from).any() {
            promoted = (promoted & !from) | to;
        }
        if promotion {
            promoted |= to;
        }
        self.promoted = promoted;
    }

    /// Cambodian rights after a move: a right goes with its piece's first move or its
    /// capture, and the king's leap is also lost when an enemy rook moves onto the
    /// king's rank or file, blocked or not (Fairy-Stockfish's rule). Returns the key
    /// change.
    #[cold]
    fn update_gates(
        &mut self,
        moving: PieceKind,
        touched: Bitboard,
        to: Square,
        them: Color,
    ) -> u64 {
        let before = self.gates();
        let mut gates = before & !touched;
        if moving == PieceKind::Rook {
            let king = self.king_square(them);
            if gates.contains(king) && attacks::rook_attacks(to, Bitboard::EMPTY).contains(king) {
                gates = gates.without(king);
            }
        }
        self.gates = pack_gates(gates);
        let mut key = 0;
        for sq in before & !gates {
            key ^= zobrist::gate(sq);
        }
        key
    }

    /// Passes the move to the other side (for null-move pruning; never when in check).
    /// The count advances as for any ply, so a null move cannot dodge the count.
    pub fn play_null(&mut self) {
        debug_assert!(!self.in_check());
        let before = self.count;
        let after = CountState::new(before.limit(), before.ply().saturating_add(1));
        self.key ^= zobrist::side(self.side)
            ^ zobrist::side(!self.side)
            ^ zobrist::count(before.limit(), before.ply())
            ^ zobrist::count(after.limit(), after.ply());
        self.count = after;
        self.side = !self.side;
        self.game_ply += 1;
        self.halfmove_clock = self.halfmove_clock.saturating_add(1);
        self.checkers = Bitboard::EMPTY;
        if self.players.is_on() {
            self.players_step();
        }
    }

    /// The position after `m`, leaving this one as it is.
    pub fn after(&self, m: Move) -> Position {
        let mut next = self.clone();
        next.play(m);
        next
    }

    /// Checks every incrementally kept field against a from-scratch computation.
    /// Debug builds run this after every move.
    pub fn assert_consistent(&self) {
        let mut by_kind = [Bitboard::EMPTY; 6];
        let mut by_color = [Bitboard::EMPTY; 2];
        for sq in Square::all() {
            if let Some(p) = self.piece_at(sq) {
                by_kind[p.kind.index()] |= Bitboard::from_square(sq);
                by_color[p.color.index()] |= Bitboard::from_square(sq);
            }
        }
        assert_eq!(
            by_kind, self.by_kind,
            "kind bitboards disagree with the mailbox"
        );
        assert_eq!(
            by_color, self.by_color,
            "colour bitboards disagree with the mailbox"
        );
        assert_eq!(self.key, self.compute_key(), "incremental key is wrong");
        assert_eq!(self.checkers, self.compute_checkers(), "checkers are wrong");
        for color in Color::ALL {
            assert_eq!(
                self.pieces(color, PieceKind::King).count()
                    + self.hand(color).count(PieceKind::King) as u32,
                1,
                "one king per side, on the board or in hand"
            );
        }
        if !self.variant.has_drops() {
            assert!(self.all_men_placed(), "hands in a game without drops");
        }
    }
}
