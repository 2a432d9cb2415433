//! Whether a move gives check, answered before the move is played.
//!
//! A move checks in one of two ways: the piece it puts on the target square attacks
//! the enemy king from there (what it becomes, for a promotion), or it leaves a line
//! on which one of our sliders then sees the king. The rook (and in ai-wok the
//! ai-wok, which also moves as a rook) is the only slider, so a discovered check
//! needs the vacated square on the king's rank or file. Every move of the family is
//! one piece going from one square to another, the Cambodian first moves (the king's
//! leap, the met's double step) and captures included, so one test serves all six
//! games: a capture only fills its target square, which opens no line. Sittuyin's
//! promotion in place changes the piece on one square (no line opens), and a drop
//! only fills a square: both check only directly.

use super::attacks;
use super::bitboard::Bitboard;
use super::moves::Move;
use super::position::Position;
use super::types::PieceKind;

impl Position {
    /// Whether the legal move `m` checks the opponent's king: the same answer as
    /// playing it and asking the child's `in_check`, without playing it.
    ///
    /// Exact in every position a game can reach (the side not to move never stands in
    /// check there). In a leniently read FEN whose side not to move is in check
    /// already, a check that `m` neither gives nor uncovers is not reported.
    #[inline]
    pub(crate) fn gives_check(&self, m: Move) -> bool {
        let us = self.side_to_move();
        let from = m.from();
        let to = m.to();
        // A drop's from-square is its empty target square.
        let Some(moving) = self.kind_at(from) else {
            return m.is_drop() && self.drop_gives_check(m);
        };
        if self.variant().has_drops() && !self.has_king_on_board(!us) {
            return false;
        }
        let king = self.king_square(!us);
        let placed = if m.is_promotion() {
            m.promotion_kind()
        } else {
            moving
        };
        let occupied = (self.occupied() ^ Bitboard::from_square(from)) | Bitboard::from_square(to);
        let aiwok = self.variant().has_aiwok();

        // Direct check: the placed piece attacks the king from `to`.
        let direct = match placed {
            PieceKind::Pawn => attacks::pawn_attacks(us, to).contains(king),
            PieceKind::Khon => attacks::khon_attacks(us, to).contains(king),
            PieceKind::Knight => attacks::knight_attacks(to).contains(king),
            PieceKind::Rook => attacks::rook_attacks(to, occupied).contains(king),
            // The ai-wok, in the met's slot, is also a rook and a knight.
            PieceKind::Met => {
                attacks::met_attacks(to).contains(king)
                    || aiwok
                        && (attacks::knight_attacks(to) | attacks::rook_attacks(to, occupied))
                            .contains(king)
            }
            // Never legal (the kings would touch); kept so the answer stays exact.
            PieceKind::King => attacks::king_attacks(to).contains(king),
        };
        if direct {
            return true;
        }

        // Discovered check: only vacating a square on the king's rank or file can
        // open a line to it.
        if from.file() != king.file() && from.rank() != king.rank() {
            return false;
        }
        let mut sliders = self.pieces(us, PieceKind::Rook);
        if aiwok {
            sliders |= self.pieces(us, PieceKind::Met);
        }
        // The piece that moved is judged on `to` above, not on `from`.
        (attacks::rook_attacks(king, occupied) & sliders)
            .without(from)
            .any()
    }

    /// Whether the drop `m` checks: the dropped man attacks the enemy king (a drop
    /// only fills a square, so it uncovers nothing).
    #[cold]
    fn drop_gives_check(&self, m: Move) -> bool {
        let us = self.side_to_move();
        let kings = self.pieces(!us, PieceKind::King);
        let occupied = self.occupied().with(m.to());
        (attacks::attacks(m.drop_kind(), us, m.to(), occupied) & kings).any()
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::board::random_games::walk_random_games;
    use crate::board::types::Square;
    use crate::board::variant::Variant;
    use crate::rng::Rng;

    /// What the random games met, to show the test saw the interesting cases.
    #[derive(Default, Debug)]
    struct Seen {
        moves: usize,
        checks: usize,
        discovered: usize,
        double: usize,
        promotion_checks: usize,
        capture_checks: usize,
        king_leap_checks: usize,
        met_step_checks: usize,
        aiwok_checks: usize,
        aiwok_discovered: usize,
    }

    /// Plays random games from `fen` in `variant` and compares, for every legal move
    /// of every position visited, `gives_check` with playing the move.
    fn compare_in_random_games(
        variant: Variant,
        fen: &str,
        games: usize,
        plies: usize,
        rng: &mut Rng,
        seen: &mut Seen,
    ) {
        let start = Position::from_fen_in(variant, fen).expect("test FEN parses");
        walk_random_games(&start, games, plies, rng, |pos, moves| {
            for &m in moves.iter() {
                let mut child = pos.clone();
                child.play(m);
                let expected = child.in_check();
                assert_eq!(
                    pos.gives_check(m),
                    expected,
                    "{} ({}): {m}",
                    pos.to_fen(),
                    variant.name()
                );
                seen.moves += 1;
                if !expected {
                    continue;
                }
                seen.checks += 1;
                let checkers = child.checkers();
                if checkers.without(m.to()).any() {
                    seen.discovered += 1;
                }
                if checkers.more_than_one() {
                    seen.double += 1;
                }
                if m.is_promotion() {
                    seen.promotion_checks += 1;
                }
                if pos.piece_at(m.to()).is_some() {
                    seen.capture_checks += 1;
                }
                let kind = pos.kind_at(m.from());
                let file_step = m.from().file().abs_diff(m.to().file());
                let rank_step = m.from().rank().abs_diff(m.to().rank());
                if kind == Some(PieceKind::King) && file_step == 2 {
                    seen.king_leap_checks += 1;
                }
                if variant.cambodian_moves()
                    && kind == Some(PieceKind::Met)
                    && file_step == 0
                    && rank_step == 2
                {
                    seen.met_step_checks += 1;
                }
                let aiwoks = checkers & child.pieces_of_kind(PieceKind::Met);
                if variant.has_aiwok() && aiwoks.any() {
                    seen.aiwok_checks += 1;
                    if aiwoks.without(m.to()).any() {
                        seen.aiwok_discovered += 1;
                    }
                }
            }
        });
    }

    #[test]
    fn gives_check_agrees_with_playing_the_move() {
        let mut rng = Rng::new(0x2545_F491_4F6C_DD1D);
        for variant in Variant::ALL {
            let mut seen = Seen::default();
            // The start position, and middlegames with open lines and pawns near
            // promotion (random games from the start rarely bring a pawn through).
            let start = variant.start_fen();
            let (open, promoting) = match variant {
                Variant::Asean => (
                    "r3k2r/1b4b1/2pn1n2/1p1p2p1/1P1P2P1/2PN1N2/1B4B1/R2QK2R w - - 0 1",
                    "3k4/1P3P2/2r5/8/8/5R2/2p3p1/4K3 w - - 0 1",
                ),
                Variant::AiWok => (
                    "r3k2r/1s4s1/2pn1n2/1p1a2p1/1P1A2P1/2PN1N2/1S4S1/R3K2R w - - 0 1",
                    "4k3/8/8/1P3P2/2r1p1p1/5R2/8/4K3 w - - 0 1",
                ),
                Variant::Cambodian | Variant::Karouk => (
                    "r2mk2r/1s4s1/2pn1n2/1p1p2p1/1P1P2P1/2PN1N2/1S4S1/R2KM2R w DEde - 0 1",
                    "4k3/8/8/1P3P2/2r1p1p1/5R2/8/4K3 w - - 0 1",
                ),
                Variant::Makruk | Variant::Makpong => (
                    "r2mk2r/1s4s1/2pn1n2/1p1p2p1/1P1P2P1/2PN1N2/1S4S1/R2KM2R w - - 0 1",
                    "4k3/8/8/1P3P2/2r1p1p1/5R2/8/4K3 w - - 0 1",
                ),
                // Sittuyin's promotions never check, but they uncover checks the
                // generator must refuse; the set-up phase's drops check too.
                Variant::Sittuyin => (
                    "r2fk2r/1s4s1/2pn1n2/1p1p2p1/1P1P2P1/2PN1N2/1S4S1/R2FK2R[] w - - 0 1",
                    "4k3/8/2R5/1P1P1P2/2r1p1p1/3p1R2/8/4K3[] w - - 0 1",
                ),
            };
            // Kar Ouk's games end at the first check, so it gets more of them.
            let games = if variant.check_counting() { 200 } else { 40 };
            for fen in [start, open, promoting] {
                compare_in_random_games(variant, fen, games, 160, &mut rng, &mut seen);
            }
            if variant.cambodian_moves() {
                // The first moves uncover a rook only along the first rank, which
                // games seldom show: the king's leap and the met's step start here
                // with the enemy king on that rank.
                for fen in [
                    "8/pp6/2r5/8/8/8/PP6/R2K3k w D - 0 1",
                    "8/pp6/2r5/8/8/3K4/PP6/R3M2k w E - 0 1",
                ] {
                    compare_in_random_games(variant, fen, 20, 40, &mut rng, &mut seen);
                }
            }
            let name = variant.name();
            assert!(seen.moves > 50_000, "{name}: {seen:?}");
            assert!(seen.checks > 1_000, "{name}: {seen:?}");
            assert!(seen.discovered > 50, "{name}: {seen:?}");
            assert!(seen.double > 5, "{name}: {seen:?}");
            if variant.promotes_as_own_move() {
                assert_eq!(seen.promotion_checks, 0, "{name}: {seen:?}");
            } else {
                assert!(seen.promotion_checks > 20, "{name}: {seen:?}");
            }
            assert!(seen.capture_checks > 100, "{name}: {seen:?}");
            if variant.cambodian_moves() {
                assert!(seen.king_leap_checks > 0, "{name}: {seen:?}");
                assert!(seen.met_step_checks > 0, "{name}: {seen:?}");
            }
            if variant.has_aiwok() {
                assert!(seen.aiwok_checks > 1_000, "{name}: {seen:?}");
                assert!(seen.aiwok_discovered > 20, "{name}: {seen:?}");
            }
        }
    }

    /// Moves picked for one way each of checking or not (the game, the position, the
    /// move, whether it checks), each answered by playing it and by `gives_check`.
    const HAND_PICKED: [(Variant, &str, &str, bool); 16] = [
        // A rook checks from where it lands.
        (
            Variant::Makruk,
            "4k3/8/8/8/8/8/8/R5K1 w - - 0 1",
            "a1e1",
            true,
        ),
        (
            Variant::Makruk,
            "4k3/8/8/8/8/8/8/R5K1 w - - 0 1",
            "a1a8",
            true,
        ),
        (
            Variant::Makruk,
            "4k3/8/8/8/8/8/8/R5K1 w - - 0 1",
            "a1a7",
            false,
        ),
        // A knight leaves the rook's file: discovered check.
        (
            Variant::Makruk,
            "4k3/8/8/8/4N3/8/8/4RK2 w - - 0 1",
            "e4c5",
            true,
        ),
        // A pawn push along the rook's file still blocks it.
        (
            Variant::Makruk,
            "4k3/8/8/8/8/4P3/8/4RK2 w - - 0 1",
            "e3e4",
            false,
        ),
        // The promoted met checks backwards, where the pawn never attacked.
        (
            Variant::Makruk,
            "8/8/8/2Pk4/8/8/8/4K3 w - - 0 1",
            "c5c6m",
            true,
        ),
        (
            Variant::Makruk,
            "8/8/8/2P1k3/8/8/8/4K3 w - - 0 1",
            "c5c6m",
            false,
        ),
        // ASEAN: the promotion's piece decides.
        (
            Variant::Asean,
            "k7/2P5/8/8/8/8/8/4K3 w - - 0 1",
            "c7c8r",
            true,
        ),
        (
            Variant::Asean,
            "k7/2P5/8/8/8/8/8/4K3 w - - 0 1",
            "c7c8n",
            false,
        ),
        (
            Variant::Asean,
            "k7/2P5/8/8/8/8/8/4K3 w - - 0 1",
            "c7c8q",
            false,
        ),
        // Ai-wok: the promoted ai-wok checks as a knight and as a rook; an ai-wok
        // uncovers like a rook.
        (
            Variant::AiWok,
            "8/2k5/8/4P3/8/8/8/4K3 w - - 0 1",
            "e5e6a",
            true,
        ),
        (
            Variant::AiWok,
            "8/8/k7/4P3/8/8/8/4K3 w - - 0 1",
            "e5e6a",
            true,
        ),
        (
            Variant::AiWok,
            "6k1/8/8/4P3/8/8/8/4K3 w - - 0 1",
            "e5e6a",
            false,
        ),
        (
            Variant::AiWok,
            "4k3/8/8/8/4N3/8/8/4A1K1 w - - 0 1",
            "e4c5",
            true,
        ),
        // Cambodian first moves: the king's leap and the met's double step
        // uncover a rook; the met checks from its landing square.
        (
            Variant::Cambodian,
            "8/8/8/8/8/8/8/R2K3k w D - 0 1",
            "d1f2",
            true,
        ),
        (
            Variant::Cambodian,
            "3K4/8/8/8/8/8/8/R3M2k w E - 0 1",
            "e1e3",
            true,
        ),
    ];

    #[test]
    fn hand_picked_checks() {
        for (variant, fen, uci, expected) in HAND_PICKED {
            let pos = Position::from_fen_in(variant, fen).expect("test FEN parses");
            let m = pos
                .legal_moves()
                .iter()
                .copied()
                .find(|m| m.to_string() == uci)
                .unwrap_or_else(|| panic!("{uci} is legal in {fen}"));
            assert_eq!(pos.after(m).in_check(), expected, "{fen} {uci}");
            assert_eq!(pos.gives_check(m), expected, "{fen} {uci}");
        }
        let met_step = Position::from_fen_in(Variant::Cambodian, "8/8/8/8/5k2/8/8/3KM3 w DE - 0 1")
            .expect("test FEN parses");
        let m = Move::new(
            Square::parse("e1").expect("square"),
            Square::parse("e3").expect("square"),
        );
        assert!(met_step.legal_moves().contains(m));
        assert!(met_step.gives_check(m) && met_step.after(m).in_check());
    }
}
