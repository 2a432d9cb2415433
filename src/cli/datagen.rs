//! `khun datagen`: the command line over [`crate::learn::datagen`].

use crate::board::{FenRules, Position, Variant};
use crate::learn::datagen::{self, DatagenConfig, DatagenSummary};
use crate::long_jobs::interrupt::{self, Interrupt};
use std::path::PathBuf;
use std::process::ExitCode;

/// Self-play games at a fixed node count per move, written as training records.
#[derive(clap::Args, Clone, Debug)]
pub struct DatagenArgs {
    /// The game played: makruk or one of its relatives (sittuyin's records are its
    /// positions once every man is placed).
    #[arg(long, default_value = "makruk", value_parser = super::parse_variant)]
    pub(crate) variant: Variant,
    /// The record file; records are appended, so runs with other seeds add up.
    #[arg(long, short)]
    pub(crate) output: PathBuf,
    /// Stop once this many positions have been written (with --resume, counting
    /// those of the run already there).
    #[arg(long)]
    pub(crate) positions: Option<u64>,
    /// Stop after this many games (with --resume, counting those already there).
    #[arg(long)]
    pub(crate) games: Option<u64>,
    /// Nodes searched per move.
    #[arg(long, default_value_t = 5000, value_parser = clap::value_parser!(u64).range(1..))]
    pub(crate) nodes: u64,
    /// Threads, each playing its own games (default: all cores).
    #[arg(long)]
    pub(crate) threads: Option<usize>,
    /// The run's seed: the same seed and limits give the same file.
    #[arg(long, default_value_t = 1)]
    pub(crate) seed: u64,
    /// Random legal plies at the start of each game (after the book line).
    #[arg(long, default_value_t = 8)]
    pub(crate) random_plies: usize,
    /// Openings, one a line: `startpos [moves ...]` or `FEN [moves ...]`.
    #[arg(long)]
    pub(crate) book: Option<PathBuf>,
    /// Positions before this game ply are not written.
    #[arg(long, default_value_t = 16)]
    pub(crate) skip_plies: u32,
    /// A game still going after this many plies is adjudicated a draw.
    #[arg(long, default_value_t = 400)]
    pub(crate) max_plies: u32,
    #[command(flatten)]
    pub(crate) search: super::SelfPlaySearchArgs,
    /// Go on with the run the output's progress file (OUTPUT.progress) records, from
    /// its next game, after a kill or a stop; the settings must be the same, and
    /// --games/--positions count the games already there.
    #[arg(long)]
    pub(crate) resume: bool,
}

/// Reads a book of `variant`'s openings: `startpos [moves ...]` or `FEN [moves ...]`
/// per line; blank lines and `#` comments are skipped.
pub(crate) fn read_book(text: &str, variant: Variant) -> Result<Vec<Position>, String> {
    let mut out = Vec::new();
    for (n, line) in text.lines().enumerate() {
        let line = line.split('#').next().unwrap_or("").trim();
        if line.is_empty() {
            continue;
        }
        let (head, moves) = match line.split_once(" moves") {
            Some((h, m)) => (h.trim(), m.split_whitespace().map(str::to_string).collect()),
            None => (line, Vec::new()),
        };
        let fen = (head != "startpos").then_some(head);
        let pos = super::position_from_args(variant, fen, &moves, FenRules::Strict)
            .map_err(|e| format!("book line {}: {e}", n + 1))?;
        out.push(pos);
    }
    if out.is_empty() {
        return Err("the book has no openings".into());
    }
    Ok(out)
}

/// Runs datagen as the arguments say, stopping cleanly when `interrupt` is set.
pub fn run(args: &DatagenArgs, interrupt: &Interrupt) -> Result<DatagenSummary, String> {
    if args.positions.is_none() && args.games.is_none() {
        return Err("give --positions or --games (or both)".into());
    }
    let book = match &args.book {
        Some(path) => read_book(
            &std::fs::read_to_string(path)
                .map_err(|e| format!("cannot read {}: {e}", path.display()))?,
            args.variant,
        )?,
        None => Vec::new(),
    };
    let threads = super::thread_count(args.threads);
    let network = args.search.network()?;
    let cfg = DatagenConfig {
        variant: args.variant,
        network,
        output: args.output.clone(),
        games: args.games,
        positions: args.positions,
        nodes: args.nodes,
        threads: threads.max(1),
        seed: args.seed,
        random_plies: args.random_plies,
        book,
        skip_plies: args.skip_plies,
        max_plies: args.max_plies,
        hash_mb: args.search.hash_mb(),
        resume: args.resume,
        interrupt: interrupt.clone(),
        ..DatagenConfig::default()
    };
    let summary = datagen::run(&cfg).map_err(|e| format!("{}: {e}", args.output.display()))?;
    if let Some(signal) = summary.stopped_by {
        eprintln!(
            "khun datagen: stopped by {} after {} games ({} positions): {} ends with the \
             last of them, whole; run the same command with --resume to go on",
            interrupt::signal_name(signal),
            summary.totals.games,
            summary.totals.positions,
            args.output.display()
        );
    }
    Ok(summary)
}

/// `khun datagen`: the totals and game ends on stdout; a signal's exit status when
/// stopped by one, 2 with the reason when it could not run.
pub fn main(args: &DatagenArgs) -> ExitCode {
    match super::interrupt().and_then(|i| run(args, &i)) {
        Ok(s) => {
            let t = &s.totals;
            println!(
                "{} positions from {} games (White {}, draws {}, Black {}) in {:.1} s",
                t.positions, t.games, t.white_wins, t.draws, t.black_wins, s.seconds
            );
            let ends: Vec<String> = crate::learn::datagen::GameEnd::NAMES
                .iter()
                .zip(t.ends)
                .filter(|(_, n)| *n > 0)
                .map(|(name, n)| format!("{name} {n}"))
                .collect();
            println!("game ends: {}", ends.join(", "));
            match s.stopped_by {
                // Stopped by a signal before its limits: as shells report it.
                Some(signal) => ExitCode::from(crate::long_jobs::interrupt::exit_code(signal)),
                None => ExitCode::SUCCESS,
            }
        }
        Err(e) => crate::cli::could_not_run("datagen", e),
    }
}
