//! The PGN lexer on any bytes (decoded as the PGN tools decode files): it never panics
//! and always ends, with no more tokens and errors than the text has characters.
#![no_main]

use khun::pgn::lexer::Lexer;
use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| {
    let text = khun::pgn::decode(data);
    // A token or an error consumes at least one character, bar the pieces a word
    // splits into (`12.Nf3`: a number and a move), so twice the length is generous.
    let most = 2 * text.chars().count() + 2;
    let mut count = 0;
    for _ in Lexer::new(&text) {
        count += 1;
        assert!(
            count <= most,
            "more than {most} tokens from {} bytes",
            data.len()
        );
    }
});
