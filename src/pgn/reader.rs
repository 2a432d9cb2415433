//! Tokens to games: each game's tag pairs, its main-line move texts with the comments,
//! NAGs and draw offers that follow them and the variations written after them
//! (recursively, each move with the same), and its result. The moves are not checked
//! here (see `replay`); this layer only finds where games, moves and variations start
//! and end. A comment belongs to the move before it; one at the start of a variation,
//! before its first move, to that move (`before`). Tag names the program reads or writes are matched in any letter
//! case and written the standard way (`[variant "makruk"]` becomes `[Variant ...]`).

use super::lexer::{Lexer, Token, TokenKind};
use super::problem::PgnProblem;
use std::fmt;

/// A move as written in the file, not yet checked.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct WrittenMove {
    pub text: String,
    pub(crate) line: usize,
    /// Comments written after the move (before the next move).
    pub comments: Vec<String>,
    /// A draw-offer mark written apart from the move (`Nd8 (=)`); one glued to it
    /// (`Nd8=`) is still in `text`.
    pub(crate) draw_offer: bool,
    /// NAGs written apart after the move (`$1`, `!`, `+=`), as written; one glued to
    /// the move (`Nf3!?`) is still in `text`.
    pub(crate) nags: Vec<String>,
    /// Comments written before the move at the start of a variation.
    pub(crate) before: Vec<String>,
    /// The variations written after the move: each a line of moves that replaces it,
    /// played from the position before it.
    pub(crate) variations: Vec<Vec<WrittenMove>>,
}

impl WrittenMove {
    fn new(text: String, line: usize, before: Vec<String>) -> WrittenMove {
        WrittenMove {
            text,
            line,
            comments: Vec::new(),
            draw_offer: false,
            nags: Vec::new(),
            before,
            variations: Vec::new(),
        }
    }
}

/// One game as written: tags, main-line moves and result.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct WrittenGame {
    /// 1 for the first game of the file.
    pub(crate) number: usize,
    /// The line the game starts on.
    pub(crate) line: usize,
    pub(crate) tags: Vec<(String, String)>,
    /// Comments before the first move.
    pub preamble: Vec<String>,
    pub moves: Vec<WrittenMove>,
    /// `1-0`, `0-1`, `1/2-1/2` or `*`.
    pub result: String,
    /// The lines of variations written before any move, which replace nothing and are
    /// left out.
    pub(crate) orphan_variations: Vec<usize>,
}

impl WrittenGame {
    /// The value of tag `name` (case-sensitive, as PGN tags are).
    pub fn tag(&self, name: &str) -> Option<&str> {
        tag_value(&self.tags, name)
    }
}

/// Tag names written in their standard letter case: the seven-tag roster and the tags
/// the annotator reads or writes.
const KNOWN_TAGS: [&str; 13] = [
    "Event",
    "Site",
    "Date",
    "Round",
    "White",
    "Black",
    "Result",
    "Variant",
    "SetUp",
    "FEN",
    "PlyCount",
    "Annotator",
    "Counting",
];

/// A tag name in its standard case when it is one of `KNOWN_TAGS` in any case
/// (`variant`, `SETUP`, `Fen`), else as written.
pub(crate) fn standard_tag_name(name: String) -> String {
    match KNOWN_TAGS.iter().find(|k| k.eq_ignore_ascii_case(&name)) {
        Some(k) => k.to_string(),
        None => name,
    }
}

/// The value of tag `name` in a tag list.
pub(crate) fn tag_value<'a>(tags: &'a [(String, String)], name: &str) -> Option<&'a str> {
    tags.iter()
        .find(|(n, _)| n == name)
        .map(|(_, v)| v.as_str())
}

/// How a game is named in messages: its number, and the players when known.
pub(crate) fn game_label(number: usize, tags: &[(String, String)]) -> String {
    let white = tag_value(tags, "White").filter(|s| !s.is_empty() && *s != "?");
    let black = tag_value(tags, "Black").filter(|s| !s.is_empty() && *s != "?");
    match (white, black) {
        (Some(w), Some(b)) => format!(
            "game {number} ({} - {})",
            super::problem::clip(w),
            super::problem::clip(b)
        ),
        _ => format!("game {number}"),
    }
}

/// A game that cannot be read or replayed, with where and why.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct PgnError {
    /// `game 2 (White - Black)`.
    pub(crate) game: String,
    /// The game's number in the text, from 1.
    pub(crate) number: usize,
    pub(crate) line: usize,
    // why: boxed, so a game's `Result` stays small (a move's problem is large).
    pub(crate) problem: Box<PgnProblem>,
}

impl PgnError {
    /// The game's number in the text (from 1), the line, and why.
    pub fn parts(&self) -> (usize, usize, &PgnProblem) {
        (self.number, self.line, &self.problem)
    }
}

impl fmt::Display for PgnError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}, line {}: {}", self.game, self.line, self.problem)
    }
}

impl std::error::Error for PgnError {}

/// A game being collected.
#[derive(Default)]
struct Draft {
    line: usize,
    tags: Vec<(String, String)>,
    preamble: Vec<String>,
    moves: Vec<WrittenMove>,
    /// Nesting depth of variations being read, and where the outermost opened.
    variation_depth: usize,
    variation_line: usize,
    /// The variations being read, innermost last: each its moves so far, the comments
    /// written before its first move, and the line it opened on.
    open: Vec<OpenVariation>,
    orphan_variations: Vec<usize>,
    /// The first error in this game; the game is skipped up to its result.
    error: Option<(usize, PgnProblem)>,
    started: bool,
    /// Some movetext (a move, number, comment, variation) has been read, even if
    /// skipped: a tag pair after it starts the next game.
    movetext_seen: bool,
    /// The line of the last movetext token, for "no result" messages.
    movetext_line: usize,
}

/// A variation being read.
#[derive(Default)]
struct OpenVariation {
    moves: Vec<WrittenMove>,
    before: Vec<String>,
    line: usize,
}

impl Draft {
    fn has_movetext(&self) -> bool {
        self.movetext_seen
    }

    fn fail(&mut self, line: usize, problem: PgnProblem) {
        if self.error.is_none() {
            self.error = Some((line, problem));
        }
    }

    /// The moves of the line being read: the innermost open variation's, or the main
    /// line's.
    fn line_moves(&mut self) -> &mut Vec<WrittenMove> {
        match self.open.last_mut() {
            Some(v) => &mut v.moves,
            None => &mut self.moves,
        }
    }

    /// The innermost variation closes: it joins the variations of the move it
    /// replaces (the last of the line it was written in).
    fn close_variation(&mut self) {
        let Some(v) = self.open.pop() else { return };
        if v.moves.is_empty() {
            return;
        }
        match self.line_moves().last_mut() {
            Some(m) => m.variations.push(v.moves),
            None => self.orphan_variations.push(v.line),
        }
    }
}

/// Ends the game `draft` collected: the game, or the first error it met, pushed onto
/// `games`. `result` is the result token that ended it (`None`: a new game's tags or
/// the end of the text came first, `end_line` the line where).
fn finish(
    draft: Draft,
    result: Option<String>,
    games: &mut Vec<Result<WrittenGame, PgnError>>,
    end_line: usize,
) {
    let number = games.len() + 1;
    let label = game_label(number, &draft.tags);
    let error = |line: usize, problem: PgnProblem| PgnError {
        game: label.clone(),
        number,
        line,
        problem: Box::new(problem),
    };
    let outcome = if let Some((line, problem)) = draft.error {
        Err(error(line, problem))
    } else if draft.variation_depth > 0 {
        Err(error(draft.variation_line, PgnProblem::VariationNotClosed))
    } else if let Some(result) = result {
        Ok(WrittenGame {
            number,
            line: draft.line,
            tags: draft.tags,
            preamble: draft.preamble,
            moves: draft.moves,
            result,
            orphan_variations: draft.orphan_variations,
        })
    } else {
        Err(error(
            if draft.movetext_seen {
                draft.movetext_line
            } else {
                end_line
            },
            PgnProblem::NoResult,
        ))
    };
    games.push(outcome);
}

/// Reads every game of a PGN text. A game with an error is returned as that error and
/// the reader goes on with the next game.
pub fn read_games(text: &str) -> Vec<Result<WrittenGame, PgnError>> {
    let mut games = Vec::new();
    let mut draft = Draft::default();
    let mut lexer = Lexer::new(text);
    let mut last_line = 1;
    loop {
        let token = match lexer.next() {
            None => break,
            Some(Ok(t)) => t,
            Some(Err(e)) => {
                if !draft.started {
                    draft.started = true;
                    draft.line = e.line;
                }
                draft.fail(e.line, e.problem);
                last_line = e.line;
                continue;
            }
        };
        last_line = token.line;
        if !draft.started {
            draft.started = true;
            draft.line = token.line;
        }
        let Token { kind, line } = token;
        if !matches!(kind, TokenKind::Tag { .. } | TokenKind::Result(_)) {
            draft.movetext_seen = true;
            draft.movetext_line = line;
        }
        match kind {
            TokenKind::Tag { name, value } => {
                if draft.has_movetext() {
                    // A new game's tags while this game's moves had no result.
                    let old = std::mem::take(&mut draft);
                    finish(old, None, &mut games, line);
                    draft.started = true;
                    draft.line = line;
                }
                draft.tags.push((standard_tag_name(name), value));
            }
            TokenKind::Result(result) if draft.variation_depth == 0 => {
                let old = std::mem::take(&mut draft);
                finish(old, Some(result), &mut games, line);
            }
            _ if draft.error.is_some() => {}
            TokenKind::VariationStart => {
                if draft.variation_depth == 0 {
                    draft.variation_line = line;
                }
                draft.variation_depth += 1;
                draft.open.push(OpenVariation {
                    line,
                    ..OpenVariation::default()
                });
            }
            TokenKind::VariationEnd => {
                if draft.variation_depth == 0 {
                    draft.fail(line, PgnProblem::VariationNotOpened);
                } else {
                    draft.variation_depth -= 1;
                    draft.close_variation();
                }
            }
            TokenKind::Word(text) => {
                let before = match draft.open.last_mut() {
                    Some(v) if v.moves.is_empty() => std::mem::take(&mut v.before),
                    _ => Vec::new(),
                };
                draft
                    .line_moves()
                    .push(WrittenMove::new(text, line, before));
            }
            TokenKind::DrawOffer => {
                if let Some(m) = draft.line_moves().last_mut() {
                    m.draw_offer = true;
                }
            }
            TokenKind::Nag(nag) => {
                if let Some(m) = draft.line_moves().last_mut() {
                    m.nags.push(nag);
                }
            }
            TokenKind::Comment(text) => {
                if text.is_empty() {
                } else if let Some(m) = draft.line_moves().last_mut() {
                    m.comments.push(text);
                } else if let Some(v) = draft.open.last_mut() {
                    v.before.push(text);
                } else {
                    draft.preamble.push(text);
                }
            }
            // Inside a variation a result is ignored: the game's comes after it.
            TokenKind::MoveNumber(_) | TokenKind::Result(_) => {}
        }
    }
    if draft.started && (draft.has_movetext() || !draft.tags.is_empty() || draft.error.is_some()) {
        finish(draft, None, &mut games, last_line);
    }
    games
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn two_games_with_variations_and_comments() {
        let text = "[White \"A\"]\n[Black \"B\"]\n\n{start} 1. f4 {hm} (1. c4 (1. e4)) f5 2. Nf3 1-0\n\n\
                    [Event \"x\"]\n1. c4 $2 *\n";
        let games = read_games(text);
        assert_eq!(games.len(), 2);
        let g = games[0].as_ref().unwrap();
        assert_eq!(g.number, 1);
        assert_eq!(g.preamble, vec!["start".to_string()]);
        let texts: Vec<&str> = g.moves.iter().map(|m| m.text.as_str()).collect();
        assert_eq!(texts, ["f4", "f5", "Nf3"]);
        assert_eq!(g.moves[0].comments, vec!["hm".to_string()]);
        assert_eq!(g.result, "1-0");
        let g = games[1].as_ref().unwrap();
        assert_eq!(g.number, 2);
        assert_eq!(g.line, 6);
        assert_eq!(g.result, "*");
    }

    #[test]
    fn missing_result_is_an_error_and_the_next_game_is_read() {
        let text = "[White \"A\"]\n[Black \"B\"]\n1. f4 f5\n\n[Event \"next\"]\n1. c4 *\n";
        let games = read_games(text);
        assert_eq!(games.len(), 2);
        let e = games[0].as_ref().unwrap_err();
        assert_eq!(e.game, "game 1 (A - B)");
        assert_eq!(e.line, 3);
        assert!(e.problem.to_string().contains("no result"), "{e}");
        assert!(games[1].is_ok());
        let games = read_games("1. f4 f5");
        assert!(
            games[0]
                .as_ref()
                .unwrap_err()
                .problem
                .to_string()
                .contains("no result")
        );
    }

    #[test]
    fn unterminated_comment_names_its_line() {
        let games = read_games("[White \"A\"]\n\n1. f4 f5\n2. Nf3 {oops\n Nf6 1-0\n");
        assert_eq!(games.len(), 1);
        let e = games[0].as_ref().unwrap_err();
        assert_eq!(e.line, 4);
        assert!(e.problem.to_string().contains("never closed"), "{e}");
    }

    #[test]
    fn unclosed_variation_is_an_error() {
        let games = read_games("1. f4 (1. c4 f5 1-0");
        let e = games[0].as_ref().unwrap_err();
        assert!(e.problem.to_string().contains("variation"), "{e}");
    }

    #[test]
    fn draw_offers_and_tag_names_in_any_case() {
        let text = "\u{feff}[variant \"Makruk\"]\r\n[SETUP \"1\"]\r\n[Fen \"8/8/8/4k3/8/8/7R/3K4 b - - 0 1\"]\r\n\r\n\
                    1... Kd5 (=) 2. Rh5+= Kd4 = 3. Rh4+ (3. Rh6 (=)) *\r\n\r\n\r\n\t\r\n[White \"x\"] 1. f4 *";
        let games = read_games(text);
        assert_eq!(games.len(), 2);
        let g = games[0].as_ref().unwrap();
        let names: Vec<&str> = g.tags.iter().map(|(n, _)| n.as_str()).collect();
        assert_eq!(names, ["Variant", "SetUp", "FEN"]);
        assert_eq!(g.tag("Variant"), Some("Makruk"));
        let offers: Vec<(&str, bool)> = g
            .moves
            .iter()
            .map(|m| (m.text.as_str(), m.draw_offer))
            .collect();
        assert_eq!(
            offers,
            [
                ("Kd5", true),
                ("Rh5+=", false),
                ("Kd4", true),
                ("Rh4+", false)
            ]
        );
        assert_eq!(games[1].as_ref().unwrap().moves.len(), 1);
    }

    #[test]
    fn empty_text_has_no_games() {
        assert!(read_games("  \n% only an escape line\n").is_empty());
    }
}
