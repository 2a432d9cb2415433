//! The position's Zobrist keys: computed from scratch, the incremental one, the high
//! half of a child's before the move (for a prefetch) and the placement's alone (for
//! repetition).

use super::Position;
use crate::board::moves::Move;
use crate::board::types::{Color, Piece};
use crate::board::zobrist;

impl Position {
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
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::board::position::START_FEN;
    use crate::board::random_games::walk_random_games;
    use crate::board::variant::Variant;
    use crate::rng::Rng;

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
