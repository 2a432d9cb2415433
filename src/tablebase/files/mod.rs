//! The five-man tables and their files: the format on disk (`table_file.rs`), the
//! shelves of the tables loaded (`shelf.rs`), and one engine's five-man tables, read
//! from their directory or built into it (`five_man.rs`).

pub(crate) mod five_man;
pub(crate) mod shelf;
pub mod table_file;
