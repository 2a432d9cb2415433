//! The learned evaluation (NNUE): a perspective network `(768 -> N) x 2 -> 1`,
//! evaluated incrementally as moves are made. Only what evaluating a position needs
//! is here, below the search; the training data, the self-play that makes it and the
//! trainer are in `crate::learn`, above the search.
//!
//! - [`features`]: the 768 inputs (colour relative to the perspective, kind, square),
//!   shared by the trainer and the engine so the two can never disagree.
//! - [`accumulator`]: the hidden layer's sums kept move by move, and the output.
//! - [`network`]: the shape, the quantised weights and the file format.

pub mod accumulator;
pub mod features;
pub mod network;

use crate::board::{Position, Variant};
use network::{Network, NetworkError};
use std::io::Read;
use std::sync::{Arc, OnceLock};

/// Whether the network evaluates `pos`: the game's men are makruk's
/// ([`crate::board::Variant::uses_network`]) and none is in hand. A search from a
/// position with men in hand carries the network to the nodes where all are placed.
// why: sittuyin's set-up phase, with men in hand and kings not yet placed, is nothing
// the network has seen (its inputs have no hand); once every man is placed the board
// holds makruk's men, and the network judges it better than the hand-written terms.
pub(crate) fn evaluates(pos: &Position) -> bool {
    pos.variant().uses_network() && pos.all_men_placed()
}

/// The `EvalFile` value that names the network built into the binary.
pub(crate) const EMBEDDED_NAME: &str = "<embedded>";

/// The default network, built into the binary so the engine needs no files
/// (`nets/default.nnue`; the README says how it was trained).
static EMBEDDED_BYTES: &[u8] = include_bytes!("../../nets/default.nnue");

/// Sittuyin's network, built in beside the default (`nets/sittuyin.nnue`): the
/// default fine-tuned on sittuyin's self-play once its men are placed, its targets
/// half the search's score and half the game's result.
// why the results blended in: the self-play scores came from networks that learnt
// makruk's pawns, for which a pawn on the fifth rank is a step from its met; a
// sittuyin pawn there is a step from its start and cannot promote while its side
// keeps a met. Fitted to the scores alone the network kept that belief (two such
// pawns worth +6.8 in an even ending that was drawn); with the results it is +4.3,
// and the engine scores better (lab/log/2026-11-28-sittuyin-play.md).
static SITTUYIN_BYTES: &[u8] = include_bytes!("../../nets/sittuyin.nnue");

static DEFAULT_NET: OnceLock<Arc<Network>> = OnceLock::new();
static SITTUYIN_NET: OnceLock<Arc<Network>> = OnceLock::new();

/// The network built into the binary.
pub fn embedded() -> Arc<Network> {
    Arc::clone(built_in(&DEFAULT_NET, EMBEDDED_BYTES))
}

/// A built-in network, read from its bytes once.
fn built_in(cell: &'static OnceLock<Arc<Network>>, bytes: &[u8]) -> &'static Arc<Network> {
    cell.get_or_init(|| Arc::new(Network::from_bytes(bytes).expect("a built-in network is valid")))
}

/// The network that evaluates `variant`'s positions for a search given `chosen`: the
/// built-in network stands for each game's own (sittuyin's for sittuyin); a network
/// a user named (`EvalFile`) evaluates every game.
// why: the default network never saw sittuyin's pawns (staggered, promoting on the
// diagonals, on the seventh and eighth ranks); fine-tuned on sittuyin's games it
// judges them better (lab/log/2026-11-28-sittuyin-play.md).
pub(crate) fn for_game(chosen: &Arc<Network>, variant: Variant) -> &Network {
    let default = built_in(&DEFAULT_NET, EMBEDDED_BYTES);
    if variant == Variant::Sittuyin && Arc::ptr_eq(chosen, default) {
        built_in(&SITTUYIN_NET, SITTUYIN_BYTES)
    } else {
        chosen
    }
}

/// The network an `EvalFile` value names: the embedded one for [`EMBEDDED_NAME`] or
/// an empty value, else the file at that path, checked.
pub(crate) fn load(name: &str) -> Result<Arc<Network>, String> {
    let name = name.trim();
    if name.is_empty() || name == EMBEDDED_NAME {
        return Ok(embedded());
    }
    // One byte more than the largest network is enough to refuse a file, so no more is
    // read: a path like /dev/zero (or a huge file) is refused instead of filling memory.
    let mut bytes = Vec::new();
    std::fs::File::open(name)
        .and_then(|file| {
            file.take(network::FILE_BYTES as u64 + 1)
                .read_to_end(&mut bytes)
        })
        .map_err(|e| format!("cannot read network file '{name}': {e}"))?;
    Network::from_bytes(&bytes)
        .map(Arc::new)
        .map_err(|e: NetworkError| format!("{e}; file '{name}' refused"))
}

#[cfg(test)]
mod tests {
    use super::*;

    /// An endless file was read to the end before being checked, so `setoption name
    /// EvalFile value /dev/zero` filled the memory.
    #[cfg(unix)]
    #[test]
    fn an_endless_file_is_refused_without_reading_it_all() {
        let error = load("/dev/zero").map(|_| ()).unwrap_err();
        assert!(error.contains("KHUNNNUE"), "{error}");
    }

    #[test]
    fn sittuyin_has_its_own_built_in_network_and_a_named_one_plays_every_game() {
        let default = embedded();
        let sittuyin = for_game(&default, Variant::Sittuyin);
        assert_eq!(sittuyin.to_bytes(), SITTUYIN_BYTES);
        assert_ne!(sittuyin.checksum, default.checksum);
        assert_eq!(
            for_game(&default, Variant::Makruk).to_bytes(),
            EMBEDDED_BYTES
        );
        // A network named by its path plays every game, sittuyin too.
        let path = concat!(env!("CARGO_MANIFEST_DIR"), "/nets/default.nnue");
        let default_by_path = load(path).unwrap();
        assert!(std::ptr::eq(
            for_game(&default_by_path, Variant::Sittuyin),
            &*default_by_path
        ));
    }

    #[test]
    fn the_network_file_in_the_repository_loads() {
        let path = concat!(env!("CARGO_MANIFEST_DIR"), "/nets/default.nnue");
        assert_eq!(load(path).unwrap().to_bytes(), EMBEDDED_BYTES);
    }
}
