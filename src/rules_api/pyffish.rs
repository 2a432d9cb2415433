//! pyffish's answers for the games Khun plays, from Khun's rules: what
//! Fairy-Stockfish's Python binding returns where servers call it (pychess.org's
//! game logic), so code written for pyffish gets the same values from Khun.
//!
//! - [`validate_fen`]: pyffish's FEN status codes, its checks in its order
//!   (Fairy-Stockfish's `FEN::validate_fen`), and one code of Khun's own,
//!   [`FEN_IMPOSSIBLE_POSITION`], for a FEN pyffish's checks pass but no game can
//!   reach (a pawn on its promotion rank, the side not to move in check) or that
//!   Khun's reader refuses: every other function refuses such a FEN, so a server that
//!   validates first never meets a refusal later;
//! - [`game_result`], [`immediate_end`], [`optional_end`]: the values
//!   (`VALUE_MATE` 32000 from the side to move's view, `VALUE_DRAW` 0) of pyffish's
//!   `game_result`, `is_immediate_game_end` and `is_optional_game_end`.

use crate::board::{Color, FenRules, Outcome, PieceKind, Position, Variant};

pub const VALUE_MATE: i32 = 32_000;
pub const VALUE_DRAW: i32 = 0;

pub const FEN_OK: i32 = 1;
pub const FEN_EMPTY: i32 = 0;
pub const FEN_INVALID_MOVE_COUNTER: i32 = -1;
pub const FEN_INVALID_HALF_MOVE_COUNTER: i32 = -2;
pub const FEN_INVALID_NUMBER_OF_KINGS: i32 = -3;
pub const FEN_INVALID_SIDE_TO_MOVE: i32 = -6;
pub const FEN_INVALID_BOARD_GEOMETRY: i32 = -8;
pub const FEN_TOUCHING_KINGS: i32 = -9;
pub const FEN_INVALID_CHAR: i32 = -10;
pub const FEN_INVALID_NB_PARTS: i32 = -11;
pub const FEN_INVALID_CHECK_COUNT: i32 = -13;
pub const FEN_INVALID_COUNTING_RULE: i32 = -14;
/// Khun's own: pyffish's checks pass, but the position cannot arise in a game or
/// Khun's FEN reader refuses it ([`fen_refusal`] says why).
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
/// geometry passes, and the squares (row from rank 1, file) of the kings.
fn char_board(placement: &str) -> Option<[Option<(i32, i32)>; 2]> {
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
        } else if c != b'~' {
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
    if rank + 1 != SIZE {
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

/// Fairy-Stockfish's status code for `fen` in `variant` (`FEN_OK` = 1 when it
/// passes), with [`FEN_IMPOSSIBLE_POSITION`] where its checks pass and Khun's
/// reader does not.
pub fn validate_fen(fen: &str, variant: Variant) -> i32 {
    let code = pyffish_code(fen, variant);
    if code == FEN_OK && fen_refusal(fen, variant).is_some() {
        return FEN_IMPOSSIBLE_POSITION;
    }
    code
}

/// Why Khun's strict reader refuses `fen` in `variant`, or `None`.
pub fn fen_refusal(fen: &str, variant: Variant) -> Option<String> {
    Position::from_fen_full(variant, fen, FenRules::Strict)
        .err()
        .map(|e| e.to_string())
}

/// The code of Fairy-Stockfish's `FEN::validate_fen` for the six games, its checks
/// in its order (none of the six has castling, en passant, drops or shogi-style
/// promotions, so those checks pass by themselves).
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
    let letters: Vec<u8> = PieceKind::ALL
        .iter()
        .flat_map(|&k| {
            let c = variant.letter(k) as u8;
            [c, c.to_ascii_lowercase()]
        })
        .collect();
    if !placement
        .bytes()
        .all(|c| c.is_ascii_digit() || letters.contains(&c) || b"/*~".contains(&c))
    {
        return FEN_INVALID_CHAR;
    }
    let Some(kings) = char_board(placement) else {
        return FEN_INVALID_BOARD_GEOMETRY;
    };
    let count = |c: u8| placement.bytes().filter(|&b| b == c).count();
    if count(b'K') != 1 || count(b'k') != 1 {
        return FEN_INVALID_NUMBER_OF_KINGS;
    }
    let square = |k: Option<(i32, i32)>| k.unwrap_or((-1, -1));
    let ((wr, wf), (br, bf)) = (square(kings[0]), square(kings[1]));
    if (wr - br).pow(2) + (wf - bf).pow(2) <= 2 {
        return FEN_TOUCHING_KINGS;
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

/// pyffish's `is_immediate_game_end`: Kar Ouk's winning check (the side to move has
/// lost), else no end (pyffish leaves the value unset then; Khun gives 0).
pub fn immediate_end(pos: &Position) -> (bool, i32) {
    if pos.check_count_won() {
        (true, -VALUE_MATE)
    } else {
        (false, VALUE_DRAW)
    }
}

/// pyffish's `game_result`, meant for a position without legal moves: Kar Ouk's
/// winning check, else mated (-32000) when in check, else stalemate (0). Like
/// pyffish it does not look for legal moves: a position in check that has some gives
/// -32000 too. Under players' counting the counting side's mate is a draw (0).
pub fn game_result(pos: &Position) -> i32 {
    let (ended, value) = immediate_end(pos);
    if ended {
        value
    } else if pos.in_check() {
        if matches!(pos.outcome(), Some(Outcome::CountingSideMate { .. })) {
            VALUE_DRAW
        } else {
            -VALUE_MATE
        }
    } else {
        VALUE_DRAW
    }
}

/// pyffish's `is_optional_game_end` for the last position of `line` (the position
/// the FEN gave, then one after each move): ASEAN's fifty-move rule or the count run
/// out (unless the side to move is mated), or the third occurrence of the position
/// (placement, side to move and rights; the count aside) since the FEN. The value is
/// always a draw (0).
pub fn optional_end(line: &[Position]) -> (bool, i32) {
    let Some((pos, earlier)) = line.split_last() else {
        return (false, VALUE_DRAW);
    };
    let not_mated = || !pos.in_check() || pos.has_legal_move();
    if pos.fifty_moves_exceeded() && not_mated() {
        return (true, VALUE_DRAW);
    }
    let key = pos.placement_key();
    if earlier.iter().filter(|p| p.placement_key() == key).count() >= 2 {
        return (true, VALUE_DRAW);
    }
    if pos.count().is_exceeded() && not_mated() {
        return (true, VALUE_DRAW);
    }
    (false, VALUE_DRAW)
}

/// Whether `color` can never mate (pyffish's `has_insufficient_material`).
pub fn insufficient_material(pos: &Position) -> (bool, bool) {
    (
        pos.has_insufficient_material(Color::White),
        pos.has_insufficient_material(Color::Black),
    )
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Codes pyffish 0.0.90 gives (its `validate_fen`), and Khun's own for a FEN it
    /// passes that no game reaches. The Python tests compare thousands more.
    #[test]
    fn fen_codes_are_pyffish_s() {
        let start = Variant::Makruk.start_fen();
        let cases = [
            (start, Variant::Makruk, FEN_OK),
            ("", Variant::Makruk, FEN_EMPTY),
            ("x", Variant::Makruk, FEN_INVALID_CHAR),
            (
                "rnbqkbnr/8/8/8/8/8/8/RNBQKBNR w - - 0 1",
                Variant::Makruk,
                FEN_INVALID_CHAR,
            ),
            (
                "rnbqkbnr/8/8/8/8/8/8/RNBQKBNR w - - 0 1",
                Variant::Asean,
                FEN_OK,
            ),
            (
                "8/8/8/8/8/8/8/4K3 w - - 0 1",
                Variant::Makruk,
                FEN_INVALID_NUMBER_OF_KINGS,
            ),
            (
                "4kK2/8/8/8/8/8/8/8 w - - 0 1",
                Variant::Makruk,
                FEN_TOUCHING_KINGS,
            ),
            (
                "4k3/8/8/8/8/8/8/4K3 x - - 0 1",
                Variant::Makruk,
                FEN_INVALID_SIDE_TO_MOVE,
            ),
            (
                "4k3/8/8/8/8/8/8/4K3 w - x 0 1",
                Variant::Makruk,
                FEN_INVALID_COUNTING_RULE,
            ),
            (
                "4k3/8/8/8/8/8/8/4K3 w - - x 1",
                Variant::Makruk,
                FEN_INVALID_HALF_MOVE_COUNTER,
            ),
            (
                "4k3/8/8/8/8/8/8/4K3 w - - 0 x",
                Variant::Makruk,
                FEN_INVALID_MOVE_COUNTER,
            ),
            (
                "4k3/8/8/8/8/8/8/4K3 w - - 0 1 1",
                Variant::Makruk,
                FEN_INVALID_NB_PARTS,
            ),
            ("4k3/8/8/8/8/8/8/4K3 w - - 1+1 0 1", Variant::Karouk, FEN_OK),
            (
                "4k3/8/8/8/8/8/8/4K3 w - - 1x 0 1",
                Variant::Karouk,
                FEN_INVALID_CHECK_COUNT,
            ),
            (
                "4k3/8/8/8/8/8/4K3 w - - 0 1",
                Variant::Makruk,
                FEN_INVALID_BOARD_GEOMETRY,
            ),
            (
                "4k3/3P4/8/8/8/8/8/4K3 w - - 0 1",
                Variant::Makruk,
                FEN_IMPOSSIBLE_POSITION,
            ),
        ];
        for (fen, variant, code) in cases {
            assert_eq!(validate_fen(fen, variant), code, "{fen} in {variant}");
        }
    }

    #[test]
    fn game_ends_have_pyffish_s_values() {
        let mate = Position::from_fen("R6k/8/6K1/8/8/8/8/8 b - 32 11 40").unwrap();
        assert_eq!(game_result(&mate), -VALUE_MATE);
        assert_eq!(immediate_end(&mate), (false, VALUE_DRAW));
        let run_out = Position::from_fen("7k/8/6K1/8/8/8/8/R7 w - 32 33 40").unwrap();
        assert_eq!(optional_end(&[run_out]), (true, VALUE_DRAW));
    }
}
