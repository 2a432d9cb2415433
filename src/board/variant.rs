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
//! | `sittuyin` | Burmese chess: the met is written `F`; the game starts with the pawns on the board (staggered on two ranks) and every other man in hand, and a side with men in hand must drop one on its own first three ranks (rooks on its first rank) while it can; promotion is a move of its own (see [`Variant::promotes_as_own_move`]); ASEAN's counting rule and the fifty-move rule; a side left with its king and one pawn that could only promote may claim a draw. |
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
//! `lab/README.md`, "The makruk family").

use super::bitboard::Bitboard;
use super::moves::Promotion;
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
    /// Sittuyin, Burmese chess: a set-up phase of drops, then makruk's men with their
    /// own promotion.
    Sittuyin = 6,
}

/// Which counting rule a game follows (Fairy-Stockfish's three).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum CountingRule {
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
    /// Every game the engine plays, makruk first: what the protocols offer.
    pub const ALL: [Variant; 7] = [
        Variant::Makruk,
        Variant::Cambodian,
        Variant::Karouk,
        Variant::Makpong,
        Variant::Asean,
        Variant::AiWok,
        Variant::Sittuyin,
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
            6 => Variant::Sittuyin,
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
            Variant::Sittuyin => "sittuyin",
        }
    }

    /// Reads the name of a game the engine plays ([`Variant::ALL`]) in any letter
    /// case, with the spellings GUIs and PGN files use (`ai-wok`, `aiwok`, `Ai Wok`,
    /// `Ouk Chatrang`, `Kar Ouk`, `Thai chess`, `Burmese chess`).
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
            "sittuyin" | "burmese" | "burmesechess" => Variant::Sittuyin,
            _ => return None,
        })
    }

    /// The names of the games the engine plays, comma-separated (XBoard's `variants`
    /// feature).
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
            Variant::Sittuyin => "8/8/4pppp/pppp4/4PPPP/PPPP4/8/8[KFRRSSNNkfrrssnn] w - - 0 1",
        }
    }

    /// The counting rule the game follows.
    #[inline(always)]
    pub(crate) const fn counting(self) -> CountingRule {
        match self {
            Variant::Cambodian | Variant::Karouk => CountingRule::Cambodian,
            Variant::Asean | Variant::Sittuyin => CountingRule::Asean,
            _ => CountingRule::Makruk,
        }
    }

    /// Players may count by hand (`players_count/`): the games pychess.org counts
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

    /// A king in check may not move, except to capture the checker when it is the
    /// only one (makpong).
    #[inline(always)]
    pub(crate) const fn king_frozen_in_check(self) -> bool {
        matches!(self, Variant::Makpong)
    }

    /// The met's slot holds the ai-wok (rook + knight + met moves).
    #[inline(always)]
    pub(crate) const fn has_aiwok(self) -> bool {
        matches!(self, Variant::AiWok)
    }

    /// The fifty-move rule applies (ASEAN, Fairy-Stockfish's chess default, and
    /// sittuyin): drops, captures, pawn moves and promotions restart it.
    #[inline(always)]
    pub(crate) const fn fifty_move_rule(self) -> bool {
        matches!(self, Variant::Asean | Variant::Sittuyin)
    }

    /// Men start in hand and are dropped (sittuyin's set-up phase): a side with men
    /// in hand must drop one while any drop is legal, and makes a board move only
    /// when none is. Drops may check; a king may not be dropped onto an attacked
    /// square, and in check only a drop that blocks it is legal.
    #[inline(always)]
    pub(crate) const fn has_drops(self) -> bool {
        matches!(self, Variant::Sittuyin)
    }

    /// The squares on which `color` may drop a man of `kind` (empty or not): its own
    /// first three ranks, a rook only its first rank (sittuyin).
    #[inline(always)]
    pub(crate) const fn drop_squares(self, color: Color, kind: PieceKind) -> Bitboard {
        if !self.has_drops() {
            return Bitboard::EMPTY;
        }
        let first_ranks: u32 = if matches!(kind, PieceKind::Rook) {
            1
        } else {
            3
        };
        let white = (1u64 << (8 * first_ranks)) - 1;
        match color {
            Color::White => Bitboard(white),
            Color::Black => Bitboard(white << (64 - 8 * first_ranks)),
        }
    }

    /// Promotion is a move of its own, not part of a pawn's step (sittuyin): a pawn
    /// standing on one of [`Variant::promotion_squares`] (or a side's last pawn,
    /// anywhere) becomes a met in place or with one met's step to an empty square,
    /// only while its side has no met on the board, never onto a square from which
    /// the new met would attack an enemy man, and never giving check.
    #[inline(always)]
    pub(crate) const fn promotes_as_own_move(self) -> bool {
        matches!(self, Variant::Sittuyin)
    }

    /// Where `color`'s pawns may promote in a game whose promotion is a move of its
    /// own: the long diagonals in the other side's half (White a8, b7, c6, d5, e5,
    /// f6, g7, h8; Black the same squares mirrored).
    #[inline(always)]
    pub(crate) const fn promotion_squares(self, color: Color) -> Bitboard {
        if !self.promotes_as_own_move() {
            return Bitboard::EMPTY;
        }
        // a8 b7 c6 d5 e5 f6 g7 h8 for White; a1 b2 c3 d4 e4 f3 g2 h1 for Black.
        match color {
            Color::White => Bitboard(0x8142_2418_0000_0000),
            Color::Black => Bitboard(0x0000_0000_1824_4281),
        }
    }

    /// Pawns promote on the last rank to a choice of pieces (ASEAN), not on the sixth
    /// rank to the met's slot.
    #[inline(always)]
    pub(crate) const fn promotes_on_last_rank(self) -> bool {
        matches!(self, Variant::Asean)
    }

    /// The squares where `color`'s pawns promote by stepping onto them. Makruk's zone
    /// includes the ranks behind the sixth, where only leniently read positions have
    /// pawns. Empty where promotion is a move of its own (sittuyin).
    #[inline(always)]
    pub(crate) const fn promotion_zone(self, color: Color) -> Bitboard {
        if self.promotes_as_own_move() {
            return Bitboard::EMPTY;
        }
        match (self.promotes_on_last_rank(), color) {
            (false, Color::White) => Bitboard(0xFFFF_FF00_0000_0000),
            (false, Color::Black) => Bitboard(0x0000_0000_00FF_FFFF),
            (true, Color::White) => Bitboard(0xFF00_0000_0000_0000),
            (true, Color::Black) => Bitboard(0x0000_0000_0000_00FF),
        }
    }

    /// What a pawn may become, in the order the move generator lists the choices.
    #[inline(always)]
    pub(crate) const fn promotions(self) -> &'static [Promotion] {
        match self {
            Variant::Asean => &Promotion::ASEAN,
            Variant::AiWok => &[Promotion::AiWok],
            Variant::Sittuyin => &[Promotion::Ferz],
            _ => &[Promotion::Met],
        }
    }

    /// Where `color`'s pawns promote: the squares a pawn's step promotes on (the first
    /// rank of [`Variant::promotion_zone`]), or, where promotion is a move of its own,
    /// the squares it may promote standing on ([`Variant::promotion_squares`]; a
    /// side's last pawn may promote anywhere besides).
    pub(crate) fn promotion_arrival(self, color: Color) -> Bitboard {
        if self.promotes_as_own_move() {
            return self.promotion_squares(color);
        }
        let rank = match color {
            Color::White => self.promotion_rank(),
            Color::Black => 7 - self.promotion_rank(),
        };
        self.promotion_zone(color) & Bitboard::rank(rank)
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
            (Variant::Sittuyin, PieceKind::Met) => 'F',
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
    // Sittuyin has makruk's men and, once they are placed, makruk's kind of play: the
    // network evaluates its positions with nothing in hand (`nnue::evaluates`; its
    // set-up phase is evaluated by hand, as Fairy-Stockfish does).
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
        assert_eq!(Variant::from_name("Burmese chess"), Some(Variant::Sittuyin));
        assert_eq!(
            Variant::names_joined(","),
            "makruk,cambodian,karouk,makpong,asean,ai-wok,sittuyin"
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
        assert_eq!(Variant::Sittuyin.letter(PieceKind::Met), 'F');
        assert_eq!(
            Variant::Sittuyin.kind_from_fen_letter('f'),
            Some(PieceKind::Met)
        );
        assert_eq!(Variant::Sittuyin.kind_from_fen_letter('m'), None);
    }

    #[test]
    fn sittuyin_zones() {
        let squares = |bb: Bitboard| bb.into_iter().map(|s| s.to_string()).collect::<Vec<_>>();
        let v = Variant::Sittuyin;
        assert_eq!(
            squares(v.promotion_squares(Color::White)),
            ["d5", "e5", "c6", "f6", "b7", "g7", "a8", "h8"]
        );
        assert_eq!(
            squares(v.promotion_squares(Color::Black)),
            ["a1", "h1", "b2", "g2", "c3", "f3", "d4", "e4"]
        );
        assert_eq!(
            v.drop_squares(Color::White, PieceKind::Knight),
            Bitboard(0xFF_FFFF)
        );
        assert_eq!(
            v.drop_squares(Color::White, PieceKind::Rook),
            Bitboard::RANK_1
        );
        assert_eq!(
            v.drop_squares(Color::Black, PieceKind::King),
            Bitboard(0xFFFF_FF00_0000_0000)
        );
        assert_eq!(
            v.drop_squares(Color::Black, PieceKind::Rook),
            Bitboard::rank(7)
        );
        assert_eq!(v.promotion_zone(Color::White), Bitboard::EMPTY);
        for other in Variant::ALL.into_iter().filter(|&g| g != Variant::Sittuyin) {
            assert!(!other.has_drops() && !other.promotes_as_own_move());
            assert_eq!(
                other.drop_squares(Color::White, PieceKind::Rook),
                Bitboard::EMPTY
            );
            assert_eq!(other.promotion_squares(Color::Black), Bitboard::EMPTY);
        }
    }
}
