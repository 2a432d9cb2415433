//! What the long command-line jobs share around their work (`learn/`'s datagen and
//! records as well as `cli/`, so not in `cli/`):
//! - [`interrupt`]: SIGINT/SIGTERM asking them (`annotate`, `datagen`, `records`) to
//!   stop cleanly;
//! - [`progress_file`]: what the progress files of `annotate` and `datagen` (for
//!   `--resume`) share.

pub mod interrupt;
pub(crate) mod progress_file;
