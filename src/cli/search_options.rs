//! The search options `analyze`, `annotate` and `puzzles` share (`--depth`, `--movetime`,
//! `--nodes`, `--threads`, `--hash`), the engine they set up, and the settings a job
//! over a PGN file's games records of them in its progress file.

use crate::board::Variant;
use crate::cli::annotate::shard::Shard;
use crate::engine::Engine;
use crate::long_jobs::progress_file;
use crate::options::table::{HASH_MB, THREADS};
use crate::search::Limits;
use crate::search::score::MAX_PLY;
use crate::tablebase::Tables;
use clap::builder::RangedU64ValueParser;
use serde::{Deserialize, Serialize};

/// How long to search each position, and with what.
#[derive(clap::Args, Clone, Debug, PartialEq, Eq)]
pub(crate) struct SearchOptions {
    /// Search each position to this depth (plies).
    #[arg(long, conflicts_with_all = ["movetime", "nodes"],
          value_parser = clap::value_parser!(u32).range(1..=(MAX_PLY as i64 - 4)))]
    pub(crate) depth: Option<u32>,
    /// Search each position for this many milliseconds (when no limit is given:
    /// 1000 for analyze, 200 per position for annotate).
    #[arg(long, conflicts_with = "nodes", value_parser = clap::value_parser!(u64).range(1..))]
    pub(crate) movetime: Option<u64>,
    /// Search each position for this many nodes.
    #[arg(long, value_parser = clap::value_parser!(u64).range(1..))]
    pub(crate) nodes: Option<u64>,
    /// Search threads.
    #[arg(long, default_value_t = THREADS.default as usize,
          value_parser = RangedU64ValueParser::<usize>::new()
              .range(THREADS.min as u64..=THREADS.max as u64))]
    pub(crate) threads: usize,
    /// Transposition table size in MB.
    #[arg(long, default_value_t = HASH_MB.default as usize,
          value_parser = RangedU64ValueParser::<usize>::new()
              .range(HASH_MB.min as u64..=HASH_MB.max as u64))]
    pub(crate) hash: usize,
    /// Evaluate with this network file instead of the built-in one.
    #[arg(long, conflicts_with = "no_nnue")]
    pub(crate) eval_file: Option<String>,
    /// Evaluate with the hand-written evaluation instead of the network.
    #[arg(long)]
    pub(crate) no_nnue: bool,
    #[command(flatten)]
    pub(crate) tables: super::FiveManTablesArg,
}

/// What a job over a PGN file's games (`annotate`, `puzzles`) records in its progress
/// file of the settings that decide its output's bytes, beside the job's own (flattened
/// into the same JSON object, so the file's line reads as one set of settings).
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub(crate) struct SearchedGames {
    /// The input's fingerprint (see [`progress_file::fingerprint`]) and its games.
    pub(crate) input: String,
    pub(crate) games_in_file: usize,
    pub(crate) variant: String,
    /// `depth 4`, `nodes 20000` or `movetime 200`.
    pub(crate) limit: String,
    pub(crate) hash_mb: usize,
    pub(crate) threads: usize,
    /// `hand-written`, or `network` and its checksum.
    pub(crate) evaluation: String,
    /// `K/N`, or null for the whole file.
    pub(crate) shard: Option<String>,
}

impl SearchOptions {
    /// The settings a run over `games` games of the file `input` records with these
    /// options (`default_movetime_ms` when no limit was given); refused when the
    /// network file cannot be read.
    pub(crate) fn searched_games(
        &self,
        input: &[u8],
        games: usize,
        variant: Variant,
        shard: Option<Shard>,
        default_movetime_ms: u64,
    ) -> Result<SearchedGames, String> {
        let limit = match (self.depth, self.movetime, self.nodes) {
            (Some(d), _, _) => format!("depth {d}"),
            (_, Some(ms), _) => format!("movetime {ms}"),
            (_, _, Some(n)) => format!("nodes {n}"),
            _ => format!("movetime {default_movetime_ms}"),
        };
        let evaluation = if self.no_nnue {
            "hand-written".to_string()
        } else {
            let network = crate::nnue::load(self.eval_file.as_deref().unwrap_or(""))?;
            format!("network {:016x}", network.checksum)
        };
        Ok(SearchedGames {
            input: progress_file::fingerprint(input),
            games_in_file: games,
            variant: variant.name().to_string(),
            limit,
            hash_mb: self.hash,
            threads: self.threads,
            evaluation,
            shard: shard.map(|s| s.to_string()),
        })
    }

    /// The limits of one search; `default_movetime_ms` when none was given.
    pub(crate) fn limits(&self, default_movetime_ms: u64) -> Limits {
        match (self.depth, self.movetime, self.nodes) {
            (Some(d), _, _) => Limits::depth(d),
            (_, Some(ms), _) => Limits {
                movetime: Some(ms),
                ..Limits::default()
            },
            (_, _, Some(n)) => Limits::nodes(n),
            _ => Limits {
                movetime: Some(default_movetime_ms),
                ..Limits::default()
            },
        }
    }

    /// A new handle for the endgame tables, with `--five-man-tables` set (refused
    /// with the reason when the path cannot hold them).
    pub(crate) fn tables(&self) -> Result<Tables, String> {
        self.tables.tables()
    }

    /// An engine with these threads and hash, reading `tables` (from
    /// [`SearchOptions::tables`]; engines may share one).
    pub(crate) fn engine(&self, tables: &Tables) -> Result<Engine, String> {
        let mut engine = Engine::new();
        engine.use_tables(tables.clone());
        engine.set_option_to("Threads", self.threads)?;
        engine.set_option_to("Hash", self.hash)?;
        if let Some(file) = &self.eval_file {
            engine.set_option_to("EvalFile", file)?;
        }
        engine.set_option_to("Use NNUE", !self.no_nnue)?;
        // The clock is ours alone: no GUI lag to allow for.
        engine.set_option_to("Move Overhead", 0)?;
        // An analysis judges the position, not a game against someone: draws are 0.
        engine.set_option_to("Contempt", 0)?;
        Ok(engine)
    }
}
