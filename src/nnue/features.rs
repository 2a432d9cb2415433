//! The network's inputs: 768 = 2 colours x 6 kinds x 64 squares, seen from one side.
//!
//! From White's perspective a square is itself; from Black's the board is turned
//! half way round (a1 <-> h8), so each side sees its own pieces at the bottom and
//! its king starting on d1. Makruk's rules are symmetric under that turn with the
//! colours swapped, so the two perspectives share one set of weights. "Ours" and
//! "theirs" are relative to the perspective. A promoted pawn is a met.
//!
//! The trainer and the engine both index through [`index`]: they cannot disagree.

use crate::board::{Color, Move, Piece, PieceKind, Position, Square};

/// Inputs per perspective.
pub(crate) const INPUTS: usize = 768;

/// The input for `piece` on `sq`, seen from `perspective`.
#[inline(always)]
pub(crate) fn index(perspective: Color, piece: Piece, sq: Square) -> usize {
    let (square, theirs) = match perspective {
        Color::White => (sq.index(), piece.color != Color::White),
        Color::Black => (sq.index() ^ 63, piece.color != Color::Black),
    };
    theirs as usize * 384 + piece.kind.index() * 64 + square
}

/// Every active input of `pos` from `perspective`.
pub fn active(pos: &Position, perspective: Color) -> impl Iterator<Item = usize> + '_ {
    pos.occupied()
        .into_iter()
        .map(move |sq| index(perspective, pos.piece_at(sq).expect("occupied square"), sq))
}

/// The pieces a move takes off and puts on the board: what an accumulator must
/// subtract and add to follow it.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub(crate) struct Delta {
    pub(crate) removed: [(u8, u8); 2],
    pub(crate) removed_len: u8,
    pub(crate) added: (u8, u8),
    pub(crate) has_added: bool,
}

impl Delta {
    /// No change (a null move).
    pub(crate) const NONE: Delta = Delta {
        removed: [(0, 0); 2],
        removed_len: 0,
        added: (0, 0),
        has_added: false,
    };

    /// What `m`, legal in `pos`, changes: the mover leaves its square, a captured
    /// piece leaves the target, the mover (its promotion's piece when it promotes)
    /// arrives.
    #[inline]
    pub(crate) fn of_move(pos: &Position, m: Move) -> Delta {
        let mover = pos.moved_piece(m).expect("a legal move moves a man");
        if m.is_drop() {
            // A man from the hand: nothing leaves the board.
            return Delta {
                added: (mover.index() as u8, m.to().index() as u8),
                has_added: true,
                ..Delta::NONE
            };
        }
        let placed = if m.is_promotion() {
            Piece::new(mover.color, m.promotion_kind())
        } else {
            mover
        };
        let mut delta = Delta {
            removed: [(mover.index() as u8, m.from().index() as u8), (0, 0)],
            removed_len: 1,
            added: (placed.index() as u8, m.to().index() as u8),
            has_added: true,
        };
        if let Some(kind) = pos.captured_kind(m) {
            let victim = Piece::new(!mover.color, kind);
            delta.removed[1] = (victim.index() as u8, m.to().index() as u8);
            delta.removed_len = 2;
        }
        delta
    }

    /// The removed inputs from `perspective`.
    #[inline]
    pub(crate) fn removed_inputs(&self, perspective: Color) -> impl Iterator<Item = usize> + '_ {
        self.removed[..self.removed_len as usize]
            .iter()
            .map(move |&(p, s)| index(perspective, piece_from_index(p), Square::new(s)))
    }

    /// The added input from `perspective`, if any.
    #[inline]
    pub(crate) fn added_input(&self, perspective: Color) -> Option<usize> {
        self.has_added.then(|| {
            index(
                perspective,
                piece_from_index(self.added.0),
                Square::new(self.added.1),
            )
        })
    }
}

/// The piece with dense index `i` (`Piece::index`).
#[inline(always)]
fn piece_from_index(i: u8) -> Piece {
    let color = if i >= 6 { Color::Black } else { Color::White };
    Piece::new(color, PieceKind::from_index(i as usize % 6))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_start_position_looks_the_same_from_both_sides() {
        let pos = Position::startpos();
        let mut white: Vec<usize> = active(&pos, Color::White).collect();
        let mut black: Vec<usize> = active(&pos, Color::Black).collect();
        white.sort_unstable();
        black.sort_unstable();
        assert_eq!(white, black);
        assert_eq!(white.len(), 32);
    }

    #[test]
    fn indices_are_distinct_and_in_range() {
        let mut seen = vec![false; INPUTS];
        for color in Color::ALL {
            for kind in PieceKind::ALL {
                for sq in Square::all() {
                    let i = index(Color::White, Piece::new(color, kind), sq);
                    assert!(!seen[i]);
                    seen[i] = true;
                }
            }
        }
        assert!(seen.iter().all(|&s| s));
    }
}
