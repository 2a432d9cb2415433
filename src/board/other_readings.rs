//! Moves other widely used programs allow where Fairy-Stockfish's rules (Khun's) do
//! not. Khun never generates them; a protocol accepts one only from the GUI, which is
//! the game's referee: a GUI that let the opponent play it has the game going on from
//! there, and refusing it would lose the game for Khun ("illegal move" or a refused
//! `position`, `bestmove 0000`).
//!
//! The readings (cutechess's `cambodianboard.cpp` and Fairy-Max's `fmax.ini`, which
//! cutechess referees and Fairy-Max plays):
//! - the Cambodian (and Kar Ouk) met's first-move leap, two squares straight forward,
//!   may capture: cutechess and Fairy-Max generate it as a capture too; Fairy-Stockfish
//!   lets it go only to an empty square;
//! - the Cambodian king's first-move leap (two files sideways and one rank forward) may
//!   capture likewise;
//! - the king keeps its leap after an enemy rook moved onto its file or rank: Fairy-
//!   Stockfish takes the right away then, for good; cutechess and Fairy-Max keep it
//!   while the king has not moved.
//!
//! Each is checked as far as the other program's rules go: the piece, its unused right,
//! the leap's geometry, an enemy man (not the king) on the square, and the mover's king
//! not left in check.

use super::attacks;
use super::bitboard::Bitboard;
use super::moves::Move;
use super::position::Position;
use super::types::{PieceKind, Square};

/// A move taken from another program's reading of the rules, and which reading.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct OtherReading {
    pub mv: Move,
    /// What the other programs allow, in words (for the one `info string`).
    pub reading: &'static str,
}

impl Position {
    /// The move `text` (UCI) means under another widely used program's reading of the
    /// rules, where Khun's rules refuse it (module docs); `None` when no reading allows
    /// it either.
    pub fn other_reading(&self, text: &str) -> Option<OtherReading> {
        if !self.variant().cambodian_moves() || text.len() != 4 || !text.is_ascii() {
            return None;
        }
        let from = Square::parse(&text[0..2])?;
        let to = Square::parse(&text[2..4])?;
        let us = self.side_to_move();
        let piece = self.piece_at(from)?;
        if piece.color != us {
            return None;
        }
        let target = self.piece_at(to);
        if target.is_some_and(|t| t.color == us || t.kind == PieceKind::King) {
            return None;
        }
        let has_right = self.gates().contains(from);
        let two_ahead = Bitboard::from_square(from).forward(us).forward(us);
        let king_leap = piece.kind == PieceKind::King
            && !self.in_check()
            && (attacks::knight_attacks(from) & Bitboard::rank(from.rank()).forward(us))
                .contains(to);
        let reading = match piece.kind {
            PieceKind::Met if has_right && target.is_some() && two_ahead.contains(to) => {
                "cutechess and Fairy-Max let the Cambodian met's first-move leap capture"
            }
            PieceKind::King if king_leap && has_right && target.is_some() => {
                "cutechess and Fairy-Max let the Cambodian king's first-move leap capture"
            }
            // why the start square: a king that moved has lost its leap in every reading;
            // one still on its square lost it here only to an enemy rook's aim.
            PieceKind::King
                if king_leap
                    && !has_right
                    && target.is_none()
                    && Position::startpos_of(self.variant()).king_square(us) == from =>
            {
                "cutechess and Fairy-Max keep the Cambodian king's leap after an enemy rook aimed at the king"
            }
            _ => return None,
        };
        let mv = Move::new(from, to);
        let mut after = self.clone();
        after.play(mv);
        let king = after.king_square(us);
        if after.is_attacked_by(king, !us, after.occupied()) {
            return None;
        }
        Some(OtherReading { mv, reading })
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::board::Variant;

    /// The game cutechess refereed against Fairy-Max: 12... Mxd6, the met's first-move
    /// leap capturing.
    const BEFORE_LEAP: &str =
        "r1sm1s1r/2n3k1/pp1Mp1pp/2p1np2/2P5/PP2M1PP/2SN1S2/R2K2NR b Dd - 0 12";

    #[test]
    fn the_mets_leap_that_captures_is_read_as_cutechess_reads_it() {
        let pos = Position::from_fen_in(Variant::Cambodian, BEFORE_LEAP).unwrap();
        assert!(
            pos.parse_uci_move("d8d6").is_err(),
            "Khun's own rules refuse it"
        );
        let reading = pos.other_reading("d8d6").expect("cutechess's reading");
        let mut after = pos.clone();
        after.play(reading.mv);
        assert_eq!(after.kind_at(reading.mv.to()), Some(PieceKind::Met));
        assert_eq!(
            after.piece_at(reading.mv.to()).unwrap().color,
            pos.side_to_move()
        );
        assert!(
            !after.gates().contains(reading.mv.from()),
            "the right is used"
        );
        assert_eq!(after.key(), after.compute_key());
        assert!(after.has_legal_move());
    }

    #[test]
    fn nothing_else_is_read_otherwise() {
        let pos = Position::from_fen_in(Variant::Cambodian, BEFORE_LEAP).unwrap();
        for text in ["d8d7", "d8d5", "a8a1", "g7g5", "d8d6m", "zz"] {
            assert_eq!(pos.other_reading(text), None, "{text}");
        }
        // Makruk has no leap to read.
        let makruk = Position::from_fen("4k3/8/3p4/8/8/8/8/4K3 b - - 0 1").unwrap();
        assert_eq!(makruk.other_reading("e8e6"), None);
    }

    #[test]
    fn the_kings_leap_after_a_rook_aimed_at_it_is_read_as_cutechess_reads_it() {
        // 1...Rd8 took White's leap away under Fairy-Stockfish's rule; cutechess keeps it.
        let start =
            Position::from_fen_in(Variant::Cambodian, "k6r/8/8/8/3P4/8/8/3K4 b D - 0 1").unwrap();
        let mut pos = start.clone();
        pos.play(pos.parse_uci_move("h8d8").unwrap());
        assert!(
            pos.parse_uci_move("d1b2").is_err(),
            "Khun's own rules refuse it"
        );
        let reading = pos.other_reading("d1b2").expect("cutechess's reading");
        assert!(reading.reading.contains("rook aimed"));
        // A king off its start square has no leap in any reading. (One that moved and
        // came back looks the same as one a rook aimed at: a GUI that refused its leap
        // never sends it.)
        let moved =
            Position::from_fen_in(Variant::Cambodian, "k7/8/8/8/8/8/8/2K5 w - - 0 1").unwrap();
        assert_eq!(moved.other_reading("c1a2"), None);
    }

    #[test]
    fn the_kings_leap_that_captures_is_read_too() {
        // White's king on d1 with its right; a black khon on b2.
        let pos =
            Position::from_fen_in(Variant::Cambodian, "4k3/8/8/8/8/8/1s6/3K4 w D - 0 20").unwrap();
        assert!(pos.parse_uci_move("d1b2").is_err());
        let reading = pos.other_reading("d1b2").expect("cutechess's reading");
        assert_eq!(reading.mv.to().to_string(), "b2");
    }
}
