//! Written games to played games: the start position (the `[FEN]` tag or the standard
//! start), each move checked against the legal moves, in Thai or western letters,
//! with the marks sites glue to moves (check signs right or wrong, glyphs, draw
//! offers) split off first. An unreadable or illegal move stops the game there; the
//! moves before it are kept.
//!
//! A game counted as players count (`[Counting "players"]`, the page's export) carries
//! the players' count actions as comment commands: `{[%count start]}` or
//! `{[%count stop]}` right after the move before the action (before the first move for
//! an action at the start). They are applied as read, checked as moves are: a start
//! while a pawn is on the board, or a stop with no count running, stops the game there.
//! A count command without the tag counts as the tag.

use super::move_marks::{MoveMarks, split_marks};
use super::problem::PgnProblem;
use super::reader::{PgnError, WrittenGame, WrittenMove, game_label};
use crate::board::{CountAction, FenRules, Move, Position, Variant};

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
    /// The game is counted as players count (`[Counting "players"]`, or a count
    /// command in its comments).
    pub players_counting: bool,
    /// The players' count actions, in order: (plies played before the action, the
    /// action). Empty under the automatic count.
    pub count_actions: Vec<(usize, CountAction)>,
    /// The main line's moves as written (same length as `moves`), with their NAGs and
    /// variations, for the game's tree (`tree`).
    pub(crate) written: Vec<WrittenMove>,
    /// The lines of variations written before any move (left out).
    pub(crate) orphan_variations: Vec<usize>,
}

impl Game {
    /// `game 2 (White - Black)`.
    pub fn label(&self) -> String {
        game_label(self.number, &self.tags)
    }

    /// The value of tag `name`.
    pub(crate) fn tag(&self, name: &str) -> Option<&str> {
        super::reader::tag_value(&self.tags, name)
    }

    /// The positions of the game: the start, then one after each move. Under
    /// players' counting each carries the count as the players' actions left it (an
    /// action at ply `p` is in position `p`).
    pub fn positions(&self) -> Vec<Position> {
        let mut out = Vec::with_capacity(self.moves.len() + 1);
        let mut pos = self.counted_start();
        let mut actions = self.count_actions.iter().peekable();
        for ply in 0..=self.moves.len() {
            if ply > 0 {
                pos.play(self.moves[ply - 1]);
            }
            while let Some(&(_, action)) = actions.next_if(|(at, _)| *at == ply) {
                // Checked when the game was read.
                let _ = pos.apply_count_action(action);
            }
            out.push(pos.clone());
        }
        out
    }

    /// The start position under the game's counting convention (players' counting,
    /// no count running; or the start as read).
    fn counted_start(&self) -> Position {
        if self.players_counting {
            Position::replay_with_count_started(&self.start, &[], -1)
                .unwrap_or_else(|_| self.start.clone())
        } else {
            self.start.clone()
        }
    }

    /// pyffish's `count_started` after the last move: 0 under the automatic count, -1
    /// with no players' count running, N a count running since game ply N.
    pub fn count_started(&self) -> i64 {
        if !self.players_counting {
            return 0;
        }
        self.positions()
            .last()
            .map_or(-1, |pos| pos.count_started())
    }
}

/// The count commands of a comment, in order: `[%count start]` and `[%count stop]`;
/// `Err` gives the word of a command that is neither (clipped).
pub(crate) fn count_commands(comment: &str) -> Vec<Result<CountAction, String>> {
    let mut out = Vec::new();
    let mut rest = comment;
    while let Some(at) = rest.find("[%count") {
        let after = &rest[at + "[%count".len()..];
        let end = after.find(']').unwrap_or(after.len());
        let word = after[..end].trim();
        // `[%counter ...]` and the like are other commands.
        if after.starts_with(|c: char| c.is_whitespace() || c == ']') {
            out.push(match word {
                "start" => Ok(CountAction::Start),
                "stop" => Ok(CountAction::Stop),
                other => Err(super::problem::clip(other)),
            });
        }
        rest = &after[end..];
    }
    out
}

/// Whether the game says it is counted as players count: `[Counting "players"]` (any
/// letter case), or a count command in a comment.
fn counted_by_players(written: &WrittenGame) -> bool {
    written
        .tag("Counting")
        .is_some_and(|v| v.trim().eq_ignore_ascii_case("players"))
        || written
            .preamble
            .iter()
            .chain(written.moves.iter().flat_map(|m| m.comments.iter()))
            .any(|c| !count_commands(c).is_empty())
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

/// The letter of a move text that names no piece (`X` of `Xf5`), if it starts so;
/// a Thai letter starts a move in Thai notation.
fn unknown_letter(text: &str) -> Option<char> {
    text.chars().next().filter(|&c| {
        c.is_alphabetic()
            && !c.is_ascii_lowercase()
            && !PIECE_LETTERS.contains(c)
            && !('\u{e00}'..='\u{e7f}').contains(&c)
    })
}

/// Reads a move as written in `pos` (SAN in Thai or western letters, Thai notation as
/// Fairy-Stockfish writes it, or UCI), the marks sites glue to it split off first; the
/// problem names the move by its number in `pos`.
pub(crate) fn read_move<'a>(
    pos: &Position,
    text: &'a str,
) -> Result<(Move, MoveMarks<'a>), PgnProblem> {
    let marks = split_marks(text);
    match pos.parse_san(marks.body) {
        Ok(m) => Ok((m, marks)),
        Err(error) => Err(PgnProblem::Move {
            number: move_number_text(pos),
            text: text.to_string(),
            error,
            unknown_letter: unknown_letter(text),
        }),
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
    let fail = |line: usize, problem: PgnProblem| PgnError {
        game: label.clone(),
        number: written.number,
        line,
        problem: Box::new(problem),
    };
    let variant = match written.tag("Variant") {
        None => default,
        Some(text) => variant_named(text)
            .ok_or_else(|| fail(written.line, PgnProblem::UnknownVariant(text.to_string())))?,
    };
    let start = match written.tag("FEN") {
        Some(fen) => Position::from_fen_full(variant, fen, FenRules::Strict)
            .map_err(|e| fail(written.line, PgnProblem::Fen(e)))?,
        None => Position::startpos_of(variant),
    };
    let players_counting = counted_by_players(&written);
    let mut pos = if players_counting {
        Position::replay_with_count_started(&start, &[], -1)
            .map_err(|e| fail(written.line, PgnProblem::NotByHand(e)))?
    } else {
        start.clone()
    };
    let mut moves = Vec::with_capacity(written.moves.len());
    let mut comments = Vec::with_capacity(written.moves.len());
    let mut draw_offers = Vec::with_capacity(written.moves.len());
    let mut played = Vec::with_capacity(written.moves.len());
    let mut count_actions = Vec::new();
    let mut error = None;
    // The count actions of the comments at ply `ply` (after `label`'s move), applied.
    let mut apply_counts =
        |pos: &mut Position, texts: &[String], ply: usize, after: Option<&str>| {
            for command in texts.iter().flat_map(|c| count_commands(c)) {
                let action = command.map_err(|word| PgnProblem::CountCommand {
                    after: after.map(str::to_string),
                    word,
                })?;
                pos.apply_count_action(action)
                    .map_err(|error| PgnProblem::CountAction {
                        after: after.map(str::to_string),
                        action,
                        error,
                    })?;
                count_actions.push((ply, action));
            }
            Ok::<(), PgnProblem>(())
        };
    if let Err(e) = apply_counts(&mut pos, &written.preamble, 0, None) {
        error = Some(fail(written.line, e));
    }
    let written_moves = if error.is_some() {
        Vec::new()
    } else {
        written.moves
    };
    for wm in written_moves {
        if let Some(outcome) = pos.outcome()
            && !pos.has_legal_move()
        {
            error = Some(fail(
                wm.line,
                PgnProblem::AfterEnd {
                    number: move_number_text(&pos),
                    text: wm.text.clone(),
                    outcome,
                },
            ));
            break;
        }
        match read_move(&pos, &wm.text) {
            Ok((m, marks)) => {
                let label = format!("{} {}", move_number_text(&pos), pos.san(m));
                pos.play(m);
                moves.push(m);
                draw_offers.push(wm.draw_offer || marks.draw_offer);
                let counted = apply_counts(&mut pos, &wm.comments, moves.len(), Some(&label));
                comments.push(wm.comments.clone());
                let line = wm.line;
                played.push(wm);
                if let Err(e) = counted {
                    error = Some(fail(line, e));
                    break;
                }
            }
            Err(problem) => {
                error = Some(fail(wm.line, problem));
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
        players_counting,
        count_actions,
        written: played,
        orphan_variations: written.orphan_variations,
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
            e.problem
                .to_string()
                .contains("move 2... 'Ke5' is not a legal move"),
            "{e}"
        );
        assert_eq!(e.line, 4);
    }

    #[test]
    fn unknown_piece_letter() {
        let g = one("1. f4 Xf5 *").unwrap();
        let e = g.error.unwrap();
        assert!(
            e.problem.to_string().contains("unknown piece letter 'X'"),
            "{e}"
        );
        assert!(e.problem.to_string().contains("move 1..."), "{e}");
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
        assert!(
            e.problem
                .to_string()
                .contains("move 2. 'Nf9=' is not a move"),
            "{e}"
        );
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
        assert!(e.problem.to_string().contains("not one Khun plays"), "{e}");
        // The relatives by their tags, in any spelling.
        let g = one("[Variant \"Ouk Chatrang\"]\n1. Kb2 Kg7 *").unwrap();
        assert_eq!(g.start.variant(), Variant::Cambodian);
        assert_eq!(g.moves.len(), 2);
        let g = one("[Variant \"ASEAN\"]\n1. Bc2 Bc7 *").unwrap();
        assert_eq!(g.start.variant(), Variant::Asean);
        let g = one("[Variant \"Ai-Wok\"]\n1. Ad2 *").unwrap();
        assert_eq!(g.start.variant(), Variant::AiWok);
        let e = one("[FEN \"8/8/8/8\"]\n1. e4 *").unwrap_err();
        assert!(e.problem.to_string().contains("bad [FEN] tag"), "{e}");
    }

    /// K+R+N v K+R, White to move at game ply 60 (move 31): no pawn, either side may
    /// start the count.
    const PAWNLESS: &str = "4k3/8/8/3r4/8/8/3N4/R3K3 w - - 0 31";

    #[test]
    fn count_commands_are_read_as_players_count_actions() {
        let text = format!(
            "[Variant \"makruk\"]\n[Counting \"players\"]\n[FEN \"{PAWNLESS}\"]\n\n\
             31. Ra2 {{[%count start]}} 31... Rd6 32. Ra3 Rd7 33. Ra4 {{[%clk 0:01:00] [%count stop]}} \
             33... Rd6 *"
        );
        let g = one(&text).unwrap();
        assert!(g.error.is_none(), "{:?}", g.error);
        assert!(g.players_counting);
        assert_eq!(
            g.count_actions,
            [(1, CountAction::Start), (5, CountAction::Stop)]
        );
        let positions = g.positions();
        // Black started before its move at game ply 61: N = 62, its move counted 1.
        assert_eq!(positions[1].count_started(), 62);
        assert_eq!(positions[4].count_started(), 62);
        assert_eq!(positions[4].count().ply(), 3);
        assert_eq!(positions[5].count_started(), -1);
        assert_eq!(g.count_started(), -1);
        // The tag alone: players' counting with no count running.
        let g = one(&format!(
            "[Counting \"Players\"]\n[FEN \"{PAWNLESS}\"]\n\n31. Ra2 *"
        ))
        .unwrap();
        assert!(g.players_counting && g.count_actions.is_empty());
        assert_eq!(g.count_started(), -1);
        // No tag, no command: the automatic count.
        let g = one(&format!(
            "[FEN \"{PAWNLESS}\"]\n\n31. Ra2 {{[%counter 3]}} *"
        ))
        .unwrap();
        assert!(!g.players_counting);
        assert_eq!(g.count_started(), 0);
    }

    #[test]
    fn a_count_action_at_the_start_is_a_comment_before_the_first_move() {
        let g = one(&format!(
            "[FEN \"{PAWNLESS}\"]\n\n{{[%count start]}} 31. Ra2 Rd6 *"
        ))
        .unwrap();
        assert!(g.players_counting, "a command without the tag");
        assert_eq!(g.count_actions, [(0, CountAction::Start)]);
        // White started at game ply 60: N = 61; after two plies the count is 2.
        assert_eq!(g.count_started(), 61);
        assert_eq!(g.positions()[2].count().ply(), 2);
    }

    #[test]
    fn a_count_action_the_rules_refuse_stops_the_game_there() {
        let g = one(&format!(
            "[FEN \"{PAWNLESS}\"]\n\n31. Ra2 {{[%count stop]}} Rd6 32. Ra3 *"
        ))
        .unwrap();
        assert_eq!(g.moves.len(), 1, "the move before the command is kept");
        let e = g.error.unwrap();
        assert!(
            e.problem
                .to_string()
                .contains("after move 31. Ra2: [%count stop]: no count is running"),
            "{e}"
        );
        let g = one("[Counting \"players\"]\n\n1. e4 {[%count start]} e5 *").unwrap();
        assert_eq!(g.moves.len(), 1);
        assert!(g.error.unwrap().problem.to_string().contains("pawn"));
        let g = one(&format!(
            "[FEN \"{PAWNLESS}\"]\n\n31. Ra2 {{[%count go]}} *"
        ))
        .unwrap();
        assert!(
            g.error
                .unwrap()
                .problem
                .to_string()
                .contains("not a count command")
        );
        // Only makruk, makpong and cambodian count by hand.
        let e = one("[Variant \"ASEAN\"]\n[Counting \"players\"]\n\n1. Bc2 *").unwrap_err();
        assert!(
            e.problem.to_string().contains("does not count by hand"),
            "{e}"
        );
    }

    #[test]
    fn the_counting_sides_mate_is_a_draw_in_a_players_game() {
        // White counts (started at the start) and mates: the rules call it a draw.
        let text = "[Counting \"players\"]\n[FEN \"k6m/2K5/8/8/8/8/8/2R5 w - - 0 40\"]\n\n\
                    {[%count start]} 40. Ra1# 1/2-1/2";
        let g = one(text).unwrap();
        let positions = g.positions();
        assert_eq!(
            positions[1].outcome(),
            Some(crate::board::Outcome::CountingSideMate {
                winner: crate::board::Color::White
            })
        );
    }
}
