//! The handle to one engine's endgame tables: the tables of up to four men built in
//! memory on demand (`build/store.rs`), the directory the five-man tables are kept in, and
//! the five-man tables loaded from it (`files/shelf.rs`). An engine owns one and hands it
//! to its searches in the search job; nothing about the tables is held in statics, so
//! two engines in one process (two `annotate` runs in a test, say) each read their own.

use crate::board::{Move, PieceKind, Position};
use crate::tablebase::build::bare_king::MAX_PIECES;
use crate::tablebase::build::duel::DuelTable;
use crate::tablebase::build::five_duel::DuelKey;
use crate::tablebase::build::store::SmallTables;
use crate::tablebase::files::shelf::Shelf;
use crate::tablebase::{Readable, Table, Verdict};
use std::path::{Path, PathBuf};
use std::sync::{Arc, Mutex};

/// One engine's endgame tables, cheap to clone: clones share the tables (an engine,
/// its searches, the background builders and the jobs of one `annotate` run read
/// the same). Each table is built or loaded once per handle, the first time a
/// position comes near it.
#[derive(Clone, Default)]
pub struct Tables {
    pub(super) held: Arc<Held>,
}

/// What a [`Tables`] handle shares among its clones.
#[derive(Default)]
pub(super) struct Held {
    /// The tables of up to four men, built in memory.
    pub(super) small: SmallTables,
    /// The directory five-man tables are read from and built into (`FiveManTables`);
    /// `None`: none are loaded.
    five_man_directory: Mutex<Option<PathBuf>>,
    /// The loaded five-man tables of a king and three pieces against a bare king.
    pub(super) five: Shelf<[PieceKind; MAX_PIECES], Table>,
    /// The loaded five-man duels (two pieces against one, a rook among them).
    pub(super) five_duel: Shelf<DuelKey, DuelTable>,
}

impl Tables {
    /// A handle with no table built or loaded and no five-man directory.
    pub fn new() -> Tables {
        Tables::default()
    }

    /// The directory five-man tables are read from and built into, if one is set.
    pub fn five_man_directory(&self) -> Option<PathBuf> {
        self.held
            .five_man_directory
            .lock()
            .unwrap_or_else(|e| e.into_inner())
            .clone()
    }

    /// Sets the directory five-man tables are read from and built into (`None`: none
    /// are loaded from now on; those loaded stay): the one door the `FiveManTables`
    /// option (UCI and XBoard) and the command line's `--five-man-tables` (`analyze`,
    /// `annotate`, `tablebase`) share. Its one check: a path where nothing is yet is
    /// taken (the directory is made when the first table is built; one that cannot be
    /// made leaves the tables built in memory, used all the same); a file, or a
    /// directory that cannot be read, is refused with the reason, and the directory
    /// kept.
    pub fn set_five_man_directory(&self, dir: Option<PathBuf>) -> Result<(), String> {
        if let Some(dir) = &dir {
            check_five_man_directory(dir)?;
        }
        *self
            .held
            .five_man_directory
            .lock()
            .unwrap_or_else(|e| e.into_inner()) = dir;
        Ok(())
    }
}

/// Whether `dir` can hold five-man tables (see [`Tables::set_five_man_directory`]).
fn check_five_man_directory(dir: &Path) -> Result<(), String> {
    if !dir.exists() {
        return Ok(());
    }
    if !dir.is_dir() {
        return Err(format!("{} is not a directory", dir.display()));
    }
    std::fs::read_dir(dir)
        .map(|_| ())
        .map_err(|why| format!("cannot read the directory {}: {why}", dir.display()))
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
