//! Building and solving the tables: the bare-king tables (`bare_king/`) and the
//! duels (`duel/`) with their retrograde solvers, the count a duel's captures start
//! (`exits.rs`), the five-man tables' families (`five.rs`, `five_duel.rs`), and the
//! store that builds the tables of up to four men on demand (`store.rs`).

pub(crate) mod bare_king;
pub(crate) mod duel;
pub(crate) mod exits;
pub mod five;
pub mod five_duel;
pub(crate) mod square_sets;
pub(crate) mod store;
