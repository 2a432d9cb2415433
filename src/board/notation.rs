//! Moves as text: UCI long algebraic (`e3e4`, `d5e6m`) and SAN (`Se2`, `dxe6=M`).
//!
//! SAN is written as pyffish and cutechess write it. It is read in both letter sets:
//! Thai (`S` khon, `M` met) and the western letters older sites use (`B` khon, `Q` met,
//! promotions with or without `=M`/`=Q`).

use super::moves::Move;
use super::position::Position;
use super::types::{PieceKind, Square};
use std::fmt;

/// Why a move text was refused.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum MoveError {
    /// Not of the form of a move at all.
    Malformed(String),
    /// Well formed, but not a legal move in the position.
    Illegal(String),
    /// A SAN that fits more than one legal move.
    Ambiguous(String),
}

impl fmt::Display for MoveError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            MoveError::Malformed(s) => write!(f, "'{s}' is not a move"),
            MoveError::Illegal(s) => write!(f, "'{s}' is not a legal move here"),
            MoveError::Ambiguous(s) => write!(f, "'{s}' fits more than one legal move"),
        }
    }
}

impl std::error::Error for MoveError {}

/// Shortens hostile input before it goes into a message.
fn clip(s: &str) -> String {
    s.chars().take(32).collect()
}

impl Position {
    /// Reads a UCI move (`e3e4`, `d5e6m`) and checks that it is legal. A promotion
    /// written without its `m` is accepted (it is compulsory and unambiguous), as is
    /// an upper-case `M`.
    pub fn parse_uci_move(&self, text: &str) -> Result<Move, MoveError> {
        let bytes = text.as_bytes();
        if !(bytes.len() == 4 || bytes.len() == 5) || !text.is_ascii() {
            return Err(MoveError::Malformed(clip(text)));
        }
        let from = Square::parse(&text[0..2]).ok_or_else(|| MoveError::Malformed(clip(text)))?;
        let to = Square::parse(&text[2..4]).ok_or_else(|| MoveError::Malformed(clip(text)))?;
        if bytes.len() == 5 && !matches!(bytes[4], b'm' | b'M') {
            return Err(MoveError::Malformed(clip(text)));
        }
        self.legal_moves()
            .iter()
            .copied()
            .find(|m| m.from() == from && m.to() == to)
            .ok_or_else(|| MoveError::Illegal(clip(text)))
    }

    /// The SAN of a legal move, with `+` or `#`.
    pub fn san(&self, m: Move) -> String {
        let mut s = self.san_without_check(m);
        let after = self.after(m);
        if after.in_check() {
            s.push(if after.has_legal_move() { '+' } else { '#' });
        }
        s
    }

    fn san_without_check(&self, m: Move) -> String {
        let from = m.from();
        let to = m.to();
        let kind = self.kind_at(from).expect("a legal move starts on a piece");
        let capture = self.piece_at(to).is_some();
        let mut s = String::with_capacity(8);
        if kind == PieceKind::Pawn {
            if capture {
                s.push(from.file_char());
            }
        } else {
            s.push(kind.letter());
            // Disambiguate among other pieces of the same kind reaching the same square.
            let rivals: Vec<Square> = self
                .legal_moves()
                .iter()
                .filter(|o| {
                    o.to() == to && o.from() != from && self.kind_at(o.from()) == Some(kind)
                })
                .map(|o| o.from())
                .collect();
            if !rivals.is_empty() {
                let file_unique = rivals.iter().all(|r| r.file() != from.file());
                let rank_unique = rivals.iter().all(|r| r.rank() != from.rank());
                if file_unique {
                    s.push(from.file_char());
                } else if rank_unique {
                    s.push(from.rank_char());
                } else {
                    s.push(from.file_char());
                    s.push(from.rank_char());
                }
            }
        }
        if capture {
            s.push('x');
        }
        s.push_str(&to.to_string());
        if m.is_promotion() {
            s.push_str("=M");
        }
        s
    }

    /// Reads a SAN move in Thai or western letters and checks that it is legal.
    pub fn parse_san(&self, text: &str) -> Result<Move, MoveError> {
        let trimmed = text.trim_end_matches(['+', '#', '!', '?']);
        if trimmed.is_empty() || !trimmed.is_ascii() {
            return Err(MoveError::Malformed(clip(text)));
        }
        // A UCI move is accepted as well: some files mix the two.
        if let Ok(m) = self.parse_uci_move(trimmed) {
            return Ok(m);
        }
        let mut body = trimmed;
        // The promotion suffix: "=M", "=Q", "M", "Q" (or their lower case), or nothing.
        let mut promotion_written = false;
        for suffix in ["=M", "=Q", "=m", "=q"] {
            if let Some(stripped) = body.strip_suffix(suffix) {
                body = stripped;
                promotion_written = true;
                break;
            }
        }
        let b = body.as_bytes();
        if !promotion_written && b.len() >= 3 && matches!(b[b.len() - 1], b'M' | b'Q') {
            body = &body[..body.len() - 1];
            promotion_written = true;
        }
        let b = body.as_bytes();
        if b.len() < 2 {
            return Err(MoveError::Malformed(clip(text)));
        }
        let to = Square::parse(&body[body.len() - 2..])
            .ok_or_else(|| MoveError::Malformed(clip(text)))?;
        let mut head = &body[..body.len() - 2];
        let kind = match head.as_bytes().first() {
            Some(c) if c.is_ascii_uppercase() => {
                let kind = match c {
                    b'K' => PieceKind::King,
                    b'R' => PieceKind::Rook,
                    b'N' => PieceKind::Knight,
                    b'S' | b'B' => PieceKind::Khon,
                    b'M' | b'Q' | b'F' => PieceKind::Met,
                    b'P' => PieceKind::Pawn,
                    _ => return Err(MoveError::Malformed(clip(text))),
                };
                head = &head[1..];
                kind
            }
            _ => PieceKind::Pawn,
        };
        let head = head.trim_end_matches(['x', ':', '-']);
        let (mut from_file, mut from_rank) = (None, None);
        for c in head.bytes() {
            match c {
                b'a'..=b'h' if from_file.is_none() => from_file = Some(c - b'a'),
                b'1'..=b'8' if from_rank.is_none() => from_rank = Some(c - b'1'),
                _ => return Err(MoveError::Malformed(clip(text))),
            }
        }
        let candidates: Vec<Move> = self
            .legal_moves()
            .iter()
            .copied()
            .filter(|m| {
                m.to() == to
                    && self.kind_at(m.from()) == Some(kind)
                    && from_file.is_none_or(|f| m.from().file() == f)
                    && from_rank.is_none_or(|r| m.from().rank() == r)
            })
            .collect();
        match candidates.as_slice() {
            [m] if promotion_written && !m.is_promotion() => Err(MoveError::Illegal(clip(text))),
            [m] => Ok(*m),
            [] => Err(MoveError::Illegal(clip(text))),
            _ => Err(MoveError::Ambiguous(clip(text))),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn uci_moves() {
        let pos = Position::startpos();
        assert_eq!(pos.parse_uci_move("e3e4").unwrap().to_string(), "e3e4");
        assert!(matches!(
            pos.parse_uci_move("e3e5"),
            Err(MoveError::Illegal(_))
        ));
        assert!(matches!(
            pos.parse_uci_move("e3"),
            Err(MoveError::Malformed(_))
        ));
        assert!(matches!(
            pos.parse_uci_move("e3e4q"),
            Err(MoveError::Malformed(_))
        ));
        assert!(matches!(
            pos.parse_uci_move("é3e4"),
            Err(MoveError::Malformed(_))
        ));
    }

    #[test]
    fn san_round_trip_from_start() {
        let pos = Position::startpos();
        for &m in pos.legal_moves().iter() {
            let san = pos.san(m);
            assert_eq!(pos.parse_san(&san), Ok(m), "{san}");
        }
        let nd2 = pos.parse_uci_move("b1d2").unwrap();
        assert_eq!(pos.san(nd2), "Nd2");
        let sc2 = pos.parse_uci_move("c1c2").unwrap();
        assert_eq!(pos.san(sc2), "Sc2");
        assert_eq!(pos.parse_san("Bc2"), Ok(sc2));
    }

    #[test]
    fn promotion_san() {
        let pos = Position::from_fen("4k3/8/8/3P4/8/8/8/4K3 w - - 0 1").unwrap();
        let m = pos.parse_uci_move("d5d6m").unwrap();
        assert_eq!(pos.san(m), "d6=M");
        assert_eq!(pos.parse_san("d6=Q"), Ok(m));
        assert_eq!(pos.parse_san("d6"), Ok(m));
        assert_eq!(pos.parse_uci_move("d5d6"), Ok(m));
    }
}
