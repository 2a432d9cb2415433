//! What Khun asks of the host beyond the standard library:
//! - [`clock`]: the engine's clock (`performance.now()` on WebAssembly) and a seed
//!   from the wall clock;
//! - [`priority`]: the lowest scheduling priority for a background thread (the
//!   endgame-table builder);
//! - [`io`]: stdin and stdout as the protocols use them: the input thread that turns
//!   stdin into lines (so commands are answered while a search runs) and the output
//!   printer the session and the search share (the web's session prints through it
//!   too).

pub mod clock;
pub mod io;
pub(crate) mod priority;
