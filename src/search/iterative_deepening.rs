//! Iterative deepening: a thread searches the root one ply deeper at a time, each
//! line of a multi-PV search in an aspiration window around its last score (widened
//! on failure), until a limit or `stop`. Between iterations the main thread alone
//! reports and decides whether to go on.

use super::SearchReport;
use super::params::*;
use super::reductions::root_lmr_plies;
use super::score::*;
use super::time;
use super::tt::Bound;
use super::worker::Worker;
use crate::board::{Move, Position};
use std::sync::atomic::Ordering;

impl Worker<'_> {
    /// Iterative deepening until a limit or `stop`.
    pub(crate) fn iterate(&mut self, root: &Position) {
        let max_depth = self.limits.depth.map_or(MAX_PLY as i32 - 4, |d| {
            (d as i32).clamp(1, MAX_PLY as i32 - 4)
        });
        self.data.history.clear_killers();
        self.refresh_root_accumulator(root);
        let mut last_best = Move::NONE;
        let mut stable_iterations = 0u32;
        let mut last_score = -INFINITE;
        for depth in 1..=max_depth {
            // Helpers skip some depths so the threads spread over different iterations.
            if self.id > 0 && depth > 1 && (depth + self.id as i32) % 3 == 0 {
                continue;
            }
            let multipv = self.multipv.min(self.root_moves.len());
            for rm in &mut self.root_moves {
                rm.previous_score = rm.score;
            }
            for pv_index in 0..multipv {
                self.pv_index = pv_index;
                self.seldepth = 0;
                self.aspiration(root, depth);
                if self.stopped {
                    break;
                }
            }
            if self.stopped {
                // An aborted iteration still tells the best move if its first root
                // move finished; stable sorting keeps the old order otherwise.
                self.root_moves
                    .sort_by_key(|rm| std::cmp::Reverse(rm.score));
                break;
            }
            self.completed_depth = depth;
            self.publish_nodes();
            if !self.is_main() {
                continue;
            }
            self.report(depth);

            // Stop conditions of the main thread between iterations.
            let best = &self.root_moves[0];
            if let Some(mate) = self.limits.mate
                && best.score >= MATE_BOUND
                && (MATE - best.score + 1) / 2 <= mate as i32
            {
                break;
            }
            if best.mv == last_best {
                stable_iterations += 1;
            } else {
                stable_iterations = 0;
            }
            let score_fell = last_score != -INFINITE && best.score < last_score - 30;
            let instability = time::instability(stable_iterations, depth, score_fell);
            last_best = best.mv;
            last_score = best.score;
            if !self.shared.pondering.load(Ordering::Relaxed)
                && let Some(tm) = &self.time
                && tm.iteration_done(instability)
            {
                break;
            }
            // A forced move needs no deep search when the clock runs.
            if self.root_moves.len() == 1
                && depth >= 4
                && self.time.as_ref().is_some_and(|t| t.is_timed())
            {
                break;
            }
        }
        self.publish_nodes();
    }

    /// Searches the root with a window around the last score, widening on failure.
    fn aspiration(&mut self, root: &Position, depth: i32) {
        let previous = self.root_moves[self.pv_index].previous_score;
        let mut delta = aspiration_delta();
        let (mut alpha, mut beta) =
            if depth >= aspiration_min_depth() && previous.abs() < MATE_BOUND {
                (
                    (previous - delta).max(-INFINITE),
                    (previous + delta).min(INFINITE),
                )
            } else {
                (-INFINITE, INFINITE)
            };
        loop {
            let score = self.search_root(root, depth, alpha, beta);
            if self.stopped {
                return;
            }
            // Keep the best-first order for the lines not yet settled.
            self.root_moves[self.pv_index..].sort_by_key(|rm| std::cmp::Reverse(rm.score));
            if score <= alpha {
                beta = (alpha + beta) / 2;
                alpha = (score - delta).max(-INFINITE);
                self.root_moves[self.pv_index].bound = Some(Bound::Upper);
            } else if score >= beta {
                beta = (score + delta).min(INFINITE);
                self.root_moves[self.pv_index].bound = Some(Bound::Lower);
            } else {
                self.root_moves[self.pv_index].bound = None;
                break;
            }
            delta += delta / 2 + 5;
        }
        self.root_moves[..=self.pv_index].sort_by_key(|rm| std::cmp::Reverse(rm.score));
    }

    fn search_root(&mut self, root: &Position, depth: i32, mut alpha: i32, beta: i32) -> i32 {
        let mut best_score = -INFINITE;
        self.stack[0].plies_from_null = self.keys.len();
        self.pv_len[0] = 0;
        let in_check = root.in_check();
        self.stack[0].static_eval = if in_check {
            -INFINITE
        } else {
            self.evaluate(root, 0)
        };
        let start = self.pv_index;
        // The game is already drawn by the count (the side to move is not mated: it
        // has moves): nothing any move does can change that.
        if root.draw_rule_exceeded() {
            for rm in &mut self.root_moves[start..] {
                rm.score = DRAW;
                rm.seldepth = 1;
                rm.pv.truncate(1);
            }
            self.pv_len[0] = 0;
            return DRAW;
        }
        let report_currmove = self.is_main()
            && self
                .time
                .as_ref()
                .is_some_and(|t| t.elapsed().as_millis() > 3000);
        for i in start..self.root_moves.len() {
            let m = self.root_moves[i].mv;
            if report_currmove && let Some(r) = self.reporter {
                r.currmove(depth, m, i + 1);
            }
            let child = self.make_child(root, Some(m), 0);
            self.nodes += 1;
            let extension = child.in_check() as i32;
            let new_depth = depth - 1 + extension;
            let mut score;
            if i == start {
                score = -self.search(&child, new_depth, -beta, -alpha, 1, true, false);
            } else {
                let r = root_lmr_plies(root, m, depth, i - start, in_check, extension);
                score = -self.search(&child, new_depth - r, -alpha - 1, -alpha, 1, false, true);
                if score > alpha && r > 0 {
                    score = -self.search(&child, new_depth, -alpha - 1, -alpha, 1, false, true);
                }
                if score > alpha && score < beta {
                    score = -self.search(&child, new_depth, -beta, -alpha, 1, true, false);
                }
            }
            self.unmake_child();
            if self.stopped {
                return best_score;
            }
            let rm = &mut self.root_moves[i];
            if i == start || score > alpha {
                rm.score = score;
                rm.seldepth = self.seldepth;
                rm.pv.clear();
                rm.pv.push(m);
                let len = self.pv_len[1];
                rm.pv.extend_from_slice(&self.pv_table[1][..len]);
                if root.occupied().count() <= 5 {
                    // The search stops at positions the endgame tables cover; the
                    // tables know the rest of the line.
                    self.tables.extend_line(root, &mut rm.pv);
                }
            } else {
                rm.score = -INFINITE;
            }
            if score > best_score {
                best_score = score;
                if score > alpha {
                    alpha = score;
                    if score >= beta {
                        break;
                    }
                }
            }
        }
        best_score
    }

    /// Sends one `info` line per PV line to the reporter.
    fn report(&self, depth: i32) {
        let Some(reporter) = self.reporter else {
            return;
        };
        let elapsed = self
            .time
            .as_ref()
            .map_or(0, |t| t.elapsed().as_millis() as u64);
        let nodes = self.shared.total_nodes().max(self.nodes);
        let multipv = self.multipv.min(self.root_moves.len());
        for (i, rm) in self.root_moves.iter().take(multipv).enumerate() {
            if rm.score == -INFINITE {
                continue;
            }
            reporter.info(&SearchReport {
                depth,
                seldepth: rm.seldepth.max(1) as i32,
                multipv: i + 1,
                score: rm.score,
                bound: rm.bound,
                nodes,
                time_ms: elapsed,
                hashfull: self.shared.tt.hashfull(),
                pv: rm.pv.clone(),
            });
        }
    }
}
