//! The engine facade: options, the game position, the transposition table, the
//! endgame tables (a `tablebase::Tables` handle, handed to each search in its job)
//! and the search threads. Protocols (UCI, XBoard), the web and Python sessions and
//! the command line drive the engine only through this type; none of them reaches
//! into the search. A search has one way in, [`Engine::go`] (and [`Engine::search`],
//! which waits for its answer): it stops what runs, builds the job, shows the scores
//! as the options ask ([`ScoreView`]) and starts the search.

mod search;

pub(crate) use search::{EngineReporter, SearchRequest, Silent};

use crate::board::{CountAction, CountedReplay, Move, Position, Variant};
use crate::nnue::network::Network;
use crate::search::clock_lag::ClockLag;
use crate::search::skill::Skill;
use crate::search::{SearchResult, ThreadData, TranspositionTable};
use crate::tablebase::Tables;
use search::RunningSearch;
use std::fmt;
use std::sync::Arc;
use std::sync::atomic::Ordering;

/// Option bounds, shared by the protocols so they declare the same ranges.
pub(crate) mod limits {
    pub(crate) const HASH_DEFAULT: usize = 16;
    pub(crate) const HASH_MIN: usize = 1;
    /// Natively 32 GB; a wasm32 memory holds at most 4 GB, and browsers give 2-4.
    pub(crate) const HASH_MAX: usize = if cfg!(target_family = "wasm") {
        1_024
    } else {
        32_768
    };
    pub(crate) const THREADS_DEFAULT: usize = 1;
    pub(crate) const THREADS_MIN: usize = 1;
    pub(crate) const THREADS_MAX: usize = 256;
    pub(crate) const MULTIPV_DEFAULT: usize = 1;
    pub(crate) const MULTIPV_MIN: usize = 1;
    pub(crate) const MULTIPV_MAX: usize = 500;
    pub(crate) const OVERHEAD_DEFAULT: u64 = 30;
    pub(crate) const OVERHEAD_MIN: u64 = 0;
    pub(crate) const OVERHEAD_MAX: u64 = 5_000;
    pub(crate) const CONTEMPT_DEFAULT: u64 = 0;
    pub(crate) const CONTEMPT_MIN: u64 = 0;
    pub(crate) const CONTEMPT_MAX: u64 = 100;
    pub(crate) const SKILL_DEFAULT: i32 = crate::search::skill::LEVEL_MAX;
    pub(crate) const SKILL_MIN: i32 = crate::search::skill::LEVEL_MIN;
    pub(crate) const SKILL_MAX: i32 = crate::search::skill::LEVEL_MAX;
    pub(crate) const ELO_DEFAULT: i32 = crate::search::skill::ELO_DEFAULT;
    pub(crate) const ELO_MIN: i32 = crate::search::skill::ELO_MIN;
    pub(crate) const ELO_MAX: i32 = crate::search::skill::ELO_MAX;
}

/// The engine's settings.
#[derive(Clone, Debug, PartialEq, Eq)]
pub(crate) struct EngineOptions {
    pub(crate) hash_mb: usize,
    pub(crate) threads: usize,
    pub(crate) multipv: usize,
    pub(crate) ponder: bool,
    pub(crate) move_overhead_ms: u64,
    pub(crate) contempt_cp: i32,
    /// Evaluate with the network (`Use NNUE`); false: the hand-written evaluation.
    pub(crate) use_nnue: bool,
    /// The `EvalFile` in use: a path, or `nnue::EMBEDDED_NAME`.
    pub(crate) eval_file: String,
    /// The game played (`UCI_Variant`, XBoard's `variant`).
    pub(crate) variant: Variant,
    /// `Skill Level`, -20..=20 (20: full strength).
    pub(crate) skill_level: i32,
    /// `UCI_LimitStrength`: play at `elo` instead of `skill_level`.
    pub(crate) limit_strength: bool,
    /// `UCI_Elo`.
    pub(crate) elo: i32,
    /// `UCI_AnalyseMode`: the GUI analyses, so searches play at full strength and
    /// score draws 0 (no contempt, no handicap).
    pub(crate) analyse_mode: bool,
    /// `UCI_ShowWDL`: `info` lines with a score carry the win/draw/loss chances.
    pub(crate) show_wdl: bool,
    /// `Calibrated Score`: scores are shown on the calibrated scale
    /// ([`crate::search::score_scale`]).
    pub(crate) calibrated_score: bool,
    /// `CountStarted`, pyffish's `count_started`: 0 the automatic count, -1 players'
    /// counting with no count running, N a count running since game ply N
    /// (`board/players_count/`).
    pub(crate) count_started: i64,
}

impl Default for EngineOptions {
    fn default() -> Self {
        EngineOptions {
            hash_mb: limits::HASH_DEFAULT,
            threads: limits::THREADS_DEFAULT,
            multipv: limits::MULTIPV_DEFAULT,
            ponder: false,
            move_overhead_ms: limits::OVERHEAD_DEFAULT,
            contempt_cp: limits::CONTEMPT_DEFAULT as i32,
            use_nnue: true,
            eval_file: crate::nnue::EMBEDDED_NAME.to_string(),
            variant: Variant::Makruk,
            skill_level: limits::SKILL_DEFAULT,
            limit_strength: false,
            elo: limits::ELO_DEFAULT,
            analyse_mode: false,
            show_wdl: false,
            calibrated_score: false,
            count_started: 0,
        }
    }
}

impl EngineOptions {
    /// The strength handicap these options ask for, with `seed` for its random choice.
    pub(crate) fn skill(&self, seed: u64) -> Skill {
        if self.analyse_mode {
            Skill::FULL
        } else if self.limit_strength {
            Skill::from_elo(self.elo, seed)
        } else {
            Skill::from_level(self.skill_level, seed)
        }
    }
}

/// Why the engine refused a request.
#[derive(Clone, Debug, PartialEq, Eq)]
pub(crate) enum EngineError {
    /// The hash table could not be allocated; the old one is kept.
    OutOfMemory { mb: usize },
}

impl fmt::Display for EngineError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            EngineError::OutOfMemory { mb } => {
                write!(
                    f,
                    "cannot allocate {mb} MB for the hash table; keeping the old size"
                )
            }
        }
    }
}

/// Bounds on what a command stream may make the engine do, for streams nobody vouches
/// for (the fuzz targets under `fuzz/` drive the protocol loops with random input).
/// Off by default ([`Engine::set_sandbox`]): the protocols then do exactly what they
/// are asked, however large.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Sandbox {
    /// Nodes a search may visit at most, whatever its limits (`go infinite` included:
    /// it then holds its answer until `stop`, as usual).
    pub max_nodes: u64,
    /// Depth that `go perft` and `bench` may ask for at most.
    pub max_depth: u32,
    /// The largest hash table, in MB.
    pub max_hash_mb: usize,
    /// The most search threads.
    pub max_threads: usize,
    /// Whether `EvalFile` may read a file (a random path could be `/dev/zero`).
    pub read_files: bool,
}

/// The engine: one game position, one table, one search at a time.
pub struct Engine {
    options: EngineOptions,
    /// The game: where it started and the moves played since.
    start: Position,
    moves: Vec<Move>,
    /// The position after `moves`.
    position: Position,
    /// Placement keys of every position of the game so far, the current one last.
    game_keys: Vec<u64>,
    tt: Arc<TranspositionTable>,
    /// Per-thread search memory; `None` while a search holds it.
    thread_data: Option<Vec<ThreadData>>,
    running: Option<RunningSearch>,
    /// The answer of a search that ran on the caller's thread (without `native`),
    /// until [`Engine::wait`] hands it over.
    inline_answer: Option<SearchResult>,
    /// The network `EvalFile` named (used when `use_nnue`).
    network: Arc<Network>,
    /// What the GUI's clock charged beyond the engine's own time, on recent moves.
    clock_lag: ClockLag,
    /// Bounds for untrusted command streams; `None` in normal use.
    sandbox: Option<Sandbox>,
    /// Searches started, mixed into the seed of a limited strength's random choice.
    searches: u64,
    /// The endgame tables: built or loaded here, read by every search through its job.
    tables: Tables,
}

fn try_table(mb: usize) -> Result<TranspositionTable, EngineError> {
    // Reserve first, so a size the machine cannot give is an error, not an abort.
    let bytes = mb.saturating_mul(1024 * 1024);
    let mut probe: Vec<u8> = Vec::new();
    probe
        .try_reserve_exact(bytes)
        .map_err(|_| EngineError::OutOfMemory { mb })?;
    drop(probe);
    Ok(TranspositionTable::new(mb))
}

impl Engine {
    /// An engine with the options' starting values, at the start of a makruk game.
    pub(crate) fn new() -> Engine {
        let options = EngineOptions::default();
        let position = Position::startpos();
        Engine {
            game_keys: vec![position.placement_key()],
            start: position.clone(),
            moves: Vec::new(),
            position,
            tt: Arc::new(TranspositionTable::new(options.hash_mb)),
            thread_data: Some(
                (0..options.threads)
                    .map(|_| ThreadData::default())
                    .collect(),
            ),
            running: None,
            inline_answer: None,
            options,
            network: crate::nnue::embedded(),
            clock_lag: ClockLag::default(),
            sandbox: None,
            searches: 0,
            tables: Tables::new(),
        }
    }

    /// Bounds every later request by `sandbox` (`None`: no bounds, the default).
    pub fn set_sandbox(&mut self, sandbox: Option<Sandbox>) {
        self.sandbox = sandbox;
    }

    /// The bounds set by [`Engine::set_sandbox`].
    pub(crate) fn sandbox(&self) -> Option<Sandbox> {
        self.sandbox
    }

    /// The options as set now.
    // why: only the Python package and the tests read them back; the protocols set
    // them and the searches take them through their jobs.
    #[cfg_attr(not(any(test, feature = "python")), allow(dead_code))]
    pub(crate) fn options(&self) -> &EngineOptions {
        &self.options
    }

    pub(crate) fn position(&self) -> &Position {
        &self.position
    }

    /// Sets the game: a start position and the moves played from it (all legal; the
    /// protocol checked them), counted under `CountStarted`. Refused, the game kept,
    /// when `CountStarted` does not fit it (a count started beyond the next ply or
    /// while a pawn was on the board).
    pub(crate) fn set_position(&mut self, start: Position, moves: &[Move]) -> Result<(), String> {
        self.absorb_count_stop();
        // One replay: the counted game, and each placement on the way (repetition).
        let mut replay = CountedReplay::new(&start, self.options.count_started, moves.len())?;
        let mut keys = Vec::with_capacity(moves.len() + 1);
        keys.push(replay.position().placement_key());
        for &m in moves {
            replay.play(m)?;
            keys.push(replay.position().placement_key());
        }
        self.start = start;
        self.moves = moves.to_vec();
        self.position = replay.into_position();
        self.game_keys = keys;
        Ok(())
    }

    /// `CountStarted`: the count as the GUI knows it, for the game set now and the
    /// positions after it. Refused, the old value kept, when it does not fit the game.
    pub(crate) fn set_count_started(&mut self, count_started: i64) -> Result<(), String> {
        self.absorb_count_stop();
        let counted = Position::replay_with_count_started(&self.start, &self.moves, count_started)?;
        self.options.count_started = count_started;
        self.position = counted;
        Ok(())
    }

    /// A count the last search stopped: the game goes on without it (the GUI is told
    /// with the answer, and may say otherwise with `CountStarted`).
    fn absorb_count_stop(&mut self) {
        let stopped = self
            .running
            .as_ref()
            .is_some_and(|run| run.count_stopped.swap(false, Ordering::Relaxed));
        if stopped {
            self.note_count_action(CountAction::Stop);
        }
    }

    /// The engine's own start or stop of the count, in the game.
    fn note_count_action(&mut self, action: CountAction) {
        if self.position.apply_count_action(action).is_ok() {
            self.options.count_started = self.position.count_started();
        }
    }

    /// The moves played since the start position.
    pub(crate) fn game_moves(&self) -> &[Move] {
        &self.moves
    }

    /// Plays one more move in the game (XBoard's `usermove`). The move must be legal.
    pub(crate) fn push_move(&mut self, m: Move) {
        self.absorb_count_stop();
        self.position.play(m);
        self.moves.push(m);
        self.game_keys.push(self.position.placement_key());
    }

    /// Takes back the last move; false when there is none.
    pub(crate) fn undo_move(&mut self) -> bool {
        if self.moves.pop().is_none() {
            return false;
        }
        let moves = std::mem::take(&mut self.moves);
        let start = self.start.clone();
        if self.set_position(start.clone(), &moves).is_err() {
            // The count was started after the position now reached: it is undone too.
            self.options.count_started = -1;
            let _ = self.set_position(start, &moves);
        }
        true
    }

    /// A new game: forget the table and the histories.
    pub(crate) fn new_game(&mut self) {
        self.stop_and_wait();
        self.clock_lag.clear();
        self.tt.clear();
        if let Some(data) = &mut self.thread_data {
            for d in data.iter_mut() {
                d.history.clear();
            }
        }
        // A new game has no count running yet; the convention stays.
        self.options.count_started = match self.options.count_started {
            0 => 0,
            _ if self.options.variant.players_count() => -1,
            _ => 0,
        };
        let start = Position::startpos_of(self.options.variant);
        let _ = self.set_position(start, &[]);
    }

    /// The game played.
    pub(crate) fn variant(&self) -> Variant {
        self.options.variant
    }

    /// Switches to another game: a new game from its start position (the table and
    /// histories forgotten, since positions of different games never share them).
    pub(crate) fn set_variant(&mut self, variant: Variant) {
        self.options.variant = variant;
        self.new_game();
    }

    pub(crate) fn clear_hash(&mut self) {
        self.tt.clear();
    }

    /// Resizes the table (a running search keeps the old one until it ends).
    pub(crate) fn set_hash(&mut self, mb: usize) -> Result<(), EngineError> {
        let most = self.sandbox.map_or(limits::HASH_MAX, |s| s.max_hash_mb);
        let mb = mb.clamp(
            limits::HASH_MIN,
            most.clamp(limits::HASH_MIN, limits::HASH_MAX),
        );
        if mb == self.options.hash_mb {
            return Ok(());
        }
        // Free the old table first when no search holds it, so the peak stays low.
        if !self.is_searching() {
            self.wait();
            self.tt = Arc::new(TranspositionTable::new(1));
        }
        match try_table(mb) {
            Ok(tt) => {
                self.tt = Arc::new(tt);
                self.options.hash_mb = mb;
                Ok(())
            }
            Err(e) => {
                self.tt = Arc::new(TranspositionTable::new(self.options.hash_mb));
                Err(e)
            }
        }
    }

    /// Takes effect from the next search.
    pub(crate) fn set_threads(&mut self, n: usize) {
        let most = self.sandbox.map_or(limits::THREADS_MAX, |s| s.max_threads);
        let most = most.clamp(limits::THREADS_MIN, limits::THREADS_MAX);
        self.options.threads = n.clamp(limits::THREADS_MIN, most);
    }

    pub(crate) fn set_multipv(&mut self, n: usize) {
        self.options.multipv = n.clamp(limits::MULTIPV_MIN, limits::MULTIPV_MAX);
    }

    pub(crate) fn set_ponder(&mut self, on: bool) {
        self.options.ponder = on;
    }

    pub(crate) fn set_move_overhead(&mut self, ms: u64) {
        self.options.move_overhead_ms = ms.clamp(limits::OVERHEAD_MIN, limits::OVERHEAD_MAX);
    }

    /// What a draw costs the engine in its games, in centipawns (analyses score 0).
    pub(crate) fn set_contempt(&mut self, cp: u64) {
        self.options.contempt_cp = cp.clamp(limits::CONTEMPT_MIN, limits::CONTEMPT_MAX) as i32;
    }

    /// `Skill Level`: -20..=20, from the next search. Out of range is refused (the
    /// protocols say so) and the level kept.
    pub(crate) fn set_skill_level(&mut self, level: i32) -> Result<(), String> {
        self.options.skill_level = within(
            "Skill Level",
            level,
            limits::SKILL_MIN..=limits::SKILL_MAX,
            self.options.skill_level,
        )?;
        Ok(())
    }

    /// `UCI_LimitStrength`: play at `UCI_Elo` (true) or at `Skill Level`.
    pub(crate) fn set_limit_strength(&mut self, on: bool) {
        self.options.limit_strength = on;
    }

    /// `UCI_Elo`, from the next search (when `UCI_LimitStrength` is on). Out of range is
    /// refused and the value kept.
    pub(crate) fn set_elo(&mut self, elo: i32) -> Result<(), String> {
        self.options.elo = within(
            "UCI_Elo",
            elo,
            limits::ELO_MIN..=limits::ELO_MAX,
            self.options.elo,
        )?;
        Ok(())
    }

    /// `UCI_AnalyseMode`: analysis searches at full strength and without contempt.
    pub(crate) fn set_analyse_mode(&mut self, on: bool) {
        self.options.analyse_mode = on;
    }

    /// `UCI_ShowWDL`: win/draw/loss chances on `info` lines, from the next search.
    pub(crate) fn set_show_wdl(&mut self, on: bool) {
        self.options.show_wdl = on;
    }

    /// `Calibrated Score`: scores shown on the calibrated scale, from the next search.
    pub(crate) fn set_calibrated_score(&mut self, on: bool) {
        self.options.calibrated_score = on;
    }

    /// Evaluate with the network (true) or the hand-written evaluation; from the next
    /// search.
    pub(crate) fn set_use_nnue(&mut self, on: bool) {
        self.options.use_nnue = on;
    }

    /// Loads the network `name` names (a path, or `nnue::EMBEDDED_NAME` / empty for
    /// the built-in one), from the next search. A file that cannot be read or is not
    /// a valid network is refused with the reason, and the network in use kept.
    pub(crate) fn set_eval_file(&mut self, name: &str) -> Result<(), String> {
        let is_embedded = name.trim().is_empty() || name.trim() == crate::nnue::EMBEDDED_NAME;
        if !is_embedded && self.sandbox.is_some_and(|s| !s.read_files) {
            return Err("reading network files is off in this sandbox".into());
        }
        self.network = crate::nnue::load(name)?;
        self.options.eval_file = if name.trim().is_empty() {
            crate::nnue::EMBEDDED_NAME.to_string()
        } else {
            name.trim().to_string()
        };
        Ok(())
    }

    /// Sets the directory five-man tables are loaded from and built into (the
    /// `FiveManTables` option, `--five-man-tables`) through the tables' one door,
    /// [`Tables::set_five_man_directory`]; empty or `<empty>`: none are loaded from
    /// now on.
    pub(crate) fn set_five_man_tables(&mut self, dir: &str) -> Result<(), String> {
        let dir = dir.trim();
        if dir.is_empty() || dir == "<empty>" {
            return self.tables.set_five_man_directory(None);
        }
        if self.sandbox.is_some_and(|s| !s.read_files) {
            return Err("reading table files is off in this sandbox".into());
        }
        self.tables
            .set_five_man_directory(Some(std::path::PathBuf::from(dir)))
    }

    /// The endgame tables this engine's searches read.
    pub(crate) fn tables(&self) -> &Tables {
        &self.tables
    }

    /// Reads `tables` from the next search on, instead of the tables it had: engines
    /// that share one handle (the jobs of one `annotate` run) build each table once.
    /// The five-man directory is `tables`' own.
    pub(crate) fn use_tables(&mut self, tables: Tables) {
        self.stop_and_wait();
        self.tables = tables;
    }

    /// The network searches use: `None` when `Use NNUE` is off.
    pub(crate) fn search_network(&self) -> Option<Arc<Network>> {
        self.options.use_nnue.then(|| Arc::clone(&self.network))
    }
}

impl Drop for Engine {
    fn drop(&mut self) {
        self.stop_and_wait();
    }
}

/// `value` if `range` holds it; otherwise the message that refuses it and keeps
/// `current` (the strength options are refused, not clamped).
fn within(
    name: &str,
    value: i32,
    range: std::ops::RangeInclusive<i32>,
    current: i32,
) -> Result<i32, String> {
    if range.contains(&value) {
        Ok(value)
    } else {
        Err(format!(
            "{name} {value} is outside {}..{}; keeping {current}",
            range.start(),
            range.end()
        ))
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::search::Limits;

    /// A search of `limits` that prints nothing.
    fn search(engine: &mut Engine, limits: Limits) -> SearchResult {
        engine.search(SearchRequest::now(limits), Arc::new(Silent))
    }

    const SMALL: Sandbox = Sandbox {
        max_nodes: 500,
        max_depth: 2,
        max_hash_mb: 2,
        max_threads: 2,
        read_files: false,
    };

    #[test]
    fn a_sandbox_bounds_searches_hash_threads_and_files() {
        let mut engine = Engine::new();
        engine.set_sandbox(Some(SMALL));
        let result = search(&mut engine, Limits::depth(60));
        assert!(result.best.is_some());
        assert!(result.depth < 60, "searched to depth {}", result.depth);
        // why twice: the node bound is checked as nodes are counted, a few nodes late.
        assert!(
            result.nodes <= 2 * SMALL.max_nodes,
            "{} nodes",
            result.nodes
        );
        assert!(engine.set_hash(1024).is_ok());
        assert_eq!(engine.options().hash_mb, SMALL.max_hash_mb);
        engine.set_threads(64);
        assert_eq!(engine.options().threads, SMALL.max_threads);
        assert!(engine.set_eval_file("/dev/zero").is_err());
        assert!(engine.set_eval_file("").is_ok());
    }

    #[test]
    fn without_a_sandbox_requests_are_taken_as_asked() {
        let mut engine = Engine::new();
        engine.set_threads(3);
        assert_eq!(engine.options().threads, 3);
        let result = search(&mut engine, Limits::nodes(3_000));
        assert!(result.nodes >= 3_000, "{} nodes", result.nodes);
    }
}
