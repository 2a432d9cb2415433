//! One endgame table: a strong side with a king and one to three pieces against a
//! bare king, every position solved by retrograde analysis to its distance to mate.
//! The table itself is here, with the frame a position is read in (`Placement`) and
//! what the table says of one (`Table::verdict`); how it is laid out in memory in
//! `layout.rs`, the solver in `retrograde.rs`, what it counts in `statistics.rs`, the
//! positions lost within a count (the duels' exits) in `losses.rs`.
//!
//! Only positions with the strong side to move are stored, as plies to mate (or
//! `NOT_WON`); a position with the weak king to move is read through its king moves.
//! A capture by the bare king continues into the table of the pieces left (the count
//! runs on), or is an escape to a draw where no table is given.
//!
//! Sizes: `32 * 64^n` configurations (fewer with identical pieces, see `layout.rs`)
//! of 64 bytes (one per weak-king square) plus 8 (the attacked set): 0.1 MB with one
//! piece, 9 MB with two different ones (4.4 MB for a pair), 604 MB with three
//! different ones (five men; 298 MB with a pair among them, 98 MB for a triple). The
//! build holds every ordering and five more 64-bit sets per configuration (about 1 GB
//! in all while a five-man build runs).

mod layout;
pub(crate) mod losses;
mod retrograde;
mod statistics;

use crate::board::attacks;
use crate::board::{Bitboard, Color, PieceKind, Position, Square};
use crate::tablebase::solve::square_sets::mirror_square;
use crate::tablebase::verdict::Verdict;
use std::sync::Arc;

/// The most pieces beside the strong king a table holds.
pub(crate) const MAX_PIECES: usize = 3;

/// Stored for a strong-side-to-move position that is not a win.
pub(crate) const NOT_WON: u8 = u8::MAX;

/// The strong pieces' squares, in the order of the table's kinds; entries past the
/// table's piece count are ignored (and filled with a copy of a real one).
pub(crate) type Pieces = [Square; MAX_PIECES];

/// The squares of one position in the table's frame (strong side White, strong king on
/// files a-d), pieces in the order of the table's kinds.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) struct Placement {
    pub(crate) strong_king: Square,
    pub(crate) weak_king: Square,
    pub(crate) pieces: Pieces,
}

impl Placement {
    /// The position's men in the frame of a table of `kinds` (strong side as White;
    /// pieces of one kind taken from a1 up, as the tables were solved).
    pub(crate) fn of(pos: &Position, kinds: &[PieceKind], strong: Color) -> Placement {
        let mut pieces = [Square::new(0); MAX_PIECES];
        let mut taken = Bitboard::EMPTY;
        for (slot, &kind) in pieces.iter_mut().zip(kinds) {
            let sq = (pos.pieces(strong, kind) & !taken).lsb();
            taken = taken.with(sq);
            *slot = sq;
        }
        Placement::framed(pos, strong, &pieces[..kinds.len()])
    }

    /// The kings of `pos` and the strong side's `pieces` (in the table's order), in the
    /// table's frame: the board turned over when Black is the strong side.
    pub(crate) fn framed(pos: &Position, strong: Color, pieces: &[Square]) -> Placement {
        let frame = |sq: Square| match strong {
            Color::White => sq,
            Color::Black => sq.flip_rank(),
        };
        // Past the table's pieces the entries are ignored: copies of its last.
        let last = *pieces.last().expect("a table holds a piece");
        let padded: [Square; MAX_PIECES] = std::array::from_fn(|i| *pieces.get(i).unwrap_or(&last));
        Placement {
            strong_king: frame(pos.king_square(strong)),
            weak_king: frame(pos.king_square(!strong)),
            pieces: padded.map(frame),
        }
    }

    /// Brings a placement into the stored half (strong king on files a-d): a board
    /// mirrored left to right is the same position for every makruk piece.
    pub(crate) fn canonical(self) -> Placement {
        if self.strong_king.file() < 4 {
            return self;
        }
        Placement {
            strong_king: mirror_square(self.strong_king),
            weak_king: mirror_square(self.weak_king),
            pieces: self.pieces.map(mirror_square),
        }
    }
}

/// A solved ending.
pub struct Table {
    kinds: [PieceKind; MAX_PIECES],
    len: usize,
    /// Whether the storage keeps one ordering of identical pieces (set once solved;
    /// the solver indexes every ordering).
    compact: bool,
    /// Plies to mate per (configuration, weak king) with the strong side to move.
    dtm: Vec<u8>,
    /// Per configuration: the squares the strong side attacks (the weak king does not
    /// block, so it cannot step back along a rook's line).
    attacked: Vec<u64>,
    /// The tables of the endings the bare king's captures leave (see `generate`).
    after_capture: [Option<Arc<Table>>; MAX_PIECES],
}

impl Table {
    /// Solves the ending of a king and `kinds` (one to three pieces) against a bare
    /// king. With more than one piece, `after_capture[i]` is the table of the ending
    /// left when the bare king takes piece `i` (`None`: a draw); the count runs on
    /// unchanged there, so a capture simply continues the distance to mate.
    pub fn generate(kinds: &[PieceKind], after_capture: [Option<Arc<Table>>; MAX_PIECES]) -> Table {
        assert!(
            (1..=MAX_PIECES).contains(&kinds.len()),
            "tables hold one to three pieces"
        );
        let len = kinds.len();
        let mut padded = [PieceKind::Met; MAX_PIECES];
        padded[..len].copy_from_slice(kinds);
        let mut table = Table {
            kinds: padded,
            len,
            compact: false,
            dtm: Vec::new(),
            attacked: Vec::new(),
            after_capture,
        };
        table.solve();
        table.compact();
        table
    }

    /// The strong side's distance to mate (its move) after the bare king, on
    /// `pieces[i]`, has taken that piece, or `NOT_WON`.
    fn after_capture(
        &self,
        king: Square,
        pieces: &Pieces,
        i: usize,
        tables: &[Option<Arc<Table>>; MAX_PIECES],
    ) -> u8 {
        let Some(table) = &tables[i] else {
            return NOT_WON;
        };
        // The pieces left, in the order of that table's kinds (no allocation: this
        // runs for every configuration of a build and in the search's probes).
        let mut used = 1u8 << i;
        let mut rest = [pieces[(i + 1) % self.len]; MAX_PIECES];
        for (slot, kind) in rest.iter_mut().zip(&table.kinds[..table.len]) {
            let at = (0..self.len)
                .find(|&j| used & (1 << j) == 0 && self.kinds[j] == *kind)
                .expect("the table after a capture holds the pieces left");
            used |= 1 << at;
            *slot = pieces[at];
        }
        let placement = Placement {
            strong_king: king,
            weak_king: pieces[i],
            pieces: rest,
        };
        match table.verdict(placement, true) {
            Verdict::Win(d) => d,
            _ => NOT_WON,
        }
    }

    /// The verdict for a placement in the table's frame (see `Placement`).
    pub(crate) fn verdict(&self, p: Placement, strong_to_move: bool) -> Verdict {
        let p = p.canonical();
        let c = self.stored(p.strong_king, &p.pieces);
        if strong_to_move {
            return match self.dtm[c * 64 + p.weak_king.index()] {
                NOT_WON => Verdict::Draw,
                d => Verdict::Win(d),
            };
        }
        let attacked = self.attacked[c];
        let men = self.strong_men(p.strong_king, &p.pieces);
        let mut longest = 0u8;
        let mut has_move = false;
        for to in attacks::king_attacks(p.weak_king) {
            let bit = Bitboard::from_square(to).0;
            if attacked & bit != 0 {
                continue;
            }
            if men & bit != 0 {
                // Taking an unguarded piece leaves the ending of the other one (or a
                // draw); the count runs on.
                let i = (0..self.len).find(|&i| p.pieces[i] == to).expect("a piece");
                match self.after_capture(p.strong_king, &p.pieces, i, &self.after_capture) {
                    NOT_WON => return Verdict::Draw,
                    d => longest = longest.max(d),
                }
                has_move = true;
                continue;
            }
            has_move = true;
            match self.dtm[c * 64 + to.index()] {
                NOT_WON => return Verdict::Draw,
                d => longest = longest.max(d),
            }
        }
        if has_move {
            Verdict::Loss(longest + 1)
        } else if attacked & Bitboard::from_square(p.weak_king).0 != 0 {
            Verdict::Loss(0)
        } else {
            Verdict::Draw
        }
    }

    /// Bytes held by the table.
    pub(crate) fn memory_bytes(&self) -> usize {
        self.dtm.len() + self.attacked.len() * 8
    }

    /// The strong side's pieces, in the table's order.
    pub(crate) fn kinds(&self) -> &[PieceKind] {
        &self.kinds[..self.len]
    }

    /// The stored distances: one byte per (configuration, weak king), strong side to
    /// move (what a table file holds).
    pub(crate) fn distances(&self) -> &[u8] {
        &self.dtm
    }

    /// A table of `kinds` from its stored distances (as [`Table::distances`] gave
    /// them, identical pieces compacted; or every ordering, as version 1 files hold
    /// them, compacted here), the attacked sets recomputed; `None` when `dtm` is not
    /// that table's length.
    pub(crate) fn from_distances(
        kinds: &[PieceKind],
        dtm: Vec<u8>,
        after_capture: [Option<Arc<Table>>; MAX_PIECES],
    ) -> Option<Table> {
        if !(1..=MAX_PIECES).contains(&kinds.len()) {
            return None;
        }
        let mut padded = [PieceKind::Met; MAX_PIECES];
        padded[..kinds.len()].copy_from_slice(kinds);
        let mut table = Table {
            kinds: padded,
            len: kinds.len(),
            compact: false,
            dtm: Vec::new(),
            attacked: Vec::new(),
            after_capture,
        };
        let every_ordering = dtm.len() == table.configurations() * 64;
        table.compact = table.has_identical() && !every_ordering;
        let n = table.stored_configurations();
        if dtm.len() != n * 64 {
            return None;
        }
        let mut attacked = vec![0u64; n];
        for c in 0..table.configurations() {
            if let Some((king, pieces)) = table.unpack(c)
                && (!table.compact || table.is_stored_ordering(&pieces))
            {
                attacked[table.stored(king, &pieces)] = table.attacks_of(king, &pieces);
            }
        }
        table.attacked = attacked;
        table.dtm = dtm;
        table.compact();
        Some(table)
    }
}
