//! A puzzle written out: an EPD line in chess-variant-puzzler's form
//! (`FEN;variant makruk;bm SAN;pv m1,m2;type mate;...`, the line in UCI, every field a
//! name and a value as its `pgn.py` and `filter.py` split them), one JSON object a line
//! with the theme, the difficulty and the count in words, or the object pychess.org's
//! puzzle importer (`server/import_puzzles.py`) upserts: its short field names (`_id`,
//! `v`, `f`, `m`, `t`, `e`, `s`, `g`, `b`) and the `uploaded_by` it looks for, with
//! Khun's own fields beside them.

use super::judge::{Kind, mate_moves};
use crate::board::{Move, Variant};
use crate::search::score::{MATE, MATE_BOUND};
use serde_json::{Value, json};
use std::str::FromStr;

/// The output form.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Format {
    /// chess-variant-puzzler's EPD.
    Epd,
    /// Khun's JSON, one object a line.
    Json,
    /// pychess.org's puzzle documents, one a line.
    Pychess,
}

impl Format {
    /// The name `--format` takes.
    pub fn name(self) -> &'static str {
        match self {
            Format::Epd => "epd",
            Format::Json => "json",
            Format::Pychess => "pychess",
        }
    }
}

impl FromStr for Format {
    type Err = String;

    fn from_str(s: &str) -> Result<Format, String> {
        match s {
            "epd" => Ok(Format::Epd),
            "json" => Ok(Format::Json),
            "pychess" => Ok(Format::Pychess),
            _ => Err(format!("'{s}': expected epd, json or pychess")),
        }
    }
}

/// One verified puzzle.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Puzzle {
    pub(crate) fen: String,
    pub(crate) variant: Variant,
    /// The first move in SAN.
    pub(crate) bm_san: String,
    /// The solution line, replayed by the rules.
    pub(crate) pv: Vec<Move>,
    pub(crate) kind: Kind,
    /// The best and second lines' scores, side to move's view.
    pub(crate) score: i32,
    pub(crate) second: Option<i32>,
    /// The depth the lines were searched to.
    pub(crate) depth: i32,
    /// The count at the start in the rules' words; for a race, how it ends.
    pub(crate) count: String,
    /// pyffish's `count_started` of the position (0: the automatic count; -1 players'
    /// counting, no count running; N a players' count running since game ply N).
    pub(crate) count_started: i64,
    /// The game (from 1; 0 for a position given alone) and the plies played before
    /// the position.
    pub(crate) game: usize,
    pub(crate) ply: usize,
}

/// A score as puzzler.py writes its `eval`: `#N` for a mate, `#-N` for being mated,
/// else centipawns.
pub(crate) fn eval_text(score: i32) -> String {
    match mate_moves(score) {
        Some(n) => format!("#{n}"),
        None if score <= -MATE_BOUND => format!("#-{}", (MATE + score) / 2),
        None => score.to_string(),
    }
}

/// A short id that names a puzzle by its position and solution (FNV-1a, written in
/// 8 letters and digits as pychess.org's ids are): the same puzzle gets the same id,
/// so importing a file twice updates rather than duplicates.
fn puzzle_id(fen: &str, moves: &str) -> String {
    const DIGITS: &[u8] = b"0123456789abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ";
    let mut hash: u64 = 0xcbf2_9ce4_8422_2325;
    for byte in fen.bytes().chain([b';']).chain(moves.bytes()) {
        hash ^= byte as u64;
        hash = hash.wrapping_mul(0x0000_0100_0000_01b3);
    }
    (0..8)
        .map(|_| {
            let digit = DIGITS[(hash % 62) as usize] as char;
            hash /= 62;
            digit
        })
        .collect()
}

impl Puzzle {
    /// How hard: the solver's moves in the line, 1 to 5 (a mate in N is N); a count
    /// race one harder (its answer is not the natural move).
    pub fn difficulty(&self) -> usize {
        // why a count decision is one harder too: the act is asked before the move.
        let race = matches!(
            self.kind,
            Kind::CountWin | Kind::CountHold | Kind::CountDecision(_)
        ) as usize;
        (self.pv.len().div_ceil(2) + race).clamp(1, 5)
    }

    /// The solution in UCI.
    fn moves(&self) -> Vec<String> {
        self.pv.iter().map(|m| m.to_string()).collect()
    }

    /// Khun's JSON object: what the finder and the checker answer in every language.
    pub fn to_json(&self) -> Value {
        let mut object = json!({
            "fen": self.fen,
            "variant": self.variant.name(),
            "bm": self.bm_san,
            "moves": self.moves(),
            "type": self.kind.name(),
            "theme": self.kind.theme(),
            "eval": eval_text(self.score),
            "second": self.second.map(eval_text),
            "depth": self.depth,
            "difficulty": self.difficulty(),
            "count": self.count,
            "game": self.game,
            "ply": self.ply,
        });
        self.add_players_fields(&mut object);
        object
    }

    /// Under players' counting: `counting` ("players"), `count_started` (pyffish's
    /// value before the act) and, for a count decision, `action` (`start`, `stop`,
    /// `keep`: the act before the line). Nothing under the automatic count, so its
    /// puzzles read as before.
    fn add_players_fields(&self, object: &mut Value) {
        if self.count_started == 0 {
            return;
        }
        object["counting"] = json!("players");
        object["count_started"] = json!(self.count_started);
        if let Kind::CountDecision(d) = self.kind {
            object["action"] = json!(d.word());
        }
    }

    /// The EPD fields of [`Puzzle::add_players_fields`], each `;name value`.
    fn players_epd_fields(&self) -> String {
        if self.count_started == 0 {
            return String::new();
        }
        let action = match self.kind {
            Kind::CountDecision(d) => format!(";action {}", d.word()),
            _ => String::new(),
        };
        format!(
            ";counting players;count_started {}{action}",
            self.count_started
        )
    }

    /// What the id hashes beside the FEN: the moves, and under players' counting the
    /// count and the act too (the same FEN and line under another count is another
    /// puzzle).
    fn id_moves(&self, moves: &str) -> String {
        match self.kind {
            _ if self.count_started == 0 => moves.to_string(),
            Kind::CountDecision(d) => format!("{moves};{};{}", self.count_started, d.word()),
            _ => format!("{moves};{}", self.count_started),
        }
    }

    /// pychess.org's puzzle document.
    pub fn to_pychess(&self) -> Value {
        let moves = self.moves().join(",");
        let mut object = json!({
            "_id": puzzle_id(&self.fen, &self.id_moves(&moves)),
            "v": self.variant.name(),
            "f": self.fen,
            "m": moves,
            "t": self.kind.name(),
            "e": eval_text(self.score),
            "s": "",
            "g": if self.game > 0 { format!("{}:{}", self.game, self.ply) } else { String::new() },
            "b": "Khun",
            "uploaded_by": "Khun",
            "theme": self.kind.theme(),
            "difficulty": self.difficulty(),
            "count": self.count,
            "depth": self.depth,
        });
        self.add_players_fields(&mut object);
        object
    }

    /// The line, one line of output with its newline.
    pub fn line(&self, format: Format) -> String {
        match format {
            Format::Epd => format!(
                "{};variant {};bm {};pv {};type {};theme {};eval {};difficulty {};count {};depth {};game {};ply {}{}\n",
                self.fen,
                self.variant.name(),
                self.bm_san,
                self.moves().join(","),
                self.kind.name(),
                self.kind.theme(),
                eval_text(self.score),
                self.difficulty(),
                // ';' separates EPD fields.
                self.count.replace(';', ","),
                self.depth,
                self.game,
                self.ply,
                self.players_epd_fields(),
            ),
            Format::Json => format!("{}\n", self.to_json()),
            Format::Pychess => format!("{}\n", self.to_pychess()),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn ids_name_the_puzzle_and_look_like_pychess_ids() {
        let a = puzzle_id("k7/7R/2K5/8/8/8/8/8 w - 32 0 1", "c6b6,a8b8,h7h8");
        assert_eq!(a.len(), 8);
        assert!(a.chars().all(|c| c.is_ascii_alphanumeric()));
        assert_eq!(
            a,
            puzzle_id("k7/7R/2K5/8/8/8/8/8 w - 32 0 1", "c6b6,a8b8,h7h8")
        );
        assert_ne!(a, puzzle_id("k7/7R/2K5/8/8/8/8/8 w - 32 0 1", "c6b6"));
        assert_eq!(eval_text(MATE - 3), "#2");
        assert_eq!(eval_text(-(MATE - 4)), "#-2");
        assert_eq!(eval_text(-35), "-35");
    }
}
