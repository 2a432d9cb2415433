//! Counting-aware endgame tables for the pawnless endings the count decides.
//!
//! Makruk's piece's honour gives the stronger side a fixed number of moves to mate a
//! bare king. Whether a win fits inside that number is exactly what distance-to-mate
//! tables answer: a position is won when its distance to mate is within the plies the
//! count still allows, and drawn otherwise. The tables are built in the engine, in a
//! fraction of a second each, the first time a game comes near them (see `prepare`);
//! the search then reads exact results instead of guessing.
//!
//! Each engine owns its tables: a [`Tables`] handle (`tables.rs`) holds the tables
//! built, the five-man directory and the five-man tables loaded from it, and reaches
//! the search through the search job (`search::SearchJob::tables`); no table state is
//! held in statics.
//!
//! Covered: every pawnless ending of up to four men. A king and one or two pieces
//! against a bare king (`table.rs`, distance to mate; a capture by the bare king
//! continues into the ending it leaves, the count running on), and a king and a
//! piece against a king and a piece (`duel.rs`, under the board's honour, where a
//! capture starts a fresh piece's honour: see there for what is stored). Five men,
//! a king and three pieces against a bare king (`five.rs`, the same solver) and two
//! pieces against one with a rook among them (`five_duel.rs`, the duel solver with
//! two White pieces), are read only when the `FiveManTables` option
//! names a directory to keep them in (`table_file.rs`; loaded by `shelf.rs`): at up
//! to 604 MB and 1.07 GB a table they are too large to build unasked. Without them, against a bare king
//! with three or more pieces the evaluation follows the mate one or two of the
//! pieces alone would give (`subset_mate_distance`).
//!
//! A conversion (the four-man tables know the plies to the exit, not to the mate)
//! scores just below the mates (`cp 31487` less the plies; see `search::score`). A
//! bare-king table takes 9 MB (K+X v K: 0.1 MB), a K+X v K+Y table 16 MB; what the
//! tables say about makruk (`khun tablebase`) is in `lab/README.md`. What
//! they say of one position, the count included, in words for `analyze` and
//! `annotate`: `words.rs`.

mod count_left;
mod duel;
mod ending;
mod exits;
pub mod five;
pub mod five_duel;
mod probe;
mod shelf;
mod store;
mod table;
pub mod table_file;
mod tables;
mod words;

pub use duel::DuelTable;
pub(crate) use ending::table_game;
pub use ending::{Ending, table_piece};
pub use store::{Readable, reachable};
pub(crate) use table::Placement;
pub use table::{Table, Verdict};
pub(crate) use tables::ReadableTables;
pub use tables::Tables;
pub use words::{CountVerdict, TableEnding, describe};

impl Tables {
    /// Makes the tables a search from `pos` may need available and says which it may
    /// read: those of up to four men ([`Tables::prepare`]) and, with a five-man
    /// directory set, the five-man tables `pos` is in or one capture from
    /// ([`five::prepare`], [`five_duel::prepare`]). With `wait` (repeatable searches:
    /// fixed depth or nodes, bench) they are ready when this returns and the search
    /// reads only them; otherwise they come in the background and the search reads
    /// whatever is ready.
    pub fn prepare_search(&self, pos: &crate::board::Position, wait: bool) -> Readable {
        let small = self.prepare(pos, wait);
        let five = five::prepare(self, pos, wait) | five_duel::prepare(self, pos, wait);
        if wait {
            small.with_five_man(five)
        } else {
            small
        }
    }
}
