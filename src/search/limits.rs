//! What a `go` asks for: clocks, depth, nodes, mate, fixed time, infinite, ponder.

use crate::board::Move;

/// The limits of one search. Times are milliseconds.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub(crate) struct Limits {
    pub(crate) wtime: Option<u64>,
    pub(crate) btime: Option<u64>,
    pub(crate) winc: Option<u64>,
    pub(crate) binc: Option<u64>,
    pub(crate) movestogo: Option<u32>,
    pub(crate) depth: Option<u32>,
    pub(crate) nodes: Option<u64>,
    /// Search for a mate in this many moves (stops once one is found).
    pub(crate) mate: Option<u32>,
    pub(crate) movetime: Option<u64>,
    pub(crate) infinite: bool,
    pub(crate) ponder: bool,
    /// Only these root moves (empty: all).
    pub(crate) searchmoves: Vec<Move>,
}

impl Limits {
    /// Whether the clock decides when to stop (as opposed to depth/nodes/infinite).
    pub(crate) fn uses_clock(&self) -> bool {
        self.wtime.is_some() || self.btime.is_some() || self.movetime.is_some()
    }

    /// A search to a fixed depth.
    pub(crate) fn depth(depth: u32) -> Limits {
        Limits {
            depth: Some(depth),
            ..Limits::default()
        }
    }

    /// A search of a fixed number of nodes.
    pub(crate) fn nodes(nodes: u64) -> Limits {
        Limits {
            nodes: Some(nodes),
            ..Limits::default()
        }
    }
}
