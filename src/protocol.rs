//! Serving a GUI: the protocol a session speaks, chosen by the GUI's first command or
//! forced, and the session run until `quit` or the end of input. The binary serves
//! stdin and stdout; the fuzz targets serve random bytes under a sandbox.

use crate::engine::Sandbox;
use crate::platform::io::{Input, Output, spawn_reader};
use crate::tablebase::Tables;
use crate::uci::Uci;
use crate::xboard::{Xboard, is_xboard_greeting};
use std::io::Read;
use std::sync::Arc;

/// The protocol a session speaks.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Protocol {
    /// The GUI's first command chooses: `xboard` (or `protover`) XBoard, anything else
    /// UCI; that command is then handled like any other line.
    FirstCommand,
    Uci,
    Xboard,
}

/// Speaks `protocol` over `input` and `out` until `quit` or the end of input, the engine
/// bounded by `sandbox` (`None`: no bounds, as for a GUI) and reading `tables` (a new
/// [`Tables`] for a GUI; the fuzz targets pass one with every table built).
pub fn serve<R: Read + Send + 'static>(
    input: R,
    out: Arc<Output>,
    protocol: Protocol,
    sandbox: Option<Sandbox>,
    tables: Tables,
) {
    let rx = spawn_reader(input);
    let (xboard, first) = match protocol {
        Protocol::Uci => (false, None),
        Protocol::Xboard => (true, None),
        Protocol::FirstCommand => {
            let first = loop {
                match rx.recv() {
                    Ok(Input::Line(line)) if line.trim().is_empty() => continue,
                    Ok(Input::Line(line)) | Ok(Input::Truncated(line)) => break line,
                    Ok(Input::Eof) | Err(_) => return,
                }
            };
            (is_xboard_greeting(&first), Some(first))
        }
    };
    if xboard {
        let mut session = Xboard::new(out);
        session.engine_mut().set_sandbox(sandbox);
        session.engine_mut().use_tables(tables);
        session.run(first, &rx);
    } else {
        let mut session = Uci::new(out);
        session.engine_mut().set_sandbox(sandbox);
        session.engine_mut().use_tables(tables);
        session.run(first, &rx);
    }
}
