//! `khun puzzles GAMES.pgn`: every position of every game (both sides to move)
//! searched with two MultiPV lines, and the positions whose best move stands out kept
//! as puzzles, by the library's one finder ([`crate::puzzles`]: mates, winning and
//! saving only-moves, count races; each line replayed by the rules). Output: EPD lines
//! in chess-variant-puzzler's form, JSON Lines, or pychess.org's puzzle documents.
//! Games are shared among `--jobs` jobs as `annotate`'s are, and `--shard K/N` takes
//! one share. With `--out`, a progress file beside it lets `--resume` go on after a
//! kill (see [`resume`]).
//!
//! [`resume`]: crate::cli::puzzles::resume

pub(crate) mod resume;

use self::resume::{GameDone, Journal, RunSettings};
use crate::cli::annotate::shard::Shard;
use crate::cli::search_options::SearchOptions;
use crate::engine::Engine;
use crate::long_jobs::progress_file;
use crate::options::table::THREADS;
use crate::pgn::{self, Game, PgnError};
use crate::puzzles::{Counting, Format, Puzzle, PuzzleSearch, Tally};
use clap::builder::RangedU64ValueParser;
use std::io::Write;
use std::path::PathBuf;
use std::process::ExitCode;
use std::str::FromStr;
use std::sync::atomic::AtomicBool;
use std::time::Instant;

/// Search time per position when no `--depth`, `--movetime` or `--nodes` is given.
// why: annotate's default: a puzzle wants at least the depth that catches a blunder.
const DEFAULT_MOVETIME_MS: u64 = crate::cli::annotate::DEFAULT_MOVETIME_MS;

/// `khun puzzles`' arguments.
#[derive(clap::Args, Clone, Debug)]
pub struct PuzzlesArgs {
    /// The PGN file: one or more games, Thai or western letters.
    pub(crate) pgn: PathBuf,
    /// The game of the games without a `[Variant]` tag (a tag always wins).
    #[arg(long, default_value = "makruk", value_parser = crate::cli::parse_variant)]
    pub(crate) variant: crate::board::Variant,
    /// Write the puzzles to this file (default: standard output).
    #[arg(long)]
    pub(crate) out: Option<PathBuf>,
    /// `epd` (chess-variant-puzzler's form), `json` (one object a line) or `pychess`
    /// (the documents pychess.org's puzzle importer reads, one a line).
    #[arg(long, default_value = "epd", value_parser = Format::from_str)]
    pub(crate) format: Format,
    /// `automatic` (the default) or `players`: the games counted as players count
    /// (makruk, makpong, cambodian), the side at a disadvantage starting the board's
    /// honour at its first chance, and the count decisions (start, stop, keep
    /// counting) found as puzzles too. A game tagged `[Counting "players"]` is always
    /// counted so, with its own count actions.
    #[arg(long, default_value = "automatic", value_parser = Counting::from_str)]
    pub(crate) counting: Counting,
    /// Games searched at once, each job with its own engine (default: all cores,
    /// divided by --threads).
    #[arg(long, value_parser = RangedU64ValueParser::<usize>::new()
              .range(1..=THREADS.max as u64))]
    pub(crate) jobs: Option<usize>,
    /// Search only shard K of N: the games whose index, counting the file's first
    /// game as 0, leaves K when divided by N.
    #[arg(long, value_name = "K/N", value_parser = Shard::from_str)]
    pub(crate) shard: Option<Shard>,
    /// Go on with a run that was stopped or killed: keep the puzzles of the games
    /// `--out`'s progress file (`OUT.progress`) records as done and search the rest.
    /// The settings must be the same.
    #[arg(long, requires = "out")]
    pub(crate) resume: bool,
    #[command(flatten)]
    pub(crate) search: SearchOptions,
}

/// The settings of this run that decide its output's bytes, for the progress file.
fn run_settings(args: &PuzzlesArgs, input: &[u8], games: usize) -> Result<RunSettings, String> {
    Ok(RunSettings {
        search: args.search.searched_games(
            input,
            games,
            args.variant,
            args.shard,
            DEFAULT_MOVETIME_MS,
        )?,
        format: args.format.name().to_string(),
        counting: args.counting.name().to_string(),
    })
}

/// The output, its progress file (with `--out`) and the games an earlier run did.
type Opened = (Box<dyn Write>, Option<Journal>, Vec<GameDone>);

/// Opens the output: standard output, a new file with its progress file, or with
/// `--resume` the earlier run's, cut back to its last recorded game. Returns it, the
/// progress file (with `--out`) and the games already done.
fn open_output(
    args: &PuzzlesArgs,
    settings: &RunSettings,
    run_games: &[usize],
) -> Result<Opened, String> {
    let Some(path) = &args.out else {
        return Ok((Box::new(std::io::stdout().lock()), None, Vec::new()));
    };
    let (journal, done) = Journal::open(path, args.resume, settings, run_games)?;
    let bytes = done.last().map_or(0, |g| g.bytes);
    let file = progress_file::create_or_reopen(path, bytes)?;
    Ok((Box::new(std::io::BufWriter::new(file)), Some(journal), done))
}

/// Runs `khun puzzles`; `Err` is a message for what stops the run.
fn run(args: &PuzzlesArgs) -> Result<(), String> {
    let started = Instant::now();
    let input = std::fs::read(&args.pgn)
        .map_err(|e| format!("cannot read '{}': {e}", args.pgn.display()))?;
    let all = pgn::read_and_replay_in(&pgn::decode(&input), args.variant);
    if all.is_empty() {
        return Err(format!("no games in '{}'", args.pgn.display()));
    }
    let games_in_file = all.len();
    let (run_games, games): (Vec<usize>, Vec<Result<Game, PgnError>>) = all
        .into_iter()
        .enumerate()
        .filter(|(i, _)| args.shard.is_none_or(|s| s.takes(*i)))
        .unzip();
    let settings = run_settings(args, &input, games_in_file)?;
    let (mut out, mut journal, done) = open_output(args, &settings, &run_games)?;
    let mut bytes = done.last().map_or(0, |g| g.bytes);
    // The games an earlier run finished are kept as they are: only the rest are searched.
    let games = &games[done.len()..];
    let run_games = &run_games[done.len()..];
    let tables = args.search.tables()?;
    let readable = games.iter().filter(|g| g.is_ok()).count();
    let jobs = crate::cli::annotate::job_count(args.jobs, args.search.threads, readable);
    let engines = (0..jobs)
        .map(|_| {
            let mut engine = args.search.engine(&tables)?;
            engine.set_option_to("MultiPV", 2)?;
            Ok(engine)
        })
        .collect::<Result<Vec<Engine>, String>>()?;
    let limits = args.search.limits(DEFAULT_MOVETIME_MS);
    let mut total = Tally::default();
    let mut errors = 0;
    for g in &done {
        total.add(&g.tally);
        errors += g.error as usize;
    }
    let work = |engine: &mut Engine,
                _job: usize,
                _i: usize,
                entry: &Result<Game, PgnError>,
                stop: &AtomicBool| {
        let mut search = PuzzleSearch {
            engine,
            tables: &tables,
            limits: limits.clone(),
        };
        entry
            .as_ref()
            .ok()
            .and_then(|g| search.game_puzzles(g, args.counting, stop))
    };
    let consume = |i: usize, found: Option<(Vec<Puzzle>, Tally)>| -> Result<(), String> {
        if let Err(e) = &games[i] {
            eprintln!("khun puzzles: {e}");
            errors += 1;
        }
        let (puzzles, tally) = found.unwrap_or_default();
        total.add(&tally);
        let text: String = puzzles.iter().map(|p| p.line(args.format)).collect();
        out.write_all(text.as_bytes())
            .and_then(|_| out.flush())
            .map_err(|e| format!("cannot write the puzzles: {e}"))?;
        bytes += text.len() as u64;
        match &mut journal {
            Some(journal) => journal.record(&GameDone {
                game: run_games[i],
                bytes,
                error: games[i].is_err(),
                tally,
            }),
            None => Ok(()),
        }
    };
    crate::cli::jobs::ordered_map(games, engines, work, consume)?;
    let seconds = started.elapsed().as_secs_f64();
    eprintln!(
        "khun puzzles: {} games ({} kept from an earlier run), {} positions searched, {} puzzles ({} mate, {} winning, \
         {} defensive, {} count, {} count decisions), {} lines refused by the rules, {} mates refused by the prover, \
         {errors} unreadable games, {seconds:.1} s",
        games.len() + done.len(),
        done.len(),
        total.positions,
        total.puzzles(),
        total.mates,
        total.wins,
        total.saves,
        total.counts,
        total.decisions,
        total.unverified,
        total.disproved,
    );
    Ok(())
}

/// `khun puzzles`: 0 when it ran, 2 with the reason when it could not.
pub fn main(args: &PuzzlesArgs) -> ExitCode {
    match run(args) {
        Ok(()) => ExitCode::SUCCESS,
        Err(e) => crate::cli::could_not_run("puzzles", e),
    }
}
