//! A line of moves in SAN with move numbers: `12. Nf3 Nf6 13. c4`, or `12... Nf6 13. c4`
//! when it starts with Black's move.

use crate::board::{Color, Move, Position};

/// The SAN of each move with its move number where one belongs. Stops at the first
/// move that is not legal (a line from a search is, but this never panics).
pub(crate) fn numbered_san_tokens(start: &Position, moves: &[Move]) -> Vec<String> {
    let mut pos = start.clone();
    let mut out = Vec::with_capacity(moves.len() * 3 / 2 + 1);
    for (i, &m) in moves.iter().enumerate() {
        if !pos.is_legal(m) {
            break;
        }
        match pos.side_to_move() {
            Color::White => out.push(format!("{}.", pos.fullmove_number())),
            Color::Black if i == 0 => out.push(format!("{}...", pos.fullmove_number())),
            Color::Black => {}
        }
        out.push(pos.san(m));
        pos.play(m);
    }
    out
}

/// `numbered_san_tokens` joined with spaces.
pub fn numbered_san(start: &Position, moves: &[Move]) -> String {
    numbered_san_tokens(start, moves).join(" ")
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn numbers_from_white_and_from_black() {
        let mut pos = Position::startpos();
        let line: Vec<Move> = ["f3f4", "f6f5", "g1f3"]
            .iter()
            .map(|t| {
                let m = pos.parse_uci_move(t).unwrap();
                pos.play(m);
                m
            })
            .collect();
        let start = Position::startpos();
        assert_eq!(numbered_san(&start, &line), "1. f4 f5 2. Nf3");
        let after = start.after(line[0]);
        assert_eq!(numbered_san(&after, &line[1..]), "1... f5 2. Nf3");
        // An illegal move ends the line.
        assert_eq!(numbered_san(&start, &line[1..]), "");
    }
}
