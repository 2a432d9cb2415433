//! `khun annotate GAME.pgn`: every position of every game searched, and the game
//! written back as PGN with an evaluation on each move, `?!`/`?`/`??` and the better
//! line where a move loses a clear amount, the counting rules' events (where each
//! count starts, its limit, where it runs out) and the real end (see [`annotate_game`]).
//! Each game's summary (see [`game_summary`]) goes to stderr, and with `--json` one
//! JSON object per game to a file. `--svg` adds graphs. Games are shared among `--jobs` jobs, each with its own engine
//! and table, and written in the order of the file; `--shard K/N` takes one share of
//! the file's games for one machine of many (see [`shard`]). With `-o`, a run killed
//! or stopped (SIGINT, SIGTERM) goes on with `--resume` (see [`annotate_resume`]).
//!
//! [`shard`]: crate::cli::annotate::shard
//! [`annotate_resume`]: crate::cli::annotate::resume
//! [`game_summary`]: crate::cli::annotate::summary
//!
//! [`annotate_game`]: crate::cli::annotate::game

pub(crate) mod game;
pub(crate) mod json;
pub(crate) mod progress;
pub(crate) mod resume;
pub(crate) mod review;
pub(crate) mod shard;
pub(crate) mod summary;
pub(crate) mod svg;

use self::game::{annotate_game, game_graph};
use self::progress::{JobProgress, Progress};
use self::resume::{GameDone, Journal, RunSettings};
use self::review::PositionEval;
use self::shard::Shard;
use self::summary::GameSummary;
use self::svg::Graph;
use crate::cli::search_options::SearchOptions;
use crate::engine::Engine;
use crate::long_jobs::interrupt::{self, Interrupt};
use crate::long_jobs::progress_file;
use crate::options::table::THREADS;
use crate::pgn::{self, Game, PgnError};
use crate::search::Limits;
use crate::tablebase::Tables;
use clap::builder::RangedU64ValueParser;
use std::fs::File;
use std::io::{BufWriter, Write};
use std::path::{Path, PathBuf};
use std::process::ExitCode;
use std::str::FromStr;
use std::sync::atomic::{AtomicBool, Ordering};

/// Search time per position when no `--depth`, `--movetime` or `--nodes` is given.
// why: a fifth of a second per position annotates an 80-move game in about half a
// minute on one thread, deep enough to catch the blunders a person wants to see.
pub(crate) const DEFAULT_MOVETIME_MS: u64 = 200;

/// `khun annotate`'s arguments.
#[derive(clap::Args, Clone, Debug)]
pub struct AnnotateArgs {
    /// The PGN file: one or more games, Thai or western letters.
    pub(crate) pgn: PathBuf,
    /// The game of the games without a `[Variant]` tag (a tag always wins):
    /// makruk (default), cambodian, karouk, makpong, asean, ai-wok or sittuyin.
    #[arg(long, default_value = "makruk", value_parser = crate::cli::parse_variant)]
    pub(crate) variant: crate::board::Variant,
    /// Write the annotated PGN to this file (default: standard output).
    #[arg(long, short)]
    pub(crate) output: Option<PathBuf>,
    /// Draw the evaluation of each game, with its counting windows, into this SVG file.
    #[arg(long)]
    pub(crate) svg: Option<PathBuf>,
    /// Also write one JSON object per game (JSON Lines) to this file: players,
    /// result, the summary, the rules' end, every move's score and judgement.
    #[arg(long, value_name = "FILE")]
    pub(crate) json: Option<PathBuf>,
    /// Games annotated at once, each job with its own engine and table (default: all
    /// cores, divided by --threads).
    #[arg(long, value_parser = RangedU64ValueParser::<usize>::new()
              .range(1..=THREADS.max as u64))]
    pub(crate) jobs: Option<usize>,
    /// Annotate only shard K of N: the games whose index, counting the file's first
    /// game as 0, leaves K when divided by N. Each game of the output is named in a
    /// `% khun annotate --shard` line, for `khun merge-shards`.
    #[arg(long, value_name = "K/N", value_parser = Shard::from_str)]
    pub(crate) shard: Option<Shard>,
    /// Go on with a run that was killed or stopped: keep the games its output (-o)
    /// holds whole, as its progress file OUT.progress records them, and annotate the
    /// rest. The settings must be the same. Without an earlier output, a fresh start.
    #[arg(long)]
    pub(crate) resume: bool,
    #[command(flatten)]
    pub(crate) search: SearchOptions,
}

/// What an annotation run did, counting the games an earlier run it resumed wrote.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Summary {
    /// Games written (in full or up to a bad move).
    pub(crate) annotated: usize,
    /// Games with an error (not readable, or stopped at a bad move).
    pub errors: usize,
    /// Games an earlier run had written, kept by `--resume`.
    pub(crate) resumed: usize,
    /// The signal that stopped the run before its last game, if one did.
    pub stopped_by: Option<i32>,
}

fn read_bytes(path: &Path) -> Result<Vec<u8>, String> {
    std::fs::read(path).map_err(|e| format!("cannot read '{}': {e}", path.display()))
}

/// The jobs to run: `--jobs`, or every core shared among jobs of `--threads` threads;
/// never more than there are games to search.
pub(crate) fn job_count(asked: Option<usize>, threads: usize, games: usize) -> usize {
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
    stop: impl Fn() -> bool,
) -> Option<Vec<PositionEval>> {
    let positions = game.positions();
    engine.new_game();
    review::evaluate_positions(engine, &game.start, &game.moves, &positions, limits, || {
        progress.position_done();
        !stop()
    })
}

/// The settings of this run that decide its output's bytes, for the progress file.
fn run_settings(args: &AnnotateArgs, input: &[u8], games: usize) -> Result<RunSettings, String> {
    Ok(RunSettings {
        search: args.search.searched_games(
            input,
            games,
            args.variant,
            args.shard,
            DEFAULT_MOVETIME_MS,
        )?,
        json: args.json.is_some(),
    })
}

/// Where the games go: the PGN, the JSON Lines, the progress file, and how long the
/// first two are.
struct Outputs {
    pgn: Box<dyn Write>,
    pgn_bytes: u64,
    json: Option<BufWriter<File>>,
    json_bytes: u64,
    journal: Option<Journal>,
}

impl Outputs {
    /// Writes game `game` (its index in the file): its PGN `text` and JSON line, each
    /// in one write and flushed, then records it in the progress file with `error`
    /// and its `scores`. A kill then leaves at most one game beyond the last
    /// recorded, which `--resume` cuts off.
    fn write_game(
        &mut self,
        game: usize,
        text: &str,
        json_line: Option<String>,
        error: bool,
        scores: Option<Vec<i32>>,
    ) -> Result<(), Halt> {
        self.pgn
            .write_all(text.as_bytes())
            .and_then(|_| self.pgn.flush())
            .map_err(|e| Halt::Failed(format!("cannot write the annotated games: {e}")))?;
        self.pgn_bytes += text.len() as u64;
        if let (Some(json), Some(line)) = (&mut self.json, json_line) {
            json.write_all(line.as_bytes())
                .and_then(|_| json.flush())
                .map_err(|e| Halt::Failed(format!("cannot write the JSON: {e}")))?;
            self.json_bytes += line.len() as u64;
        }
        if let Some(journal) = &mut self.journal {
            journal
                .record(&GameDone {
                    game,
                    pgn_bytes: self.pgn_bytes,
                    json_bytes: self.json_bytes,
                    error,
                    scores,
                })
                .map_err(Halt::Failed)?;
        }
        Ok(())
    }
}

fn create(path: &Path) -> Result<File, String> {
    File::create(path).map_err(|e| format!("cannot write '{}': {e}", path.display()))
}

/// Opens the outputs: new ones, or with `--resume` the earlier run's, cut back to its
/// last recorded game. Returns them and the games already done.
fn open_outputs(
    args: &AnnotateArgs,
    settings: &RunSettings,
    run_games: &[usize],
) -> Result<(Outputs, Vec<GameDone>), String> {
    let Some(path) = &args.output else {
        if args.resume {
            return Err(
                "--resume needs the output of the run to go on with: give -o FILE \
                        (a run to standard output cannot be resumed)"
                    .into(),
            );
        }
        let outputs = Outputs {
            pgn: Box::new(std::io::stdout().lock()),
            pgn_bytes: 0,
            json: args
                .json
                .as_deref()
                .map(create)
                .transpose()?
                .map(BufWriter::new),
            json_bytes: 0,
            journal: None,
        };
        return Ok((outputs, Vec::new()));
    };
    let (journal, done) = Journal::open(path, args.resume, settings, run_games)?;
    let (pgn_bytes, json_bytes) = done.last().map_or((0, 0), |g| (g.pgn_bytes, g.json_bytes));
    let pgn = progress_file::create_or_reopen(path, pgn_bytes)?;
    let json = match &args.json {
        Some(json_path) => Some(BufWriter::new(progress_file::create_or_reopen(
            json_path, json_bytes,
        )?)),
        None => None,
    };
    let outputs = Outputs {
        pgn: Box::new(BufWriter::new(pgn)),
        pgn_bytes,
        json,
        json_bytes,
        journal: Some(journal),
    };
    Ok((outputs, done))
}

/// Why the games stopped coming before the last.
enum Halt {
    /// A signal asked to stop: the game in progress is dropped, the output is whole.
    Stopped,
    /// Writing failed.
    Failed(String),
}

/// What every game's output needs besides the game, the same for the whole run.
struct GameOutput<'a> {
    /// How many games the input file holds (the JSON records say "game K of N").
    games_in_file: usize,
    /// Whether a JSON line is written.
    json: bool,
    tables: &'a Tables,
    progress: &'a Progress,
}

impl GameOutput<'_> {
    /// Appends the annotated game number `index` (from 0 in the file; `evals`, its
    /// searched positions) to `text` and says its errors and its summary on stderr;
    /// returns its JSON line (when asked for) and its graph (`None` for a game that
    /// could not be read).
    fn render(
        &self,
        index: usize,
        entry: &Result<Game, PgnError>,
        evals: Option<Vec<PositionEval>>,
        text: &mut String,
    ) -> (Option<String>, Option<Graph>) {
        let n = self.games_in_file;
        let game = match entry {
            Err(e) => {
                self.progress.suspend(|| eprintln!("khun annotate: {e}"));
                let json_line = self
                    .json
                    .then(|| json::line(&json::unreadable_record(index + 1, n, e)));
                return (json_line, None);
            }
            Ok(game) => game,
        };
        let evals = evals.unwrap_or_default();
        if let Some(e) = &game.error {
            self.progress
                .suspend(|| eprintln!("khun annotate: {e}; the moves before it are annotated"));
        }
        let (annotated, graph) = annotate_game(game, &evals, self.tables);
        text.push_str(&pgn::write_game(&annotated));
        let game_summary = GameSummary::of(game, &evals);
        self.progress.suspend(|| {
            for line in game_summary.lines(&game.label(), &annotated.result) {
                eprintln!("{line}");
            }
        });
        let json_line = self.json.then(|| {
            json::line(&json::game_record(
                game,
                &evals,
                &annotated.result,
                &game_summary,
                n,
            ))
        });
        (json_line, Some(graph))
    }
}

/// The summary and the graphs of the games an earlier run did (`done`, the first of
/// this run's `games`).
fn resumed_so_far(
    done: &[GameDone],
    games: &[(usize, Result<Game, PgnError>)],
    tables: &Tables,
) -> (Summary, Vec<Graph>) {
    let mut summary = Summary {
        resumed: done.len(),
        ..Summary::default()
    };
    let mut graphs = Vec::new();
    for (g, (_, entry)) in done.iter().zip(games) {
        summary.errors += g.error as usize;
        if let (Ok(game), Some(scores)) = (entry, &g.scores) {
            summary.annotated += 1;
            graphs.push(game_graph(game, scores.clone(), tables));
        }
    }
    (summary, graphs)
}

/// Runs `khun annotate`, stopping cleanly when `interrupt` is set. `Err` is a message
/// for input that stops everything (no file, no game, an output that cannot be
/// written, an output that cannot be resumed); errors in single games are printed and
/// counted in the summary.
pub fn run(args: &AnnotateArgs, interrupt: &Interrupt) -> Result<Summary, String> {
    let input = read_bytes(&args.pgn)?;
    let all = pgn::read_and_replay_in(&pgn::decode(&input), args.variant);
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
    // One handle for every job and the notes: each table is built (or loaded) once
    // for the run. A table directory it refuses ends the run before any output.
    let tables = args.search.tables()?;
    let settings = run_settings(args, &input, n)?;
    let run_games: Vec<usize> = games.iter().map(|(i, _)| *i).collect();
    let (mut outputs, done) = open_outputs(args, &settings, &run_games)?;
    let (mut summary, mut graphs) = resumed_so_far(&done, &games, &tables);
    let todo = &games[done.len()..];
    if let Some(path) = args.output.as_ref().filter(|_| args.resume) {
        eprintln!(
            "khun annotate: resuming '{}': {} of {} games done, {} to go",
            path.display(),
            done.len(),
            games.len(),
            todo.len()
        );
    }

    let searched = todo.iter().filter(|(_, g)| g.is_ok()).count();
    let jobs = job_count(args.jobs, args.search.threads, searched);
    let engines = (0..jobs)
        .map(|_| args.search.engine(&tables))
        .collect::<Result<Vec<Engine>, String>>()?;
    let limits = args.search.limits(DEFAULT_MOVETIME_MS);
    let positions: usize = todo
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
        if interrupt.requested() {
            return None;
        }
        let bar = progress.job(job);
        bar.start_game(
            game.label().replacen(
                &format!("game {}", game.number),
                &format!("game {} of {n}", game.number),
                1,
            ),
            game.moves.len() + 1,
        );
        let evals = evaluate(engine, game, &limits, &bar, || {
            stop.load(Ordering::Relaxed) || interrupt.requested()
        });
        bar.idle();
        evals
    };

    let game_output = GameOutput {
        games_in_file: n,
        json: outputs.json.is_some(),
        tables: &tables,
        progress: &progress,
    };
    let mut written = 0;
    let consume = |i: usize, evals: Option<Vec<PositionEval>>| -> Result<(), Halt> {
        let (index, entry) = &todo[i];
        if entry.is_ok() && evals.is_none() {
            // Stopped in the middle of the game: it is dropped, the output ends whole.
            return Err(if interrupt.requested() {
                Halt::Stopped
            } else {
                Halt::Failed("the annotation was stopped".into())
            });
        }
        let mut text = String::new();
        if let Some(shard) = args.shard {
            text.push_str(&shard.marker(index + 1, n));
        }
        let (json_line, graph) = game_output.render(*index, entry, evals, &mut text);
        let error = entry.as_ref().map_or(true, |g| g.error.is_some());
        summary.errors += error as usize;
        let scores = graph.as_ref().map(|g| g.scores_white.clone());
        if let Some(graph) = graph {
            graphs.push(graph);
            summary.annotated += 1;
        }
        outputs.write_game(*index, &text, json_line, error, scores)?;
        written += 1;
        Ok(())
    };
    match crate::cli::jobs::ordered_map(todo, engines, work, consume) {
        Ok(()) => {}
        Err(Halt::Stopped) => summary.stopped_by = interrupt.signal(),
        Err(Halt::Failed(e)) => return Err(e),
    }
    progress.finish();
    if let Some(path) = &args.svg {
        std::fs::write(path, svg::render(&graphs))
            .map_err(|e| format!("cannot write '{}': {e}", path.display()))?;
    }
    if let Some(signal) = summary.stopped_by {
        report_stop(args, signal, done.len() + written, games.len());
    }
    Ok(summary)
}

/// Says on stderr that `signal` stopped the run after `so_far` of its `total` games,
/// and how to go on.
fn report_stop(args: &AnnotateArgs, signal: i32, so_far: usize, total: usize) {
    let how_to_go_on = match &args.output {
        Some(path) => format!(
            "; '{}' holds them whole: run the same command with --resume to annotate \
             the other {}",
            path.display(),
            total - so_far
        ),
        None => String::new(),
    };
    eprintln!(
        "khun annotate: stopped by {} after {so_far} of {total} games{how_to_go_on}",
        interrupt::signal_name(signal),
    );
}

/// `khun annotate`: the exit status scripts read: a signal's (stopped early), 1 when
/// some games could not be read in full, 2 with the reason when it could not run.
pub fn main(args: &AnnotateArgs) -> ExitCode {
    match crate::cli::interrupt().and_then(|i| run(args, &i)) {
        Ok(summary) => match summary.stopped_by {
            // Stopped by a signal before the last game: as shells report it.
            Some(signal) => ExitCode::from(crate::long_jobs::interrupt::exit_code(signal)),
            None if summary.errors == 0 => ExitCode::SUCCESS,
            // Some games could not be read in full: say so to scripts.
            None => ExitCode::FAILURE,
        },
        Err(e) => crate::cli::could_not_run("annotate", e),
    }
}
