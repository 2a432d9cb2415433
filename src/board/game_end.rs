//! How a game ends: checkmate, stalemate, the count running out, material that can
//! no longer mate, and in the relatives Kar Ouk's winning check, the fifty-move rule
//! (ASEAN, sittuyin) and sittuyin's draw when a king and a pawn could only promote.

use super::bitboard::Bitboard;
use super::position::Position;
use super::types::{Color, PieceKind};

/// Light squares (b1, a2, ...): mets never leave the colour they stand on.
const LIGHT_SQUARES: Bitboard = Bitboard(0x55AA_55AA_55AA_55AA);

/// A finished game's reason.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Outcome {
    /// The side to move is checkmated; `winner` gave the mate.
    Checkmate { winner: Color },
    /// The side to move has no legal move and is not in check: a draw.
    Stalemate,
    /// The counting rule's limit has passed: a draw.
    CountExceeded,
    /// Players' counting: `winner` mated while its own count ran (seed 003): a draw.
    CountingSideMate { winner: Color },
    /// Kar Ouk: `winner` has given the check it needed.
    CheckWin { winner: Color },
    /// ASEAN, sittuyin: fifty moves without a capture or a pawn move: a draw.
    FiftyMoves,
    /// Sittuyin: the side to move has its king and one pawn, is not in check, and
    /// every move it has is a promotion: a draw (its law 3.9 c.7; Fairy-Stockfish's
    /// optional end, claimed here as the count and the fifty-move rule are).
    OnlyPromotions,
    /// Neither side has the material to mate: a draw.
    InsufficientMaterial,
}

impl Outcome {
    /// The side this end makes the winner (checkmate, Kar Ouk's winning check);
    /// `None` for a draw. The same reading as [`Outcome::result`].
    pub fn winner(self) -> Option<Color> {
        match self.result() {
            "1-0" => Some(Color::White),
            "0-1" => Some(Color::Black),
            _ => None,
        }
    }

    /// `1-0`, `0-1` or `1/2-1/2`.
    pub fn result(self) -> &'static str {
        match self {
            Outcome::Checkmate {
                winner: Color::White,
            }
            | Outcome::CheckWin {
                winner: Color::White,
            } => "1-0",
            Outcome::Checkmate {
                winner: Color::Black,
            }
            | Outcome::CheckWin {
                winner: Color::Black,
            } => "0-1",
            _ => "1/2-1/2",
        }
    }

    /// A short reason, as match runners print it.
    pub fn reason(self) -> &'static str {
        match self {
            Outcome::Checkmate {
                winner: Color::White,
            } => "White mates",
            Outcome::Checkmate {
                winner: Color::Black,
            } => "Black mates",
            Outcome::CheckWin {
                winner: Color::White,
            } => "White checks",
            Outcome::CheckWin {
                winner: Color::Black,
            } => "Black checks",
            Outcome::FiftyMoves => "Fifty-move rule",
            Outcome::Stalemate => "Stalemate",
            Outcome::CountExceeded => "Counting rule",
            Outcome::CountingSideMate { .. } => "Mate by the counting side",
            Outcome::OnlyPromotions => "Only promotions left",
            Outcome::InsufficientMaterial => "Insufficient material",
        }
    }
}

impl Position {
    /// The game's end in this position, if it has ended. Mate and stalemate come
    /// first: the stronger side's last allowed move may still mate.
    pub fn outcome(&self) -> Option<Outcome> {
        if self.check_count_won() {
            return Some(Outcome::CheckWin {
                winner: !self.side_to_move(),
            });
        }
        if !self.has_legal_move() {
            return Some(if self.in_check() {
                Outcome::Checkmate {
                    winner: !self.side_to_move(),
                }
                .under_players_count(self)
            } else {
                Outcome::Stalemate
            });
        }
        if self.count().is_exceeded() {
            return Some(Outcome::CountExceeded);
        }
        if self.fifty_moves_exceeded() {
            return Some(Outcome::FiftyMoves);
        }
        if self.only_promotions_left() {
            return Some(Outcome::OnlyPromotions);
        }
        if self.has_insufficient_material(Color::White)
            && self.has_insufficient_material(Color::Black)
        {
            return Some(Outcome::InsufficientMaterial);
        }
        None
    }

    /// ASEAN: a hundred plies without a capture or a pawn move (a draw unless the
    /// side to move is mated).
    #[inline(always)]
    pub(crate) fn fifty_moves_exceeded(&self) -> bool {
        self.variant().fifty_move_rule() && self.halfmove_clock() >= 100
    }

    /// Sittuyin's draw (law 3.9 c.7, as Fairy-Stockfish applies it): the side to move
    /// has two men on the board, one of them a pawn, is not in check, and has no move
    /// but promotions (or none at all).
    pub fn only_promotions_left(&self) -> bool {
        let us = self.side_to_move();
        self.variant().promotes_as_own_move()
            && self.pieces_of(us).count() == 2
            && self.pieces(us, PieceKind::Pawn).count() == 1
            && !self.in_check()
            && self.legal_moves().iter().all(|m| m.is_promotion())
    }

    /// A rule has run out and drawn the game unless the side to move is mated: the
    /// count, or the fifty-move rule (ASEAN, sittuyin).
    #[inline(always)]
    pub fn draw_rule_exceeded(&self) -> bool {
        self.count().is_exceeded() || self.fifty_moves_exceeded()
    }

    /// Whether `color` can never mate, whatever the other side does (Fairy-Stockfish's
    /// rule, so both agree on when a game is dead): a rook, a khon, or a pawn that could
    /// become... only a met, so pawns count as unbound helpers; mets need partners of
    /// both square colours or any unbound piece; knights and pawns need one more piece
    /// of either side on the board.
    pub fn has_insufficient_material(&self, color: Color) -> bool {
        let ours = self.pieces_of(color);
        let variant = self.variant();
        // Men still in hand are mating material to Fairy-Stockfish, whatever they are.
        if !self.hand(color).is_empty() {
            return false;
        }
        // In Kar Ouk any check wins and in makpong a lone piece can mate a king that
        // may not step away: only a bare king is harmless (Fairy-Stockfish's rule).
        if variant.check_counting() || variant.king_frozen_in_check() {
            return ours.count() == 1;
        }
        // ASEAN pawns promote to a rook, a mating piece: a pawn is as good as one.
        if variant.promotes_on_last_rank() && (ours & self.pieces_of_kind(PieceKind::Pawn)).any() {
            return false;
        }
        if (ours & (self.pieces_of_kind(PieceKind::Rook) | self.pieces_of_kind(PieceKind::Khon)))
            .any()
        {
            return false;
        }
        let kings = self.pieces_of_kind(PieceKind::King);
        // Fairy-Stockfish counts the ai-wok (in the met's slot) neither as a mating
        // piece nor as a colour-bound one: like a knight, it needs one more man on
        // the board. So K+A v K is a dead draw to pyffish, and to Khun with it.
        let mets = if variant.has_aiwok() {
            Bitboard::EMPTY
        } else {
            self.pieces_of_kind(PieceKind::Met)
        };
        let unbound = self.occupied() ^ kings ^ mets;
        if (mets & ours).any()
            && (((mets & LIGHT_SQUARES).any() && (mets & !LIGHT_SQUARES).any()) || unbound.any())
        {
            return false;
        }
        if (ours & unbound).any() && (self.occupied() ^ kings).count() >= 2 {
            return false;
        }
        true
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::board::variant::Variant;

    /// Sittuyin's ends, each as pyffish 0.0.90 judges it.
    #[test]
    fn sittuyin_claim_and_hands() {
        let read = |fen| Position::from_fen_in(Variant::Sittuyin, fen).expect("test FEN parses");
        // King and pawn, and every move a promotion: the draw may be claimed
        // (is_optional_game_end true).
        let only = read("KPk5/6n1/8/1n6/8/8/8/8[] w - - 0 1");
        assert!(only.legal_moves().iter().all(|m| m.is_promotion()));
        assert!(only.only_promotions_left());
        assert_eq!(only.outcome(), Some(Outcome::OnlyPromotions));
        // With a king's move left, no claim.
        let free = read("1P6/K1k5/8/8/8/8/8/8[] w - - 0 1");
        assert!(!free.only_promotions_left());
        // Men in hand can still mate (has_insufficient_material false, false).
        let setup = read("8/8/4pppp/pppp4/4PPPP/PPPP4/8/4K3[k] w - - 0 1");
        assert!(!setup.has_insufficient_material(Color::White));
        assert!(!setup.has_insufficient_material(Color::Black));
        // The fifty-move rule: a hundred plies without a capture, pawn move, drop or
        // promotion.
        let fifty = read("4k3/8/8/8/8/8/8/R3K3[] w - - 100 80");
        assert_eq!(fifty.outcome(), Some(Outcome::FiftyMoves));
    }
}
