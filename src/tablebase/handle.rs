//! The handle to one engine's endgame tables, with every method the rest of the
//! crate calls on them: the tables of up to four men built in memory on demand
//! (`solve/store.rs`), and the five-man tables read from their directory or built
//! into it (`files/five_man.rs`). Each method hands the work to the module that does
//! it: building (`solve/`), the files (`files/`), reading (`probe/`). An engine owns
//! one handle and hands it to its searches in the search job; nothing about the
//! tables is held in statics, so two engines in one process (two `annotate` runs in
//! a test, say) each read their own.

use crate::board::{Move, PieceKind, Position, Variant};
use crate::tablebase::ending::Ending;
use crate::tablebase::files::five_man::{self, FiveMan};
use crate::tablebase::probe::words::{self, CountVerdict, TableEnding};
use crate::tablebase::probe::{exact, line, subset};
use crate::tablebase::readable::Readable;
use crate::tablebase::solve::bare_king::{MAX_PIECES, Table};
use crate::tablebase::solve::duel::DuelTable;
use crate::tablebase::solve::five_duel::DuelKey;
use crate::tablebase::solve::store::SmallTables;
use crate::tablebase::verdict::Verdict;
use std::path::{Path, PathBuf};

/// One engine's endgame tables, cheap to clone: clones share the tables (an engine,
/// its searches, the background builders and the jobs of one `annotate` run read
/// the same). Each table is built or loaded once per handle, the first time a
/// position comes near it.
#[derive(Clone, Default)]
pub struct Tables {
    /// The tables of up to four men, built in memory.
    small: SmallTables,
    /// The five-man tables: the directory they are kept in, and those loaded.
    five_man: FiveMan,
}

impl Tables {
    /// A handle with no table built or loaded and no five-man directory.
    pub fn new() -> Tables {
        Tables::default()
    }

    /// The directory five-man tables are read from and built into, if one is set.
    pub fn five_man_directory(&self) -> Option<PathBuf> {
        self.five_man.directory()
    }

    /// Sets the directory five-man tables are read from and built into (`None`: none
    /// are loaded from now on; those loaded stay): the one door the `FiveManTables`
    /// option (UCI and XBoard) and the command line's `--five-man-tables` (`analyze`,
    /// `annotate`, `tablebase`) share. A file, or a directory that cannot be read, is
    /// refused with the reason, and the directory kept (see
    /// [`FiveMan::set_directory`]).
    pub fn set_five_man_directory(&self, dir: Option<PathBuf>) -> Result<(), String> {
        self.five_man.set_directory(dir)
    }

    /// Makes the tables a search from `pos` may need available and says which it may
    /// read: those of up to four men ([`Tables::prepare`]) and, with a five-man
    /// directory set, the five-man tables `pos` is in or one capture from
    /// ([`Tables::prepare_five_man`]). With `wait` (repeatable searches: fixed depth
    /// or nodes, bench) they are ready when this returns and the search reads only
    /// them; otherwise they come in the background and the search reads whatever is
    /// ready.
    pub fn prepare_search(&self, pos: &Position, wait: bool) -> Readable {
        let small = self.prepare(pos, wait);
        let five = self.prepare_five_man(pos, wait);
        if wait {
            small.with_five_man(five)
        } else {
            small
        }
    }

    /// Makes the tables of up to four men a search from `pos` may need available:
    /// built now when `wait` (searches that must be repeatable: fixed depth or nodes,
    /// bench), else started in the background while the search goes on without them.
    /// Returns the tables the search may read: when `wait`, only those prepared here
    /// (see [`Readable`]).
    pub fn prepare(&self, pos: &Position, wait: bool) -> Readable {
        self.small.prepare(pos, wait)
    }

    /// Builds, on this thread, the tables of up to four men a game from `pos` can
    /// reach soon that are not built yet, as many as their cost fits in `budget_ms`,
    /// the cheapest first; every built table may be read. For builds without a thread
    /// to build on in the background (the web build), in timed searches: the clock
    /// pays.
    pub fn prepare_within(&self, pos: &Position, budget_ms: u64) -> Readable {
        self.small.prepare_within(pos, budget_ms)
    }

    /// Loads (or builds), when the five-man directory is set, the five-man tables
    /// `pos` is in or one capture from, on threads of their own; with `wait`, returns
    /// once they are loaded. Errors go to stderr: the search goes on without the
    /// table. Returns the tables' bits among [`Readable`]'s.
    pub fn prepare_five_man(&self, pos: &Position, wait: bool) -> u128 {
        self.five_man.prepare(&self.small, pos, wait)
    }

    /// The table of a bare-king `ending`, building it on this thread if needed (or
    /// waiting for the thread that is building it).
    pub fn ensure(&self, ending: Ending) -> &Table {
        self.small.ensure_shared(ending)
    }

    /// The table of a K+X v K+Y `ending` under `variant`'s count, building it (and the
    /// bare-king tables its captures lead to) on this thread if needed.
    pub fn ensure_duel(&self, ending: Ending, variant: Variant) -> &DuelTable {
        self.small.ensure_duel(ending, variant)
    }

    /// Builds the table of any `ending` (under `variant`'s count) on this thread if
    /// needed.
    pub fn build(&self, ending: Ending, variant: Variant) {
        self.small.build(ending, variant)
    }

    /// The five-man table of a king and `kinds` against a bare king from the
    /// directory `dir`, built and written there first when the file is missing or
    /// refused (the smaller tables its captures lead to come from this handle);
    /// beside it, what went wrong on the way, which does not stop the table being
    /// used. The table is not kept in the handle.
    pub fn load_or_build_five(
        &self,
        dir: &Path,
        kinds: [PieceKind; MAX_PIECES],
    ) -> (Table, Option<String>) {
        five_man::load_or_build_bare(&self.small, dir, kinds)
    }

    /// The five-man duel of `key` from the directory `dir`, as
    /// [`Tables::load_or_build_five`] gives a bare-king one.
    pub fn load_or_build_five_duel(&self, dir: &Path, key: DuelKey) -> (DuelTable, Option<String>) {
        five_man::load_or_build_duel(&self.small, dir, key)
    }

    /// The verdict for `pos` from its side to move's view, ignoring the count, if it
    /// is a bare-king ending whose table is built (a K+X v K+Y table only answers
    /// with the count: see [`Tables::probe_with_count`]).
    pub fn probe(&self, pos: &Position) -> Option<Verdict> {
        exact::probe(&self.small, pos)
    }

    /// The exact result of `pos` for the side to move, the count included, if a table
    /// covers it: `Some(Win(d))` / `Some(Loss(d))` only when the mate in `d` plies
    /// comes before the count runs out, `Some(Draw)` otherwise.
    pub fn probe_with_count(&self, pos: &Position) -> Option<Verdict> {
        self.probe_readable(pos, Readable::ALL)
    }

    /// [`Tables::probe_with_count`], reading only the tables in `readable`.
    pub(crate) fn probe_readable(&self, pos: &Position, readable: Readable) -> Option<Verdict> {
        exact::probe_readable(&self.small, &self.five_man, pos, readable)
    }

    /// Extends a line from `root` that ends in a position a table covers with the
    /// tables' best play up to the mate (the search stops at such positions, so its
    /// own line ends there). A line that ends in a draw is left as it is.
    pub fn extend_line(&self, root: &Position, line: &mut Vec<Move>) {
        line::extend_line(&self.small, &self.five_man, root, line)
    }

    /// For a bare king against a king and three or more pieces (no table covers it):
    /// the fewest plies to mate that one or two of the strong side's pieces alone
    /// would need from here, by the built tables (in `readable`) of those pieces (see
    /// [`subset::subset_mate_distance`]).
    pub(crate) fn subset_mate_distance(&self, pos: &Position, readable: Readable) -> Option<u8> {
        subset::subset_mate_distance(&self.small, pos, readable)
    }

    /// The ending of `pos` and the table's verdict with the count, building a table
    /// of up to four men on this thread if it is not built yet (a fraction of a
    /// second), and loading (or building) a five-man table when a directory for them
    /// is set; `None` when no table covers the position.
    pub fn count_verdict(&self, pos: &Position) -> Option<(TableEnding, CountVerdict)> {
        words::count_verdict(&self.small, &self.five_man, pos)
    }
}

/// The tables one search reads: its engine's [`Tables`], and of those the ones the
/// search may read ([`Readable`]). What the search's probes and the evaluation read
/// through; a search job hands it to every search thread.
#[derive(Clone, Copy)]
pub(crate) struct ReadableTables<'a> {
    /// `None`: no tables at all (see [`ReadableTables::NONE`]).
    tables: Option<&'a Tables>,
    readable: Readable,
}

impl<'a> ReadableTables<'a> {
    /// No tables: the evaluation as it is without them (the tuner's traces, the
    /// evaluation's own tests).
    pub(crate) const NONE: ReadableTables<'static> = ReadableTables {
        tables: None,
        readable: Readable::ALL,
    };

    /// The tables of `tables` in `readable`.
    pub(crate) fn new(tables: &'a Tables, readable: Readable) -> ReadableTables<'a> {
        ReadableTables {
            tables: Some(tables),
            readable,
        }
    }

    /// The exact result of `pos` for the side to move, the count included, if a table
    /// this search may read covers it (see [`Tables::probe_with_count`]).
    #[inline]
    pub(crate) fn probe(self, pos: &Position) -> Option<Verdict> {
        self.tables?.probe_readable(pos, self.readable)
    }

    /// The shortest mate one or two of the strong side's pieces would give against a
    /// bare king (see [`Tables::subset_mate_distance`]).
    pub(crate) fn subset_mate_distance(self, pos: &Position) -> Option<u8> {
        self.tables?.subset_mate_distance(pos, self.readable)
    }

    /// Extends a line that ends in a position a table covers with the tables' best
    /// play (see [`Tables::extend_line`]).
    pub(crate) fn extend_line(self, root: &Position, line: &mut Vec<Move>) {
        if let Some(tables) = self.tables {
            tables.extend_line(root, line);
        }
    }
}
