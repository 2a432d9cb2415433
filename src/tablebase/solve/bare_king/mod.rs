//! One endgame table: a strong side with a king and one to three pieces against a
//! bare king, every position solved by retrograde analysis to its distance to mate.
//!
//! Layout. The table is built with the strong side as White; a Black strong side is
//! read through a rank flip (which turns its khons the right way round). Every makruk
//! piece moves the same on a board mirrored left to right, so only positions with the
//! strong king on files a-d are stored. A *configuration* is the strong king and the
//! pieces; for each one a 64-bit set over the weak king's squares drives the
//! retrograde analysis, so one operation handles all 64 weak-king squares at once.
//!
//! Only positions with the strong side to move are stored, as plies to mate (or
//! `NOT_WON`); a position with the weak king to move is read through its king moves.
//! A capture by the bare king continues into the table of the pieces left (the count
//! runs on), or is an escape to a draw where no table is given.
//!
//! Identical pieces (two khons, three mets) are interchangeable, so once a table is
//! solved it keeps one ordering of them: their squares ascending, indexed by the
//! combinatorial number system (`C(64, 2) = 2016` placements of a pair instead of
//! 4096, `C(64, 3) = 41 664` of a triple instead of 262 144).
//!
//! Sizes: `32 * 64^n` configurations (fewer with identical pieces, as above) of 64
//! bytes (one per weak-king square) plus 8 (the attacked set): 0.1 MB with one piece,
//! 9 MB with two different ones (4.4 MB for a pair), 604 MB with three different
//! ones (five men; 298 MB with a pair among them, 98 MB for a triple). The build
//! holds every ordering and five more 64-bit sets per configuration (about 1 GB in
//! all while a five-man build runs).

use crate::board::attacks;
use crate::board::{Bitboard, Color, PieceKind, Position, Square};
use std::sync::Arc;

/// The most pieces beside the strong king a table holds.
pub(crate) const MAX_PIECES: usize = 3;

/// The strong pieces' squares, in the order of the table's kinds; entries past the
/// table's piece count are ignored (and filled with a copy of a real one).
pub(crate) type Pieces = [Square; MAX_PIECES];

/// Stored for a strong-side-to-move position that is not a win.
pub(crate) const NOT_WON: u8 = u8::MAX;

/// What a table says of a position, from the side to move's view.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Verdict {
    /// The side to move mates in this many plies with best play.
    Win(u8),
    /// The side to move is mated in this many plies (0: it is mated now).
    Loss(u8),
    /// K+X v K+Y: the side to move wins; within this many plies it mates, or takes
    /// the last piece into a bare-king ending won inside the count that starts.
    Converts(u8),
    /// K+X v K+Y: the side to move loses; the other side converts (as above) within
    /// this many plies.
    Conceded(u8),
    Draw,
}

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

/// The square on the same rank, other wing (a <-> h).
pub(crate) fn mirror_square(sq: Square) -> Square {
    Square::new(sq.index() as u8 ^ 7)
}

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

/// The same set of squares with files mirrored (a <-> h).
pub(crate) fn mirror_files(b: u64) -> u64 {
    const K1: u64 = 0x5555_5555_5555_5555;
    const K2: u64 = 0x3333_3333_3333_3333;
    const K4: u64 = 0x0f0f_0f0f_0f0f_0f0f;
    let b = ((b >> 1) & K1) | ((b & K1) << 1);
    let b = ((b >> 2) & K2) | ((b & K2) << 2);
    ((b >> 4) & K4) | ((b & K4) << 4)
}

/// Every square next to a square of `b`.
pub(crate) fn king_spread(b: u64) -> u64 {
    let west = (b >> 1) & !Bitboard::FILE_H.0;
    let east = (b << 1) & !Bitboard::FILE_A.0;
    let row = b | west | east;
    (row << 8) | (row >> 8) | west | east
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

    /// Number of configurations: 32 strong-king squares times 64 per piece.
    fn configurations(&self) -> usize {
        32 << (6 * self.len)
    }

    /// The index of a configuration; the strong king must be on files a-d.
    #[inline]
    fn config(&self, strong_king: Square, pieces: &Pieces) -> usize {
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
    fn has_identical(&self) -> bool {
        self.groups().any(|(_, n)| n > 1)
    }

    /// Whether `pieces` is the stored ordering: identical pieces' squares ascending.
    fn is_stored_ordering(&self, pieces: &Pieces) -> bool {
        self.groups()
            .all(|(first, n)| (first..first + n - 1).all(|i| pieces[i] < pieces[i + 1]))
    }

    /// The index of a configuration in the storage; the strong king must be on files
    /// a-d, and the men on distinct squares. Identical pieces may come in any order.
    #[inline]
    fn stored(&self, strong_king: Square, pieces: &Pieces) -> usize {
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
    fn stored_configurations(&self) -> usize {
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
    fn compact(&mut self) {
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
    fn unpack(&self, c: usize) -> Option<(Square, Pieces)> {
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

    fn strong_men(&self, king: Square, pieces: &Pieces) -> u64 {
        pieces
            .iter()
            .take(self.len)
            .fold(Bitboard::from_square(king).0, |acc, p| {
                acc | Bitboard::from_square(*p).0
            })
    }

    /// The squares a strong piece on `from` moves to (strong side White), given the
    /// strong men; the weak king's square is masked separately.
    fn piece_moves(&self, kind: PieceKind, from: Square, strong_men: u64) -> u64 {
        attacks::attacks(kind, Color::White, from, Bitboard(strong_men)).0 & !strong_men
    }

    fn attacks_of(&self, king: Square, pieces: &Pieces) -> u64 {
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
    fn solve(&mut self) {
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

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn mirroring_twice_is_the_identity() {
        for b in [1u64, 0x8000_0000_0000_0001, 0x0123_4567_89ab_cdef] {
            assert_eq!(mirror_files(mirror_files(b)), b);
        }
        assert_eq!(mirror_files(1), 0x80);
    }

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

    #[test]
    fn king_spread_is_the_king_move_union() {
        for s in 0..64u8 {
            let sq = Square::new(s);
            assert_eq!(
                king_spread(Bitboard::from_square(sq).0),
                attacks::king_attacks(sq).0
            );
        }
    }
}
