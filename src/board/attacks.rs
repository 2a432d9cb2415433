//! Attack tables for every makruk piece, computed at compile time.
//!
//! Leapers (king, knight, met, khon, pawn) get a plain 64-entry table. The rook, the
//! only slider, uses "fancy" magic bitboards: the relevant blockers of a square are
//! multiplied by a magic number whose top bits index that square's slice of one shared
//! table. The magics come from a seeded search kept in the tests, which check that it
//! still finds exactly the stored numbers.
//!
//! why compile time: tables built on first use sit behind a lazy cell, whose
//! "built yet?" check ran at every lookup, millions of times a second in the search
//! and the evaluation; constants cost nothing to reach and nothing at start-up.

use super::bitboard::Bitboard;
use super::types::{Color, PieceKind, Square};

#[derive(Clone, Copy)]
struct Magic {
    mask: Bitboard,
    magic: u64,
    shift: u32,
    offset: usize,
}

const KING_STEPS: [(i8, i8); 8] = [
    (1, 0),
    (-1, 0),
    (0, 1),
    (0, -1),
    (1, 1),
    (1, -1),
    (-1, 1),
    (-1, -1),
];
const KNIGHT_STEPS: [(i8, i8); 8] = [
    (1, 2),
    (2, 1),
    (2, -1),
    (1, -2),
    (-1, -2),
    (-2, -1),
    (-2, 1),
    (-1, 2),
];
const MET_STEPS: [(i8, i8); 4] = [(1, 1), (1, -1), (-1, 1), (-1, -1)];
/// The khon: the met's four diagonals and one step straight forward.
const KHON_STEPS: [[(i8, i8); 5]; 2] = [
    [(1, 1), (1, -1), (-1, 1), (-1, -1), (0, 1)],
    [(1, 1), (1, -1), (-1, 1), (-1, -1), (0, -1)],
];
const PAWN_STEPS: [[(i8, i8); 2]; 2] = [[(1, 1), (-1, 1)], [(1, -1), (-1, -1)]];

/// The squares one of `steps` away from `sq`, on the board.
const fn leaper(sq: Square, steps: &[(i8, i8)]) -> Bitboard {
    let mut bb = 0u64;
    let mut i = 0;
    while i < steps.len() {
        if let Some(to) = sq.offset(steps[i].0, steps[i].1) {
            bb |= 1 << to.index();
        }
        i += 1;
    }
    Bitboard(bb)
}

const fn leaper_table(steps: &[(i8, i8)]) -> [Bitboard; 64] {
    let mut table = [Bitboard::EMPTY; 64];
    let mut i = 0;
    while i < 64 {
        table[i] = leaper(Square::new(i as u8), steps);
        i += 1;
    }
    table
}

static KING: [Bitboard; 64] = leaper_table(&KING_STEPS);
static KNIGHT: [Bitboard; 64] = leaper_table(&KNIGHT_STEPS);
static MET: [Bitboard; 64] = leaper_table(&MET_STEPS);
static KHON: [[Bitboard; 64]; 2] = [leaper_table(&KHON_STEPS[0]), leaper_table(&KHON_STEPS[1])];
static PAWN: [[Bitboard; 64]; 2] = [leaper_table(&PAWN_STEPS[0]), leaper_table(&PAWN_STEPS[1])];

const ROOK_DIRECTIONS: [(i8, i8); 4] = [(1, 0), (-1, 0), (0, 1), (0, -1)];

/// Rook attacks by walking the four rays; fills the magic table and checks it in tests.
const fn rook_attacks_slow(sq: Square, occupied: Bitboard) -> Bitboard {
    let mut bb = 0u64;
    let mut d = 0;
    while d < 4 {
        let (df, dr) = ROOK_DIRECTIONS[d];
        let mut cur = sq;
        while let Some(next) = cur.offset(df, dr) {
            bb |= 1 << next.index();
            if occupied.0 & (1 << next.index()) != 0 {
                break;
            }
            cur = next;
        }
        d += 1;
    }
    Bitboard(bb)
}

/// The blockers that matter for a rook on `sq`: its rays without the board edge.
const fn rook_mask(sq: Square) -> Bitboard {
    let mut bb = 0u64;
    let mut d = 0;
    while d < 4 {
        let (df, dr) = ROOK_DIRECTIONS[d];
        let mut cur = sq;
        while let Some(next) = cur.offset(df, dr) {
            if next.offset(df, dr).is_none() {
                break;
            }
            bb |= 1 << next.index();
            cur = next;
        }
        d += 1;
    }
    Bitboard(bb)
}

/// Each square's magic entry; the slices follow each other in square order.
const fn build_rook_magics() -> [Magic; 64] {
    let mut magics = [Magic {
        mask: Bitboard::EMPTY,
        magic: 0,
        shift: 0,
        offset: 0,
    }; 64];
    let mut offset = 0;
    let mut i = 0;
    while i < 64 {
        let mask = rook_mask(Square::new(i as u8));
        let bits = mask.0.count_ones();
        magics[i] = Magic {
            mask,
            magic: ROOK_MAGICS[i],
            shift: 64 - bits,
            offset,
        };
        offset += 1 << bits;
        i += 1;
    }
    magics
}

static ROOK_MAGIC: [Magic; 64] = build_rook_magics();

/// The length of the shared rook table: every square's slice.
const ROOK_TABLE_LEN: usize = {
    let magics = build_rook_magics();
    magics[63].offset + (1 << (64 - magics[63].shift))
};

/// The size of square `sq`'s slice of the rook table.
const fn rook_slice_len(sq: usize) -> usize {
    1 << rook_mask(Square::new(sq as u8)).0.count_ones()
}

/// Square `sq`'s slice of the rook table, indexed by the magic product.
const fn build_rook_slice<const N: usize>(sq: usize) -> [Bitboard; N] {
    let m = build_rook_magics()[sq];
    let mut slice = [Bitboard::EMPTY; N];
    // Every subset of the mask (Carry-Rippler enumeration).
    let mut subset = 0u64;
    loop {
        let idx = (subset.wrapping_mul(m.magic) >> m.shift) as usize;
        slice[idx] = rook_attacks_slow(Square::new(sq as u8), Bitboard(subset));
        subset = subset.wrapping_sub(m.mask.0) & m.mask.0;
        if subset == 0 {
            break;
        }
    }
    slice
}

/// The rook table: each square's slice is its own constant (so no single compile-time
/// evaluation grows long), copied into place.
macro_rules! rook_table {
    ($($sq:literal)*) => {{
        let magics = build_rook_magics();
        let mut table = [Bitboard::EMPTY; ROOK_TABLE_LEN];
        $({
            const SLICE: [Bitboard; rook_slice_len($sq)] =
                build_rook_slice::<{ rook_slice_len($sq) }>($sq);
            let mut j = 0;
            while j < SLICE.len() {
                table[magics[$sq].offset + j] = SLICE[j];
                j += 1;
            }
        })*
        table
    }};
}

static ROOK_TABLE: [Bitboard; ROOK_TABLE_LEN] = rook_table!(
    0 1 2 3 4 5 6 7 8 9 10 11 12 13 14 15 16 17 18 19 20 21 22 23 24 25 26 27 28 29 30 31
    32 33 34 35 36 37 38 39 40 41 42 43 44 45 46 47 48 49 50 51 52 53 54 55 56 57 58 59 60
    61 62 63
);

/// Squares strictly between two squares on a common rank or file (empty otherwise),
/// and the whole rank or file through them.
const fn build_between_and_line() -> [[[Bitboard; 64]; 64]; 2] {
    let mut tables = [[[Bitboard::EMPTY; 64]; 64]; 2];
    let mut a = 0;
    while a < 64 {
        let mut b = 0;
        while b < 64 {
            let (sa, sb) = (Square::new(a as u8), Square::new(b as u8));
            if a != b && (sa.rank() == sb.rank() || sa.file() == sb.file()) {
                let ab = Bitboard((1 << a) | (1 << b));
                tables[0][a][b] =
                    Bitboard(rook_attacks_slow(sa, ab).0 & rook_attacks_slow(sb, ab).0);
                tables[1][a][b] = if sa.rank() == sb.rank() {
                    Bitboard::rank(sa.rank())
                } else {
                    Bitboard::file(sa.file())
                };
            }
            b += 1;
        }
        a += 1;
    }
    tables
}

static BETWEEN_AND_LINE: [[[Bitboard; 64]; 64]; 2] = build_between_and_line();

#[inline(always)]
pub(crate) fn king_attacks(sq: Square) -> Bitboard {
    KING[sq.index()]
}

#[inline(always)]
pub(crate) fn knight_attacks(sq: Square) -> Bitboard {
    KNIGHT[sq.index()]
}

#[inline(always)]
pub(crate) fn met_attacks(sq: Square) -> Bitboard {
    MET[sq.index()]
}

/// The squares a khon of `color` on `sq` attacks: four diagonals and one step forward.
#[inline(always)]
pub(crate) fn khon_attacks(color: Color, sq: Square) -> Bitboard {
    KHON[color.index()][sq.index()]
}

/// The squares a pawn of `color` on `sq` captures on (one step diagonally forward).
#[inline(always)]
pub(crate) fn pawn_attacks(color: Color, sq: Square) -> Bitboard {
    PAWN[color.index()][sq.index()]
}

/// The squares a rook on `sq` attacks, given the occupied squares.
#[inline(always)]
pub(crate) fn rook_attacks(sq: Square, occupied: Bitboard) -> Bitboard {
    let m = &ROOK_MAGIC[sq.index()];
    let idx = ((occupied.0 & m.mask.0).wrapping_mul(m.magic) >> m.shift) as usize;
    // offset + idx always falls inside the slice built for this square.
    ROOK_TABLE[m.offset + idx]
}

/// Squares strictly between `a` and `b` when they share a rank or file.
#[inline(always)]
pub(crate) fn between(a: Square, b: Square) -> Bitboard {
    BETWEEN_AND_LINE[0][a.index()][b.index()]
}

/// The full rank or file through `a` and `b`, or empty if they share neither.
#[inline(always)]
pub(crate) fn line(a: Square, b: Square) -> Bitboard {
    BETWEEN_AND_LINE[1][a.index()][b.index()]
}

/// Attacks of a piece of `kind` and `color` from `sq` with the given occupancy.
pub(crate) fn attacks(kind: PieceKind, color: Color, sq: Square, occupied: Bitboard) -> Bitboard {
    match kind {
        PieceKind::Pawn => pawn_attacks(color, sq),
        PieceKind::Met => met_attacks(sq),
        PieceKind::Khon => khon_attacks(color, sq),
        PieceKind::Knight => knight_attacks(sq),
        PieceKind::Rook => rook_attacks(sq, occupied),
        PieceKind::King => king_attacks(sq),
    }
}

/// Rook magics, one per square (a1 first). They were found by `search_rook_magics`
/// (a seeded search, rerun by a test) and are stored so start-up does not spend
/// 0.2 s finding them again.
const ROOK_MAGICS: [u64; 64] = [
    0x0080021620804001,
    0x0040001000200041,
    0x0200102200088040,
    0x4080040800821000,
    0x2200020004200810,
    0x4B00020C000D0008,
    0x01000C4183000600,
    0x2080010000402C80,
    0x8002800826864000,
    0x0410802000884000,
    0x0C01004010200100,
    0x020300100100203C,
    0x0450800801040080,
    0x4010800200040080,
    0x8804000208048110,
    0x0C40800080004100,
    0xA2018880024004A0,
    0x0080848020004004,
    0x1010410010200101,
    0x2010008008008010,
    0x0A08010004110008,
    0x0802080104209040,
    0x0080040090010802,
    0x0280020000841069,
    0x080C400080248000,
    0x2048850100224008,
    0x00200800C0300040,
    0x11400D0100201000,
    0x0041001100080204,
    0x4802000200040810,
    0x0100080C00103601,
    0x0020084200043085,
    0x0100804000800022,
    0x0460401000402002,
    0x8309002001001044,
    0x0000800800801000,
    0x0000800800800400,
    0xB542040080800200,
    0x1041000401000200,
    0x000318B04A000401,
    0x0280082000484000,
    0x0080400081010030,
    0x0010002000108080,
    0x012010002101000A,
    0x0801000408010012,
    0x0004008002008004,
    0x0AD1005200110014,
    0x4000004110820004,
    0x9400400080003080,
    0x0000802200490200,
    0x1521100080200280,
    0x9021000824100100,
    0x0081080080840280,
    0x0002000904100200,
    0x0130024801302400,
    0x0102008100442200,
    0x0080984063800101,
    0x0016810201412812,
    0x40200101603008C1,
    0x2851100004082101,
    0x1049001002880005,
    0x0081000804000201,
    0x100020901208410C,
    0x0101064400813102,
];

/// Numbers with few bits set make good magic candidates.
#[cfg(test)]
fn sparse(rng: &mut crate::rng::Rng) -> u64 {
    rng.next_u64() & rng.next_u64() & rng.next_u64()
}

#[cfg(test)]
fn search_rook_magics() -> [u64; 64] {
    let mut magics = [0u64; 64];
    let mut rng = crate::rng::Rng::new(0x9E37_79B9_7F4A_7C15);
    for sq in Square::all() {
        let mask = rook_mask(sq);
        let bits = mask.count();
        let size = 1usize << bits;
        // Enumerate every subset of the mask (Carry-Rippler) with its attack set.
        let mut occupancies = Vec::with_capacity(size);
        let mut reference = Vec::with_capacity(size);
        let mut subset = 0u64;
        loop {
            occupancies.push(subset);
            reference.push(rook_attacks_slow(sq, Bitboard(subset)));
            subset = subset.wrapping_sub(mask.0) & mask.0;
            if subset == 0 {
                break;
            }
        }
        let shift = 64 - bits;
        // Each slot remembers which attempt filled it, so a failed candidate costs
        // only the entries it touched, not a clear of the whole slice.
        let mut slot = vec![Bitboard::EMPTY; size];
        let mut filled_by = vec![0u32; size];
        let mut attempt = 0u32;
        let magic = loop {
            let candidate = sparse(&mut rng);
            if (mask.0.wrapping_mul(candidate) >> 56).count_ones() < 6 {
                continue;
            }
            attempt += 1;
            let ok = occupancies.iter().zip(&reference).all(|(&occ, &att)| {
                let idx = (occ.wrapping_mul(candidate) >> shift) as usize;
                if filled_by[idx] != attempt {
                    filled_by[idx] = attempt;
                    slot[idx] = att;
                    true
                } else {
                    slot[idx] == att
                }
            });
            if ok {
                break candidate;
            }
        };
        magics[sq.index()] = magic;
    }
    magics
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn stored_magics_are_what_the_search_finds() {
        assert_eq!(search_rook_magics(), ROOK_MAGICS);
    }

    #[test]
    fn every_occupancy_subset_is_right() {
        for sq in Square::all() {
            let mask = rook_mask(sq);
            let mut subset = 0u64;
            loop {
                assert_eq!(
                    rook_attacks(sq, Bitboard(subset)),
                    rook_attacks_slow(sq, Bitboard(subset))
                );
                subset = subset.wrapping_sub(mask.0) & mask.0;
                if subset == 0 {
                    break;
                }
            }
        }
    }

    #[test]
    fn rook_magics_match_ray_walking() {
        let mut rng = crate::rng::Rng::new(12345);
        for sq in Square::all() {
            for _ in 0..200 {
                let occ = Bitboard(rng.next_u64() & rng.next_u64());
                assert_eq!(rook_attacks(sq, occ), rook_attacks_slow(sq, occ));
            }
        }
    }

    #[test]
    fn leaper_counts() {
        let d4 = Square::parse("d4").unwrap();
        let a1 = Square::parse("a1").unwrap();
        assert_eq!(king_attacks(d4).count(), 8);
        assert_eq!(knight_attacks(d4).count(), 8);
        assert_eq!(knight_attacks(a1).count(), 2);
        assert_eq!(met_attacks(d4).count(), 4);
        assert_eq!(khon_attacks(Color::White, d4).count(), 5);
        assert!(khon_attacks(Color::White, d4).contains(Square::parse("d5").unwrap()));
        assert!(khon_attacks(Color::Black, d4).contains(Square::parse("d3").unwrap()));
        assert_eq!(pawn_attacks(Color::White, a1).count(), 1);
    }

    #[test]
    fn between_and_line() {
        let a1 = Square::parse("a1").unwrap();
        let a4 = Square::parse("a4").unwrap();
        let c3 = Square::parse("c3").unwrap();
        assert_eq!(between(a1, a4).count(), 2);
        assert_eq!(between(a1, c3), Bitboard::EMPTY);
        assert_eq!(line(a1, a4), Bitboard::FILE_A);
    }
}
