//! Where the tables of up to four men live once built, and when they are built: on
//! demand, once per [`SmallTables`] (an engine's, shared by its searches through its
//! [`Tables`](crate::tablebase::Tables) handle), in the background or on the
//! caller's thread.

use super::bare_king::Table;
use super::duel::{BlackExits, DuelTable, Exits};
use super::exits;
use crate::board::{Color, CountingRule, PieceKind, Position, Variant};
use crate::tablebase::ending::{Ending, has_tables, table_game, tables_serve};
use crate::tablebase::readable::Readable;
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::{Arc, Mutex, OnceLock};

/// Where one ending's table lives once built.
#[derive(Default)]
struct Slot {
    bare: OnceLock<Arc<Table>>,
    duel: OnceLock<DuelTable>,
    requested: AtomicBool,
}

impl Slot {
    /// Whether its table (bare-king or duel) has been built.
    fn is_built(&self) -> bool {
        self.bare.get().is_some() || self.duel.get().is_some()
    }
}

const SLOTS_LEN: usize = Ending::ALL.len();

/// The tables of up to four men one engine holds, each built the first time it is
/// asked for, and the endings waiting for the background builder. Cheap to clone:
/// clones share the tables (the background builder holds one).
#[derive(Clone)]
pub(crate) struct SmallTables {
    /// One slot per ending and counting rule: a bare-king table (distance to mate) is
    /// the same under every rule and lives in the first; a K+X v K+Y table depends on
    /// the count its captures start, so each rule has its own.
    slots: Arc<[Slot]>,
    queue: Arc<Mutex<BuildQueue>>,
}

impl Default for SmallTables {
    fn default() -> SmallTables {
        SmallTables {
            slots: (0..3 * SLOTS_LEN).map(|_| Slot::default()).collect(),
            queue: Arc::new(Mutex::new(BuildQueue {
                waiting: Vec::new(),
                builder_running: false,
            })),
        }
    }
}

/// Endings (with the game whose count they are built for) waiting for the
/// background builder, and whether it is running.
struct BuildQueue {
    waiting: Vec<(Ending, Variant)>,
    builder_running: bool,
}

impl SmallTables {
    /// The slot of `ending` under the counting rule of `variant`.
    fn slot(&self, ending: Ending, variant: Variant) -> &Slot {
        let rule = match variant.counting() {
            CountingRule::Makruk => 0,
            CountingRule::Cambodian => 1,
            CountingRule::Asean => 2,
        };
        let rule = if ending.duel().is_some() { rule } else { 0 };
        &self.slots[rule * SLOTS_LEN + ending.index()]
    }

    /// The table of a bare-king `ending` if it has been built.
    pub(crate) fn get(&self, ending: Ending) -> Option<&Table> {
        self.slot(ending, Variant::Makruk).bare.get().map(|t| &**t)
    }

    /// The table of a K+X v K+Y `ending` under `variant`'s count if it has been built.
    pub(crate) fn get_duel(&self, ending: Ending, variant: Variant) -> Option<&DuelTable> {
        self.slot(ending, variant).duel.get()
    }

    /// The table of a bare-king `ending`, building it on this thread if needed (or
    /// waiting for the thread that is building it), as the shared table a larger
    /// table's captures lead to.
    pub(crate) fn ensure_shared(&self, ending: Ending) -> &Arc<Table> {
        assert!(
            ending.duel().is_none(),
            "{} is a K+X v K+Y ending",
            ending.name()
        );
        let slot = self.slot(ending, Variant::Makruk);
        slot.requested.store(true, Ordering::Relaxed);
        slot.bare.get_or_init(|| {
            // The bare king's captures leave the ending of the other piece.
            let kinds = ending.kinds();
            let mut after_capture = [None, None, None];
            if kinds.len() == 2 {
                for (i, slot) in after_capture.iter_mut().take(2).enumerate() {
                    let rest = Ending::single(kinds[1 - i]).expect("a piece");
                    *slot = Some(Arc::clone(self.ensure_shared(rest)));
                }
            }
            Arc::new(Table::generate(kinds, after_capture))
        })
    }

    /// The table of a K+X v K+Y `ending` under `variant`'s count, building it (and the
    /// bare-king tables its captures lead to) on this thread if needed.
    pub(crate) fn ensure_duel(&self, ending: Ending, variant: Variant) -> &DuelTable {
        let [white, black] = ending
            .duel()
            .unwrap_or_else(|| panic!("{} is not a K+X v K+Y ending", ending.name()));
        assert!(has_tables(variant), "{variant} has no tables");
        let slot = self.slot(ending, variant);
        slot.requested.store(true, Ordering::Relaxed);
        slot.duel.get_or_init(|| {
            let losses = |capturer: PieceKind, captured: PieceKind| {
                let single = Ending::single(capturer).expect("a piece");
                let allowed = exits::allowance(variant, &[capturer], captured);
                self.ensure_shared(single).bare_losses(allowed)
            };
            let white_exits = losses(white, black);
            let black_exits = losses(black, white);
            DuelTable::generate(
                &[white],
                black,
                &Exits {
                    white: &white_exits,
                    black: BlackExits::Bare(&black_exits),
                },
            )
        })
    }

    /// Builds the table of any `ending` (under `variant`'s count) on this thread if
    /// needed.
    pub(crate) fn build(&self, ending: Ending, variant: Variant) {
        if ending.duel().is_some() {
            self.ensure_duel(ending, variant);
        } else {
            self.ensure_shared(ending);
        }
    }

    /// Queues the table of `ending` (under `variant`'s count) for the background
    /// builder, once.
    ///
    /// One builder thread builds the queued tables one after the other, at the lowest
    /// scheduling priority. Why: a game coming within six men of the tables asks for
    /// several of them at once, a second or more of work together; one thread per
    /// table at the search's priority starved the search on a busy machine (at
    /// 0.5+0.005 a timed search reached depth 1 in 60 ms, and lost on time).
    fn request(&self, ending: Ending, variant: Variant) {
        let slot = self.slot(ending, variant);
        if slot.is_built() || slot.requested.swap(true, Ordering::Relaxed) {
            return;
        }
        let mut queue = self.build_queue();
        queue.waiting.push((ending, variant));
        if queue.builder_running {
            return;
        }
        let tables = self.clone();
        let spawned = std::thread::Builder::new()
            .name("khun-tb-builder".into())
            .spawn(move || tables.build_queued());
        match spawned {
            Ok(_) => queue.builder_running = true,
            Err(_) => {
                // No thread to spare: try again next time.
                for (ending, variant) in queue.waiting.drain(..) {
                    self.slot(ending, variant)
                        .requested
                        .store(false, Ordering::Relaxed);
                }
            }
        }
    }

    /// The queue of tables waiting for the background builder (a poisoned lock is
    /// taken as it is: the queue holds no invariant a panic can break).
    fn build_queue(&self) -> std::sync::MutexGuard<'_, BuildQueue> {
        self.queue.lock().unwrap_or_else(|e| e.into_inner())
    }

    /// The background builder: builds queued tables until the queue is empty.
    fn build_queued(&self) {
        crate::platform::priority::lower_thread_priority();
        loop {
            let next = {
                let mut queue = self.build_queue();
                let next = queue.waiting.pop();
                if next.is_none() {
                    queue.builder_running = false;
                }
                next
            };
            match next {
                Some((ending, variant)) => self.build(ending, variant),
                None => return,
            }
        }
    }
}

/// Material (men besides the kings, pawns included) at or below which a game is
/// near enough to a table to build it.
// why: from six men down, a few captures lead into a table within the search's reach;
// above, the tables would cost memory and time for endings that rarely come.
const PREPARE_MEN: u32 = 6;

/// Men besides the kings at or below which the K+X v K+Y tables are prepared.
// why: they cost 16 MB and a second or more each, and a position with more than four
// men besides the kings needs three captures to reach one.
const PREPARE_DUEL_MEN: u32 = 4;

/// Whether `side` holds (counting pawns as the mets they promote to) `kinds`.
fn holds(pos: &Position, side: Color, kinds: &[PieceKind]) -> bool {
    let have = |kind| pos.pieces(side, kind).count();
    let need = |kind| kinds.iter().filter(|&&k| k == kind).count() as u32;
    let mets_short = need(PieceKind::Met).saturating_sub(have(PieceKind::Met));
    [PieceKind::Rook, PieceKind::Khon, PieceKind::Knight]
        .iter()
        .all(|&k| have(k) >= need(k))
        && mets_short <= have(PieceKind::Pawn)
}

/// The endings a game from `pos` can reach soon: a side holds the pieces of the
/// ending (for K+X v K+Y, one side each piece), and few men are left.
pub fn reachable(pos: &Position) -> Vec<Ending> {
    // Only some games read tables (see `Ending::of`).
    if !tables_serve(pos) {
        return Vec::new();
    }
    let men = pos.occupied().count() - 2;
    if men > PREPARE_MEN {
        return Vec::new();
    }
    let mut out = Vec::new();
    for ending in Ending::ALL {
        let fits = match ending.duel() {
            Some(_) if men > PREPARE_DUEL_MEN => false,
            Some([white, black]) => Color::ALL
                .iter()
                .any(|&side| holds(pos, side, &[white]) && holds(pos, !side, &[black])),
            None => Color::ALL
                .iter()
                .any(|&side| holds(pos, side, ending.kinds())),
        };
        if fits {
            out.push(ending);
        }
    }
    out
}

/// What building an ending's table costs on WebAssembly, in milliseconds (measured
/// under node on the 2-core build machine: K+R v K+N 1.4 s, K+N+N v K with K+S+N v K
/// 0.6 s, one piece against a bare king a few milliseconds).
fn web_build_cost_ms(ending: Ending) -> u64 {
    if ending.duel().is_some() {
        1_500
    } else if ending.kinds().len() >= 2 {
        700
    } else {
        50
    }
}

impl SmallTables {
    /// Builds, on this thread, the tables a game from `pos` can reach soon that are not
    /// built yet, as many as their cost ([`web_build_cost_ms`]) fits in `budget_ms`, the
    /// cheapest first; every built table may be read. For builds without a thread to
    /// build on in the background (the web build), in timed searches: the clock pays.
    pub(crate) fn prepare_within(&self, pos: &Position, budget_ms: u64) -> Readable {
        let variant = table_game(pos.variant());
        let mut missing: Vec<Ending> = reachable(pos)
            .into_iter()
            .filter(|&ending| !self.slot(ending, variant).is_built())
            .collect();
        missing.sort_by_key(|&ending| web_build_cost_ms(ending));
        let mut left = budget_ms;
        for ending in missing {
            let cost = web_build_cost_ms(ending);
            if cost > left {
                break;
            }
            left -= cost;
            self.build(ending, variant);
        }
        Readable::ALL
    }

    /// Makes the tables a search from `pos` may need available: built now when `wait`
    /// (searches that must be repeatable: fixed depth or nodes, bench), else started in
    /// the background while the search goes on without them. Returns the tables the
    /// search may read: when `wait`, only those prepared here (see [`Readable`]).
    pub(crate) fn prepare(&self, pos: &Position, wait: bool) -> Readable {
        let variant = table_game(pos.variant());
        let mut prepared = 0;
        for ending in reachable(pos) {
            prepared |= 1 << ending.index();
            if wait {
                self.build(ending, variant);
            } else {
                self.request(ending, variant);
            }
        }
        if wait {
            Readable::ALL.with_small(prepared)
        } else {
            Readable::ALL
        }
    }
}
