//! Playing below full strength: `Skill Level` (-20..20) and `UCI_LimitStrength` with
//! `UCI_Elo`, with Fairy-Stockfish's meaning at the ends (20 is the full engine, -20
//! the weakest).
//!
//! A handicapped search is a layer around the normal one, which it leaves untouched:
//! it caps the depth (a weak player does not see deep tactics or long plans), searches
//! a few root moves as MultiPV lines, and then picks among them with Stockfish's
//! score-weighted random choice. The choice never takes a move that the shallow search
//! itself sees losing more than [`Skill::max_loss_cp`] against its best line, so a weak
//! level misses a fork two moves deep but does not leave a rook where a pawn takes it.

use crate::board::Move;
use crate::rng::Rng;

/// The lowest `Skill Level`.
pub(crate) const LEVEL_MIN: i32 = -20;
/// The highest `Skill Level`: the full engine.
pub(crate) const LEVEL_MAX: i32 = 20;

/// One rung of the calibration ladder: a level and the Elo it measured
/// (lab/tools/skill_ladder.sh; the table is in the README).
struct Rung {
    level: f64,
    elo: f64,
}

/// `UCI_Elo` to level: the measured ladder, interpolated linearly between rungs.
/// why these numbers: they are the calibration ladder's ratings (README, "Playing
/// strength levels"), on the scale that Fairy-Stockfish 11.1's own `UCI_Elo` defines.
const LADDER: [Rung; 7] = [
    Rung {
        level: -20.0,
        elo: 672.0,
    },
    Rung {
        level: -10.0,
        elo: 1054.0,
    },
    Rung {
        level: 0.0,
        elo: 1306.0,
    },
    Rung {
        level: 1.0,
        elo: 1548.0,
    },
    Rung {
        level: 3.0,
        elo: 1814.0,
    },
    Rung {
        level: 6.0,
        elo: 2205.0,
    },
    Rung {
        level: 10.0,
        elo: 2551.0,
    },
];

/// The lowest `UCI_Elo`: the weakest level's rating.
pub(crate) const ELO_MIN: i32 = LADDER[0].elo as i32;
/// The highest `UCI_Elo`: the strongest level the ladder measured (above it, the full
/// engine: `UCI_LimitStrength false`).
pub(crate) const ELO_MAX: i32 = LADDER[LADDER.len() - 1].elo as i32;
/// `UCI_Elo`'s default, a club player's strength.
pub(crate) const ELO_DEFAULT: i32 = 1500;

/// Root moves searched side by side when the strength is limited.
/// why 4: Stockfish's Skill uses four lines; fewer makes the choice predictable, more
/// makes every iteration slower for moves the choice almost never takes.
const CANDIDATES: usize = 4;

/// A strength handicap and the seed of its random choice.
#[derive(Clone, Copy, Debug, PartialEq)]
pub(crate) struct Skill {
    /// -20.0..=20.0; 20 (or more) is the full engine. Fractional levels come from
    /// `UCI_Elo`.
    level: f64,
    seed: u64,
}

impl Default for Skill {
    fn default() -> Self {
        Skill::FULL
    }
}

impl Skill {
    /// The full engine: searches exactly as without this layer.
    pub(crate) const FULL: Skill = Skill {
        level: LEVEL_MAX as f64,
        seed: 0,
    };

    /// `Skill Level`, clamped into -20..=20.
    pub(crate) fn from_level(level: i32, seed: u64) -> Skill {
        Skill {
            level: level.clamp(LEVEL_MIN, LEVEL_MAX) as f64,
            seed,
        }
    }

    /// `UCI_Elo`: the level the calibration ladder measured at that strength.
    pub(crate) fn from_elo(elo: i32, seed: u64) -> Skill {
        let elo = f64::from(elo.clamp(ELO_MIN, ELO_MAX));
        let level = LADDER.windows(2).find(|w| elo <= w[1].elo).map_or(
            LADDER[LADDER.len() - 1].level,
            |w| {
                let t = (elo - w[0].elo) / (w[1].elo - w[0].elo);
                w[0].level + t * (w[1].level - w[0].level)
            },
        );
        Skill { level, seed }
    }

    /// The level, -20.0..=20.0.
    #[cfg(test)]
    fn level(&self) -> f64 {
        self.level
    }

    /// Whether this handicaps the search at all.
    pub(crate) fn enabled(&self) -> bool {
        self.level < LEVEL_MAX as f64
    }

    /// The share of its planned time a handicapped search takes before it answers, as
    /// a person would: drawn from the seed between 40% and 100% of the plan, scaled by
    /// the moves there are to choose from (0.6 to 1.4 times, 25 moves being 1), and a
    /// tenth when one move is forced.
    // why: a weak level's search is over in a few milliseconds, and an answer that
    // comes at once whatever the clock tells a person they play a machine (issue 60).
    pub(crate) fn thinking_share(&self, legal_moves: usize) -> f64 {
        if legal_moves <= 1 {
            return 0.1;
        }
        let mut rng = Rng::new(self.seed ^ 0x0074_6869_6E6B);
        let drawn = 0.4 + 0.6 * (rng.next_u64() % 1_000) as f64 / 1_000.0;
        drawn * (legal_moves as f64 / 25.0).clamp(0.6, 1.4)
    }

    /// The deepest iteration: `1 + level` as in Stockfish, one ply (plus the capture
    /// search) for every level at or below 0.
    pub(crate) fn depth(&self) -> u32 {
        1 + self.level.max(0.0) as u32
    }

    /// How many root moves to search as MultiPV lines: at least what the user asked.
    /// why more below 0: the negative levels widen the choice (9 lines at -20), the way
    /// Fairy-Stockfish's negative levels grow its randomness.
    pub(crate) fn candidates(&self, asked: usize) -> usize {
        let extra = (-self.level).max(0.0) as usize / 4;
        asked.max(CANDIDATES + extra)
    }

    /// Stockfish's weakness: how strongly the random term weighs against the score.
    /// Above 128 (levels below -4) it starts to favour the worse candidates.
    fn weakness(&self) -> f64 {
        120.0 - 2.0 * self.level
    }

    /// The most a chosen move may lose against the best line, in the shallow search's
    /// own judgement. why: weak human players lose material to tactics they do not see
    /// and to loose moves, not by leaving a rook en prise: 30 cp at level 20, 150 (a
    /// pawn and a half) at level 0, 310 at -20, where a beginner may give away a met
    /// (about 260) but never a khon, a horse or a rook (400 and more).
    pub(crate) fn max_loss_cp(&self) -> i32 {
        let level = self.level;
        if level >= 0.0 {
            (30.0 + 6.0 * (LEVEL_MAX as f64 - level)) as i32
        } else {
            (150.0 - 8.0 * level) as i32
        }
    }

    /// Picks the line to play among `lines` (score from the side to move's view, best
    /// first). Returns its index; 0 when the strength is not limited.
    pub(crate) fn choose(&self, lines: &[(i32, Vec<Move>)]) -> usize {
        if !self.enabled() || lines.len() < 2 {
            return 0;
        }
        let top = lines[0].0;
        // why: a mate (or a table win) found is played, and a line whose score is not a
        // real score (an iteration stopped before it) is never a candidate.
        if top.abs() >= super::score::TABLE_WIN_BOUND {
            return 0;
        }
        let floor = top - self.max_loss_cp();
        let usable: Vec<(usize, i32)> = lines
            .iter()
            .enumerate()
            .map(|(i, (s, _))| (i, *s))
            .filter(|&(_, s)| s >= floor && s <= top && s.abs() < super::score::TABLE_WIN_BOUND)
            .collect();
        let worst = usable.iter().map(|&(_, s)| s).min().unwrap_or(top);
        // why a pawn: Stockfish caps the random spread at a pawn's value, so the choice
        // is among moves of about equal worth, not between a good move and a bad one.
        let delta = f64::from((top - worst).min(100));
        let weakness = self.weakness();
        let mut rng = Rng::new(self.seed);
        let mut best = (0, f64::MIN);
        for (i, s) in usable {
            let random = (rng.next_u64() % weakness.max(1.0) as u64) as f64;
            let push = (weakness * f64::from(top - s) + delta * random) / 128.0;
            let value = f64::from(s) + push;
            if value > best.1 {
                best = (i, value);
            }
        }
        best.0
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn lines(scores: &[i32]) -> Vec<(i32, Vec<Move>)> {
        scores.iter().map(|&s| (s, Vec::new())).collect()
    }

    #[test]
    fn a_person_takes_a_share_of_the_plan() {
        let shares: Vec<f64> = (0..100)
            .map(|seed| Skill::from_level(0, seed).thinking_share(25))
            .collect();
        assert!(
            shares.iter().all(|&s| (0.4..=1.0).contains(&s)),
            "{shares:?}"
        );
        assert!(shares.iter().any(|&s| s < 0.6) && shares.iter().any(|&s| s > 0.8));
        assert_eq!(Skill::from_level(0, 1).thinking_share(1), 0.1);
        assert!(
            Skill::from_level(0, 1).thinking_share(60) > Skill::from_level(0, 1).thinking_share(25)
        );
    }

    #[test]
    fn full_strength_always_plays_the_best_line() {
        let l = lines(&[50, 40, 30, 20]);
        for seed in 0..100 {
            assert_eq!(Skill::from_level(20, seed).choose(&l), 0);
        }
        assert!(!Skill::FULL.enabled());
    }

    #[test]
    fn weak_levels_vary_their_choice_but_never_lose_a_piece() {
        let l = lines(&[50, 30, 10, -400]);
        let skill = |seed| Skill::from_level(-20, seed);
        let picks: Vec<usize> = (0..200).map(|seed| skill(seed).choose(&l)).collect();
        assert!(picks.iter().any(|&p| p != 0), "always the best line");
        assert!(
            picks.iter().all(|&p| p != 3),
            "a line losing 450 cp was played"
        );
    }

    #[test]
    fn a_found_mate_is_always_played() {
        let l = lines(&[super::super::score::mate_in(3), 10, 0, -10]);
        for seed in 0..50 {
            assert_eq!(Skill::from_level(-20, seed).choose(&l), 0);
        }
    }

    #[test]
    fn elo_maps_monotonically_onto_levels() {
        let mut last = f64::MIN;
        for elo in (ELO_MIN..=ELO_MAX).step_by(50) {
            let level = Skill::from_elo(elo, 0).level();
            assert!(level >= last, "{elo}: {level} < {last}");
            last = level;
        }
        assert_eq!(Skill::from_elo(ELO_MIN, 0).level(), LEVEL_MIN as f64);
        assert!(Skill::from_elo(ELO_MAX, 0).enabled());
    }

    #[test]
    fn depth_grows_with_the_level() {
        assert_eq!(Skill::from_level(-20, 0).depth(), 1);
        assert_eq!(Skill::from_level(0, 0).depth(), 1);
        assert_eq!(Skill::from_level(5, 0).depth(), 6);
    }
}
