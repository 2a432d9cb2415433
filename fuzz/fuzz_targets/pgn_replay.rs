//! Reading and replaying PGN games of any of the games: never a panic, and a game it
//! replays has legal moves whose SAN line reads back to the same moves.
#![no_main]

use khun::board::Variant;
use khun::pgn::{numbered_san, read_and_replay_in};
use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| {
    // The first byte picks the game played by games without a [Variant] tag.
    let Some((&selector, rest)) = data.split_first() else {
        return;
    };
    let variant = Variant::ALL[selector as usize % Variant::ALL.len()];
    let text = khun::pgn::decode(rest);
    for game in read_and_replay_in(&text, variant).into_iter().flatten() {
        let positions = game.positions();
        assert_eq!(positions.len(), game.moves.len() + 1);
        assert_eq!(game.comments.len(), game.moves.len());
        // The moves as Khun writes them read back to the same moves.
        let line = numbered_san(&game.start, &game.moves);
        let fen = game.start.to_fen();
        let again = format!(
            "[Variant \"{}\"]\n[FEN \"{fen}\"]\n\n{line} *\n",
            game.start.variant().name()
        );
        let replayed = read_and_replay_in(&again, variant);
        match replayed.as_slice() {
            [Ok(back)] => assert_eq!(back.moves, game.moves, "{again}"),
            other => panic!("{again} read back as {other:?}"),
        }
    }
});
