//! Thai move notation as Fairy-Stockfish writes it (its `NOTATION_THAI_SAN` and
//! `_THAI_LAN`, after the Thai federation's law of Thai chess): the files are the first
//! consonants ก to ญ, the ranks Thai digits ๑ to ๘, and each piece its Thai initial:
//! ขุน ข (king), เม็ด ม็ (met; a promoted pawn ง), โคน ค (khon), ม้า ม (horse), เรือ ร
//! (rook), เบี้ย บ (pawn), and ai-wok's ai-wok ว.

use super::types::{PieceKind, Square};
use super::variant::Variant;

const FILES: [&str; 8] = ["ก", "ข", "ค", "ง", "จ", "ฉ", "ช", "ญ"];
const RANKS: [&str; 8] = ["๑", "๒", "๓", "๔", "๕", "๖", "๗", "๘"];

/// The file of `sq` in Thai letters.
pub(crate) fn file(sq: Square) -> &'static str {
    FILES[sq.file() as usize]
}

/// The rank of `sq` in Thai digits.
pub(crate) fn rank(sq: Square) -> &'static str {
    RANKS[sq.rank() as usize]
}

/// `sq` in Thai: file then rank (`จ๓` for e3).
pub(crate) fn square(sq: Square) -> String {
    format!("{}{}", file(sq), rank(sq))
}

/// The Thai initial of a piece of `kind` in `variant`; `promoted`: the met was a pawn.
pub(crate) fn piece(variant: Variant, kind: PieceKind, promoted: bool) -> &'static str {
    match kind {
        PieceKind::King => "ข",
        PieceKind::Khon => "ค",
        PieceKind::Met if variant.has_aiwok() => "ว",
        PieceKind::Met if promoted => "ง",
        PieceKind::Met => "ม็",
        PieceKind::Knight => "ม",
        PieceKind::Rook => "ร",
        PieceKind::Pawn => "บ",
    }
}
