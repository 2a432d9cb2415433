//! How a bare-king table is laid out in memory: the index of a configuration, and
//! the compaction of identical pieces.
//!
//! The table is built with the strong side as White; a Black strong side is read
//! through a rank flip (which turns its khons the right way round). Every makruk
//! piece moves the same on a board mirrored left to right, so only positions with the
//! strong king on files a-d are stored. A *configuration* is the strong king and the
//! pieces; for each one a 64-bit set over the weak king's squares drives the
//! retrograde analysis, so one operation handles all 64 weak-king squares at once.
//!
//! Identical pieces (two khons, three mets) are interchangeable, so once a table is
//! solved it keeps one ordering of them: their squares ascending, indexed by the
//! combinatorial number system (`C(64, 2) = 2016` placements of a pair instead of
//! 4096, `C(64, 3) = 41 664` of a triple instead of 262 144).

use super::{MAX_PIECES, NOT_WON, Pieces, Table};
use crate::board::{Bitboard, Square};

/// The index of ascending distinct squares among all such sets of their number (the
/// combinatorial number system), and how many such sets there are: one square 0..64,
/// a pair 0..2016, a triple 0..41 664.
fn combination_index(ascending: &[usize]) -> (usize, usize) {
    match *ascending {
        [a] => (a, 64),
        [a, b] => (b * b.saturating_sub(1) / 2 + a, 64 * 63 / 2),
        [a, b, c] => (
            c * c.saturating_sub(1) * c.saturating_sub(2) / 6 + b * b.saturating_sub(1) / 2 + a,
            64 * 63 * 62 / 6,
        ),
        _ => unreachable!("tables hold one to three pieces"),
    }
}

impl Table {
    /// Number of configurations: 32 strong-king squares times 64 per piece.
    pub(super) fn configurations(&self) -> usize {
        32 << (6 * self.len)
    }

    /// The index of a configuration; the strong king must be on files a-d.
    #[inline]
    pub(super) fn config(&self, strong_king: Square, pieces: &Pieces) -> usize {
        let king = (strong_king.rank() as usize) * 4 + strong_king.file() as usize;
        let mut c = king;
        for p in pieces.iter().take(self.len) {
            c = (c << 6) | p.index();
        }
        c
    }

    /// The groups of identical pieces, as (first index, length): the table's kinds
    /// are in a fixed order, so identical ones are neighbours.
    fn groups(&self) -> impl Iterator<Item = (usize, usize)> + '_ {
        let mut start = 0;
        std::iter::from_fn(move || {
            if start >= self.len {
                return None;
            }
            let first = start;
            while start < self.len && self.kinds[start] == self.kinds[first] {
                start += 1;
            }
            Some((first, start - first))
        })
    }

    /// Whether the table has identical pieces (its storage is then compacted).
    pub(super) fn has_identical(&self) -> bool {
        self.groups().any(|(_, n)| n > 1)
    }

    /// Whether `pieces` is the stored ordering: identical pieces' squares ascending.
    pub(super) fn is_stored_ordering(&self, pieces: &Pieces) -> bool {
        self.groups()
            .all(|(first, n)| (first..first + n - 1).all(|i| pieces[i] < pieces[i + 1]))
    }

    /// The index of a configuration in the storage; the strong king must be on files
    /// a-d, and the men on distinct squares. Identical pieces may come in any order.
    #[inline]
    pub(super) fn stored(&self, strong_king: Square, pieces: &Pieces) -> usize {
        if !self.compact {
            return self.config(strong_king, pieces);
        }
        let mut c = (strong_king.rank() as usize) * 4 + strong_king.file() as usize;
        for (first, n) in self.groups() {
            let mut squares = [0usize; MAX_PIECES];
            for (slot, sq) in squares.iter_mut().zip(&pieces[first..first + n]) {
                *slot = sq.index();
            }
            squares[..n].sort_unstable();
            let (index, size) = combination_index(&squares[..n]);
            c = c * size + index;
        }
        c
    }

    /// Number of configurations the storage holds.
    pub(super) fn stored_configurations(&self) -> usize {
        if !self.compact {
            return self.configurations();
        }
        // why [0, 1, 2]: any ascending squares give the count beside their index.
        self.groups()
            .map(|(_, n)| combination_index(&[0, 1, 2][..n]).1)
            .product::<usize>()
            * 32
    }

    /// Keeps one ordering of identical pieces (see the module's layout), once solved.
    pub(super) fn compact(&mut self) {
        if self.compact || !self.has_identical() {
            return;
        }
        // `configurations` and `unpack` number every ordering whatever the flag.
        self.compact = true;
        let n = self.stored_configurations();
        let mut dtm = vec![NOT_WON; n * 64];
        let mut attacked = vec![0u64; n];
        for c in 0..self.configurations() {
            let Some((king, pieces)) = self.unpack(c) else {
                continue;
            };
            if !self.is_stored_ordering(&pieces) {
                continue;
            }
            let s = self.stored(king, &pieces);
            dtm[s * 64..s * 64 + 64].copy_from_slice(&self.dtm[c * 64..c * 64 + 64]);
            attacked[s] = self.attacked[c];
        }
        self.dtm = dtm;
        self.attacked = attacked;
    }

    /// The configuration with index `c`: (strong king, pieces), or `None` when two
    /// men would share a square.
    pub(super) fn unpack(&self, c: usize) -> Option<(Square, Pieces)> {
        let mut pieces = [Square::new(0); MAX_PIECES];
        let mut rest = c;
        for i in (0..self.len).rev() {
            pieces[i] = Square::new((rest & 63) as u8);
            rest >>= 6;
        }
        let king = Square::from_file_rank((rest % 4) as u8, (rest / 4) as u8);
        let mut occupied = Bitboard::from_square(king).0;
        for p in pieces.iter().take(self.len) {
            let bit = Bitboard::from_square(*p).0;
            if occupied & bit != 0 {
                return None;
            }
            occupied |= bit;
        }
        Some((king, pieces))
    }

    /// The squares the strong king and pieces stand on.
    pub(super) fn strong_men(&self, king: Square, pieces: &Pieces) -> u64 {
        pieces
            .iter()
            .take(self.len)
            .fold(Bitboard::from_square(king).0, |acc, p| {
                acc | Bitboard::from_square(*p).0
            })
    }
}

#[cfg(test)]
mod tests {
    use super::super::Placement;
    use super::*;
    use crate::board::{PieceKind, attacks};

    #[test]
    fn the_combination_index_numbers_each_set_of_squares_once() {
        let mut seen = vec![false; 41_664];
        for c in 0..64 {
            for b in 0..c {
                for a in 0..b {
                    let (i, size) = combination_index(&[a, b, c]);
                    assert_eq!(size, 41_664);
                    assert!(!seen[i], "{a} {b} {c}");
                    seen[i] = true;
                }
            }
        }
        assert!(seen.iter().all(|&s| s));
        let pairs: std::collections::HashSet<usize> = (0..64)
            .flat_map(|b| (0..b).map(move |a| combination_index(&[a, b]).0))
            .collect();
        assert_eq!(pairs.len(), 2016);
        assert!(pairs.iter().all(|&i| i < 2016));
    }

    /// Two khons against a bare king, solved and kept with every ordering of the
    /// khons, and compacted: the same verdict for every placement, the khons given
    /// in either order, and the same counts; the storage is half the size.
    #[test]
    fn a_compacted_table_says_what_the_full_one_says() {
        let kinds = [PieceKind::Khon, PieceKind::Khon];
        let compacted = Table::generate(&kinds, [None, None, None]);
        let mut full = Table {
            kinds: [PieceKind::Khon, PieceKind::Khon, PieceKind::Met],
            len: 2,
            compact: false,
            dtm: Vec::new(),
            attacked: Vec::new(),
            after_capture: [None, None, None],
        };
        full.solve();
        assert!(compacted.compact && !full.compact);
        assert_eq!(compacted.dtm.len() * 4096, full.dtm.len() * 2016);
        assert_eq!(compacted.longest_win(), full.longest_win());
        let (legal_full, by_plies_full) = full.win_lengths();
        let (legal, by_plies) = compacted.win_lengths();
        // Every position of two distinct khon squares appears twice in the full one.
        assert_eq!(legal * 2, legal_full);
        assert_eq!(
            by_plies.iter().map(|n| n * 2).collect::<Vec<_>>(),
            by_plies_full
        );
        let mut compared = 0;
        for c in (0..full.configurations()).step_by(7) {
            let Some((king, pieces)) = full.unpack(c) else {
                continue;
            };
            let men = full.strong_men(king, &pieces);
            for weak_king in Bitboard(!men & !attacks::king_attacks(king).0)
                .into_iter()
                .step_by(3)
            {
                for strong_to_move in [true, false] {
                    let p = Placement {
                        strong_king: king,
                        weak_king,
                        pieces,
                    };
                    let swapped = Placement {
                        pieces: [pieces[1], pieces[0], pieces[2]],
                        ..p
                    };
                    let expected = full.verdict(p, strong_to_move);
                    assert_eq!(compacted.verdict(p, strong_to_move), expected);
                    assert_eq!(compacted.verdict(swapped, strong_to_move), expected);
                    compared += 1;
                }
            }
        }
        assert!(compared > 100_000, "{compared}");
        // Read back from every ordering (a version 1 file), it compacts alike.
        let back = Table::from_distances(&kinds, full.dtm.clone(), [None, None, None]).unwrap();
        assert_eq!(back.dtm, compacted.dtm);
        assert_eq!(back.attacked, compacted.attacked);
    }
}
