//! What the `eval` command prints: the hand-written evaluation's breakdown by term
//! ([`super::breakdown`]) as a table, and the network's score beside it. Only the
//! printout lives here; the numbers are the evaluation's.

use super::params::MAX_PHASE;
use super::{Term, breakdown, evaluate_with_network};
use crate::board::{Color, Position};
use crate::tablebase::ReadableTables;
use std::fmt::Write as _;

/// What the `eval` command prints: the hand-written breakdown, then (when a network
/// is in use) the network's raw score and the score after the makruk knowledge, the
/// one the search sees. The endgame tables read are those `tables` has built.
pub(crate) fn format_report(
    pos: &Position,
    network: Option<&crate::nnue::network::Network>,
    tables: &crate::tablebase::Tables,
) -> String {
    let tables = ReadableTables::new(tables, crate::tablebase::Readable::ALL);
    let mut s = format_breakdown(pos, tables);
    let white = |stm: i32| match pos.side_to_move() {
        Color::White => stm,
        Color::Black => -stm,
    };
    match network {
        Some(net) => {
            let raw = crate::nnue::accumulator::evaluate_from_scratch(net, pos);
            let _ = writeln!(
                s,
                "NNUE: {:.2} raw, {:.2} with the endgame and count knowledge (White's view; the search uses this)",
                white(raw) as f64 / 100.0,
                white(evaluate_with_network(pos, raw, tables)) as f64 / 100.0
            );
        }
        None if !pos.variant().uses_network() => {
            let _ = writeln!(
                s,
                "NNUE: not for {}; the search uses the hand-written evaluation",
                pos.variant().name()
            );
        }
        None if !pos.all_men_placed() => {
            let _ = writeln!(
                s,
                "NNUE: not with men in hand; the search evaluates by hand until every man is placed"
            );
        }
        None => {
            let _ = writeln!(
                s,
                "NNUE: off (Use NNUE false); the search uses the hand-written evaluation"
            );
        }
    }
    s
}

/// The breakdown as a table, for the UCI `eval` command.
pub(crate) fn format_breakdown(pos: &Position, tables: ReadableTables) -> String {
    let b = breakdown(pos, tables);
    let mut s = String::new();
    let cp = |v: i32| format!("{:>6.2}", v as f64 / 100.0);
    let _ = writeln!(s, "      Term      |    White    |    Black    |    Total");
    let _ = writeln!(
        s,
        "                |   MG    EG  |   MG    EG  |   MG    EG"
    );
    let _ = writeln!(
        s,
        "----------------+-------------+-------------+-------------"
    );
    for term in Term::ALL {
        let pair = b
            .terms
            .iter()
            .find(|(t, _)| *t == term)
            .map(|(_, p)| *p)
            .unwrap_or_default();
        let total = pair[0] - pair[1];
        let _ = writeln!(
            s,
            "{:>15} | {} {} | {} {} | {} {}",
            term.name(),
            cp(pair[0].mg()),
            cp(pair[0].eg()),
            cp(pair[1].mg()),
            cp(pair[1].eg()),
            cp(total.mg()),
            cp(total.eg()),
        );
    }
    let _ = writeln!(
        s,
        "----------------+-------------+-------------+-------------"
    );
    let _ = writeln!(s, "Phase: {} of {} (middlegame weight)", b.phase, MAX_PHASE);
    let _ = writeln!(s, "Tapered: {} (White's view)", cp(b.tapered).trim());
    let _ = writeln!(
        s,
        "Endgame knowledge: bonus {}, scale {}/64 -> {}",
        cp(b.endgame.bonus).trim(),
        b.endgame.scale,
        cp(b.after_endgame).trim()
    );
    match pos.count().plies_left() {
        Some(left) => {
            let _ = writeln!(
                s,
                "Count: {left} plies left -> {}",
                cp(b.after_count).trim()
            );
        }
        None => {
            let _ = writeln!(s, "Count: none running");
        }
    }
    let white_view = if pos.side_to_move() == Color::White {
        b.final_score
    } else {
        -b.final_score
    };
    let _ = writeln!(
        s,
        "Final evaluation: {} (White's view, tempo included)",
        cp(white_view).trim()
    );
    s
}
