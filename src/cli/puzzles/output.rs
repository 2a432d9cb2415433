//! A puzzle written out: an EPD line in chess-variant-puzzler's form
//! (`FEN;variant makruk;bm SAN;pv m1,m2;type mate;...`, the line in UCI), or one
//! JSON object a line with the theme, the difficulty and the count in words.

use super::find::{Kind, mate_moves};
use crate::board::{Move, Variant};
use std::str::FromStr;

/// The output form.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Format {
    Epd,
    Json,
}

impl FromStr for Format {
    type Err = String;

    fn from_str(s: &str) -> Result<Format, String> {
        match s {
            "epd" => Ok(Format::Epd),
            "json" => Ok(Format::Json),
            _ => Err(format!("'{s}': expected epd or json")),
        }
    }
}

/// One verified puzzle.
#[derive(Clone, Debug, PartialEq, Eq)]
pub(crate) struct Puzzle {
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
    /// The count at the start, in the rules' words.
    pub(crate) count: String,
    /// The game (from 1) and the plies played before the position.
    pub(crate) game: usize,
    pub(crate) ply: usize,
}

/// A score as puzzler.py writes its `eval`: `#N` for a mate, else centipawns.
fn eval_text(score: i32) -> String {
    match mate_moves(score) {
        Some(n) => format!("#{n}"),
        None if score <= -crate::search::score::MATE_BOUND => {
            format!("#-{}", (crate::search::score::MATE + score) / 2)
        }
        None => score.to_string(),
    }
}

impl Puzzle {
    /// How hard: the solver's moves in the line, 1 to 5 (a mate in N is N).
    pub(crate) fn difficulty(&self) -> usize {
        self.pv.len().div_ceil(2).clamp(1, 5)
    }

    /// The line, one line of output with its newline.
    pub(crate) fn line(&self, format: Format) -> String {
        let pv: Vec<String> = self.pv.iter().map(|m| m.to_string()).collect();
        match format {
            Format::Epd => format!(
                "{};variant {};bm {};pv {};type {};theme {};eval {};difficulty {};count {};game {};ply {}\n",
                self.fen,
                self.variant.name(),
                self.bm_san,
                pv.join(","),
                self.kind.name(),
                self.kind.theme(),
                eval_text(self.score),
                self.difficulty(),
                // ';' separates EPD fields.
                self.count.replace(';', ","),
                self.game,
                self.ply,
            ),
            Format::Json => {
                let value = serde_json::json!({
                    "fen": self.fen,
                    "variant": self.variant.name(),
                    "bm": self.bm_san,
                    "moves": pv,
                    "type": self.kind.name(),
                    "theme": self.kind.theme(),
                    "eval": eval_text(self.score),
                    "second": self.second.map(eval_text),
                    "difficulty": self.difficulty(),
                    "count": self.count,
                    "game": self.game,
                    "ply": self.ply,
                });
                format!("{value}\n")
            }
        }
    }
}
