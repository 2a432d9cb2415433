//! Reading the tables: the exact result of a position with its count (`exact.rs`),
//! the five-man tables loaded (`five_man.rs`), the line of best play (`line.rs`), the
//! mate a subset of the pieces would give where no table covers the position
//! (`subset.rs`), and what the tables say in words (`words.rs`).

pub(crate) mod exact;
pub(crate) mod five_man;
pub(crate) mod line;
pub(crate) mod subset;
pub(crate) mod words;
