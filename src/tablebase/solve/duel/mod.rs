//! One table of a king and one or two pieces against a king and a piece (K+X v K+Y,
//! and with five men K+X+Y v K+Z), solved under the board's honour. The table, its
//! layout and what it stores are here; the move generator in `moves.rs`, where the
//! captures lead in `captures.rs`, the retrograde solver in `retrograde.rs`.
//!
//! While both sides have a piece, the board's honour runs: the game is drawn once its
//! counter passes the limit, unless that move mates. A capture that leaves both sides
//! a piece does not touch the count (a running count is never recomputed), so the
//! only count state that matters is how many plies are left, and a longer allowance
//! never hurts the side that can win. So each position stores one number: the fewest
//! plies the side to move needs to force a *winning exit* (odd: it wins once the count
//! leaves that many plies), or the most plies it can hold out against one (even: it
//! loses once the count leaves that many), or `NO_RESULT` (a draw whatever the count).
//!
//! A winning exit is a mate, or a capture that leaves the other side a bare king in a
//! position the piece's-honour table says is mated inside the fresh count that capture
//! starts (the counting rules replace the board's honour there, see `Exits`). A
//! capture that leaves a bare king is never lost for the capturer (a bare king cannot
//! mate), so it is at least an escape. With five men, Black's captures leave a K+X v
//! K+Y position with the same count: they are read from that table with their
//! distances, a win, an escape or a loss like any other move.
//!
//! Layout: White holds the table's one or two pieces, Black the last (a position with
//! them the other way round is read through a rank flip, which turns khons the right
//! way round). Only the White king's files a-d are stored (a left-right mirror is the
//! same position for every makruk piece). A configuration is the White king, White's
//! pieces and the Black piece; a 64-bit set over the Black king's squares drives the
//! retrograde analysis, as in the bare-king tables. One byte per position and side to
//! move: 32 * 64^3 * 2 = 16.8 million bytes with four men, 32 * 64^4 * 2 = 1.07 GB
//! with five (identical pieces are kept in both orders). A five-man build holds
//! about 2.5 GB more while it runs (the per-configuration sets and Black's captures).

mod captures;
mod moves;
mod retrograde;

use crate::board::attacks;
use crate::board::{PieceKind, Square};
use crate::tablebase::solve::bare_king::losses::BareLosses;
use crate::tablebase::solve::square_sets::{bit, mirror_square};

/// Stored for a position that no count allowance wins or loses (or that cannot occur).
pub(crate) const NO_RESULT: u8 = u8::MAX;

/// Longest distance the table resolves, in plies.
// why: a board's-honour count leaves at most 130 plies (a FEN with no count yet,
// then 128 plies and the mating move); anything longer than a byte holds is a draw
// for every count a game can have.
const LONGEST: u8 = NO_RESULT - 1;

/// The most pieces White holds beside its king.
pub(crate) const MAX_WHITE: usize = 2;

/// The men of a position in the table's frame, the Black king aside (the tables keep
/// a set over its squares). White's squares past the table's piece count are copies
/// of its first and are ignored.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) struct Men {
    pub(crate) king: Square,
    pub(crate) white: [Square; MAX_WHITE],
    pub(crate) black: Square,
}

impl Men {
    /// The same men on a board mirrored left to right.
    fn mirrored(self) -> Men {
        Men {
            king: mirror_square(self.king),
            white: self.white.map(mirror_square),
            black: mirror_square(self.black),
        }
    }
}

/// A K+X v K+Y table read from a five-man table's frame: after Black takes one of
/// White's two pieces, the duel of the piece left against Black's.
pub(crate) struct SubDuel<'a> {
    pub(crate) table: &'a DuelTable,
    /// Whether that table's White is our Black (its frame is ours turned over).
    pub(crate) swapped: bool,
}

impl SubDuel<'_> {
    /// The stored number of our White to move, with its king on `king` and piece on
    /// `piece`, Black's piece on `black` and king on `black_king`.
    fn white_to_move(&self, king: Square, piece: Square, black: Square, black_king: Square) -> u8 {
        if self.swapped {
            let f = |sq: Square| sq.flip_rank();
            let men = Men {
                king: f(black_king),
                white: [f(black); MAX_WHITE],
                black: f(piece),
            };
            self.table.value(men, f(king), false)
        } else {
            let men = Men {
                king,
                white: [piece; MAX_WHITE],
                black,
            };
            self.table.value(men, black_king, true)
        }
    }
}

/// Where Black's captures lead.
pub(crate) enum BlackExits<'a> {
    /// White had one piece: the bare-king table of Black's piece, read in the flipped
    /// frame (Black as the strong White side) with the fresh piece's honour.
    Bare(&'a BareLosses),
    /// White had two: for each, the K+X v K+Y table left once Black has taken it.
    Duels([SubDuel<'a>; MAX_WHITE]),
}

/// Where the captures of a duel lead.
pub(crate) struct Exits<'a> {
    /// White took Black's piece: the bare-king table of White's pieces (in the order
    /// of this table's), read with the allowance the fresh piece's honour gives.
    pub(crate) white: &'a BareLosses,
    pub(crate) black: BlackExits<'a>,
}

/// A solved K+X v K+Y or K+X+Y v K+Z ending.
pub struct DuelTable {
    white: [PieceKind; MAX_WHITE],
    /// White's pieces: 1 or 2.
    len: usize,
    black: PieceKind,
    /// One byte per (configuration, Black king): White to move, then Black to move.
    values: Vec<u8>,
}

impl DuelTable {
    /// Solves the ending of White's king and `white` (one or two pieces) against
    /// Black's king and `black` (in the table's frame), with `exits` valuing the
    /// captures.
    pub(crate) fn generate(white: &[PieceKind], black: PieceKind, exits: &Exits) -> DuelTable {
        let mut table = DuelTable::holding(white, black, Vec::new())
            .expect("a duel table holds one or two White pieces");
        table.values = vec![NO_RESULT; 2 * table.positions()];
        let facts = table.facts(exits);
        table.solve(&facts);
        table
    }

    /// Positions with one side to move: a byte for each Black-king square of each
    /// configuration.
    pub(super) fn positions(&self) -> usize {
        self.configurations() * 64
    }

    /// Configurations: 32 White-king squares (files a-d), 64 for each piece.
    pub(super) fn configurations(&self) -> usize {
        32 << (6 * (self.len + 1))
    }

    /// The index of a configuration; the White king must be on files a-d.
    #[inline]
    pub(super) fn config(&self, men: &Men) -> usize {
        let mut c = men.king.rank() as usize * 4 + men.king.file() as usize;
        for sq in &men.white[..self.len] {
            c = (c << 6) | sq.index();
        }
        (c << 6) | men.black.index()
    }

    /// The stored configuration of these men and whether it is the mirror image.
    #[inline]
    pub(super) fn canonical(&self, men: &Men) -> (usize, bool) {
        if men.king.file() < 4 {
            (self.config(men), false)
        } else {
            (self.config(&men.mirrored()), true)
        }
    }

    /// The men of configuration `c`, or `None` when two share a square.
    pub(super) fn unpack(&self, c: usize) -> Option<Men> {
        let black = Square::new((c & 63) as u8);
        let mut rest = c >> 6;
        let mut white = [Square::new(0); MAX_WHITE];
        for i in (0..self.len).rev() {
            white[i] = Square::new((rest & 63) as u8);
            rest >>= 6;
        }
        let first = white[0];
        white.iter_mut().skip(self.len).for_each(|w| *w = first);
        let king = Square::from_file_rank((rest % 4) as u8, (rest / 4) as u8);
        let mut occupied = bit(king) | bit(black);
        if king == black {
            return None;
        }
        for sq in &white[..self.len] {
            if occupied & bit(*sq) != 0 {
                return None;
            }
            occupied |= bit(*sq);
        }
        Some(Men { king, white, black })
    }

    /// The stored number of a position in the table's frame: odd, the side to move
    /// wins once the count leaves that many plies; even, it loses once the count
    /// leaves that many; `NO_RESULT`, a draw whatever the count.
    pub(crate) fn value(&self, men: Men, black_king: Square, white_to_move: bool) -> u8 {
        let (c, mirrored) = self.canonical(&men);
        let black_king = if mirrored {
            mirror_square(black_king)
        } else {
            black_king
        };
        let half = if white_to_move { 0 } else { self.positions() };
        self.values[half + c * 64 + black_king.index()]
    }

    /// Legal positions stored (White king on files a-d, both sides to move), how
    /// many the side to move wins with the count's longest allowance (130 plies, a
    /// FEN with no count yet), and the longest such win in plies.
    pub(crate) fn summary(&self, allowance: u8) -> (u64, u64, u8) {
        let (mut legal, mut won, mut longest) = (0u64, 0u64, 0u8);
        for &v in &self.values {
            if v != NO_RESULT && v % 2 == 1 && v <= allowance {
                won += 1;
                longest = longest.max(v);
            }
        }
        for c in 0..self.configurations() {
            let Some(men) = self.unpack(c) else {
                continue;
            };
            let occupied = self.occupied(&men);
            let attacked = self.attacked_by_white(&men, occupied);
            let in_check = self.white_king_checked(&men, occupied);
            legal += (!occupied & !attacked).count_ones() as u64;
            legal +=
                (!occupied & !attacks::king_attacks(men.king).0 & !in_check).count_ones() as u64;
        }
        (legal, won, longest)
    }

    /// Bytes held by the table.
    pub(crate) fn memory_bytes(&self) -> usize {
        self.values.len()
    }

    /// White's pieces, then Black's.
    pub(crate) fn kinds(&self) -> Vec<PieceKind> {
        let mut kinds = self.white[..self.len].to_vec();
        kinds.push(self.black);
        kinds
    }

    /// The stored numbers, White to move then Black to move (for the table's file).
    pub(crate) fn values(&self) -> &[u8] {
        &self.values
    }

    /// A table of White's pieces `white` against `black` from its stored numbers (as
    /// `values` gives them), or `None` when their length is not this table's.
    pub(crate) fn from_values(
        white: &[PieceKind],
        black: PieceKind,
        values: Vec<u8>,
    ) -> Option<DuelTable> {
        DuelTable::holding(white, black, values)
            .filter(|table| table.values.len() == 2 * table.positions())
    }

    /// A table of White's `white` against Black's `black` holding `values` as they
    /// are, or `None` unless White has one or two pieces.
    fn holding(white: &[PieceKind], black: PieceKind, values: Vec<u8>) -> Option<DuelTable> {
        if !(1..=MAX_WHITE).contains(&white.len()) {
            return None;
        }
        let mut kinds = [white[0]; MAX_WHITE];
        kinds[..white.len()].copy_from_slice(white);
        Some(DuelTable {
            white: kinds,
            len: white.len(),
            black,
            values,
        })
    }
}
