//! The layout of the evaluation's tunable weights: every linear term of the
//! hand-written evaluation as one slot of a flat vector of (middlegame, endgame)
//! pairs, with today's values read from `params.rs` and `psqt.rs`, and the tuned
//! values written back as Rust source.

use crate::board::PieceKind;
use crate::eval::params::*;
use crate::eval::psqt;
use crate::eval::score::S;
pub(crate) use crate::eval::weight::Weight;
use std::fmt::Write as _;

const MATERIAL_SLOTS: usize = 5;
const PSQT_BASE: usize = MATERIAL_SLOTS;
const MOBILITY_BASE: usize = PSQT_BASE + 6 * 64;
/// Where each kind's mobility table starts (met, khon, knight, rook), and the
/// tables' total length, from the tables themselves.
const MOBILITY_STARTS: [usize; 4] = [
    0,
    MOBILITY_MET.len(),
    MOBILITY_MET.len() + MOBILITY_KHON.len(),
    MOBILITY_MET.len() + MOBILITY_KHON.len() + MOBILITY_KNIGHT.len(),
];
const MOBILITY_SLOTS: usize = MOBILITY_STARTS[3] + MOBILITY_ROOK.len();
const SUPPORTED_BASE: usize = MOBILITY_BASE + MOBILITY_SLOTS;
const IMBALANCE_OURS_BASE: usize = SUPPORTED_BASE + 4;
/// Pairs a >= b of the five kinds, less pawn-pawn: 14 (see [`ours_pair`]).
const IMBALANCE_THEIRS_BASE: usize = IMBALANCE_OURS_BASE + 14;
const KING_ZONE_HIT_BASE: usize = IMBALANCE_THEIRS_BASE + 10;
const SAFE_CHECK_BASE: usize = KING_ZONE_HIT_BASE + 4;
const ROOK_OPEN: usize = SAFE_CHECK_BASE + 4;
const ROOK_SEMI_OPEN: usize = ROOK_OPEN + 1;
const PAWN_PROTECTED_SLOT: usize = ROOK_SEMI_OPEN + 1;
const PAWN_ISOLATED_SLOT: usize = PAWN_PROTECTED_SLOT + 1;
const PAWN_DOUBLED_SLOT: usize = PAWN_ISOLATED_SLOT + 1;
const PAWN_PASSED_BASE: usize = PAWN_DOUBLED_SLOT + 1;
/// The relative ranks a free pawn can stand on before it promotes.
const PASSED_RANKS: std::ops::Range<usize> = 2..5;
const KING_SHIELD_SLOT: usize = PAWN_PASSED_BASE + 3;
const KING_DANGER_BASE: usize = KING_SHIELD_SLOT + 1;

/// Whether `IMBALANCE_OURS[a][b]` is a weight: b <= a, pawns with pawns left out
/// (a count squared has nothing to add to the pawn's material value that the data
/// could tell apart from it).
const fn ours_pair(a: usize, b: usize) -> bool {
    a > 0 && b <= a
}

/// Whether `IMBALANCE_THEIRS[a][b]` is a weight: b < a (the diagonal cancels out
/// between the two sides, and (a, b) with a < b is the other side's (b, a)).
const fn theirs_pair(a: usize, b: usize) -> bool {
    b < a
}

impl Weight {
    /// Slots in the weight vector.
    pub(crate) const COUNT: usize = KING_DANGER_BASE + 16;

    /// This weight's slot in the vector.
    pub(crate) fn index(self) -> usize {
        match self {
            Weight::Material(kind) => kind.index(),
            Weight::PieceSquare(kind, diagram) => PSQT_BASE + kind.index() * 64 + diagram,
            Weight::Mobility(kind, count) => {
                MOBILITY_BASE + MOBILITY_STARTS[kind.index() - 1] + count
            }
            Weight::PawnSupported(kind) => SUPPORTED_BASE + kind.index() - 1,
            Weight::KingZoneHit(kind) => KING_ZONE_HIT_BASE + kind.index() - 1,
            Weight::SafeCheck(kind) => SAFE_CHECK_BASE + kind.index() - 1,
            // Row a of the lower triangle (b <= a) starts after rows 1..a.
            Weight::ImbalanceOurs(a, b) => IMBALANCE_OURS_BASE + a * (a + 1) / 2 - 1 + b,
            // Row a of the strict lower triangle (b < a) starts after rows 1..a.
            Weight::ImbalanceTheirs(a, b) => IMBALANCE_THEIRS_BASE + a * (a - 1) / 2 + b,
            Weight::RookOpenFile => ROOK_OPEN,
            Weight::RookSemiOpenFile => ROOK_SEMI_OPEN,
            Weight::PawnProtected => PAWN_PROTECTED_SLOT,
            Weight::PawnIsolated => PAWN_ISOLATED_SLOT,
            Weight::PawnDoubled => PAWN_DOUBLED_SLOT,
            Weight::PawnPassed(rank) => PAWN_PASSED_BASE + rank - PASSED_RANKS.start,
            Weight::KingShield => KING_SHIELD_SLOT,
            Weight::KingDanger(i) => KING_DANGER_BASE + i,
        }
    }

    /// The slot of the same weight for the square mirrored left to right (files
    /// a <-> h), for a piece-square slot; `None` for any other weight.
    // why: makruk's rules are the same mirrored left to right, so a piece is worth
    // the same on d4 as on e4 with everything else mirrored; the start position
    // (White's king on d1, Black's on e8) would otherwise teach lopsided tables.
    pub(crate) fn mirrored(index: usize) -> Option<usize> {
        let psqt = PSQT_BASE..PSQT_BASE + 6 * 64;
        // Tables are 64 squares each, a8 first: the file is the index's low 3 bits.
        psqt.contains(&index)
            .then(|| PSQT_BASE + ((index - PSQT_BASE) ^ 7))
    }

    /// Whether the weight has no endgame part (the evaluation uses only its
    /// middlegame value).
    pub(crate) fn middlegame_only(index: usize) -> bool {
        index >= KING_SHIELD_SLOT
    }
}

/// Today's weights, as the evaluation uses them, in vector order.
pub(crate) fn current() -> Vec<S> {
    let mut out = vec![S::ZERO; Weight::COUNT];
    let mut set = |w: Weight, v: S| out[w.index()] = v;
    for kind in &PieceKind::ALL[..MATERIAL_SLOTS] {
        set(Weight::Material(*kind), MATERIAL[kind.index()]);
    }
    for kind in PieceKind::ALL {
        for diagram in 0..64 {
            set(
                Weight::PieceSquare(kind, diagram),
                psqt::table_value(kind, diagram),
            );
        }
    }
    for kind in &PieceKind::ALL[1..MATERIAL_SLOTS] {
        for (count, &v) in mobility_table(*kind).iter().enumerate() {
            set(Weight::Mobility(*kind, count), v);
        }
        set(Weight::PawnSupported(*kind), PAWN_SUPPORTED[kind.index()]);
        set(Weight::KingZoneHit(*kind), KING_ZONE_HIT[kind.index()]);
        set(Weight::SafeCheck(*kind), SAFE_CHECK[kind.index()]);
    }
    for a in 0..5 {
        for b in 0..5 {
            if ours_pair(a, b) {
                set(Weight::ImbalanceOurs(a, b), IMBALANCE_OURS[a][b]);
            }
            if theirs_pair(a, b) {
                set(Weight::ImbalanceTheirs(a, b), IMBALANCE_THEIRS[a][b]);
            }
        }
    }
    set(Weight::RookOpenFile, ROOK_OPEN_FILE);
    set(Weight::RookSemiOpenFile, ROOK_SEMI_OPEN_FILE);
    set(Weight::PawnProtected, PAWN_PROTECTED);
    set(Weight::PawnIsolated, PAWN_ISOLATED);
    set(Weight::PawnDoubled, PAWN_DOUBLED);
    for rank in PASSED_RANKS {
        set(Weight::PawnPassed(rank), PAWN_PASSED[rank]);
    }
    set(Weight::KingShield, S(KING_SHIELD, 0));
    for (i, &v) in KING_DANGER.iter().enumerate() {
        set(Weight::KingDanger(i), S(v, 0));
    }
    out
}

fn pair_text(v: S) -> String {
    format!("S({}, {})", v.mg(), v.eg())
}

fn table_text(name: &str, values: impl Iterator<Item = i32>) -> String {
    let values: Vec<i32> = values.collect();
    let mut s = format!("#[rustfmt::skip]\nconst {name}: Table = [\n");
    for rank in values.chunks(8) {
        let cells: Vec<String> = rank.iter().map(|v| format!("{v:>4}")).collect();
        let _ = writeln!(s, "   {},", cells.join(","));
    }
    s.push_str("];\n");
    s
}

/// `weights` (in vector order, rounded) as the Rust constants of `params.rs` and
/// `psqt.rs`, to paste over today's.
pub(crate) fn rust_source(weights: &[S]) -> String {
    let mut s = String::from("// params.rs\n");
    write_per_kind(&mut s, weights);
    write_imbalance(&mut s, weights);
    write_single_terms(&mut s, weights);
    s.push_str("\n// psqt.rs\n");
    for (kind, name) in PieceKind::ALL.iter().zip(psqt::TABLE_NAMES) {
        let cells = |part: fn(S) -> i32| {
            (0..64).map(move |d| part(weights[Weight::PieceSquare(*kind, d).index()]))
        };
        s.push_str(&table_text(&format!("{name}_MG"), cells(S::mg)));
        s.push_str(&table_text(&format!("{name}_EG"), cells(S::eg)));
    }
    s
}

/// `MATERIAL`, the `MOBILITY_` tables and the arrays with one weight per kind
/// (`PAWN_SUPPORTED`, `KING_ZONE_HIT`, `SAFE_CHECK`), as `params.rs` writes them.
fn write_per_kind(s: &mut String, weights: &[S]) {
    let at = |w: Weight| weights[w.index()];
    let material: Vec<String> = PieceKind::ALL[..MATERIAL_SLOTS]
        .iter()
        .map(|&k| pair_text(at(Weight::Material(k))))
        .chain(std::iter::once("S(0, 0)".to_string()))
        .collect();
    let _ = writeln!(
        s,
        "pub(crate) const MATERIAL: [S; 6] = [{}];",
        material.join(", ")
    );
    for (kind, name) in PieceKind::ALL[1..MATERIAL_SLOTS]
        .iter()
        .zip(["MET", "KHON", "KNIGHT", "ROOK"])
    {
        let table: Vec<String> = (0..mobility_table(*kind).len())
            .map(|count| pair_text(at(Weight::Mobility(*kind, count))))
            .collect();
        let _ = writeln!(
            s,
            "pub(crate) const MOBILITY_{name}: [S; {}] = [{}];",
            table.len(),
            table.join(", ")
        );
    }
    for (name, weight) in [
        (
            "PAWN_SUPPORTED",
            Weight::PawnSupported as fn(PieceKind) -> Weight,
        ),
        ("KING_ZONE_HIT", Weight::KingZoneHit),
        ("SAFE_CHECK", Weight::SafeCheck),
    ] {
        let per_kind: Vec<String> = std::iter::once("S(0, 0)".to_string())
            .chain(
                PieceKind::ALL[1..MATERIAL_SLOTS]
                    .iter()
                    .map(|&k| pair_text(at(weight(k)))),
            )
            .chain(std::iter::once("S(0, 0)".to_string()))
            .collect();
        let _ = writeln!(
            s,
            "pub(crate) const {name}: [S; 6] = [{}];",
            per_kind.join(", ")
        );
    }
}

/// `IMBALANCE_OURS` and `IMBALANCE_THEIRS`, their unused pairs written as zero.
fn write_imbalance(s: &mut String, weights: &[S]) {
    let at = |w: Weight| weights[w.index()];
    type PairWeight = fn(usize, usize) -> Weight;
    for (name, weight, used) in [
        (
            "IMBALANCE_OURS",
            Weight::ImbalanceOurs as PairWeight,
            ours_pair as fn(usize, usize) -> bool,
        ),
        ("IMBALANCE_THEIRS", Weight::ImbalanceTheirs, theirs_pair),
    ] {
        let rows: Vec<String> = (0..5)
            .map(|a| {
                let row: Vec<String> = (0..5)
                    .map(|b| {
                        if used(a, b) {
                            pair_text(at(weight(a, b)))
                        } else {
                            "S(0, 0)".to_string()
                        }
                    })
                    .collect();
                format!("[{}]", row.join(", "))
            })
            .collect();
        let _ = writeln!(
            s,
            "pub(crate) const {name}: [[S; 5]; 5] = [{}];",
            rows.join(", ")
        );
    }
}

/// The weights of their own: the rook on an open file, the pawns' structure, the free
/// pawns by rank, the king's shield and danger.
fn write_single_terms(s: &mut String, weights: &[S]) {
    let at = |w: Weight| weights[w.index()];
    for (name, w) in [
        ("ROOK_OPEN_FILE", Weight::RookOpenFile),
        ("ROOK_SEMI_OPEN_FILE", Weight::RookSemiOpenFile),
        ("PAWN_PROTECTED", Weight::PawnProtected),
        ("PAWN_ISOLATED", Weight::PawnIsolated),
        ("PAWN_DOUBLED", Weight::PawnDoubled),
    ] {
        let _ = writeln!(s, "pub(crate) const {name}: S = {};", pair_text(at(w)));
    }
    let passed: Vec<String> = (0..8)
        .map(|rank| {
            if PASSED_RANKS.contains(&rank) {
                pair_text(at(Weight::PawnPassed(rank)))
            } else {
                "S(0, 0)".to_string()
            }
        })
        .collect();
    let _ = writeln!(
        s,
        "pub(crate) const PAWN_PASSED: [S; 8] = [{}];",
        passed.join(", ")
    );
    let _ = writeln!(
        s,
        "pub(crate) const KING_SHIELD: i32 = {};",
        at(Weight::KingShield).mg()
    );
    let danger: Vec<String> = (0..16)
        .map(|i| at(Weight::KingDanger(i)).mg().to_string())
        .collect();
    let _ = writeln!(
        s,
        "pub(crate) const KING_DANGER: [i32; 16] = [{}];",
        danger.join(", ")
    );
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_weight_has_its_own_slot() {
        let mut seen = vec![false; Weight::COUNT];
        let mut all = Vec::new();
        for kind in &PieceKind::ALL[..MATERIAL_SLOTS] {
            all.push(Weight::Material(*kind));
        }
        for kind in PieceKind::ALL {
            all.extend((0..64).map(|d| Weight::PieceSquare(kind, d)));
        }
        for kind in &PieceKind::ALL[1..MATERIAL_SLOTS] {
            all.extend((0..mobility_table(*kind).len()).map(|c| Weight::Mobility(*kind, c)));
            all.push(Weight::PawnSupported(*kind));
            all.push(Weight::KingZoneHit(*kind));
            all.push(Weight::SafeCheck(*kind));
        }
        for a in 0..5 {
            for b in 0..5 {
                if ours_pair(a, b) {
                    all.push(Weight::ImbalanceOurs(a, b));
                }
                if theirs_pair(a, b) {
                    all.push(Weight::ImbalanceTheirs(a, b));
                }
            }
        }
        all.extend([
            Weight::RookOpenFile,
            Weight::RookSemiOpenFile,
            Weight::PawnProtected,
            Weight::PawnIsolated,
            Weight::PawnDoubled,
            Weight::KingShield,
        ]);
        all.extend(PASSED_RANKS.map(Weight::PawnPassed));
        all.extend((0..16).map(Weight::KingDanger));
        for w in all {
            assert!(!seen[w.index()], "{w:?} shares a slot");
            seen[w.index()] = true;
        }
        assert!(seen.iter().all(|&s| s), "a slot is unused");
    }
}
