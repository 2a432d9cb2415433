//! The search options `analyze` and `annotate` share (`--depth`, `--movetime`,
//! `--nodes`, `--threads`, `--hash`) and the engine they set up.

use crate::engine::Engine;
use crate::options::table::{HASH_MB, THREADS};
use crate::search::Limits;
use crate::search::score::MAX_PLY;
use crate::tablebase::Tables;
use clap::builder::RangedU64ValueParser;

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

impl SearchOptions {
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
