//! Pawn structure (protected, isolated, doubled and free pawns) and the pawns' piece-square
//! values: what the pawn placement alone decides, cached per placement.

use super::params::{PAWN_DOUBLED, PAWN_ISOLATED, PAWN_PASSED, PAWN_PROTECTED};
use super::psqt;
use super::score::S;
use super::weight::Weight;
use super::{NoTrace, Tracer};
use crate::board::{Bitboard, Color, PieceKind, Position, attacks};

/// Squares ahead of `sq` (toward `color`'s promotion rank) on its file and both
/// neighbours: a pawn with no enemy pawn there is free.
const fn front_span(color: Color, sq: usize) -> u64 {
    let file = sq % 8;
    let rank = sq / 8;
    let mut files = Bitboard::file(file as u8).0;
    if file > 0 {
        files |= Bitboard::file(file as u8 - 1).0;
    }
    if file < 7 {
        files |= Bitboard::file(file as u8 + 1).0;
    }
    let ahead = match color {
        Color::White if rank == 7 => 0,
        Color::White => !0u64 << (8 * (rank + 1)),
        Color::Black => (1u64 << (8 * rank)) - 1,
    };
    files & ahead
}

/// `front_span` for every colour and square, computed at compile time.
static FRONT_SPAN: [[u64; 64]; 2] = {
    let mut table = [[0u64; 64]; 2];
    let mut sq = 0;
    while sq < 64 {
        table[0][sq] = front_span(Color::White, sq);
        table[1][sq] = front_span(Color::Black, sq);
        sq += 1;
    }
    table
};

/// The pawn-structure score of `color`'s pawns, telling `tracer` which weights count.
#[inline(always)]
fn evaluate_traced<T: Tracer>(pos: &Position, color: Color, tracer: &mut T) -> S {
    let ours = pos.pieces(color, PieceKind::Pawn);
    let theirs = pos.pieces(!color, PieceKind::Pawn);
    let files = ours.occupied_files() as u32;
    // Bit f set when file f - 1 or f + 1 holds one of our pawns.
    let files_with_neighbours = (files << 1) | (files >> 1);
    let mut score = S::ZERO;
    for sq in ours {
        // Protected: a friendly pawn attacks this square (reverse pawn attack).
        if (attacks::pawn_attacks(!color, sq) & ours).any() {
            score += PAWN_PROTECTED;
            tracer.count(Weight::PawnProtected, color, 1);
        }
        if files_with_neighbours & (1 << sq.file()) == 0 {
            score += PAWN_ISOLATED;
            tracer.count(Weight::PawnIsolated, color, 1);
        }
        if FRONT_SPAN[color.index()][sq.index()] & theirs.0 == 0 {
            let rank = sq.relative_rank(color) as usize;
            score += PAWN_PASSED[rank];
            tracer.count(Weight::PawnPassed(rank), color, 1);
        }
    }
    // Every pawn beyond the first on its file is doubled.
    let doubled = (ours.count() - files.count_ones()) as i32;
    score += PAWN_DOUBLED * doubled;
    tracer.count(Weight::PawnDoubled, color, doubled);
    score
}

/// What the pawn placement alone decides, per side (White, Black): the structure
/// and the pawns' piece-square values.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) struct PawnTerms {
    pub(crate) structure: [S; 2],
    pub(crate) placement: [S; 2],
}

/// The sum of `color`'s pawns' piece-square values.
#[inline(always)]
fn placement<T: Tracer>(pos: &Position, color: Color, tracer: &mut T) -> S {
    let mut sum = S::ZERO;
    for sq in pos.pieces(color, PieceKind::Pawn) {
        let diagram = psqt::diagram_index(color, sq);
        sum += psqt::table_value(PieceKind::Pawn, diagram);
        tracer.count(Weight::PieceSquare(PieceKind::Pawn, diagram), color, 1);
    }
    sum
}

/// [`PawnTerms`] worked out from the position.
#[inline]
pub(crate) fn terms(pos: &Position) -> PawnTerms {
    terms_traced(pos, &mut NoTrace)
}

/// [`terms`], telling `tracer` which weights count.
#[inline(always)]
pub(crate) fn terms_traced<T: Tracer>(pos: &Position, tracer: &mut T) -> PawnTerms {
    PawnTerms {
        structure: [
            evaluate_traced(pos, Color::White, tracer),
            evaluate_traced(pos, Color::Black, tracer),
        ],
        placement: [
            placement(pos, Color::White, tracer),
            placement(pos, Color::Black, tracer),
        ],
    }
}

/// Entries in a [`PawnCache`] (a power of two).
const PAWN_CACHE_ENTRIES: usize = 4096;

#[derive(Clone, Copy)]
struct PawnEntry {
    white: Bitboard,
    black: Bitboard,
    terms: PawnTerms,
}

/// The [`PawnTerms`] of recently seen pawn placements, per search thread.
// why: the pawns change in few moves, so most evaluations in a search meet a pawn
// placement scored moments before; looking it up is cheaper than scoring every
// pawn again. Each entry keeps both sides' pawns whole, so a hit is always right.
pub(crate) struct PawnCache {
    entries: Box<[PawnEntry]>,
}

impl Default for PawnCache {
    fn default() -> Self {
        // Pawns on every square of both colours never occur: an empty slot never hits.
        let empty = PawnEntry {
            white: Bitboard::FULL,
            black: Bitboard::FULL,
            terms: PawnTerms {
                structure: [S::ZERO; 2],
                placement: [S::ZERO; 2],
            },
        };
        PawnCache {
            entries: vec![empty; PAWN_CACHE_ENTRIES].into_boxed_slice(),
        }
    }
}

impl PawnCache {
    /// Both sides' [`PawnTerms`], from the cache or computed and kept.
    #[inline]
    pub(crate) fn terms(&mut self, pos: &Position) -> PawnTerms {
        let white = pos.pieces(Color::White, PieceKind::Pawn);
        let black = pos.pieces(Color::Black, PieceKind::Pawn);
        let mixed = (white.0 ^ black.0.rotate_left(29)).wrapping_mul(0x9E37_79B9_7F4A_7C15);
        let index = (mixed >> 52) as usize & (PAWN_CACHE_ENTRIES - 1);
        let entry = &mut self.entries[index];
        if entry.white != white || entry.black != black {
            *entry = PawnEntry {
                white,
                black,
                terms: terms(pos),
            };
        }
        entry.terms
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::board::Square;

    fn pawn_score(fen_text: &str, color: Color) -> S {
        let pos = Position::from_fen(fen_text).expect("test FEN parses");
        evaluate_traced(&pos, color, &mut NoTrace)
    }

    #[test]
    fn doubled_isolated_and_free_pawns_are_each_counted() {
        // White: pawns a3 and a4 (doubled, isolated, both free), d4 (isolated; Black's
        // e5 pawn is on a neighbouring file ahead, so not free). Black: e5 (isolated,
        // and not free either: White's d4 pawn is ahead of it on a neighbouring file).
        let fen_text = "4k3/8/8/4p3/P2P4/P7/8/4K3 w - - 0 1";
        let white = PAWN_DOUBLED
            + PAWN_ISOLATED * 3
            + PAWN_PASSED[Square::parse("a3").unwrap().relative_rank(Color::White) as usize]
            + PAWN_PASSED[Square::parse("a4").unwrap().relative_rank(Color::White) as usize];
        assert_eq!(pawn_score(fen_text, Color::White), white);
        assert_eq!(pawn_score(fen_text, Color::Black), PAWN_ISOLATED);
    }

    #[test]
    fn the_cache_gives_what_scoring_gives() {
        let mut cache = PawnCache::default();
        for fen_text in [
            "4k3/8/8/4p3/P2P4/P7/8/4K3 w - - 0 1",
            "4k3/8/8/8/8/2PP4/8/4K3 w - - 0 1",
            "4k3/8/8/4p3/P2P4/P7/8/4K3 w - - 0 1",
            "rnsmksnr/8/pppppppp/8/8/PPPPPPPP/8/RNSKMSNR w - - 0 1",
        ] {
            let pos = Position::from_fen(fen_text).expect("test FEN parses");
            assert_eq!(cache.terms(&pos), terms(&pos), "{fen_text}");
            assert_eq!(cache.terms(&pos), terms(&pos), "{fen_text}, again");
        }
    }

    #[test]
    fn side_by_side_pawns_are_neither_isolated_nor_doubled() {
        // c3 and d3: each has a neighbour on the next file; Black has no pawns, so both
        // are free.
        let fen_text = "4k3/8/8/8/8/2PP4/8/4K3 w - - 0 1";
        let rank = Square::parse("c3").unwrap().relative_rank(Color::White) as usize;
        assert_eq!(pawn_score(fen_text, Color::White), PAWN_PASSED[rank] * 2);
    }
}
