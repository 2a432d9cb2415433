//! Reading the tables: the exact result of a position with its count, the line of
//! best play, and what the tables say in words.

pub(crate) mod exact;
pub(crate) mod words;
