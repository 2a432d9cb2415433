//! Moves as text: UCI long algebraic (`e3e4`, `d5e6m`) and SAN (`Se2`, `dxe6=M`).
//!
//! SAN is written as pyffish and cutechess write it. It is read in both letter sets:
//! Thai (`S` khon, `M` met) and the western letters older sites use (`B` khon, `Q` met,
//! promotions with or without `=M`/`=Q`).
//!
//! Sittuyin's moves as pyffish writes them: a drop `R@a1` (UCI and SAN alike), a
//! promotion `c3d4f` in UCI and `c3d4=F` in SAN (the origin square always written, as
//! the met's step is no pawn's), in place `d5d5f` and `d5=F`.

use super::moves::{Move, Promotion};
use super::position::Position;
use super::types::{PieceKind, Square};
use super::variant::Variant;
use std::fmt;

/// The notations a move is written in: pyffish's `get_san` notation argument for the
/// makruk family (`NOTATION_SAN`, `_LAN`, `_THAI_SAN`, `_THAI_LAN`).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Notation {
    /// `Se2`, `dxe6=M` (the default).
    San,
    /// `Sf1-e2`, `d5xe6=M`: the origin always written.
    Lan,
    /// Thai letters and digits as Fairy-Stockfish writes them: `ค-จ๒`, `งxจ๖=M`.
    ThaiSan,
    /// Thai long form: `ค ฉ๑-จ๒`, `บ ง๕xจ๖=M`.
    ThaiLan,
}

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
    /// Reads a UCI move (`e3e4`, `d5e6m`, ASEAN `d7d8q`) and checks that it is legal.
    /// A promotion written without its letter is accepted where it is unambiguous
    /// (every game but ASEAN has one promotion piece), as is an upper-case letter.
    pub fn parse_uci_move(&self, text: &str) -> Result<Move, MoveError> {
        let bytes = text.as_bytes();
        if !(bytes.len() == 4 || bytes.len() == 5) || !text.is_ascii() {
            return Err(MoveError::Malformed(clip(text)));
        }
        if bytes[1] == b'@' {
            return self.parse_drop(text);
        }
        let from = Square::parse(&text[0..2]).ok_or_else(|| MoveError::Malformed(clip(text)))?;
        let to = Square::parse(&text[2..4]).ok_or_else(|| MoveError::Malformed(clip(text)))?;
        let letter = bytes.get(4).map(|b| b.to_ascii_lowercase() as char);
        let letters = match self.variant() {
            Variant::Asean => "qrnb",
            Variant::AiWok => "a",
            Variant::Sittuyin => "fm",
            _ => "m",
        };
        if let Some(c) = letter
            && !letters.contains(c)
        {
            return Err(MoveError::Malformed(clip(text)));
        }
        let mut fits = self
            .legal_moves()
            .iter()
            .copied()
            .filter(|m| m.from() == from && m.to() == to)
            .collect::<Vec<_>>();
        // ASEAN's letter picks among its four promotions; elsewhere there is one.
        if let Some(c) = letter
            && self.variant().promotes_on_last_rank()
        {
            fits.retain(|m| m.promotion().is_some_and(|p| p.letter() == c));
        }
        match fits.as_slice() {
            [m] => Ok(*m),
            [] => Err(MoveError::Illegal(clip(text))),
            // ASEAN promotions without a letter: the met (queen), as most GUIs mean.
            many => many
                .iter()
                .copied()
                .find(|m| m.promotion() == Some(Promotion::Queen))
                .ok_or_else(|| MoveError::Ambiguous(clip(text))),
        }
    }

    /// Reads a drop, `R@a1` (the piece's letter in either case; sittuyin's met as
    /// `F` or `M`), and checks that it is legal.
    fn parse_drop(&self, text: &str) -> Result<Move, MoveError> {
        let bytes = text.as_bytes();
        let malformed = || MoveError::Malformed(clip(text));
        if bytes.len() != 4 || bytes[1] != b'@' {
            return Err(malformed());
        }
        let kind = self
            .variant()
            .kind_from_san_letter(bytes[0].to_ascii_uppercase())
            .ok_or_else(malformed)?;
        let to = Square::parse(&text[2..4]).ok_or_else(malformed)?;
        let m = Move::new_drop(kind, to);
        if self.variant().has_drops() && self.legal_moves().contains(m) {
            Ok(m)
        } else {
            Err(MoveError::Illegal(clip(text)))
        }
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

    /// The move in `notation`, as pyffish's `get_san` writes it with that notation.
    pub fn san_in(&self, m: Move, notation: Notation) -> String {
        let mut s = match notation {
            Notation::San => self.san_without_check(m),
            other => self.written_in(m, other),
        };
        let after = self.after(m);
        if after.in_check() {
            s.push(if after.has_legal_move() { '+' } else { '#' });
        }
        s
    }

    /// Long algebraic and the Thai notations, without the check sign (Fairy-Stockfish's
    /// `move_to_san` for them): the piece (none for a pawn but in Thai LAN), the origin
    /// (always in the long forms; in Thai SAN a pawn's file on a capture, a piece's
    /// file, rank or square when another of its kind could go too), `x` or `-` (a
    /// pawn's quiet move in Thai SAN has none), the destination, `=` and the promotion's
    /// Latin letter.
    fn written_in(&self, m: Move, notation: Notation) -> String {
        let (from, to) = (m.from(), m.to());
        if m.is_drop() {
            return self.drop_written_in(m, notation);
        }
        let kind = self.kind_at(from).expect("a legal move starts on a piece");
        let capture = self.piece_at(to).is_some() && from != to;
        let thai = matches!(notation, Notation::ThaiSan | Notation::ThaiLan);
        let long = matches!(notation, Notation::Lan | Notation::ThaiLan);
        let square = |sq: Square| {
            if thai {
                super::thai_notation::square(sq)
            } else {
                sq.to_string()
            }
        };
        let mut s = String::with_capacity(16);
        if kind != PieceKind::Pawn || notation == Notation::ThaiLan {
            if thai {
                let promoted = self.promoted().contains(from);
                s.push_str(super::thai_notation::piece(self.variant(), kind, promoted));
            } else {
                s.push(self.variant().letter(kind));
            }
        }
        if notation == Notation::ThaiLan {
            s.push(' ');
        }
        if long {
            s.push_str(&square(from));
        } else if kind == PieceKind::Pawn {
            if capture {
                s.push_str(super::thai_notation::file(from));
            } else if self.is_stepping_promotion(m) {
                s.push_str(&square(from));
            }
        } else {
            let rivals = self.rivals(m, kind);
            if !rivals.is_empty() {
                let file_unique = rivals.iter().all(|r| r.file() != from.file());
                let rank_unique = rivals.iter().all(|r| r.rank() != from.rank());
                if file_unique {
                    s.push_str(super::thai_notation::file(from));
                } else if rank_unique {
                    s.push_str(super::thai_notation::rank(from));
                } else {
                    s.push_str(&square(from));
                }
            }
        }
        if capture {
            s.push('x');
        } else if long || kind != PieceKind::Pawn {
            s.push('-');
        }
        s.push_str(&square(to));
        if m.is_promotion() {
            s.push('=');
            s.push(self.variant().letter(m.promotion_kind()));
        }
        s
    }

    /// A drop in `notation`: the piece (Thai or Latin), `@`, the square, as
    /// Fairy-Stockfish writes it (Thai LAN with a space after the piece).
    fn drop_written_in(&self, m: Move, notation: Notation) -> String {
        let thai = matches!(notation, Notation::ThaiSan | Notation::ThaiLan);
        let mut s = String::with_capacity(16);
        if thai {
            s.push_str(super::thai_notation::piece(
                self.variant(),
                m.drop_kind(),
                false,
            ));
        } else {
            s.push(self.variant().letter(m.drop_kind()));
        }
        if notation == Notation::ThaiLan {
            s.push(' ');
        }
        s.push('@');
        if thai {
            s.push_str(&super::thai_notation::square(m.to()));
        } else {
            s.push_str(&m.to().to_string());
        }
        s
    }

    /// A promotion that is a move of its own and steps to another square (SAN writes
    /// its origin square, Fairy-Stockfish's rule).
    fn is_stepping_promotion(&self, m: Move) -> bool {
        self.variant().promotes_as_own_move() && m.is_promotion() && m.from() != m.to()
    }

    /// The other pieces of `kind` that could go where `m` goes (SAN names the origin
    /// then).
    fn rivals(&self, m: Move, kind: PieceKind) -> Vec<Square> {
        self.legal_moves()
            .iter()
            .filter(|o| {
                o.to() == m.to() && o.from() != m.from() && self.kind_at(o.from()) == Some(kind)
            })
            .map(|o| o.from())
            .collect()
    }

    fn san_without_check(&self, m: Move) -> String {
        if m.is_drop() {
            return self.drop_written_in(m, Notation::San);
        }
        let from = m.from();
        let to = m.to();
        let kind = self.kind_at(from).expect("a legal move starts on a piece");
        let capture = self.piece_at(to).is_some() && from != to;
        let mut s = String::with_capacity(8);
        if kind == PieceKind::Pawn {
            if capture {
                s.push(from.file_char());
            } else if self.is_stepping_promotion(m) {
                s.push_str(&from.to_string());
            }
        } else {
            s.push(self.variant().letter(kind));
            // Disambiguate among other pieces of the same kind reaching the same square.
            let rivals = self.rivals(m, kind);
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
            s.push('=');
            s.push(self.variant().letter(m.promotion_kind()));
        }
        s
    }

    /// Reads a move in Thai notation as Fairy-Stockfish writes it (Thai SAN `จ๔`,
    /// `ม-ง๒`, `งxจ๖=M`, or Thai LAN `บ จ๓-จ๔`; the check sign already trimmed): the
    /// legal move written so. Thai SAN names a promoted pawn and a pawn's file with the
    /// same letter (ง), so a text may fit two moves: ambiguous.
    fn parse_thai(&self, body: &str, text: &str) -> Result<Move, MoveError> {
        let body = body.trim();
        let fits: Vec<Move> = self
            .legal_moves()
            .iter()
            .copied()
            .filter(|&m| {
                [Notation::ThaiSan, Notation::ThaiLan]
                    .into_iter()
                    .any(|n| self.written_in(m, n) == body)
            })
            .collect();
        match fits.as_slice() {
            [m] => Ok(*m),
            [] => Err(MoveError::Illegal(clip(text))),
            _ => Err(MoveError::Ambiguous(clip(text))),
        }
    }

    /// Reads a SAN move in Thai or western letters, or in Thai notation as
    /// Fairy-Stockfish writes it (`จ๔`), and checks that it is legal.
    pub fn parse_san(&self, text: &str) -> Result<Move, MoveError> {
        let trimmed = text.trim_end_matches(['+', '#', '!', '?']);
        if trimmed.is_empty() {
            return Err(MoveError::Malformed(clip(text)));
        }
        if !trimmed.is_ascii() {
            // Thai letters or digits (U+0E00 to U+0E7F): Thai notation; other letters
            // are no move.
            if !trimmed
                .chars()
                .any(|c| ('\u{e00}'..='\u{e7f}').contains(&c))
            {
                return Err(MoveError::Malformed(clip(text)));
            }
            return self.parse_thai(trimmed, text);
        }
        // A UCI move is accepted as well: some files mix the two.
        if let Ok(m) = self.parse_uci_move(trimmed) {
            return Ok(m);
        }
        let mut body = trimmed;
        // The promotion suffix: "=M", "=Q", "M", "Q" (any of the game's letters, or
        // their lower case after '='), or nothing.
        let mut promotion_written = None;
        let b = body.as_bytes();
        if b.len() >= 2 && b[b.len() - 2] == b'=' {
            let kind = self
                .variant()
                .kind_from_san_letter(b[b.len() - 1].to_ascii_uppercase())
                .ok_or_else(|| MoveError::Malformed(clip(text)))?;
            promotion_written = Some(kind);
            body = &body[..body.len() - 2];
        } else if b.len() >= 3
            && b[b.len() - 1].is_ascii_uppercase()
            && b[b.len() - 2].is_ascii_digit()
            && let Some(kind) = self.variant().kind_from_san_letter(b[b.len() - 1])
        {
            promotion_written = Some(kind);
            body = &body[..body.len() - 1];
        }
        let b = body.as_bytes();
        if b.len() < 2 {
            return Err(MoveError::Malformed(clip(text)));
        }
        let to = Square::parse(&body[body.len() - 2..])
            .ok_or_else(|| MoveError::Malformed(clip(text)))?;
        let mut head = &body[..body.len() - 2];
        let kind = match head.as_bytes().first() {
            Some(&c) if c.is_ascii_uppercase() => {
                let kind = self
                    .variant()
                    .kind_from_san_letter(c)
                    .ok_or_else(|| MoveError::Malformed(clip(text)))?;
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
        let asean = self.variant().promotes_on_last_rank();
        // Where promotion is a move of its own, `=F` names it and its absence a plain
        // move (`d5` the push, `d5=F` the promotion in place).
        let own_move = self.variant().promotes_as_own_move();
        let candidates: Vec<Move> = self
            .legal_moves()
            .iter()
            .copied()
            .filter(|m| {
                m.to() == to
                    && self.kind_at(m.from()) == Some(kind)
                    && from_file.is_none_or(|f| m.from().file() == f)
                    && from_rank.is_none_or(|r| m.from().rank() == r)
                    && !(asean && promotion_written.is_some_and(|k| m.promotion_kind() != k))
                    && !(own_move && m.is_promotion() != promotion_written.is_some())
                    && !m.is_drop()
            })
            .collect();
        match candidates.as_slice() {
            [m] if promotion_written.is_some() && !m.is_promotion() => {
                Err(MoveError::Illegal(clip(text)))
            }
            [m] => Ok(*m),
            [] => Err(MoveError::Illegal(clip(text))),
            // ASEAN promotions without a letter: the met (queen).
            many if many
                .iter()
                .all(|m| m.is_promotion() && m.from() == many[0].from()) =>
            {
                many.iter()
                    .copied()
                    .find(|m| m.promotion() == Some(Promotion::Queen))
                    .ok_or_else(|| MoveError::Ambiguous(clip(text)))
            }
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

    #[test]
    fn sittuyin_drops_and_promotions_as_pyffish_writes_them() {
        let start = Position::startpos_of(Variant::Sittuyin);
        let drop = start.parse_uci_move("R@a1").unwrap();
        assert_eq!(
            (drop.to_string(), start.san(drop)),
            ("R@a1".into(), "R@a1".into())
        );
        // The met is F; M is read too, and a lower-case letter.
        let met = start.parse_uci_move("F@e2").unwrap();
        assert_eq!(start.parse_uci_move("M@e2"), Ok(met));
        assert_eq!(start.parse_san("f@e2"), Ok(met));
        assert_eq!(start.san_in(met, Notation::ThaiSan), "ม็@จ๒");
        assert_eq!(start.san_in(met, Notation::ThaiLan), "ม็ @จ๒");
        assert!(matches!(
            start.parse_uci_move("R@a2"),
            Err(MoveError::Illegal(_))
        ));
        assert!(matches!(
            start.parse_uci_move("P@a2"),
            Err(MoveError::Illegal(_))
        ));
        assert!(matches!(
            start.parse_uci_move("X@a2"),
            Err(MoveError::Malformed(_))
        ));
        // pyffish: c3d4=F for a promotion's step, d5=F in place, d5 for the push.
        let pos = Position::from_fen_in(Variant::Sittuyin, "4k3/8/8/3P4/1P6/8/8/4K3[] w - - 0 1")
            .unwrap();
        let step = pos.parse_uci_move("d5e6f").unwrap();
        assert_eq!(pos.san(step), "d5e6=F");
        assert_eq!(pos.san_in(step, Notation::Lan), "d5-e6=F");
        assert_eq!(pos.san_in(step, Notation::ThaiSan), "ง๕จ๖=F");
        assert_eq!(pos.san_in(step, Notation::ThaiLan), "บ ง๕-จ๖=F");
        let in_place = pos.parse_uci_move("d5d5f").unwrap();
        assert_eq!(pos.san(in_place), "d5=F");
        let push = pos.parse_uci_move("d5d6").unwrap();
        assert_eq!(pos.san(push), "d6");
        assert_eq!(pos.parse_san("d5=F"), Ok(in_place));
        assert_eq!(pos.parse_san("d5e6=F"), Ok(step));
        assert_eq!(pos.parse_san("d6"), Ok(push));
        assert_eq!(pos.parse_uci_move("d5d5"), Ok(in_place));
        // A drop is no move in makruk.
        let makruk = Position::startpos();
        assert!(matches!(
            makruk.parse_uci_move("R@a1"),
            Err(MoveError::Illegal(_))
        ));
    }
}
