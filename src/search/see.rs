//! Static exchange evaluation: the material balance of the capture sequence on one
//! square, each side recapturing with its least valuable piece.

use crate::board::{Bitboard, Move, PieceKind, Position, attacks};
use crate::eval::params::see_value_in;

/// Whether the exchange started by `m` wins at least `threshold` centipawns for the
/// mover. Promotions are counted as the pawn they are (the met is worth little more).
pub(crate) fn see_at_least(pos: &Position, m: Move, threshold: i32) -> bool {
    let from = m.from();
    let to = m.to();
    let variant = pos.variant();
    let see_value = |kind| see_value_in(variant, kind);
    let mut swap = pos.kind_at(to).map_or(0, see_value) - threshold;
    if swap < 0 {
        return false;
    }
    let mover = pos.kind_at(from).expect("a move starts on a piece");
    swap = see_value(mover) - swap;
    if swap <= 0 {
        return true;
    }
    let mut occupied = pos.occupied() ^ Bitboard::from_square(from) ^ Bitboard::from_square(to);
    let mut stm = pos.side_to_move();
    let mut attackers = pos.attackers_to(to, occupied) & occupied;
    let rooks = pos.pieces_of_kind(PieceKind::Rook);
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
        for kind in PieceKind::ALL {
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
        if kind == PieceKind::Rook {
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
}
