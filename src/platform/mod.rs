//! What Khun asks of the host beyond the standard library:
//! - [`clock`]: the engine's clock (`performance.now()` on WebAssembly) and a seed
//!   from the wall clock;
//! - [`priority`]: the lowest scheduling priority for a background thread (the
//!   endgame-table builder).

pub mod clock;
pub(crate) mod priority;
