//! `khun perft`: count the legal move tree, optionally split by root move.

use crate::board::{Position, perft};
use std::io::Write;
use std::time::Instant;

/// Runs perft and prints the split (when asked), the node count, time and speed,
/// in the same format as UCI `go perft`.
pub fn run_perft(
    pos: &Position,
    depth: u32,
    divide: bool,
    out: &mut impl Write,
) -> std::io::Result<u64> {
    let start = Instant::now();
    let nodes = if divide {
        let mut total = 0;
        for (m, n) in perft::divide(pos, depth) {
            writeln!(out, "{m}: {n}")?;
            total += n;
        }
        writeln!(out)?;
        total
    } else {
        perft::perft(pos, depth)
    };
    let elapsed = start.elapsed();
    let ms = elapsed.as_millis();
    let nps = (nodes as f64 / elapsed.as_secs_f64().max(1e-9)) as u64;
    writeln!(out, "Nodes searched: {nodes}")?;
    writeln!(out, "Time: {ms} ms")?;
    writeln!(out, "Nodes/second: {nps}")?;
    Ok(nodes)
}
