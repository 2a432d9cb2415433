//! The duel solver's move generator: what each side's men attack, whether a king is
//! in check, and the moves that capture nothing, each as the configuration reached
//! and the set of Black-king squares the move is possible for. Its test holds it
//! against the rules core's legal moves.

use super::{DuelTable, MAX_WHITE, Men};
use crate::board::attacks;
use crate::board::{Bitboard, Color, Square};
use crate::tablebase::solve::square_sets::bit;

impl DuelTable {
    /// The squares the men stand on (the Black king aside).
    pub(super) fn occupied(&self, men: &Men) -> u64 {
        men.white[..self.len]
            .iter()
            .fold(bit(men.king) | bit(men.black), |acc, sq| acc | bit(*sq))
    }

    /// The squares White's piece `i`, on `from`, attacks with `occupied` in the way.
    pub(super) fn white_attacks(&self, i: usize, from: Square, occupied: u64) -> u64 {
        attacks::attacks(self.white[i], Color::White, from, Bitboard(occupied)).0
    }

    /// The squares Black's piece, on `black`, attacks with `occupied` in the way.
    pub(super) fn black_attacks(&self, black: Square, occupied: u64) -> u64 {
        attacks::attacks(self.black, Color::Black, black, Bitboard(occupied)).0
    }

    /// The squares where the Black king would stand in check (it blocks nothing).
    pub(super) fn attacked_by_white(&self, men: &Men, occupied: u64) -> u64 {
        (0..self.len).fold(attacks::king_attacks(men.king).0, |acc, i| {
            acc | self.white_attacks(i, men.white[i], occupied)
        })
    }

    /// The Black-king squares with White's king in check from Black's piece (only a
    /// rook's line can be blocked, by the Black king standing on it).
    pub(super) fn white_king_checked(&self, men: &Men, occupied: u64) -> u64 {
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
    pub(super) fn white_quiet(&self, men: &Men, mut visit: impl FnMut((usize, bool), u64)) {
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
    pub(super) fn black_quiet(&self, men: &Men, mut visit: impl FnMut(usize, u64)) {
        let occupied = self.occupied(men);
        for to in Bitboard(self.black_attacks(men.black, occupied) & !occupied) {
            let path = attacks::between(men.black, to).0 | bit(to);
            visit(self.config(&Men { black: to, ..*men }), !path);
        }
    }
}

#[cfg(test)]
mod tests {
    use super::super::captures::CaptureResults;
    use super::super::{BlackExits, Exits, NO_RESULT, SubDuel};
    use super::*;
    use crate::board::{PieceKind, Position};
    use crate::rng::Rng;
    use crate::tablebase::solve::bare_king::Table;
    use crate::tablebase::solve::bare_king::losses::BareLosses;
    use crate::tablebase::solve::exits::placement;
    use std::collections::BTreeSet;

    /// Moves as (from, to) squares.
    type Moves = BTreeSet<(Square, Square)>;

    /// The position of `men` with the Black king on `black_king`, `white_to_move` or
    /// not, as the rules core reads it (no count).
    fn position(table: &DuelTable, men: &Men, black_king: Square, white: bool) -> Position {
        let mut board = [None; 64];
        board[men.king.index()] = Some('K');
        for i in 0..table.len {
            board[men.white[i].index()] = Some(table.white[i].letter().to_ascii_uppercase());
        }
        board[men.black.index()] = Some(table.black.letter().to_ascii_lowercase());
        board[black_king.index()] = Some('k');
        let side = if white { 'w' } else { 'b' };
        let fen = format!("{} {side} - - 0 1", placement(&board));
        Position::from_fen(&fen).unwrap_or_else(|e| panic!("{fen}: {e:?}"))
    }

    /// The rules core's legal moves of `pos`: those that capture nothing, and the
    /// captures.
    fn legal(pos: &Position) -> (Moves, Moves) {
        let (mut quiet, mut captures) = (Moves::new(), Moves::new());
        for m in pos.legal_moves().iter() {
            let set = if pos.piece_at(m.to()).is_some() {
                &mut captures
            } else {
                &mut quiet
            };
            set.insert((m.from(), m.to()));
        }
        (quiet, captures)
    }

    /// The man that moved between `before` and `after` (one move apart, the Black
    /// king aside), as (from, to).
    fn the_move(table: &DuelTable, before: &Men, after: &Men) -> (Square, Square) {
        let mut pairs = vec![(before.king, after.king), (before.black, after.black)];
        pairs.extend((0..table.len).map(|i| (before.white[i], after.white[i])));
        let moved: Vec<_> = pairs.into_iter().filter(|(a, b)| a != b).collect();
        assert_eq!(moved.len(), 1, "{before:?} -> {after:?}");
        moved[0]
    }

    /// Black-king squares where White, to move, stands legally (as the solver's
    /// facts have them: not on a man, not attacked by White).
    fn white_to_move_legal(table: &DuelTable, men: &Men) -> u64 {
        let occupied = table.occupied(men);
        !occupied & !table.attacked_by_white(men, occupied)
    }

    /// Black-king squares where Black, to move, stands legally (not on a man, not
    /// next to White's king, White's king not in check).
    fn black_to_move_legal(table: &DuelTable, men: &Men) -> u64 {
        let occupied = table.occupied(men);
        !occupied & !attacks::king_attacks(men.king).0 & !table.white_king_checked(men, occupied)
    }

    /// The generator's moves for White to move from `men` with the Black king on
    /// `bk`, filtered as the solver filters them (the position reached must be
    /// legal): the quiet moves, and whether a capture is possible.
    fn white_moves(table: &DuelTable, men: &Men, bk: Square, exits: &Exits) -> (Moves, bool) {
        let mut quiet = Moves::new();
        table.white_quiet(men, |(c, mirrored), mask| {
            let reached = table.unpack(c).expect("a configuration");
            let after = if mirrored {
                reached.mirrored()
            } else {
                reached
            };
            if mask & bit(bk) != 0 && black_to_move_legal(table, &after) & bit(bk) != 0 {
                quiet.insert(the_move(table, men, &after));
            }
        });
        let (possible, _) = table.white_captures(men, table.occupied(men), exits);
        (quiet, possible & bit(bk) != 0)
    }

    /// The generator's moves for Black to move, as [`white_moves`] gives White's:
    /// its piece's quiet moves, its king's (read from the legal squares as the
    /// solver reads them), and whether a capture is possible.
    fn black_moves(table: &DuelTable, men: &Men, bk: Square, exits: &Exits) -> (Moves, bool) {
        let mut quiet = Moves::new();
        table.black_quiet(men, |c, mask| {
            let after = table.unpack(c).expect("a configuration");
            if mask & bit(bk) != 0 && white_to_move_legal(table, &after) & bit(bk) != 0 {
                quiet.insert(the_move(table, men, &after));
            }
        });
        let king_to = attacks::king_attacks(bk).0 & white_to_move_legal(table, men);
        quiet.extend(Bitboard(king_to).into_iter().map(|to| (bk, to)));
        let mut results = CaptureResults::new();
        table.black_captures(men, table.occupied(men), exits, &mut results);
        (quiet, results.any & bit(bk) != 0)
    }

    /// The positions sampled and how many had a capture, for each side to move.
    #[derive(Default)]
    struct Sampled {
        positions: [usize; 2],
        with_capture: [usize; 2],
    }

    /// Samples positions of `table` (White king on files a-d, as stored) and checks
    /// the generator's moves, both sides to move, against the rules core's.
    fn compare(table: &DuelTable, exits: &Exits, rng: &mut Rng, samples: usize) -> Sampled {
        let mut sampled = Sampled::default();
        while sampled.positions.iter().sum::<usize>() < samples {
            let Some(men) = table.unpack(rng.below(table.configurations())) else {
                continue;
            };
            let bk = Square::new(rng.below(64) as u8);
            for white in [true, false] {
                let legal_here = if white {
                    white_to_move_legal(table, &men)
                } else {
                    black_to_move_legal(table, &men)
                };
                if legal_here & bit(bk) == 0 {
                    continue;
                }
                let pos = position(table, &men, bk, white);
                let (quiet, capture) = if white {
                    white_moves(table, &men, bk, exits)
                } else {
                    black_moves(table, &men, bk, exits)
                };
                let (core_quiet, core_captures) = legal(&pos);
                assert_eq!(quiet, core_quiet, "{}", pos.to_fen());
                assert_eq!(capture, !core_captures.is_empty(), "{}", pos.to_fen());
                sampled.positions[usize::from(!white)] += 1;
                sampled.with_capture[usize::from(!white)] += usize::from(capture);
            }
        }
        sampled
    }

    /// The positions of `kinds` against a bare king that are lost at all (whatever
    /// the count).
    fn losses(kinds: &[PieceKind]) -> BareLosses {
        Table::generate(kinds, [None, None, None]).bare_losses(u32::MAX)
    }

    /// The duel solver's move generator makes the moves the rules core makes: in
    /// sampled positions of K+X v K+Y and K+X+Y v K+Z, either side to move, its
    /// moves that capture nothing (filtered, as the solver does, to those that leave
    /// a legal position) are the rules core's legal ones, and it finds a capture
    /// exactly where the rules core has a legal one.
    #[test]
    fn the_duel_move_generator_makes_the_rules_core_s_moves() {
        use PieceKind::{Khon, Knight, Met, Rook};
        let mut rng = Rng::new(0xD0E1_5EED);
        for (white, black) in [
            (Rook, Knight),
            (Knight, Rook),
            (Khon, Met),
            (Met, Khon),
            (Rook, Rook),
            (Khon, Khon),
        ] {
            let table = DuelTable::holding(&[white], black, Vec::new()).expect("one piece");
            let (white_losses, black_losses) = (losses(&[white]), losses(&[black]));
            let exits = Exits {
                white: &white_losses,
                black: BlackExits::Bare(&black_losses),
            };
            let sampled = compare(&table, &exits, &mut rng, 600);
            assert!(
                sampled.positions.iter().all(|&n| n > 200),
                "{white:?} v {black:?}"
            );
            assert!(
                sampled.with_capture.iter().all(|&n| n > 0),
                "{white:?} v {black:?}"
            );
        }
        // Two White pieces, Black's rook able to check through the line its king
        // may block: Black's captures lead to four-man duels (their stored numbers
        // do not decide whether a capture is possible: all draws here).
        let (white, black) = ([Khon, Met], Rook);
        let table = DuelTable::holding(&white, black, Vec::new()).expect("two pieces");
        let white_losses = losses(&white);
        let all_drawn = |piece: PieceKind| {
            let mut duel = DuelTable::holding(&[piece], black, Vec::new()).expect("a duel");
            duel.values = vec![NO_RESULT; 2 * duel.positions()];
            duel
        };
        let (after_khon, after_met) = (all_drawn(Met), all_drawn(Khon));
        let exits = Exits {
            white: &white_losses,
            black: BlackExits::Duels([
                SubDuel {
                    table: &after_khon,
                    swapped: false,
                },
                SubDuel {
                    table: &after_met,
                    swapped: false,
                },
            ]),
        };
        let sampled = compare(&table, &exits, &mut rng, 600);
        assert!(sampled.positions.iter().all(|&n| n > 200));
        assert!(sampled.with_capture.iter().all(|&n| n > 0));
    }
}
