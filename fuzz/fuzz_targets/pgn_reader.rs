//! The PGN reader on any bytes: it never panics, and finds no more games than the text
//! has characters.
#![no_main]

use khun::pgn::read_games;
use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| {
    let text = khun::pgn::decode(data);
    let games = read_games(&text);
    assert!(games.len() <= text.len() + 1, "{} games", games.len());
    for game in games.into_iter().flatten() {
        let _ = game.tag("Result");
    }
});
