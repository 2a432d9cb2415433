//! `khun datagen`: self-play at a fixed node count per move, writing training records.
//!
//! Every game is decided by its index and the run's seed alone (its opening, a fresh
//! table and histories, a single-threaded search of a fixed number of nodes), and the
//! games are written in index order whatever thread played them: a run is repeatable
//! from its seed with any number of threads. Each game's records are written at once
//! when the game ends, so a killed run leaves only complete games (and at worst one
//! record cut short, which readers skip and the next run's append cuts off). A
//! progress file beside the output lets a stopped run go on with `resume` (see
//! [`resume`]); a set [`Interrupt`] (SIGINT, SIGTERM) drops the games
//! in progress and ends the run at the last game written.
//!
//! The result written with each position is the game's real result: mate, or a draw
//! by stalemate, material that cannot mate, or the count running out (whatever the
//! search thought of the position). Positions an endgame table covers end the game
//! with the table's count-aware verdict, which is exact. Endless play is cut off as
//! a draw, as match runners adjudicate it: the same placement a third time, or
//! `max_plies` plies.
//!
//! Openings: each game opens with `random_plies` random legal plies (after a `--book`
//! line if given); an opening whose first search scores beyond 300 cp is drawn again.
//! Kept: positions from ply `skip_plies` on, not in check, whose best move is neither a
//! capture nor a promotion, without a proven score (a mate, or an endgame table's win
//! or loss: the network learns evaluations, not distances). A progress line on stderr
//! counts positions, positions per second, games and W/D/L; at the end the game ends
//! are counted by kind.

pub(crate) mod resume;
pub(crate) mod run;

use crate::board::{Color, Move, Outcome, Position};
use crate::learn::data::{self, GameResult, RECORD_BYTES};
use crate::long_jobs::interrupt::Interrupt;
use crate::long_jobs::progress_file;
use crate::nnue::network::Network;
use crate::rng::Rng;
use crate::search::score::is_proven;
use crate::search::{self, SearchJob, Shared, ThreadData, TranspositionTable};
use crate::tablebase::{self, Tables, Verdict};
use resume::{Progress, RunSettings};
pub use run::{DatagenConfig, DatagenSummary, GameEnd, Totals};
use std::collections::BTreeMap;
use std::fs::File;
use std::io::{IsTerminal, Write};
use std::path::{Path, PathBuf};
use std::sync::atomic::{AtomicBool, AtomicU64, Ordering};
use std::sync::{Arc, Mutex};
use std::time::Instant;

/// One finished game: where it started, its moves, its records and its result.
pub struct PlayedGame {
    /// The position after the opening (book line and random plies).
    pub start: Position,
    pub moves: Vec<Move>,
    /// The kept positions, packed.
    pub records: Vec<u8>,
    pub result: GameResult,
    pub end: GameEnd,
}

/// Searches positions of one game at a fixed node count, with its own table. It
/// drives the search directly, not through the engine facade: each of a run's
/// players owns its table and histories, and a search must depend on nothing but the
/// game (no clock, no count choice, no seeded strength) for the run to be repeatable.
pub(crate) struct SelfPlayer {
    tt: Arc<TranspositionTable>,
    data: Vec<ThreadData>,
    nodes: u64,
    network: Option<Arc<Network>>,
    /// The run's endgame tables, every one built (see [`every_table_built`]).
    tables: Tables,
}

impl SelfPlayer {
    fn new(cfg: &DatagenConfig, tables: &Tables) -> SelfPlayer {
        SelfPlayer::searching(cfg.nodes, cfg.hash_mb, cfg.network.clone(), tables)
    }

    /// A player searching `nodes` a move with a `hash_mb` table, with `network` (or
    /// the hand-written evaluation) and `tables`.
    pub(crate) fn searching(
        nodes: u64,
        hash_mb: usize,
        network: Option<Arc<Network>>,
        tables: &Tables,
    ) -> SelfPlayer {
        SelfPlayer {
            tt: Arc::new(TranspositionTable::new(hash_mb)),
            data: vec![ThreadData::default()],
            nodes,
            network,
            tables: tables.clone(),
        }
    }

    /// Forgets what earlier games taught the search (hash table, histories).
    pub(crate) fn new_game(&mut self) {
        self.tt.clear();
        self.data = vec![ThreadData::default()];
    }

    /// The best move and its score (side to move's view); `None` without a move.
    pub(crate) fn search(&mut self, pos: &Position, keys: &[u64]) -> Option<(Move, i32)> {
        let shared = Shared::new(Arc::clone(&self.tt), 1);
        let job = SearchJob::self_play(pos, keys, self.nodes, self.network.clone(), &self.tables);
        let result = search::run(&job, &shared, &mut self.data, None, None);
        result.best.map(|m| (m, result.score))
    }

    /// Plays on from `pos` (the game's placement keys so far in `keys`, `pos`'s the
    /// last) until the rules, an endgame table's verdict, a threefold repetition or
    /// `max_plies` more plies end the game. Keeps, from game ply `skip_plies` on, the
    /// positions fit to learn from: not in check, a quiet best move, a score that is
    /// not a proven result. `None` when `interrupt` is set before the end.
    pub(crate) fn play_out(
        &mut self,
        pos: &Position,
        mut keys: Vec<u64>,
        max_plies: u32,
        skip_plies: u32,
        interrupt: &Interrupt,
    ) -> Option<PlayedOut> {
        let mut pos = pos.clone();
        let mut moves = Vec::new();
        let mut kept: Vec<(Position, i32)> = Vec::new();
        let start_ply = pos.game_ply();
        let (result, end) = loop {
            if let Some(outcome) = pos.outcome() {
                break (result_of(outcome), GameEnd::of(outcome));
            }
            match self.tables.probe_with_count(&pos) {
                Some(Verdict::Win(_) | Verdict::Converts(_)) => {
                    break (win_for(pos.side_to_move()), GameEnd::Table);
                }
                Some(Verdict::Loss(_) | Verdict::Conceded(_)) => {
                    break (win_for(!pos.side_to_move()), GameEnd::Table);
                }
                Some(Verdict::Draw) => break (GameResult::Draw, GameEnd::Table),
                None => {}
            }
            let key = pos.placement_key();
            if keys.iter().filter(|&&k| k == key).count() >= 3 {
                break (GameResult::Draw, GameEnd::Repetition);
            }
            if pos.game_ply() - start_ply >= max_plies {
                break (GameResult::Draw, GameEnd::MaxPlies);
            }
            if interrupt.requested() {
                return None;
            }
            let Some((best, score)) = self.search(&pos, &keys) else {
                unreachable!("a position without an outcome has a legal move");
            };
            if pos.game_ply() >= skip_plies && fit_to_learn(&pos, best, score) {
                kept.push((pos.clone(), score));
            }
            pos.play(best);
            moves.push(best);
            keys.push(pos.placement_key());
        };
        Some(PlayedOut {
            moves,
            kept,
            result,
            end,
        })
    }
}

/// A game played on by [`SelfPlayer::play_out`].
pub(crate) struct PlayedOut {
    pub(crate) moves: Vec<Move>,
    /// The positions kept to learn from, with their search scores (side to move's
    /// view).
    pub(crate) kept: Vec<(Position, i32)>,
    pub(crate) result: GameResult,
    pub(crate) end: GameEnd,
}

impl PlayedOut {
    /// The kept positions as records, labelled with the game's result.
    pub(crate) fn records(&self) -> Vec<u8> {
        let mut records = Vec::with_capacity(self.kept.len() * RECORD_BYTES);
        for (p, score) in &self.kept {
            records.extend_from_slice(&data::encode(p, *score, self.result));
        }
        records
    }
}

/// Whether a position whose search found `best` with `score` is one to learn from.
// why: in check, before a capture or a promotion, the score belongs to the
// exchange, not to the quiet position the network evaluates; a proven score (mate,
// table) says nothing the network should imitate; with men in hand (sittuyin's
// set-up) the record, which has no hand, would not be the position scored.
pub(crate) fn fit_to_learn(pos: &Position, best: Move, score: i32) -> bool {
    let quiet = pos.captured_kind(best).is_none() && !best.is_promotion();
    !pos.in_check() && quiet && !is_proven(score) && pos.all_men_placed()
}

/// The result of a game that ended by the rules in `outcome`.
pub(crate) fn result_of(outcome: Outcome) -> GameResult {
    match outcome {
        Outcome::Checkmate {
            winner: Color::White,
        }
        | Outcome::CheckWin {
            winner: Color::White,
        } => GameResult::WhiteWins,
        Outcome::Checkmate {
            winner: Color::Black,
        }
        | Outcome::CheckWin {
            winner: Color::Black,
        } => GameResult::BlackWins,
        _ => GameResult::Draw,
    }
}

/// `side` wins.
fn win_for(side: Color) -> GameResult {
    match side {
        Color::White => GameResult::WhiteWins,
        Color::Black => GameResult::BlackWins,
    }
}

/// The game's opening: the book line, then random plies; redrawn while the engine
/// judges it lopsided or it ends at once.
fn opening(cfg: &DatagenConfig, rng: &mut Rng, player: &mut SelfPlayer, index: u64) -> Position {
    let mut last = Position::startpos_of(cfg.variant);
    for _ in 0..20 {
        let mut pos = if cfg.book.is_empty() {
            Position::startpos_of(cfg.variant)
        } else {
            cfg.book[(index % cfg.book.len() as u64) as usize].clone()
        };
        let mut ended = false;
        for _ in 0..cfg.random_plies {
            let moves = pos.legal_moves();
            if moves.is_empty() {
                ended = true;
                break;
            }
            pos.play(moves.as_slice()[rng.below(moves.len())]);
        }
        if ended || pos.outcome().is_some() {
            continue;
        }
        last = pos.clone();
        match player.search(&pos, &[pos.placement_key()]) {
            Some((_, score)) if score.abs() <= cfg.max_opening_score => return pos,
            _ => continue,
        }
    }
    last
}

/// Endgame tables with every table of up to four men built for each of `variants`
/// that has tables (under the count of the game whose tables serve it, each such game
/// once), as a run plays with them: a search that finds one built by an earlier game
/// but not yet in a later one would not be repeatable.
pub fn every_table_built(variants: &[crate::board::Variant]) -> Tables {
    let tables = Tables::new();
    let mut games: Vec<_> = variants
        .iter()
        .filter(|&&v| tablebase::has_tables(v))
        .map(|&v| tablebase::table_game(v))
        .collect();
    games.sort();
    games.dedup();
    for game in games {
        for ending in tablebase::Ending::ALL {
            tables.build(ending, game);
        }
    }
    tables
}

/// Plays game `index` of a run with `cfg` on its own (what `run` writes for it),
/// with `tables` from [`every_table_built`].
pub fn play_one(cfg: &DatagenConfig, index: u64, tables: &Tables) -> PlayedGame {
    play_game(
        cfg,
        &mut SelfPlayer::new(cfg, tables),
        index,
        &Interrupt::new(),
    )
    .expect("a fresh interrupt is never set")
}

/// Plays game `index` to its end and packs its kept positions; `None` when
/// `interrupt` is set before the end.
fn play_game(
    cfg: &DatagenConfig,
    player: &mut SelfPlayer,
    index: u64,
    interrupt: &Interrupt,
) -> Option<PlayedGame> {
    let mut rng = Rng::new(cfg.seed ^ index.wrapping_mul(0xD6E8_FEB8_6659_FD93));
    player.new_game();
    let start = opening(cfg, &mut rng, player, index);
    player.new_game();
    let keys = vec![start.placement_key()];
    let played = player.play_out(&start, keys, cfg.max_plies, cfg.skip_plies, interrupt)?;
    Some(PlayedGame {
        start,
        records: played.records(),
        moves: played.moves,
        result: played.result,
        end: played.end,
    })
}

/// Writes finished games in index order, keeps the totals and records the progress.
struct OrderedWriter {
    file: std::io::BufWriter<std::fs::File>,
    pending: BTreeMap<u64, PlayedGame>,
    next: u64,
    summary: DatagenSummary,
    progress: Progress,
    progress_path: PathBuf,
}

/// Whether a run with `cfg` that has written `s` has reached its limits.
fn limits_reached(cfg: &DatagenConfig, s: &Totals) -> bool {
    cfg.games.is_some_and(|g| s.games >= g) || cfg.positions.is_some_and(|p| s.positions >= p)
}

/// Opens the output for this run: appended to, or with `resume` cut back to where the
/// earlier run's progress file says it was whole. Returns the file and the run's
/// progress so far.
fn open_output(cfg: &DatagenConfig, progress_path: &Path) -> std::io::Result<(File, Progress)> {
    let refuse = |message: String| std::io::Error::other(message);
    let settings = RunSettings::of(cfg);
    let earlier = Progress::read(progress_path).map_err(refuse)?;
    let resumable = match earlier {
        Some(p) if cfg.resume => Some(p),
        Some(p) if !p.finished => {
            return Err(refuse(format!(
                "it holds a run that did not finish (seed {}, {} games so far): go on with \
                 it with --resume, or remove '{}' to append a new run",
                p.settings.seed,
                p.totals.games,
                progress_path.display()
            )));
        }
        _ if cfg.resume && std::fs::metadata(&cfg.output).is_ok_and(|m| m.len() > 0) => {
            return Err(refuse(format!(
                "nothing to resume: there is no progress file '{}'; run without --resume \
                 to append a new run",
                progress_path.display()
            )));
        }
        _ => None,
    };
    let Some(earlier) = resumable else {
        let (file, existing) = data::open_for_append(&cfg.output)?;
        if existing > 0 {
            eprintln!(
                "khun datagen: appending to {} ({existing} records already there)",
                cfg.output.display()
            );
        }
        let start = existing * RECORD_BYTES as u64;
        return Ok((file, Progress::start(settings, start)));
    };
    let differences = progress_file::differences(&earlier.settings, &settings);
    if !differences.is_empty() {
        return Err(refuse(format!(
            "cannot resume: the run was made with other settings ({}); run with the same \
             ones, or remove '{}' to append a new run",
            differences.join("; "),
            progress_path.display()
        )));
    }
    // Even at 0 bytes the file is cut back: a first game written but not recorded.
    let file = if earlier.bytes == 0 && !cfg.output.exists() {
        data::open_for_append(&cfg.output)?.0
    } else {
        progress_file::reopen_at(&cfg.output, earlier.bytes).map_err(refuse)?
    };
    eprintln!(
        "khun datagen: resuming {} (seed {}): {} games, {} positions done",
        cfg.output.display(),
        earlier.settings.seed,
        earlier.totals.games,
        earlier.totals.positions
    );
    Ok((file, earlier))
}

/// Runs datagen to its limits, printing progress on stderr. Returns the totals.
pub fn run(cfg: &DatagenConfig) -> std::io::Result<DatagenSummary> {
    let progress_path = progress_file::path_for(&cfg.output);
    let (file, mut recorded) = open_output(cfg, &progress_path)?;
    let mut summary = recorded.summary();
    summary.resumed = recorded.totals.games;
    let positions_before = summary.totals.positions;
    if limits_reached(cfg, &summary.totals) {
        recorded.finished = true;
        recorded.write(&progress_path)?;
        return Ok(summary);
    }
    recorded.finished = false;
    recorded.write(&progress_path)?;
    let tables = every_table_built(&[cfg.variant]);
    let first_game = summary.totals.games;
    let writer = Mutex::new(OrderedWriter {
        file: std::io::BufWriter::new(file),
        pending: BTreeMap::new(),
        next: first_game,
        summary,
        progress: recorded,
        progress_path,
    });
    let next_game = AtomicU64::new(first_game);
    let done = AtomicBool::new(false);
    let start = Instant::now();
    let terminal = std::io::stderr().is_terminal();
    let last_report = Mutex::new(Instant::now());
    let failure: Mutex<Option<std::io::Error>> = Mutex::new(None);

    std::thread::scope(|scope| {
        for t in 0..cfg.threads.max(1) {
            let (writer, next_game, done, last_report, failure, tables) =
                (&writer, &next_game, &done, &last_report, &failure, &tables);
            std::thread::Builder::new()
                .name(format!("khun-datagen-{t}"))
                .stack_size(16 * 1024 * 1024)
                .spawn_scoped(scope, move || {
                    let mut player = SelfPlayer::new(cfg, tables);
                    while !done.load(Ordering::Relaxed) {
                        let index = next_game.fetch_add(1, Ordering::Relaxed);
                        if cfg.games.is_some_and(|g| index >= g) {
                            break;
                        }
                        // Stopped: the game is dropped, and so are the later ones
                        // (the writer keeps the index order).
                        let Some(game) = play_game(cfg, &mut player, index, &cfg.interrupt) else {
                            break;
                        };
                        let mut w = writer.lock().expect("writer lock");
                        w.pending.insert(index, game);
                        if let Err(e) = w.flush_ready(cfg, done) {
                            *failure.lock().expect("failure lock") = Some(e);
                            done.store(true, Ordering::Relaxed);
                        }
                        let mut last = last_report.lock().expect("report lock");
                        if last.elapsed().as_secs_f64() >= 2.0 {
                            *last = Instant::now();
                            progress(&w.summary.totals, positions_before, start, terminal);
                        }
                    }
                })
                .expect("spawn a datagen thread");
        }
    });
    if let Some(e) = failure.into_inner().expect("failure lock") {
        return Err(e);
    }
    let mut w = writer.into_inner().expect("writer lock");
    w.file.flush()?;
    if limits_reached(cfg, &w.summary.totals) {
        w.progress.finished = true;
        w.progress.write(&w.progress_path)?;
    } else {
        w.summary.stopped_by = cfg.interrupt.signal();
    }
    w.summary.seconds = start.elapsed().as_secs_f64();
    progress(&w.summary.totals, positions_before, start, terminal);
    if terminal {
        eprintln!();
    }
    Ok(w.summary)
}

impl OrderedWriter {
    /// Writes every game whose predecessors are all written; stops the run when a
    /// limit is reached (later games are dropped, so the output depends only on the
    /// seed).
    fn flush_ready(&mut self, cfg: &DatagenConfig, done: &AtomicBool) -> std::io::Result<()> {
        while let Some(game) = self.pending.remove(&self.next) {
            if done.load(Ordering::Relaxed) {
                return Ok(());
            }
            self.file.write_all(&game.records)?;
            self.file.flush()?;
            self.next += 1;
            let totals = &mut self.summary.totals;
            let positions = (game.records.len() / RECORD_BYTES) as u64;
            totals.add(positions, game.result, game.end);
            // The records first, then the progress that counts them: a kill between
            // the two leaves a game that --resume cuts off and plays again.
            self.progress.add_game(game.records.len(), totals);
            self.progress.write(&self.progress_path)?;
            if limits_reached(cfg, totals) {
                done.store(true, Ordering::Relaxed);
            }
        }
        Ok(())
    }
}

/// The progress line; the speed counts this run's positions (not those resumed).
fn progress(s: &Totals, positions_before: u64, start: Instant, terminal: bool) {
    let secs = start.elapsed().as_secs_f64().max(1e-9);
    let line = format!(
        "positions {} ({:.0}/s), games {} (W {} D {} L {}), {:.0} s",
        s.positions,
        (s.positions - positions_before) as f64 / secs,
        s.games,
        s.white_wins,
        s.draws,
        s.black_wins,
        secs
    );
    if terminal {
        eprint!("\r{line}   ");
    } else {
        eprintln!("{line}");
    }
}
