//! Move texts (SAN in Thai and western letters, UCI) against a position: reading never
//! panics, and a move read is legal and can be played.
#![no_main]

use khun::board::{FenRules, Position, Variant};
use libfuzzer_sys::fuzz_target;

/// Moves played at most, so one input stays cheap.
// why: enough for long games; a 4 KB input of short moves stays far below a second.
const MAX_PLIES: usize = 512;

fuzz_target!(|data: &[u8]| {
    // The first byte picks the game; the first line is a FEN (the game's start
    // position when it does not read); the rest are move texts.
    let Some((&selector, rest)) = data.split_first() else {
        return;
    };
    let variant = Variant::ALL[selector as usize % Variant::ALL.len()];
    let text = String::from_utf8_lossy(rest);
    let (first, moves) = text.split_once('\n').unwrap_or((&text, ""));
    let mut pos = Position::from_fen_full(variant, first, FenRules::Lenient)
        .unwrap_or_else(|_| Position::startpos_of(variant));
    for word in moves.split_whitespace().take(MAX_PLIES) {
        let legal = pos.legal_moves();
        let san = pos.parse_san(word);
        let uci = pos.parse_uci_move(word);
        for m in [san.as_ref().ok(), uci.as_ref().ok()].into_iter().flatten() {
            assert!(
                legal.iter().any(|l| l == m),
                "'{word}' read as an illegal move"
            );
        }
        if let Some(m) = san.ok().or(uci.ok()) {
            pos.play(m);
        }
    }
});
