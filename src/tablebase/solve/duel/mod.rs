//! One table of a king and one or two pieces against a king and a piece (K+X v K+Y,
//! and with five men K+X+Y v K+Z), solved under the board's honour.
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

use crate::board::attacks;
use crate::board::{Bitboard, Color, PieceKind, Square};
use crate::tablebase::solve::bare_king::BareLosses;
use crate::tablebase::solve::square_sets::{king_spread, mirror_files, mirror_square};

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

#[inline]
fn bit(sq: Square) -> u64 {
    Bitboard::from_square(sq).0
}

/// Reads a per-configuration set of Black-king squares, mirrored back if needed.
#[inline]
fn read(sets: &[u64], (c, mirrored): (usize, bool)) -> u64 {
    if mirrored {
        mirror_files(sets[c])
    } else {
        sets[c]
    }
}

/// What Black's captures from one configuration lead to, per Black-king square:
/// collected over every capture, then written as one byte (see `Facts`).
struct CaptureResults {
    any: u64,
    escapes: u64,
    wins: u64,
    best_win: [u8; 64],
    worst_loss: [u8; 64],
}

impl CaptureResults {
    fn new() -> CaptureResults {
        CaptureResults {
            any: 0,
            escapes: 0,
            wins: 0,
            best_win: [NO_RESULT; 64],
            worst_loss: [0; 64],
        }
    }

    /// A capture possible with the Black king on `king_squares`, leading to White to
    /// move with the stored number `white_value` (for a bare White king: 0 when it
    /// is mated in time, else `NO_RESULT`).
    fn record(&mut self, king_squares: u64, white_value: impl Fn(Square) -> u8) {
        for bk in Bitboard(king_squares) {
            let b = bit(bk);
            self.any |= b;
            let v = white_value(bk);
            let i = bk.index();
            if v == NO_RESULT {
                self.escapes |= b;
            } else if v % 2 == 1 {
                // White wins in v: this capture loses in v + 1.
                self.worst_loss[i] = self.worst_loss[i].max(v + 1);
            } else {
                // White loses in v: this capture wins in v + 1.
                self.escapes |= b;
                self.wins |= b;
                self.best_win[i] = self.best_win[i].min(v + 1);
            }
        }
    }
}

/// The per-configuration facts the analysis reads, all as sets of Black-king squares.
struct Facts {
    /// White to move is a legal position (the Black king not attacked).
    valid_white: Vec<u64>,
    /// Black to move is a legal position (the White king not attacked).
    valid_black: Vec<u64>,
    /// Squares White attacks (the Black king blocks nothing here): Black in check.
    attacked: Vec<u64>,
    /// White (to move) is in check from the Black piece.
    white_in_check: Vec<u64>,
    /// White has a legal capture (never a losing move: it leaves Black bare) ...
    white_captures: Vec<u64>,
    /// ... and one that is a won exit.
    white_exits: Vec<u64>,
    /// Black has a legal capture ...
    black_captures: Vec<u64>,
    /// ... one that is not lost (White is left bare, or in a duel it does not win) ...
    black_escapes: Vec<u64>,
    /// ... one that wins.
    black_wins: Vec<u64>,
    /// Per position with a Black capture: where it escapes, the fewest plies a
    /// capture wins in (or `NO_RESULT`); elsewhere the plies from which every
    /// capture has lost.
    black_capture_plies: Vec<u8>,
    /// The largest of those: until then a step that finds nothing is not the end.
    last_capture: u8,
    /// The side to move has a legal move at all.
    white_moves: Vec<u64>,
    black_moves: Vec<u64>,
    /// Neither side can ever mate (two mets on squares of one colour): a draw by the
    /// rules, whatever the table would find.
    dead: Vec<bool>,
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
    fn positions(&self) -> usize {
        self.configurations() * 64
    }

    /// Configurations: 32 White-king squares (files a-d), 64 for each piece.
    fn configurations(&self) -> usize {
        32 << (6 * (self.len + 1))
    }

    /// The index of a configuration; the White king must be on files a-d.
    #[inline]
    fn config(&self, men: &Men) -> usize {
        let mut c = men.king.rank() as usize * 4 + men.king.file() as usize;
        for sq in &men.white[..self.len] {
            c = (c << 6) | sq.index();
        }
        (c << 6) | men.black.index()
    }

    /// The stored configuration of these men and whether it is the mirror image.
    #[inline]
    fn canonical(&self, men: &Men) -> (usize, bool) {
        if men.king.file() < 4 {
            (self.config(men), false)
        } else {
            (self.config(&men.mirrored()), true)
        }
    }

    /// The men of configuration `c`, or `None` when two share a square.
    fn unpack(&self, c: usize) -> Option<Men> {
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

    /// The squares the men stand on (the Black king aside).
    fn occupied(&self, men: &Men) -> u64 {
        men.white[..self.len]
            .iter()
            .fold(bit(men.king) | bit(men.black), |acc, sq| acc | bit(*sq))
    }

    fn white_attacks(&self, i: usize, from: Square, occupied: u64) -> u64 {
        attacks::attacks(self.white[i], Color::White, from, Bitboard(occupied)).0
    }

    fn black_attacks(&self, black: Square, occupied: u64) -> u64 {
        attacks::attacks(self.black, Color::Black, black, Bitboard(occupied)).0
    }

    /// The squares where the Black king would stand in check (it blocks nothing).
    fn attacked_by_white(&self, men: &Men, occupied: u64) -> u64 {
        (0..self.len).fold(attacks::king_attacks(men.king).0, |acc, i| {
            acc | self.white_attacks(i, men.white[i], occupied)
        })
    }

    /// The Black-king squares with White's king in check from Black's piece (only a
    /// rook's line can be blocked, by the Black king standing on it).
    fn white_king_checked(&self, men: &Men, occupied: u64) -> u64 {
        if self.black_attacks(men.black, occupied) & bit(men.king) != 0 {
            !attacks::between(men.black, men.king).0
        } else {
            0
        }
    }

    /// White's moves that capture nothing from `men`: the configuration reached and
    /// the Black-king squares the move is possible for (a rook is blocked by the
    /// Black king, and no man may land on it).
    #[inline]
    fn white_quiet(&self, men: &Men, mut visit: impl FnMut((usize, bool), u64)) {
        let occupied = self.occupied(men);
        for to in Bitboard(attacks::king_attacks(men.king).0 & !occupied) {
            visit(self.canonical(&Men { king: to, ..*men }), !bit(to));
        }
        for i in 0..self.len {
            let from = men.white[i];
            for to in Bitboard(self.white_attacks(i, from, occupied) & !occupied) {
                let path = attacks::between(from, to).0 | bit(to);
                let mut moved = *men;
                moved.white[i] = to;
                if self.len == 1 {
                    moved.white = [to; MAX_WHITE];
                }
                visit((self.config(&moved), false), !path);
            }
        }
    }

    /// Black's piece moves that capture nothing (its king's are handled as a set).
    #[inline]
    fn black_quiet(&self, men: &Men, mut visit: impl FnMut(usize, u64)) {
        let occupied = self.occupied(men);
        for to in Bitboard(self.black_attacks(men.black, occupied) & !occupied) {
            let path = attacks::between(men.black, to).0 | bit(to);
            visit(self.config(&Men { black: to, ..*men }), !path);
        }
    }

    /// White's captures of Black's piece from `men`: the Black-king squares where one
    /// is possible, and those where one is a won exit.
    fn white_captures(&self, men: &Men, occupied: u64, exits: &Exits) -> (u64, u64) {
        let (mut possible, mut won) = (0, 0);
        let pieces = &men.white[..self.len];
        // By a piece, unless the Black king blocks the way.
        for i in 0..self.len {
            if self.white_attacks(i, men.white[i], occupied) & bit(men.black) != 0 {
                let open = !attacks::between(men.white[i], men.black).0;
                let mut after = men.white;
                after[i] = men.black;
                possible |= open;
                won |= open & exits.white.lost_set(men.king, &after[..self.len]);
            }
        }
        // By the king, unless the Black king guards the piece.
        if attacks::king_attacks(men.king).0 & bit(men.black) != 0 {
            let open = !attacks::king_attacks(men.black).0;
            possible |= open;
            won |= open & exits.white.lost_set(men.black, pieces);
        }
        (possible, won)
    }

    /// Black's captures of White's pieces from `men`, into `results`.
    fn black_captures(
        &self,
        men: &Men,
        occupied: u64,
        exits: &Exits,
        results: &mut CaptureResults,
    ) {
        let black_hits = self.black_attacks(men.black, occupied);
        let flip = |sq: Square| sq.flip_rank();
        for i in 0..self.len {
            let target = men.white[i];
            match &exits.black {
                BlackExits::Bare(losses) => {
                    // White is left bare: Black's win is read in the flipped frame,
                    // where Black is the strong side.
                    if black_hits & bit(target) != 0 {
                        let open = !attacks::between(men.black, target).0 & !occupied;
                        results.record(open, |bk| {
                            if losses.is_lost(flip(bk), &[flip(target)], flip(men.king)) {
                                0
                            } else {
                                NO_RESULT
                            }
                        });
                    }
                    if attacks::king_attacks(men.king).0 & bit(target) == 0 {
                        let lost = losses.is_lost(flip(target), &[flip(men.black)], flip(men.king));
                        let value = if lost { 0 } else { NO_RESULT };
                        results.record(attacks::king_attacks(target).0, |_| value);
                    }
                }
                BlackExits::Duels(duels) => {
                    let duel = &duels[i];
                    let j = 1 - i;
                    let other = men.white[j];
                    // By the piece: legal where the Black king is not then attacked
                    // by White's king or its other piece (the piece may have shielded
                    // it).
                    if black_hits & bit(target) != 0 {
                        let after = bit(men.king) | bit(other) | bit(target);
                        let checked =
                            attacks::king_attacks(men.king).0 | self.white_attacks(j, other, after);
                        let open = !attacks::between(men.black, target).0 & !occupied & !checked;
                        results.record(open, |bk| duel.white_to_move(men.king, other, target, bk));
                    }
                    // By the king, unless the piece is guarded.
                    let guarded = attacks::king_attacks(men.king).0
                        | self.white_attacks(j, other, occupied & !bit(target));
                    if guarded & bit(target) == 0 {
                        let value = duel.white_to_move(men.king, other, men.black, target);
                        results.record(attacks::king_attacks(target).0 & !occupied, |_| value);
                    }
                }
            }
        }
    }

    fn facts(&self, exits: &Exits) -> Facts {
        let n = self.configurations();
        let mut f = Facts {
            valid_white: vec![0; n],
            valid_black: vec![0; n],
            attacked: vec![0; n],
            white_in_check: vec![0; n],
            white_captures: vec![0; n],
            white_exits: vec![0; n],
            black_captures: vec![0; n],
            black_escapes: vec![0; n],
            black_wins: vec![0; n],
            black_capture_plies: vec![NO_RESULT; n * 64],
            last_capture: 0,
            white_moves: vec![0; n],
            black_moves: vec![0; n],
            dead: vec![false; n],
        };
        let both_mets = self.len == 1 && [self.white[0], self.black] == [PieceKind::Met; 2];
        for c in 0..n {
            let Some(men) = self.unpack(c) else {
                continue;
            };
            let occupied = self.occupied(&men);
            let attacked = self.attacked_by_white(&men, occupied);
            f.attacked[c] = attacked;
            f.valid_white[c] = !occupied & !attacked;
            let in_check = self.white_king_checked(&men, occupied);
            f.white_in_check[c] = in_check;
            f.valid_black[c] = !occupied & !attacks::king_attacks(men.king).0 & !in_check;
            if both_mets {
                let light = |sq: Square| (sq.file() + sq.rank()) % 2;
                f.dead[c] = light(men.white[0]) == light(men.black);
            }
            let (possible, won) = self.white_captures(&men, occupied, exits);
            f.white_captures[c] = possible;
            f.white_exits[c] = won;
            let mut results = CaptureResults::new();
            self.black_captures(&men, occupied, exits, &mut results);
            f.black_captures[c] = results.any;
            f.black_escapes[c] = results.escapes;
            f.black_wins[c] = results.wins;
            for bk in Bitboard(results.any) {
                let i = bk.index();
                let plies = if results.escapes & bit(bk) != 0 {
                    results.best_win[i]
                } else {
                    results.worst_loss[i]
                };
                f.black_capture_plies[c * 64 + i] = plies;
                if plies != NO_RESULT {
                    f.last_capture = f.last_capture.max(plies);
                }
            }
        }
        // Whether a side has a move needs the legality of the positions it reaches.
        for c in 0..n {
            let Some(men) = self.unpack(c) else {
                continue;
            };
            let mut white_moves = f.white_captures[c];
            self.white_quiet(&men, |to, mask| {
                white_moves |= mask & read(&f.valid_black, to);
            });
            f.white_moves[c] = white_moves;
            let mut black_moves = f.black_captures[c] | king_spread(f.valid_white[c]);
            self.black_quiet(&men, |to, mask| {
                black_moves |= mask & f.valid_white[to];
            });
            f.black_moves[c] = black_moves;
        }
        f
    }

    /// The Black-king squares of configuration `c` among `candidates` whose best
    /// capture wins in exactly `plies`.
    fn capture_wins_in(f: &Facts, c: usize, candidates: u64, plies: u8) -> u64 {
        Bitboard(candidates & f.black_wins[c])
            .into_iter()
            .filter(|bk| f.black_capture_plies[c * 64 + bk.index()] == plies)
            .fold(0, |acc, bk| acc | bit(bk))
    }

    /// The Black-king squares of configuration `c` among `candidates` where a capture
    /// still holds out longer than `plies` (each is lost only later).
    fn captures_hold_past(f: &Facts, c: usize, candidates: u64, plies: u8) -> u64 {
        Bitboard(candidates & f.black_captures[c])
            .into_iter()
            .filter(|bk| f.black_capture_plies[c * 64 + bk.index()] > plies)
            .fold(0, |acc, bk| acc | bit(bk))
    }

    /// Retrograde analysis, both sides at once, one ply per step: positions with a
    /// move into a newly lost one are won; positions whose every move reaches a won
    /// one (and that have no capture, which would escape) are lost.
    fn solve(&mut self, f: &Facts) {
        let n = self.configurations();
        let mut won_white = vec![0u64; n];
        let mut won_black = vec![0u64; n];
        let mut lost_white = vec![0u64; n];
        let mut lost_black = vec![0u64; n];
        let mut new_white = vec![0u64; n];
        let mut new_black = vec![0u64; n];
        let mut lost_before_white = vec![0u64; n];
        let mut lost_before_black = vec![0u64; n];
        let live: Vec<usize> = (0..n)
            .filter(|&c| !f.dead[c] && self.unpack(c).is_some())
            .collect();

        // Checkmates.
        for &c in &live {
            let white_mated = f.valid_white[c] & f.white_in_check[c] & !f.white_moves[c];
            let black_mated = f.valid_black[c] & f.attacked[c] & !f.black_moves[c];
            lost_white[c] = white_mated;
            lost_black[c] = black_mated;
            new_white[c] = white_mated;
            new_black[c] = black_mated;
            self.store(c, white_mated, black_mated, 0);
        }

        let mut plies: u8 = 1;
        loop {
            // Wins in `plies`: a move into a position lost in `plies - 1`.
            std::mem::swap(&mut lost_before_white, &mut new_white);
            std::mem::swap(&mut lost_before_black, &mut new_black);
            let mut any = false;
            for &c in &live {
                let men = self.unpack(c).expect("live configuration");
                new_white[c] = 0;
                new_black[c] = 0;
                let open_white = f.valid_white[c] & !won_white[c] & !lost_white[c];
                if open_white != 0 {
                    let mut reach = if plies == 1 { f.white_exits[c] } else { 0 };
                    self.white_quiet(&men, |to, mask| {
                        reach |= mask & read(&lost_before_black, to);
                    });
                    new_white[c] = reach & open_white;
                }
                let open_black = f.valid_black[c] & !won_black[c] & !lost_black[c];
                if open_black != 0 {
                    let mut reach = Self::capture_wins_in(f, c, open_black, plies);
                    reach |= king_spread(lost_before_white[c]);
                    self.black_quiet(&men, |to, mask| {
                        reach |= mask & lost_before_white[to];
                    });
                    new_black[c] = reach & open_black;
                }
                if new_white[c] | new_black[c] != 0 {
                    any = true;
                    won_white[c] |= new_white[c];
                    won_black[c] |= new_black[c];
                    self.store(c, new_white[c], new_black[c], plies);
                }
            }
            // Black's captures may win or lose at any ply up to `last_capture`, after
            // steps that found nothing.
            if (!any && plies > f.last_capture) || plies == LONGEST {
                break;
            }
            plies += 1;

            // Losses in `plies`: every move reaches a position won in fewer.
            let mut any = false;
            for &c in &live {
                let men = self.unpack(c).expect("live configuration");
                new_white[c] = 0;
                new_black[c] = 0;
                let mut white = f.valid_white[c] & f.white_moves[c] & !f.white_captures[c];
                white &= !won_white[c] & !lost_white[c];
                if white != 0 {
                    self.white_quiet(&men, |to, mask| {
                        white &= !(mask & read(&f.valid_black, to) & !read(&won_black, to));
                    });
                }
                let mut black = f.valid_black[c] & f.black_moves[c] & !f.black_escapes[c];
                black &= !won_black[c] & !lost_black[c];
                black &= !king_spread(f.valid_white[c] & !won_white[c]);
                black &= !Self::captures_hold_past(f, c, black, plies);
                if black != 0 {
                    self.black_quiet(&men, |to, mask| {
                        black &= !(mask & f.valid_white[to] & !won_white[to]);
                    });
                }
                if white | black != 0 {
                    any = true;
                    new_white[c] = white;
                    new_black[c] = black;
                    lost_white[c] |= white;
                    lost_black[c] |= black;
                    self.store(c, white, black, plies);
                }
            }
            if (!any && plies > f.last_capture) || plies == LONGEST {
                break;
            }
            plies += 1;
        }
    }

    fn store(&mut self, c: usize, white: u64, black: u64, plies: u8) {
        let black_half = self.positions();
        for sq in Bitboard(white) {
            self.values[c * 64 + sq.index()] = plies;
        }
        for sq in Bitboard(black) {
            self.values[black_half + c * 64 + sq.index()] = plies;
        }
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
