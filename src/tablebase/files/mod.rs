//! The five-man tables' files: their format on disk, and the shelves of the tables
//! loaded from them.

pub(crate) mod shelf;
pub mod table_file;
