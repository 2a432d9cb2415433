//! Written games to played games: the start position (the `[FEN]` tag or the standard
//! start), each move checked against the legal moves, in Thai or western letters,
//! with the marks sites glue to moves (check signs right or wrong, glyphs, draw
//! offers) split off first. An unreadable or illegal move stops the game there; the
//! moves before it are kept.

use super::move_marks::split_marks;
use super::reader::{PgnError, WrittenGame, game_label};
use crate::board::{FenRules, Move, MoveError, Position, Variant};

/// A game whose moves are legal.
#[derive(Clone, Debug)]
pub struct Game {
    /// 1 for the first game of the file.
    pub number: usize,
    pub(crate) tags: Vec<(String, String)>,
    pub start: Position,
    pub moves: Vec<Move>,
    /// The comments written after each move (same length as `moves`).
    pub comments: Vec<Vec<String>>,
    /// Whether a draw offer was marked after each move (same length as `moves`).
    pub draw_offers: Vec<bool>,
    /// Comments before the first move.
    pub(crate) preamble: Vec<String>,
    /// The result written at the end of the movetext.
    pub(crate) result: String,
    /// Why the game stopped before its written end, if it did.
    pub error: Option<PgnError>,
}

impl Game {
    /// `game 2 (White - Black)`.
    pub(crate) fn label(&self) -> String {
        game_label(self.number, &self.tags)
    }

    /// The value of tag `name`.
    pub(crate) fn tag(&self, name: &str) -> Option<&str> {
        super::reader::tag_value(&self.tags, name)
    }

    /// The positions of the game: the start, then one after each move.
    pub fn positions(&self) -> Vec<Position> {
        let mut out = Vec::with_capacity(self.moves.len() + 1);
        let mut pos = self.start.clone();
        out.push(pos.clone());
        for &m in &self.moves {
            pos.play(m);
            out.push(pos.clone());
        }
        out
    }
}

/// Letters that may start a piece move: Thai (`S` khon, `M` met) and western (`B` khon,
/// `Q` met; `F` for the ferz-like met some sites use), plus K, R, N, P.
const PIECE_LETTERS: &str = "KRNSBMQFP";

/// `17.` for White's move, `17...` for Black's.
pub(crate) fn move_number_text(pos: &Position) -> String {
    match pos.side_to_move() {
        crate::board::Color::White => format!("{}.", pos.fullmove_number()),
        crate::board::Color::Black => format!("{}...", pos.fullmove_number()),
    }
}

/// What is wrong with a move text in `pos`, in words.
fn explain(text: &str, error: MoveError) -> String {
    if let Some(c) = text.chars().next()
        && c.is_alphabetic()
        && !c.is_ascii_lowercase()
        && !PIECE_LETTERS.contains(c)
    {
        return format!(
            "'{}': unknown piece letter '{c}' (makruk uses K R N S M P, or B for khon and Q for met)",
            super::lexer::clip(text)
        );
    }
    match error {
        MoveError::Illegal(_) => {
            format!("'{}' is not a legal move here", super::lexer::clip(text))
        }
        MoveError::Ambiguous(_) => {
            format!(
                "'{}' fits more than one legal move",
                super::lexer::clip(text)
            )
        }
        MoveError::Malformed(_) => {
            format!("'{}' is not a move", super::lexer::clip(text))
        }
    }
}

/// The game a `[Variant]` value names, in any letter case (`makruk`, `Thai chess`,
/// `Makruk (Thai chess)`, `cambodian`, `Ouk Chatrang`, `ASEAN`, `ai-wok`, ...).
fn variant_named(text: &str) -> Option<Variant> {
    let trimmed = text.trim();
    // "Makruk (Thai chess)" and the like: the name before the bracket.
    let head = trimmed.split('(').next().unwrap_or(trimmed);
    Variant::from_name(head).or_else(|| Variant::from_name(trimmed))
}

/// Plays a written game through. `Err` when the game cannot start at all (another
/// variant, a bad `[FEN]` tag); a bad move gives a game that stops before it, with
/// `error` set.
pub fn replay(written: WrittenGame) -> Result<Game, PgnError> {
    replay_in(written, Variant::Makruk)
}

/// As [`replay`], a game without a `[Variant]` tag being one of `default`.
pub fn replay_in(written: WrittenGame, default: Variant) -> Result<Game, PgnError> {
    let label = game_label(written.number, &written.tags);
    let fail = |line: usize, message: String| PgnError {
        game: label.clone(),
        line,
        message,
    };
    let variant = match written.tag("Variant") {
        None => default,
        Some(text) => variant_named(text).ok_or_else(|| {
            fail(
                written.line,
                format!(
                    "variant '{}' is not one Khun plays ({})",
                    super::lexer::clip(text),
                    Variant::names_joined(", ")
                ),
            )
        })?,
    };
    let start = match written.tag("FEN") {
        Some(fen) => Position::from_fen_full(variant, fen, FenRules::Strict)
            .map_err(|e| fail(written.line, format!("bad [FEN] tag: {e}")))?,
        None => Position::startpos_of(variant),
    };
    let mut pos = start.clone();
    let mut moves = Vec::with_capacity(written.moves.len());
    let mut comments = Vec::with_capacity(written.moves.len());
    let mut draw_offers = Vec::with_capacity(written.moves.len());
    let mut error = None;
    for wm in written.moves {
        if let Some(outcome) = pos.outcome()
            && !pos.has_legal_move()
        {
            error = Some(fail(
                wm.line,
                format!(
                    "move {} '{}' comes after the game has ended ({})",
                    move_number_text(&pos),
                    super::lexer::clip(&wm.text),
                    outcome.reason()
                ),
            ));
            break;
        }
        let marks = split_marks(&wm.text);
        match pos.parse_san(marks.body) {
            Ok(m) => {
                pos.play(m);
                moves.push(m);
                comments.push(wm.comments);
                draw_offers.push(wm.draw_offer || marks.draw_offer);
            }
            Err(e) => {
                error = Some(fail(
                    wm.line,
                    format!("move {} {}", move_number_text(&pos), explain(&wm.text, e)),
                ));
                break;
            }
        }
    }
    Ok(Game {
        number: written.number,
        tags: written.tags,
        start,
        moves,
        comments,
        draw_offers,
        preamble: written.preamble,
        result: written.result,
        error,
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::pgn::reader::read_games;

    fn one(text: &str) -> Result<Game, PgnError> {
        let mut games = read_games(text);
        assert_eq!(games.len(), 1);
        replay(games.remove(0).unwrap())
    }

    #[test]
    fn western_and_thai_letters() {
        let g = one("1.\u{a0}f4 f5 2.\u{a0}Nf3 Nf6 3.\u{a0}c4 Bg7 4. Sc2 Mc7 *").unwrap();
        assert!(g.error.is_none(), "{:?}", g.error);
        assert_eq!(g.moves.len(), 8);
    }

    #[test]
    fn illegal_move_stops_the_game_with_its_number() {
        let g = one("[White \"A\"]\n[Black \"B\"]\n\n1. f4 f5 2. Nf3 Ke5 3. c4 *").unwrap();
        assert_eq!(g.moves.len(), 3);
        let e = g.error.unwrap();
        assert_eq!(e.game, "game 1 (A - B)");
        assert!(
            e.message.contains("move 2... 'Ke5' is not a legal move"),
            "{e}"
        );
        assert_eq!(e.line, 4);
    }

    #[test]
    fn unknown_piece_letter() {
        let g = one("1. f4 Xf5 *").unwrap();
        let e = g.error.unwrap();
        assert!(e.message.contains("unknown piece letter 'X'"), "{e}");
        assert!(e.message.contains("move 1..."), "{e}");
    }

    #[test]
    fn marks_sites_glue_to_moves() {
        // Draw offers glued and apart, glyphs, a missing and a wrong check sign.
        let g = one("1. f4= f5!? 2. Nf3?!+ Nf6 (=) 3. c4+ Sg7 (=) 4. Sc2!! Mc7?? = *").unwrap();
        assert!(g.error.is_none(), "{:?}", g.error);
        assert_eq!(g.moves.len(), 8);
        assert_eq!(
            g.draw_offers,
            [true, false, false, true, false, true, false, true]
        );
        // A move that really cannot be read still stops the game, quoted as written.
        let g = one("1. f4 f5= 2. Nf9= *").unwrap();
        assert_eq!(g.moves.len(), 2);
        let e = g.error.unwrap();
        assert!(e.message.contains("move 2. 'Nf9=' is not a move"), "{e}");
    }

    #[test]
    fn fen_tag_and_variant() {
        let g = one(
            "[Variant \"makruk\"]\n[FEN \"8/8/8/4k3/8/8/7R/3K4 b - 32 6 1\"]\n\n1... Kd5 2. Rh5+ *",
        )
        .unwrap();
        assert_eq!(g.moves.len(), 2);
        assert!(g.error.is_none());
        for written in ["Makruk", "MAKRUK", "Thai-Chess"] {
            let g = one(&format!("[variant \"{written}\"]\n[setup \"1\"]\n[fen \"8/8/8/4k3/8/8/7R/3K4 b - 32 6 1\"]\n\n1... Kd5 *")).unwrap();
            assert_eq!(g.moves.len(), 1, "{written}");
        }
        let e = one("[Variant \"chess\"]\n1. e4 *").unwrap_err();
        assert!(e.message.contains("not one Khun plays"), "{e}");
        // The relatives by their tags, in any spelling.
        let g = one("[Variant \"Ouk Chatrang\"]\n1. Kb2 Kg7 *").unwrap();
        assert_eq!(g.start.variant(), Variant::Cambodian);
        assert_eq!(g.moves.len(), 2);
        let g = one("[Variant \"ASEAN\"]\n1. Bc2 Bc7 *").unwrap();
        assert_eq!(g.start.variant(), Variant::Asean);
        let g = one("[Variant \"Ai-Wok\"]\n1. Ad2 *").unwrap();
        assert_eq!(g.start.variant(), Variant::AiWok);
        let e = one("[FEN \"8/8/8/8\"]\n1. e4 *").unwrap_err();
        assert!(e.message.contains("bad [FEN] tag"), "{e}");
    }
}
