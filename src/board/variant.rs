//! The makruk family: which game a position is played under, and what each game's
//! rules change. One rules core reads these answers; nothing is copied per game.
//!
//! Every rule here is Fairy-Stockfish's (pyffish is the referee, and the test data in
//! `engine-tests/data/family-*` comes from it):
//!
//! | game | differs from makruk |
//! |---|---|
//! | `makruk` | (Thai chess) |
//! | `cambodian` | Ouk Chatrang: the king's first move may be a knight leap two files sideways and one rank forward (not when in check, not a capture; lost when the king moves, or when an enemy rook moves onto its rank or file); the met's first move may be two squares straight forward (a leap, not a capture). The rights are written in the FEN's castling field (`DEde`: the files of the pieces that still have them). Its own counting rule. |
//! | `karouk` | Kar Ouk: Cambodian rules, and the first check wins (the FEN carries the checks left, `1+1`). |
//! | `makpong` | a king in check may not move (except to capture the checker): the check is answered by a capture or a block. |
//! | `asean` | western letters (`rnbqkbnr`: bishop = khon, queen = met), pawns promote on the last rank to rook, knight, khon or met, its own counting rule (piece's honour only) and the fifty-move rule. |
//! | `ai-wok` | the met is replaced by the ai-wok (`A`), which moves as a rook, a knight or a met; pawns promote to it. |
//!
//! The ai-wok is kept in the met's slot of the board ([`PieceKind::Met`]): the two never
//! meet in one game, so the board, the tables and the move encoding keep six kinds and
//! makruk pays nothing for the seventh piece.
//!
//! One rules core: the game is a value in the position, and the move generator, `play`
//! and the counting rules are each compiled once per game from one source (a const
//! generic chosen by one `match` per call), so makruk pays nothing for the others: it is
//! dispatched by a plain test and the relatives out of line, and their state (game,
//! first-move rights in two bytes, checks) fits in what was padding.
//!
//! Details taken from pyffish rather than from the books: a FEN's first-move right is
//! kept only where a piece of its side stands on that square; Kar Ouk and makpong count
//! any man as mating material (only a bare king cannot win), ASEAN a pawn (it becomes a
//! rook), while the ai-wok, to Fairy-Stockfish, needs one more man on the board like a
//! knight, so K+A v K is a dead draw to pyffish and to Khun with it. A FEN in another
//! game's letters is refused with the reason (`unexpected character 's'`), as is a check
//! field or first-move rights in a game without them.
//!
//! What the engine does per game: the endgame tables serve makruk, Cambodian chess (once
//! no first-move right is left) and ASEAN chess, whose pieces move alike; each reads them
//! with its own count and has its own K+X v K+Y tables, since the count a capture starts
//! differs (ASEAN's, having no board's honour, are bounded by its fifty-move rule). Kar
//! Ouk, makpong and ai-wok win by check, freeze a checked king or have another piece, so
//! no table is probed there. The network evaluates Cambodian chess, Kar Ouk and makpong,
//! whose men and pawns are makruk's (Fairy-Stockfish shares its makruk network with
//! Cambodian chess the same way); ASEAN and ai-wok are evaluated by hand (measured:
//! `engine-tests/README.md`, "The makruk family").

use super::bitboard::Bitboard;
use super::types::{Color, PieceKind};
use std::fmt;

/// A game of the makruk family. The default is makruk.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Default, PartialOrd, Ord)]
#[repr(u8)]
pub enum Variant {
    /// Thai chess.
    #[default]
    Makruk = 0,
    /// Ouk Chatrang, Cambodian chess.
    Cambodian = 1,
    /// Kar Ouk: Cambodian chess where the first check wins.
    Karouk = 2,
    /// Makpong: a king in check may not move.
    Makpong = 3,
    /// ASEAN chess.
    Asean = 4,
    /// Ai-wok: the met replaced by the ai-wok (rook + knight + met).
    AiWok = 5,
}

/// Which counting rule a game follows (Fairy-Stockfish's three).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum CountingRule {
    /// Makruk's: board's honour (64 moves) once no pawn is left, piece's honour
    /// (8..64 moves) against a bare king.
    Makruk,
    /// Cambodian: board's honour (63 moves) once the counting side is down to its
    /// king and two men, pawns or not; piece's honour (7..63 moves) without pawns.
    Cambodian,
    /// ASEAN: piece's honour only (16, 44 or 64 moves, from a counter of 0), and only
    /// with a rook, a khon or a knight on the stronger side.
    Asean,
}

impl Variant {
    /// Every variant, makruk first.
    pub const ALL: [Variant; 6] = [
        Variant::Makruk,
        Variant::Cambodian,
        Variant::Karouk,
        Variant::Makpong,
        Variant::Asean,
        Variant::AiWok,
    ];

    /// The variant with this discriminant (`Variant as u8`); makruk for anything else.
    #[inline(always)]
    pub(crate) const fn from_u8(v: u8) -> Variant {
        match v {
            1 => Variant::Cambodian,
            2 => Variant::Karouk,
            3 => Variant::Makpong,
            4 => Variant::Asean,
            5 => Variant::AiWok,
            _ => Variant::Makruk,
        }
    }

    /// The name UCI, XBoard, cutechess, pyffish and PGN use.
    pub const fn name(self) -> &'static str {
        match self {
            Variant::Makruk => "makruk",
            Variant::Cambodian => "cambodian",
            Variant::Karouk => "karouk",
            Variant::Makpong => "makpong",
            Variant::Asean => "asean",
            Variant::AiWok => "ai-wok",
        }
    }

    /// Reads a variant name in any letter case, with the spellings GUIs and PGN files
    /// use (`ai-wok`, `aiwok`, `Ai Wok`, `Ouk Chatrang`, `Kar Ouk`, `Thai chess`).
    pub fn from_name(text: &str) -> Option<Variant> {
        let key: String = text
            .trim()
            .to_ascii_lowercase()
            .chars()
            .filter(|c| c.is_ascii_alphanumeric())
            .collect();
        Some(match key.as_str() {
            "makruk" | "thaichess" | "thai" | "makrukthai" => Variant::Makruk,
            "cambodian" | "cambodianchess" | "oukchatrang" | "oukchaktrang" | "ouk" => {
                Variant::Cambodian
            }
            "karouk" | "kaouk" => Variant::Karouk,
            "makpong" => Variant::Makpong,
            "asean" | "aseanchess" => Variant::Asean,
            "aiwok" => Variant::AiWok,
            _ => return None,
        })
    }

    /// The names of all six, comma-separated (XBoard's `variants` feature).
    pub(crate) fn names_joined(sep: &str) -> String {
        Variant::ALL.map(Variant::name).join(sep)
    }

    /// The start position, as pyffish's `start_fen` gives it.
    pub const fn start_fen(self) -> &'static str {
        match self {
            Variant::Makruk | Variant::Makpong => {
                "rnsmksnr/8/pppppppp/8/8/PPPPPPPP/8/RNSKMSNR w - - 0 1"
            }
            Variant::Cambodian | Variant::Karouk => {
                "rnsmksnr/8/pppppppp/8/8/PPPPPPPP/8/RNSKMSNR w DEde - 0 1"
            }
            Variant::Asean => "rnbqkbnr/8/pppppppp/8/8/PPPPPPPP/8/RNBQKBNR w - - 0 1",
            Variant::AiWok => "rnsaksnr/8/pppppppp/8/8/PPPPPPPP/8/RNSKASNR w - - 0 1",
        }
    }

    /// The counting rule the game follows.
    #[inline(always)]
    pub(crate) const fn counting(self) -> CountingRule {
        match self {
            Variant::Cambodian | Variant::Karouk => CountingRule::Cambodian,
            Variant::Asean => CountingRule::Asean,
            _ => CountingRule::Makruk,
        }
    }

    /// Players may count by hand (`players_count.rs`): the games pychess.org counts
    /// so, makruk, makpong and Cambodian chess.
    #[inline(always)]
    pub(crate) const fn players_count(self) -> bool {
        matches!(
            self,
            Variant::Makruk | Variant::Makpong | Variant::Cambodian
        )
    }

    /// The king's leap and the met's double step on their first move (Cambodian rules).
    #[inline(always)]
    pub(crate) const fn cambodian_moves(self) -> bool {
        matches!(self, Variant::Cambodian | Variant::Karouk)
    }

    /// Giving check wins (Kar Ouk: the FEN's check field says how many checks each
    /// side still needs; one each from the start).
    #[inline(always)]
    pub(crate) const fn check_counting(self) -> bool {
        matches!(self, Variant::Karouk)
    }

    /// A king in check may not move, except to capture the checker (makpong).
    #[inline(always)]
    pub(crate) const fn king_frozen_in_check(self) -> bool {
        matches!(self, Variant::Makpong)
    }

    /// The met's slot holds the ai-wok (rook + knight + met moves).
    #[inline(always)]
    pub(crate) const fn has_aiwok(self) -> bool {
        matches!(self, Variant::AiWok)
    }

    /// The fifty-move rule applies (ASEAN; Fairy-Stockfish's chess default).
    #[inline(always)]
    pub(crate) const fn fifty_move_rule(self) -> bool {
        matches!(self, Variant::Asean)
    }

    /// Pawns promote on the last rank to a choice of pieces (ASEAN), not on the sixth
    /// rank to the met's slot.
    #[inline(always)]
    pub(crate) const fn promotes_on_last_rank(self) -> bool {
        matches!(self, Variant::Asean)
    }

    /// The squares where `color`'s pawns promote. Makruk's zone includes the ranks
    /// behind the sixth, where only leniently read positions have pawns.
    #[inline(always)]
    pub(crate) const fn promotion_zone(self, color: Color) -> Bitboard {
        match (self.promotes_on_last_rank(), color) {
            (false, Color::White) => Bitboard(0xFFFF_FF00_0000_0000),
            (false, Color::Black) => Bitboard(0x0000_0000_00FF_FFFF),
            (true, Color::White) => Bitboard(0xFF00_0000_0000_0000),
            (true, Color::Black) => Bitboard(0x0000_0000_0000_00FF),
        }
    }

    /// The relative rank (0 = first) from which a pawn standing there has promoted
    /// already, i.e. the first rank of the promotion zone.
    pub(crate) const fn promotion_rank(self) -> u8 {
        if self.promotes_on_last_rank() { 7 } else { 5 }
    }

    /// The upper-case letter of a piece kind in this game's FEN and SAN.
    pub const fn letter(self, kind: PieceKind) -> char {
        match (self, kind) {
            (Variant::Asean, PieceKind::Khon) => 'B',
            (Variant::Asean, PieceKind::Met) => 'Q',
            (Variant::AiWok, PieceKind::Met) => 'A',
            _ => kind.letter(),
        }
    }

    /// The piece kind of a FEN letter in this game (either case); only the game's own
    /// letters are accepted.
    pub(crate) fn kind_from_fen_letter(self, c: char) -> Option<PieceKind> {
        let upper = c.to_ascii_uppercase();
        PieceKind::ALL
            .into_iter()
            .find(|&k| self.letter(k) == upper)
    }

    /// The piece kind of a SAN letter: the game's own letters, and in the met games
    /// also the western ones older sources use (`B` khon, `Q`/`F` met) or the Thai ones
    /// in ASEAN (`S` khon, `M` met).
    pub(crate) fn kind_from_san_letter(self, c: u8) -> Option<PieceKind> {
        if let Some(kind) = self.kind_from_fen_letter(c as char)
            && (c as char).is_ascii_uppercase()
        {
            return Some(kind);
        }
        match (self, c) {
            (Variant::AiWok, _) => None,
            (_, b'S' | b'B') => Some(PieceKind::Khon),
            (_, b'M' | b'Q' | b'F') => Some(PieceKind::Met),
            _ => None,
        }
    }

    /// Whether the network (trained on makruk) evaluates this game's positions.
    // why: the network sees six kinds of men on 64 squares and learnt them from
    // makruk games. Cambodian chess, Kar Ouk and makpong have makruk's men and
    // pawns, so its judgement carries over (Fairy-Stockfish shares its makruk
    // network with Cambodian chess the same way). ASEAN's pawns walk on to the last
    // rank and become rooks, which no makruk game shows it: at 5000 nodes a move the
    // network lost 4 of 4 ASEAN games to the hand-written evaluation (Cambodian 1.5
    // of 4, makpong 2.5 of 4). In ai-wok the met's slot holds a piece worth about
    // five mets, which it would misjudge outright. Those two are evaluated by hand.
    pub(crate) const fn uses_network(self) -> bool {
        !self.has_aiwok() && !self.promotes_on_last_rank()
    }

    /// A discriminant for per-variant tables.
    #[inline(always)]
    pub(crate) const fn index(self) -> usize {
        self as usize
    }
}

impl fmt::Display for Variant {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn names_round_trip() {
        for v in Variant::ALL {
            assert_eq!(Variant::from_name(v.name()), Some(v));
            assert_eq!(Variant::from_u8(v as u8), v);
        }
        assert_eq!(Variant::from_name("Ai Wok"), Some(Variant::AiWok));
        assert_eq!(
            Variant::from_name(" Ouk Chatrang "),
            Some(Variant::Cambodian)
        );
        assert_eq!(Variant::from_name("chess"), None);
        assert_eq!(
            Variant::names_joined(","),
            "makruk,cambodian,karouk,makpong,asean,ai-wok"
        );
    }

    #[test]
    fn letters() {
        assert_eq!(Variant::Asean.letter(PieceKind::Met), 'Q');
        assert_eq!(
            Variant::Asean.kind_from_fen_letter('b'),
            Some(PieceKind::Khon)
        );
        assert_eq!(Variant::Asean.kind_from_fen_letter('s'), None);
        assert_eq!(
            Variant::AiWok.kind_from_fen_letter('A'),
            Some(PieceKind::Met)
        );
        assert_eq!(Variant::AiWok.kind_from_fen_letter('m'), None);
        assert_eq!(
            Variant::Makruk.kind_from_san_letter(b'Q'),
            Some(PieceKind::Met)
        );
        assert_eq!(Variant::AiWok.kind_from_san_letter(b'Q'), None);
    }
}
