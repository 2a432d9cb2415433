//! How long the piece's honour gives after a capture that leaves a bare king: the
//! count a K+X v K+Y table's captures start, read from the rules core by playing such
//! a capture (so the tables follow the counting rules, not a copy of them).

use crate::board::attacks;
use crate::board::{Bitboard, Color, PieceKind, Position, Square, Variant};
use crate::tablebase::count_left::plies_allowed;

/// The plies the mate may take from the position just after the first of `strong`
/// takes the last piece (`captured`) of a duel, leaving the others of `strong` beside
/// it and the other side a bare king to move, as the counting rules of `variant`
/// start the piece's honour there (and, in ASEAN chess, as the fifty-move rule
/// allows).
pub(crate) fn allowance(variant: Variant, strong: &[PieceKind], captured: PieceKind) -> u32 {
    // White's king on a1, the capturer on d4 and its victim on a square it attacks,
    // any other piece on a2; Black's king on h8, out of the way. The capture is then
    // played by the rules core, which starts the count.
    let king = Square::from_file_rank(0, 0);
    let from = Square::from_file_rank(3, 3);
    let beside = Square::from_file_rank(0, 1);
    let bare_king = Square::from_file_rank(7, 7);
    let capturer = strong[0];
    let mut occupied = Bitboard::from_square(king).with(from).with(bare_king);
    if strong.len() > 1 {
        occupied = occupied.with(beside);
    }
    let targets = attacks::attacks(capturer, Color::White, from, occupied).0;
    for victim in Bitboard(targets & !occupied.0) {
        if attacks::king_attacks(bare_king).contains(victim)
            || attacks::king_attacks(king).contains(victim)
        {
            continue;
        }
        let mut board = [None; 64];
        board[king.index()] = Some('K');
        board[from.index()] = Some(variant.letter(capturer));
        if let Some(&other) = strong.get(1) {
            board[beside.index()] = Some(variant.letter(other));
        }
        board[victim.index()] = Some(variant.letter(captured).to_ascii_lowercase());
        board[bare_king.index()] = Some('k');
        let fen = format!("{} w - - 0 1", placement(&board));
        let Ok(pos) = Position::from_fen_in(variant, &fen) else {
            continue;
        };
        let capture = pos
            .legal_moves()
            .iter()
            .copied()
            .find(|m| m.from() == from && m.to() == victim);
        if let Some(m) = capture {
            return plies_allowed(&pos.after(m), Color::White);
        }
    }
    unreachable!("every piece can capture from d4");
}

/// The placement field of a FEN from one letter (or none) per square, a1 first.
pub(crate) fn placement(board: &[Option<char>; 64]) -> String {
    let mut out = String::new();
    for rank in (0..8).rev() {
        let mut empty = 0;
        for file in 0..8 {
            match board[rank * 8 + file] {
                Some(c) => {
                    if empty > 0 {
                        out.push_str(&empty.to_string());
                        empty = 0;
                    }
                    out.push(c);
                }
                None => empty += 1,
            }
        }
        if empty > 0 {
            out.push_str(&empty.to_string());
        }
        if rank > 0 {
            out.push('/');
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;
    use PieceKind::{Khon, Knight, Met, Rook};

    #[test]
    fn a_second_piece_beside_the_capturer_shortens_the_fresh_count_by_a_move() {
        // Each man on the board when the piece's honour starts takes one move of it
        // (counter 2Y); the strongest piece left sets the limit.
        let rook_alone = allowance(Variant::Makruk, &[Rook], Met);
        let rook_and_met = allowance(Variant::Makruk, &[Rook, Met], Met);
        assert_eq!(rook_alone, rook_and_met + 2);
        // Two rooks: 8 moves instead of 16.
        let two_rooks = allowance(Variant::Makruk, &[Rook, Rook], Knight);
        assert_eq!(rook_and_met, two_rooks + 2 * (16 - 8));
        // Whichever of the two takes, the count is the same.
        assert_eq!(
            allowance(Variant::Makruk, &[Met, Rook], Khon),
            allowance(Variant::Makruk, &[Rook, Met], Khon)
        );
    }
}
