//! Moves and fixed-capacity move lists.

use super::types::Square;
use std::fmt;

/// A move: from-square, to-square and a promotion flag, packed in 16 bits.
///
/// Makruk promotion is compulsory and always to a met, so one flag says everything.
/// `Move::NONE` (all zero, a1a1) is never a legal move.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Default)]
pub struct Move(u16);

impl Move {
    pub const NONE: Move = Move(0);
    const PROMOTION: u16 = 1 << 12;

    #[inline(always)]
    pub const fn new(from: Square, to: Square) -> Move {
        Move(from.index() as u16 | (to.index() as u16) << 6)
    }

    #[inline(always)]
    pub const fn new_promotion(from: Square, to: Square) -> Move {
        Move(from.index() as u16 | (to.index() as u16) << 6 | Self::PROMOTION)
    }

    #[inline(always)]
    pub const fn from(self) -> Square {
        Square::new((self.0 & 63) as u8)
    }

    #[inline(always)]
    pub const fn to(self) -> Square {
        Square::new(((self.0 >> 6) & 63) as u8)
    }

    #[inline(always)]
    pub const fn is_promotion(self) -> bool {
        self.0 & Self::PROMOTION != 0
    }

    #[inline(always)]
    pub const fn is_none(self) -> bool {
        self.0 == 0
    }

    /// The raw 16 bits (for the transposition table).
    #[inline(always)]
    pub const fn to_bits(self) -> u16 {
        self.0
    }

    #[inline(always)]
    pub const fn from_bits(bits: u16) -> Move {
        Move(bits & 0x1FFF)
    }
}

/// UCI long algebraic form: `e3e4`, promotions with the met letter (`d5e6m`).
impl fmt::Display for Move {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        if self.is_none() {
            return f.write_str("0000");
        }
        write!(f, "{}{}", self.from(), self.to())?;
        if self.is_promotion() {
            f.write_str("m")?;
        }
        Ok(())
    }
}

impl fmt::Debug for Move {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        fmt::Display::fmt(self, f)
    }
}

/// The most legal moves a reachable makruk position can have is far below this
/// (a side has at most two rooks; promotions add only mets).
pub const MAX_MOVES: usize = 128;

/// A list of moves on the stack; no allocation in the search.
#[derive(Clone)]
pub struct MoveList {
    moves: [Move; MAX_MOVES],
    len: usize,
}

impl Default for MoveList {
    fn default() -> Self {
        Self::new()
    }
}

impl MoveList {
    #[inline(always)]
    pub const fn new() -> MoveList {
        MoveList {
            moves: [Move::NONE; MAX_MOVES],
            len: 0,
        }
    }

    #[inline(always)]
    pub fn push(&mut self, m: Move) {
        debug_assert!(self.len < MAX_MOVES);
        // The bound keeps a (theoretically impossible) overflow from writing out of range.
        if self.len < MAX_MOVES {
            self.moves[self.len] = m;
            self.len += 1;
        }
    }

    #[inline(always)]
    pub fn len(&self) -> usize {
        self.len
    }

    #[inline(always)]
    pub fn is_empty(&self) -> bool {
        self.len == 0
    }

    #[inline(always)]
    pub fn as_slice(&self) -> &[Move] {
        &self.moves[..self.len]
    }

    #[inline(always)]
    pub fn as_mut_slice(&mut self) -> &mut [Move] {
        &mut self.moves[..self.len]
    }

    pub fn contains(&self, m: Move) -> bool {
        self.as_slice().contains(&m)
    }

    pub fn iter(&self) -> std::slice::Iter<'_, Move> {
        self.as_slice().iter()
    }
}

impl<'a> IntoIterator for &'a MoveList {
    type Item = &'a Move;
    type IntoIter = std::slice::Iter<'a, Move>;
    fn into_iter(self) -> Self::IntoIter {
        self.as_slice().iter()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn packs_and_prints() {
        let m = Move::new_promotion(Square::parse("d5").unwrap(), Square::parse("e6").unwrap());
        assert_eq!(m.to_string(), "d5e6m");
        assert!(m.is_promotion());
        assert_eq!(Move::from_bits(m.to_bits()), m);
        let q = Move::new(Square::parse("e3").unwrap(), Square::parse("e4").unwrap());
        assert_eq!(q.to_string(), "e3e4");
        assert!(!q.is_promotion());
    }
}
