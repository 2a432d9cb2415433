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
//!   `game_result`, `is_immediate_game_end` and `is_optional_game_end`;
//! - [`is_capture`], [`piece_to_partner`], [`fog_fen`]: pyffish's functions of those
//!   names (the last move's capture as bughouse hands it on, the position as the side
//!   to move sees it in fog of war);
//! - [`variants_file`]: what Fairy-Stockfish's variants file (`variants.ini`, pyffish's
//!   `load_variant_config`) asks of Khun: the sections it takes, and those it refuses,
//!   said as the WebAssembly engine's `load` says them.

use crate::board::fen::placement_fen;
use crate::board::{
    Bitboard, Color, FenRules, Move, Outcome, Piece, PieceKind, Position, Square, Variant,
};

pub const VALUE_MATE: i32 = 32_000;
pub const VALUE_DRAW: i32 = 0;

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
/// the FEN gave, then one after each move): the fifty-move rule (ASEAN, sittuyin) or
/// the count run out (unless the side to move is mated), the third occurrence of the position
/// (placement, pieces in hand, side to move and rights; the count aside) since the
/// FEN, or in sittuyin a king and a pawn with nothing but promotions left (or no move
/// at all) and not in check (law 3.9 c.7, as Fairy-Stockfish has it). The value is
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
    if pos.only_promotions_left() {
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

/// The square whose man the legal move `m` of `pos` takes, if it takes one: its
/// to-square when that holds a man and is not its from-square (a drop and sittuyin's
/// promotion in place go from a square to itself; none of Khun's games has en
/// passant, and the Cambodian first moves go to empty squares).
fn taken_square(pos: &Position, m: Move) -> Option<Square> {
    (m.from() != m.to() && pos.piece_at(m.to()).is_some()).then(|| m.to())
}

/// pyffish's `is_capture` for the legal move `m` of `pos`: whether it takes a piece
/// (Fairy-Stockfish's `capture`: a move to an occupied square other than its own).
pub fn is_capture(pos: &Position, m: Move) -> bool {
    taken_square(pos, m).is_some()
}

/// pyffish's `piece_to_partner` after the move `m` of `before`: the FEN letter (the
/// taken piece's colour: upper case White's) of what a bughouse player would hand
/// the partner, the piece `m` took, a promoted one as the pawn it was; empty when `m`
/// takes nothing.
pub fn piece_to_partner(before: &Position, m: Move) -> String {
    let Some((square, taken)) =
        taken_square(before, m).and_then(|sq| Some((sq, before.piece_at(sq)?)))
    else {
        return String::new();
    };
    let kind = if before.promoted().contains(square) {
        PieceKind::Pawn
    } else {
        taken.kind
    };
    before.piece_char(Piece::new(taken.color, kind)).to_string()
}

/// pyffish's `get_fog_fen`: the FEN (pieces in hand and count fields included) with
/// every square the side to move can neither see nor reach written `*`; it sees its
/// own men and the squares its legal moves go to (an enemy piece there included, and
/// the squares it may drop on).
pub fn fog_fen(pos: &Position) -> String {
    let mut visible = pos.pieces_of(pos.side_to_move());
    for m in pos.legal_moves().iter() {
        visible |= Bitboard::from_square(m.to());
    }
    let placement = placement_fen(|sq| {
        if visible.contains(sq) {
            pos.piece_at(sq).map(|p| pos.piece_char(p))
        } else {
            Some('*')
        }
    });
    let fen = pos.to_fen();
    let (board, rest) = fen.split_once(' ').unwrap_or((&fen, ""));
    let hand = board.find('[').map_or("", |i| &board[i..]);
    format!("{placement}{hand} {rest}")
}

/// A section of a variants file that names a game Khun does not play.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Unplayed {
    pub name: String,
    /// The variant it derives from (`[name:parent]`), if it names one.
    pub parent: Option<String>,
}

/// What a variants file asks of Khun: the games Khun plays that it has sections for
/// (taken, with Khun's rules for them: Fairy-Stockfish, too, keeps a built-in variant
/// a file names again), and the sections Khun refuses, each once, in file order.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct VariantsFile {
    pub taken: Vec<Variant>,
    pub refused: Vec<Unplayed>,
}

/// Reads the sections of a Fairy-Stockfish variants file (`variants.ini`): a line
/// `[name]` or `[name:parent]` opens one; its `key = value` lines, comments (`#`,
/// `;`) and anything before the first section say nothing Khun uses.
pub fn variants_file(text: &str) -> VariantsFile {
    let mut file = VariantsFile::default();
    for line in text.lines() {
        let Some(header) = line.strip_prefix('[') else {
            continue;
        };
        let header = header.split(']').next().unwrap_or("");
        let (name, parent) = match header.split_once(':') {
            Some((name, parent)) => (name.trim(), Some(parent.trim())),
            None => (header.trim(), None),
        };
        if name.is_empty() {
            continue;
        }
        match Variant::ALL.iter().find(|v| v.name() == name) {
            Some(&variant) => {
                if !file.taken.contains(&variant) {
                    file.taken.push(variant);
                }
            }
            None => {
                if !file.refused.iter().any(|u| u.name == name) {
                    file.refused.push(Unplayed {
                        name: name.to_string(),
                        parent: parent.filter(|p| !p.is_empty()).map(str::to_string),
                    });
                }
            }
        }
    }
    file
}

impl VariantsFile {
    /// The refusal in words, as the WebAssembly engine's `load` says it (`Khun does not
    /// play variants 'makrukhouse' (from makruk), 'makbug' (from makrukhouse); not
    /// loaded (it plays makruk, ...)`), or `None` when every section was taken.
    pub fn refusal(&self) -> Option<String> {
        if self.refused.is_empty() {
            return None;
        }
        let names: Vec<String> = self
            .refused
            .iter()
            .map(|u| match &u.parent {
                Some(parent) => format!("'{}' (from {parent})", u.name),
                None => format!("'{}'", u.name),
            })
            .collect();
        let which = if names.len() == 1 {
            format!("variant {}", names[0])
        } else {
            format!("variants {}", names.join(", "))
        };
        Some(format!(
            "Khun does not play {which}; not loaded (it plays {})",
            Variant::names_joined(", ")
        ))
    }
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

    /// Sittuyin's FENs with pieces in hand: codes pyffish 0.0.90 gives.
    #[test]
    fn sittuyin_fen_codes_are_pyffish_s() {
        let s = Variant::Sittuyin;
        let cases = [
            (s.start_fen(), FEN_OK),
            ("8/8/8/3P4/8/8/8/8[Kk] w - - 0 1", FEN_OK),
            ("8/8/8/3P4/8/8/8/8[KkRRRRR] w - - 0 1", FEN_OK),
            ("4k3/8/8/3P4/8/8/8/4K3[] w - - 0 1", FEN_OK),
            ("4k3/8/8/3P4/8/8/8/4K3 w - - 0 1", FEN_OK),
            ("4k3/8/8/3F~4/8/8/8/4K3 w - - 0 1", FEN_OK),
            // No king on the board or in hand, and two.
            (
                "8/8/4pppp/pppp4/4PPPP/PPPP4/8/8[-] w - - 0 1",
                FEN_INVALID_NUMBER_OF_KINGS,
            ),
            (
                "4k3/8/8/3P4/8/8/8/4K3[K] w - - 0 1",
                FEN_INVALID_NUMBER_OF_KINGS,
            ),
            // A hand not closed, a bracket in it, a letter not sittuyin's.
            ("4k3/8/8/3P4/8/8/8/8[K w - - 0 1", FEN_INVALID_POCKET_INFO),
            ("8/8/8/3P4/8/8/8/8[Kk]] w - - 0 1", FEN_INVALID_POCKET_INFO),
            ("4k3/8/8/3P4/8/8/8/8[Kx] w - - 0 1", FEN_INVALID_CHAR),
            ("4k3/8/8/3M4/8/8/8/4K3 w - - 0 1", FEN_INVALID_CHAR),
            // Two `[`: no hand is read, so both kings count as on the board.
            ("8/8/8/3P4/8/8/8/8[[Kk] w - - 0 1", FEN_TOUCHING_KINGS),
            ("3Kk3/8/8/3P4/8/8/8/8[] w - - 0 1", FEN_TOUCHING_KINGS),
            // The hand after an eighth `/`: pyffish's checks pass, Khun's reader
            // takes only `[...]`.
            (
                "8/8/4pppp/pppp4/4PPPP/PPPP4/8/8/KFRRSSNNkfrrssnn w - - 0 1",
                FEN_IMPOSSIBLE_POSITION,
            ),
        ];
        for (fen, code) in cases {
            assert_eq!(validate_fen(fen, s), code, "{fen}");
        }
        // The other games have no hand: a bracket is not one of their characters.
        assert_eq!(
            validate_fen("4k3/8/8/3P4/8/8/8/4K3[] w - - 0 1", Variant::Makruk),
            FEN_INVALID_CHAR
        );
    }

    /// pyffish 0.0.90's answers (`is_capture`, `piece_to_partner`, `get_fog_fen`); the
    /// Python tests compare thousands of random positions more.
    #[test]
    fn captures_the_partner_s_piece_and_the_fog_are_pyffish_s() {
        let start = Position::startpos();
        let mut pos = start.clone();
        for uci in ["e3e4", "d6d5"] {
            pos.play(pos.parse_uci_move(uci).unwrap());
        }
        let take = pos.parse_uci_move("e4d5").unwrap();
        let push = pos.parse_uci_move("e4e5").unwrap();
        assert!(is_capture(&pos, take) && !is_capture(&pos, push));
        assert_eq!(piece_to_partner(&pos, take), "p");
        assert_eq!(piece_to_partner(&pos, push), "");
        let promoted = Position::from_fen("4k3/8/8/3M~4/3r4/8/8/K7 b - - 0 1").unwrap();
        let m = promoted.parse_uci_move("d4d5").unwrap();
        assert_eq!(piece_to_partner(&promoted, m), "P");
        assert_eq!(
            fog_fen(&start),
            "********/********/********/********/8/PPPPPPPP/8/RNSKMSNR w - - 0 1"
        );
        assert_eq!(
            fog_fen(&promoted),
            "***1k1**/***3**/********/***M****/3r4/***1****/***1****/***1**** b - - 0 1"
        );
    }

    /// Sittuyin, as pyffish 0.0.90 answers: a drop and a promotion in place take
    /// nothing, and the fog keeps the pieces in hand.
    #[test]
    fn sittuyin_s_drops_and_promotions_in_place_take_nothing() {
        let start = Position::startpos_of(Variant::Sittuyin);
        let drop = start.parse_uci_move("K@e2").unwrap();
        assert!(!is_capture(&start, drop));
        assert_eq!(piece_to_partner(&start, drop), "");
        assert_eq!(
            fog_fen(&start),
            "********/********/********/********/****PPPP/PPPP4/8/8[KSSFRRNNkssfrrnn] w - - 0 1"
        );
        let pos =
            Position::from_fen_in(Variant::Sittuyin, "4k3/8/8/3P4/8/8/8/4K3 w - - 0 1").unwrap();
        let in_place = pos.parse_uci_move("d5d5f").unwrap();
        assert!(!is_capture(&pos, in_place));
        assert_eq!(piece_to_partner(&pos, in_place), "");
        let take =
            Position::from_fen_in(Variant::Sittuyin, "4k3/8/8/2rP4/8/8/8/4K3 b - - 0 1").unwrap();
        let m = take.parse_uci_move("c5d5").unwrap();
        assert!(is_capture(&take, m));
        assert_eq!(piece_to_partner(&take, m), "P");
    }

    #[test]
    fn a_variants_file_s_sections_are_taken_or_refused() {
        let file = variants_file(
            "# comment\n[makrukhouse:makruk]\npieceDrops = true\n[makruk]\n\r\n\
             [ makbug : makrukhouse ]\r\n[makrukhouse:makruk]\n[cambodian]\n[]\nx=[y]\n",
        );
        assert_eq!(file.taken, [Variant::Makruk, Variant::Cambodian]);
        let names: Vec<_> = file.refused.iter().map(|u| u.name.as_str()).collect();
        assert_eq!(names, ["makrukhouse", "makbug"]);
        assert_eq!(
            file.refusal().unwrap(),
            format!(
                "Khun does not play variants 'makrukhouse' (from makruk), 'makbug' (from \
                 makrukhouse); not loaded (it plays {})",
                Variant::names_joined(", ")
            )
        );
        let one = variants_file("[fogofwar]\n");
        assert!(
            one.refusal()
                .unwrap()
                .starts_with("Khun does not play variant 'fogofwar';")
        );
        assert_eq!(variants_file("[asean:chess]\n").refusal(), None);
    }

    #[test]
    fn game_ends_have_pyffish_s_values() {
        let mate = Position::from_fen("R6k/8/6K1/8/8/8/8/8 b - 32 11 40").unwrap();
        assert_eq!(game_result(&mate), -VALUE_MATE);
        assert_eq!(immediate_end(&mate), (false, VALUE_DRAW));
        let run_out = Position::from_fen("7k/8/6K1/8/8/8/8/R7 w - 32 33 40").unwrap();
        assert_eq!(optional_end(&[run_out]), (true, VALUE_DRAW));
        // Sittuyin: a king and a pawn that can only promote may claim the draw
        // (pyffish's is_optional_game_end; a row of sittuyin-legal.tsv).
        let only = Position::from_fen_in(Variant::Sittuyin, "6PK/1r6/2k5/4s2n/8/8/8/8[] w - - 0 1")
            .unwrap();
        assert_eq!(optional_end(&[only]), (true, VALUE_DRAW));
    }
}
