//! Counting-aware endgame tables for the bare-king endings the count decides.
//!
//! Makruk's piece's honour gives the stronger side a fixed number of moves to mate a
//! bare king. Whether a win fits inside that number is exactly what distance-to-mate
//! tables answer: a position is won when its distance to mate is within the plies the
//! count still allows, and drawn otherwise. The tables are built in the engine, in a
//! fraction of a second each, the first time a game comes near them (see `prepare`);
//! the search then reads exact results instead of guessing.
//!
//! Covered: K+R v K and a king with two of met, khon and knight (K+S+M, K+N+M, K+S+N,
//! K+S+S) against a bare king. Two mets or two knights do not mate (bar a few
//! positions the search finds by itself) and are left out; so are endings with a
//! rook and a second piece (a capture by the bare king there leads into K+R v K,
//! which this layout does not chain to) and the five-man endings (too large to build
//! while a game is being played).

mod duel;
mod ending;
mod exits;
mod probe;
mod store;
mod table;

pub use duel::DuelTable;
pub use ending::Ending;
pub use exits::allowance;
pub use probe::{duel_allowance, extend_line, plies_allowed, probe, probe_with_count};
pub use store::{build, ensure, ensure_duel, get, get_duel, prepare, reachable};
pub use table::{BareLosses, Placement, Table, Verdict};
