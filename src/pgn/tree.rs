//! A game read from PGN as a tree: each move of the main line with its NAGs, its
//! comments, the clock written with it and the variations written after it, each
//! variation a line of such moves from the position before the move it replaces,
//! every move checked against the rules.
//!
//! - NAGs are numbers: `$n` as written, and the glyphs (`!` 1, `?` 2, `!!` 3, `??` 4,
//!   `!?` 5, `?!` 6; `+=` 14, `=+` 15, `+/-` 16, `-/+` 17, `+-` 18, `-+` 19, ...),
//!   glued to the move or apart.
//! - A comment belongs to the move before it (`after`); one written at the start of a
//!   variation, before its first move, to that move (`before`). The comments before
//!   the game's first move are the game's own.
//! - `[%clk h:mm:ss]` (seconds may have a fraction) is taken out of a comment after a
//!   move into that move's clock, in milliseconds; on the main line, the players'
//!   count commands (`[%count start]`, `[%count stop]`) are taken out too: the game's
//!   count actions hold them. Other commands (`[%eval ...]`, `[%emt ...]`) stay in the
//!   text; a comment left empty is dropped.
//! - A variation's move that cannot be played (not legal, not a move, after the end
//!   of the game) cuts the variation there: the moves before it are kept, and the
//!   game gets a note saying where and why (a variation cut at its first move is left
//!   out). A variation written before any move replaces nothing: left out, with a
//!   note. The main line itself stops at its first bad move, as `replay` has it.

use super::move_marks::MoveMarks;
use super::problem::PgnProblem;
use super::reader::WrittenMove;
use super::replay::{Game, count_commands, move_number_text, read_move};
use crate::board::{Move, Position};

/// A move of the tree.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct TreeMove {
    pub mv: Move,
    /// Its SAN where it was played.
    pub san: String,
    pub nags: Vec<u8>,
    /// Comments before it (at a variation's start).
    pub before: Vec<String>,
    /// Comments after it.
    pub after: Vec<String>,
    /// The clock written with it (`[%clk]`), in milliseconds.
    pub clock_ms: Option<u64>,
    /// A draw offer was marked with it.
    pub draw_offer: bool,
    /// The lines that replace it, each from the position before it.
    pub variations: Vec<Vec<TreeMove>>,
}

/// Something of the text the tree leaves out, and where.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct TreeNote {
    pub line: usize,
    pub kind: NoteKind,
}

/// What a note says.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum NoteKind {
    /// A variation cut at a move that cannot be played; `kept` moves before it stay.
    VariationCut { problem: PgnProblem, kept: usize },
    /// A variation written before any move.
    VariationBeforeAnyMove,
}

impl std::fmt::Display for NoteKind {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            NoteKind::VariationCut { problem, kept: 0 } => {
                write!(f, "a variation left out: {problem}")
            }
            NoteKind::VariationCut { problem, kept } => {
                write!(f, "a variation cut after {kept} moves: {problem}")
            }
            NoteKind::VariationBeforeAnyMove => {
                f.write_str("a variation before any move replaces nothing: left out")
            }
        }
    }
}

/// The game as a tree: its comments before the first move, its main line, and the
/// notes on what was left out.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct GameTree {
    pub comments: Vec<String>,
    pub moves: Vec<TreeMove>,
    pub notes: Vec<TreeNote>,
}

/// The NAG a glyph or `$n` stands for.
pub(crate) fn nag_number(text: &str) -> Option<u8> {
    if let Some(n) = text.strip_prefix('$') {
        return n.parse().ok();
    }
    Some(match text {
        "!" => 1,
        "?" => 2,
        "!!" => 3,
        "??" => 4,
        "!?" => 5,
        "?!" => 6,
        "\u{221e}" => 13,
        "+=" | "+/=" | "\u{2a72}" => 14,
        "=+" | "=/+" | "\u{2a71}" => 15,
        "+/-" | "\u{b1}" => 16,
        "-/+" | "\u{2213}" => 17,
        "+-" => 18,
        "-+" => 19,
        "=/\u{221e}" => 44,
        _ => return None,
    })
}

/// A clock as `[%clk]` writes it (`1:02:03`, `0:00:05.3`), in milliseconds.
pub(crate) fn parse_clock(text: &str) -> Option<u64> {
    let (whole, fraction) = match text.split_once('.') {
        Some((w, f)) => (w, f),
        None => (text, ""),
    };
    let parts: Vec<&str> = whole.split(':').collect();
    if !(2..=3).contains(&parts.len())
        || parts
            .iter()
            .any(|p| p.is_empty() || !p.bytes().all(|b| b.is_ascii_digit()))
        || !fraction.bytes().all(|b| b.is_ascii_digit())
    {
        return None;
    }
    let mut seconds: u64 = 0;
    for p in &parts {
        seconds = seconds.checked_mul(60)?.checked_add(p.parse().ok()?)?;
    }
    // Milliseconds: the fraction's first three digits.
    let ms: u64 = format!("{fraction:0<3}")[..3].parse().ok()?;
    seconds.checked_mul(1000)?.checked_add(ms)
}

/// A clock in milliseconds as `[%clk]` writes it: `h:mm:ss`, with the fraction of a
/// second where there is one (`0:00:05.3`).
pub(crate) fn clock_text(ms: u64) -> String {
    let (s, frac) = (ms / 1000, ms % 1000);
    let mut text = format!("{}:{:02}:{:02}", s / 3600, s / 60 % 60, s % 60);
    if frac > 0 {
        let digits = format!("{frac:03}");
        text.push('.');
        text.push_str(digits.trim_end_matches('0'));
    }
    text
}

/// A comment with its clock taken out (the first `[%clk]`, into `clock`) and, where
/// `counts_out`, its count commands: the text left, spaces collapsed.
fn clean(text: &str, counts_out: bool, clock: &mut Option<u64>) -> String {
    let mut kept = String::with_capacity(text.len());
    let mut rest = text;
    while let Some(at) = rest.find("[%") {
        kept.push_str(&rest[..at]);
        let command = &rest[at..];
        let Some(end) = command.find(']') else {
            kept.push_str(command);
            rest = "";
            break;
        };
        let body = &command[2..end];
        let (name, value) = body.split_once(char::is_whitespace).unwrap_or((body, ""));
        let taken = match name {
            "clk" if clock.is_none() => match parse_clock(value.trim()) {
                Some(ms) => {
                    *clock = Some(ms);
                    true
                }
                None => false,
            },
            "count" => counts_out && !count_commands(&command[..=end]).is_empty(),
            _ => false,
        };
        if !taken {
            kept.push_str(&command[..=end]);
        }
        rest = &command[end + 1..];
    }
    kept.push_str(rest);
    kept.split_whitespace().collect::<Vec<_>>().join(" ")
}

/// Comments cleaned, the empty ones dropped.
fn cleaned(texts: &[String], counts_out: bool, clock: &mut Option<u64>) -> Vec<String> {
    texts
        .iter()
        .map(|t| clean(t, counts_out, clock))
        .filter(|t| !t.is_empty())
        .collect()
}

/// The tree's move for `m`, written as `wm`, played in `pos`; its variations read
/// from `pos`.
fn node(
    pos: &Position,
    m: Move,
    marks: &MoveMarks,
    wm: &WrittenMove,
    main_line: bool,
    notes: &mut Vec<TreeNote>,
) -> TreeMove {
    let mut clock = None;
    let after = cleaned(&wm.comments, main_line, &mut clock);
    let mut ignored = None;
    TreeMove {
        mv: m,
        san: pos.san(m),
        nags: nag_number(&marks.glyph)
            .into_iter()
            .chain(wm.nags.iter().filter_map(|n| nag_number(n)))
            .collect(),
        before: cleaned(&wm.before, false, &mut ignored),
        after,
        clock_ms: clock,
        draw_offer: wm.draw_offer || marks.draw_offer,
        variations: wm
            .variations
            .iter()
            .map(|v| variation(pos, v, notes))
            .filter(|v| !v.is_empty())
            .collect(),
    }
}

/// A variation played from `start` (the position before the move it replaces), cut at
/// its first move that cannot be played.
fn variation(
    start: &Position,
    written: &[WrittenMove],
    notes: &mut Vec<TreeNote>,
) -> Vec<TreeMove> {
    let mut pos = start.clone();
    let mut line = Vec::with_capacity(written.len());
    for wm in written {
        let played = if let Some(outcome) = pos.outcome()
            && !pos.has_legal_move()
        {
            Err(PgnProblem::AfterEnd {
                number: move_number_text(&pos),
                text: wm.text.clone(),
                outcome,
            })
        } else {
            read_move(&pos, &wm.text)
        };
        match played {
            Ok((m, marks)) => {
                line.push(node(&pos, m, &marks, wm, false, notes));
                pos.play(m);
            }
            Err(problem) => {
                notes.push(TreeNote {
                    line: wm.line,
                    kind: NoteKind::VariationCut {
                        problem,
                        kept: line.len(),
                    },
                });
                break;
            }
        }
    }
    line
}

impl Game {
    /// The game as a tree (see the module's documentation).
    pub fn tree(&self) -> GameTree {
        let positions = self.positions();
        let mut notes: Vec<TreeNote> = self
            .orphan_variations
            .iter()
            .map(|&line| TreeNote {
                line,
                kind: NoteKind::VariationBeforeAnyMove,
            })
            .collect();
        let mut ignored = None;
        let comments = cleaned(&self.preamble, true, &mut ignored);
        let mut moves = Vec::with_capacity(self.moves.len());
        for (i, (&m, wm)) in self.moves.iter().zip(&self.written).enumerate() {
            let marks = super::move_marks::split_marks(&wm.text);
            moves.push(node(&positions[i], m, &marks, wm, true, &mut notes));
        }
        notes.sort_by_key(|n| n.line);
        GameTree {
            comments,
            moves,
            notes,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn clocks_both_ways() {
        assert_eq!(parse_clock("0:03:00"), Some(180_000));
        assert_eq!(parse_clock("1:02:03"), Some(3_723_000));
        assert_eq!(parse_clock("0:00:05.3"), Some(5_300));
        assert_eq!(parse_clock("2:05"), Some(125_000));
        assert_eq!(parse_clock("0:00:05.1234"), Some(5_123));
        for bad in ["", "5", "1:x:00", "1::00", "1:00:00:00", "0:01.x"] {
            assert_eq!(parse_clock(bad), None, "{bad}");
        }
        for ms in [0, 5_300, 5_030, 180_000, 3_723_000, 36_000_001] {
            assert_eq!(parse_clock(&clock_text(ms)), Some(ms), "{ms}");
        }
        assert_eq!(clock_text(180_000), "0:03:00");
        assert_eq!(clock_text(5_300), "0:00:05.3");
    }

    #[test]
    fn commands_taken_out_and_kept() {
        let mut clock = None;
        assert_eq!(
            clean(
                "[%clk 0:01:00] good [%eval 0.3] [%count start]",
                true,
                &mut clock
            ),
            "good [%eval 0.3]"
        );
        assert_eq!(clock, Some(60_000));
        // A second clock, a bad one, a variation's count command and an unclosed
        // command stay in the text.
        assert_eq!(
            clean("[%clk 0:02:00] [%count stop] [%clk", false, &mut clock),
            "[%clk 0:02:00] [%count stop] [%clk"
        );
        let mut clock = None;
        assert_eq!(clean("[%clk soon]", true, &mut clock), "[%clk soon]");
        assert_eq!(clock, None);
    }

    #[test]
    fn nags_by_number_and_glyph() {
        assert_eq!(nag_number("$1"), Some(1));
        assert_eq!(nag_number("$146"), Some(146));
        assert_eq!(nag_number("$300"), None);
        assert_eq!(nag_number("?!"), Some(6));
        assert_eq!(nag_number("+-"), Some(18));
        assert_eq!(nag_number(""), None);
    }
}
