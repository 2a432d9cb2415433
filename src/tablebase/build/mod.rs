//! Building the tables: the bare-king and duel tables and their solvers, where a
//! duel's captures lead, the five-man tables, and the store that builds the tables
//! of up to four men on demand.

pub(crate) mod bare_king;
pub(crate) mod duel;
pub(crate) mod exits;
pub mod five;
pub mod five_duel;
pub(crate) mod store;
