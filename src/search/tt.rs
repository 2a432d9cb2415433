//! The transposition table: shared by all search threads without locks.
//!
//! Each entry is two `AtomicU64`s: the data word and the key XOR the data word. A
//! reader recomputes key = stored ^ data; a torn write (two threads writing one entry
//! at once) then fails the key check and reads as a miss instead of returning another
//! position's data. Entries come in buckets of four that share one 64-byte cache line.
//! The key includes the counting state, so a score found under one count is never
//! used under another.

use crate::board::Move;
use std::sync::atomic::{AtomicU8, AtomicU64, Ordering};

/// What a stored score says about the true value.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Bound {
    /// The true score is at least this (a beta cutoff).
    Lower,
    /// The true score is at most this (all moves failed low).
    Upper,
    Exact,
}

/// One probe result.
#[derive(Clone, Copy, Debug)]
pub(crate) struct TtEntry {
    pub(crate) mv: Move,
    pub(crate) score: i32,
    pub(crate) depth: i32,
    pub(crate) bound: Bound,
}

#[derive(Default)]
struct Slot {
    check: AtomicU64,
    data: AtomicU64,
}

const BUCKET: usize = 4;

#[repr(align(64))]
#[derive(Default)]
struct Bucket([Slot; BUCKET]);

/// The shared table.
pub(crate) struct TranspositionTable {
    buckets: Vec<Bucket>,
    generation: AtomicU8,
}

// Data word layout: move 16 | score 16 | unused 16 | depth 8 | bound 2 | generation 6.
// (No static evaluation is kept: every node evaluates before its probe, to hide the
// probe's memory latency, so a stored one would never be read.)
fn pack(mv: Move, score: i32, depth: i32, bound: Bound, generation: u8) -> u64 {
    let bound_bits = match bound {
        Bound::Lower => 1u64,
        Bound::Upper => 2,
        Bound::Exact => 3,
    };
    mv.to_bits() as u64
        | ((score as i16 as u16 as u64) << 16)
        | ((depth.clamp(-1, 254) + 1) as u64) << 48
        | bound_bits << 56
        | ((generation & 63) as u64) << 58
}

fn unpack(data: u64) -> Option<TtEntry> {
    let bound = match (data >> 56) & 3 {
        1 => Bound::Lower,
        2 => Bound::Upper,
        3 => Bound::Exact,
        _ => return None,
    };
    Some(TtEntry {
        mv: Move::from_bits(data as u16),
        score: (data >> 16) as u16 as i16 as i32,
        depth: ((data >> 48) & 0xFF) as i32 - 1,
        bound,
    })
}

fn slot_depth(data: u64) -> i32 {
    ((data >> 48) & 0xFF) as i32 - 1
}

fn slot_generation(data: u64) -> u8 {
    ((data >> 58) & 63) as u8
}

impl TranspositionTable {
    /// A table of about `mb` megabytes (at least one bucket).
    pub(crate) fn new(mb: usize) -> TranspositionTable {
        let bytes = mb.max(1) * 1024 * 1024;
        let count = (bytes / std::mem::size_of::<Bucket>()).max(1);
        let mut buckets = Vec::with_capacity(count);
        advise_huge_pages(buckets.as_ptr(), buckets.capacity());
        buckets.resize_with(count, Bucket::default);
        TranspositionTable {
            buckets,
            generation: AtomicU8::new(0),
        }
    }

    /// Forgets everything (a new game).
    pub(crate) fn clear(&self) {
        for bucket in &self.buckets {
            for slot in &bucket.0 {
                slot.check.store(0, Ordering::Relaxed);
                slot.data.store(0, Ordering::Relaxed);
            }
        }
        self.generation.store(0, Ordering::Relaxed);
    }

    /// Marks the start of a new search, so older entries are replaced first.
    pub(crate) fn new_search(&self) {
        self.generation.fetch_add(1, Ordering::Relaxed);
    }

    #[inline(always)]
    fn bucket(&self, key: u64) -> &Bucket {
        // Multiply-shift maps the key's high half onto any table size without a
        // modulo (the low half, where the count's part lives, never moves a position
        // to another bucket; see `zobrist::count`).
        let index = (((key >> 32) * self.buckets.len() as u64) >> 32) as usize;
        &self.buckets[index]
    }

    /// Starts bringing the bucket for `key` into cache ahead of the probe, without
    /// waiting for it.
    #[inline(always)]
    pub(crate) fn prefetch(&self, key: u64) {
        let bucket: *const Bucket = self.bucket(key);
        // why a prefetch instruction and not a plain read: a read whose value is unused
        // still cannot retire before the line arrives, so the CPU stalls on the memory
        // latency at every node (a profile showed a sixth of search time on that load).
        #[cfg(target_arch = "x86_64")]
        // SAFETY: a prefetch is only a hint; it never faults and changes no state, and
        // `bucket` points into the table anyway.
        unsafe {
            use std::arch::x86_64::{_MM_HINT_T0, _mm_prefetch};
            _mm_prefetch::<_MM_HINT_T0>(bucket.cast::<i8>());
        }
        #[cfg(not(target_arch = "x86_64"))]
        let _ = bucket;
    }

    pub(crate) fn probe(&self, key: u64) -> Option<TtEntry> {
        for slot in &self.bucket(key).0 {
            let data = slot.data.load(Ordering::Relaxed);
            let check = slot.check.load(Ordering::Relaxed);
            if check ^ data == key && data != 0 {
                return unpack(data);
            }
        }
        None
    }

    /// Stores a result. Keeps the old move when the new result has none.
    pub(crate) fn store(&self, key: u64, mv: Move, score: i32, depth: i32, bound: Bound) {
        let generation = self.generation.load(Ordering::Relaxed) & 63;
        let bucket = self.bucket(key);
        // Pick the slot: the same key, else an empty one, else the least valuable
        // (shallow and old entries go first).
        let mut victim = 0;
        let mut victim_worth = i32::MAX;
        for (i, slot) in bucket.0.iter().enumerate() {
            let data = slot.data.load(Ordering::Relaxed);
            let check = slot.check.load(Ordering::Relaxed);
            if data == 0 || check ^ data == key {
                victim = i;
                break;
            }
            let age = (generation.wrapping_sub(slot_generation(data)) & 63) as i32;
            let worth = slot_depth(data) - 8 * age;
            if worth < victim_worth {
                victim_worth = worth;
                victim = i;
            }
        }
        let slot = &bucket.0[victim];
        let old = slot.data.load(Ordering::Relaxed);
        let same = slot.check.load(Ordering::Relaxed) ^ old == key && old != 0;
        // Do not let a shallow non-exact result overwrite a much deeper one of the same
        // position from this search.
        if same
            && bound != Bound::Exact
            && depth + 3 < slot_depth(old)
            && slot_generation(old) == generation
        {
            return;
        }
        let mv = if mv.is_none() && same {
            Move::from_bits(old as u16)
        } else {
            mv
        };
        let data = pack(mv, score, depth, bound, generation);
        slot.data.store(data, Ordering::Relaxed);
        slot.check.store(key ^ data, Ordering::Relaxed);
    }

    /// Permille of the first thousand buckets' slots used in this search (UCI hashfull).
    pub(crate) fn hashfull(&self) -> u32 {
        let generation = self.generation.load(Ordering::Relaxed) & 63;
        let sample = self.buckets.len().min(250);
        let mut used = 0;
        for bucket in &self.buckets[..sample] {
            for slot in &bucket.0 {
                let data = slot.data.load(Ordering::Relaxed);
                if data != 0 && slot_generation(data) == generation {
                    used += 1;
                }
            }
        }
        (used * 1000 / (sample * BUCKET).max(1)) as u32
    }
}

/// Asks the kernel to back the (still untouched) memory of a bucket allocation
/// (`capacity` buckets from `start`) with 2 MB pages.
// why: every probe lands on a random cache line of a table far larger than what the
// CPU's TLB covers with 4 KB pages, so most probes also pay a page walk; with 2 MB
// pages a 16 MB table needs 8 TLB entries. Linux with transparent huge pages in
// `madvise` mode (the common default) only does this when asked. Done before the
// first write, so the pages are huge from the start.
#[cfg(target_os = "linux")]
fn advise_huge_pages(start: *const Bucket, capacity: usize) {
    use std::ffi::{c_int, c_void};
    unsafe extern "C" {
        fn madvise(addr: *mut c_void, len: usize, advice: c_int) -> c_int;
    }
    const MADV_HUGEPAGE: c_int = 14;
    const HUGE_PAGE: usize = 2 * 1024 * 1024;
    let start = start as usize;
    let end = start + capacity * std::mem::size_of::<Bucket>();
    // Only whole huge pages inside the allocation.
    let first = start.next_multiple_of(HUGE_PAGE);
    let last = end / HUGE_PAGE * HUGE_PAGE;
    if last > first {
        // SAFETY: the range lies inside memory this process owns (the vector's
        // allocation) and is page-aligned; MADV_HUGEPAGE is advice that changes
        // neither the contents nor the mapping's validity. A failure (no THP support)
        // leaves ordinary pages, so the result is ignored.
        unsafe {
            madvise(first as *mut c_void, last - first, MADV_HUGEPAGE);
        }
    }
}

#[cfg(not(target_os = "linux"))]
fn advise_huge_pages(_start: *const Bucket, _capacity: usize) {}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::board::Square;

    #[test]
    fn stores_and_finds() {
        let tt = TranspositionTable::new(1);
        let m = Move::new(Square::new(12), Square::new(20));
        tt.store(0xDEAD_BEEF, m, -123, 7, Bound::Lower);
        let e = tt.probe(0xDEAD_BEEF).unwrap();
        assert_eq!(
            (e.mv, e.score, e.depth, e.bound),
            (m, -123, 7, Bound::Lower)
        );
        assert!(tt.probe(0xDEAD_BEEE).is_none());
        tt.clear();
        assert!(tt.probe(0xDEAD_BEEF).is_none());
    }
}
