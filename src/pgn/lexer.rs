//! PGN text to tokens: tag pairs, move numbers, move texts, comments, NAGs,
//! variations and results, each with the line it starts on.
//!
//! Every Unicode space counts as whitespace, so the non-breaking spaces older sites put
//! after move numbers (`1.\u{a0}f4`) separate tokens like ordinary spaces, and so does a
//! byte order mark (files joined with `cat` carry one at the start of each). A line
//! that starts with `%` is an escape line and is skipped, as the PGN standard says.
//! A draw-offer mark written apart from its move (`Nd8 (=)`, `Nd8(=)`, `Nd8 =`) is a
//! token of its own; one glued to the move (`Nd8=`) stays in the move's word.

use super::problem::PgnProblem;
use std::fmt;

/// One piece of PGN text.
#[derive(Clone, Debug, PartialEq, Eq)]
pub(crate) enum TokenKind {
    /// `[Name "value"]`, the value unescaped.
    Tag { name: String, value: String },
    /// `12.` or `12...` (the number only).
    MoveNumber(u32),
    /// A move as written (`Nf3`, `dxe6=M`, `Bed4`), or any other word.
    Word(String),
    /// `{...}` or `; ...` up to the end of the line, trimmed.
    Comment(String),
    /// `$n`, a separate `!`, `?`, `!!`, `??`, `!?`, `?!`, or a separate position
    /// judgement (`+=`, `-+`, `+/-`, ...).
    Nag(String),
    /// `(=)` or a separate `=`: the player who made the move before offered a draw.
    DrawOffer,
    /// `(`: a variation starts.
    VariationStart,
    /// `)`: a variation ends.
    VariationEnd,
    /// `1-0`, `0-1`, `1/2-1/2` or `*` (`½-½` is read as `1/2-1/2`).
    Result(String),
}

/// A token and the line (from 1) it starts on.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Token {
    pub(crate) kind: TokenKind,
    pub(crate) line: usize,
}

/// Text that cannot be split into tokens.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct LexError {
    pub(crate) line: usize,
    pub(crate) problem: PgnProblem,
}

impl fmt::Display for LexError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "line {}: {}", self.line, self.problem)
    }
}

/// The game results a PGN game may end with.
pub(crate) const RESULTS: [&str; 4] = ["1-0", "0-1", "1/2-1/2", "*"];

/// Position judgements some sites write as words after a move (`+=` White is slightly
/// better, `-+` Black is winning, ...): read as NAGs, like the `$14` they stand for.
const EVALUATION_GLYPHS: [&str; 14] = [
    "+=",
    "=+",
    "+/=",
    "=/+",
    "+/-",
    "-/+",
    "+-",
    "-+",
    "\u{221e}",
    "=/\u{221e}",
    "\u{2a72}",
    "\u{2a71}",
    "\u{b1}",
    "\u{2213}",
];

/// Whitespace, the byte order mark included.
fn is_space(c: char) -> bool {
    c.is_whitespace() || c == '\u{feff}'
}

/// The value of a Thai digit (`๐` to `๙`).
fn thai_digit(c: char) -> Option<u32> {
    ('\u{e50}'..='\u{e59}')
        .contains(&c)
        .then(|| c as u32 - 0xe50)
}

/// Characters that end a word.
fn ends_word(c: char) -> bool {
    is_space(c) || matches!(c, '{' | '}' | '(' | ')' | '[' | ']' | ';' | '"' | '$')
}

/// Splits PGN text into tokens. After an error the lexer resumes at the next line.
pub struct Lexer<'a> {
    chars: std::iter::Peekable<std::str::Chars<'a>>,
    line: usize,
    at_line_start: bool,
    /// Tokens split off a word (`12.Nf3` gives a move number and a move).
    pending: Vec<Token>,
}

impl<'a> Lexer<'a> {
    pub fn new(text: &'a str) -> Lexer<'a> {
        Lexer {
            chars: text.chars().peekable(),
            line: 1,
            at_line_start: true,
            pending: Vec::new(),
        }
    }

    fn bump(&mut self) -> Option<char> {
        let c = self.chars.next()?;
        if c == '\n' {
            self.line += 1;
            self.at_line_start = true;
        } else if c != '\u{feff}' {
            // A byte order mark before an escape line leaves it an escape line.
            self.at_line_start = false;
        }
        Some(c)
    }

    /// After a `(`: whether the text goes on with `=)` (spaces allowed), a draw offer
    /// in ChessBase's form; if so, it is consumed.
    fn draw_offer_in_parentheses(&mut self) -> bool {
        let mut ahead = self.chars.clone();
        let mut next = || ahead.by_ref().find(|c| !is_space(*c) || *c == '\n');
        if next() != Some('=') || next() != Some(')') {
            return false;
        }
        while let Some(c) = self.bump() {
            if c == ')' {
                break;
            }
        }
        true
    }

    fn skip_line(&mut self) {
        while let Some(c) = self.bump() {
            if c == '\n' {
                break;
            }
        }
    }

    fn error(&mut self, line: usize, problem: PgnProblem) -> Option<Result<Token, LexError>> {
        Some(Err(LexError { line, problem }))
    }

    fn brace_comment(&mut self, line: usize) -> Option<Result<Token, LexError>> {
        let mut text = String::new();
        loop {
            match self.bump() {
                Some('}') => {
                    let kind =
                        TokenKind::Comment(text.split_whitespace().collect::<Vec<_>>().join(" "));
                    return Some(Ok(Token { kind, line }));
                }
                Some(c) => text.push(c),
                None => return self.error(line, PgnProblem::CommentNotClosed),
            }
        }
    }

    fn line_comment(&mut self, line: usize) -> Token {
        let mut text = String::new();
        while let Some(&c) = self.chars.peek() {
            if c == '\n' {
                break;
            }
            text.push(c);
            self.bump();
        }
        Token {
            kind: TokenKind::Comment(text.trim().to_string()),
            line,
        }
    }

    fn tag(&mut self, line: usize) -> Option<Result<Token, LexError>> {
        let skip_spaces = |lx: &mut Lexer| {
            while lx
                .chars
                .peek()
                .is_some_and(|c| c.is_whitespace() && *c != '\n')
            {
                lx.bump();
            }
        };
        skip_spaces(self);
        let mut name = String::new();
        while let Some(&c) = self.chars.peek() {
            if c.is_alphanumeric() || c == '_' {
                name.push(c);
                self.bump();
            } else {
                break;
            }
        }
        if name.is_empty() {
            self.skip_line();
            return self.error(line, PgnProblem::TagNoName);
        }
        skip_spaces(self);
        if self.chars.peek() != Some(&'"') {
            self.skip_line();
            return self.error(line, PgnProblem::TagNoValue(name));
        }
        self.bump();
        let mut value = String::new();
        loop {
            match self.chars.peek().copied() {
                Some('\\') => {
                    self.bump();
                    match self.chars.peek().copied() {
                        Some(c @ ('"' | '\\')) => {
                            value.push(c);
                            self.bump();
                        }
                        _ => value.push('\\'),
                    }
                }
                Some('"') => {
                    self.bump();
                    break;
                }
                Some('\n') | None => {
                    self.skip_line();
                    return self.error(line, PgnProblem::TagValueNotClosed(name));
                }
                Some(c) => {
                    value.push(c);
                    self.bump();
                }
            }
        }
        skip_spaces(self);
        if self.chars.peek() != Some(&']') {
            self.skip_line();
            return self.error(line, PgnProblem::TagNotClosed(name));
        }
        self.bump();
        Some(Ok(Token {
            kind: TokenKind::Tag { name, value },
            line,
        }))
    }

    fn word(&mut self, first: char, line: usize) -> Token {
        let mut word = String::new();
        word.push(first);
        while let Some(&c) = self.chars.peek() {
            if ends_word(c) {
                break;
            }
            word.push(c);
            self.bump();
        }
        self.split_word(word, line)
    }

    /// Classifies a word, splitting a leading move number off (`12.Nf3`, `12...Nf6`).
    fn split_word(&mut self, word: String, line: usize) -> Token {
        if RESULTS.contains(&word.as_str()) {
            return Token {
                kind: TokenKind::Result(word),
                line,
            };
        }
        if word == "\u{bd}-\u{bd}" {
            return Token {
                kind: TokenKind::Result("1/2-1/2".into()),
                line,
            };
        }
        if word == "=" {
            return Token {
                kind: TokenKind::DrawOffer,
                line,
            };
        }
        if matches!(word.as_str(), "!" | "?" | "!!" | "??" | "!?" | "?!")
            || EVALUATION_GLYPHS.contains(&word.as_str())
        {
            return Token {
                kind: TokenKind::Nag(word),
                line,
            };
        }
        // Digits, Arabic or Thai (`๑๒.`, as Thai notation numbers its moves).
        let digits: String = word
            .chars()
            .map_while(|c| c.to_digit(10).or_else(|| thai_digit(c)))
            .map(|d| char::from_digit(d, 10).unwrap_or('0'))
            .collect();
        let digits_len: usize = word.chars().take(digits.len()).map(char::len_utf8).sum();
        let rest = &word[digits_len..];
        // `12.`, `12...`, and `12\u{2026}` with the ellipsis character some sites write.
        if !digits.is_empty() && (rest.is_empty() || rest.starts_with(['.', '\u{2026}'])) {
            let number = digits.parse::<u32>().unwrap_or(u32::MAX);
            let after_dots = rest.trim_start_matches(['.', '\u{2026}']);
            if !after_dots.is_empty() {
                let next = self.split_word(after_dots.to_string(), line);
                self.pending.push(next);
            }
            return Token {
                kind: TokenKind::MoveNumber(number),
                line,
            };
        }
        Token {
            kind: TokenKind::Word(word),
            line,
        }
    }
}

impl Iterator for Lexer<'_> {
    type Item = Result<Token, LexError>;

    fn next(&mut self) -> Option<Self::Item> {
        if let Some(t) = self.pending.pop() {
            return Some(Ok(t));
        }
        loop {
            if self.at_line_start && self.chars.peek() == Some(&'%') {
                self.skip_line();
                continue;
            }
            let line = self.line;
            let c = self.bump()?;
            if is_space(c) {
                continue;
            }
            return match c {
                '{' => self.brace_comment(line),
                ';' => Some(Ok(self.line_comment(line))),
                '[' => self.tag(line),
                '(' if self.draw_offer_in_parentheses() => Some(Ok(Token {
                    kind: TokenKind::DrawOffer,
                    line,
                })),
                '(' => Some(Ok(Token {
                    kind: TokenKind::VariationStart,
                    line,
                })),
                ')' => Some(Ok(Token {
                    kind: TokenKind::VariationEnd,
                    line,
                })),
                '$' => {
                    let mut n = String::from("$");
                    while let Some(&d) = self.chars.peek() {
                        if !d.is_ascii_digit() {
                            break;
                        }
                        n.push(d);
                        self.bump();
                    }
                    Some(Ok(Token {
                        kind: TokenKind::Nag(n),
                        line,
                    }))
                }
                '}' | ']' | '"' => self.error(line, PgnProblem::Stray(c)),
                _ => Some(Ok(self.word(c, line))),
            };
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn kinds(text: &str) -> Vec<TokenKind> {
        Lexer::new(text).map(|t| t.unwrap().kind).collect()
    }

    fn word(s: &str) -> TokenKind {
        TokenKind::Word(s.into())
    }

    #[test]
    fn tags_moves_comments_and_results() {
        let k = kinds("[White \"A \\\"B\\\"\"]\n\n1. f4 {good} f5 $1 2.Nf3 ; line\n(2. c4) 1-0");
        assert_eq!(
            k,
            vec![
                TokenKind::Tag {
                    name: "White".into(),
                    value: "A \"B\"".into()
                },
                TokenKind::MoveNumber(1),
                word("f4"),
                TokenKind::Comment("good".into()),
                word("f5"),
                TokenKind::Nag("$1".into()),
                TokenKind::MoveNumber(2),
                word("Nf3"),
                TokenKind::Comment("line".into()),
                TokenKind::VariationStart,
                TokenKind::MoveNumber(2),
                word("c4"),
                TokenKind::VariationEnd,
                TokenKind::Result("1-0".into()),
            ]
        );
    }

    #[test]
    fn non_breaking_spaces_and_black_move_numbers() {
        let k = kinds("1.\u{a0}f4 f5 12...\u{a0}Nf6 13...Kf7 *");
        assert_eq!(
            k,
            vec![
                TokenKind::MoveNumber(1),
                word("f4"),
                word("f5"),
                TokenKind::MoveNumber(12),
                word("Nf6"),
                TokenKind::MoveNumber(13),
                word("Kf7"),
                TokenKind::Result("*".into()),
            ]
        );
    }

    #[test]
    fn escape_lines_and_bom_are_skipped() {
        let k = kinds("\u{feff}% a note\n1. f4 *");
        assert_eq!(k.len(), 3);
        // A second file's mark after `cat`, CR LF and tabs.
        let k = kinds("1. f4 *\r\n\r\n\u{feff}[Event\t\"x\"]\r\n1.\tf4 \u{bd}-\u{bd}");
        assert_eq!(k.len(), 7, "{k:?}");
        assert_eq!(
            k[3],
            TokenKind::Tag {
                name: "Event".into(),
                value: "x".into()
            }
        );
        assert_eq!(k[6], TokenKind::Result("1/2-1/2".into()));
    }

    #[test]
    fn draw_offers_apart_from_the_move() {
        let k = kinds("53. Nd8(=) Kc7 (=) 54. Ke2 = Kd6 ( = ) (1... Kc6) 12\u{2026}f5 *");
        assert_eq!(
            k,
            vec![
                TokenKind::MoveNumber(53),
                word("Nd8"),
                TokenKind::DrawOffer,
                word("Kc7"),
                TokenKind::DrawOffer,
                TokenKind::MoveNumber(54),
                word("Ke2"),
                TokenKind::DrawOffer,
                word("Kd6"),
                TokenKind::DrawOffer,
                TokenKind::VariationStart,
                TokenKind::MoveNumber(1),
                word("Kc6"),
                TokenKind::VariationEnd,
                TokenKind::MoveNumber(12),
                word("f5"),
                TokenKind::Result("*".into()),
            ]
        );
        // Glued to the move, the mark stays in its word (see `move_marks`).
        assert_eq!(kinds("Nd8= *")[0], word("Nd8="));
    }

    #[test]
    fn unterminated_comment_and_tag_are_errors() {
        let e: Vec<_> = Lexer::new("1. f4 {never closed\n f5").collect();
        let err = e.last().unwrap().clone().unwrap_err();
        assert_eq!(err.line, 1);
        assert!(err.to_string().contains("never closed"), "{err}");
        let e: Vec<_> = Lexer::new("[Event \"x\n1. f4").collect();
        assert!(e[0].is_err());
        assert_eq!(
            e[1],
            Ok(Token {
                kind: TokenKind::MoveNumber(1),
                line: 2
            })
        );
    }
}
