//! One table of a king and a piece against a king and a piece (K+X v K+Y), solved
//! under the board's honour.
//!
//! While both sides have a piece, the board's honour runs: the game is drawn once its
//! counter passes the limit, unless that move mates. The only count state that matters
//! is therefore how many plies are left, and a longer allowance never hurts the side
//! that can win. So each position stores one number: the fewest plies the side to move
//! needs to force a *winning exit* (odd: it wins once the count leaves that many
//! plies), or the most plies it can hold out against one (even: it loses once the
//! count leaves that many), or `NO_RESULT` (a draw whatever the count).
//!
//! A winning exit is a mate, or a capture that leaves the other side a bare king in a
//! position the piece's-honour table says is mated inside the fresh count that capture
//! starts (the counting rules replace the board's honour there, see `Exits`). Every
//! capture leaves one side bare, so a capture is the capturer's exit: won, or at least
//! not lost (a bare king cannot mate), which makes it an escape for a defender.
//!
//! Layout: the side with the table's first piece is White (a position with it on the
//! Black side is read through a rank flip, which turns khons the right way round).
//! Only the White king's files a-d are stored (a left-right mirror is the same
//! position for every makruk piece). A configuration is the White king, the White
//! piece and the Black piece; a 64-bit set over the Black king's squares drives the
//! retrograde analysis, as in the bare-king tables. One byte per position and side to
//! move: 32 * 64 * 64 * 64 * 2 = 16.8 million bytes.

use super::table::{BareLosses, king_spread, mirror_files, mirror_square};
use crate::board::attacks;
use crate::board::{Bitboard, Color, PieceKind, Square};

/// Stored for a position that no count allowance wins or loses (or that cannot occur).
pub(crate) const NO_RESULT: u8 = u8::MAX;

/// Longest distance the table resolves, in plies.
// why: a board's-honour count leaves at most 130 plies (a FEN with no count yet,
// then 128 plies and the mating move); anything longer than a byte holds is a draw
// for every count a game can have.
const LONGEST: u8 = NO_RESULT - 1;

/// Configurations: 32 White-king squares (files a-d), 64 for each piece.
const CONFIGS: usize = 32 * 64 * 64;

/// Where the captures of a duel lead: for each side's piece, the bare-king table of
/// that piece read with the allowance the fresh piece's honour gives.
pub(crate) struct Exits<'a> {
    /// The White piece's exits (White captured Black's piece), strong side White.
    pub(crate) white: &'a BareLosses,
    /// The Black piece's exits (Black captured White's piece), read in the flipped
    /// frame (Black as the strong White side).
    pub(crate) black: &'a BareLosses,
}

/// A solved K+X v K+Y ending.
pub struct DuelTable {
    kinds: [PieceKind; 2],
    white_to_move: Vec<u8>,
    black_to_move: Vec<u8>,
}

#[inline]
fn bit(sq: Square) -> u64 {
    Bitboard::from_square(sq).0
}

#[inline]
fn config(white_king: Square, white: Square, black: Square) -> usize {
    let king = white_king.rank() as usize * 4 + white_king.file() as usize;
    (king << 12) | (white.index() << 6) | black.index()
}

/// The stored configuration of these squares and whether it is the mirror image.
#[inline]
fn canonical(white_king: Square, white: Square, black: Square) -> (usize, bool) {
    if white_king.file() < 4 {
        (config(white_king, white, black), false)
    } else {
        let c = config(
            mirror_square(white_king),
            mirror_square(white),
            mirror_square(black),
        );
        (c, true)
    }
}

/// The men of configuration `c`, or `None` when two share a square.
fn unpack(c: usize) -> Option<(Square, Square, Square)> {
    let black = Square::new((c & 63) as u8);
    let white = Square::new(((c >> 6) & 63) as u8);
    let king = c >> 12;
    let white_king = Square::from_file_rank((king % 4) as u8, (king / 4) as u8);
    (white_king != white && white_king != black && white != black)
        .then_some((white_king, white, black))
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
    /// The side to move has a legal capture (never a losing move: it leaves the
    /// other side bare).
    white_captures: Vec<u64>,
    black_captures: Vec<u64>,
    /// ... and one that is a won exit.
    white_exits: Vec<u64>,
    black_exits: Vec<u64>,
    /// The side to move has a legal move at all.
    white_moves: Vec<u64>,
    black_moves: Vec<u64>,
    /// Neither side can ever mate (two mets on squares of one colour): a draw by the
    /// rules, whatever the table would find.
    dead: Vec<bool>,
}

impl DuelTable {
    /// Solves the ending of White's king and `white` against Black's king and
    /// `black` (in the table's frame), with `exits` valuing the captures.
    pub(crate) fn generate(white: PieceKind, black: PieceKind, exits: &Exits) -> DuelTable {
        let mut table = DuelTable {
            kinds: [white, black],
            white_to_move: vec![NO_RESULT; CONFIGS * 64],
            black_to_move: vec![NO_RESULT; CONFIGS * 64],
        };
        let facts = table.facts(exits);
        table.solve(&facts);
        table
    }

    fn white_attacks(&self, white: Square, occupied: u64) -> u64 {
        attacks::attacks(self.kinds[0], Color::White, white, Bitboard(occupied)).0
    }

    fn black_attacks(&self, black: Square, occupied: u64) -> u64 {
        attacks::attacks(self.kinds[1], Color::Black, black, Bitboard(occupied)).0
    }

    /// White's moves that capture nothing from configuration `c`: the configuration
    /// reached and the Black-king squares the move is possible for (a rook is blocked
    /// by the Black king, and no man may land on it).
    #[inline]
    fn white_quiet(&self, c: (Square, Square, Square), mut visit: impl FnMut((usize, bool), u64)) {
        let (king, white, black) = c;
        let occupied = bit(king) | bit(white) | bit(black);
        for to in Bitboard(attacks::king_attacks(king).0 & !occupied) {
            visit(canonical(to, white, black), !bit(to));
        }
        for to in Bitboard(self.white_attacks(white, occupied) & !occupied) {
            let path = attacks::between(white, to).0 | bit(to);
            visit((config(king, to, black), false), !path);
        }
    }

    /// Black's piece moves that capture nothing (its king's are handled as a set).
    #[inline]
    fn black_quiet(&self, c: (Square, Square, Square), mut visit: impl FnMut(usize, u64)) {
        let (king, white, black) = c;
        let occupied = bit(king) | bit(white) | bit(black);
        for to in Bitboard(self.black_attacks(black, occupied) & !occupied) {
            let path = attacks::between(black, to).0 | bit(to);
            visit(config(king, white, to), !path);
        }
    }

    fn facts(&self, exits: &Exits) -> Facts {
        let mut f = Facts {
            valid_white: vec![0; CONFIGS],
            valid_black: vec![0; CONFIGS],
            attacked: vec![0; CONFIGS],
            white_in_check: vec![0; CONFIGS],
            white_captures: vec![0; CONFIGS],
            black_captures: vec![0; CONFIGS],
            white_exits: vec![0; CONFIGS],
            black_exits: vec![0; CONFIGS],
            white_moves: vec![0; CONFIGS],
            black_moves: vec![0; CONFIGS],
            dead: vec![false; CONFIGS],
        };
        let flip = |sq: Square| sq.flip_rank();
        let both_mets = self.kinds == [PieceKind::Met, PieceKind::Met];
        for c in 0..CONFIGS {
            let Some((king, white, black)) = unpack(c) else {
                continue;
            };
            let occupied = bit(king) | bit(white) | bit(black);
            let white_hits = self.white_attacks(white, occupied);
            let black_hits = self.black_attacks(black, occupied);
            let attacked = attacks::king_attacks(king).0 | white_hits;
            f.attacked[c] = attacked;
            f.valid_white[c] = !occupied & !attacked;
            // The Black piece attacks the White king unless the Black king stands
            // between them (only a rook's line can be blocked).
            let in_check = if black_hits & bit(king) != 0 {
                !attacks::between(black, king).0
            } else {
                0
            };
            f.white_in_check[c] = in_check;
            f.valid_black[c] = !occupied & !attacks::king_attacks(king).0 & !in_check;
            if both_mets {
                let light = |sq: Square| (sq.file() + sq.rank()) % 2;
                f.dead[c] = light(white) == light(black);
            }

            // White's captures of the Black piece: by the piece, unless the Black king
            // blocks the way; by the king, unless the Black king guards the piece.
            if white_hits & bit(black) != 0 {
                let possible = !attacks::between(white, black).0;
                f.white_captures[c] |= possible;
                f.white_exits[c] |= possible & exits.white.lost_set(king, black);
            }
            if attacks::king_attacks(king).0 & bit(black) != 0 {
                let possible = !attacks::king_attacks(black).0;
                f.white_captures[c] |= possible;
                f.white_exits[c] |= possible & exits.white.lost_set(black, white);
            }
            // Black's captures of the White piece, read in the flipped frame where
            // Black is the strong side: by the piece, and by the king when the White
            // king does not guard the piece.
            if black_hits & bit(white) != 0 {
                let possible = !attacks::between(black, white).0;
                f.black_captures[c] |= possible;
                for bk in Bitboard(possible & !occupied) {
                    if exits.black.is_lost(flip(bk), flip(white), flip(king)) {
                        f.black_exits[c] |= bit(bk);
                    }
                }
            }
            if attacks::king_attacks(king).0 & bit(white) == 0 {
                let possible = attacks::king_attacks(white).0;
                f.black_captures[c] |= possible;
                if exits.black.is_lost(flip(white), flip(black), flip(king)) {
                    f.black_exits[c] |= possible;
                }
            }
        }
        // Whether a side has a move needs the legality of the positions it reaches.
        for c in 0..CONFIGS {
            let Some(men) = unpack(c) else {
                continue;
            };
            let mut white_moves = f.white_captures[c];
            self.white_quiet(men, |to, mask| {
                white_moves |= mask & read(&f.valid_black, to);
            });
            f.white_moves[c] = white_moves;
            let mut black_moves = f.black_captures[c] | king_spread(f.valid_white[c]);
            self.black_quiet(men, |to, mask| {
                black_moves |= mask & f.valid_white[to];
            });
            f.black_moves[c] = black_moves;
        }
        f
    }

    /// Retrograde analysis, both sides at once, one ply per step: positions with a
    /// move into a newly lost one are won; positions whose every move reaches a won
    /// one (and that have no capture, which would escape) are lost.
    fn solve(&mut self, f: &Facts) {
        let mut won_white = vec![0u64; CONFIGS];
        let mut won_black = vec![0u64; CONFIGS];
        let mut lost_white = vec![0u64; CONFIGS];
        let mut lost_black = vec![0u64; CONFIGS];
        let mut new_white = vec![0u64; CONFIGS];
        let mut new_black = vec![0u64; CONFIGS];
        let live = |c: usize| !f.dead[c] && unpack(c).is_some();

        // Checkmates.
        for c in (0..CONFIGS).filter(|&c| live(c)) {
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
            let lost_before_white = std::mem::replace(&mut new_white, vec![0u64; CONFIGS]);
            let lost_before_black = std::mem::replace(&mut new_black, vec![0u64; CONFIGS]);
            let mut any = false;
            for c in (0..CONFIGS).filter(|&c| live(c)) {
                let men = unpack(c).expect("live configuration");
                let open_white = f.valid_white[c] & !won_white[c] & !lost_white[c];
                if open_white != 0 {
                    let mut reach = if plies == 1 { f.white_exits[c] } else { 0 };
                    self.white_quiet(men, |to, mask| {
                        reach |= mask & read(&lost_before_black, to);
                    });
                    new_white[c] = reach & open_white;
                }
                let open_black = f.valid_black[c] & !won_black[c] & !lost_black[c];
                if open_black != 0 {
                    let mut reach = if plies == 1 { f.black_exits[c] } else { 0 };
                    reach |= king_spread(lost_before_white[c]);
                    self.black_quiet(men, |to, mask| {
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
            if !any || plies == LONGEST {
                break;
            }
            plies += 1;

            // Losses in `plies`: every move reaches a position won in fewer.
            let mut any = false;
            for c in (0..CONFIGS).filter(|&c| live(c)) {
                let men = unpack(c).expect("live configuration");
                new_white[c] = 0;
                new_black[c] = 0;
                let mut white = f.valid_white[c] & f.white_moves[c] & !f.white_captures[c];
                white &= !won_white[c] & !lost_white[c];
                if white != 0 {
                    self.white_quiet(men, |to, mask| {
                        white &= !(mask & read(&f.valid_black, to) & !read(&won_black, to));
                    });
                }
                let mut black = f.valid_black[c] & f.black_moves[c] & !f.black_captures[c];
                black &= !won_black[c] & !lost_black[c];
                black &= !king_spread(f.valid_white[c] & !won_white[c]);
                if black != 0 {
                    self.black_quiet(men, |to, mask| {
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
            if !any || plies == LONGEST {
                break;
            }
            plies += 1;
        }
    }

    fn store(&mut self, c: usize, white: u64, black: u64, plies: u8) {
        for sq in Bitboard(white) {
            self.white_to_move[c * 64 + sq.index()] = plies;
        }
        for sq in Bitboard(black) {
            self.black_to_move[c * 64 + sq.index()] = plies;
        }
    }

    /// The stored number of a position in the table's frame: odd, the side to move
    /// wins once the count leaves that many plies; even, it loses once the count
    /// leaves that many; `NO_RESULT`, a draw whatever the count.
    pub(crate) fn value(
        &self,
        white_king: Square,
        white: Square,
        black: Square,
        black_king: Square,
        white_to_move: bool,
    ) -> u8 {
        let (c, mirrored) = canonical(white_king, white, black);
        let black_king = if mirrored {
            mirror_square(black_king)
        } else {
            black_king
        };
        let values = if white_to_move {
            &self.white_to_move
        } else {
            &self.black_to_move
        };
        values[c * 64 + black_king.index()]
    }

    /// Legal positions stored (White king on files a-d, both sides to move), how
    /// many the side to move wins with the count's longest allowance (130 plies, a
    /// FEN with no count yet), and the longest such win in plies.
    pub(crate) fn summary(&self, allowance: u8) -> (u64, u64, u8) {
        let (mut legal, mut won, mut longest) = (0u64, 0u64, 0u8);
        for values in [&self.white_to_move, &self.black_to_move] {
            for &v in values.iter() {
                if v != NO_RESULT && v % 2 == 1 && v <= allowance {
                    won += 1;
                    longest = longest.max(v);
                }
            }
        }
        for c in 0..CONFIGS {
            let Some((king, white, black)) = unpack(c) else {
                continue;
            };
            let occupied = bit(king) | bit(white) | bit(black);
            let attacked = attacks::king_attacks(king).0 | self.white_attacks(white, occupied);
            let black_hits = self.black_attacks(black, occupied);
            let in_check = if black_hits & bit(king) != 0 {
                !attacks::between(black, king).0
            } else {
                0
            };
            legal += (!occupied & !attacked).count_ones() as u64;
            legal += (!occupied & !attacks::king_attacks(king).0 & !in_check).count_ones() as u64;
        }
        (legal, won, longest)
    }

    /// Bytes held by the table.
    pub(crate) fn memory_bytes(&self) -> usize {
        self.white_to_move.len() + self.black_to_move.len()
    }
}
