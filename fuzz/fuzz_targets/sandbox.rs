//! The bounds the protocol targets run the engine under: random command streams may
//! ask for anything, but each input must stay a few milliseconds.

use khun::engine::Sandbox;
use khun::platform::io::Output;
use khun::protocol::Protocol;
use khun::tablebase::{Ending, Tables};
use std::sync::{Arc, OnceLock};

/// Small enough that a search takes about a millisecond, large enough to get past the
/// first iterations (and into the table lookups) in endgames.
pub const SANDBOX: Sandbox = Sandbox {
    max_nodes: 2_000,
    // why 2: `go perft 2` and `bench 2` finish in milliseconds from any position.
    max_depth: 2,
    max_hash_mb: 2,
    max_threads: 2,
    read_files: false,
};

/// The endgame tables every session of the target reads, built once by
/// [`build_tables`]: the harness's, handed to each session (the engine holds none of
/// its own beyond a session).
static TABLES: OnceLock<Tables> = OnceLock::new();

/// Builds every endgame table before the first input: a search near a table builds it
/// first (a fraction of a second in a release build, many seconds under the fuzzers'
/// sanitizer), which would make whichever input gets there first look like a hang.
pub fn build_tables() {
    let tables = TABLES.get_or_init(Tables::new);
    for ending in Ending::ALL {
        tables.ensure(ending);
    }
}

/// Feeds `data` to a session of `protocol` through the engine's own stdin reader, under
/// [`SANDBOX`], its output dropped.
pub fn serve(data: &[u8], protocol: Protocol) {
    let out = Arc::new(Output::new(Box::new(std::io::sink())));
    khun::protocol::serve(
        std::io::Cursor::new(data.to_vec()),
        out,
        protocol,
        Some(SANDBOX),
        TABLES.get_or_init(Tables::new).clone(),
    );
}
