//! The position: piece placement, pieces in hand, side to move, counting state and
//! Zobrist key.
//!
//! Positions are copy-make: `play` changes a position in place, and the search keeps
//! the parent by copying it first (about 200 bytes; makruk has no castling rights or
//! en-passant square to restore). A `Position` is only built by the FEN parser or
//! `Position::startpos`, both of which validate, and changed only by legal moves.

use super::attacks;
use super::bitboard::Bitboard;
use super::count_state::CountState;
use super::count_state::PlayersCount;
use super::hand::Hand;
use super::moves::Move;
use super::types::{Color, Piece, PieceKind, Square};
use super::variant::Variant;
use super::zobrist;

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
    /// Counting as players count (`players_count.rs`); off under the automatic count.
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

    /// An empty board, White to move: only for the FEN parser to fill and validate.
    pub(super) fn empty(variant: Variant) -> Position {
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

    pub(super) fn put(&mut self, piece: Piece, sq: Square) {
        debug_assert_eq!(self.mailbox[sq.index()], EMPTY);
        self.mailbox[sq.index()] = piece.index() as u8;
        self.by_kind[piece.kind.index()] |= Bitboard::from_square(sq);
        self.by_color[piece.color.index()] |= Bitboard::from_square(sq);
    }

    /// The FEN put one more `piece` in its side's hand; `false` when the hand cannot
    /// hold it (a pawn, or more than seven of a kind).
    pub(super) fn put_in_hand(&mut self, piece: Piece) -> bool {
        match self.hands[piece.color.index()].with_one_more(piece.kind) {
            Some(hand) => {
                self.hands[piece.color.index()] = hand;
                true
            }
            None => false,
        }
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

    /// The FEN marked the piece on `sq` as a promoted pawn.
    pub(super) fn mark_promoted(&mut self, sq: Square) {
        self.promoted |= Bitboard::from_square(sq);
    }

    /// The pieces that were pawns.
    #[inline(always)]
    pub(crate) fn promoted(&self) -> Bitboard {
        self.promoted & self.occupied()
    }

    /// Sets the Cambodian rights (only those whose square holds a piece of the colour
    /// they belong to are kept, as Fairy-Stockfish writes them) and Kar Ouk's checks.
    pub(super) fn set_rights(&mut self, gates: Bitboard, checks_left: [u8; 2]) {
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
    pub(super) fn finish_setup(
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

    /// The key computed from scratch (used at set-up and to verify incremental updates).
    pub fn compute_key(&self) -> u64 {
        let mut key = zobrist::side(self.side)
            ^ zobrist::count(self.count.limit(), self.count.ply())
            ^ self.players.key()
            ^ self.rules_key();
        for sq in self.occupied() {
            key ^= zobrist::piece_square(self.piece_at(sq).expect("occupied"), sq);
        }
        for color in Color::ALL {
            let hand = self.hands[color.index()];
            for kind in hand.kinds() {
                for n in 1..=hand.count(kind) {
                    key ^= zobrist::hand(Piece::new(color, kind), n);
                }
            }
        }
        key
    }

    /// The key of the game and its rights: zero in makruk, so makruk keys are what
    /// they were before the other games came.
    fn rules_key(&self) -> u64 {
        let mut key = zobrist::variant(self.variant);
        for sq in self.gates() {
            key ^= zobrist::gate(sq);
        }
        if self.variant.check_counting() {
            key ^= zobrist::checks(Color::White, self.checks_left[0])
                ^ zobrist::checks(Color::Black, self.checks_left[1]);
        }
        key
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

    /// The Zobrist key: pieces, side to move and counting state.
    #[inline(always)]
    pub fn key(&self) -> u64 {
        self.key
    }

    /// The key after `m` as far as the pieces and the side to move go: the high half
    /// is the child's (what picks its table bucket, for a prefetch before the move is
    /// made); the count's part and the relatives' extra state (Cambodian rights, Kar
    /// Ouk's checks) are left out. A drop's hand is in.
    #[inline(always)]
    pub(crate) fn bucket_key_after(&self, m: Move) -> u64 {
        let Some(moving) = self.piece_at(m.from()) else {
            return self.bucket_key_after_drop(m);
        };
        // A promotion in place (sittuyin's) captures nothing on its own square.
        let (placed, victim) = if m.is_promotion() {
            let victim = if m.from() == m.to() {
                None
            } else {
                self.piece_at(m.to())
            };
            (Piece::new(self.side, m.promotion_kind()), victim)
        } else {
            (moving, self.piece_at(m.to()))
        };
        let captured = victim.map_or(0, |victim| zobrist::piece_square(victim, m.to()));
        self.key
            ^ zobrist::side(self.side)
            ^ zobrist::side(!self.side)
            ^ zobrist::piece_square(moving, m.from())
            ^ zobrist::piece_square(placed, m.to())
            ^ captured
    }

    /// [`Position::bucket_key_after`] for a drop (the position's own key for anything
    /// else that starts on an empty square).
    #[cold]
    fn bucket_key_after_drop(&self, m: Move) -> u64 {
        if !m.is_drop() {
            return self.key;
        }
        let piece = Piece::new(self.side, m.drop_kind());
        self.key
            ^ zobrist::side(self.side)
            ^ zobrist::side(!self.side)
            ^ zobrist::piece_square(piece, m.to())
            ^ zobrist::hand(piece, self.hand(self.side).count(piece.kind))
    }

    /// The key of the placement and side to move alone, without the count: what a
    /// threefold repetition compares (pyffish and match runners ignore the count).
    #[inline(always)]
    pub fn placement_key(&self) -> u64 {
        self.key ^ zobrist::count(self.count.limit(), self.count.ply()) ^ self.players.key()
    }

    /// The count in force: the automatic one, or under players' counting the one the
    /// players started (or the piece's honour); see `players_count.rs`.
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
    use crate::board::random_games::walk_random_games;
    use crate::rng::Rng;

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

    #[test]
    fn the_bucket_key_after_a_move_is_the_childs_high_half() {
        // Random games from the start and from pawnless positions (where a count
        // runs and changes with every move): for every legal move, the key's high
        // half predicted before the move is the child's.
        let mut rng = Rng::new(0x2545_F491_4F6C_DD1D);
        for (variant, fen_text) in [
            (Variant::Makruk, START_FEN),
            (Variant::Makruk, "4k3/8/8/8/8/8/8/R3K3 w - - 0 1"),
            (Variant::Makruk, "r3k3/8/8/3n4/8/8/8/R2NK3 b - - 0 1"),
            // Sittuyin: drops from the start, and promotions in place and by a step.
            (Variant::Sittuyin, Variant::Sittuyin.start_fen()),
            (
                Variant::Sittuyin,
                "4k3/8/2R5/1P1P1P2/2r1p1p1/3p1R2/8/4K3[] w - - 0 1",
            ),
        ] {
            let start = Position::from_fen_in(variant, fen_text).expect("test FEN parses");
            walk_random_games(&start, 20, 120, &mut rng, |pos, moves| {
                for &m in moves.iter() {
                    let mut child = pos.clone();
                    child.play(m);
                    assert_eq!(
                        pos.bucket_key_after(m) >> 32,
                        child.key() >> 32,
                        "{} then {m:?}",
                        pos.to_fen()
                    );
                }
            });
        }
    }
}
