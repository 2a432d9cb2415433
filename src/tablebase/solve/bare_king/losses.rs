//! The bare-king positions lost within a count: where a duel's capture of the last
//! piece leads, a won exit when the bare king is mated inside the fresh count that
//! capture starts.

use super::{Placement, Table};
use crate::board::attacks;
use crate::board::{Bitboard, Square};
use crate::tablebase::solve::square_sets::{mirror_files, mirror_square};
use crate::tablebase::verdict::Verdict;

impl Table {
    /// For a table of one or two pieces: per configuration (strong king on files a-d,
    /// then the pieces in every order, as `BareLosses::index` reads them), the bare
    /// king's squares from which the bare side, to move, is mated within `allowed`
    /// plies. These are the won exits of the duels, where a capture leaves a bare king
    /// with a fresh count.
    pub(crate) fn bare_losses(&self, allowed: u32) -> BareLosses {
        assert!(
            self.len <= 2,
            "duel exits lead into tables of one or two pieces"
        );
        let mut lost = vec![0u64; self.configurations()];
        for (c, set) in lost.iter_mut().enumerate() {
            let Some((king, pieces)) = self.unpack(c) else {
                continue;
            };
            let men = self.strong_men(king, &pieces);
            let placement = |weak_king| Placement {
                strong_king: king,
                weak_king,
                pieces,
            };
            for weak_king in Bitboard(!men & !attacks::king_attacks(king).0) {
                if let Verdict::Loss(d) = self.verdict(placement(weak_king), false)
                    && d as u32 <= allowed
                {
                    *set |= Bitboard::from_square(weak_king).0;
                }
            }
        }
        BareLosses { lost }
    }
}

/// The bare-king positions of a one-piece ending that are lost within a given
/// allowance (see `Table::bare_losses`), strong side as White.
pub(crate) struct BareLosses {
    lost: Vec<u64>,
}

impl BareLosses {
    /// The bare king's squares from which it is mated in time, with the strong king
    /// and pieces (in the table's order) on these squares (any file: mirrored here).
    #[inline]
    pub(crate) fn lost_set(&self, strong_king: Square, pieces: &[Square]) -> u64 {
        if strong_king.file() < 4 {
            self.lost[Self::index(strong_king, pieces.iter().copied())]
        } else {
            let mirrored = pieces.iter().map(|&p| mirror_square(p));
            mirror_files(self.lost[Self::index(mirror_square(strong_king), mirrored)])
        }
    }

    /// Whether the bare king on `weak_king`, to move, is mated in time.
    #[inline]
    pub(crate) fn is_lost(
        &self,
        strong_king: Square,
        pieces: &[Square],
        weak_king: Square,
    ) -> bool {
        self.lost_set(strong_king, pieces) & Bitboard::from_square(weak_king).0 != 0
    }

    fn index(strong_king: Square, pieces: impl Iterator<Item = Square>) -> usize {
        let king = strong_king.rank() as usize * 4 + strong_king.file() as usize;
        pieces.fold(king, |c, p| (c << 6) | p.index())
    }
}
