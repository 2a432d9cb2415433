//! The duel tables' solver: the facts of every configuration (legality, checks,
//! captures and where they lead), then retrograde analysis, both sides at once.

use super::captures::CaptureResults;
use super::{DuelTable, Exits, LONGEST, NO_RESULT};
use crate::board::attacks;
use crate::board::{Bitboard, PieceKind, Square};
use crate::tablebase::solve::square_sets::{bit, king_spread, mirror_files};

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
pub(super) struct Facts {
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
    /// The facts of every configuration (see [`Facts`]), `exits` valuing the
    /// captures.
    pub(super) fn facts(&self, exits: &Exits) -> Facts {
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
    pub(super) fn solve(&mut self, f: &Facts) {
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

    /// Stores `plies` for configuration `c` with the Black king on the squares of
    /// `white` (White to move) and of `black` (Black to move).
    fn store(&mut self, c: usize, white: u64, black: u64, plies: u8) {
        let black_half = self.positions();
        for sq in Bitboard(white) {
            self.values[c * 64 + sq.index()] = plies;
        }
        for sq in Bitboard(black) {
            self.values[black_half + c * 64 + sq.index()] = plies;
        }
    }
}
