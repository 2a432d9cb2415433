//! The exact mate prover: whether the side to move can force the game's end as its
//! win within N moves against every defence, by the rules core alone
//! ([`Position::outcome`]: a mate the count forbids is the count's draw, Kar Ouk's
//! winning check is a win, every end as the rules say it).
//!
//! An AND-OR search to a fixed number of moves: at the attacker's turn one move that
//! wins is enough, at the defender's every move must lose. Nothing is cut that could
//! change the answer. Three things only make it faster: moves that give check are tried
//! first at the attacker's turn (they end most proofs soonest); at the defender's turn
//! the defence that last held at the same distance is tried first (it refutes most
//! wrong attacking moves at once); and a map remembers, for each attacker's position,
//! the fewest moves it was proven to win within and the most it was proven not to.
//! The map's key is the position's Zobrist key (pieces, side to move, the count,
//! Kar Ouk's checks, Cambodian rights) and the halfmove clock (the fifty-move rule
//! of ASEAN and sittuyin): two positions share it only by a 64-bit collision.
//!
//! A node budget bounds the work: past it the answer is "not proven", and a puzzle
//! the prover could not settle is not kept.
//!
//! [`prove_line`] applies it to a mate puzzle's line: the key move wins within N and
//! not sooner, no other first move wins within N, each defence of the line is one of
//! the longest, and each later attacking move wins within what is left and is the only
//! one that does, but for the last: any move that ends the game as the solver's win
//! there is as good as the line's (the page accepts it, as lichess.org does).

use crate::board::{Move, Position};
use std::collections::HashMap;
use std::fmt;

/// The most positions one puzzle's proof may visit before it is given up.
// why: measured on the shipped set (lab/log/2026-12-07-puzzle-prover.md): the
// costliest of 681 proofs, a mate in 5, visited 1.28 million positions (8-9 s at
// 140 000-270 000 a second); four times that leaves room for harder mates in 5 and
// still bounds one proof to well under a minute on the caller's thread.
pub const NODE_BUDGET: u64 = 5_000_000;

/// The budget ran out before an answer.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct OutOfBudget;

/// What the map knows of one attacker's position.
#[derive(Clone, Copy, Debug)]
struct Known {
    /// The fewest moves it was proven to win within (`u8::MAX`: none proven).
    wins_within: u8,
    /// The most moves it was proven not to win within (0: none).
    fails_within: u8,
}

/// The prover: its map of proven positions, the defences that held, and its count of
/// positions visited.
pub struct Prover {
    known: HashMap<(u64, u16), Known>,
    /// At each distance (moves left to the attacker), the defence that last held.
    held: Vec<Option<Move>>,
    nodes: u64,
    budget: u64,
}

impl Prover {
    /// A prover that gives up after `budget` positions.
    pub fn new(budget: u64) -> Prover {
        Prover {
            known: HashMap::new(),
            held: Vec::new(),
            nodes: 0,
            budget,
        }
    }

    /// The positions visited so far.
    pub fn nodes(&self) -> u64 {
        self.nodes
    }

    fn visit(&mut self) -> Result<(), OutOfBudget> {
        self.nodes += 1;
        if self.nodes > self.budget {
            return Err(OutOfBudget);
        }
        Ok(())
    }

    /// Whether the side to move at `pos` can force a win within `n` moves.
    pub fn wins_within(&mut self, pos: &Position, n: u8) -> Result<bool, OutOfBudget> {
        if n == 0 || pos.outcome().is_some() {
            return Ok(false);
        }
        self.attack(pos, n)
    }

    /// Whether playing `m` at `pos` forces a win for the side to move within `n`
    /// moves (`m` the first of them), every defence after it lost.
    pub fn move_wins_within(
        &mut self,
        pos: &Position,
        m: Move,
        n: u8,
    ) -> Result<bool, OutOfBudget> {
        if n == 0 {
            return Ok(false);
        }
        let attacker = pos.side_to_move();
        let child = pos.after(m);
        match child.outcome() {
            Some(end) => Ok(end.winner() == Some(attacker)),
            None if n > 1 => self.defend(&child, n - 1),
            None => Ok(false),
        }
    }

    /// The fewest moves within which `m` at `pos` wins, up to `most`; `None` where it
    /// does not win within `most`.
    pub fn moves_to_win(
        &mut self,
        pos: &Position,
        m: Move,
        most: u8,
    ) -> Result<Option<u8>, OutOfBudget> {
        for n in 1..=most {
            if self.move_wins_within(pos, m, n)? {
                return Ok(Some(n));
            }
        }
        Ok(None)
    }

    /// A defence at `pos` (the defender to move, the game on) after which the
    /// attacker cannot win within `n` moves, if one exists.
    fn holding_defence(&mut self, pos: &Position, n: u8) -> Result<Option<Move>, OutOfBudget> {
        for &d in pos.legal_moves().iter() {
            if !self.defence_loses(pos, d, n)? {
                return Ok(Some(d));
            }
        }
        Ok(None)
    }

    /// Whether the defence `d` at `pos` (the defender to move, the game on) loses: the
    /// game ends at once as the attacker's win, or the attacker then wins within `n`.
    fn defence_loses(&mut self, pos: &Position, d: Move, n: u8) -> Result<bool, OutOfBudget> {
        let child = pos.after(d);
        match child.outcome() {
            Some(end) => Ok(end.winner() == Some(!pos.side_to_move())),
            None => self.attack(&child, n),
        }
    }

    /// The attacker to move at `pos`, the game on: whether some move wins within `n`.
    fn attack(&mut self, pos: &Position, n: u8) -> Result<bool, OutOfBudget> {
        let key = (pos.key(), pos.halfmove_clock());
        if let Some(k) = self.known.get(&key) {
            if k.wins_within <= n {
                return Ok(true);
            }
            if n <= k.fails_within {
                return Ok(false);
            }
        }
        self.visit()?;
        let attacker = pos.side_to_move();
        let mut checks = Vec::new();
        let mut quiet = Vec::new();
        let mut won = false;
        // Every move's end first: a move that wins at once settles the node.
        for &m in pos.legal_moves().iter() {
            let child = pos.after(m);
            match child.outcome() {
                Some(end) if end.winner() == Some(attacker) => {
                    won = true;
                    break;
                }
                Some(_) => {}
                None if n > 1 && child.in_check() => checks.push(m),
                None if n > 1 => quiet.push(m),
                None => {}
            }
        }
        if !won {
            for &m in checks.iter().chain(quiet.iter()) {
                if self.defend(&pos.after(m), n - 1)? {
                    won = true;
                    break;
                }
            }
        }
        let entry = self.known.entry(key).or_insert(Known {
            wins_within: u8::MAX,
            fails_within: 0,
        });
        if won {
            entry.wins_within = entry.wins_within.min(n);
        } else {
            entry.fails_within = entry.fails_within.max(n);
        }
        Ok(won)
    }

    /// The defender to move at `pos`, the game on: whether every move loses, the
    /// attacker then winning within `n` moves.
    fn defend(&mut self, pos: &Position, n: u8) -> Result<bool, OutOfBudget> {
        self.visit()?;
        let moves = pos.legal_moves();
        let slot = n as usize;
        if self.held.len() <= slot {
            self.held.resize(slot + 1, None);
        }
        let held = self.held[slot].filter(|&m| moves.contains(m));
        let order = held
            .into_iter()
            .chain(moves.iter().copied().filter(|&m| Some(m) != held));
        for d in order {
            if !self.defence_loses(pos, d, n)? {
                self.held[slot] = Some(d);
                return Ok(false);
            }
        }
        Ok(true)
    }
}

/// Why a mate puzzle's line is not proven exact. Moves are given in SAN, counted
/// from 1 along the line.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Disproof {
    /// The key move does not win within N: this defence holds.
    KeyHolds { n: u8, defence: String },
    /// The key move wins sooner than the line says.
    KeyFaster { n: u8, fewer: u8 },
    /// Another first move wins within N too.
    SecondSolution { n: u8, other: String },
    /// The line's defence (its move number) is not one of the longest: the attacker
    /// wins sooner after it.
    ShortDefence { index: usize, san: String },
    /// A later attacking move of the line does not win within the moves left.
    LineMoveFails { index: usize, san: String },
    /// A later attacking move (not the last) has another move beside it that wins
    /// within the moves left.
    LineAlternative { index: usize, other: String },
    /// The line is not a mate line of 2N-1 legal moves.
    Malformed,
    /// The budget ran out after this many positions.
    Unproven { nodes: u64 },
}

impl fmt::Display for Disproof {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Disproof::KeyHolds { n, defence } => {
                write!(f, "the first move does not win within {n}: {defence} holds")
            }
            Disproof::KeyFaster { n, fewer } => {
                write!(f, "the first move wins within {fewer}, not {n}")
            }
            Disproof::SecondSolution { n, other } => {
                write!(f, "{other} also wins within {n}: a second solution")
            }
            Disproof::ShortDefence { index, san } => write!(
                f,
                "move {index} ({san}) is not a longest defence: the win comes sooner after it"
            ),
            Disproof::LineMoveFails { index, san } => {
                write!(f, "move {index} ({san}) does not win within the moves left")
            }
            Disproof::LineAlternative { index, other } => write!(
                f,
                "at move {index}, {other} also wins within the moves left"
            ),
            Disproof::Malformed => write!(f, "not a line of 2N-1 legal moves"),
            Disproof::Unproven { nodes } => {
                write!(f, "not proven within {nodes} positions")
            }
        }
    }
}

/// What a proof cost.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct ProofCost {
    /// Positions visited.
    pub nodes: u64,
}

/// Proves that `pv`, played from `pos`, is an exact puzzle of a win in `n` moves (a
/// line of 2n-1 moves, the solver's first): see the module's words for what is
/// proven. `budget` bounds the positions visited.
pub fn prove_line(
    pos: &Position,
    pv: &[Move],
    n: u8,
    budget: u64,
) -> (Result<(), Disproof>, ProofCost) {
    let mut prover = Prover::new(budget);
    let answer = match prove_with(&mut prover, pos, pv, n) {
        Ok(answer) => answer,
        Err(OutOfBudget) => Err(Disproof::Unproven {
            nodes: prover.nodes(),
        }),
    };
    let cost = ProofCost {
        nodes: prover.nodes(),
    };
    (answer, cost)
}

fn prove_with(
    prover: &mut Prover,
    pos: &Position,
    pv: &[Move],
    n: u8,
) -> Result<Result<(), Disproof>, OutOfBudget> {
    if n == 0 || pv.len() != 2 * n as usize - 1 || pos.outcome().is_some() {
        return Ok(Err(Disproof::Malformed));
    }
    let moves = pos.legal_moves();
    let key = pv[0];
    if !moves.contains(key) {
        return Ok(Err(Disproof::Malformed));
    }
    if !prover.move_wins_within(pos, key, n)? {
        let child = pos.after(key);
        let defence = match child.outcome() {
            None => prover
                .holding_defence(&child, n - 1)?
                .map(|d| child.san(d))
                .unwrap_or_default(),
            Some(_) => String::new(),
        };
        return Ok(Err(Disproof::KeyHolds { n, defence }));
    }
    if let Some(fewer) = prover.moves_to_win(pos, key, n - 1)? {
        return Ok(Err(Disproof::KeyFaster { n, fewer }));
    }
    if let Some(m) = another_winning_move(prover, pos, key, n)? {
        let other = pos.san(m);
        return Ok(Err(Disproof::SecondSolution { n, other }));
    }
    let mut p = pos.after(key);
    for i in (1..pv.len()).step_by(2) {
        // Moves left to the attacker after this defence.
        let left = n - (i as u8).div_ceil(2);
        let (defence, attack) = (pv[i], pv[i + 1]);
        if p.outcome().is_some() || !p.legal_moves().contains(defence) {
            return Ok(Err(Disproof::Malformed));
        }
        let san = p.san(defence);
        p.play(defence);
        if left > 1 && prover.wins_within(&p, left - 1)? {
            return Ok(Err(Disproof::ShortDefence { index: i + 1, san }));
        }
        if p.outcome().is_some() || !p.legal_moves().contains(attack) {
            return Ok(Err(Disproof::Malformed));
        }
        if !prover.move_wins_within(&p, attack, left)? {
            let san = p.san(attack);
            return Ok(Err(Disproof::LineMoveFails { index: i + 2, san }));
        }
        // why only before the last move: any move that ends the game as the solver's
        // win is accepted at the last (the page's puzzles.js, as lichess.org).
        if left > 1
            && let Some(m) = another_winning_move(prover, &p, attack, left)?
        {
            let other = p.san(m);
            return Ok(Err(Disproof::LineAlternative {
                index: i + 2,
                other,
            }));
        }
        p.play(attack);
    }
    Ok(Ok(()))
}

/// A legal move at `pos` other than `chosen` that also wins within `n` moves, if any.
fn another_winning_move(
    prover: &mut Prover,
    pos: &Position,
    chosen: Move,
    n: u8,
) -> Result<Option<Move>, OutOfBudget> {
    for &m in pos.legal_moves().iter().filter(|&&m| m != chosen) {
        if prover.move_wins_within(pos, m, n)? {
            return Ok(Some(m));
        }
    }
    Ok(None)
}

#[cfg(test)]
mod tests {
    use super::*;

    /// `uci` moves from `pos`, as moves.
    fn line(pos: &Position, uci: &[&str]) -> Vec<Move> {
        let mut p = pos.clone();
        uci.iter()
            .map(|t| {
                let m = p.parse_uci_move(t).expect("legal test move");
                p.play(m);
                m
            })
            .collect()
    }

    fn read(fen: &str) -> Position {
        Position::from_fen(fen).expect("test FEN")
    }

    #[test]
    fn rook_mate_in_two_under_a_fresh_count() {
        // K+R v K: 1. Kb6 Kb8 2. Rh8#, the only mate in 2.
        let pos = read("k7/7R/2K5/8/8/8/8/8 w - 32 0 1");
        let pv = line(&pos, &["c6b6", "a8b8", "h7h8"]);
        let (answer, cost) = prove_line(&pos, &pv, 2, NODE_BUDGET);
        assert_eq!(answer, Ok(()));
        assert!(cost.nodes > 0);
        // Claimed as a mate in 3 (a line too short), or with the wrong key.
        assert_eq!(
            prove_line(&pos, &pv, 3, NODE_BUDGET).0,
            Err(Disproof::Malformed)
        );
        let slow = line(&pos, &["h7h8", "a8a7", "c6c7"]);
        assert!(matches!(
            prove_line(&pos, &slow, 2, NODE_BUDGET).0,
            Err(Disproof::KeyHolds { n: 2, .. })
        ));
        let mut prover = Prover::new(NODE_BUDGET);
        assert_eq!(prover.wins_within(&pos, 1), Ok(false));
        assert_eq!(prover.wins_within(&pos, 2), Ok(true));
    }

    #[test]
    fn the_count_can_make_the_mate_come_too_late() {
        // 30 of 32 plies counted: the rules still let the mate in (its last move
        // mates as the count runs out).
        let fits = read("k7/7R/2K5/8/8/8/8/8 w - 32 30 1");
        let pv = line(&fits, &["c6b6", "a8b8", "h7h8"]);
        assert_eq!(prove_line(&fits, &pv, 2, NODE_BUDGET).0, Ok(()));
        // 31 counted: the count draws the game after Kb8, before Rh8 (the rules'
        // end, not a rule of the prover's): Kb8 holds.
        let late = read("k7/7R/2K5/8/8/8/8/8 w - 32 31 1");
        let pv = line(&late, &["c6b6", "a8b8", "h7h8"]);
        assert_eq!(
            prove_line(&late, &pv, 2, NODE_BUDGET).0,
            Err(Disproof::KeyHolds {
                n: 2,
                defence: "Kb8".to_string()
            })
        );
        let mut prover = Prover::new(NODE_BUDGET);
        assert_eq!(prover.wins_within(&late, 5), Ok(false));
    }

    #[test]
    fn a_mate_in_three_fairy_stockfish_saw_as_four() {
        // Khun's mate in 3 at depth 8; Fairy-Stockfish said #4 at depth 12 and #3 at
        // depth 20 (Mg3 Kf1 Me3 Kg1 Mg2#). Proven: every defence is mated in 3, not
        // sooner, and no other first move mates within 3.
        let pos = read("8/8/3mk3/p7/P3sm1P/5s2/2r5/1R4K1 b - - 1 51");
        let pv = line(&pos, &["f4g3", "g1f1", "e4e3", "b1b2", "c2c1"]);
        assert_eq!(prove_line(&pos, &pv, 3, NODE_BUDGET).0, Ok(()));
        let mut prover = Prover::new(NODE_BUDGET);
        assert_eq!(prover.moves_to_win(&pos, pv[0], 5), Ok(Some(3)));
        // The line's defence Kf1 is a longest one; a claim of a mate in 2 fails.
        let short = line(&pos, &["f4g3", "g1f1", "e4e3"]);
        assert!(matches!(
            prove_line(&pos, &short, 2, NODE_BUDGET).0,
            Err(Disproof::KeyHolds { n: 2, .. })
        ));
    }

    #[test]
    fn a_second_mate_in_three() {
        // Shipped as a unique mate in 3 (Mf6, depth 8); Mf5-e6 mates in 3 as well.
        let pos = read("2r1k3/4M1RR/7p/M4M2/6P1/2S5/2KM4/8 w - - 9 57");
        let pv = line(&pos, &["e7f6", "c8c3", "c2c3", "e8d8", "h7h8"]);
        let (answer, _) = prove_line(&pos, &pv, 3, NODE_BUDGET);
        assert_eq!(
            answer,
            Err(Disproof::SecondSolution {
                n: 3,
                other: "Me6".to_string()
            })
        );
    }

    #[test]
    fn a_win_by_check_is_the_rules_end_too() {
        // Kar Ouk (the first check wins): 1... f3=M and 2... Mg2+ wins, whatever
        // White does; no check is there to give at once.
        let pos = Position::from_fen_in(
            crate::board::Variant::Karouk,
            "4M3/8/8/4n1p1/1m3pPp/7P/3m1k2/7K b - - 1+1 1 78",
        )
        .unwrap();
        let pv = line(&pos, &["f4f3m", "e8f7", "f3g2"]);
        assert_eq!(prove_line(&pos, &pv, 2, NODE_BUDGET).0, Ok(()));
        let mut prover = Prover::new(NODE_BUDGET);
        assert_eq!(prover.wins_within(&pos, 1), Ok(false));
        // The same men under makruk's rules: no mate in 2.
        let makruk = read("4M3/8/8/4n1p1/1m3pPp/7P/3m1k2/7K b - - 1 78");
        assert_eq!(prover.wins_within(&makruk, 2), Ok(false));
    }

    #[test]
    fn a_budget_too_small_proves_nothing() {
        let pos = read("k7/7R/2K5/8/8/8/8/8 w - 32 0 1");
        let pv = line(&pos, &["c6b6", "a8b8", "h7h8"]);
        assert!(matches!(
            prove_line(&pos, &pv, 2, 3).0,
            Err(Disproof::Unproven { .. })
        ));
    }
}
