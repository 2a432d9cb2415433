//! `khun annotate GAME.pgn`: every position of every game searched, and the game
//! written back as PGN with an evaluation on each move, `?!`/`?`/`??` and the better
//! line where a move loses a clear amount, the counting rules' events (where each
//! count starts, its limit, where it runs out) and the real end (see [`annotate_game`]).
//! Each game's summary (see [`game_summary`]) goes to stderr, and with `--json` one
//! JSON object per game to a file. `--svg` adds graphs. Games are shared among `--jobs` jobs, each with its own engine
//! and table, and written in the order of the file; `--shard K/N` takes one share of
//! the file's games for one machine of many (see [`shard`]).
//!
//! [`shard`]: super::shard
//! [`game_summary`]: super::game_summary
//!
//! [`annotate_game`]: super::annotate_game

use super::annotate_game::annotate_game;
use super::annotate_json;
use super::game_summary::GameSummary;
use super::jobs;
use super::progress::{JobProgress, Progress};
use super::review::{self, PositionEval};
use super::search_options::{SearchOptions, Silent};
use super::shard::Shard;
use super::svg;
use crate::engine::{Engine, limits};
use crate::pgn::{self, Game, PgnError};
use crate::search::Limits;
use clap::builder::RangedU64ValueParser;
use std::io::Write;
use std::path::{Path, PathBuf};
use std::str::FromStr;
use std::sync::Arc;
use std::sync::atomic::{AtomicBool, Ordering};

/// Search time per position when no `--depth`, `--movetime` or `--nodes` is given.
// why: a fifth of a second per position annotates an 80-move game in about half a
// minute on one thread, deep enough to catch the blunders a person wants to see.
pub const DEFAULT_MOVETIME_MS: u64 = 200;

/// `khun annotate`'s arguments.
#[derive(clap::Args, Clone, Debug)]
pub struct AnnotateArgs {
    /// The PGN file: one or more games, Thai or western letters.
    pub pgn: PathBuf,
    /// The game of the games without a `[Variant]` tag (a tag always wins):
    /// makruk (default), cambodian, karouk, makpong, asean or ai-wok.
    #[arg(long, default_value = "makruk", value_parser = super::parse_variant)]
    pub variant: crate::board::Variant,
    /// Write the annotated PGN to this file (default: standard output).
    #[arg(long, short)]
    pub output: Option<PathBuf>,
    /// Draw the evaluation of each game, with its counting windows, into this SVG file.
    #[arg(long)]
    pub svg: Option<PathBuf>,
    /// Also write one JSON object per game (JSON Lines) to this file: players,
    /// result, the summary, the rules' end, every move's score and judgement.
    #[arg(long, value_name = "FILE")]
    pub json: Option<PathBuf>,
    /// Games annotated at once, each job with its own engine and table (default: all
    /// cores, divided by --threads).
    #[arg(long, value_parser = RangedU64ValueParser::<usize>::new()
              .range(1..=limits::THREADS_MAX as u64))]
    pub jobs: Option<usize>,
    /// Annotate only shard K of N: the games whose index, counting the file's first
    /// game as 0, leaves K when divided by N. Each game of the output is named in a
    /// `% khun annotate --shard` line, for `khun merge-shards`.
    #[arg(long, value_name = "K/N", value_parser = Shard::from_str)]
    pub shard: Option<Shard>,
    #[command(flatten)]
    pub search: SearchOptions,
}

/// What an annotation run did.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Summary {
    /// Games written (in full or up to a bad move).
    pub annotated: usize,
    /// Games with an error (not readable, or stopped at a bad move).
    pub errors: usize,
}

/// Reads a PGN file: UTF-8, Latin-1 as some older sites save, or a mix (see
/// [`pgn::decode()`]); never fails on the bytes themselves.
pub fn read_pgn_file(path: &Path) -> Result<String, String> {
    let bytes =
        std::fs::read(path).map_err(|e| format!("cannot read '{}': {e}", path.display()))?;
    Ok(pgn::decode(&bytes))
}

/// The jobs to run: `--jobs`, or every core shared among jobs of `--threads` threads;
/// never more than there are games to search.
pub fn job_count(asked: Option<usize>, threads: usize, games: usize) -> usize {
    let cores = std::thread::available_parallelism().map_or(1, |n| n.get());
    // why: each job's engine searches with --threads threads; one thread per core
    // keeps the jobs from taking the cores from one another (and from the clock of
    // --movetime searches).
    asked.unwrap_or(cores / threads.max(1)).min(games).max(1)
}

/// Searches every position of `game` with a fresh table and histories (so a game's
/// annotation does not depend on which job had which game before it). `None` when
/// `stop` was set before the end.
fn evaluate(
    engine: &mut Engine,
    game: &Game,
    limits: &Limits,
    progress: &JobProgress,
    stop: &AtomicBool,
) -> Option<Vec<PositionEval>> {
    let positions = game.positions();
    engine.new_game();
    review::evaluate_positions(engine, &game.start, &game.moves, &positions, limits, || {
        progress.position_done();
        !stop.load(Ordering::Relaxed)
    })
}

/// Runs `khun annotate`. `Err` is a message for input that stops everything (no file,
/// no game, an output that cannot be written); errors in single games are printed
/// and counted in the summary.
pub fn run(args: &AnnotateArgs) -> Result<Summary, String> {
    let text = read_pgn_file(&args.pgn)?;
    let all = pgn::read_and_replay_in(&text, args.variant);
    if all.is_empty() {
        return Err(format!("no games in '{}'", args.pgn.display()));
    }
    let n = all.len();
    // This run's games, each with its index in the file (from 0).
    let games: Vec<(usize, Result<Game, PgnError>)> = all
        .into_iter()
        .enumerate()
        .filter(|(i, _)| args.shard.is_none_or(|s| s.takes(*i)))
        .collect();
    let mut out: Box<dyn Write> = match &args.output {
        Some(path) => Box::new(std::io::BufWriter::new(
            std::fs::File::create(path)
                .map_err(|e| format!("cannot write '{}': {e}", path.display()))?,
        )),
        None => Box::new(std::io::stdout().lock()),
    };
    let mut json: Option<std::io::BufWriter<std::fs::File>> = match &args.json {
        Some(path) => Some(std::io::BufWriter::new(
            std::fs::File::create(path)
                .map_err(|e| format!("cannot write '{}': {e}", path.display()))?,
        )),
        None => None,
    };
    let json_error = |e: std::io::Error| format!("cannot write the JSON: {e}");
    let searched = games.iter().filter(|(_, g)| g.is_ok()).count();
    let jobs = job_count(args.jobs, args.search.threads, searched);
    let engines = (0..jobs)
        .map(|_| args.search.engine(Arc::new(Silent)))
        .collect::<Result<Vec<Engine>, String>>()?;
    let limits = args.search.limits(DEFAULT_MOVETIME_MS);
    let positions: usize = games
        .iter()
        .filter_map(|(_, g)| g.as_ref().ok())
        .map(|g| g.moves.len() + 1)
        .sum();
    let progress = Progress::on_stderr(jobs, positions as u64);

    let work = |engine: &mut Engine,
                job: usize,
                _: usize,
                (_, entry): &(usize, Result<Game, PgnError>),
                stop: &AtomicBool| {
        let game = entry.as_ref().ok()?;
        let bar = progress.job(job);
        bar.start_game(
            game.label().replacen(
                &format!("game {}", game.number),
                &format!("game {} of {n}", game.number),
                1,
            ),
            game.moves.len() + 1,
        );
        let evals = evaluate(engine, game, &limits, &bar, stop);
        bar.idle();
        evals
    };

    let mut summary = Summary::default();
    let mut graphs = Vec::new();
    let consume = |i: usize, evals: Option<Vec<PositionEval>>| -> Result<(), String> {
        let (index, entry) = &games[i];
        if let Some(shard) = args.shard {
            out.write_all(shard.marker(index + 1, n).as_bytes())
                .map_err(|e| format!("cannot write the annotated games: {e}"))?;
        }
        let game = match entry {
            Ok(g) => g,
            Err(e) => {
                progress.suspend(|| eprintln!("khun annotate: {e}"));
                summary.errors += 1;
                if let Some(j) = &mut json {
                    j.write_all(
                        annotate_json::line(&annotate_json::unreadable_record(index + 1, n, e))
                            .as_bytes(),
                    )
                    .map_err(json_error)?;
                }
                return Ok(());
            }
        };
        if let Some(e) = &game.error {
            progress.suspend(|| eprintln!("khun annotate: {e}; the moves before it are annotated"));
            summary.errors += 1;
        }
        let Some(evals) = evals else {
            return Err("the annotation was stopped".into());
        };
        let (annotated, graph) = annotate_game(game, &evals);
        out.write_all(pgn::write_game(&annotated).as_bytes())
            .and_then(|_| out.flush())
            .map_err(|e| format!("cannot write the annotated games: {e}"))?;
        let game_summary = GameSummary::of(game, &evals);
        progress.suspend(|| {
            for line in game_summary.lines(&game.label(), &annotated.result) {
                eprintln!("{line}");
            }
        });
        if let Some(j) = &mut json {
            let record =
                annotate_json::game_record(game, &evals, &annotated.result, &game_summary, n);
            j.write_all(annotate_json::line(&record).as_bytes())
                .and_then(|_| j.flush())
                .map_err(json_error)?;
        }
        graphs.push(graph);
        summary.annotated += 1;
        Ok(())
    };
    jobs::ordered_map(&games, engines, work, consume)?;
    progress.finish();
    out.flush()
        .map_err(|e| format!("cannot write the annotated games: {e}"))?;
    if let Some(j) = &mut json {
        j.flush().map_err(json_error)?;
    }
    if let Some(path) = &args.svg {
        std::fs::write(path, svg::render(&graphs))
            .map_err(|e| format!("cannot write '{}': {e}", path.display()))?;
    }
    Ok(summary)
}
