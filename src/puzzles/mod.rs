//! Puzzles: the one finder and the one checker the command line (`khun puzzles`), the
//! WebAssembly build (`web::rules_api`'s `findPuzzles` and `checkPuzzle`) and the
//! Python package (`khun.puzzles`, `khun.check_puzzle`) call. A layer above the engine
//! facade, below the front ends.
//!
//! A position is searched with two MultiPV lines under the count that applies
//! ([`search`]); the two lines make a puzzle ([`judge`]): a mate in N no other move
//! matches, a winning only-move, a saving only-move (`defensive`), or a count race
//! (the only mate that fits the count where the natural move wins only without it;
//! the only defence that outlasts the count), the races judged by the endgame tables
//! where they apply and else by a second search with the count cleared. Every line is
//! replayed by the rules before it is kept ([`verify`]), and a mate (or a win in N,
//! the rules' other win: Kar Ouk's check) proven exact against every defence
//! ([`prove`]). [`check`] judges a claimed
//! puzzle the same way and says why it is not one; [`requests`] is the JSON both
//! languages send; [`output`] writes EPD, JSON and pychess.org's documents.
//!
//! [`search`]: crate::puzzles::search
//! [`judge`]: crate::puzzles::judge
//! [`verify`]: crate::puzzles::verify
//! [`prove`]: crate::puzzles::prove
//! [`check`]: crate::puzzles::check
//! [`requests`]: crate::puzzles::requests
//! [`output`]: crate::puzzles::output

pub mod check;
pub mod count_decision;
pub(crate) mod judge;
pub mod output;
pub mod prove;
pub mod requests;
pub mod search;
pub(crate) mod verify;

pub use count_decision::{Counting, Decision};
pub use judge::Kind;
pub use output::{Format, Puzzle};
pub use search::PuzzleSearch;

use crate::board::{Game, Move, Position};
use crate::pgn;
use std::sync::atomic::{AtomicBool, Ordering};

/// What a run found.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
pub struct Tally {
    pub positions: usize,
    pub mates: usize,
    pub wins: usize,
    /// Saving only-moves.
    #[serde(default)]
    pub saves: usize,
    /// Count races, both sides.
    pub counts: usize,
    /// Puzzles whose line the rules refused (a truncated or wrong line): dropped.
    pub unverified: usize,
    /// Mates (and wins in N) the exact prover refused (a defence the line misses,
    /// a second solution, not settled within its budget): dropped.
    #[serde(default)]
    pub disproved: usize,
    /// Players' count decisions (start, stop, keep counting).
    #[serde(default)]
    pub decisions: usize,
}

impl Tally {
    /// Adds `other`'s counts to these.
    pub fn add(&mut self, other: &Tally) {
        self.positions += other.positions;
        self.mates += other.mates;
        self.wins += other.wins;
        self.saves += other.saves;
        self.counts += other.counts;
        self.unverified += other.unverified;
        self.disproved += other.disproved;
        self.decisions += other.decisions;
    }

    /// Every puzzle kept.
    pub fn puzzles(&self) -> usize {
        self.mates + self.wins + self.saves + self.counts + self.decisions
    }

    fn kept(&mut self, kind: Kind) {
        match kind {
            Kind::Mate(_) | Kind::Win(_) => self.mates += 1,
            Kind::Winning => self.wins += 1,
            Kind::Defensive => self.saves += 1,
            Kind::CountWin | Kind::CountHold => self.counts += 1,
            Kind::CountDecision(_) => self.decisions += 1,
        }
    }
}

/// Where a position comes from: the game's number (from 1; 0 for a position given
/// alone) and the plies played before it.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Source {
    pub game: usize,
    pub ply: usize,
}

/// What one position gave the finder.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Found {
    /// A puzzle, its line accepted by the rules.
    Puzzle(Puzzle),
    /// No puzzle.
    Nothing,
    /// The lines made a puzzle whose line the rules refused (tallied apart).
    Refused,
    /// The lines made a mate (or a win in N) the exact prover refused (tallied apart).
    Disproved,
}

impl Found {
    /// Counts this in `tally`, and keeps its puzzle in `puzzles`.
    pub(crate) fn keep(self, puzzles: &mut Vec<Puzzle>, tally: &mut Tally) {
        match self {
            Found::Puzzle(p) => {
                tally.kept(p.kind);
                puzzles.push(p);
            }
            Found::Nothing => {}
            Found::Refused => tally.unverified += 1,
            Found::Disproved => tally.disproved += 1,
        }
    }
}

impl PuzzleSearch<'_> {
    /// The puzzle at `game`'s position, if its lines make one and the rules accept
    /// its line.
    pub fn puzzle_at(&mut self, game: Game, source: Source) -> Found {
        let pos = game.position().clone();
        if pos.players_counting()
            && let found @ Found::Puzzle(_) = self.decision_puzzle(&game, source)
        {
            return found;
        }
        let judgement = self.judge(game);
        let (Some(kind), Some((score, pv))) = (judgement.kind, judgement.best.clone()) else {
            return Found::Nothing;
        };
        if judgement.replayed.is_err() {
            return Found::Refused;
        }
        if judgement.proof.is_err() {
            return Found::Disproved;
        }
        Found::Puzzle(puzzle(&pos, kind, score, pv, &judgement, source))
    }

    /// The puzzles of one PGN game, every position of it (both sides), under the
    /// automatic count or, with `counting` players' (or a game tagged so), as players
    /// count it (`count_decision::players_positions`), where the count decisions are
    /// puzzles too; `None` when `stop` was raised before the end.
    pub fn game_puzzles(
        &mut self,
        game: &pgn::Game,
        counting: Counting,
        stop: &AtomicBool,
    ) -> Option<(Vec<Puzzle>, Tally)> {
        self.engine.new_game();
        let mut puzzles = Vec::new();
        let mut tally = Tally::default();
        let players = (game.players_counting || counting == Counting::Players)
            && game.start.variant().players_count();
        let counted: Vec<Game> = if players {
            let own = game
                .players_counting
                .then_some(game.count_actions.as_slice());
            count_decision::players_positions(&game.start, &game.moves, own)
        } else {
            // The automatic count, as annotate searches.
            (0..=game.moves.len())
                .map_while(|i| Game::new(game.start.clone(), &game.moves[..i], 0).ok())
                .collect()
        };
        for (i, at) in counted.into_iter().enumerate() {
            if stop.load(Ordering::Relaxed) {
                return None;
            }
            if !search::worth_searching(at.position()) {
                continue;
            }
            tally.positions += 1;
            let source = Source {
                game: game.number,
                ply: i,
            };
            self.puzzle_at(at, source).keep(&mut puzzles, &mut tally);
        }
        Some((puzzles, tally))
    }
}

/// The puzzle `judgement` found at `pos`.
pub(crate) fn puzzle(
    pos: &Position,
    kind: Kind,
    score: i32,
    pv: Vec<Move>,
    judgement: &search::Judgement,
    source: Source,
) -> Puzzle {
    Puzzle {
        fen: pos.to_fen(),
        variant: pos.variant(),
        bm_san: pos.san(pv[0]),
        // The story of the whole line (where the mate comes), the moves the puzzle asks.
        count: search::count_story(pos, &pv, kind, judgement.count_free),
        count_started: pos.count_started(),
        pv: judgement.solution(),
        kind,
        score,
        second: judgement.second.map(|s| s.0),
        depth: judgement.depth,
        game: source.game,
        ply: source.ply,
    }
}
