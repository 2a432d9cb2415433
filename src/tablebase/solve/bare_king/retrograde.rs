//! The bare-king tables' solver: retrograde analysis over every configuration at
//! once, the strong side's moves generated as sets of the weak king's squares.

use super::{MAX_PIECES, NOT_WON, Pieces, Table};
use crate::board::attacks;
use crate::board::{Bitboard, Color, PieceKind, Square};
use crate::tablebase::solve::square_sets::{king_spread, mirror_files, mirror_square};

impl Table {
    /// The squares a strong piece on `from` moves to (strong side White), given the
    /// strong men; the weak king's square is masked separately.
    fn piece_moves(&self, kind: PieceKind, from: Square, strong_men: u64) -> u64 {
        attacks::attacks(kind, Color::White, from, Bitboard(strong_men)).0 & !strong_men
    }

    /// The squares the strong side attacks in a configuration (the weak king blocks
    /// nothing: it cannot step back along a rook's line).
    pub(super) fn attacks_of(&self, king: Square, pieces: &Pieces) -> u64 {
        let men = Bitboard(self.strong_men(king, pieces));
        self.kinds
            .iter()
            .zip(pieces)
            .take(self.len)
            .fold(attacks::king_attacks(king).0, |a, (&kind, &sq)| {
                a | attacks::attacks(kind, Color::White, sq, men).0
            })
    }

    /// Retrograde analysis over all configurations at once, one ply pair per round:
    /// strong-to-move positions that reach a newly lost weak position are won; weak
    /// positions whose every move reaches a won position are lost.
    pub(super) fn solve(&mut self) {
        let n = self.configurations();
        // Per configuration and piece: the distance to mate once the bare king has
        // taken it (only read when the piece is unguarded).
        let mut capture_dtm = vec![[NOT_WON; MAX_PIECES]; n];
        if self.len > 1 {
            for (c, slot) in capture_dtm.iter_mut().enumerate() {
                if let Some((king, pieces)) = self.unpack(c) {
                    for (i, d) in slot.iter_mut().enumerate() {
                        *d = self.after_capture(king, &pieces, i, &self.after_capture);
                    }
                }
            }
        }
        let mut valid = vec![0u64; n];
        self.attacked = vec![0u64; n];
        for (c, slot) in valid.iter_mut().enumerate() {
            if let Some((king, pieces)) = self.unpack(c) {
                let men = self.strong_men(king, &pieces);
                *slot = !men & !attacks::king_attacks(king).0;
                self.attacked[c] = self.attacks_of(king, &pieces);
            }
        }
        self.dtm = vec![NOT_WON; n * 64];
        let mut won = vec![0u64; n];
        let mut lost = vec![0u64; n];
        let mut newly_lost = vec![0u64; n];
        let mut newly_won = vec![0u64; n];
        // Checkmates: in check, and no square to go to.
        for c in 0..n {
            if valid[c] == 0 {
                continue;
            }
            let (king, _) = self.unpack(c).expect("valid configuration");
            let forbidden = self.attacked[c] | Bitboard::from_square(king).0;
            let mated = valid[c] & self.attacked[c] & !king_spread(!forbidden);
            lost[c] = mated;
            newly_lost[c] = mated;
        }
        // The longest distance a capture leads to: rounds go on at least that far,
        // since such a capture may be the last escape a weak position has.
        let last_capture = capture_dtm
            .iter()
            .flatten()
            .copied()
            .filter(|&d| d != NOT_WON)
            .max()
            .unwrap_or(0);
        let mut plies: u8 = 0;
        loop {
            let mut any_won = false;
            for c in 0..n {
                newly_won[c] = 0;
                let open = valid[c] & !self.attacked[c] & !won[c];
                if open == 0 {
                    continue;
                }
                let reach = self.reach_lost(c, &newly_lost) & open;
                if reach != 0 {
                    newly_won[c] = reach;
                    won[c] |= reach;
                    any_won = true;
                    for wk in Bitboard(reach) {
                        self.dtm[c * 64 + wk.index()] = plies + 1;
                    }
                }
            }
            if !any_won && plies >= last_capture {
                break;
            }
            let mut any_lost = false;
            for c in 0..n {
                newly_lost[c] = 0;
                // A capture whose ending is won in at most `plies + 1` counts as a move
                // into a won position from this round on.
                let capture_now = capture_dtm[c].contains(&(plies + 1));
                if newly_won[c] == 0 && !capture_now {
                    continue;
                }
                let (king, pieces) = self.unpack(c).expect("valid configuration");
                let forbidden = self.attacked[c] | Bitboard::from_square(king).0;
                let mut captured_won = 0u64;
                for i in 0..self.len {
                    if capture_dtm[c][i] <= plies + 1 {
                        captured_won |= Bitboard::from_square(pieces[i]).0;
                    }
                }
                // Squares the weak king may go to that are not lost for it: a capture
                // of an unguarded piece is one of them, unless the ending it leaves is
                // won in time.
                let safe = !forbidden & !won[c] & !captured_won;
                let stalemate = !king_spread(!forbidden) & !self.attacked[c];
                let now_lost = valid[c] & !king_spread(safe) & !lost[c] & !stalemate;
                if now_lost != 0 {
                    lost[c] |= now_lost;
                    newly_lost[c] = now_lost;
                    any_lost = true;
                }
            }
            if !any_lost && plies >= last_capture {
                break;
            }
            plies += 2;
        }
    }

    /// The weak-king squares from which the strong side, to move in configuration
    /// `c`, has a move into a position in `lost` (weak side to move).
    fn reach_lost(&self, c: usize, lost: &[u64]) -> u64 {
        let (king, pieces) = self.unpack(c).expect("valid configuration");
        let men = self.strong_men(king, &pieces);
        let mut reach = 0u64;
        for to in Bitboard(attacks::king_attacks(king).0 & !men) {
            reach |= if to.file() < 4 {
                lost[self.config(to, &pieces)]
            } else {
                // A king step onto files e-h: the stored position is the mirror image.
                let mirrored = pieces.map(mirror_square);
                mirror_files(lost[self.config(mirror_square(to), &mirrored)])
            };
        }
        for i in 0..self.len {
            let from = pieces[i];
            for to in Bitboard(self.piece_moves(self.kinds[i], from, men)) {
                let mut moved = pieces;
                moved[i] = to;
                // The weak king can neither stand on the target nor block the way.
                let blocked = attacks::between(from, to).0 | Bitboard::from_square(to).0;
                reach |= lost[self.config(king, &moved)] & !blocked;
            }
        }
        reach
    }
}
