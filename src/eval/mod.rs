//! The evaluation: a makruk-specific hand-written score of a quiet position.
//!
//! Terms (each in `params.rs` with its reason): material and its imbalance,
//! piece-square tables, mobility by count, pawn-supported pieces, rook files, pawn
//! structure, king safety (shield, danger table, king-zone hits, safe checks), tempo;
//! then endgame knowledge
//! (mating material, bare-king guidance) and fading as the count runs out.
//!
//! The same code serves the search (no tracing, fully inlined), the `eval` command
//! (a breakdown by term) and the fitter of `khun tune-eval` (how many times each
//! [`weight::Weight`] counts, see `crate::learn::tune_eval`), through the `Tracer`
//! parameter. The evaluation knows nothing of the fitter: it names its weights, and
//! the learning side decides what to do with the counts.

pub(crate) mod endgame;
pub mod params;
pub(crate) mod pawns;
pub(crate) mod psqt;
pub(crate) mod report;
pub(crate) mod score;
pub(crate) mod weight;

use crate::board::{Bitboard, Color, HAND_ORDER, PieceKind, Position, Square, attacks};
use crate::tablebase::ReadableTables;
use params::*;
use score::S;
use weight::Weight;

/// The evaluation terms, for the breakdown.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Term {
    Material,
    PieceSquare,
    Mobility,
    RookFiles,
    PawnStructure,
    KingSafety,
}

impl Term {
    pub(crate) const ALL: [Term; 6] = [
        Term::Material,
        Term::PieceSquare,
        Term::Mobility,
        Term::RookFiles,
        Term::PawnStructure,
        Term::KingSafety,
    ];

    pub(crate) fn name(self) -> &'static str {
        match self {
            Term::Material => "Material",
            Term::PieceSquare => "Piece-square",
            Term::Mobility => "Mobility",
            Term::RookFiles => "Rook files",
            Term::PawnStructure => "Pawn structure",
            Term::KingSafety => "King safety",
        }
    }
}

/// Receives each term's contribution per colour, and (for tuning) how many times
/// each weight counts for a colour.
pub(crate) trait Tracer {
    fn add(&mut self, term: Term, color: Color, value: S);
    /// `weight` counts `times` more for `color`.
    #[inline(always)]
    fn count(&mut self, _weight: Weight, _color: Color, _times: i32) {}
}

pub(crate) struct NoTrace;

impl Tracer for NoTrace {
    #[inline(always)]
    fn add(&mut self, _: Term, _: Color, _: S) {}
}

/// The evaluation broken down by term, for the `eval` command.
#[derive(Clone, Debug, Default)]
pub(crate) struct Breakdown {
    /// Per term, White's and Black's (mg, eg) contributions.
    pub(crate) terms: Vec<(Term, [S; 2])>,
    pub(crate) phase: i32,
    pub(crate) tapered: i32,
    pub(crate) endgame: endgame::EndgameAdjustment,
    pub(crate) after_endgame: i32,
    pub(crate) after_count: i32,
    /// Final score from the side to move's view (what the search sees).
    pub(crate) final_score: i32,
}

impl Tracer for Breakdown {
    fn add(&mut self, term: Term, color: Color, value: S) {
        if let Some(entry) = self.terms.iter_mut().find(|(t, _)| *t == term) {
            entry.1[color.index()] += value;
        } else {
            let mut pair = [S::ZERO; 2];
            pair[color.index()] = value;
            self.terms.push((term, pair));
        }
    }
}

/// The score of `pos` in centipawns from the side to move's point of view, without
/// the endgame tables (the tests' evaluation; a search calls [`evaluate_cached`]).
#[cfg(test)]
pub(crate) fn evaluate(pos: &Position) -> i32 {
    static_score(pos)
}

/// The hand-written evaluation of `pos` (side to move's view, centipawns), without a
/// search or the tables: a judgement of the position itself, as the count's choices
/// need (`search::count_choice`).
pub(crate) fn static_score(pos: &Position) -> i32 {
    evaluate_with(pos, &mut NoTrace, pawns::terms(pos), ReadableTables::NONE).0
}

/// [`evaluate`] for a search: the pawn structure looked up in (and kept in) `cache`,
/// and only the endgame tables in `tables` read (a repeatable search reads only
/// those its root prepared, so its score cannot depend on what earlier searches
/// happened to build).
#[inline]
pub(crate) fn evaluate_cached(
    pos: &Position,
    cache: &mut pawns::PawnCache,
    tables: ReadableTables,
) -> i32 {
    let pawn_terms = cache.terms(pos);
    evaluate_with(pos, &mut NoTrace, pawn_terms, tables).0
}

/// The network's score `network_stm` (centipawns, side to move's view) with the
/// makruk knowledge a network cannot learn kept exact on top: material that cannot
/// mate scales the score down, and the score fades as the count runs out (the
/// network does not see the count). Against a bare king the hand-written
/// evaluation decides instead: its guidance (drive the king to the edge, bring the
/// pieces near, mate inside the count) is what those endings need, and the network
/// hardly sees them (datagen ends a game as soon as a table covers it). Elsewhere the
/// hand-written guidance terms (the small-edge scale) are left out: the network
/// learnt them from searches that used them, and adding them again counts them twice.
/// Only the endgame tables in `tables` are read (see [`evaluate_cached`]).
#[inline]
pub(crate) fn evaluate_with_network(
    pos: &Position,
    network_stm: i32,
    tables: ReadableTables,
) -> i32 {
    if pos.pieces_of(Color::White).count() == 1 || pos.pieces_of(Color::Black).count() == 1 {
        return evaluate_with(pos, &mut NoTrace, pawns::terms(pos), tables).0;
    }
    let strong = match (pos.side_to_move(), network_stm >= 0) {
        (Color::White, true) | (Color::Black, false) => Color::White,
        _ => Color::Black,
    };
    let scaled = match endgame::mating_material_scale(pos, strong) {
        Some(scale) => network_stm * scale / 64,
        None => network_stm,
    };
    let scaled = match endgame::king_and_pawns_guidance(pos, strong) {
        Some(guidance) if strong == pos.side_to_move() => scaled + guidance,
        Some(guidance) => scaled - guidance,
        None => scaled,
    };
    endgame::fade_for_count(pos, scaled)
}

/// The evaluation with every term shown, reading the endgame tables in `tables`.
pub(crate) fn breakdown(pos: &Position, tables: ReadableTables) -> Breakdown {
    let mut b = Breakdown::default();
    let (score, phase, tapered, eg, after_eg, after_count) =
        evaluate_with(pos, &mut b, pawns::terms(pos), tables);
    b.phase = phase;
    b.tapered = tapered;
    b.endgame = eg;
    b.after_endgame = after_eg;
    b.after_count = after_count;
    b.final_score = score;
    b
}

/// What the piece terms of one side need to know, worked out once per side.
struct PieceContext {
    color: Color,
    occupied: Bitboard,
    mobility_area: Bitboard,
    king_zone: Bitboard,
    /// Per kind, the squares from which a piece of ours would check the enemy king.
    check_squares: [Bitboard; 6],
    our_pawns: Bitboard,
    their_pawns: Bitboard,
    /// Squares our pawns defend.
    pawn_defended: Bitboard,
    aiwok: bool,
}

/// The per-piece terms of one side, summed over its pieces.
#[derive(Default)]
struct PieceSums {
    material: S,
    placement: S,
    mobility: S,
    rook_files: S,
    attack_units: i32,
    attackers: i32,
    /// Zone hits and safe checks (the linear part of king safety).
    king_pressure: S,
}

/// Adds the terms of every piece of `kind` (material, placement, mobility, king
/// attack, rook files) to `sums`.
#[inline(always)]
fn piece_terms<T: Tracer>(
    pos: &Position,
    ctx: &PieceContext,
    kind: PieceKind,
    sums: &mut PieceSums,
    tracer: &mut T,
) {
    let pieces = pos.pieces(ctx.color, kind);
    let is_aiwok = ctx.aiwok && kind == PieceKind::Met;
    let material = if is_aiwok {
        AIWOK_MATERIAL
    } else {
        MATERIAL[kind.index()]
    };
    sums.material += material * pieces.count() as i32;
    if !is_aiwok {
        tracer.count(Weight::Material(kind), ctx.color, pieces.count() as i32);
    }
    // A pawn's placement is in the pawn terms, and it has no other piece term.
    if kind == PieceKind::Pawn {
        return;
    }
    for sq in pieces {
        let diagram = psqt::diagram_index(ctx.color, sq);
        sums.placement += psqt::table_value(kind, diagram);
        tracer.count(Weight::PieceSquare(kind, diagram), ctx.color, 1);
        let reach = match kind {
            PieceKind::Pawn | PieceKind::King => continue,
            PieceKind::Met if is_aiwok => {
                attacks::met_attacks(sq)
                    | attacks::knight_attacks(sq)
                    | attacks::rook_attacks(sq, ctx.occupied)
            }
            PieceKind::Met => attacks::met_attacks(sq),
            PieceKind::Khon => attacks::khon_attacks(ctx.color, sq),
            PieceKind::Knight => attacks::knight_attacks(sq),
            PieceKind::Rook => attacks::rook_attacks(sq, ctx.occupied),
        };
        let mobile = (reach & ctx.mobility_area).count() as usize;
        if is_aiwok {
            sums.mobility += AIWOK_MOBILITY * mobile as i32;
        } else {
            sums.mobility += mobility_table(kind)[mobile];
            tracer.count(Weight::Mobility(kind, mobile), ctx.color, 1);
        }
        if !is_aiwok && ctx.pawn_defended.contains(sq) {
            sums.placement += PAWN_SUPPORTED[kind.index()];
            tracer.count(Weight::PawnSupported(kind), ctx.color, 1);
        }
        let zone_hits = (reach & ctx.king_zone).count() as i32;
        if !is_aiwok {
            sums.king_pressure += KING_ZONE_HIT[kind.index()] * zone_hits;
            tracer.count(Weight::KingZoneHit(kind), ctx.color, zone_hits);
            let checks =
                (reach & ctx.check_squares[kind.index()] & ctx.mobility_area).count() as i32;
            sums.king_pressure += SAFE_CHECK[kind.index()] * checks;
            tracer.count(Weight::SafeCheck(kind), ctx.color, checks);
        }
        if zone_hits > 0 {
            sums.attackers += 1;
            sums.attack_units += KING_ATTACK_WEIGHT[kind.index()] * zone_hits;
        }
        if kind == PieceKind::Rook {
            let file = Bitboard::file(sq.file());
            if (file & ctx.our_pawns).is_empty() {
                let (value, weight) = if (file & ctx.their_pawns).is_empty() {
                    (ROOK_OPEN_FILE, Weight::RookOpenFile)
                } else {
                    (ROOK_SEMI_OPEN_FILE, Weight::RookSemiOpenFile)
                };
                sums.rook_files += value;
                tracer.count(weight, ctx.color, 1);
            }
        }
    }
}

/// The material imbalance terms of `color` (see `IMBALANCE_OURS`).
#[inline(always)]
fn imbalance<T: Tracer>(pos: &Position, color: Color, tracer: &mut T) -> S {
    // why: the pairs were fitted on makruk games; an ai-wok is worth far more than the
    // met whose kind it shares, so it takes no part in them (its own material stands).
    let counts_mets = !pos.variant().has_aiwok();
    let counts = |side: Color| {
        let mut n = [0i32; 5];
        for (i, kind) in PieceKind::ALL[..5].iter().enumerate() {
            if *kind != PieceKind::Met || counts_mets {
                n[i] = pos.pieces(side, *kind).count() as i32;
            }
        }
        n
    };
    let ours = counts(color);
    let theirs = counts(!color);
    let mut sum = S::ZERO;
    // Constant bounds and no branches: the 24 products unroll into straight code.
    for a in 1..5 {
        for b in 0..=a {
            let times = ours[a] * ours[b];
            sum += IMBALANCE_OURS[a][b] * times;
            tracer.count(Weight::ImbalanceOurs(a, b), color, times);
        }
        for b in 0..a {
            let times = ours[a] * theirs[b];
            sum += IMBALANCE_THEIRS[a][b] * times;
            tracer.count(Weight::ImbalanceTheirs(a, b), color, times);
        }
    }
    sum
}

/// The material `color` still holds in hand (sittuyin's set-up phase), each man at
/// its value on the board.
// why: every man in hand must be dropped before the first move, so it is as good as
// on the board; leaving it out would make each drop look like a gain of material
// and the side that has dropped more look ahead.
#[inline(always)]
fn hand_material<T: Tracer>(pos: &Position, color: Color, tracer: &mut T) -> S {
    let hand = pos.hand(color);
    if hand.is_empty() {
        return S::ZERO;
    }
    let mut sum = S::ZERO;
    for kind in HAND_ORDER {
        let n = hand.count(kind) as i32;
        sum += MATERIAL[kind.index()] * n;
        tracer.count(Weight::Material(kind), color, n);
    }
    sum
}

/// Everything about one side that the evaluation sums.
#[inline(always)]
fn side_terms<T: Tracer>(
    pos: &Position,
    color: Color,
    pawn_terms: &pawns::PawnTerms,
    tracer: &mut T,
) -> S {
    let pawn_structure = pawn_terms.structure[color.index()];
    let them = !color;
    let occupied = pos.occupied();
    let ours = pos.pieces_of(color);
    let their_pawns = pos.pieces(them, PieceKind::Pawn);
    let our_pawns = pos.pieces(color, PieceKind::Pawn);
    // Squares enemy pawns attack: a piece that can only go there is not really mobile.
    let mobility_area = !ours & !their_pawns.pawn_attacks(them);
    let pawn_defended = our_pawns.pawn_attacks(color);
    // A king still in hand (sittuyin's set-up phase) has no zone and takes no checks.
    let enemy_king = pos.has_king_on_board(them).then(|| pos.king_square(them));
    let king_zone = enemy_king.map_or(Bitboard::EMPTY, |king| {
        attacks::king_attacks(king) | Bitboard::from_square(king)
    });
    let check_squares = |reach: fn(Square) -> Bitboard| enemy_king.map_or(Bitboard::EMPTY, reach);

    let mut sums = PieceSums::default();
    let ctx = PieceContext {
        color,
        occupied,
        mobility_area,
        king_zone,
        check_squares: [
            Bitboard::EMPTY,
            check_squares(attacks::met_attacks),
            // A khon of ours on s attacks the king when the king is one of s's khon
            // targets: s is where a khon of theirs on the king's square would attack.
            enemy_king.map_or(Bitboard::EMPTY, |king| attacks::khon_attacks(them, king)),
            check_squares(attacks::knight_attacks),
            enemy_king.map_or(Bitboard::EMPTY, |king| {
                attacks::rook_attacks(king, occupied)
            }),
            Bitboard::EMPTY,
        ],
        our_pawns,
        their_pawns,
        pawn_defended,
        aiwok: pos.variant().has_aiwok(),
    };
    // One call per kind with the kind a constant, so the per-kind choices inside
    // (which attacks, whether mobility counts) are settled at compile time.
    piece_terms(pos, &ctx, PieceKind::Pawn, &mut sums, tracer);
    piece_terms(pos, &ctx, PieceKind::Met, &mut sums, tracer);
    piece_terms(pos, &ctx, PieceKind::Khon, &mut sums, tracer);
    piece_terms(pos, &ctx, PieceKind::Knight, &mut sums, tracer);
    piece_terms(pos, &ctx, PieceKind::Rook, &mut sums, tracer);
    piece_terms(pos, &ctx, PieceKind::King, &mut sums, tracer);
    sums.material += imbalance(pos, color, tracer);
    sums.material += hand_material(pos, color, tracer);
    // The pawns' placement comes with their structure (cached together).
    sums.placement += pawn_terms.placement[color.index()];
    let PieceSums {
        material,
        placement,
        mobility,
        rook_files,
        attack_units,
        attackers,
        king_pressure,
    } = sums;

    // why: one attacker alone rarely mates; the danger grows with the attack's mass.
    let danger = if attackers >= 2 {
        let index = (attack_units as usize / 2).min(KING_DANGER.len() - 1);
        tracer.count(Weight::KingDanger(index), color, 1);
        KING_DANGER[index]
    } else {
        0
    };
    // The shield of our own king: pawns, mets and khons on the three squares ahead
    // (none while the king is in hand).
    let shield_squares = if pos.has_king_on_board(color) {
        let front = Bitboard::from_square(pos.king_square(color)).forward(color);
        front | front.sideways()
    } else {
        Bitboard::EMPTY
    };
    let shield_pieces = pos.pieces(color, PieceKind::Pawn)
        | pos.pieces(color, PieceKind::Met)
        | pos.pieces(color, PieceKind::Khon);
    let shielding = (shield_squares & shield_pieces).count() as i32;
    tracer.count(Weight::KingShield, color, shielding);
    let shield = KING_SHIELD * shielding;
    let king_safety = S(danger + shield, 0) + king_pressure;

    tracer.add(Term::Material, color, material);
    tracer.add(Term::PieceSquare, color, placement);
    tracer.add(Term::Mobility, color, mobility);
    tracer.add(Term::RookFiles, color, rook_files);
    tracer.add(Term::PawnStructure, color, pawn_structure);
    // The attack on the enemy king counts for us; our shield for us too.
    tracer.add(Term::KingSafety, color, king_safety);
    material + placement + mobility + rook_files + pawn_structure + king_safety
}

fn game_phase(pos: &Position) -> i32 {
    let mut phase = 0;
    for kind in PieceKind::ALL {
        phase += PHASE_WEIGHT[kind.index()] * pos.pieces_of_kind(kind).count() as i32;
    }
    // Men in hand (sittuyin's set-up phase) are the middlegame still to come.
    for color in [Color::White, Color::Black] {
        let hand = pos.hand(color);
        if !hand.is_empty() {
            for kind in HAND_ORDER {
                phase += PHASE_WEIGHT[kind.index()] * hand.count(kind) as i32;
            }
        }
    }
    phase.min(MAX_PHASE)
}

#[inline(always)]
pub(crate) fn evaluate_with<T: Tracer>(
    pos: &Position,
    tracer: &mut T,
    pawn_terms: pawns::PawnTerms,
    tables: ReadableTables,
) -> (i32, i32, i32, endgame::EndgameAdjustment, i32, i32) {
    let white = side_terms(pos, Color::White, &pawn_terms, tracer);
    let black = side_terms(pos, Color::Black, &pawn_terms, tracer);
    let phase = game_phase(pos);
    let tapered = (white - black).taper(phase, MAX_PHASE);
    let eg = endgame::adjust(pos, tapered, tables);
    let after_eg = (tapered + eg.bonus) * eg.scale / 64;
    let after_count = endgame::fade_for_count(pos, after_eg);
    let stm = match pos.side_to_move() {
        Color::White => after_count,
        Color::Black => -after_count,
    };
    (stm + TEMPO, phase, tapered, eg, after_eg, after_count)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn start_position_is_balanced() {
        let pos = Position::startpos();
        assert_eq!(evaluate(&pos), TEMPO);
    }

    /// The FEN with ranks flipped, colours swapped and the other side to move.
    fn mirror(fen: &str) -> String {
        let mut fields = fen.split(' ');
        let placement: Vec<String> = fields
            .next()
            .unwrap()
            .split('/')
            .rev()
            .map(|rank| {
                rank.chars()
                    .map(|c| {
                        if c.is_ascii_uppercase() {
                            c.to_ascii_lowercase()
                        } else {
                            c.to_ascii_uppercase()
                        }
                    })
                    .collect()
            })
            .collect();
        let side = if fields.next() == Some("w") { "b" } else { "w" };
        format!("{} {side} - - 0 1", placement.join("/"))
    }

    #[test]
    fn mirrored_positions_score_alike() {
        for fen in [
            "r1s1ks1r/3m4/pppnpppp/3p4/4P3/PPPN1PPP/4M3/R1S1KS1R w - - 0 1",
            "8/4k3/3s4/2p5/2P1N3/4K3/8/3R4 b - - 0 1",
            "8/8/3k4/8/2N5/3SK3/3N4/8 b - - 0 1",
        ] {
            let a = Position::from_fen(fen).unwrap();
            let b = Position::from_fen(&mirror(fen)).unwrap();
            assert_eq!(evaluate(&a), evaluate(&b), "{fen}");
        }
    }

    #[test]
    fn material_edge_shows() {
        let up_a_rook =
            Position::from_fen("rnsmksn1/8/pppppppp/8/8/PPPPPPPP/8/RNSKMSNR w - - 0 1").unwrap();
        assert!(evaluate(&up_a_rook) > 500);
    }

    #[test]
    fn ai_woks_take_no_part_in_the_imbalance() {
        use crate::board::variant::Variant;
        let imbalances = |fen: &str| {
            let pos = Position::from_fen_in(Variant::AiWok, fen).unwrap();
            let ours = imbalance(&pos, Color::White, &mut NoTrace);
            let theirs = imbalance(&pos, Color::Black, &mut NoTrace);
            (ours, theirs)
        };
        let with_ai_woks = imbalances("rnsaksnr/8/pppppppp/8/8/PPPPPPPP/8/RNSKASNR w - - 0 1");
        let without = imbalances("rns1ksnr/8/pppppppp/8/8/PPPPPPPP/8/RNSK1SNR w - - 0 1");
        assert_eq!(with_ai_woks, without);
        // In makruk the met does take part: removing both changes the sum.
        let makruk = |fen: &str| {
            imbalance(
                &Position::from_fen(fen).unwrap(),
                Color::White,
                &mut NoTrace,
            )
        };
        assert_ne!(
            makruk("rnsmksnr/8/pppppppp/8/8/PPPPPPPP/8/RNSKMSNR w - - 0 1"),
            makruk("rns1ksnr/8/pppppppp/8/8/PPPPPPPP/8/RNSK1SNR w - - 0 1")
        );
    }
}
