//! Which tables a search may read: a set of the tables of up to four men and of the
//! five-man tables, so that a repeatable search reads only those its root prepared.

use crate::board::PieceKind;
use crate::tablebase::ending::Ending;

/// The tables a search may read, the evaluation's included. A search with a fixed
/// depth or node count reads only those its root prepared (`prepare_search` waits
/// for them), so its result does not depend on which tables earlier searches sharing
/// its [`Tables`](crate::tablebase::Tables) (other games of `annotate --jobs`, say)
/// happened to build or load; a timed search reads every table built.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Readable {
    /// Tables of up to four men, one bit per [`Ending::index`].
    small: u32,
    /// Five-man tables, one bit per [`five_man_bit`].
    five: u128,
}

impl Readable {
    /// Every table (that has been built or loaded).
    pub(crate) const ALL: Readable = Readable {
        small: u32::MAX,
        five: u128::MAX,
    };

    /// Whether `ending`'s table may be read.
    #[inline]
    pub(crate) fn contains(self, ending: Ending) -> bool {
        self.small & 1 << ending.index() != 0
    }

    /// Whether the five-man table of [`five_man_bit`] `bit` may be read.
    #[inline]
    pub(crate) fn contains_five_man(self, bit: u32) -> bool {
        self.five & 1 << bit != 0
    }

    /// These tables, those of up to four men restricted to the bits of `small` (one
    /// per [`Ending::index`]).
    pub(crate) fn with_small(self, small: u32) -> Readable {
        Readable {
            small: self.small & small,
            ..self
        }
    }

    /// These tables, the five-man ones restricted to the bits of `five`.
    pub(crate) fn with_five_man(self, five: u128) -> Readable {
        Readable {
            five: self.five & five,
            ..self
        }
    }
}

/// The bit among [`Readable`]'s of a five-man table: the strong side's three pieces
/// against a bare king, or for a duel its two pieces and the defender's, each kind a
/// digit in base four (the duels in the upper half). The game is not part of it: a
/// search plays one game.
pub(crate) fn five_man_bit(kinds: [PieceKind; 3], duel: bool) -> u32 {
    let digit = |k: PieceKind| match k {
        PieceKind::Rook => 0,
        PieceKind::Khon => 1,
        PieceKind::Knight => 2,
        _ => 3,
    };
    64 * duel as u32 + 16 * digit(kinds[0]) + 4 * digit(kinds[1]) + digit(kinds[2])
}
