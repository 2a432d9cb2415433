//! Attack tables for every makruk piece, built once on first use.
//!
//! Leapers (king, knight, met, khon, pawn) get a plain 64-entry table. The rook, the
//! only slider, uses "fancy" magic bitboards: the relevant blockers of a square are
//! multiplied by a magic number whose top bits index that square's slice of one shared
//! table. The magics come from a seeded search kept in the tests, which check that it
//! still finds exactly the stored numbers.

use super::bitboard::Bitboard;
use super::types::{Color, PieceKind, Square};
use once_cell::sync::Lazy;

/// All precomputed tables, in one struct so they are built together.
struct Tables {
    king: [Bitboard; 64],
    knight: [Bitboard; 64],
    met: [Bitboard; 64],
    khon: [[Bitboard; 64]; 2],
    pawn: [[Bitboard; 64]; 2],
    rook_magics: [Magic; 64],
    rook_table: Vec<Bitboard>,
    /// Squares strictly between two squares on a common rank or file (empty otherwise).
    between: Vec<[Bitboard; 64]>,
    /// The whole rank or file through two squares (empty when they share neither).
    line: Vec<[Bitboard; 64]>,
}

#[derive(Clone, Copy, Default)]
struct Magic {
    mask: Bitboard,
    magic: u64,
    shift: u32,
    offset: usize,
}

static TABLES: Lazy<Tables> = Lazy::new(build_tables);

/// Builds the tables now rather than on first use (so timing code does not pay for it).
pub fn init() {
    Lazy::force(&TABLES);
}

#[inline(always)]
pub fn king_attacks(sq: Square) -> Bitboard {
    TABLES.king[sq.index()]
}

#[inline(always)]
pub fn knight_attacks(sq: Square) -> Bitboard {
    TABLES.knight[sq.index()]
}

#[inline(always)]
pub fn met_attacks(sq: Square) -> Bitboard {
    TABLES.met[sq.index()]
}

/// The squares a khon of `color` on `sq` attacks: four diagonals and one step forward.
#[inline(always)]
pub fn khon_attacks(color: Color, sq: Square) -> Bitboard {
    TABLES.khon[color.index()][sq.index()]
}

/// The squares a pawn of `color` on `sq` captures on (one step diagonally forward).
#[inline(always)]
pub fn pawn_attacks(color: Color, sq: Square) -> Bitboard {
    TABLES.pawn[color.index()][sq.index()]
}

/// The squares a rook on `sq` attacks, given the occupied squares.
#[inline(always)]
pub fn rook_attacks(sq: Square, occupied: Bitboard) -> Bitboard {
    let t = &*TABLES;
    let m = &t.rook_magics[sq.index()];
    let idx = ((occupied.0 & m.mask.0).wrapping_mul(m.magic) >> m.shift) as usize;
    // offset + idx always falls inside the slice built for this square.
    t.rook_table[m.offset + idx]
}

/// Squares strictly between `a` and `b` when they share a rank or file.
#[inline(always)]
pub fn between(a: Square, b: Square) -> Bitboard {
    TABLES.between[a.index()][b.index()]
}

/// The full rank or file through `a` and `b`, or empty if they share neither.
#[inline(always)]
pub fn line(a: Square, b: Square) -> Bitboard {
    TABLES.line[a.index()][b.index()]
}

/// Attacks of a piece of `kind` and `color` from `sq` with the given occupancy.
pub fn attacks(kind: PieceKind, color: Color, sq: Square, occupied: Bitboard) -> Bitboard {
    match kind {
        PieceKind::Pawn => pawn_attacks(color, sq),
        PieceKind::Met => met_attacks(sq),
        PieceKind::Khon => khon_attacks(color, sq),
        PieceKind::Knight => knight_attacks(sq),
        PieceKind::Rook => rook_attacks(sq, occupied),
        PieceKind::King => king_attacks(sq),
    }
}

fn leaper(sq: Square, steps: &[(i8, i8)]) -> Bitboard {
    steps
        .iter()
        .filter_map(|&(df, dr)| sq.offset(df, dr))
        .fold(Bitboard::EMPTY, |bb, s| bb.with(s))
}

/// Rook attacks by walking the four rays; used to fill the magic table and in tests.
fn rook_attacks_slow(sq: Square, occupied: Bitboard) -> Bitboard {
    let mut bb = Bitboard::EMPTY;
    for (df, dr) in [(1, 0), (-1, 0), (0, 1), (0, -1)] {
        let mut cur = sq;
        while let Some(next) = cur.offset(df, dr) {
            bb = bb.with(next);
            if occupied.contains(next) {
                break;
            }
            cur = next;
        }
    }
    bb
}

/// The blockers that matter for a rook on `sq`: its rays without the board edge.
fn rook_mask(sq: Square) -> Bitboard {
    let mut bb = Bitboard::EMPTY;
    for (df, dr) in [(1, 0), (-1, 0), (0, 1), (0, -1)] {
        let mut cur = sq;
        while let Some(next) = cur.offset(df, dr) {
            if next.offset(df, dr).is_none() {
                break;
            }
            bb = bb.with(next);
            cur = next;
        }
    }
    bb
}

/// Rook magics, one per square (a1 first). They were found by `search_rook_magics`
/// (a seeded search, rerun by a test) and are stored so start-up does not spend
/// 0.2 s finding them again.
const ROOK_MAGICS: [u64; 64] = [
    0x1080004008801020,
    0x0840092002C03000,
    0x1900200010400900,
    0x0880100008000480,
    0x4200100420080200,
    0x8100020100080400,
    0x0200040110886200,
    0x0200008040220411,
    0x0404800084400220,
    0x0000401000402000,
    0x0086001081220440,
    0x0408800800100280,
    0x000A001201040820,
    0x8848800200840080,
    0x4001000100040200,
    0x0442000102105084,
    0x9080010020804100,
    0x0040404000201009,
    0x0000808010002009,
    0x2200090021D00100,
    0x0008008008040080,
    0x0004004002010040,
    0x0011040008015042,
    0x00000A0001768104,
    0x0000800080204009,
    0x2010004140002001,
    0x9800200280100080,
    0x1000100080080080,
    0x0442000A00049020,
    0x2100040080020080,
    0x0800120400900148,
    0x0010040A00128541,
    0x2800804000800030,
    0x1010002000400041,
    0x4000200011004100,
    0x0610008410800800,
    0x0400802402800800,
    0xC100020080800400,
    0x0002000802000401,
    0x0182085882000401,
    0x0220204000808000,
    0x2860100040024022,
    0x0001002004110040,
    0x99101042000A0020,
    0x0004080004008080,
    0x0010040002008080,
    0x2012004881020004,
    0x8300842444820011,
    0x0088403882010200,
    0x0820400080210100,
    0x0110910040A00300,
    0x0801100280080480,
    0x0242009008200600,
    0x1002000489500200,
    0x0040800200010080,
    0x0091800041000080,
    0x0000209300488001,
    0x04C1002414824001,
    0x020020000B001041,
    0x7000100004200901,
    0x8002002004100802,
    0x30010002084C0007,
    0x0888221800813004,
    0x4000002840840112,
];

/// Fills the shared rook table from the stored magics.
fn build_rook_magics() -> ([Magic; 64], Vec<Bitboard>) {
    let mut magics = [Magic::default(); 64];
    let mut table = Vec::new();
    for sq in Square::all() {
        let mask = rook_mask(sq);
        let bits = mask.count();
        let shift = 64 - bits;
        let magic = ROOK_MAGICS[sq.index()];
        let offset = table.len();
        table.resize(offset + (1usize << bits), Bitboard::EMPTY);
        // Every subset of the mask (Carry-Rippler enumeration).
        let mut subset = 0u64;
        loop {
            let idx = (subset.wrapping_mul(magic) >> shift) as usize;
            table[offset + idx] = rook_attacks_slow(sq, Bitboard(subset));
            subset = subset.wrapping_sub(mask.0) & mask.0;
            if subset == 0 {
                break;
            }
        }
        magics[sq.index()] = Magic {
            mask,
            magic,
            shift,
            offset,
        };
    }
    (magics, table)
}

/// xorshift64*: a small deterministic generator for the magic search.
#[cfg(test)]
struct Rng(u64);

#[cfg(test)]
impl Rng {
    fn next(&mut self) -> u64 {
        self.0 ^= self.0 >> 12;
        self.0 ^= self.0 << 25;
        self.0 ^= self.0 >> 27;
        self.0.wrapping_mul(2_685_821_657_736_338_717)
    }

    /// Numbers with few bits set make good magic candidates.
    fn sparse(&mut self) -> u64 {
        self.next() & self.next() & self.next()
    }
}

#[cfg(test)]
fn search_rook_magics() -> [u64; 64] {
    let mut magics = [0u64; 64];
    let mut rng = Rng(0x9E37_79B9_7F4A_7C15);
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
            let candidate = rng.sparse();
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

fn build_tables() -> Tables {
    const KING: [(i8, i8); 8] = [
        (1, 0),
        (-1, 0),
        (0, 1),
        (0, -1),
        (1, 1),
        (1, -1),
        (-1, 1),
        (-1, -1),
    ];
    const KNIGHT: [(i8, i8); 8] = [
        (1, 2),
        (2, 1),
        (2, -1),
        (1, -2),
        (-1, -2),
        (-2, -1),
        (-2, 1),
        (-1, 2),
    ];
    const DIAGONAL: [(i8, i8); 4] = [(1, 1), (1, -1), (-1, 1), (-1, -1)];

    let mut king = [Bitboard::EMPTY; 64];
    let mut knight = [Bitboard::EMPTY; 64];
    let mut met = [Bitboard::EMPTY; 64];
    let mut khon = [[Bitboard::EMPTY; 64]; 2];
    let mut pawn = [[Bitboard::EMPTY; 64]; 2];
    for sq in Square::all() {
        let i = sq.index();
        king[i] = leaper(sq, &KING);
        knight[i] = leaper(sq, &KNIGHT);
        met[i] = leaper(sq, &DIAGONAL);
        khon[Color::White.index()][i] = met[i] | leaper(sq, &[(0, 1)]);
        khon[Color::Black.index()][i] = met[i] | leaper(sq, &[(0, -1)]);
        pawn[Color::White.index()][i] = leaper(sq, &[(1, 1), (-1, 1)]);
        pawn[Color::Black.index()][i] = leaper(sq, &[(1, -1), (-1, -1)]);
    }

    let mut between = vec![[Bitboard::EMPTY; 64]; 64];
    let mut line = vec![[Bitboard::EMPTY; 64]; 64];
    for a in Square::all() {
        for b in Square::all() {
            if a == b {
                continue;
            }
            if a.rank() == b.rank() || a.file() == b.file() {
                let ab = Bitboard::from_square(a) | Bitboard::from_square(b);
                between[a.index()][b.index()] = rook_attacks_slow(a, ab) & rook_attacks_slow(b, ab);
                line[a.index()][b.index()] = if a.rank() == b.rank() {
                    Bitboard::rank(a.rank())
                } else {
                    Bitboard::file(a.file())
                };
            }
        }
    }

    let (rook_magics, rook_table) = build_rook_magics();
    Tables {
        king,
        knight,
        met,
        khon,
        pawn,
        rook_magics,
        rook_table,
        between,
        line,
    }
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
        let mut rng = Rng(12345);
        for sq in Square::all() {
            for _ in 0..200 {
                let occ = Bitboard(rng.next() & rng.next());
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
