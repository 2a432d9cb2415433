//! The generator's tests: the tactical generator against the legal moves, and
//! sittuyin's drops and promotions (hand-made positions as pyffish has them, the
//! set-up phase, random positions).

use super::*;
use crate::board::random_games::walk_random_games;
use crate::rng::Rng;

/// Random games in every game of the family: at each position the tactical
/// generator gives exactly the legal captures and promotions (every legal move
/// when in check), each once.
#[test]
fn tactical_moves_are_the_legal_captures_and_promotions() {
    let mut rng = Rng::new(0x9E37_79B9_7F4A_7C15);
    let mut checked = 0;
    for variant in Variant::ALL {
        let start = Position::startpos_of(variant);
        walk_random_games(&start, 30, 160, &mut rng, |pos, legal| {
            let mut expected: Vec<Move> = legal
                .iter()
                .copied()
                .filter(|&m| pos.in_check() || m.is_promotion() || pos.piece_at(m.to()).is_some())
                .collect();
            let mut got: Vec<Move> = pos.tactical_moves().iter().copied().collect();
            expected.sort_by_key(|m| m.to_bits());
            got.sort_by_key(|m| m.to_bits());
            assert_eq!(got, expected, "{} ({})", pos.to_fen(), variant.name());
            checked += 1;
        });
    }
    assert!(checked > 10_000, "only {checked} positions");
}

/// Sittuyin's drops and promotions in hand-made positions, each move list as
/// pyffish 0.0.90 gives it (`legal_moves("sittuyin", fen, [])`, sorted).
#[test]
fn sittuyin_drops_and_promotions_as_pyffish_has_them() {
    let cases: [(&str, &str, &str); 11] = [
        (
            "in check by a knight in the set-up phase, no drop can help: the king moves",
            "8/8/4pppp/pppp4/4PPPP/PPPP1n2/8/4K3[FRk] w - - 0 1",
            "e1d1 e1e2 e1f1 e1f2",
        ),
        (
            "in check by a rook: only drops between it and the king",
            "8/8/4pppp/ppppr3/5PPP/PPPP4/8/4K3[FNk] w - - 0 1",
            "F@e2 F@e3 N@e2 N@e3",
        ),
        (
            "the king is dropped on no square the rook attacks",
            "8/8/4pppp/pppp4/4PPPP/PPPP4/1r6/8[Kk] w - - 0 1",
            "K@a1 K@c1 K@d1 K@e1 K@e3 K@f1 K@f3 K@g1 K@g3 K@h1 K@h3",
        ),
        (
            "a side done dropping moves while the other still drops",
            "8/8/4pppp/pppp4/4PPPP/PPPP4/8/3KF3[kr] w - - 0 1",
            "a3a4 b3b4 c3c4 d1c1 d1c2 d1d2 d1e2 d3d4 e1d2 e1f2 e4d5 e4e5 f4f5 g4g5 h4h5",
        ),
        (
            "no promotion while a met stands on the board",
            "4k3/8/8/3P4/8/8/8/3FK3[] w - - 0 1",
            "d1c2 d1e2 d5d6 e1d2 e1e2 e1f1 e1f2",
        ),
        (
            "a side's last pawn promotes anywhere, in place or with a met's step",
            "4k3/8/8/8/1P6/8/8/4K3[] w - - 0 1",
            "b4a3f b4a5f b4b4f b4b5 b4c3f b4c5f e1d1 e1d2 e1e2 e1f1 e1f2",
        ),
        (
            "with two pawns only the one on a promotion square promotes",
            "4k3/8/8/3P4/1P6/8/8/4K3[] w - - 0 1",
            "b4b5 d5c4f d5c6f d5d5f d5d6 d5e4f d5e6f e1d1 e1d2 e1e2 e1f1 e1f2",
        ),
        (
            "never onto a square where the new met attacks an enemy man",
            "4k3/8/2n5/3P4/8/8/8/4K3[] w - - 0 1",
            "d5c4f d5c6 d5d6 d5e4f d5e6f e1d1 e1d2 e1e2 e1f1 e1f2",
        ),
        (
            "never uncovering a check",
            "3k4/8/8/3P4/8/8/8/3RK3[] w - - 0 1",
            "d1a1 d1b1 d1c1 d1d2 d1d3 d1d4 d5d5f d5d6 e1d2 e1e2 e1f1 e1f2",
        ),
        (
            "a pinned pawn promotes only in place",
            "3r4/8/8/3P4/8/8/8/3K3k[] w - - 0 1",
            "d1c1 d1c2 d1d2 d1e1 d1e2 d5d5f d5d6",
        ),
        (
            "the last man in hand is the king: any safe square of the zone",
            "8/8/4pppp/pppp4/4PPPP/PPPP4/8/8[Kk] b - - 0 1",
            "K@a6 K@a7 K@a8 K@b6 K@b7 K@b8 K@c6 K@c7 K@c8 K@d6 K@d7 K@d8 K@e7 K@e8 \
             K@f7 K@f8 K@g7 K@g8 K@h7 K@h8",
        ),
    ];
    for (what, fen, want) in cases {
        let pos = Position::from_fen_in(Variant::Sittuyin, fen).expect("test FEN parses");
        let mut got: Vec<String> = pos.legal_moves().iter().map(|m| m.to_string()).collect();
        got.sort();
        let want: Vec<&str> = want.split_whitespace().collect();
        assert_eq!(got, want, "{what}: {fen}");
        for &m in pos.legal_moves().iter() {
            let after = pos.after(m);
            assert_eq!(after.key(), after.compute_key(), "{what}: {m}");
        }
    }
}

/// Sittuyin's set-up phase from the start: drops only, White and Black in turn,
/// each side's rooks on its first rank, until both hands are empty; then board
/// moves.
#[test]
fn sittuyin_set_up_phase_from_the_start() {
    let mut rng = Rng::new(0x0005_1177);
    for _ in 0..50 {
        let mut pos = Position::startpos_of(Variant::Sittuyin);
        for ply in 0..16 {
            let moves = pos.legal_moves();
            assert!(
                moves.iter().all(|m| m.is_drop()),
                "ply {ply}: {}",
                pos.to_fen()
            );
            for m in moves.iter().filter(|m| m.drop_kind() == PieceKind::Rook) {
                assert_eq!(m.to().relative_rank(pos.side_to_move()), 0, "{m}");
            }
            let m = rng.pick(moves.as_slice());
            pos.play(m);
        }
        assert!(pos.all_men_placed());
        assert!(pos.to_fen().contains("[] w - - 0 9"), "{}", pos.to_fen());
        assert!(pos.legal_moves().iter().all(|m| !m.is_drop()));
    }
}

/// Random sittuyin positions, read leniently as Fairy-Stockfish reads them: men
/// anywhere, pawns on any rank, random hands, kings on the board or in hand, the
/// side not to move sometimes in check. Every legal move plays to a consistent
/// position (bitboards, key, checkers, one king a side), reads back from its UCI
/// and SAN, and `gives_check` and the tactical generator agree with playing it.
#[test]
fn sittuyin_random_positions_hold_together() {
    let mut rng = Rng::new(0x0B0E_5E00);
    let mut positions = 0;
    let mut drops = 0;
    let mut promotions = 0;
    while positions < 6_000 {
        let mut board = [None; 64];
        let mut hand = String::new();
        // Half the positions have men in hand; the others are of play, with few
        // mets, so that promotions come.
        let setup = rng.chance(50);
        for army in ["KFRRSSNNPPPP", "kfrrssnnpppp"] {
            for letter in army.chars() {
                let square = rng.below(64);
                let kind = letter.to_ascii_uppercase();
                if !setup && kind == 'F' && rng.chance(80) {
                    continue;
                }
                if setup && kind != 'P' && rng.chance(40) {
                    hand.push(letter);
                } else if board[square].is_none() && rng.chance(70) {
                    board[square] = Some(letter);
                } else if kind == 'K' {
                    hand.push(letter);
                }
            }
        }
        let placement = super::super::fen::placement_fen(|sq| board[sq.index()]);
        let side = if rng.chance(50) { 'w' } else { 'b' };
        let fen = format!("{placement}[{hand}] {side} - - 0 1");
        let Ok(pos) =
            Position::from_fen_full(Variant::Sittuyin, &fen, super::super::FenRules::Lenient)
        else {
            continue;
        };
        positions += 1;
        let us = pos.side_to_move();
        // `gives_check` is exact where the side not to move is not in check.
        let them_checked = pos.has_king_on_board(!us)
            && pos.is_attacked_by(pos.king_square(!us), us, pos.occupied());
        let legal = pos.legal_moves();
        let mut tactical: Vec<Move> = pos.tactical_moves().iter().copied().collect();
        let mut expected: Vec<Move> = legal
            .iter()
            .copied()
            .filter(|&m| {
                pos.in_check()
                    || m.is_promotion()
                    || (!m.is_drop() && pos.piece_at(m.to()).is_some())
            })
            .collect();
        tactical.sort_by_key(|m| m.to_bits());
        expected.sort_by_key(|m| m.to_bits());
        assert_eq!(tactical, expected, "tactical moves of {fen}");
        for &m in legal.iter() {
            let after = pos.after(m);
            after.assert_consistent();
            if !them_checked {
                assert_eq!(pos.gives_check(m), after.in_check(), "{fen}: {m}");
            }
            assert_eq!(
                pos.bucket_key_after(m) >> 32,
                after.key() >> 32,
                "{fen}: {m}"
            );
            assert_eq!(pos.parse_uci_move(&m.to_string()), Ok(m), "{fen}: {m}");
            assert_eq!(pos.parse_san(&pos.san(m)), Ok(m), "{fen}: {m}");
            drops += m.is_drop() as usize;
            promotions += m.is_promotion() as usize;
        }
    }
    assert!(
        drops > 20_000 && promotions > 1_000,
        "{drops} drops, {promotions} promotions"
    );
}

/// Makpong: a king in check moves only to take the checker, and not at all in double
/// check (pyffish 0.0.90: the khon's step d6d7 checks and uncovers the rook; no legal
/// move answers both).
#[test]
fn makpong_s_king_takes_only_a_single_checker() {
    use crate::board::Variant;
    let mut pos =
        Position::from_fen_in(Variant::Makpong, "8/8/R2Sk3/8/8/8/8/4K3 w - - 0 20").unwrap();
    pos.play(pos.parse_uci_move("d6d7").unwrap());
    assert_eq!(pos.checkers().count(), 2);
    assert!(pos.legal_moves().is_empty());
    let single =
        Position::from_fen_in(Variant::Makpong, "8/3S4/4k3/8/8/8/8/4K3 b - - 0 20").unwrap();
    let moves: Vec<String> = single.legal_moves().iter().map(|m| m.to_string()).collect();
    assert_eq!(moves, ["e6d7"]);
}
