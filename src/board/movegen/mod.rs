//! Legal move generation, for every game of the family.
//!
//! Moves are generated legal, not pseudo-legal: the rook (and the ai-wok's rook move)
//! is the only slider, so the only pins run along ranks and files, and a check is
//! either blocked on the line to a checking slider or answered by capturing the
//! checker or moving the king. King moves are tested against the squares the opponent
//! attacks with the king lifted off the board (so it cannot hide behind itself from a
//! rook).
//!
//! The game's rules enter as a const generic (`generate_in::<V>`), chosen by one
//! `match` per call: each game gets its own compiled generator from the one source,
//! and makruk's has none of the other games' tests in it.
//!
//! Sittuyin adds two kinds of move, read from the variant's data: drops (a side with
//! men in hand drops one while any drop is legal, and makes a board move only when
//! none is), and promotion as a move of its own (a pawn becomes a met in place or
//! with a met's step). Its king may still be in hand, so the king's square is asked
//! for only where the game has no drops or the king stands on the board.

use super::attacks;
use super::bitboard::Bitboard;
use super::moves::{Move, MoveList, Promotion};
use super::position::Position;
use super::types::{Color, PieceKind, Square};
use super::variant::Variant;

/// Which moves to generate.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub(crate) enum GenKind {
    /// Every legal move.
    All,
    /// Captures and promotions only (for quiescence search); all evasions when in check.
    Tactical,
}

impl Position {
    /// All legal moves.
    pub fn legal_moves(&self) -> MoveList {
        let mut list = MoveList::new();
        self.generate(GenKind::All, &mut list);
        list
    }

    /// Legal captures and promotions (every legal move when in check).
    pub fn tactical_moves(&self) -> MoveList {
        let mut list = MoveList::new();
        self.generate(GenKind::Tactical, &mut list);
        list
    }

    /// Whether `m` is legal here (for moves from outside: the hash table, the user).
    pub fn is_legal(&self, m: Move) -> bool {
        !m.is_none() && self.legal_moves().contains(m)
    }

    /// Whether the side to move has at least one legal move.
    pub fn has_legal_move(&self) -> bool {
        !self.legal_moves().is_empty()
    }

    /// Squares attacked by `by`, with the other side's king removed from the board.
    fn danger_squares<const V: u8>(&self, by: Color) -> Bitboard {
        let occupied = self.occupied() ^ self.pieces(!by, PieceKind::King);
        let mut danger = Bitboard::EMPTY;
        let (rooks, knights) = self.rook_and_knight_movers::<V>(by);
        for sq in rooks {
            danger |= attacks::rook_attacks(sq, occupied);
        }
        for sq in knights {
            danger |= attacks::knight_attacks(sq);
        }
        for sq in self.pieces(by, PieceKind::Khon) {
            danger |= attacks::khon_attacks(by, sq);
        }
        for sq in self.pieces(by, PieceKind::Met) {
            danger |= attacks::met_attacks(sq);
        }
        danger |= self.pieces(by, PieceKind::Pawn).pawn_attacks(by);
        if !Variant::from_u8(V).has_drops() || self.has_king_on_board(by) {
            danger |= attacks::king_attacks(self.king_square(by));
        }
        danger
    }

    /// `color`'s pieces that move as a rook and as a knight: the rooks and knights, and
    /// in ai-wok the ai-woks too.
    #[inline(always)]
    fn rook_and_knight_movers<const V: u8>(&self, color: Color) -> (Bitboard, Bitboard) {
        let (rooks, knights) = self.rook_and_knight_movers_in::<V>();
        let own = self.pieces_of(color);
        (rooks & own, knights & own)
    }

    #[inline(always)]
    fn pinned_by(&self, us: Color, sliders: Bitboard) -> Bitboard {
        let king = self.king_square(us);
        let them = !us;
        let occupied = self.occupied();
        let snipers = attacks::rook_attacks(king, self.pieces_of(them)) & sliders;
        let mut pinned = Bitboard::EMPTY;
        for sniper in snipers {
            let blockers = attacks::between(king, sniper) & occupied;
            if blockers.any() && !blockers.more_than_one() {
                pinned |= blockers & self.pieces_of(us);
            }
        }
        pinned
    }

    /// Generates legal moves of the given kind into `list`. A game already won by Kar
    /// Ouk's check has none.
    #[inline]
    pub(crate) fn generate(&self, kind: GenKind, list: &mut MoveList) {
        // why: makruk first by a plain test rather than a jump table, and the other
        // games' generators out of line, so makruk's stays compact (see
        // `Position::play`).
        if self.variant() == Variant::Makruk {
            self.generate_in::<{ Variant::Makruk as u8 }>(kind, list);
        } else {
            self.generate_relative(kind, list);
        }
    }

    #[inline(never)]
    fn generate_relative(&self, kind: GenKind, list: &mut MoveList) {
        match self.variant() {
            Variant::Makruk => self.generate_in::<{ Variant::Makruk as u8 }>(kind, list),
            Variant::Cambodian => self.generate_in::<{ Variant::Cambodian as u8 }>(kind, list),
            Variant::Karouk => self.generate_in::<{ Variant::Karouk as u8 }>(kind, list),
            Variant::Makpong => self.generate_in::<{ Variant::Makpong as u8 }>(kind, list),
            Variant::Asean => self.generate_in::<{ Variant::Asean as u8 }>(kind, list),
            Variant::AiWok => self.generate_in::<{ Variant::AiWok as u8 }>(kind, list),
            Variant::Sittuyin => self.generate_in::<{ Variant::Sittuyin as u8 }>(kind, list),
        }
    }

    /// The legal drops of the side to move into `list` (it has men in hand): onto the
    /// empty squares of its drop zone for each kind, in check only between the king
    /// and a checking rook, the king never onto a square the other side attacks.
    fn push_drops<const V: u8>(&self, list: &mut MoveList) {
        let variant = Variant::from_u8(V);
        let us = self.side_to_move();
        let them = !us;
        let occupied = self.occupied();
        let checkers = self.checkers();
        let mut open = !occupied;
        if checkers.any() {
            if checkers.more_than_one() {
                return;
            }
            open &= attacks::between(self.king_square(us), checkers.lsb());
        }
        for kind in self.hand(us).kinds() {
            let squares = variant.drop_squares(us, kind) & open;
            for to in squares {
                if kind == PieceKind::King && self.is_attacked_by(to, them, occupied) {
                    continue;
                }
                list.push(Move::new_drop(kind, to));
            }
        }
    }

    /// Sittuyin's promotions into `list`: while `us` has no met on the board, each
    /// pawn on a promotion square (or its last pawn, anywhere) becomes a met in place
    /// or with a met's step to an empty square in `targets`, unless the met would
    /// attack an enemy man from there or the move would give check.
    #[inline(never)]
    fn push_own_move_promotions<const V: u8>(
        &self,
        targets: Bitboard,
        allowed: impl Fn(Square) -> Bitboard,
        list: &mut MoveList,
    ) {
        let variant = Variant::from_u8(V);
        let us = self.side_to_move();
        if self.pieces(us, PieceKind::Met).any() {
            return;
        }
        let theirs = self.pieces_of(!us);
        let occupied = self.occupied();
        let pawns = self.pieces(us, PieceKind::Pawn);
        let candidates = if pawns.more_than_one() {
            pawns & variant.promotion_squares(us)
        } else {
            pawns
        };
        for from in candidates {
            let reach = (attacks::met_attacks(from) & !occupied) | Bitboard::from_square(from);
            for to in reach & targets & allowed(from) {
                if (attacks::met_attacks(to) & theirs).any() {
                    continue;
                }
                let m = Move::new_promotion_to(from, to, Promotion::Ferz);
                if !self.gives_check(m) {
                    list.push(m);
                }
            }
        }
    }

    /// The generator of game `V`: the set-up phase's drops, else the king's moves,
    /// then (unless in double check) every other man's, each kept legal by the
    /// squares it may go to (`targets`) and the pin it stands in (`allowed`).
    fn generate_in<const V: u8>(&self, kind: GenKind, list: &mut MoveList) {
        let variant = Variant::from_u8(V);
        if variant.check_counting() && self.check_count_won() {
            return;
        }
        let us = self.side_to_move();
        let them = !us;
        let ours = self.pieces_of(us);
        let theirs = self.pieces_of(them);
        let checkers = self.checkers();
        let in_check = checkers.any();
        let tactical_only = kind == GenKind::Tactical && !in_check;

        // The set-up phase: a side with men in hand must drop while it can (drops are
        // quiet moves, so the tactical generator has none to give then).
        if variant.has_drops() && !self.hand(us).is_empty() {
            let before = list.len();
            self.push_drops::<V>(list);
            if list.len() > before {
                if tactical_only {
                    list.truncate(before);
                }
                return;
            }
        }
        // A king still in hand: no king moves, no checks and no pins.
        let has_king = !variant.has_drops() || self.has_king_on_board(us);
        let king = if has_king {
            self.king_square(us)
        } else {
            Square::new(0)
        };
        // The enemy king is never a target: it can only stand in check here in a
        // leniently read FEN (kings side by side included), and capturing it would
        // leave a position without a king.
        let their_king = self.pieces(them, PieceKind::King);

        if has_king {
            self.push_king_moves::<V>(kind, king, their_king, list);
        }
        if checkers.more_than_one() {
            return;
        }

        // Squares a non-king move may go to: anywhere (not on our own pieces, nor the
        // enemy king), or when in check, onto the checker or between it and the king.
        let mut targets = if in_check {
            let checker = checkers.lsb();
            (checkers | attacks::between(king, checker)) & !their_king
        } else {
            !ours & !their_king
        };
        let promotion_zone = variant.promotion_zone(us);
        if tactical_only {
            targets &= theirs | promotion_zone;
        }
        let pinned = if !has_king {
            Bitboard::EMPTY
        } else if variant.has_aiwok() {
            self.pinned_by(
                us,
                self.pieces(them, PieceKind::Rook) | self.pieces(them, PieceKind::Met),
            )
        } else {
            self.pinned_by(us, self.pieces(them, PieceKind::Rook))
        };

        let allowed = |from: Square| -> Bitboard {
            if pinned.contains(from) {
                // A pinned piece may only move along the pin line, and never
                // resolves a check by another piece.
                if in_check {
                    Bitboard::EMPTY
                } else {
                    attacks::line(king, from)
                }
            } else {
                Bitboard::FULL
            }
        };

        self.push_pawn_moves::<V>(targets, &allowed, list);
        if variant.promotes_as_own_move() {
            // Out of check the promotion may go to any empty square (or stay), the
            // tactical generator's included; in check it must block.
            let promotion_targets = if in_check { targets } else { Bitboard::FULL };
            self.push_own_move_promotions::<V>(promotion_targets, &allowed, list);
        }
        self.push_piece_moves::<V>(kind, targets, &allowed, list);
    }

    /// The moves of the king on `king` into `list` (in check in makpong, only the
    /// capture of a single checker), and the Cambodian leap: two files sideways and one
    /// rank forward, to an empty square, not out of check. Never onto `their_king`.
    #[inline(always)]
    fn push_king_moves<const V: u8>(
        &self,
        kind: GenKind,
        king: Square,
        their_king: Bitboard,
        list: &mut MoveList,
    ) {
        let variant = Variant::from_u8(V);
        let us = self.side_to_move();
        let them = !us;
        let ours = self.pieces_of(us);
        let theirs = self.pieces_of(them);
        let occupied = self.occupied();
        let checkers = self.checkers();
        let in_check = checkers.any();
        let tactical_only = kind == GenKind::Tactical && !in_check;
        if tactical_only {
            // Only captures: each (rarely more than one) is tested on its own, which
            // costs less than the map of every square the other side attacks.
            let without_king = occupied ^ Bitboard::from_square(king);
            for to in attacks::king_attacks(king) & theirs & !their_king {
                if !self.is_attacked_by(to, them, without_king) {
                    list.push(Move::new(king, to));
                }
            }
        } else {
            let danger = self.danger_squares::<V>(them);
            let mut king_targets = attacks::king_attacks(king) & !ours & !their_king & !danger;
            if variant.king_frozen_in_check() && in_check {
                // Only a single checker may be taken (Fairy-Stockfish's makpong rule:
                // no king move while another checker remains).
                king_targets &= if checkers.count() == 1 {
                    checkers
                } else {
                    Bitboard::EMPTY
                };
            }
            for to in king_targets {
                list.push(Move::new(king, to));
            }
            if variant.cambodian_moves()
                && kind == GenKind::All
                && !in_check
                && self.gates().contains(king)
            {
                let forward_rank = Bitboard::rank(king.rank()).forward(us);
                let leaps = attacks::knight_attacks(king) & forward_rank & !occupied & !danger;
                for to in leaps {
                    list.push(Move::new(king, to));
                }
            }
        }
    }

    /// The pawns' moves into `list`: a push onto an empty square, or a diagonal
    /// capture, onto `targets` and as far as `allowed` lets each pawn (promotions in
    /// the zone, as the game has them).
    #[inline(always)]
    fn push_pawn_moves<const V: u8>(
        &self,
        targets: Bitboard,
        allowed: impl Fn(Square) -> Bitboard,
        list: &mut MoveList,
    ) {
        let variant = Variant::from_u8(V);
        let us = self.side_to_move();
        let theirs = self.pieces_of(!us);
        let occupied = self.occupied();
        let promotion_zone = variant.promotion_zone(us);
        for from in self.pieces(us, PieceKind::Pawn) {
            let push = Bitboard::from_square(from).forward(us) & !occupied;
            let dests =
                (push | (attacks::pawn_attacks(us, from) & theirs)) & targets & allowed(from);
            for to in dests {
                if promotion_zone.contains(to) {
                    for &piece in variant.promotions() {
                        list.push(Move::new_promotion_to(from, to, piece));
                    }
                } else {
                    list.push(Move::new(from, to));
                }
            }
        }
    }

    /// The moves of the mets (ai-woks), khons, knights and rooks into `list`, onto
    /// `targets` and as far as `allowed` lets each, with the Cambodian met's first
    /// move.
    #[inline(always)]
    fn push_piece_moves<const V: u8>(
        &self,
        kind: GenKind,
        targets: Bitboard,
        allowed: impl Fn(Square) -> Bitboard,
        list: &mut MoveList,
    ) {
        let variant = Variant::from_u8(V);
        let us = self.side_to_move();
        let theirs = self.pieces_of(!us);
        let occupied = self.occupied();
        let in_check = self.checkers().any();
        let tactical_only = kind == GenKind::Tactical && !in_check;
        // Quiet moves of pieces never land on the promotion zone by promoting, so
        // in tactical mode only captures remain for them.
        let piece_targets = if tactical_only {
            targets & theirs
        } else {
            targets
        };
        for from in self.pieces(us, PieceKind::Met) {
            let mut reach = attacks::met_attacks(from);
            if variant.has_aiwok() {
                reach |= attacks::knight_attacks(from) | attacks::rook_attacks(from, occupied);
            }
            push_all(list, from, reach & piece_targets & allowed(from));
        }
        // The Cambodian met's first move: a leap two squares straight forward to an
        // empty square (it may block a check).
        if variant.cambodian_moves() && (kind == GenKind::All || in_check) {
            for from in self.pieces(us, PieceKind::Met) & self.gates() {
                let ahead = Bitboard::from_square(from).forward(us).forward(us);
                push_all(list, from, ahead & !occupied & targets & allowed(from));
            }
        }
        for from in self.pieces(us, PieceKind::Khon) {
            push_all(
                list,
                from,
                attacks::khon_attacks(us, from) & piece_targets & allowed(from),
            );
        }
        for from in self.pieces(us, PieceKind::Knight) {
            push_all(
                list,
                from,
                attacks::knight_attacks(from) & piece_targets & allowed(from),
            );
        }
        for from in self.pieces(us, PieceKind::Rook) {
            push_all(
                list,
                from,
                attacks::rook_attacks(from, occupied) & piece_targets & allowed(from),
            );
        }
    }
}

#[inline(always)]
fn push_all(list: &mut MoveList, from: Square, dests: Bitboard) {
    for to in dests {
        list.push(Move::new(from, to));
    }
}

#[cfg(test)]
mod tests;
