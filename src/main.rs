//! The `khun` binary: UCI on stdin/stdout by default, plus command-line tools.

use clap::{Parser, Subcommand};
use khun::board::FenRules;
use khun::cli;
use std::process::ExitCode;

#[derive(Parser)]
#[command(name = "khun", version, about = "Khun: a makruk (Thai chess) engine")]
struct Args {
    #[command(subcommand)]
    command: Option<Command>,
}

#[derive(Subcommand)]
enum Command {
    /// Count the leaf nodes of the legal move tree (move generator test and benchmark).
    Perft {
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
    },
    /// Search a fixed set of positions to a fixed depth; prints the node count (a
    /// signature of the search) and the speed.
    Bench {
        /// Depth per position.
        #[arg(long, short, default_value_t = khun::bench::DEFAULT_DEPTH)]
        depth: u32,
    },
}

fn main() -> ExitCode {
    let args = Args::parse();
    match args.command {
        Some(Command::Perft {
            depth,
            fen,
            moves,
            divide,
        }) => {
            let pos = match cli::position_from_args(fen.as_deref(), &moves, FenRules::Lenient) {
                Ok(p) => p,
                Err(e) => {
                    eprintln!("khun perft: {e}");
                    return ExitCode::from(2);
                }
            };
            match cli::perft::run_perft(&pos, depth, divide, &mut std::io::stdout().lock()) {
                Ok(_) => ExitCode::SUCCESS,
                Err(_) => ExitCode::FAILURE,
            }
        }
        Some(Command::Bench { depth }) => {
            print!("{}", khun::bench::run(Some(depth.clamp(1, 60))));
            ExitCode::SUCCESS
        }
        None => {
            run_protocol();
            ExitCode::SUCCESS
        }
    }
}

/// Speaks UCI on stdin/stdout until `quit` or end of input.
fn run_protocol() {
    let rx = khun::io::spawn_reader(std::io::stdin());
    let out = std::sync::Arc::new(khun::io::Output::stdout());
    let mut uci = khun::uci::Uci::new(out);
    uci.run(None, &rx);
}
