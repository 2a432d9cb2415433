//! The five-man tables one engine reads: the directory they are kept in (the
//! `FiveManTables` option), each table read from its file there or built and written
//! there first, and the shelves of those loaded, filled on threads of their own with
//! the tables a search's root is in or one capture from.

use super::shelf::Shelf;
use super::table_file;
use crate::board::{PieceKind, Position};
use crate::tablebase::readable::five_man_bit;
use crate::tablebase::solve::bare_king::{MAX_PIECES, Table};
use crate::tablebase::solve::duel::DuelTable;
use crate::tablebase::solve::five;
use crate::tablebase::solve::five_duel::{self, DuelKey};
use crate::tablebase::solve::store::SmallTables;
use std::path::{Path, PathBuf};
use std::sync::{Arc, Mutex};

/// One engine's five-man tables, cheap to clone: clones share the directory and the
/// tables loaded (the loading threads hold one).
#[derive(Clone, Default)]
pub(crate) struct FiveMan {
    /// The directory five-man tables are read from and built into (`FiveManTables`);
    /// `None`: none are loaded.
    directory: Arc<Mutex<Option<PathBuf>>>,
    /// The loaded tables of a king and three pieces against a bare king.
    bare: Shelf<[PieceKind; MAX_PIECES], Table>,
    /// The loaded five-man duels (two pieces against one, a rook among them).
    duels: Shelf<DuelKey, DuelTable>,
}

impl FiveMan {
    /// The directory five-man tables are read from and built into, if one is set.
    pub(crate) fn directory(&self) -> Option<PathBuf> {
        self.directory
            .lock()
            .unwrap_or_else(|e| e.into_inner())
            .clone()
    }

    /// Sets the directory five-man tables are read from and built into (`None`: none
    /// are loaded from now on; those loaded stay). Its one check: a path where nothing
    /// is yet is taken (the directory is made when the first table is built; one that
    /// cannot be made leaves the tables built in memory, used all the same); a file,
    /// or a directory that cannot be read, is refused with the reason, and the
    /// directory kept.
    pub(crate) fn set_directory(&self, dir: Option<PathBuf>) -> Result<(), String> {
        if let Some(dir) = &dir {
            check_directory(dir)?;
        }
        *self.directory.lock().unwrap_or_else(|e| e.into_inner()) = dir;
        Ok(())
    }

    /// The loaded tables of a king and three pieces against a bare king.
    pub(crate) fn bare(&self) -> &Shelf<[PieceKind; MAX_PIECES], Table> {
        &self.bare
    }

    /// The loaded five-man duels.
    pub(crate) fn duels(&self) -> &Shelf<DuelKey, DuelTable> {
        &self.duels
    }

    /// Loads (or builds) every five-man table `pos` is in or one capture from, both
    /// kinds (see [`FiveMan::prepare_bare`], [`FiveMan::prepare_duels`]); returns
    /// their [`five_man_bit`]s.
    pub(crate) fn prepare(&self, small: &SmallTables, pos: &Position, wait: bool) -> u128 {
        self.prepare_bare(small, pos, wait) | self.prepare_duels(small, pos, wait)
    }

    /// Loads (or builds) the tables of a king and three pieces against a bare king
    /// that `pos` is in or one capture from, when the directory is set, on threads of
    /// their own (the smaller tables their captures lead to come from `small`); with
    /// `wait`, returns once they are loaded (searches that must not depend on
    /// timing). Errors go to stderr: the search goes on without the table. Returns
    /// the tables' [`five_man_bit`]s.
    pub(crate) fn prepare_bare(&self, small: &SmallTables, pos: &Position, wait: bool) -> u128 {
        let Some(dir) = self.directory() else {
            return 0;
        };
        let wanted = within_a_capture(pos, |p| five::signature(p).map(|(_, kinds)| kinds));
        let bits = wanted
            .iter()
            .fold(0, |bits, &kinds| bits | 1 << five_man_bit(kinds, false));
        let small = small.clone();
        self.bare.load(&wanted, wait, move |kinds| {
            let (table, trouble) = load_or_build_bare(&small, &dir, kinds);
            if let Some(why) = trouble {
                eprintln!("five-man table {}: {why}", five::file_name(kinds));
            }
            table
        });
        bits
    }

    /// Loads (or builds) the five-man duels `pos` is in or one capture from, as
    /// [`FiveMan::prepare_bare`] does the bare-king ones. Returns the tables' bits
    /// (see [`DuelKey::bit`]).
    pub(crate) fn prepare_duels(&self, small: &SmallTables, pos: &Position, wait: bool) -> u128 {
        let Some(dir) = self.directory() else {
            return 0;
        };
        let wanted = within_a_capture(pos, |p| five_duel::signature(p).map(|(key, _)| key));
        let bits = wanted.iter().fold(0, |bits, key| bits | 1 << key.bit());
        let small = small.clone();
        self.duels.load(&wanted, wait, move |key| {
            let (table, trouble) = load_or_build_duel(&small, &dir, key);
            if let Some(why) = trouble {
                eprintln!("five-man table {}: {why}", key.file_name());
            }
            table
        });
        bits
    }
}

/// Whether `dir` can hold five-man tables (see [`FiveMan::set_directory`]).
fn check_directory(dir: &Path) -> Result<(), String> {
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

/// The table of a king and `kinds` against a bare king from the cache directory
/// `dir`, built and written there first when the file is missing or refused (the
/// smaller tables its captures lead to come from `small`). Beside the table: what
/// went wrong on the way (the file refused, or the new one not written), which does
/// not stop the table being used.
pub(crate) fn load_or_build_bare(
    small: &SmallTables,
    dir: &Path,
    kinds: [PieceKind; MAX_PIECES],
) -> (Table, Option<String>) {
    let path = dir.join(five::file_name(kinds));
    let captures = five::capture_tables(small, kinds);
    let refused = match table_file::read(&path, &kinds, captures.clone()) {
        Ok((table, false)) => return (table, None),
        Ok((table, true)) => {
            // An older layout: written again in today's (smaller with identical
            // pieces), and used whether or not that works.
            let trouble = table_file::write(&table, &path)
                .err()
                .map(|why| format!("read, but not written again in the new layout: {why}"));
            return (table, trouble);
        }
        Err(_) if !path.exists() => None,
        Err(why) => Some(why),
    };
    let table = Table::generate(&kinds, captures);
    let trouble = table_file::keep_built(dir, refused, || table_file::write(&table, &path));
    (table, trouble)
}

/// The duel table of `key` from the cache directory `dir`, built and written there
/// first when the file is missing or refused (the smaller tables its captures lead
/// to come from `small`); beside it, what went wrong on the way (which does not stop
/// the table being used).
pub(crate) fn load_or_build_duel(
    small: &SmallTables,
    dir: &Path,
    key: DuelKey,
) -> (DuelTable, Option<String>) {
    let path = dir.join(key.file_name());
    // The tables a capture leads to: the search reads them after one.
    five_duel::build_capture_tables(small, key);
    let refused = match table_file::read_duel(&path, &key.white, key.black, key.rules()) {
        Ok(table) => return (table, None),
        Err(_) if !path.exists() => None,
        Err(why) => Some(why),
    };
    let table = five_duel::generate(small, key);
    let trouble = table_file::keep_built(dir, refused, || {
        table_file::write_duel(&table, key.rules(), &path)
    });
    (table, trouble)
}

/// The distinct keys `key` gives `pos` and the positions one capture or promotion
/// from it.
fn within_a_capture<K: PartialEq>(pos: &Position, key: impl Fn(&Position) -> Option<K>) -> Vec<K> {
    let mut wanted: Vec<K> = Vec::new();
    let mut note = |p: &Position| {
        if let Some(k) = key(p)
            && !wanted.contains(&k)
        {
            wanted.push(k);
        }
    };
    note(pos);
    for &m in pos.legal_moves().iter() {
        if pos.piece_at(m.to()).is_some() || m.is_promotion() {
            note(&pos.after(m));
        }
    }
    wanted
}
