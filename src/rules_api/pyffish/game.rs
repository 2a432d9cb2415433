//! A game as pyffish reads it: the FEN read as Fairy-Stockfish reads it (a pawn on
//! its promotion rank, the side not to move in check: positions no game reaches, but
//! servers ask about them, e.g. pychess.org flips a custom FEN's side to move to ask
//! whether the other king stands in check), the moves played under the automatic
//! count. `count_started` only changes how the count is written and tested
//! (`count_started.rs`).
//!
//! What Khun cannot follow: a position whose side not to move is in check.
//! Fairy-Stockfish reads its check right, but may list capturing that king among the
//! legal moves ([`king_capture`]), and it plays moves from it: the capture of the king
//! (a position without a king follows), and any other move, after which it keeps the
//! check it knew of and misses the one standing on the other king (it works out a
//! move's check from the move alone). Khun's move generator never captures a king, and
//! Khun's positions are always what their men say, so there:
//! - the legal moves ([`legal_moves`], [`has_legal_move`]) are answered where
//!   Fairy-Stockfish lists no king's capture (the side to move in check answers the
//!   check; an attacker pinned to its own king stays), and refused where it lists one;
//! - a move is neither played nor named ([`parse_move`]), with that reason;
//! - everything else (check, the FEN, the material, the result) is answered.

use crate::board::{
    Bitboard, Color, FenRules, Move, MoveList, PieceKind, Position, Square, Variant,
};

/// The position `fen` names in `variant` (`startpos`: the game's start), read as
/// leniently as Fairy-Stockfish reads it.
pub fn read_fen(variant: Variant, fen: &str) -> Result<Position, String> {
    if fen.trim() == "startpos" {
        return Ok(Position::startpos_of(variant));
    }
    Position::from_fen_full(variant, fen, FenRules::Lenient).map_err(|e| format!("FEN: {e}"))
}

/// A game as pyffish plays it: where it started, the moves, and every position they
/// reach (the start first), under the automatic count.
pub struct Game {
    pub start: Position,
    pub moves: Vec<Move>,
    pub line: Vec<Position>,
}

impl Game {
    /// The position the moves reach.
    pub fn position(&self) -> &Position {
        self.line.last().expect("a game's line holds its start")
    }

    /// The position the moves reach, the game dropped.
    pub fn into_position(mut self) -> Position {
        self.line.pop().expect("a game's line holds its start")
    }

    /// The position before the last move, and that move, where there are moves.
    pub fn last_move(&self) -> Option<(&Position, Move)> {
        let &m = self.moves.last()?;
        Some((&self.line[self.line.len() - 2], m))
    }
}

/// `moves` (UCI) played from `fen` in `variant`, each checked against the legal moves
/// (the game's end does not stop them, as in pyffish).
pub fn game(variant: Variant, fen: &str, moves: &[&str]) -> Result<Game, String> {
    let start = read_fen(variant, fen)?;
    let mut played = Vec::with_capacity(moves.len());
    let mut line = Vec::with_capacity(moves.len() + 1);
    let mut pos = start.clone();
    line.push(pos.clone());
    for (i, text) in moves.iter().enumerate() {
        let m = parse_move(&pos, text).map_err(|e| format!("move {} {e}", i + 1))?;
        pos.play(m);
        played.push(m);
        line.push(pos.clone());
    }
    Ok(Game {
        start,
        moves: played,
        line,
    })
}

/// The legal move `text` (UCI) of `pos`; refused, with the reason, where the side not
/// to move is in check (see the module's notes).
pub fn parse_move(pos: &Position, text: &str) -> Result<Move, String> {
    if let Some(king) = king_in_check_not_to_move(pos) {
        return Err(format!(
            "'{}': the side not to move ({}) is in check (its king on {king}); pyffish plays on from such a position, missing that check (and may take the king), which Khun does not follow",
            text.chars().take(32).collect::<String>(),
            color_name(!pos.side_to_move())
        ));
    }
    pos.parse_uci_move(text).map_err(|e| e.to_string())
}

/// The square of the king of the side not to move where the side to move attacks it
/// (only a FEN gives such a position).
pub fn king_in_check_not_to_move(pos: &Position) -> Option<Square> {
    let them = !pos.side_to_move();
    if !pos.has_king_on_board(them) {
        return None;
    }
    let king = pos.king_square(them);
    pos.is_attacked_by(king, pos.side_to_move(), pos.occupied())
        .then_some(king)
}

fn color_name(color: Color) -> &'static str {
    match color {
        Color::White => "White",
        Color::Black => "Black",
    }
}

/// The square of the king not to move where Fairy-Stockfish's legal moves capture it
/// (only a FEN gives such a position), or `None`.
///
/// Fairy-Stockfish generates every capture, the king's included, and keeps those that
/// leave the mover's own king safe; in check it generates only the answers to the
/// check, and a king that gives none is not among them. So: the side to move is not in
/// check, and one of its men attacks that king without uncovering its own; or the
/// kings touch (the other king then checks), which Khun refuses outright.
pub fn king_capture(pos: &Position) -> Option<Square> {
    let (us, them) = (pos.side_to_move(), !pos.side_to_move());
    if !pos.has_king_on_board(them) {
        return None;
    }
    let king = pos.king_square(them);
    let occupied = pos.occupied();
    let attackers = pos.attackers_to(king, occupied) & pos.pieces_of(us);
    if attackers.is_empty() {
        return None;
    }
    if !pos.has_king_on_board(us) {
        return Some(king);
    }
    let ours = pos.king_square(us);
    if (attackers & pos.pieces(us, PieceKind::King)).any() {
        return Some(king);
    }
    if pos.in_check() {
        return None;
    }
    let theirs = pos.pieces_of(them) & !Bitboard::from_square(king);
    for from in attackers {
        let after = occupied ^ Bitboard::from_square(from);
        if (pos.attackers_to(ours, after) & theirs).is_empty() {
            return Some(king);
        }
    }
    None
}

fn king_capture_reason(pos: &Position, king: Square) -> String {
    format!(
        "the side not to move ({}) is in check; pyffish lists the capture of its king on {king}, a move Khun does not play",
        color_name(!pos.side_to_move())
    )
}

/// The legal moves of `pos` as pyffish lists them, or why Khun cannot list them (the
/// side not to move in check: pyffish adds the capture of its king).
pub fn legal_moves(pos: &Position) -> Result<MoveList, String> {
    match king_capture(pos) {
        Some(king) => Err(king_capture_reason(pos, king)),
        None => Ok(pos.legal_moves()),
    }
}

/// Whether `pos` has a legal move as pyffish counts them: Khun's moves are pyffish's
/// but for a king's capture, so a position with one of Khun's has one of pyffish's;
/// one with none is refused where pyffish might capture the king.
pub fn has_legal_move(pos: &Position) -> Result<bool, String> {
    if pos.has_legal_move() {
        return Ok(true);
    }
    legal_moves(pos).map(|moves| !moves.is_empty())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn reads_what_fairy_stockfish_reads() {
        // White to move, Black's king in check: pychess.org's flipped FEN.
        let fen = "4k3/8/8/8/8/8/4R3/4K3 w - - 0 1";
        let g = game(Variant::Makruk, fen, &[]).unwrap();
        assert!(!g.position().in_check());
        let why = legal_moves(g.position()).err().unwrap();
        assert!(why.contains("capture of its king on e8"), "{why}");
        assert!(has_legal_move(g.position()).unwrap());
        // No move is played from it: pyffish would miss the check after it.
        let why = game(Variant::Makruk, fen, &["e2d2"]).err().unwrap();
        assert!(
            why.starts_with("move 1 'e2d2': the side not to move (Black) is in check"),
            "{why}"
        );
        // In check, pyffish answers the check and takes no king; a pinned attacker
        // cannot take it either.
        let in_check = "2S5/3k4/7K/R5m1/5m2/8/8/8 w - 128 11 67";
        assert!(legal_moves(&read_fen(Variant::Cambodian, in_check).unwrap()).is_ok());
        let pinned = "r7/8/8/8/R6k/8/8/K7 w - - 0 1";
        assert!(legal_moves(&read_fen(Variant::Makruk, pinned).unwrap()).is_ok());
        // A pawn on its promotion rank.
        let pos = read_fen(Variant::Makruk, "4k3/8/3P4/8/8/8/8/4K3 w - - 0 1").unwrap();
        assert!(legal_moves(&pos).is_ok());
    }
}
