//! What every node of the search, the main search's and quiescence's alike, does
//! before it looks at a move: count itself, heed `stop`, and settle at once the
//! nodes that need no search (the count run out, a repetition, material that cannot
//! mate, a position the endgame tables cover); then its static evaluation and the
//! transposition table's entry.
//!
//! Draws inside the tree: repetition of a position on the current line or in the
//! game, stalemate, material that cannot mate, sittuyin's claim when a king and a
//! pawn have only promotions left, and the counting rule. A node whose
//! count has run out is a draw unless the side to move is mated, so the search never
//! aims at a mate the count forbids and sees the draw a sacrifice into a bare king
//! buys.

use super::score::*;
use super::tt::{Bound, TtEntry};
use super::worker::Worker;
use crate::board::{Color, Position};
use crate::tablebase::{ReadableTables, Verdict};

/// How a node's first checks end.
pub(super) enum NodeStart {
    /// The node is settled without a search: it scores this.
    Settled(i32),
    /// Nothing settles it: it must be searched.
    Open,
}

/// The exact score of a position an endgame table covers, the count included; a
/// drawn position scores `draw`. Only the tables in `readable` are read.
#[inline]
fn table_score(pos: &Position, ply: usize, draw: i32, readable: ReadableTables) -> Option<i32> {
    // Cheap filter first: tables hold at most five men and no pawns.
    if pos.occupied().count() > 5 {
        return None;
    }
    Some(match readable.probe(pos)? {
        Verdict::Win(d) => mate_in(ply + d as usize),
        Verdict::Loss(d) => mated_in(ply + d as usize),
        Verdict::Converts(d) => table_win_in(ply + d as usize),
        Verdict::Conceded(d) => -table_win_in(ply + d as usize),
        Verdict::Draw => draw,
    })
}

/// Whether a stored score with `bound` settles a node searched with the window
/// (`alpha`, `beta`).
#[inline(always)]
pub(super) fn bound_settles(bound: Bound, score: i32, alpha: i32, beta: i32) -> bool {
    match bound {
        Bound::Exact => true,
        Bound::Lower => score >= beta,
        Bound::Upper => score <= alpha,
    }
}

impl Worker<'_> {
    /// The checks that open every node at `ply`: it counts as a node, it ends the
    /// search when told, and a node the rules or the endgame tables score is
    /// settled (see [`NodeStart`]).
    #[inline(always)]
    pub(super) fn start_node(&mut self, pos: &Position, ply: usize) -> NodeStart {
        self.pv_len[ply] = 0;
        self.nodes += 1;
        if self.should_stop() {
            return NodeStart::Settled(DRAW);
        }
        if ply > self.seldepth {
            self.seldepth = ply;
        }
        if pos.draw_rule_exceeded() {
            return NodeStart::Settled(self.count_exceeded_score(pos, ply));
        }
        // why a repetition test in quiescence too: a quiet move or an evasion into
        // the horizon can repeat a position, and standing pat would score the draw as
        // the evaluation (after a capture the window is empty and the test is free).
        // why sittuyin's claim is a draw here: the side left with a king and a pawn
        // that can only promote claims it whenever it is losing, and a search blind to
        // it walks a won ending into it (a +6.47 capture that let the claim in, in a
        // match against Fairy-Stockfish, which knows the rule).
        if self.is_repetition(pos, ply)
            || (pos.has_insufficient_material(Color::White)
                && pos.has_insufficient_material(Color::Black))
            || pos.only_promotions_left()
        {
            return NodeStart::Settled(self.draw_score(ply));
        }
        if let Some(score) = table_score(pos, ply, self.draw_score(ply), self.tables) {
            return NodeStart::Settled(score);
        }
        NodeStart::Open
    }

    /// The static evaluation of `pos`, the node at `ply` (`-INFINITE` in check), and
    /// the transposition table's entry under `key`.
    // why the evaluation comes before the table probe, even where a table hit
    // would have made it unnecessary: the probe waits for the bucket the parent
    // prefetched, and the evaluation's work hides most of that memory latency
    // instead of stalling the node (+15-20% nodes/s in the bench). The score is
    // the one the table would have given (it keeps the same evaluation).
    #[inline(always)]
    pub(super) fn evaluate_then_probe(
        &mut self,
        pos: &Position,
        ply: usize,
        in_check: bool,
        key: u64,
    ) -> (i32, Option<TtEntry>) {
        let static_eval = if in_check {
            -INFINITE
        } else {
            self.evaluate(pos, ply)
        };
        (static_eval, self.shared.tt.probe(key))
    }

    /// The score the transposition table's entry `tt_entry` settles `pos`, the node
    /// at `ply` of the main search (off the principal variation), with: one stored at
    /// `depth` or deeper whose bound settles the window (`alpha`, `beta`). A hash
    /// move whose score cuts off is rewarded as a cutoff found by searching.
    #[inline(always)]
    pub(super) fn table_cutoff(
        &mut self,
        pos: &Position,
        tt_entry: Option<TtEntry>,
        depth: i32,
        alpha: i32,
        beta: i32,
        ply: usize,
    ) -> Option<i32> {
        let e = tt_entry?;
        let score = from_table(e.score, ply);
        if e.depth >= depth && bound_settles(e.bound, score, alpha, beta) {
            if score >= beta {
                self.reward_hash_move_cutoff(pos, e.mv, depth, ply);
            }
            return Some(score);
        }
        None
    }

    /// Whether the node at the end of `keys` is scored as a draw by repetition: its
    /// position occurred before on the current line after the root, or twice before
    /// counting the game's history (a threefold repetition).
    // why not one occurrence in the game's history: makruk has no repetition rule,
    // and a position seen once before the root is not a draw unless a side chooses
    // to repeat it again; scoring it as one makes the engine shy of (or steer into)
    // positions merely visited before, as Fairy-Stockfish's search does not.
    fn is_repetition(&self, pos: &Position, ply: usize) -> bool {
        let n = self.keys.len();
        let window = (pos.halfmove_clock() as usize).min(self.stack[ply].plies_from_null);
        let key = pos.placement_key();
        let mut back = 4;
        let mut earlier = 0;
        while back <= window && back < n {
            if self.keys[n - 1 - back] == key {
                if back < ply {
                    return true;
                }
                earlier += 1;
                if earlier == 2 {
                    return true;
                }
            }
            back += 2;
        }
        false
    }

    /// The score of a node whose count has run out: mated if it is mate, else a draw.
    fn count_exceeded_score(&self, pos: &Position, ply: usize) -> i32 {
        if pos.in_check() && !pos.has_legal_move() {
            mated_in(ply)
        } else {
            self.draw_score(ply)
        }
    }
}
