//! Reading and writing FEN, in every form makruk software uses.
//!
//! Fields: placement, side to move, castling (always `-`), counting limit in plies
//! (`-` or `0` when no count runs), counting ply (the half-move clock when no count
//! runs), move number. Accepted forms:
//! - Fairy-Stockfish: `rnsmksnr/8/pppppppp/8/8/PPPPPPPP/8/RNSKMSNR w - - 0 1`
//! - cutechess: `... w - 0 0 1` (a limit of 0 means no count)
//! - with a count: `8/8/8/4k3/8/8/7R/3K4 b - 32 6 1`
//! - promoted pawns marked `M~` / `m~`
//! - the short xboard form `... w 0 1` (no castling field)
//! - trailing fields may be left out (`... w`), as GUIs sometimes send.
//! - sittuyin's pieces in hand after the placement, in brackets:
//!   `8/8/4pppp/pppp4/4PPPP/PPPP4/8/8[KFRRSSNNkfrrssnn] w - - 0 1` (any order on
//!   input; written in Fairy-Stockfish's order, `[KSSFRRNNkssfrrnn]`, and `[]` once
//!   both hands are empty).
//!
//! Output is the Fairy-Stockfish form, the same text pyffish's `get_fen` gives.

use super::bitboard::Bitboard;
use super::count_state::CountState;
use super::position::Position;
use super::types::{Color, Piece, PieceKind, Square};
use super::variant::Variant;
use std::fmt;

/// Why a FEN was refused. Each variant says which field and what is wrong.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum FenError {
    Empty,
    /// Field 1 (placement): an unexpected character at this position in the field.
    BadPlacementChar {
        ch: char,
        index: usize,
    },
    /// Field 1: a rank that does not cover exactly eight files.
    BadRankLength {
        rank: u8,
        files: usize,
    },
    /// Field 1: not exactly eight ranks.
    BadRankCount(usize),
    /// Field 1: pieces in hand (`[...]`) that cannot be read, or in a game without
    /// drops.
    BadHand(String),
    /// Field 2: not `w` or `b`.
    BadSide(String),
    /// Field 3: castling rights (makruk has none; only `-` is accepted), or in
    /// Cambodian chess the first-move rights (`DEde`).
    BadCastling(String),
    /// Kar Ouk's check field (`1+1`), malformed or in a game without one.
    BadChecks(String),
    /// A numeric field that is not a number in range.
    BadNumber {
        field: &'static str,
        text: String,
    },
    /// More fields than a FEN has.
    TrailingFields(String),
    /// The position could not arise in a game.
    Illegal(String),
}

impl fmt::Display for FenError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            FenError::Empty => write!(f, "empty FEN"),
            FenError::BadPlacementChar { ch, index } => write!(
                f,
                "FEN field 1 (placement): unexpected character '{}' at position {}",
                ch.escape_default(),
                index + 1
            ),
            FenError::BadRankLength { rank, files } => write!(
                f,
                "FEN field 1 (placement): rank {rank} covers {files} files, not 8"
            ),
            FenError::BadRankCount(n) => {
                write!(f, "FEN field 1 (placement): {n} ranks, not 8")
            }
            FenError::BadHand(why) => write!(f, "FEN field 1 (pieces in hand): {why}"),
            FenError::BadSide(s) => {
                write!(f, "FEN field 2 (side to move): '{s}' is not 'w' or 'b'")
            }
            FenError::BadCastling(s) => write!(
                f,
                "FEN field 3 (castling): '{s}'; expected '-' (or in cambodian/karouk the files of the king and met that still have their first-move rights, e.g. 'DEde')"
            ),
            FenError::BadChecks(s) => write!(
                f,
                "FEN check field: '{s}'; only karouk has one, written as checks left for White and Black, e.g. '1+1'"
            ),
            FenError::BadNumber { field, text } => {
                write!(f, "FEN field {field}: '{text}' is not a valid number")
            }
            FenError::TrailingFields(s) => write!(f, "FEN has extra fields: '{s}'"),
            FenError::Illegal(why) => write!(f, "FEN position is impossible: {why}"),
        }
    }
}

impl std::error::Error for FenError {}

const FIELD_LIMIT: &str = "4 (counting limit)";
const FIELD_PLY: &str = "5 (counting ply / half-move clock)";
const FIELD_MOVE: &str = "6 (move number)";

/// FEN's placement field (rank 8 first) for the board `letter_at` describes: the
/// letter of the piece on a square, or `None` when it is empty.
pub(crate) fn placement_fen(letter_at: impl Fn(Square) -> Option<char>) -> String {
    placement_fen_marked(letter_at, Bitboard::EMPTY)
}

/// [`placement_fen`] with `~` after the pieces on `marked` (promoted pawns, as
/// Fairy-Stockfish writes them with `showPromoted`).
pub(crate) fn placement_fen_marked(
    letter_at: impl Fn(Square) -> Option<char>,
    marked: Bitboard,
) -> String {
    let mut s = String::with_capacity(80);
    for rank in (0..8).rev() {
        let mut empty = 0;
        for file in 0..8 {
            match letter_at(Square::from_file_rank(file, rank)) {
                Some(letter) => {
                    if empty > 0 {
                        s.push((b'0' + empty) as char);
                        empty = 0;
                    }
                    s.push(letter);
                    if marked.contains(Square::from_file_rank(file, rank)) {
                        s.push('~');
                    }
                }
                None => empty += 1,
            }
        }
        if empty > 0 {
            s.push((b'0' + empty) as char);
        }
        if rank > 0 {
            s.push('/');
        }
    }
    s
}

fn parse_number(text: &str, field: &'static str) -> Result<u32, FenError> {
    let bad = || FenError::BadNumber {
        field,
        text: text.chars().take(40).collect(),
    };
    if text.is_empty() || !text.bytes().all(|b| b.is_ascii_digit()) {
        return Err(bad());
    }
    // Counts and clocks stay far below this; a larger value is a typo, not a game.
    text.parse::<u32>()
        .ok()
        .filter(|&n| n <= 60_000)
        .ok_or_else(bad)
}

/// Reads the pieces in hand, `[...]` after the placement (sittuyin's): the game's
/// letters, upper case White's, in any order.
fn parse_hand(text: &str, pos: &mut Position, variant: Variant) -> Result<(), FenError> {
    let clipped: String = text.chars().take(40).collect();
    let inner = text
        .strip_prefix('[')
        .and_then(|t| t.strip_suffix(']'))
        .ok_or_else(|| FenError::BadHand(format!("'{clipped}' is not written '[...]'")))?;
    if !variant.has_drops() {
        return Err(FenError::BadHand(format!(
            "'{clipped}': only sittuyin has pieces in hand"
        )));
    }
    for ch in inner.chars() {
        let kind = variant
            .kind_from_fen_letter(ch)
            .filter(|_| ch.is_ascii_alphabetic())
            .ok_or_else(|| {
                FenError::BadHand(format!("unexpected character '{}'", ch.escape_default()))
            })?;
        let color = if ch.is_ascii_uppercase() {
            Color::White
        } else {
            Color::Black
        };
        if !pos.put_in_hand(Piece::new(color, kind)) {
            return Err(FenError::BadHand(format!(
                "'{ch}' cannot be in hand (no pawn, at most seven of a kind)"
            )));
        }
    }
    Ok(())
}

/// The pieces in hand as a FEN writes them: `[` White's then Black's in
/// Fairy-Stockfish's order (king, khon, met, rook, knight) `]`.
fn hand_fen(pos: &Position) -> String {
    let mut s = String::from("[");
    for color in Color::ALL {
        let hand = pos.hand(color);
        for kind in super::hand::HAND_ORDER {
            for _ in 0..hand.count(kind) {
                s.push(pos.piece_char(Piece::new(color, kind)));
            }
        }
    }
    s.push(']');
    s
}

fn parse_placement(text: &str, pos: &mut Position, variant: Variant) -> Result<(), FenError> {
    let (text, hand) = match text.find('[') {
        Some(i) => (&text[..i], Some(&text[i..])),
        None => (text, None),
    };
    if let Some(hand) = hand {
        parse_hand(hand, pos, variant)?;
    }
    let ranks: Vec<&str> = text.split('/').collect();
    if ranks.len() != 8 {
        return Err(FenError::BadRankCount(ranks.len()));
    }
    let mut index = 0;
    for (i, rank_text) in ranks.iter().enumerate() {
        let rank = 7 - i as u8;
        let mut file: usize = 0;
        let mut last_was_piece = false;
        for ch in rank_text.chars() {
            match ch {
                '1'..='8' => {
                    file += ch as usize - '0' as usize;
                    last_was_piece = false;
                }
                // Fairy-Stockfish marks promoted pawns `M~`: the piece is what it shows,
                // and the position remembers it was a pawn (Thai notation names it).
                '~' if last_was_piece => {
                    last_was_piece = false;
                    pos.mark_promoted(Square::from_file_rank(file as u8 - 1, rank));
                }
                _ => {
                    let kind = variant
                        .kind_from_fen_letter(ch)
                        .filter(|_| ch.is_ascii_alphabetic())
                        .ok_or(FenError::BadPlacementChar { ch, index })?;
                    if file >= 8 {
                        return Err(FenError::BadRankLength {
                            rank: rank + 1,
                            files: file + 1,
                        });
                    }
                    let color = if ch.is_ascii_uppercase() {
                        Color::White
                    } else {
                        Color::Black
                    };
                    pos.put(
                        Piece::new(color, kind),
                        Square::from_file_rank(file as u8, rank),
                    );
                    file += 1;
                    last_was_piece = !matches!(kind, PieceKind::King | PieceKind::Pawn);
                }
            }
            index += ch.len_utf8();
        }
        if file != 8 {
            return Err(FenError::BadRankLength {
                rank: rank + 1,
                files: file,
            });
        }
        index += 1;
    }
    Ok(())
}

/// How strictly a FEN's position is checked.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum FenRules {
    /// Refuse positions that cannot arise in a game: pawns on or beyond their
    /// promotion rank, the side not to move in check. What the engine accepts.
    Strict,
    /// Accept those too, as Fairy-Stockfish does, for reference data that contains
    /// them (perft positions, counting cases). One king per side is still required.
    Lenient,
}

fn validate(pos: &Position, rules: FenRules) -> Result<(), FenError> {
    for color in Color::ALL {
        let name = if color == Color::White {
            "White"
        } else {
            "Black"
        };
        let hand = pos.hand(color);
        let kings = pos.pieces(color, PieceKind::King).count() + hand.count(PieceKind::King) as u32;
        if kings != 1 {
            return Err(FenError::Illegal(format!(
                "{name} has {kings} kings, not 1"
            )));
        }
        if pos.pieces_of(color).count() + hand.total() > 16 {
            return Err(FenError::Illegal(format!("{name} has more than 16 pieces")));
        }
        if rules == FenRules::Lenient || pos.variant().promotes_as_own_move() {
            // Sittuyin's pawns never promote by stepping: any rank ahead is theirs.
            continue;
        }
        // A pawn on its promotion rank or beyond would already have promoted.
        for sq in pos.pieces(color, PieceKind::Pawn) {
            if sq.relative_rank(color) >= pos.variant().promotion_rank() {
                return Err(FenError::Illegal(format!(
                    "{name} pawn on {sq}, on or beyond its promotion rank"
                )));
            }
        }
    }
    if rules == FenRules::Lenient {
        return Ok(());
    }
    let stm = pos.side_to_move();
    let them = !stm;
    if pos.has_king_on_board(them) && pos.is_attacked_by(pos.king_square(them), stm, pos.occupied())
    {
        return Err(FenError::Illegal(format!(
            "the side not to move ({}) is in check",
            if them == Color::White {
                "White"
            } else {
                "Black"
            }
        )));
    }
    Ok(())
}

/// Reads the castling field: `-`, or in the Cambodian games the files whose king or
/// met keeps its first-move right (upper case White's, on rank 1; lower case Black's,
/// on rank 8).
fn parse_gates(text: &str, variant: Variant) -> Result<Bitboard, FenError> {
    let bad = || FenError::BadCastling(text.chars().take(20).collect());
    if text == "-" {
        return Ok(Bitboard::EMPTY);
    }
    if !variant.cambodian_moves() {
        return Err(bad());
    }
    let mut gates = Bitboard::EMPTY;
    for c in text.chars() {
        let sq = match c {
            'A'..='H' => Square::from_file_rank(c as u8 - b'A', 0),
            'a'..='h' => Square::from_file_rank(c as u8 - b'a', 7),
            _ => return Err(bad()),
        };
        gates = gates.with(sq);
    }
    Ok(gates)
}

/// Reads Kar Ouk's check field, `W+B`: the checks White and Black still need.
fn parse_checks(text: &str, variant: Variant) -> Result<[u8; 2], FenError> {
    let bad = || FenError::BadChecks(text.chars().take(20).collect());
    if !variant.check_counting() {
        return Err(bad());
    }
    let (w, b) = text.split_once('+').ok_or_else(bad)?;
    let number = |t: &str| t.parse::<u8>().ok().filter(|&n| n <= 10).ok_or_else(bad);
    Ok([number(w)?, number(b)?])
}

impl Position {
    /// Reads a makruk FEN in any of the forms listed in the module documentation,
    /// refusing positions that cannot arise in a game.
    pub fn from_fen(fen: &str) -> Result<Position, FenError> {
        Position::from_fen_with(fen, FenRules::Strict)
    }

    /// Reads a FEN of `variant`, refusing positions that cannot arise in a game.
    pub fn from_fen_in(variant: Variant, fen: &str) -> Result<Position, FenError> {
        Position::from_fen_full(variant, fen, FenRules::Strict)
    }

    /// Reads a makruk FEN, accepting the impossible positions Fairy-Stockfish accepts.
    pub fn from_fen_lenient(fen: &str) -> Result<Position, FenError> {
        Position::from_fen_with(fen, FenRules::Lenient)
    }

    /// Reads a makruk FEN with the given strictness.
    pub(crate) fn from_fen_with(fen: &str, rules: FenRules) -> Result<Position, FenError> {
        Position::from_fen_full(Variant::Makruk, fen, rules)
    }

    /// Reads a FEN of `variant` with the given strictness.
    pub fn from_fen_full(
        variant: Variant,
        fen: &str,
        rules: FenRules,
    ) -> Result<Position, FenError> {
        let fields: Vec<&str> = fen.split_whitespace().collect();
        if fields.is_empty() {
            return Err(FenError::Empty);
        }
        let mut pos = Position::empty(variant);
        parse_placement(fields[0], &mut pos, variant)?;

        let side = match fields.get(1).copied() {
            None | Some("w") | Some("W") => Color::White,
            Some("b") | Some("B") => Color::Black,
            Some(other) => return Err(FenError::BadSide(other.chars().take(20).collect())),
        };

        // The rest: an optional castling field, then limit, ply and move number, with
        // Kar Ouk's check field (`1+1`) anywhere among them. The short xboard form has
        // no castling field and starts with a number.
        let mut rest: Vec<&str> = fields.get(2..).unwrap_or(&[]).to_vec();
        let mut checks = [1, 1];
        if let Some(i) = rest.iter().position(|f| f.contains('+')) {
            checks = parse_checks(rest.remove(i), variant)?;
        }
        let mut limit: u32 = 0;
        let mut has_limit_field = false;
        let mut gates = Bitboard::EMPTY;
        if let Some(first) = rest.first()
            && !first.bytes().all(|b| b.is_ascii_digit())
        {
            gates = parse_gates(first, variant)?;
            rest.remove(0);
            has_limit_field = true;
        }
        let numbers = rest;
        let (ply_text, move_text) = if has_limit_field {
            match numbers.first().copied() {
                Some("-") => {}
                Some(text) => limit = parse_number(text, FIELD_LIMIT)?,
                None => {}
            }
            if numbers.len() > 3 {
                return Err(FenError::TrailingFields(numbers[3..].join(" ")));
            }
            (numbers.get(1).copied(), numbers.get(2).copied())
        } else {
            if numbers.len() > 2 {
                return Err(FenError::TrailingFields(numbers[2..].join(" ")));
            }
            (numbers.first().copied(), numbers.get(1).copied())
        };
        let ply = match ply_text {
            Some(t) => parse_number(t, FIELD_PLY)?,
            None => 0,
        };
        let fullmove = match move_text {
            Some(t) => parse_number(t, FIELD_MOVE)?,
            None => 1,
        };
        // Like Fairy-Stockfish: move number 0 is read as 1.
        let game_ply = 2 * fullmove.max(1).saturating_sub(1) + (side == Color::Black) as u32;
        let (count, halfmove_clock) = if limit > 0 {
            (CountState::new(limit as u16, ply as u16), 0)
        } else {
            (CountState::NONE, ply as u16)
        };
        pos.set_rights(gates, checks);
        pos.finish_setup(side, count, halfmove_clock, game_ply);
        validate(&pos, rules)?;
        Ok(pos)
    }

    /// The Fairy-Stockfish FEN with count fields, as pyffish's `get_fen` writes it.
    pub fn to_fen(&self) -> String {
        self.fen_marking(Bitboard::EMPTY)
    }

    /// [`Position::to_fen`] with promoted pawns marked `M~`, as pyffish's `get_fen`
    /// writes them with `showPromoted`.
    pub fn to_fen_showing_promoted(&self) -> String {
        self.fen_marking(self.promoted())
    }

    fn fen_marking(&self, marked: Bitboard) -> String {
        let mut s =
            placement_fen_marked(|sq| self.piece_at(sq).map(|p| self.piece_char(p)), marked);
        if self.variant().has_drops() {
            s.push_str(&hand_fen(self));
        }
        s.push(' ');
        s.push(self.side_to_move().fen_char());
        s.push(' ');
        let gates = self.gates();
        if gates.is_empty() {
            s.push('-');
        }
        for sq in gates & Bitboard::RANK_1 {
            s.push((b'A' + sq.file()) as char);
        }
        for sq in gates & Bitboard::rank(7) {
            s.push(sq.file_char());
        }
        let count = self.fen_count_fields();
        if let Some(count) = count {
            s.push_str(&format!(" {}", count.limit()));
        } else {
            s.push_str(" -");
        }
        if self.variant().check_counting() {
            s.push_str(&format!(
                " {}+{}",
                self.checks_left(Color::White),
                self.checks_left(Color::Black)
            ));
        }
        if let Some(count) = count {
            s.push_str(&format!(" {}", count.ply()));
        } else {
            s.push_str(&format!(" {}", self.halfmove_clock()));
        }
        s.push_str(&format!(" {}", self.fullmove_number()));
        s
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::board::position::START_FEN;

    #[test]
    fn start_round_trips() {
        assert_eq!(Position::from_fen(START_FEN).unwrap().to_fen(), START_FEN);
    }

    #[test]
    fn reads_every_form() {
        let cutechess = "rnsmksnr/8/pppppppp/8/8/PPPPPPPP/8/RNSKMSNR w - 0 0 1";
        assert_eq!(Position::from_fen(cutechess).unwrap().to_fen(), START_FEN);
        let short = "rnsmksnr/8/pppppppp/8/8/PPPPPPPP/8/RNSKMSNR w 0 1";
        assert_eq!(Position::from_fen(short).unwrap().to_fen(), START_FEN);
        let bare = "rnsmksnr/8/pppppppp/8/8/PPPPPPPP/8/RNSKMSNR w";
        assert_eq!(Position::from_fen(bare).unwrap().to_fen(), START_FEN);
        let counted = "8/8/8/4k3/8/8/7R/3K4 b - 32 6 1";
        let pos = Position::from_fen(counted).unwrap();
        assert_eq!(pos.count(), CountState::new(32, 6));
        assert_eq!(pos.to_fen(), counted);
        let promoted = "8/4m3/5k2/4m~s2/1RM~5/2M3m~1/4K3/8 w - 128 1 61";
        assert_eq!(
            Position::from_fen(promoted).unwrap().to_fen(),
            "8/4m3/5k2/4ms2/1RM5/2M3m1/4K3/8 w - 128 1 61"
        );
    }

    #[test]
    fn refuses_bad_fens_with_reasons() {
        let cases = [
            ("", "empty"),
            ("rnsmksnr/8/pppppppp/8/8/PPPPPPPP/8 w - - 0 1", "7 ranks"),
            (
                "rnsmksnr/8/pppppppp/8/8/PPPPPPPP/8/RNSKMSNRR w - - 0 1",
                "rank 1 covers 9",
            ),
            (
                "rnsmksnr/8/pppppppp/8/8/PPPPPPPP/8/RNSKQSNR w - - 0 1",
                "'Q'",
            ),
            (
                "rnsmksnr/8/pppppppp/8/8/PPPPPPPP/8/RNSKKSNR w - - 0 1",
                "White has 2 kings",
            ),
            (
                "rnsm1snr/8/pppppppp/8/8/PPPPPPPP/8/RNSKMSNR w - - 0 1",
                "Black has 0 kings",
            ),
            ("4k3/3P4/8/8/8/8/8/4K3 w - - 0 1", "promotion rank"),
            ("4k3/8/8/8/8/8/8/4K2r b - - 0 1", "White) is in check"),
            ("4k2R/8/8/8/8/8/8/4K3 w - - 0 1", "Black) is in check"),
            ("4k3/8/8/8/8/8/8/4K3 x - - 0 1", "side to move"),
            ("4k3/8/8/8/8/8/8/4K3 w KQ - 0 1", "castling"),
            ("4k3/8/8/8/8/8/8/4K3 w - - x 1", "field 5"),
            ("4k3/8/8/8/8/8/8/4K3 w - 3x 0 1", "field 4"),
            ("4k3/8/8/8/8/8/8/4K3 w - - 0 1 9", "extra fields"),
        ];
        for (fen, needle) in cases {
            let err = Position::from_fen(fen).expect_err(fen).to_string();
            assert!(err.contains(needle), "{fen}: '{err}' lacks '{needle}'");
        }
    }

    #[test]
    fn sittuyin_hands_read_and_written() {
        let read = |fen: &str| Position::from_fen_in(Variant::Sittuyin, fen);
        // Any order on input; Fairy-Stockfish's order on output (pyffish's get_fen).
        let start = read(Variant::Sittuyin.start_fen()).unwrap();
        assert_eq!(
            start.to_fen(),
            "8/8/4pppp/pppp4/4PPPP/PPPP4/8/8[KSSFRRNNkssfrrnn] w - - 0 1"
        );
        let after_rook = "8/8/4pppp/pppp4/4PPPP/PPPP4/8/R7[KSSFRNNkssfrrnn] b - - 0 1";
        let m = start.parse_uci_move("R@a1").unwrap();
        assert_eq!(start.after(m).to_fen(), after_rook);
        assert_eq!(read(after_rook).unwrap().key(), start.after(m).key());
        // No hand written, or an empty one: the set-up phase is over.
        let play = read("4k3/8/8/3P4/8/8/8/3FK3 w - - 0 1").unwrap();
        assert_eq!(play.to_fen(), "4k3/8/8/3P4/8/8/8/3FK3[] w - - 0 1");
        // The king may be in hand, but each side has one, on the board or in hand.
        assert!(read("8/8/8/8/8/8/8/4K3[k] b - - 0 1").is_ok());
        let cases = [
            ("4k3/8/8/8/8/8/8/4K3[K] w - - 0 1", "White has 2 kings"),
            ("8/8/8/8/8/8/8/4K3[] w - - 0 1", "Black has 0 kings"),
            ("4k3/8/8/8/8/8/8/4K3[P] w - - 0 1", "cannot be in hand"),
            (
                "4k3/8/8/8/8/8/8/4K3[M] w - - 0 1",
                "unexpected character 'M'",
            ),
            ("4k3/8/8/8/8/8/8/4K3[R w - - 0 1", "'[...]'"),
            (
                "4k3/8/8/8/8/8/8/4K3[NNNNNNNN] w - - 0 1",
                "cannot be in hand",
            ),
        ];
        for (fen, needle) in cases {
            let err = read(fen).expect_err(fen).to_string();
            assert!(err.contains(needle), "{fen}: '{err}' lacks '{needle}'");
        }
        // The other games have no hands.
        let err = Position::from_fen("4k3/8/8/8/8/8/8/4K3[R] w - - 0 1").unwrap_err();
        assert!(err.to_string().contains("only sittuyin"), "{err}");
        // Makruk's letters are not sittuyin's: the met is F.
        assert!(read("4k3/8/8/8/8/8/8/3MK3[] w - - 0 1").is_err());
    }
}
