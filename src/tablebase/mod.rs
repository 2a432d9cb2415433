//! Counting-aware endgame tables for the pawnless endings the count decides.
//!
//! Makruk's piece's honour gives the stronger side a fixed number of moves to mate a
//! bare king. Whether a win fits inside that number is exactly what distance-to-mate
//! tables answer: a position is won when its distance to mate is within the plies the
//! count still allows, and drawn otherwise. The tables are built in the engine, in a
//! fraction of a second each, the first time a game comes near them (see
//! [`Tables::prepare`]); the search then reads exact results instead of guessing.
//!
//! Each engine owns its tables: a [`Tables`] handle (`handle.rs`, every method the
//! rest of the crate calls) holds the tables built, the five-man directory and the
//! five-man tables loaded from it, and reaches the search through the search job
//! (`search::SearchJob::tables`); no table state is held in statics.
//!
//! Covered: every pawnless ending of up to four men. A king and one or two pieces
//! against a bare king (`solve/bare_king/`, distance to mate; a capture by the bare
//! king continues into the ending it leaves, the count running on), and a king and a
//! piece against a king and a piece (`solve/duel/`, under the board's honour, where a
//! capture starts a fresh piece's honour: see there for what is stored). Five men, a
//! king and three pieces against a bare king (`solve/five.rs`, the same solver) and
//! two pieces against one with a rook among them (`solve/five_duel.rs`, the duel
//! solver with two White pieces), are read only when the `FiveManTables` option names
//! a directory to keep them in (`files/`): at up to 604 MB and 1.07 GB a table they
//! are too large to build unasked. Without them, against a bare king with three or
//! more pieces the evaluation follows the mate one or two of the pieces alone would
//! give (`probe/subset.rs`).
//!
//! A conversion (the four-man tables know the plies to the exit, not to the mate)
//! scores just below the mates (`cp 31487` less the plies; see `search::score`). A
//! bare-king table takes 9 MB (K+X v K: 0.1 MB), a K+X v K+Y table 16 MB; what the
//! tables say about makruk (`khun tablebase`) is in `lab/README.md`. What
//! they say of one position, the count included, in words for `analyze` and
//! `annotate`: `probe/words.rs`.
//!
//! The folder, by concern: `solve/` builds and solves the tables and keeps those of
//! up to four men in memory (`store.rs`); `files/` holds the five-man tables' files
//! and the tables loaded from them; `probe/` reads the tables for a position. Beside
//! them, what all three share: which ending a position is in (`ending.rs`), the
//! plies the count leaves (`count_left.rs`) and which tables a search may read
//! (`readable.rs`). Imports run one way: `handle.rs` over `probe/`, over `files/`,
//! over `solve/`.

mod count_left;
mod ending;
mod files;
mod handle;
mod probe;
mod readable;
mod solve;
mod verdict;

pub use ending::{Ending, table_piece};
pub(crate) use ending::{has_tables, table_game};
pub use files::table_file;
pub(crate) use handle::ReadableTables;
pub use handle::Tables;
pub use probe::words::{CountVerdict, TableEnding, describe};
pub use readable::Readable;
pub use solve::bare_king::Table;
pub use solve::duel::DuelTable;
pub use solve::store::reachable;
pub use solve::{five, five_duel};
pub use verdict::Verdict;
