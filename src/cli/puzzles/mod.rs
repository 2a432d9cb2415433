//! `khun puzzles GAMES.pgn`: every position of every game (both sides to move)
//! searched with two MultiPV lines, and the positions whose best move stands out kept
//! as puzzles (see [`find`]): a mate in N that no other move matches, or a win only
//! one move keeps. Each solution line is replayed by the rules before it is written
//! (see [`find::verify`]). The search is count-aware, so a mate the count forbids is
//! scored a draw and never becomes a mate puzzle. Where a count runs and the endgame
//! tables cover the position, count races are kept too (see [`find::count_race`]):
//! the only mate that fits the count where the second line would win without it, and
//! the only defence that outlasts the count. Output: EPD lines in
//! chess-variant-puzzler's form, or JSON Lines (see [`output`]). Games are shared
//! among `--jobs` jobs as `annotate`'s are, and `--shard K/N` takes one share. With
//! `--out`, a progress file beside it lets `--resume` go on after a kill (see
//! [`resume`]).
//!
//! [`resume`]: crate::cli::puzzles::resume
//!
//! [`find`]: crate::cli::puzzles::find
//! [`find::verify`]: crate::cli::puzzles::find::verify
//! [`find::count_race`]: crate::cli::puzzles::find::count_race
//! [`output`]: crate::cli::puzzles::output

pub(crate) mod find;
pub(crate) mod output;
pub(crate) mod resume;

use self::find::{Kind, MIN_LEGAL_MOVES};
use self::output::{Format, Puzzle};
use self::resume::{GameDone, Journal, RunSettings};
use crate::board::{Move, Position, counting};
use crate::cli::annotate::shard::Shard;
use crate::cli::search_options::SearchOptions;
use crate::engine::{Engine, SearchRequest, Silent};
use crate::long_jobs::progress_file;
use crate::options::table::THREADS;
use crate::pgn::{self, Game, PgnError};
use crate::search::Limits;
use crate::tablebase::Tables;
use clap::builder::RangedU64ValueParser;
use std::io::Write;
use std::path::PathBuf;
use std::process::ExitCode;
use std::str::FromStr;
use std::sync::Arc;
use std::sync::atomic::{AtomicBool, Ordering};
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
    /// `epd` (chess-variant-puzzler's form) or `json` (one object a line).
    #[arg(long, default_value = "epd", value_parser = Format::from_str)]
    pub(crate) format: Format,
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

/// What a run found.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
pub(crate) struct Tally {
    positions: usize,
    mates: usize,
    wins: usize,
    /// Count races, both sides (see [`find::count_race`]).
    counts: usize,
    /// Puzzles whose line the rules refused (a truncated or wrong line): dropped.
    unverified: usize,
}

impl Tally {
    /// Adds `other`'s counts to these.
    fn add(&mut self, other: &Tally) {
        self.positions += other.positions;
        self.mates += other.mates;
        self.wins += other.wins;
        self.counts += other.counts;
        self.unverified += other.unverified;
    }
}

/// The settings of this run that decide its output's bytes, for the progress file.
fn run_settings(args: &PuzzlesArgs, input: &[u8], games: usize) -> Result<RunSettings, String> {
    let search = &args.search;
    let limit = match (search.depth, search.movetime, search.nodes) {
        (Some(d), _, _) => format!("depth {d}"),
        (_, Some(ms), _) => format!("movetime {ms}"),
        (_, _, Some(n)) => format!("nodes {n}"),
        _ => format!("movetime {DEFAULT_MOVETIME_MS}"),
    };
    let evaluation = if search.no_nnue {
        "hand-written".to_string()
    } else {
        let network = crate::nnue::load(search.eval_file.as_deref().unwrap_or(""))?;
        format!("network {:016x}", network.checksum)
    };
    Ok(RunSettings {
        input: progress_file::fingerprint(input),
        games_in_file: games,
        variant: args.variant.name().to_string(),
        limit,
        hash_mb: search.hash,
        threads: search.threads,
        evaluation,
        shard: args.shard.map(|s| s.to_string()),
        format: match args.format {
            Format::Epd => "epd",
            Format::Json => "json",
        }
        .to_string(),
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

/// The puzzles of one game, and what its search tallied.
fn game_puzzles(
    engine: &mut Engine,
    tables: &Tables,
    game: &Game,
    limits: &Limits,
    stop: &AtomicBool,
) -> Option<(Vec<Puzzle>, Tally)> {
    let positions = game.positions();
    engine.new_game();
    let mut puzzles = Vec::new();
    let mut tally = Tally::default();
    for (i, pos) in positions.iter().enumerate() {
        if stop.load(Ordering::Relaxed) {
            return None;
        }
        if pos.outcome().is_some() || pos.legal_moves().len() < MIN_LEGAL_MOVES {
            continue;
        }
        tally.positions += 1;
        // The automatic count, as annotate searches (players' count actions are not
        // given to the engine).
        let _ = engine.set_position(game.start.clone(), &game.moves[..i]);
        let result = engine.search(SearchRequest::now(limits.clone()), Arc::new(Silent));
        let Some((best, mut pv)) = result.lines.first().cloned() else {
            continue;
        };
        let second = result.lines.get(1).map(|l| l.0);
        let race = count_race(pos, tables, best, &pv, result.lines.get(1));
        let Some(kind) = race.or_else(|| find::classify(best, second)) else {
            continue;
        };
        if kind == Kind::CountWin {
            // The search stops where a table takes over: the tables finish the mate.
            tables.extend_line(pos, &mut pv);
        }
        // A line the rules refuse (cut short by the table, or wrong) is dropped.
        if find::verify(pos, &pv, kind).is_err() {
            tally.unverified += 1;
            continue;
        }
        match kind {
            Kind::Mate(_) => tally.mates += 1,
            Kind::Winning => tally.wins += 1,
            Kind::CountWin | Kind::CountHold => tally.counts += 1,
        }
        let count = count_story(pos, &pv, kind);
        puzzles.push(Puzzle {
            fen: pos.to_fen(),
            variant: pos.variant(),
            bm_san: pos.san(pv[0]),
            pv,
            kind,
            score: best,
            second,
            count,
            game: game.number,
            ply: i,
        });
    }
    Some((puzzles, tally))
}

/// A count race from the search's lines at `pos`, when a count runs there and the
/// tables cover the position (built first, on this thread: a fraction of a second).
fn count_race(
    pos: &Position,
    tables: &Tables,
    best: i32,
    pv: &[Move],
    second: Option<&(i32, Vec<Move>)>,
) -> Option<Kind> {
    // why 5: the most men a table holds; beyond it no count-free verdict is cheap.
    if !pos.count().is_running() || pos.occupied().count() > 5 {
        return None;
    }
    let second = second.and_then(|(s, line)| Some((*s, *line.first()?)));
    tables.prepare_search(pos, true);
    find::count_race(pos, tables, (best, *pv.first()?), second)
}

/// The count at the start in the rules' words; for a count race, also where the
/// line leaves it: the ply of the mate, or that the count runs out first.
fn count_story(pos: &Position, pv: &[Move], kind: Kind) -> String {
    let start = counting::describe(pos);
    if !matches!(kind, Kind::CountWin | Kind::CountHold) {
        return start;
    }
    if kind == Kind::CountHold {
        let limit = pos.count().limit();
        return format!("{start}, held: the count runs out on ply {limit} before the mate");
    }
    let mut end = pos.clone();
    for &m in pv {
        end.play(m);
    }
    let c = end.count();
    format!("{start}, mate on ply {} of {}", c.ply(), c.limit())
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
        entry
            .as_ref()
            .ok()
            .and_then(|g| game_puzzles(engine, &tables, g, &limits, stop))
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
         {} count), {} lines refused by the rules, {errors} unreadable games, {seconds:.1} s",
        games.len() + done.len(),
        done.len(),
        total.positions,
        total.mates + total.wins + total.counts,
        total.mates,
        total.wins,
        total.counts,
        total.unverified,
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
