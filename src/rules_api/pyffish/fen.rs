//! pyffish's FEN status codes: Fairy-Stockfish's `FEN::validate_fen` checks, in its
//! order, for Khun's games, and Khun's own code for a FEN they pass that Khun's reader
//! cannot read.

use crate::board::{FenRules, PieceKind, Position, Variant};

pub const FEN_OK: i32 = 1;
pub const FEN_EMPTY: i32 = 0;
pub const FEN_INVALID_MOVE_COUNTER: i32 = -1;
pub const FEN_INVALID_HALF_MOVE_COUNTER: i32 = -2;
pub const FEN_INVALID_NUMBER_OF_KINGS: i32 = -3;
pub const FEN_INVALID_SIDE_TO_MOVE: i32 = -6;
pub const FEN_INVALID_POCKET_INFO: i32 = -7;
pub const FEN_INVALID_BOARD_GEOMETRY: i32 = -8;
pub const FEN_TOUCHING_KINGS: i32 = -9;
pub const FEN_INVALID_CHAR: i32 = -10;
pub const FEN_INVALID_NB_PARTS: i32 = -11;
/// A shogi-style promoted piece (`+P`) where the game has none; never given for
/// Khun's games (`+` is no character of theirs: [`FEN_INVALID_CHAR`] comes first), but
/// pyffish offers the name.
pub const FEN_INVALID_PROMOTED_PIECE: i32 = -12;
pub const FEN_INVALID_CHECK_COUNT: i32 = -13;
pub const FEN_INVALID_COUNTING_RULE: i32 = -14;
/// Khun's own: pyffish's checks pass, but Khun's FEN reader, as lenient as
/// Fairy-Stockfish's where it can be, refuses it ([`fen_refusal`] says why).
pub const FEN_IMPOSSIBLE_POSITION: i32 = -100;

/// Fairy-Stockfish's `get_fen_parts`: split on single spaces as `std::getline` does
/// (empty parts between two spaces kept, no part after a trailing space).
fn fen_parts(fen: &str) -> Vec<&str> {
    let mut parts: Vec<&str> = fen.split(' ').collect();
    if parts.len() > 1 && parts.last() == Some(&"") {
        parts.pop();
    }
    parts
}

/// `-`, or digits only (none at all passes, as in Fairy-Stockfish).
fn digit_field(field: &str) -> bool {
    field == "-" || field.bytes().all(|b| b.is_ascii_digit())
}

fn first_byte(part: &str) -> u8 {
    part.as_bytes().first().copied().unwrap_or(0)
}

/// Fairy-Stockfish's `fill_char_board` on an 8x8 board: whether the placement's
/// geometry passes, and the squares (row from rank 1, file) of the kings. `special`
/// holds the characters besides `*` and `/` that take no square (`~`, and in a game
/// with drops `[`, `-` and `]`); in such a game the pieces in hand may also follow
/// the board after an eighth `/`.
fn char_board(placement: &str, special: &[u8], drops: bool) -> Option<[Option<(i32, i32)>; 2]> {
    const SIZE: i32 = 8;
    let mut board = [0u8; 64];
    let (mut rank, mut file) = (0i32, 0i32);
    let mut prev = b'?';
    for c in placement.bytes() {
        if c == b' ' || c == b'[' {
            break;
        }
        if c == b'*' {
            file += 1;
        } else if c.is_ascii_digit() {
            file += (c - b'0') as i32;
            if prev.is_ascii_digit() {
                file += 9 * (prev - b'0') as i32;
            }
        } else if c == b'/' {
            rank += 1;
            if file != SIZE {
                return None;
            }
            if rank == SIZE {
                break;
            }
            file = 0;
        } else if !special.contains(&c) {
            if file == SIZE {
                return None;
            }
            let index = (SIZE - 1 - rank) * SIZE + file;
            if (0..64).contains(&index) {
                board[index as usize] = c;
            }
            file += 1;
        }
        prev = c;
    }
    if rank + 1 != SIZE && !(drops && rank == SIZE) {
        return None;
    }
    let find = |piece: u8| {
        board
            .iter()
            .position(|&c| c == piece)
            .map(|i| (i as i32 / SIZE, i as i32 % SIZE))
    };
    Some([find(b'K'), find(b'k')])
}

/// Fairy-Stockfish's `check_pocket_info`: the pieces in hand, after the eighth `/` or
/// between a single `[` and the `]` that ends the placement (`-` says none), each a
/// letter of the game; `None` where they are written wrong. A placement with neither
/// form has no hand to check (an empty one).
fn pocket(placement: &str, letters: &[u8]) -> Option<Vec<u8>> {
    let bytes = placement.as_bytes();
    let (stop, body) = if bytes.iter().filter(|&&c| c == b'/').count() == 8 {
        (b'/', bytes)
    } else if bytes.iter().filter(|&&c| c == b'[').count() == 1 {
        if bytes.last() != Some(&b']') {
            return None;
        }
        (b'[', &bytes[..bytes.len() - 1])
    } else {
        return Some(Vec::new());
    };
    let mut hand = Vec::new();
    for &c in body.iter().rev() {
        if c == stop {
            return Some(hand);
        }
        if c != b'-' {
            if !letters.contains(&c) {
                return None;
            }
            hand.push(c);
        }
    }
    None
}

/// Fairy-Stockfish's status code for `fen` in `variant` (`FEN_OK` = 1 when it
/// passes), with [`FEN_IMPOSSIBLE_POSITION`] where its checks pass and Khun's
/// lenient reader (the one pyffish's functions read with) does not.
pub fn validate_fen(fen: &str, variant: Variant) -> i32 {
    let code = pyffish_code(fen, variant);
    if code == FEN_OK && fen_refusal(fen, variant).is_some() {
        return FEN_IMPOSSIBLE_POSITION;
    }
    code
}

/// Why Khun's pyffish functions refuse `fen` in `variant` (its lenient reader, as
/// Fairy-Stockfish reads a FEN), or `None`.
pub fn fen_refusal(fen: &str, variant: Variant) -> Option<String> {
    Position::from_fen_full(variant, fen, FenRules::Lenient)
        .err()
        .map(|e| e.to_string())
}

/// Why Khun's own functions and its engine refuse `fen` in `variant` (its strict
/// reader: also positions no game reaches, a pawn on its promotion rank or the side
/// not to move in check), or `None`.
pub fn strict_fen_refusal(fen: &str, variant: Variant) -> Option<String> {
    Position::from_fen_full(variant, fen, FenRules::Strict)
        .err()
        .map(|e| e.to_string())
}

/// The code of Fairy-Stockfish's `FEN::validate_fen` for Khun's games, its checks in
/// its order (none has castling, en passant or shogi-style promotions, so those checks
/// pass by themselves). Sittuyin has pieces in hand: the placement may hold `[`, `-`
/// and `]` anywhere (pyffish's character check), its hand is checked as
/// Fairy-Stockfish's `check_pocket_info` checks it, the kings are counted in the hand
/// too, and touching kings are looked for only when both stand on the board.
fn pyffish_code(fen: &str, variant: Variant) -> i32 {
    if fen.is_empty() {
        return FEN_EMPTY;
    }
    let parts = fen_parts(fen);
    let check_counting = variant == Variant::Karouk;
    let most = 6 + check_counting as usize;
    if parts.is_empty() || parts.len() > most {
        return FEN_INVALID_NB_PARTS;
    }
    let placement = parts[0];
    let drops = variant.has_drops();
    let letters: Vec<u8> = PieceKind::ALL
        .iter()
        .flat_map(|&k| {
            let c = variant.letter(k) as u8;
            [c, c.to_ascii_lowercase()]
        })
        .collect();
    let special: &[u8] = if drops { b"~[-]" } else { b"~" };
    if !placement.bytes().all(|c| {
        c.is_ascii_digit() || letters.contains(&c) || c == b'/' || c == b'*' || special.contains(&c)
    }) {
        return FEN_INVALID_CHAR;
    }
    let Some(kings) = char_board(placement, special, drops) else {
        return FEN_INVALID_BOARD_GEOMETRY;
    };
    let hand = if drops {
        match pocket(placement, &letters) {
            Some(hand) => hand,
            None => return FEN_INVALID_POCKET_INFO,
        }
    } else {
        Vec::new()
    };
    let count = |c: u8| placement.bytes().filter(|&b| b == c).count();
    if count(b'K') != 1 || count(b'k') != 1 {
        return FEN_INVALID_NUMBER_OF_KINGS;
    }
    let in_hand = |c: u8| hand.iter().filter(|&&b| b == c).count();
    if in_hand(b'K') == 0 && in_hand(b'k') == 0 {
        let square = |k: Option<(i32, i32)>| k.unwrap_or((-1, -1));
        let ((wr, wf), (br, bf)) = (square(kings[0]), square(kings[1]));
        if (wr - br).pow(2) + (wf - bf).pow(2) <= 2 {
            return FEN_TOUCHING_KINGS;
        }
    }
    if parts.len() >= 2 && !matches!(first_byte(parts[1]), b'w' | b'b') {
        return FEN_INVALID_SIDE_TO_MOVE;
    }
    let skip_castling_and_ep =
        (4..=5).contains(&parts.len()) && first_byte(parts[2]).is_ascii_digit();
    if parts.len() >= 4 && !skip_castling_and_ep && !digit_field(parts[3]) {
        return FEN_INVALID_COUNTING_RULE;
    }
    let mut between = 2 * (!skip_castling_and_ep) as usize;
    let mut trailing = 0;
    if parts.len() >= 3 + between && check_counting && parts.len() % 2 == 1 {
        let checks = parts[2 + between].as_bytes();
        let three = checks.len() == 3 && checks[0].is_ascii_digit() && checks[2].is_ascii_digit();
        if three {
            between += 1;
        } else {
            let last = parts[parts.len() - 1].as_bytes();
            let lichess = last.len() == 4
                && last[1].is_ascii_digit()
                && last[1] - b'0' <= 3
                && last[3].is_ascii_digit()
                && last[3] - b'0' <= 3;
            if parts.len() < 5 + between || !lichess {
                return FEN_INVALID_CHECK_COUNT;
            }
            trailing += 1;
        }
    }
    if parts.len() >= 3 + between && !digit_field(parts[parts.len() - 2 - trailing]) {
        return FEN_INVALID_HALF_MOVE_COUNTER;
    }
    if parts.len() >= 4 + between && !digit_field(parts[parts.len() - 1 - trailing]) {
        return FEN_INVALID_MOVE_COUNTER;
    }
    FEN_OK
}
