//! FEN of every game, strict and lenient: parsing never panics, and a position it
//! accepts writes back a FEN that reads to the same position, whose legal moves all
//! read back from their SAN and UCI texts.
#![no_main]

use khun::board::{FenRules, Position, Variant};
use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| {
    // The first byte picks the game (low bits) and the strictness (top bit).
    let Some((&selector, text)) = data.split_first() else {
        return;
    };
    let variant = Variant::ALL[selector as usize % Variant::ALL.len()];
    let rules = if selector & 0x80 != 0 {
        FenRules::Lenient
    } else {
        FenRules::Strict
    };
    let text = String::from_utf8_lossy(text);
    let Ok(pos) = Position::from_fen_full(variant, &text, rules) else {
        return;
    };
    let written = pos.to_fen();
    let again = Position::from_fen_full(variant, &written, rules)
        .unwrap_or_else(|e| panic!("'{written}' (written from '{text}') does not read back: {e}"));
    assert_eq!(again.to_fen(), written, "FEN round trip of '{text}'");
    for &m in pos.legal_moves().iter() {
        let san = pos.san(m);
        assert_eq!(pos.parse_san(&san), Ok(m), "SAN '{san}' in '{written}'");
        let uci = m.to_string();
        assert_eq!(
            pos.parse_uci_move(&uci),
            Ok(m),
            "UCI '{uci}' in '{written}'"
        );
    }
});
