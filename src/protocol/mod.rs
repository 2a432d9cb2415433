//! Serving a GUI, whichever protocol it speaks (the protocols themselves are
//! [`crate::uci`] and [`crate::xboard`]):
//! - [`io`]: what every protocol reads and writes through: the input thread that turns
//!   stdin into lines and the output printer the session and the search share (the
//!   web's session prints through it too);
//! - `serve`: the protocol a session speaks, chosen by the GUI's first command or
//!   forced, and the session run until `quit` ([`Protocol`], [`serve`](fn@serve)).

pub mod io;
#[cfg(feature = "native")]
mod serve;

#[cfg(feature = "native")]
pub use serve::{Protocol, serve};
