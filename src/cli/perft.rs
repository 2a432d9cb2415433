//! `khun perft`: count the legal move tree from a position, optionally split by root
//! move (the counting and its report: `board::perft`).

use crate::board::{FenRules, Variant};
use std::process::ExitCode;

/// `khun perft`'s arguments.
#[derive(clap::Args, Debug)]
pub struct PerftArgs {
    /// Depth in plies.
    #[arg(long, short)]
    depth: u32,
    /// Start position (default: the standard start). Positions that cannot arise
    /// in a game (as some reference suites contain) are accepted here.
    #[arg(long)]
    fen: Option<String>,
    /// UCI moves to play from the start position first.
    #[arg(long, num_args = 1..)]
    moves: Vec<String>,
    /// Print the count below each root move.
    #[arg(long)]
    divide: bool,
    /// The game: makruk (default), cambodian, karouk, makpong, asean, ai-wok or
    /// sittuyin.
    #[arg(long, default_value = "makruk", value_parser = super::parse_variant)]
    variant: Variant,
}

/// `khun perft`: the counts on stdout; 2 with the reason for a bad position.
pub fn main(args: &PerftArgs) -> ExitCode {
    let pos = match super::position_from_args(
        args.variant,
        args.fen.as_deref(),
        &args.moves,
        FenRules::Lenient,
    ) {
        Ok(p) => p,
        Err(e) => return crate::cli::could_not_run("perft", e),
    };
    let mut out = std::io::stdout().lock();
    match crate::board::perft::run_perft(&pos, args.depth, args.divide, &mut out) {
        Ok(_) => ExitCode::SUCCESS,
        Err(_) => ExitCode::FAILURE,
    }
}

/// `khun bench`'s arguments.
#[derive(clap::Args, Debug)]
pub struct BenchArgs {
    /// Depth per position.
    #[arg(long, short, default_value_t = crate::bench::DEFAULT_DEPTH)]
    depth: u32,
    /// Use the hand-written evaluation instead of the network.
    #[arg(long)]
    no_nnue: bool,
}

/// `khun bench`: the fixed search's report (its node count is the signature).
pub fn bench(args: &BenchArgs) -> ExitCode {
    let network = (!args.no_nnue).then(crate::nnue::embedded);
    print!(
        "{}",
        crate::bench::run(
            Some(args.depth.clamp(1, 60)),
            network,
            &crate::tablebase::Tables::new()
        )
    );
    ExitCode::SUCCESS
}
