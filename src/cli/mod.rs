//! The command line: clap subcommands over the same board and engine code the
//! protocols use.
//!
//! - [`analyze`]: one position searched, its progress and answer in text or JSON
//!   (`analyze::json`: the JSON records).
//! - [`annotate`]: PGN games searched move by move and written back annotated, in its
//!   folder: `game` (one game's PGN and graph), `summary` (its numbers), `json` (its
//!   JSON line), `review` (move judgements), `svg` (graphs), `progress` (the display
//!   on stderr), `shard` (one machine's share of the games) and `resume` (the progress file a stopped run
//!   resumes from). The counting rules' events it reports are the rules' own
//!   (`board::count_events`).
//! - [`bot`]: `khun bot`, its arguments and token (the client is [`crate::bot`]).
//! - [`merge`]: the shards' outputs back in the order of the file.
//! - [`datagen`]: self-play training data for the network; [`records`]: training data
//!   from games played elsewhere; [`train`]: the network trained on either;
//!   [`tune_eval`]: the hand-written evaluation's weights fitted to it.
//! - [`tablebase`]: the endgame tables described, or one position looked up.
//! - [`perft`]: `khun perft` and `khun bench`.
//! - [`search_options`], [`score_text`], [`jobs`] (work shared among threads, results
//!   in input order: `annotate`'s games, `records`' games): what those share.

pub mod analyze;
pub mod annotate;
#[cfg(feature = "bot")]
pub mod bot;
pub mod datagen;
pub(crate) mod jobs;
pub mod merge;
pub mod perft;
pub mod prove_mates;
pub mod puzzles;
pub mod records;
pub(crate) mod score_text;
pub(crate) mod search_options;
pub mod tablebase;
pub mod train;
pub mod tune_eval;

use crate::board::{FenRules, Position, Variant};
use crate::tablebase::Tables;
use std::path::PathBuf;

/// How a fixed-node self-play search evaluates and how much hash it has, declared once
/// for `datagen` and `records`.
#[derive(clap::Args, Clone, Debug)]
pub struct SelfPlaySearchArgs {
    /// Transposition table per thread, MB.
    #[arg(long, default_value_t = 16)]
    pub(crate) hash: usize,
    /// Search with this network file instead of the built-in one.
    #[arg(long, conflicts_with = "no_nnue")]
    pub(crate) eval_file: Option<String>,
    /// Search with the hand-written evaluation (the first generation's data).
    #[arg(long)]
    pub(crate) no_nnue: bool,
}

impl SelfPlaySearchArgs {
    /// The network to search with (`None`: the hand-written evaluation), or why it
    /// cannot be loaded.
    pub(crate) fn network(
        &self,
    ) -> Result<Option<std::sync::Arc<crate::nnue::network::Network>>, String> {
        if self.no_nnue {
            return Ok(None);
        }
        crate::nnue::load(self.eval_file.as_deref().unwrap_or("")).map(Some)
    }

    /// The hash size in MB, within what a run may take.
    pub(crate) fn hash_mb(&self) -> usize {
        self.hash.clamp(1, 4096)
    }
}

/// `--five-man-tables DIR`, declared once for every command that reads the tables
/// (`analyze`, `annotate`, `tablebase`), and set through one door
/// ([`Tables::set_five_man_directory`], as the `FiveManTables` option).
#[derive(clap::Args, Clone, Debug, Default, PartialEq, Eq)]
pub struct FiveManTablesArg {
    /// Read the five-man tables (a king and three pieces against a bare king, two
    /// pieces against one with a rook among them) from this directory, building a
    /// missing one into it when it is needed (the `FiveManTables` option): searches
    /// play them exactly, the notes say whether the count leaves time for the mate, and
    /// `tablebase` lists them too (29 GB for all forty-two).
    #[arg(long, value_name = "DIR")]
    pub five_man_tables: Option<PathBuf>,
}

impl FiveManTablesArg {
    /// A new handle for the command's endgame tables, with the directory set through
    /// [`Tables::set_five_man_directory`]; a path it refuses (a file) is an error
    /// before anything is printed.
    pub(crate) fn tables(&self) -> Result<Tables, String> {
        let tables = Tables::new();
        tables.set_five_man_directory(self.five_man_tables.clone())?;
        Ok(tables)
    }
}

/// A command that could not run: `khun COMMAND: WHY` on stderr, and exit status 2.
pub(crate) fn could_not_run(command: &str, why: impl std::fmt::Display) -> std::process::ExitCode {
    eprintln!("khun {command}: {why}");
    std::process::ExitCode::from(2)
}

/// SIGINT and SIGTERM asking a long job to stop cleanly.
pub(crate) fn interrupt() -> Result<crate::long_jobs::interrupt::Interrupt, String> {
    crate::long_jobs::interrupt::Interrupt::on_signals()
}

/// Reads a `--variant` value: one of the games' names, in any letter case.
pub fn parse_variant(text: &str) -> Result<Variant, String> {
    Variant::from_name(text).ok_or_else(|| {
        format!(
            "unknown variant '{}'; Khun plays {}",
            text.chars().take(40).collect::<String>(),
            Variant::names_joined(", ")
        )
    })
}

/// The worker threads to use: `requested`, or one per core.
pub(crate) fn thread_count(requested: Option<usize>) -> usize {
    requested.unwrap_or_else(|| std::thread::available_parallelism().map_or(1, |n| n.get()))
}

/// Every complete training record of `paths`, in order.
pub(crate) fn read_records(
    paths: &[std::path::PathBuf],
) -> Result<Vec<[u8; crate::learn::data::RECORD_BYTES]>, String> {
    let mut records = Vec::new();
    for path in paths {
        let mut file_records = crate::learn::data::read_file(path)
            .map_err(|e| format!("cannot read {}: {e}", path.display()))?;
        records.append(&mut file_records);
    }
    Ok(records)
}

/// Builds a position of `variant` from an optional FEN (default: the variant's start)
/// and UCI moves, or says what is wrong.
pub fn position_from_args(
    variant: Variant,
    fen: Option<&str>,
    moves: &[String],
    rules: FenRules,
) -> Result<Position, String> {
    let fen = fen.unwrap_or(variant.start_fen());
    let mut pos = Position::from_fen_full(variant, fen, rules).map_err(|e| e.to_string())?;
    for (i, text) in moves.iter().flat_map(|m| m.split_whitespace()).enumerate() {
        let m = pos
            .parse_uci_move(text)
            .map_err(|e| format!("move {}: {e}", i + 1))?;
        pos.play(m);
    }
    Ok(pos)
}
