//! Static exchange evaluation: the material balance of the capture sequence on one
//! square, each side recapturing with its least valuable piece.

use crate::board::{Bitboard, Move, PieceKind, Position, attacks};
use crate::eval::params::see_value_in;

/// The kinds an ai-wok side recaptures with, cheapest first: its ai-wok (in the
/// met's slot) is its dearest piece. The other games recapture in `PieceKind::ALL`'s
/// order, which is already cheapest first.
const AIWOK_RECAPTURE_ORDER: [PieceKind; 6] = [
    PieceKind::Pawn,
    PieceKind::Khon,
    PieceKind::Knight,
    PieceKind::Rook,
    PieceKind::Met,
    PieceKind::King,
];

/// Whether the exchange started by `m` wins at least `threshold` centipawns for the
/// mover. Promotions are counted as the pawn they are (the met is worth little more).
pub(crate) fn see_at_least(pos: &Position, m: Move, threshold: i32) -> bool {
    let from = m.from();
    let to = m.to();
    let variant = pos.variant();
    let see_value = |kind| see_value_in(variant, kind);
    let mut swap = pos.captured_kind(m).map_or(0, see_value) - threshold;
    if swap < 0 {
        return false;
    }
    let mover = pos.moved_piece(m).expect("a legal move moves a man").kind;
    swap = see_value(mover) - swap;
    if swap <= 0 {
        return true;
    }
    let mut occupied = pos.occupied() ^ Bitboard::from_square(from) ^ Bitboard::from_square(to);
    let mut stm = pos.side_to_move();
    let mut attackers = pos.attackers_to(to, occupied) & occupied;
    // The pieces that move as a rook: they x-ray through one that took before them.
    let rooks = pos.rook_movers();
    let order = if variant.has_aiwok() {
        &AIWOK_RECAPTURE_ORDER
    } else {
        &PieceKind::ALL
    };
    let mut result = true;
    loop {
        stm = !stm;
        attackers &= occupied;
        let ours = attackers & pos.pieces_of(stm);
        if ours.is_empty() {
            break;
        }
        result = !result;
        // The least valuable attacker recaptures.
        let mut next = None;
        for &kind in order {
            let candidates = ours & pos.pieces_of_kind(kind);
            if candidates.any() {
                next = Some((kind, candidates.lsb()));
                break;
            }
        }
        let (kind, sq) = next.expect("ours is not empty");
        if kind == PieceKind::King {
            // The king may only take last: if the other side still attacks, it cannot.
            return if (attackers & pos.pieces_of(!stm)).any() {
                !result
            } else {
                result
            };
        }
        swap = see_value(kind) - swap;
        if swap < result as i32 {
            break;
        }
        occupied ^= Bitboard::from_square(sq);
        if (Bitboard::from_square(sq) & rooks).any() {
            // A rook behind the one that just took joins in (an x-ray).
            attackers |= attacks::rook_attacks(to, occupied) & rooks;
        }
    }
    result
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn simple_exchanges() {
        // Rook takes a pawn defended by a pawn: loses.
        let pos = Position::from_fen("4k3/8/3p4/4p3/8/8/8/4RK2 w - - 0 1").unwrap();
        let m = pos.parse_uci_move("e1e5").unwrap();
        assert!(!see_at_least(&pos, m, 0));
        // Rook takes an undefended pawn: wins a pawn.
        let pos = Position::from_fen("4k3/8/8/4p3/8/8/8/4RK2 w - - 0 1").unwrap();
        let m = pos.parse_uci_move("e1e5").unwrap();
        assert!(see_at_least(&pos, m, 0));
        assert!(see_at_least(&pos, m, 100));
        assert!(!see_at_least(&pos, m, 101));
        // Pawn takes a knight defended by a rook: wins.
        let pos = Position::from_fen("4k3/8/8/3n3r/4P3/8/8/4K3 w - - 0 1").unwrap();
        let m = pos.parse_uci_move("e4d5").unwrap();
        assert!(see_at_least(&pos, m, 300));
    }

    #[test]
    fn the_aiwok_recaptures_last_and_x_rays_as_a_rook() {
        use crate::board::Variant;
        // Rook takes a pawn defended by a knight and an ai-wok, backed by a pawn: the
        // knight takes the rook, the pawn the knight, the ai-wok the pawn; White is
        // down 300. Recapturing with the ai-wok first (into the pawn) made it look
        // like a free pawn.
        let pos =
            Position::from_fen_in(Variant::AiWok, "4a2k/8/6n1/4p3/3P4/8/8/4RK2 w - - 0 1").unwrap();
        let m = pos.parse_uci_move("e1e5").unwrap();
        assert!(!see_at_least(&pos, m, 0));
        // A pawn takes a knight defended by an ai-wok standing behind a rook on the
        // file: the rook recaptures, White's rook takes it, and the ai-wok behind
        // joins in as a rook would.
        let pos =
            Position::from_fen_in(Variant::AiWok, "4a3/4r3/8/4n3/3P4/8/8/4RK1k w - - 0 1").unwrap();
        let m = pos.parse_uci_move("d4e5").unwrap();
        assert!(see_at_least(&pos, m, 0));
        assert!(!see_at_least(&pos, m, 381));
    }
}
