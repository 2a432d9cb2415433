//! perft: counting the leaf nodes of the legal move tree, the standard test of a
//! move generator. The last ply is bulk-counted (the number of legal moves is the
//! number of leaves), the same convention as Fairy-Stockfish's reference numbers.

use super::movegen::GenKind;
use super::moves::{Move, MoveList};
use super::position::Position;
use crate::platform::clock::Instant;
use std::io::Write;

/// The number of leaf nodes `depth` plies below `pos`.
pub fn perft(pos: &Position, depth: u32) -> u64 {
    if depth == 0 {
        return 1;
    }
    // why: one list filled in place serves both the bulk count and the loop; with
    // two (`count_legal_moves` and `legal_moves`) the compiler merged them and copied
    // the 264-byte list at every node, which made perft 3-4% slower.
    let mut moves = MoveList::new();
    pos.generate(GenKind::All, &mut moves);
    if depth == 1 {
        return moves.len() as u64;
    }
    let mut nodes = 0;
    for &m in moves.iter() {
        let mut child = pos.clone();
        child.play(m);
        nodes += perft(&child, depth - 1);
    }
    nodes
}

/// perft split by root move, in generation order.
pub(crate) fn divide(pos: &Position, depth: u32) -> Vec<(Move, u64)> {
    if depth == 0 {
        return Vec::new();
    }
    pos.legal_moves()
        .iter()
        .map(|&m| (m, perft(&pos.after(m), depth - 1)))
        .collect()
}

/// Runs perft and prints the split by root move (`split`), the node count, time and speed,
/// in the same format as UCI `go perft`.
pub fn run_perft(
    pos: &Position,
    depth: u32,
    split: bool,
    out: &mut impl Write,
) -> std::io::Result<u64> {
    let start = Instant::now();
    let nodes = if split {
        let mut total = 0;
        for (m, n) in divide(pos, depth) {
            writeln!(out, "{m}: {n}")?;
            total += n;
        }
        writeln!(out)?;
        total
    } else {
        perft(pos, depth)
    };
    let elapsed = start.elapsed();
    let ms = elapsed.as_millis();
    let nps = (nodes as f64 / elapsed.as_secs_f64().max(1e-9)) as u64;
    writeln!(out, "Nodes searched: {nodes}")?;
    writeln!(out, "Time: {ms} ms")?;
    writeln!(out, "Nodes/second: {nps}")?;
    Ok(nodes)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn start_position_shallow() {
        let pos = Position::startpos();
        assert_eq!(perft(&pos, 1), 23);
        assert_eq!(perft(&pos, 2), 529);
        assert_eq!(perft(&pos, 3), 12_012);
        let total: u64 = divide(&pos, 3).iter().map(|(_, n)| n).sum();
        assert_eq!(total, 12_012);
    }
}
