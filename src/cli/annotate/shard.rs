//! `--shard K/N`: one machine's share of a PGN file, so a collection can be annotated
//! on many machines at once (GNU parallel, a Slurm array, a Kubernetes indexed Job)
//! and the outputs merged back into file order with `khun merge-shards`.
//!
//! Games are counted from 0 here (the file's first game is game 0): game `i` goes to
//! shard `i mod N`, and `K` runs from 0 to `N - 1`, as Slurm array indices from 0 and
//! Kubernetes completion indices do. Messages still name games from 1 (`game 1`).
//! Every game of a shard's output is preceded by a PGN escape line (ignored by PGN
//! readers) that names it: `% khun annotate --shard 1/4: game 2 of 10` (game numbers
//! from 1, as in messages), which `merge-shards` sorts by.

use std::fmt;
use std::str::FromStr;

/// One share of the games: shard `index` of `count`.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) struct Shard {
    /// `K`, from 0.
    pub(crate) index: usize,
    /// `N`, at least 1.
    pub(crate) count: usize,
}

impl Shard {
    /// Whether the game at `index_from_0` in the file belongs to this shard.
    pub(crate) fn takes(&self, index_from_0: usize) -> bool {
        // why: every N-th game rather than a block of the file: collections are often
        // sorted (by event, by date, short blitz games before long correspondence
        // ones), and a block would give one shard all the long games.
        index_from_0 % self.count == self.index
    }

    /// The escape line written before game `number` (from 1) of a file of `games`.
    pub(crate) fn marker(&self, number: usize, games: usize) -> String {
        format!(
            "{MARKER}{}/{}: game {number} of {games}\n",
            self.index, self.count
        )
    }
}

/// The start of the escape line that names a game in a shard's output.
pub(crate) const MARKER: &str = "% khun annotate --shard ";

/// What an escape line names: the shard, the game (from 1) and the games in the file.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) struct Marker {
    pub(crate) shard: Shard,
    pub(crate) game: usize,
    pub(crate) games: usize,
}

/// Reads a marker line (`% khun annotate --shard 1/4: game 2 of 10`), or `None` when
/// the line is not one.
pub(crate) fn parse_marker(line: &str) -> Option<Marker> {
    let rest = line.trim_end().strip_prefix(MARKER)?;
    let (shard, rest) = rest.split_once(": game ")?;
    let (game, games) = rest.split_once(" of ")?;
    Some(Marker {
        shard: shard.parse().ok()?,
        game: game.parse().ok()?,
        games: games.parse().ok()?,
    })
}

impl fmt::Display for Shard {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}/{}", self.index, self.count)
    }
}

impl FromStr for Shard {
    type Err = String;

    fn from_str(s: &str) -> Result<Shard, String> {
        let usage = || format!("'{s}': expected K/N with 0 <= K < N (e.g. 0/4 ... 3/4)");
        let (k, n) = s.split_once('/').ok_or_else(usage)?;
        let index: usize = k.trim().parse().map_err(|_| usage())?;
        let count: usize = n.trim().parse().map_err(|_| usage())?;
        if count == 0 || index >= count {
            return Err(usage());
        }
        Ok(Shard { index, count })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_game_in_exactly_one_shard() {
        for n in 1..=4 {
            for game in 0..25 {
                let owners = (0..n)
                    .filter(|&k| Shard { index: k, count: n }.takes(game))
                    .count();
                assert_eq!(owners, 1, "game {game}, {n} shards");
            }
        }
    }

    #[test]
    fn parse_and_markers() {
        assert_eq!("1/4".parse(), Ok(Shard { index: 1, count: 4 }));
        for bad in ["4/4", "1/0", "-1/4", "1", "a/b", "1/4/2"] {
            assert!(bad.parse::<Shard>().is_err(), "{bad}");
        }
        let s = Shard { index: 1, count: 4 };
        let line = s.marker(2, 10);
        assert_eq!(line, "% khun annotate --shard 1/4: game 2 of 10\n");
        assert_eq!(
            parse_marker(&line),
            Some(Marker {
                shard: s,
                game: 2,
                games: 10
            })
        );
        assert_eq!(parse_marker("% another escape line"), None);
    }
}
