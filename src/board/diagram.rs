//! What the UCI `d` command prints: the board as a diagram, then the game, the FEN
//! with its count fields, the key, the checkers and the count in words.

use super::Position;
use std::fmt::Write as _;

/// The `d` command: the board, the FEN with count fields, the key and the count.
pub(crate) fn diagram(pos: &Position) -> String {
    let mut s = String::new();
    let _ = writeln!(s);
    for rank in (0..8).rev() {
        let _ = writeln!(s, " +---+---+---+---+---+---+---+---+");
        let mut row = String::from(" |");
        for file in 0..8 {
            let sq = super::types::Square::from_file_rank(file, rank);
            let c = pos.piece_at(sq).map_or(' ', |p| pos.piece_char(p));
            let _ = write!(row, " {c} |");
        }
        let _ = writeln!(s, "{row} {}", rank + 1);
    }
    let _ = writeln!(s, " +---+---+---+---+---+---+---+---+");
    let _ = writeln!(s, "   a   b   c   d   e   f   g   h");
    let _ = writeln!(s);
    let _ = writeln!(s, "Variant: {}", pos.variant());
    let _ = writeln!(s, "Fen: {}", pos.to_fen());
    let _ = writeln!(s, "Key: {:016X}", pos.key());
    let checkers: Vec<String> = pos.checkers().map(|sq| sq.to_string()).collect();
    let _ = writeln!(s, "Checkers: {}", checkers.join(" "));
    let _ = writeln!(s, "Count: {}", super::counting::describe(pos));
    s
}
