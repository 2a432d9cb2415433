//! Where the tables live once built, and when they are built: on demand, once per
//! process, in the background or on the caller's thread.

use super::{Ending, Table};
use crate::board::{Color, PieceKind, Position};
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::{Mutex, OnceLock};

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

/// Endings waiting for the background builder, and whether it is running.
struct BuildQueue {
    waiting: Vec<Ending>,
    builder_running: bool,
}

static QUEUE: Mutex<BuildQueue> = Mutex::new(BuildQueue {
    waiting: Vec::new(),
    builder_running: false,
});

/// Queues the table of `ending` for the background builder, once.
///
/// One builder thread builds the queued tables one after the other, at the lowest
/// scheduling priority. Why: a game coming within six men of the tables asks for up
/// to five of them at once, about a second of work together; five threads at the
/// search's priority starved the search on a busy machine (at 0.5+0.005 a timed
/// search reached depth 1 in 60 ms, and lost on time).
fn request(ending: Ending) {
    let slot = &SLOTS[ending.index()];
    if slot.table.get().is_some() || slot.requested.swap(true, Ordering::Relaxed) {
        return;
    }
    let mut queue = QUEUE.lock().unwrap_or_else(|e| e.into_inner());
    queue.waiting.push(ending);
    if queue.builder_running {
        return;
    }
    let spawned = std::thread::Builder::new()
        .name("khun-tb-builder".into())
        .spawn(build_queued);
    match spawned {
        Ok(_) => queue.builder_running = true,
        Err(_) => {
            // No thread to spare: try again next time.
            for ending in queue.waiting.drain(..) {
                SLOTS[ending.index()]
                    .requested
                    .store(false, Ordering::Relaxed);
            }
        }
    }
}

/// The background builder: builds queued tables until the queue is empty.
fn build_queued() {
    crate::os::lower_thread_priority();
    loop {
        let next = {
            let mut queue = QUEUE.lock().unwrap_or_else(|e| e.into_inner());
            let next = queue.waiting.pop();
            if next.is_none() {
                queue.builder_running = false;
            }
            next
        };
        match next {
            Some(ending) => {
                ensure(ending);
            }
            None => return,
        }
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
    // The tables are makruk's only (see `Ending::of`).
    if pos.variant() != crate::board::Variant::Makruk {
        return Vec::new();
    }
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
