//! Games to PGN text: tag pairs, then the movetext with move numbers, comments and
//! variations, wrapped at 79 columns as PGN export format asks (lines under 80).

use crate::board::{Color, CountAction, Position};

/// The comment command that records a players' count action: `[%count start]`,
/// `[%count stop]` (read back by `replay`).
pub(crate) fn count_command(action: CountAction) -> String {
    format!("[%count {}]", action.word())
}

/// Marks `game` as counted as players count: the tag `[Counting "players"]` (after
/// `[Variant]` where there is one) and each action's comment right after the move
/// before it (`ply` moves played before the action; 0: before the first move).
pub(crate) fn add_count_actions(game: &mut GameOut, actions: &[(usize, CountAction)]) {
    let tag = ("Counting".to_string(), "players".to_string());
    match game.tags.iter().position(|(n, _)| n == "Counting") {
        Some(i) => game.tags[i] = tag,
        None => {
            let at = game
                .tags
                .iter()
                .position(|(n, _)| n == "Variant")
                .map_or(game.tags.len(), |i| i + 1);
            game.tags.insert(at, tag);
        }
    }
    for &(ply, action) in actions {
        let comment = count_command(action);
        match ply.checked_sub(1) {
            None => game.preamble.push(comment),
            Some(i) if i < game.moves.len() => game.moves[i].comments.push(comment),
            Some(_) => debug_assert!(false, "a count action after the last move"),
        }
    }
}

/// Movetext lines stay under 80 characters.
const LINE_WIDTH: usize = 79;

/// One item of movetext.
#[derive(Clone, Debug, PartialEq, Eq)]
pub(crate) enum Piece {
    /// A word without spaces: a move number, a move, a NAG.
    Word(String),
    /// A comment's text (written in braces; braces inside become parentheses).
    Comment(String),
    /// A variation: its own pieces, written in parentheses.
    Variation(Vec<Piece>),
}

/// A move to write, with what follows it.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub(crate) struct MoveOut {
    /// Comments before the move (a variation's first move's); written before its
    /// number.
    pub(crate) before: Vec<String>,
    /// The SAN, with any `?`/`??` suffix.
    pub(crate) san: String,
    /// NAGs, written `$n` after the move.
    pub(crate) nags: Vec<u8>,
    /// A draw offer, written `(=)` after the move.
    pub(crate) draw_offer: bool,
    pub(crate) comments: Vec<String>,
    pub(crate) variations: Vec<Vec<Piece>>,
    /// Comments after the variations (about the position the move led to).
    pub(crate) comments_after: Vec<String>,
}

/// A game to write.
#[derive(Clone, Debug)]
pub(crate) struct GameOut {
    pub(crate) tags: Vec<(String, String)>,
    /// The position the moves start from (for the move numbers).
    pub(crate) start: Position,
    /// Comments before the first move.
    pub(crate) preamble: Vec<String>,
    pub(crate) moves: Vec<MoveOut>,
    pub(crate) result: String,
    /// Move numbers in Thai digits (`๑.`), for moves written in Thai notation.
    pub(crate) thai_digits: bool,
}

/// A tag value with `\` and `"` escaped, line breaks turned into spaces.
pub(crate) fn escape_tag_value(value: &str) -> String {
    let mut out = String::with_capacity(value.len());
    for c in value.chars() {
        match c {
            '\\' => out.push_str("\\\\"),
            '"' => out.push_str("\\\""),
            '\n' | '\r' | '\t' => out.push(' '),
            c => out.push(c),
        }
    }
    out
}

/// Comment text that cannot end its comment early: braces become parentheses.
pub(crate) fn clean_comment(text: &str) -> String {
    text.replace('{', "(").replace('}', ")")
}

/// A comment's words for wrapping, with each command GUIs read (`[%eval 0.35,12]`,
/// `[%clk 0:03:00]`) kept whole on one line.
fn comment_words(text: &str) -> Vec<String> {
    let mut words: Vec<String> = Vec::new();
    let mut in_command = false;
    for w in text.split_whitespace() {
        if in_command && let Some(last) = words.last_mut() {
            last.push(' ');
            last.push_str(w);
        } else {
            words.push(w.to_string());
            in_command = w.starts_with("[%");
        }
        if w.ends_with(']') {
            in_command = false;
        }
    }
    words
}

/// Wraps words into lines.
struct Wrapper {
    lines: Vec<String>,
    current: String,
    /// The next word goes straight after the previous one (the first of a variation).
    glue_next: bool,
}

impl Wrapper {
    fn new() -> Wrapper {
        Wrapper {
            lines: Vec::new(),
            current: String::new(),
            glue_next: false,
        }
    }

    /// Adds a word; `glue` puts it straight after the previous one (after `(`, `{`).
    fn word(&mut self, word: &str, glue: bool) {
        let glue = glue || std::mem::take(&mut self.glue_next);
        if self.current.is_empty() || glue {
            self.current.push_str(word);
        } else if self.current.chars().count() + 1 + word.chars().count() > LINE_WIDTH {
            self.lines.push(std::mem::take(&mut self.current));
            self.current.push_str(word);
        } else {
            self.current.push(' ');
            self.current.push_str(word);
        }
    }

    fn comment(&mut self, text: &str) {
        let text = clean_comment(text);
        let words = comment_words(&text);
        if words.is_empty() {
            self.word("{}", false);
            return;
        }
        for (i, w) in words.iter().enumerate() {
            let mut w = w.to_string();
            if i == 0 {
                w.insert(0, '{');
            }
            if i + 1 == words.len() {
                w.push('}');
            }
            self.word(&w, false);
        }
    }

    fn pieces(&mut self, pieces: &[Piece]) {
        for p in pieces {
            match p {
                Piece::Word(w) => self.word(w, false),
                Piece::Comment(c) => self.comment(c),
                Piece::Variation(v) => {
                    self.word("(", false);
                    self.glue_next = true;
                    self.pieces(v);
                    self.word(")", true);
                }
            }
        }
    }

    fn finish(mut self) -> String {
        if !self.current.is_empty() {
            self.lines.push(self.current);
        }
        self.lines.join("\n")
    }
}

/// A move number, in Thai digits where `thai`.
fn number_text(n: u32, thai: bool) -> String {
    let text = n.to_string();
    if !thai {
        return text;
    }
    text.chars()
        .map(|d| char::from_u32(0xe50 + d.to_digit(10).unwrap_or(0)).unwrap_or(d))
        .collect()
}

/// A line of moves from move `fullmove`, `side` to move, with their numbers, NAGs,
/// comments and variations: the main line, or a variation's (its own pieces, built
/// the same way).
pub(crate) fn numbered_line(
    mut fullmove: u32,
    mut side: Color,
    moves: &[MoveOut],
    thai: bool,
) -> Vec<Piece> {
    let mut pieces = Vec::new();
    // Black's move gets its number at the start and after anything between moves.
    let mut needs_number = true;
    for m in moves {
        for c in &m.before {
            pieces.push(Piece::Comment(c.clone()));
        }
        needs_number |= !m.before.is_empty();
        match side {
            Color::White => pieces.push(Piece::Word(format!("{}.", number_text(fullmove, thai)))),
            Color::Black if needs_number => {
                pieces.push(Piece::Word(format!("{}...", number_text(fullmove, thai))))
            }
            Color::Black => {}
        }
        pieces.push(Piece::Word(m.san.clone()));
        for nag in &m.nags {
            pieces.push(Piece::Word(format!("${nag}")));
        }
        if m.draw_offer {
            pieces.push(Piece::Word("(=)".to_string()));
        }
        for c in &m.comments {
            pieces.push(Piece::Comment(c.clone()));
        }
        for v in &m.variations {
            pieces.push(Piece::Variation(v.clone()));
        }
        for c in &m.comments_after {
            pieces.push(Piece::Comment(c.clone()));
        }
        needs_number =
            !m.comments.is_empty() || !m.variations.is_empty() || !m.comments_after.is_empty();
        if side == Color::Black {
            fullmove += 1;
        }
        side = !side;
    }
    pieces
}

/// The movetext pieces of a game (moves with numbers, comments, variations, result).
pub(crate) fn movetext_pieces(game: &GameOut) -> Vec<Piece> {
    let mut pieces = Vec::new();
    for c in &game.preamble {
        pieces.push(Piece::Comment(c.clone()));
    }
    pieces.extend(numbered_line(
        game.start.fullmove_number(),
        game.start.side_to_move(),
        &game.moves,
        game.thai_digits,
    ));
    pieces.push(Piece::Word(game.result.clone()));
    pieces
}

/// The whole game as PGN text, ending with a blank line.
pub(crate) fn write_game(game: &GameOut) -> String {
    let mut out = String::new();
    for (name, value) in &game.tags {
        out.push_str(&format!("[{name} \"{}\"]\n", escape_tag_value(value)));
    }
    if !game.tags.is_empty() {
        out.push('\n');
    }
    let mut w = Wrapper::new();
    w.pieces(&movetext_pieces(game));
    out.push_str(&w.finish());
    out.push_str("\n\n");
    out
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::pgn::reader::read_games;
    use crate::pgn::replay::replay;

    #[test]
    fn writes_numbers_comments_variations_and_reads_back() {
        let game = GameOut {
            tags: vec![
                ("White".into(), "A \"x\"".into()),
                ("Result".into(), "*".into()),
            ],
            start: Position::startpos(),
            preamble: vec!["before {all}".into()],
            moves: vec![
                MoveOut {
                    san: "f4".into(),
                    comments: vec!["[%eval 0.10,2]".into()],
                    ..MoveOut::default()
                },
                MoveOut {
                    san: "f5?".into(),
                    comments: vec![],
                    variations: vec![vec![
                        Piece::Word("1...".into()),
                        Piece::Word("Nf6".into()),
                        Piece::Comment("better".into()),
                    ]],
                    comments_after: vec!["after".into()],
                    ..MoveOut::default()
                },
                MoveOut {
                    san: "Nf3".into(),
                    ..MoveOut::default()
                },
            ],
            result: "*".into(),
            thai_digits: false,
        };
        let text = write_game(&game);
        assert!(
            text.starts_with("[White \"A \\\"x\\\"\"]\n[Result \"*\"]\n\n"),
            "{text}"
        );
        let flat = text.split_whitespace().collect::<Vec<_>>().join(" ");
        assert!(
            flat.contains(
                "{before (all)} 1. f4 {[%eval 0.10,2]} 1... f5? (1... Nf6 {better}) {after} 2. Nf3 *"
            ),
            "{text}"
        );
        let mut games = read_games(&text);
        let g = replay(games.remove(0).unwrap()).unwrap();
        assert_eq!(g.moves.len(), 3);
        assert_eq!(g.tags[0].1, "A \"x\"");
    }

    #[test]
    fn long_movetext_is_wrapped() {
        let moves = (0..60)
            .map(|_| MoveOut {
                san: "Kd2".into(),
                comments: vec!["a fairly long comment about this move".into()],
                ..MoveOut::default()
            })
            .collect();
        let game = GameOut {
            tags: vec![],
            start: Position::startpos(),
            preamble: vec![],
            moves,
            result: "*".into(),
            thai_digits: false,
        };
        let text = write_game(&game);
        assert!(
            text.lines().all(|l| l.chars().count() <= LINE_WIDTH),
            "{text}"
        );
    }

    #[test]
    fn commands_in_comments_stay_on_one_line() {
        let moves = (0..40)
            .map(|i| MoveOut {
                san: "Kd2".into(),
                comments: vec![format!(
                    "[%clk 0:0{}:00] [%emt 0:00:05] x [%eval 0.{i},12]",
                    i % 10
                )],
                variations: vec![vec![
                    Piece::Word("Ke2".into()),
                    Piece::Comment("[%eval 1.25,12]".into()),
                ]],
                ..MoveOut::default()
            })
            .collect();
        let game = GameOut {
            tags: vec![],
            start: Position::startpos(),
            preamble: vec![],
            moves,
            result: "*".into(),
            thai_digits: false,
        };
        let text = write_game(&game);
        for line in text.lines() {
            let opened = line.matches("[%").count();
            let closed = line.matches(']').count();
            assert_eq!(opened, closed, "a command split over lines: {line}");
        }
        assert_eq!(text.matches("[%clk 0:03:00]").count(), 4, "{text}");
    }

    #[test]
    fn a_players_count_round_trip() {
        use crate::board::CountAction::{Start, Stop};
        let start = Position::from_fen("4k3/8/8/3r4/8/8/3N4/R3K3 w - - 0 31").unwrap();
        let uci = ["a1a2", "d5d6", "a2a3", "d6d7", "a3a4", "d7d6", "a4a5"];
        let mut pos = start.clone();
        let mut moves = Vec::new();
        for text in uci {
            let m = pos.parse_uci_move(text).unwrap();
            moves.push(MoveOut {
                san: pos.san(m),
                ..MoveOut::default()
            });
            pos.play(m);
        }
        for actions in [
            vec![(1, Start), (5, Stop)],
            vec![(0, Start), (4, Stop), (5, Start)],
            vec![(1, Start), (7, Stop)],
            vec![],
        ] {
            let mut game = GameOut {
                tags: vec![
                    ("Variant".into(), "makruk".into()),
                    ("FEN".into(), start.to_fen()),
                ],
                start: start.clone(),
                preamble: vec![],
                moves: moves.clone(),
                result: "*".into(),
                thai_digits: false,
            };
            add_count_actions(&mut game, &actions);
            let text = write_game(&game);
            assert!(
                text.starts_with("[Variant \"makruk\"]\n[Counting \"players\"]\n"),
                "{text}"
            );
            let g = replay(read_games(&text).remove(0).unwrap()).unwrap();
            assert!(g.error.is_none(), "{text}: {:?}", g.error);
            assert!(g.players_counting);
            assert_eq!(g.count_actions, actions, "{text}");
            assert_eq!(g.moves.len(), uci.len());
        }
        let mut game = GameOut {
            tags: vec![],
            start: start.clone(),
            preamble: vec![],
            moves: moves.clone(),
            result: "*".into(),
            thai_digits: false,
        };
        add_count_actions(&mut game, &[(0, Start), (3, Stop)]);
        let flat = write_game(&game)
            .split_whitespace()
            .collect::<Vec<_>>()
            .join(" ");
        assert!(
            flat.contains("{[%count start]} 31. Ra2 Rd6 32. Ra3 {[%count stop]} 32... Rd7"),
            "{flat}"
        );
    }
}
