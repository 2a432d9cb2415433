//! The training record: 32 bytes a position, in the layout chess trainers call
//! marlinformat, so a makruk data file can also be read by trainers built for it.
//!
//! | bytes | field |
//! |-------|-------|
//! | 0-7   | occupancy, little-endian, bit 0 = a1 ... bit 63 = h8 |
//! | 8-23  | one 4-bit code per occupied square in occupancy order, low nibble first: kind (pawn 0, knight 1, khon 2, rook 3, met 4, king 5; a promoted pawn is a met) plus 8 for Black |
//! | 24    | bit 7: Black to move; bits 0-6: 64 (no en-passant square in makruk) |
//! | 25    | plies since the last capture or pawn move, at most 255 |
//! | 26-27 | the move number, little-endian |
//! | 28-29 | the search score in centipawns, White's view, little-endian i16 |
//! | 30    | the game's result under the counting rules: 2 White won, 1 draw, 0 Black won |
//! | 31    | the count: 0 when none runs, else 1 + the plies left before it ends the game (at most 254) |
//!
//! (The chess slots: khon in the bishop's, met in the queen's; byte 31 is unused
//! there, and files written before the count was kept hold 0 in it.) The side to move's
//! view of score and result is [`Record::stm_score`] and [`Record::stm_result`].
//! Files are plain concatenations of records, so runs append and merge with `cat`;
//! a file whose length is not a multiple of 32 ends in a record cut short by a
//! killed run, which readers skip.

use crate::board::{Color, Piece, PieceKind, Position, Square};
use std::io::{self, Read};
use std::path::Path;

/// Bytes per record.
pub const RECORD_BYTES: usize = 32;

/// A game's result from White's view.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum GameResult {
    BlackWins = 0,
    Draw = 1,
    WhiteWins = 2,
}

impl GameResult {
    fn from_byte(b: u8) -> Option<GameResult> {
        match b {
            0 => Some(GameResult::BlackWins),
            1 => Some(GameResult::Draw),
            2 => Some(GameResult::WhiteWins),
            _ => None,
        }
    }
}

/// The marlinformat slot of each makruk kind (indexed by `PieceKind::index`).
const KIND_CODE: [u8; 6] = [
    0, // pawn
    4, // met: the queen's slot
    2, // khon: the bishop's slot
    1, // knight
    3, // rook
    5, // king
];

fn kind_from_code(code: u8) -> Option<PieceKind> {
    KIND_CODE
        .iter()
        .position(|&c| c == code)
        .map(PieceKind::from_index)
}

/// One decoded training position.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Record {
    pub pieces: Vec<(Piece, Square)>,
    pub side_to_move: Color,
    /// Centipawns, White's view.
    pub score: i16,
    pub result: GameResult,
    pub(crate) halfmove_clock: u8,
    pub(crate) fullmove: u16,
    /// Plies left before a running count ends the game; `None` when no count runs
    /// (or the file predates the count byte).
    pub count_plies_left: Option<u8>,
}

impl Record {
    /// The search score from the side to move's view.
    pub fn stm_score(&self) -> i32 {
        match self.side_to_move {
            Color::White => self.score as i32,
            Color::Black => -(self.score as i32),
        }
    }

    /// The result from the side to move's view: 1 win, 0.5 draw, 0 loss.
    pub fn stm_result(&self) -> f32 {
        let white = self.result as u8 as f32 / 2.0;
        match self.side_to_move {
            Color::White => white,
            Color::Black => 1.0 - white,
        }
    }

    /// The position (makruk), without its counting state: the record does not keep
    /// it, so no count is running.
    pub fn position(&self) -> Option<Position> {
        let mut board = [None; 64];
        for &(piece, sq) in &self.pieces {
            board[sq.index()] = Some(piece.fen_char());
        }
        let placement = crate::board::fen::placement_fen(|sq| board[sq.index()]);
        let fen = format!(
            "{placement} {} - - 0 {}",
            self.side_to_move.fen_char(),
            self.fullmove.max(1)
        );
        Position::from_fen(&fen).ok()
    }
}

/// Packs `pos` with its score (side to move's view) and the game's result.
pub fn encode(pos: &Position, stm_score: i32, result: GameResult) -> [u8; RECORD_BYTES] {
    let mut out = [0u8; RECORD_BYTES];
    let occupied = pos.occupied();
    out[0..8].copy_from_slice(&occupied.0.to_le_bytes());
    for (i, sq) in occupied.enumerate() {
        let piece = pos.piece_at(sq).expect("occupied square");
        let code = KIND_CODE[piece.kind.index()] | ((piece.color == Color::Black) as u8) << 3;
        out[8 + i / 2] |= code << (4 * (i % 2));
    }
    let black = pos.side_to_move() == Color::Black;
    out[24] = (black as u8) << 7 | 64;
    out[25] = pos.halfmove_clock().min(255) as u8;
    out[26..28].copy_from_slice(&(pos.fullmove_number().min(u16::MAX as u32) as u16).to_le_bytes());
    let white_score = if black { -stm_score } else { stm_score };
    let white_score = white_score.clamp(i16::MIN as i32 + 1, i16::MAX as i32) as i16;
    out[28..30].copy_from_slice(&white_score.to_le_bytes());
    out[30] = result as u8;
    out[31] = pos
        .count()
        .plies_left()
        .map_or(0, |left| left.min(253) as u8 + 1);
    out
}

/// Unpacks one record; `None` for bytes no encoder writes.
pub fn decode(bytes: &[u8; RECORD_BYTES]) -> Option<Record> {
    let occupied = u64::from_le_bytes(bytes[0..8].try_into().ok()?);
    if occupied.count_ones() > 32 {
        return None;
    }
    let mut pieces = Vec::with_capacity(occupied.count_ones() as usize);
    let mut bits = occupied;
    let mut i = 0;
    while bits != 0 {
        let sq = Square::new(bits.trailing_zeros() as u8);
        bits &= bits - 1;
        let code = (bytes[8 + i / 2] >> (4 * (i % 2))) & 0xF;
        let kind = kind_from_code(code & 7)?;
        let color = if code & 8 != 0 {
            Color::Black
        } else {
            Color::White
        };
        pieces.push((Piece::new(color, kind), sq));
        i += 1;
    }
    Some(Record {
        pieces,
        side_to_move: if bytes[24] & 0x80 != 0 {
            Color::Black
        } else {
            Color::White
        },
        halfmove_clock: bytes[25],
        fullmove: u16::from_le_bytes([bytes[26], bytes[27]]),
        score: i16::from_le_bytes([bytes[28], bytes[29]]),
        result: GameResult::from_byte(bytes[30])?,
        count_plies_left: bytes[31].checked_sub(1),
    })
}

/// Reads every complete record of a file (a trailing partial record is skipped).
pub fn read_file(path: &Path) -> io::Result<Vec<[u8; RECORD_BYTES]>> {
    let mut bytes = Vec::new();
    std::fs::File::open(path)?.read_to_end(&mut bytes)?;
    Ok(bytes
        .chunks_exact(RECORD_BYTES)
        .map(|c| c.try_into().expect("chunk of record size"))
        .collect())
}

/// Opens `path` for appending, first cutting off a partial record a killed run may
/// have left, so new records stay aligned. Returns the file and its record count.
pub(crate) fn open_for_append(path: &Path) -> io::Result<(std::fs::File, u64)> {
    let file = std::fs::OpenOptions::new()
        .create(true)
        .append(true)
        .read(true)
        .open(path)?;
    let len = file.metadata()?.len();
    let whole = len - len % RECORD_BYTES as u64;
    if whole != len {
        file.set_len(whole)?;
    }
    Ok((file, whole / RECORD_BYTES as u64))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn records_round_trip() {
        let pos = Position::from_fen(
            "r1sm3r/3n1k2/1pnsppp1/p1pp3p/P2PP2P/1PP1SPP1/2KNNM2/R1S4R b - - 1 11",
        )
        .unwrap();
        let bytes = encode(&pos, 37, GameResult::BlackWins);
        let r = decode(&bytes).unwrap();
        assert_eq!(r.side_to_move, Color::Black);
        assert_eq!(r.stm_score(), 37);
        assert_eq!(r.score, -37);
        assert_eq!(r.stm_result(), 1.0);
        assert_eq!(r.fullmove, 11);
        assert_eq!(r.pieces.len(), pos.occupied().count() as usize);
        assert_eq!(r.count_plies_left, None);
        let back = r.position().expect("the record's position is legal");
        assert_eq!(back.placement_key(), pos.placement_key());
        assert_eq!(back.side_to_move(), Color::Black);
        assert_eq!(back.fullmove_number(), 11);
        for (piece, sq) in r.pieces {
            assert_eq!(pos.piece_at(sq), Some(piece));
        }
    }

    /// A running count is kept as the plies it has left: here the board's honour
    /// with limit 128 plies, its counter at 100, leaves 28.
    #[test]
    fn the_running_count_is_kept() {
        let pos = Position::from_fen("8/3k4/8/2r5/8/3K4/5R2/8 w - 128 100 80").unwrap();
        assert_eq!(pos.count().plies_left(), Some(28));
        let r = decode(&encode(&pos, 0, GameResult::Draw)).unwrap();
        assert_eq!(r.count_plies_left, Some(28));
        let mut old = encode(&pos, 0, GameResult::Draw);
        old[31] = 0;
        assert_eq!(decode(&old).unwrap().count_plies_left, None);
    }
}
