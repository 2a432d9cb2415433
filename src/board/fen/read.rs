//! Reading FEN: each field in every accepted form, and the position checked as
//! strictly as asked ([`FenRules`]).

use super::FenError;
use super::error::{HandError, Impossible};
use crate::board::bitboard::Bitboard;
use crate::board::count_state::CountState;
use crate::board::position::Position;
use crate::board::types::{Color, Piece, PieceKind, Square};
use crate::board::variant::Variant;

const FIELD_LIMIT: &str = "4 (counting limit)";
const FIELD_PLY: &str = "5 (counting ply / half-move clock)";
const FIELD_MOVE: &str = "6 (move number)";

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
        .ok_or_else(|| FenError::BadHand(HandError::Form(clipped.clone())))?;
    if !variant.has_drops() {
        return Err(FenError::BadHand(HandError::NotInGame(clipped)));
    }
    for ch in inner.chars() {
        let kind = variant
            .kind_from_fen_letter(ch)
            .filter(|_| ch.is_ascii_alphabetic())
            .ok_or(FenError::BadHand(HandError::Char(ch)))?;
        let color = if ch.is_ascii_uppercase() {
            Color::White
        } else {
            Color::Black
        };
        if !pos.put_in_hand(Piece::new(color, kind)) {
            return Err(FenError::BadHand(HandError::TooMany(ch)));
        }
    }
    Ok(())
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
        let hand = pos.hand(color);
        let kings = pos.pieces(color, PieceKind::King).count() + hand.count(PieceKind::King) as u32;
        if kings != 1 {
            return Err(FenError::Illegal(Impossible::KingCount {
                side: color,
                found: kings,
            }));
        }
        if pos.pieces_of(color).count() + hand.total() > 16 {
            return Err(FenError::Illegal(Impossible::TooManyPieces { side: color }));
        }
        if rules == FenRules::Lenient || pos.variant().promotes_as_own_move() {
            // Sittuyin's pawns never promote by stepping: any rank ahead is theirs.
            continue;
        }
        // A pawn on its promotion rank or beyond would already have promoted.
        for sq in pos.pieces(color, PieceKind::Pawn) {
            if sq.relative_rank(color) >= pos.variant().promotion_rank() {
                return Err(FenError::Illegal(Impossible::PawnOnPromotionRank {
                    side: color,
                    square: sq,
                }));
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
        return Err(FenError::Illegal(Impossible::SideNotToMoveInCheck {
            side: them,
        }));
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
}
