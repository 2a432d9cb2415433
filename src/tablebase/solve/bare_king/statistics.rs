//! What a solved bare-king table counts: its positions, its wins by length, the
//! longest, and the mean length by the bare king's square (`khun tablebase`, the
//! tables' tests).

use super::{NOT_WON, Table};
use crate::board::Bitboard;
use crate::board::attacks;

impl Table {
    /// Strong-to-move positions stored (strong king on files a-d, identical pieces
    /// told apart by nothing): how many there are, and how many are won in each
    /// number of plies.
    pub(crate) fn win_lengths(&self) -> (u64, Vec<u64>) {
        let mut legal = 0;
        let mut by_plies = vec![0u64; NOT_WON as usize];
        for c in 0..self.configurations() {
            let Some((king, pieces)) = self.unpack(c) else {
                continue;
            };
            if self.compact && !self.is_stored_ordering(&pieces) {
                continue;
            }
            let s = self.stored(king, &pieces);
            let men = self.strong_men(king, &pieces);
            let open = !men & !attacks::king_attacks(king).0 & !self.attacked[s];
            legal += open.count_ones() as u64;
            for wk in Bitboard(open) {
                let d = self.dtm[s * 64 + wk.index()];
                if d != NOT_WON {
                    by_plies[d as usize] += 1;
                }
            }
        }
        (legal, by_plies)
    }

    /// The mean length in plies of the won strong-to-move positions, by the bare
    /// king's square (strong side White), over the whole board.
    pub fn mean_win_by_weak_king(&self) -> [f64; 64] {
        let mut sum = [0u64; 64];
        let mut count = [0u64; 64];
        for (i, &d) in self.dtm.iter().enumerate() {
            if d != NOT_WON {
                sum[i % 64] += d as u64;
                count[i % 64] += 1;
            }
        }
        // The stored half has the strong king on files a-d; its mirror image holds
        // the rest of the board.
        let mut mean = [0.0; 64];
        for (sq, m) in mean.iter_mut().enumerate() {
            let mirror = sq ^ 7;
            let n = count[sq] + count[mirror];
            *m = (sum[sq] + sum[mirror]) as f64 / n.max(1) as f64;
        }
        mean
    }

    /// Strong-to-move positions stored and how many of them are won.
    pub fn won_count(&self) -> (u64, u64) {
        let (legal, by_plies) = self.win_lengths();
        (legal, by_plies.iter().sum())
    }

    /// The longest win in the table, in plies.
    pub fn longest_win(&self) -> u8 {
        self.dtm
            .iter()
            .copied()
            .filter(|&d| d != NOT_WON)
            .max()
            .unwrap_or(0)
    }
}
