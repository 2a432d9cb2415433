//! What a `go` asks for: clocks, depth, nodes, mate, fixed time, infinite, ponder.

use crate::board::Move;

/// The limits of one search. Times are milliseconds.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Limits {
    pub wtime: Option<u64>,
    pub btime: Option<u64>,
    pub winc: Option<u64>,
    pub binc: Option<u64>,
    pub movestogo: Option<u32>,
    pub depth: Option<u32>,
    pub nodes: Option<u64>,
    /// Search for a mate in this many moves (stops once one is found).
    pub mate: Option<u32>,
    pub movetime: Option<u64>,
    pub infinite: bool,
    pub ponder: bool,
    /// Only these root moves (empty: all).
    pub searchmoves: Vec<Move>,
}

impl Limits {
    /// Whether the clock decides when to stop (as opposed to depth/nodes/infinite).
    pub fn uses_clock(&self) -> bool {
        self.wtime.is_some() || self.btime.is_some() || self.movetime.is_some()
    }

    /// A search to a fixed depth.
    pub fn depth(depth: u32) -> Limits {
        Limits {
            depth: Some(depth),
            ..Limits::default()
        }
    }

    /// A search of a fixed number of nodes.
    pub fn nodes(nodes: u64) -> Limits {
        Limits {
            nodes: Some(nodes),
            ..Limits::default()
        }
    }
}
