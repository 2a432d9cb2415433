//! The five-man tables on disk, so a table too large to build during a game (a king
//! and three pieces against a bare king: up to 537 MB of distances, about 40 s to
//! build; a king and two pieces against a king and a piece: 1.07 GB, a minute or
//! more) is built once and read back in a second or two.
//!
//! File (little-endian):
//!
//! | bytes | field |
//! |-------|-------|
//! | 0-7   | magic: `KHUNBKTB` (bare king) or `KHUNDLTB` (duel) |
//! | 8-11  | version (bare king: 2, 1 is still read; duel: 1) |
//! | 12    | bare king: pieces beside the strong king (1 to 3); duel: the count's rules (0 makruk, 1 Cambodian) |
//! | 13-15 | bare king: their kinds in the table's order; duel: White's two, then Black's (`PieceKind` indices; unused: 255) |
//! | 16-23 | FNV-1a 64 checksum of the body |
//! | 24-   | the body. Bare king: the distances, one byte per (configuration, weak king), strong side to move. Duel: the stored numbers, one byte per (configuration, Black king), White to move then Black to move |
//!
//! Version 2 of the bare-king file keeps one ordering of identical pieces
//! (`solve/bare_king/layout.rs`); version 1 held every ordering, and is compacted on
//! reading.
//!
//! The attacked sets are not stored: they are recomputed from the configurations on
//! reading, and the tables a capture leads to are given by the reader.

use crate::board::PieceKind;
use crate::nnue::network::fnv1a;
use crate::tablebase::solve::bare_king::{MAX_PIECES, Table};
use crate::tablebase::solve::duel::DuelTable;
use std::io::{Read, Write};
use std::path::Path;
use std::sync::Arc;

const MAGIC: &[u8; 8] = b"KHUNBKTB";
const VERSION: u32 = 2;
/// The oldest version this build reads.
const OLDEST_READ: u32 = 1;
const DUEL_MAGIC: &[u8; 8] = b"KHUNDLTB";
const DUEL_VERSION: u32 = 1;
const HEADER_BYTES: usize = 24;

/// A header: `magic`, `version`, the byte `about` (pieces or count rules), up to three
/// piece kinds, and the body's checksum.
fn header(
    magic: &[u8; 8],
    version: u32,
    about: u8,
    kinds: &[PieceKind],
    checksum: u64,
) -> [u8; HEADER_BYTES] {
    let mut bytes = [0u8; HEADER_BYTES];
    bytes[0..8].copy_from_slice(magic);
    bytes[8..12].copy_from_slice(&version.to_le_bytes());
    bytes[12] = about;
    for (i, slot) in bytes[13..16].iter_mut().enumerate() {
        *slot = kinds.get(i).map_or(u8::MAX, |k| k.index() as u8);
    }
    bytes[16..24].copy_from_slice(&checksum.to_le_bytes());
    bytes
}

/// Writes `header` and `body` to `path` (beside it first, then renamed: a reader
/// never sees half a table). The file beside it is named by the process and thread,
/// so two engines building the same table into one directory do not write into one
/// file.
fn write_file(path: &Path, header: &[u8; HEADER_BYTES], body: &[u8]) -> Result<(), String> {
    let writer = format!("{:?}", std::thread::current().id())
        .chars()
        .filter(char::is_ascii_digit)
        .collect::<String>();
    let partial = path.with_extension(format!("partial-{}-{writer}", std::process::id()));
    let written = std::fs::File::create(&partial).and_then(|mut file| {
        file.write_all(header)?;
        file.write_all(body)?;
        file.sync_all()
    });
    written
        .and_then(|_| std::fs::rename(&partial, path))
        .map_err(|e| {
            // A disk that filled up keeps no half-written gigabyte.
            let _ = std::fs::remove_file(&partial);
            format!("cannot write the table file {}: {e}", path.display())
        })
}

/// Reads the file at `path` whose header must match `expected` (the header with
/// this version and a zero checksum) in its magic and bytes 12-15, with a version
/// from `oldest` to `expected`'s; returns the version and the checked body.
fn read_file(
    path: &Path,
    expected: &[u8; HEADER_BYTES],
    oldest: u32,
) -> Result<(u32, Vec<u8>), String> {
    let refused = |why: &str| format!("table file {} refused: {why}", path.display());
    let mut file = std::fs::File::open(path)
        .map_err(|e| format!("cannot read the table file {}: {e}", path.display()))?;
    let mut head = [0u8; HEADER_BYTES];
    file.read_exact(&mut head)
        .map_err(|_| refused("shorter than its header"))?;
    if head[0..8] != expected[0..8] {
        return Err(refused("not a Khun table file of this kind"));
    }
    let version = u32::from_le_bytes(head[8..12].try_into().expect("4 bytes"));
    let newest = u32::from_le_bytes(expected[8..12].try_into().expect("4 bytes"));
    if !(oldest..=newest).contains(&version) {
        return Err(refused(&format!(
            "version {version}, this build reads {oldest} to {newest}"
        )));
    }
    if head[12..16] != expected[12..16] {
        return Err(refused("it holds other pieces"));
    }
    let checksum = u64::from_le_bytes(head[16..24].try_into().expect("8 bytes"));
    // Sized from the file, so a gigabyte is not grown (and copied) in steps.
    let size = file.metadata().map_or(0, |m| m.len() as usize);
    let mut body = Vec::with_capacity(size.saturating_sub(HEADER_BYTES));
    file.read_to_end(&mut body)
        .map_err(|e| refused(&e.to_string()))?;
    if fnv1a(&body) != checksum {
        return Err(refused("checksum mismatch (damaged or cut short)"));
    }
    Ok((version, body))
}

/// Writes a table just built into `dir` with `write` (the directory made first if
/// needed), and says what went wrong on the way, if anything: `refused` (why the
/// file there was not read), then why it could not be written. Neither stops the
/// built table being used.
pub(crate) fn keep_built(
    dir: &Path,
    refused: Option<String>,
    write: impl FnOnce() -> Result<(), String>,
) -> Option<String> {
    let written = std::fs::create_dir_all(dir)
        .map_err(|e| format!("cannot create the table directory {}: {e}", dir.display()))
        .and_then(|_| write());
    match (refused, written) {
        (None, Ok(())) => None,
        (Some(why), Ok(())) => Some(format!("{why}; rebuilt")),
        (None, Err(why)) => Some(why),
        (Some(first), Err(then)) => Some(format!("{first}; rebuilt, but {then}")),
    }
}

/// Writes `table` to `path`.
pub fn write(table: &Table, path: &Path) -> Result<(), String> {
    let distances = table.distances();
    let kinds = table.kinds();
    let head = header(MAGIC, VERSION, kinds.len() as u8, kinds, fnv1a(distances));
    write_file(path, &head, distances)
}

/// Reads the table of `kinds` from `path`, checking that it is that table, whole
/// and undamaged; `after_capture` as for `Table::generate`. Beside the table: whether
/// the file is in an older layout (worth writing again).
pub fn read(
    path: &Path,
    kinds: &[PieceKind],
    after_capture: [Option<Arc<Table>>; MAX_PIECES],
) -> Result<(Table, bool), String> {
    let expected = header(MAGIC, VERSION, kinds.len() as u8, kinds, 0);
    let (version, distances) = read_file(path, &expected, OLDEST_READ)?;
    let old_layout = version < VERSION;
    Table::from_distances(kinds, distances, after_capture)
        .map(|table| (table, old_layout))
        .ok_or_else(|| {
            format!(
                "table file {} refused: its length is not the table's",
                path.display()
            )
        })
}

/// Writes the duel `table`, solved under the count rules numbered `rules`, to `path`.
pub(crate) fn write_duel(table: &DuelTable, rules: u8, path: &Path) -> Result<(), String> {
    let values = table.values();
    let head = header(
        DUEL_MAGIC,
        DUEL_VERSION,
        rules,
        &table.kinds(),
        fnv1a(values),
    );
    write_file(path, &head, values)
}

/// Reads the duel table of `white` against `black` under the count rules numbered
/// `rules` from `path`, checking that it is that table, whole and undamaged.
pub(crate) fn read_duel(
    path: &Path,
    white: &[PieceKind],
    black: PieceKind,
    rules: u8,
) -> Result<DuelTable, String> {
    let mut kinds = white.to_vec();
    kinds.push(black);
    let expected = header(DUEL_MAGIC, DUEL_VERSION, rules, &kinds, 0);
    let (_, values) = read_file(path, &expected, DUEL_VERSION)?;
    DuelTable::from_values(white, black, values).ok_or_else(|| {
        format!(
            "table file {} refused: its length is not the table's",
            path.display()
        )
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::tablebase::ending::Ending;
    use crate::tablebase::solve::bare_king::Placement;
    use crate::tablebase::solve::store::SmallTables;
    use crate::tablebase::verdict::Verdict;

    fn scratch(name: &str) -> std::path::PathBuf {
        let dir = std::env::temp_dir().join(format!("khun-table-file-{}", std::process::id()));
        std::fs::create_dir_all(&dir).unwrap();
        dir.join(name)
    }

    /// Placements of the strong king on a1-d8, the khon and the weak king apart from
    /// it (the met fixed on d4), both sides to move.
    fn verdicts(table: &Table) -> Vec<Verdict> {
        use crate::board::Square;
        let mut out = Vec::new();
        for king in (0..64u8).map(Square::new).filter(|s| s.file() < 4) {
            for piece in (0..64u8).step_by(3).map(Square::new) {
                for weak in (0..64u8).step_by(5).map(Square::new) {
                    let distinct = [king, piece, weak, Square::new(27)];
                    let kings_touch = crate::board::attacks::king_attacks(king)
                        & crate::board::Bitboard::from_square(weak);
                    if (0..4).any(|i| (i + 1..4).any(|j| distinct[i] == distinct[j]))
                        || !kings_touch.is_empty()
                    {
                        continue;
                    }
                    let p = Placement {
                        strong_king: king,
                        weak_king: weak,
                        pieces: [piece, Square::new(27), Square::new(27)],
                    };
                    out.push(table.verdict(p, true));
                    out.push(table.verdict(p, false));
                }
            }
        }
        out
    }

    #[test]
    fn a_table_reads_back_as_it_was_written_and_damage_is_refused() {
        let kinds = [PieceKind::Khon, PieceKind::Met];
        let tables = SmallTables::default();
        let captures = [
            Some(Arc::clone(tables.ensure_shared(Ending::Met))),
            Some(Arc::clone(tables.ensure_shared(Ending::Khon))),
            None,
        ];
        let table = Table::generate(&kinds, captures.clone());
        let path = scratch("ksm.khuntb");
        write(&table, &path).unwrap();
        let (back, old_layout) = read(&path, &kinds, captures.clone()).unwrap();
        assert!(!old_layout);
        assert_eq!(back.distances(), table.distances());
        assert_eq!(back.won_count(), table.won_count());
        assert_eq!(verdicts(&back), verdicts(&table));

        let refusal = |bytes: &[u8], kinds: &[PieceKind]| {
            let damaged = scratch("damaged.khuntb");
            std::fs::write(&damaged, bytes).unwrap();
            read(&damaged, kinds, captures.clone())
                .map(|_| ())
                .unwrap_err()
        };
        let bytes = std::fs::read(&path).unwrap();
        let mut flipped = bytes.clone();
        flipped[HEADER_BYTES + 12345] ^= 1;
        assert!(refusal(&flipped, &kinds).contains("checksum"));
        assert!(refusal(&bytes[..bytes.len() - 64], &kinds).contains("checksum"));
        assert!(refusal(&bytes, &[PieceKind::Khon, PieceKind::Khon]).contains("other pieces"));
        assert!(refusal(&bytes[..10], &kinds).contains("shorter than its header"));
        assert!(
            refusal(b"not a table at all, only words here", &kinds)
                .contains("not a Khun table file")
        );
        assert!(read(&scratch("missing.khuntb"), &kinds, captures.clone()).is_err());
        let _ = std::fs::remove_dir_all(path.parent().unwrap());
    }
}
