//! Where a duel's captures lead: White's capture of Black's piece (a won exit when
//! the bare king left is mated inside the fresh count), and Black's captures of
//! White's pieces (a bare White king, or a smaller duel read with its distance).

use super::{BlackExits, DuelTable, Exits, Men, NO_RESULT};
use crate::board::attacks;
use crate::board::{Bitboard, Square};
use crate::tablebase::solve::square_sets::bit;

/// What Black's captures from one configuration lead to, per Black-king square:
/// collected over every capture, then written as one byte (see `Facts`).
pub(super) struct CaptureResults {
    /// Where Black has a capture at all.
    pub(super) any: u64,
    /// Where one is not lost.
    pub(super) escapes: u64,
    /// Where one wins.
    pub(super) wins: u64,
    /// Per Black-king square: the fewest plies a winning capture wins in.
    pub(super) best_win: [u8; 64],
    /// Per Black-king square: the most plies a losing capture holds out.
    pub(super) worst_loss: [u8; 64],
}

impl CaptureResults {
    /// No capture recorded yet.
    pub(super) fn new() -> CaptureResults {
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

impl DuelTable {
    /// White's captures of Black's piece from `men`: the Black-king squares where one
    /// is possible, and those where one is a won exit.
    pub(super) fn white_captures(&self, men: &Men, occupied: u64, exits: &Exits) -> (u64, u64) {
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
    pub(super) fn black_captures(
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
}
