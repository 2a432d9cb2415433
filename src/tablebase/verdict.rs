//! What a table says of a position, from the side to move's view: the one answer
//! every table gives, whichever solved it and whoever reads it.

/// What a table says of a position, from the side to move's view.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Verdict {
    /// The side to move mates in this many plies with best play.
    Win(u8),
    /// The side to move is mated in this many plies (0: it is mated now).
    Loss(u8),
    /// K+X v K+Y: the side to move wins; within this many plies it mates, or takes
    /// the last piece into a bare-king ending won inside the count that starts.
    Converts(u8),
    /// K+X v K+Y: the side to move loses; the other side converts (as above) within
    /// this many plies.
    Conceded(u8),
    Draw,
}
