//! `khun records`: training records from PGN games played elsewhere, the command line
//! over [`crate::learn::records`].

use crate::board::Variant;
use crate::learn::data::GameResult;
use crate::learn::datagen::{GameEnd, every_table_built};
use crate::learn::records::GameRecords;
use crate::learn::records::{self, RecordsConfig, Skipped};
use crate::long_jobs::interrupt::{self, Interrupt};
use crate::pgn::{Game, PgnError};
use std::collections::BTreeMap;
use std::io::Write;
use std::path::PathBuf;
use std::process::ExitCode;

/// Training records from the games of PGN files (matches against other engines,
/// people's games): each position searched at a fixed node count, labelled with the
/// game's result under the rules.
#[derive(clap::Args, Clone, Debug)]
pub struct RecordsArgs {
    /// The PGN files.
    #[arg(required = true)]
    pub(crate) games: Vec<PathBuf>,
    /// The record file; records are appended.
    #[arg(long, short)]
    pub(crate) output: PathBuf,
    /// Nodes searched per position (and per move of a play-out).
    #[arg(long, default_value_t = 5000, value_parser = clap::value_parser!(u64).range(1..))]
    pub(crate) nodes: u64,
    /// Positions before this game ply are not written.
    #[arg(long, default_value_t = 16)]
    pub(crate) skip_plies: u32,
    /// Play on a game that has no result under the rules (stopped at a match's length
    /// limit, on time, unfinished) from its last position, Khun against itself, until
    /// the rules end it; without it such games are skipped.
    #[arg(long)]
    pub(crate) play_out: bool,
    /// A play-out still going after this many plies of its own is a draw.
    #[arg(long, default_value_t = 400)]
    pub(crate) max_play_out_plies: u32,
    #[command(flatten)]
    pub(crate) search: super::SelfPlaySearchArgs,
    /// Threads, each searching its own games (default: all cores); the file is the
    /// same with any number.
    #[arg(long)]
    pub(crate) threads: Option<usize>,
}

/// What a run did.
#[derive(Default, Debug)]
pub struct RecordsSummary {
    pub games: u64,
    /// Games labelled by their written result / by a play-out.
    pub written: u64,
    pub played_out: u64,
    pub played_out_plies: u64,
    /// White wins, draws, Black wins among the games played out.
    pub played_out_results: [u64; 3],
    /// Skipped games by reason.
    pub skipped: BTreeMap<String, u64>,
    pub positions: u64,
    /// White wins, draws, Black wins among the games used.
    pub results: [u64; 3],
    /// The signal that stopped the run, if one did.
    pub stopped_by: Option<i32>,
}

/// Runs `khun records` as the arguments say, stopping between games when `interrupt`
/// is set.
pub fn run(args: &RecordsArgs, interrupt: &Interrupt) -> Result<RecordsSummary, String> {
    let network = args.search.network()?;
    let cfg = RecordsConfig {
        nodes: args.nodes,
        hash_mb: args.search.hash_mb(),
        skip_plies: args.skip_plies,
        play_out: args.play_out,
        max_play_out_plies: args.max_play_out_plies,
        network,
    };
    let mut texts = Vec::new();
    for path in &args.games {
        let bytes =
            std::fs::read(path).map_err(|e| format!("cannot read {}: {e}", path.display()))?;
        texts.push(crate::pgn::decode(&bytes));
    }
    let mut out = std::fs::OpenOptions::new()
        .create(true)
        .append(true)
        .open(&args.output)
        .map_err(|e| format!("cannot open {}: {e}", args.output.display()))?;
    let games: Vec<(String, Result<Game, PgnError>)> = texts
        .iter()
        .flat_map(|text| crate::pgn::read_and_replay(text))
        .map(|game| match game {
            Ok(game) => (game.label(), Ok(game)),
            Err(e) => (e.to_string(), Err(e)),
        })
        .collect();
    let variants: Vec<Variant> = games
        .iter()
        .filter_map(|(_, game)| game.as_ref().ok().map(|g| g.start.variant()))
        .collect();
    let tables = every_table_built(&variants);
    let threads = super::thread_count(args.threads).clamp(1, games.len().max(1));
    let players = (0..threads)
        .map(|_| records::player_for(&cfg, &tables))
        .collect();
    let mut summary = RecordsSummary::default();
    // Games are written in the files' order, whichever thread finished them, so a run
    // gives the same bytes with any number of threads.
    let done = super::jobs::ordered_map(
        &games,
        players,
        |player, _job, _index, (_, game), _stop| match game {
            Ok(game) => records::records_of_game(game, &cfg, player, interrupt),
            Err(e) => Err(Skipped::Unreadable(e.to_string())),
        },
        |index, outcome| match tally(&mut summary, &games[index].0, outcome, &mut out) {
            Ok(true) => Ok(()),
            Ok(false) => Err(None),
            Err(e) => Err(Some(format!("{}: {e}", args.output.display()))),
        },
    );
    match done {
        Ok(()) => {}
        Err(None) => {
            summary.stopped_by = interrupt.signal();
            return Ok(summary);
        }
        Err(Some(failure)) => return Err(failure),
    }
    out.flush()
        .map_err(|e| format!("{}: {e}", args.output.display()))?;
    Ok(summary)
}

/// Counts one game's outcome into `summary` and appends its records to `out`; `false`
/// when the game was interrupted (the run ends with the game before it).
fn tally(
    summary: &mut RecordsSummary,
    label: &str,
    outcome: Result<GameRecords, Skipped>,
    out: &mut impl Write,
) -> std::io::Result<bool> {
    match outcome {
        Ok(r) => {
            summary.games += 1;
            out.write_all(&r.records)?;
            summary.positions += (r.records.len() / crate::learn::data::RECORD_BYTES) as u64;
            let result = match r.result {
                GameResult::WhiteWins => 0,
                GameResult::Draw => 1,
                GameResult::BlackWins => 2,
            };
            summary.results[result] += 1;
            match r.play_out {
                None => summary.written += 1,
                Some(play_out) => {
                    summary.played_out += 1;
                    summary.played_out_plies += play_out.plies as u64;
                    summary.played_out_results[result] += 1;
                    // One line a play-out: what the match cut off was worth.
                    println!(
                        "{label}: played out {} plies: {} ({})",
                        play_out.plies,
                        ["1-0", "1/2-1/2", "0-1"][result],
                        GameEnd::NAMES[play_out.end as usize]
                    );
                }
            }
        }
        Err(skipped) => {
            let why = match skipped {
                Skipped::Interrupted => return Ok(false),
                Skipped::NoRulesResult(termination) => format!("no rules result ({termination})"),
                Skipped::Unreadable(_) => "unreadable".to_string(),
                Skipped::OtherVariant(variant) => format!("not makruk ({variant})"),
            };
            summary.games += 1;
            *summary.skipped.entry(why).or_default() += 1;
        }
    }
    Ok(true)
}

/// `khun records`: the totals on stdout; 2 with the reason when it could not run.
pub fn main(args: &RecordsArgs) -> ExitCode {
    match super::interrupt().and_then(|i| run(args, &i)) {
        Ok(s) => {
            println!(
                "{} positions from {} games (White {}, draws {}, Black {}): {} by their \
                 written result, {} played out ({} plies; White {}, draws {}, Black {})",
                s.positions,
                s.written + s.played_out,
                s.results[0],
                s.results[1],
                s.results[2],
                s.written,
                s.played_out,
                s.played_out_plies,
                s.played_out_results[0],
                s.played_out_results[1],
                s.played_out_results[2]
            );
            let skipped: Vec<String> = s
                .skipped
                .iter()
                .map(|(why, n)| format!("{n} {why}"))
                .collect();
            if !skipped.is_empty() {
                println!("skipped: {}", skipped.join(", "));
            }
            if let Some(signal) = s.stopped_by {
                eprintln!(
                    "khun records: stopped by {} after {} games; {} ends with the last of \
                     them, whole",
                    interrupt::signal_name(signal),
                    s.games,
                    args.output.display()
                );
                return ExitCode::from(interrupt::exit_code(signal));
            }
            ExitCode::SUCCESS
        }
        Err(e) => super::could_not_run("records", e),
    }
}
