//! Legal move generation.
//!
//! Moves are generated legal, not pseudo-legal: the rook is the only slider, so the
//! only pins run along ranks and files, and a check is either blocked on the line to a
//! checking rook or answered by capturing the checker or moving the king. King moves
//! are tested against the squares the opponent attacks with the king lifted off the
//! board (so it cannot hide behind itself from a rook).

use super::attacks;
use super::bitboard::Bitboard;
use super::moves::{Move, MoveList};
use super::position::Position;
use super::types::{Color, PieceKind, Square};

/// Which moves to generate.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum GenKind {
    /// Every legal move.
    All,
    /// Captures and promotions only (for quiescence search); all evasions when in check.
    Tactical,
}

/// The squares a pawn promotes on: its sixth rank, and (only in leniently read
/// positions, whose pawns may stand beyond it) the ranks behind that too.
#[inline(always)]
pub fn promotion_zone(color: Color) -> Bitboard {
    match color {
        Color::White => Bitboard(0xFFFF_FF00_0000_0000),
        Color::Black => Bitboard(0x0000_0000_00FF_FFFF),
    }
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
    fn danger_squares(&self, by: Color) -> Bitboard {
        let occupied = self.occupied() ^ self.pieces(!by, PieceKind::King);
        let mut danger = Bitboard::EMPTY;
        for sq in self.pieces(by, PieceKind::Rook) {
            danger |= attacks::rook_attacks(sq, occupied);
        }
        for sq in self.pieces(by, PieceKind::Knight) {
            danger |= attacks::knight_attacks(sq);
        }
        for sq in self.pieces(by, PieceKind::Khon) {
            danger |= attacks::khon_attacks(by, sq);
        }
        for sq in self.pieces(by, PieceKind::Met) {
            danger |= attacks::met_attacks(sq);
        }
        let pawns = self.pieces(by, PieceKind::Pawn);
        let ahead = pawns.forward(by);
        danger |= Bitboard((ahead.0 << 1) & !Bitboard::FILE_A.0)
            | Bitboard((ahead.0 >> 1) & !Bitboard::FILE_H.0);
        danger |= attacks::king_attacks(self.king_square(by));
        danger
    }

    /// Our pieces that stand alone between our king and an enemy rook on its line.
    pub fn pinned(&self, us: Color) -> Bitboard {
        let king = self.king_square(us);
        let them = !us;
        let occupied = self.occupied();
        let snipers =
            attacks::rook_attacks(king, self.pieces_of(them)) & self.pieces(them, PieceKind::Rook);
        let mut pinned = Bitboard::EMPTY;
        for sniper in snipers {
            let blockers = attacks::between(king, sniper) & occupied;
            if blockers.any() && !blockers.more_than_one() {
                pinned |= blockers & self.pieces_of(us);
            }
        }
        pinned
    }

    /// Generates legal moves of the given kind into `list`.
    pub fn generate(&self, kind: GenKind, list: &mut MoveList) {
        let us = self.side_to_move();
        let them = !us;
        let ours = self.pieces_of(us);
        let theirs = self.pieces_of(them);
        let occupied = self.occupied();
        let king = self.king_square(us);
        let checkers = self.checkers();
        let in_check = checkers.any();
        let tactical_only = kind == GenKind::Tactical && !in_check;

        // King moves.
        let danger = self.danger_squares(them);
        let mut king_targets = attacks::king_attacks(king) & !ours & !danger;
        if tactical_only {
            king_targets &= theirs;
        }
        for to in king_targets {
            list.push(Move::new(king, to));
        }
        if checkers.more_than_one() {
            return;
        }

        // Squares a non-king move may go to: anywhere (not on our own pieces), or
        // when in check, onto the checker or between it and the king.
        // The enemy king is never a target: it can only stand in check here in a
        // leniently read FEN, and capturing it would leave a position without a king.
        let mut targets = if in_check {
            let checker = checkers.lsb();
            checkers | attacks::between(king, checker)
        } else {
            !ours & !self.pieces(them, PieceKind::King)
        };
        let promotion_zone = promotion_zone(us);
        if tactical_only {
            targets &= theirs | promotion_zone;
        }
        let pinned = self.pinned(us);

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
                    list.push(Move::new_promotion(from, to));
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
            push_all(
                list,
                from,
                attacks::met_attacks(from) & piece_targets & allowed(from),
            );
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

    /// The number of legal moves, without building a list (perft's last ply).
    pub fn count_legal_moves(&self) -> usize {
        let mut list = MoveList::new();
        self.generate(GenKind::All, &mut list);
        list.len()
    }
}

#[inline(always)]
fn push_all(list: &mut MoveList, from: Square, dests: Bitboard) {
    for to in dests {
        list.push(Move::new(from, to));
    }
}
