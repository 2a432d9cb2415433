//! PGN reading and writing for the command-line analysis.
//!
//! - [`decode`](mod@decode): file bytes to text (UTF-8, Latin-1, or a mix of the two).
//! - [`lexer`]: text to tokens (tags, move numbers, moves, comments, results).
//! - [`reader`]: tokens to written games (tags, main-line move texts, result).
//! - [`move_marks`]: check signs, glyphs and draw offers split off a move's text.
//! - [`problem`]: why a game could not be read, typed ([`PgnProblem`]).
//! - [`replay`]: written games to legal moves from the start or `[FEN]` position.
//! - [`san_line`]: move lines in SAN with move numbers.
//! - [`tree`]: a replayed game as a tree (NAGs, comments, clocks, variations).
//! - [`writer`]: games with comments and variations back to PGN text.
//!
//! Moves are read in makruk SAN with Thai letters (`Se2`, `dxe6=M`, as pyffish and
//! cutechess write them) and with the western letters older sites use (`Bed4`, `Qd5`,
//! promotions without `=M`), with whatever marks sites add (see [`move_marks`]).

pub(crate) mod decode;
pub mod lexer;
pub(crate) mod move_marks;
pub mod problem;
pub(crate) mod reader;
pub mod replay;
pub(crate) mod san_line;
pub mod tree;
pub(crate) mod writer;

pub use decode::decode;
pub use problem::PgnProblem;
pub use reader::{PgnError, WrittenGame, read_games};
pub use replay::Game;
pub(crate) use replay::replay_in;
pub use san_line::numbered_san;
pub(crate) use san_line::numbered_san_tokens;
pub use tree::{GameTree, NoteKind, TreeMove, TreeNote};
pub(crate) use writer::{GameOut, MoveOut, Piece, add_count_actions, numbered_line, write_game};

/// Reads and replays every game of a PGN text: one result per game, in file order.
/// A game without a `[Variant]` tag is makruk.
pub fn read_and_replay(text: &str) -> Vec<Result<Game, PgnError>> {
    read_and_replay_in(text, crate::board::Variant::Makruk)
}

/// As [`read_and_replay`], with games that have no `[Variant]` tag played as
/// `default`.
pub fn read_and_replay_in(
    text: &str,
    default: crate::board::Variant,
) -> Vec<Result<Game, PgnError>> {
    read_games(text)
        .into_iter()
        .map(|g| g.and_then(|g| replay_in(g, default)))
        .collect()
}
