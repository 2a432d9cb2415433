//! Black-box sessions for the playing-strength options (`Skill Level`,
//! `UCI_LimitStrength`, `UCI_Elo`) and the options frontends always send
//! (`UCI_AnalyseMode`, `VariantPath`), under UCI and XBoard.

mod common;

use common::{EngineProcess, bestmove_of};
use khun::board::{Color, PieceKind, Position};
use std::collections::HashSet;

#[test]
fn uci_declares_the_strength_options() {
    let mut e = EngineProcess::start(&[]);
    e.send("uci");
    let lines = e.read_until(|l| l == "uciok", common::PATIENCE);
    for wanted in [
        "option name Skill Level type spin default 20 min -20 max 20",
        "option name UCI_LimitStrength type check default false",
        "option name UCI_AnalyseMode type check default false",
        "option name VariantPath type string default <empty>",
    ] {
        assert!(lines.iter().any(|l| l == wanted), "{wanted}");
    }
    assert!(
        lines
            .iter()
            .any(|l| l.starts_with("option name UCI_Elo type spin default ")),
        "UCI_Elo"
    );
}

#[test]
fn frontend_options_are_accepted_without_complaint() {
    let mut e = EngineProcess::start(&[]);
    for line in [
        "setoption name UCI_AnalyseMode value true",
        "setoption name UCI_AnalyseMode value false",
        "setoption name VariantPath value <empty>",
        "setoption name VariantPath value",
        "setoption name Skill Level value 3",
        "setoption name UCI_LimitStrength value true",
        "setoption name UCI_Elo value 1200",
    ] {
        e.send(line);
    }
    let lines = e.sync();
    assert!(lines.is_empty(), "{lines:?}");
}

#[test]
fn bad_strength_values_are_refused_with_a_reason() {
    let mut e = EngineProcess::start(&[]);
    for (line, reason) in [
        ("setoption name Skill Level value 21", "outside -20..20"),
        ("setoption name Skill Level value -21", "outside -20..20"),
        (
            "setoption name Skill Level value weak",
            "not a whole number",
        ),
        ("setoption name UCI_Elo value 50", "outside"),
        (
            "setoption name UCI_LimitStrength value maybe",
            "true or false",
        ),
        ("setoption name UCI_AnalyseMode value 2", "true or false"),
        (
            "setoption name VariantPath value /tmp/variants.ini",
            "does not read variant files",
        ),
    ] {
        e.send(line);
        let lines = e.sync();
        assert!(
            lines
                .iter()
                .any(|l| l.starts_with("info string error:") && l.contains(reason)),
            "{line}: {lines:?}"
        );
    }
}

/// The bestmoves of `searches` searches of `position` at a skill level.
fn bestmoves(e: &mut EngineProcess, position: &str, go: &str, searches: usize) -> Vec<String> {
    (0..searches)
        .map(|_| {
            e.send("ucinewgame");
            e.send(position);
            e.send(go);
            let lines = e.until_bestmove();
            bestmove_of(lines.last().unwrap()).to_string()
        })
        .collect()
}

#[test]
fn a_low_level_plays_legal_and_varied_moves() {
    let mut e = EngineProcess::start(&[]);
    e.send("setoption name Skill Level value -10");
    let moves = bestmoves(&mut e, "position startpos", "go depth 8", 24);
    let start = Position::startpos();
    for m in &moves {
        assert!(start.parse_uci_move(m).is_ok(), "illegal bestmove {m}");
    }
    let distinct: HashSet<&String> = moves.iter().collect();
    assert!(distinct.len() >= 2, "always {moves:?}");
}

#[test]
fn a_low_level_does_not_leave_a_rook_en_prise() {
    // White's rook on d4 is attacked by the black pawn on c5 (a pawn takes diagonally
    // forward): every level moves it or defends it rather than giving it away.
    let fen = "4k3/8/8/2p5/3R4/8/8/4K3 w - - 0 1";
    let mut e = EngineProcess::start(&[]);
    e.send("setoption name Skill Level value -20");
    let moves = bestmoves(&mut e, &format!("position fen {fen}"), "go depth 6", 16);
    let pos = Position::from_fen(fen).unwrap();
    for m in &moves {
        let mv = pos.parse_uci_move(m).expect("legal");
        let after = pos.after(mv);
        let rooks = |p: &Position| p.pieces(Color::White, PieceKind::Rook).count();
        let rook_taken = after
            .legal_moves()
            .iter()
            .any(|&reply| rooks(&after.after(reply)) == 0);
        assert!(!rook_taken || m.starts_with("d4"), "{m} leaves the rook");
    }
}

/// The node count and best move of a fixed search, after `ucinewgame`.
fn nodes_and_move(e: &mut EngineProcess, position: &str, go: &str) -> (String, String) {
    e.send("ucinewgame");
    e.send(position);
    e.send(go);
    let lines = e.until_bestmove();
    let nodes = lines
        .iter()
        .rev()
        .find_map(|l| common::info_field(l, "nodes"))
        .unwrap()
        .to_string();
    (nodes, bestmove_of(lines.last().unwrap()).to_string())
}

/// Level 20 is the search itself: the same nodes and move as with no level set, also
/// after a weak level was in use (the bench signature stays as it was).
#[test]
fn level_twenty_searches_exactly_as_the_full_engine() {
    let mut e = EngineProcess::start(&[]);
    let position = "position startpos moves e3e4 d6d5";
    let default = nodes_and_move(&mut e, position, "go depth 9");
    e.send("setoption name Skill Level value -5");
    let _ = nodes_and_move(&mut e, position, "go depth 9");
    e.send("setoption name Skill Level value 20");
    let again = nodes_and_move(&mut e, position, "go depth 9");
    assert_eq!(default, again);
}

#[test]
fn analyse_mode_plays_at_full_strength() {
    let mut e = EngineProcess::start(&[]);
    let position = "position startpos moves e3e4 d6d5";
    let full = bestmoves(&mut e, position, "go nodes 20000", 1);
    e.send("setoption name Skill Level value -20");
    e.send("setoption name UCI_AnalyseMode value true");
    let analysed = bestmoves(&mut e, position, "go nodes 20000", 3);
    assert!(
        analysed.iter().all(|m| *m == full[0]),
        "{analysed:?} vs {full:?}"
    );
}

#[test]
fn xboard_sets_the_strength_options() {
    let mut e = EngineProcess::start(&[]);
    e.send("xboard");
    e.send("protover 2");
    let features = e.read_until(|l| l.contains("done=1"), common::PATIENCE);
    let all = features.join("\n");
    assert!(
        all.contains("option=\"Skill Level -spin 20 -20 20\""),
        "{all}"
    );
    assert!(
        all.contains("option=\"UCI_LimitStrength -check 0\""),
        "{all}"
    );
    assert!(all.contains("option=\"UCI_Elo -spin "), "{all}");
    e.send("option Skill Level=-5");
    e.send("ping 1");
    let lines = e.read_until(|l| l == "pong 1", common::PATIENCE);
    assert!(!lines.iter().any(|l| l.contains("Error")), "{lines:?}");
    e.send("option Skill Level=40");
    e.send("ping 2");
    let lines = e.read_until(|l| l == "pong 2", common::PATIENCE);
    assert!(
        lines.iter().any(|l| l.contains("outside -20..20")),
        "{lines:?}"
    );
}

#[test]
fn limit_strength_plays_at_the_elo_asked() {
    let mut e = EngineProcess::start(&[]);
    e.send("setoption name UCI_LimitStrength value true");
    e.send("setoption name UCI_Elo value 700");
    let weak = bestmoves(&mut e, "position startpos", "go depth 8", 16);
    let start = Position::startpos();
    for m in &weak {
        assert!(start.parse_uci_move(m).is_ok(), "illegal bestmove {m}");
    }
    let distinct: HashSet<&String> = weak.iter().collect();
    assert!(distinct.len() >= 2, "always {weak:?}");
    // Off again: the full engine's one answer.
    e.send("setoption name UCI_LimitStrength value false");
    let full = bestmoves(&mut e, "position startpos", "go depth 8", 3);
    assert!(full.iter().all(|m| *m == full[0]), "{full:?}");
}
