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

use super::attacks;
use super::bitboard::Bitboard;
use super::moves::{Move, MoveList, Promotion};
use super::position::Position;
use super::types::{Color, PieceKind, Square};
use super::variant::Variant;

/// Which moves to generate.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum GenKind {
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
        danger |= attacks::king_attacks(self.king_square(by));
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
        }
    }

    fn generate_in<const V: u8>(&self, kind: GenKind, list: &mut MoveList) {
        let variant = Variant::from_u8(V);
        if variant.check_counting() && self.check_count_won() {
            return;
        }
        let us = self.side_to_move();
        let them = !us;
        let ours = self.pieces_of(us);
        let theirs = self.pieces_of(them);
        let occupied = self.occupied();
        let king = self.king_square(us);
        let checkers = self.checkers();
        let in_check = checkers.any();
        let tactical_only = kind == GenKind::Tactical && !in_check;
        // The enemy king is never a target: it can only stand in check here in a
        // leniently read FEN (kings side by side included), and capturing it would
        // leave a position without a king.
        let their_king = self.pieces(them, PieceKind::King);

        // King moves (in check in makpong, only the capture of the checker), and the
        // Cambodian leap: two files sideways and one rank forward, to an empty square,
        // not out of check.
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
                king_targets &= checkers;
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
        let pinned = if variant.has_aiwok() {
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

        // Pawns: a push onto an empty square, or a diagonal capture.
        for from in self.pieces(us, PieceKind::Pawn) {
            let push = Bitboard::from_square(from).forward(us) & !occupied;
            let dests =
                (push | (attacks::pawn_attacks(us, from) & theirs)) & targets & allowed(from);
            for to in dests {
                if promotion_zone.contains(to) {
                    if variant.promotes_on_last_rank() {
                        for piece in Promotion::ASEAN {
                            list.push(Move::new_promotion_to(from, to, piece));
                        }
                    } else if variant.has_aiwok() {
                        list.push(Move::new_promotion_to(from, to, Promotion::AiWok));
                    } else {
                        list.push(Move::new_promotion(from, to));
                    }
                } else {
                    list.push(Move::new(from, to));
                }
            }
        }

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
mod tests {
    use super::*;
    use crate::board::random_games::walk_random_games;
    use crate::rng::Rng;

    /// Random games in every game of the family: at each position the tactical
    /// generator gives exactly the legal captures and promotions (every legal move
    /// when in check), each once.
    #[test]
    fn tactical_moves_are_the_legal_captures_and_promotions() {
        let mut rng = Rng::new(0x9E37_79B9_7F4A_7C15);
        let mut checked = 0;
        for variant in Variant::ALL {
            let start = Position::startpos_of(variant);
            walk_random_games(&start, 30, 160, &mut rng, |pos, legal| {
                let mut expected: Vec<Move> = legal
                    .iter()
                    .copied()
                    .filter(|&m| {
                        pos.in_check() || m.is_promotion() || pos.piece_at(m.to()).is_some()
                    })
                    .collect();
                let mut got: Vec<Move> = pos.tactical_moves().iter().copied().collect();
                expected.sort_by_key(|m| m.to_bits());
                got.sort_by_key(|m| m.to_bits());
                assert_eq!(got, expected, "{} ({})", pos.to_fen(), variant.name());
                checked += 1;
            });
        }
        assert!(checked > 10_000, "only {checked} positions");
    }
}
