//! Counting-aware endgame tables for the bare-king endings the count decides.
//!
//! Makruk's piece's honour gives the stronger side a fixed number of moves to mate a
//! bare king. Whether a win fits inside that number is exactly what distance-to-mate
//! tables answer: a position is won when its distance to mate is within the plies the
//! count still allows, and drawn otherwise. The tables are built in the engine, in a
//! fraction of a second each, the first time a game comes near them (see `prepare`);
//! the search then reads exact results instead of guessing.
//!
//! Covered: K+R v K and a king with two of met, khon and knight (K+S+M, K+N+M, K+S+N,
//! K+S+S) against a bare king. Two mets or two knights do not mate (bar a few
//! positions the search finds by itself) and are left out; so are endings with a
//! rook and a second piece (a capture by the bare king there leads into K+R v K,
//! which this layout does not chain to) and the five-man endings (too large to build
//! while a game is being played).

mod table;

pub use table::{Placement, Table, Verdict};

use crate::board::{Color, Move, PieceKind, Position, Square, counting};
use std::sync::OnceLock;
use std::sync::atomic::{AtomicBool, Ordering};

/// The endings with a table, by the strong side's pieces.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Ending {
    Rook,
    KhonMet,
    KnightMet,
    KhonKnight,
    KhonKhon,
}

impl Ending {
    pub const ALL: [Ending; 5] = [
        Ending::Rook,
        Ending::KhonMet,
        Ending::KnightMet,
        Ending::KhonKnight,
        Ending::KhonKhon,
    ];

    /// The strong side's pieces besides its king, in the table's order.
    pub fn kinds(self) -> &'static [PieceKind] {
        match self {
            Ending::Rook => &[PieceKind::Rook],
            Ending::KhonMet => &[PieceKind::Khon, PieceKind::Met],
            Ending::KnightMet => &[PieceKind::Knight, PieceKind::Met],
            Ending::KhonKnight => &[PieceKind::Khon, PieceKind::Knight],
            Ending::KhonKhon => &[PieceKind::Khon, PieceKind::Khon],
        }
    }

    /// A name in makruk letters, e.g. `KSMvK`.
    pub fn name(self) -> &'static str {
        match self {
            Ending::Rook => "KRvK",
            Ending::KhonMet => "KSMvK",
            Ending::KnightMet => "KNMvK",
            Ending::KhonKnight => "KSNvK",
            Ending::KhonKhon => "KSSvK",
        }
    }

    fn index(self) -> usize {
        self as usize
    }

    /// The ending a position is in, with the strong side, if it has a table.
    pub fn of(pos: &Position) -> Option<(Ending, Color)> {
        let occupied = pos.occupied().count();
        if !(3..=4).contains(&occupied) || pos.pieces_of_kind(PieceKind::Pawn).any() {
            return None;
        }
        let strong = if pos.pieces_of(Color::White).count() == 1 {
            Color::Black
        } else if pos.pieces_of(Color::Black).count() == 1 {
            Color::White
        } else {
            return None;
        };
        let n = |kind| pos.pieces(strong, kind).count();
        let ending = match (
            n(PieceKind::Rook),
            n(PieceKind::Khon),
            n(PieceKind::Knight),
            n(PieceKind::Met),
        ) {
            (1, 0, 0, 0) => Ending::Rook,
            (0, 1, 0, 1) => Ending::KhonMet,
            (0, 0, 1, 1) => Ending::KnightMet,
            (0, 1, 1, 0) => Ending::KhonKnight,
            (0, 2, 0, 0) => Ending::KhonKhon,
            _ => return None,
        };
        Some((ending, strong))
    }
}

struct Slot {
    table: OnceLock<Table>,
    requested: AtomicBool,
}

static SLOTS: [Slot; 5] = [const {
    Slot {
        table: OnceLock::new(),
        requested: AtomicBool::new(false),
    }
}; 5];

/// The table of `ending` if it has been built.
pub fn get(ending: Ending) -> Option<&'static Table> {
    SLOTS[ending.index()].table.get()
}

/// The table of `ending`, building it on this thread if needed (or waiting for the
/// thread that is building it).
pub fn ensure(ending: Ending) -> &'static Table {
    let slot = &SLOTS[ending.index()];
    slot.requested.store(true, Ordering::Relaxed);
    slot.table.get_or_init(|| Table::generate(ending.kinds()))
}

/// Starts building the table of `ending` on a background thread, once.
fn request(ending: Ending) {
    let slot = &SLOTS[ending.index()];
    if slot.table.get().is_some() || slot.requested.swap(true, Ordering::Relaxed) {
        return;
    }
    let spawned = std::thread::Builder::new()
        .name(format!("khun-tb-{}", ending.name()))
        .spawn(move || {
            ensure(ending);
        });
    if spawned.is_err() {
        // No thread to spare: try again next time.
        slot.requested.store(false, Ordering::Relaxed);
    }
}

/// Material (men besides the kings, pawns included) at or below which a game is
/// near enough to a table to build it.
// why: from six men down, a few captures lead into a table within the search's reach;
// above, the tables would cost memory and time for endings that rarely come.
const PREPARE_MEN: u32 = 6;

/// The endings a game from `pos` can reach soon: a side holds (counting pawns as the
/// mets they promote to) the pieces of the ending, and few men are left.
pub fn reachable(pos: &Position) -> Vec<Ending> {
    let men = pos.occupied().count() - 2;
    if men > PREPARE_MEN {
        return Vec::new();
    }
    let mut out = Vec::new();
    for ending in Ending::ALL {
        let fits = Color::ALL.iter().any(|&side| {
            let have = |kind| pos.pieces(side, kind).count();
            let pawns = have(PieceKind::Pawn);
            let need = |kind| ending.kinds().iter().filter(|&&k| k == kind).count() as u32;
            let mets_short = need(PieceKind::Met).saturating_sub(have(PieceKind::Met));
            [PieceKind::Rook, PieceKind::Khon, PieceKind::Knight]
                .iter()
                .all(|&k| have(k) >= need(k))
                && mets_short <= pawns
        });
        if fits {
            out.push(ending);
        }
    }
    out
}

/// Makes the tables a search from `pos` may need available: built now when `wait`
/// (searches that must be repeatable: fixed depth or nodes, bench), else started in
/// the background while the search goes on without them.
pub fn prepare(pos: &Position, wait: bool) {
    for ending in reachable(pos) {
        if wait {
            ensure(ending);
        } else {
            request(ending);
        }
    }
}

/// The verdict for `pos` from its side to move's view, ignoring the count, if its
/// ending's table is built.
pub fn probe(pos: &Position) -> Option<Verdict> {
    let (ending, strong) = Ending::of(pos)?;
    let table = get(ending)?;
    Some(table.verdict(placement(pos, ending, strong), pos.side_to_move() == strong))
}

/// The position's men in the table's frame (strong side as White).
fn placement(pos: &Position, ending: Ending, strong: Color) -> Placement {
    let frame = |sq: Square| match strong {
        Color::White => sq,
        Color::Black => sq.flip_rank(),
    };
    let mut pieces = [Square::new(0); 2];
    let kinds = ending.kinds();
    let mut taken = crate::board::Bitboard::EMPTY;
    for (i, &kind) in kinds.iter().enumerate() {
        let sq = (pos.pieces(strong, kind) & !taken).lsb();
        taken = taken.with(sq);
        pieces[i] = frame(sq);
    }
    Placement {
        strong_king: frame(pos.king_square(strong)),
        weak_king: frame(pos.king_square(!strong)),
        pieces,
    }
}

/// The most plies the mate may take from `pos` before the count ends the game: every
/// position before the mating one must still be within the count.
pub fn plies_allowed(pos: &Position, strong: Color) -> u32 {
    let count = pos.count();
    if count.is_running() {
        return (count.limit() as u32 + 1).saturating_sub(count.ply() as u32);
    }
    // No count yet: the piece's honour starts when the bare side is next to move,
    // with the counter at twice the men on the board.
    let moves = counting::limit_for(pos, !strong).unwrap_or(counting::BOARD_HONOUR_MOVES);
    let start = 2 * pos.occupied().count();
    let plies_before_start = if pos.side_to_move() == strong { 1 } else { 2 };
    (2 * moves as u32 + 1 + plies_before_start).saturating_sub(start)
}

/// The exact result of `pos` for the side to move, the count included, if a table
/// covers it: `Some(Win(d))` / `Some(Loss(d))` only when the mate in `d` plies comes
/// before the count runs out, `Some(Draw)` otherwise.
pub fn probe_with_count(pos: &Position) -> Option<Verdict> {
    let (_, strong) = Ending::of(pos)?;
    let verdict = probe(pos)?;
    let allowed = plies_allowed(pos, strong);
    Some(match verdict {
        Verdict::Win(d) | Verdict::Loss(d) if d as u32 > allowed => Verdict::Draw,
        v => v,
    })
}

/// Longest line `extend_line` builds, in plies.
const MAX_LINE: usize = 120;

/// Extends a line from `root` that ends in a position a table covers with the
/// tables' best play up to the mate (the search stops at such positions, so its own
/// line ends there). A line that ends in a draw is left as it is.
pub fn extend_line(root: &Position, line: &mut Vec<Move>) {
    let mut pos = root.clone();
    for &m in line.iter() {
        pos.play(m);
    }
    while line.len() < MAX_LINE {
        let wanted = match probe_with_count(&pos) {
            Some(Verdict::Win(d)) => Verdict::Loss(d - 1),
            Some(Verdict::Loss(d)) if d > 0 => Verdict::Win(d - 1),
            _ => return,
        };
        let next = pos.legal_moves().iter().copied().find(|&m| {
            let child = pos.after(m);
            let verdict = if child.has_legal_move() {
                probe_with_count(&child)
            } else if child.in_check() {
                Some(Verdict::Loss(0))
            } else {
                Some(Verdict::Draw)
            };
            verdict == Some(wanted)
        });
        let Some(m) = next else {
            return;
        };
        pos.play(m);
        line.push(m);
    }
}
