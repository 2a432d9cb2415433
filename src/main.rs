//! The `khun` binary: UCI or XBoard on stdin/stdout (chosen by the GUI's first
//! command, or `--xboard`), plus command-line tools: the arguments are parsed here
//! and each command runs in its module under `cli/`.

use clap::{Parser, Subcommand};
use khun::cli;
use khun::protocol::Protocol;
use std::process::ExitCode;

#[derive(Parser)]
#[command(name = "khun", version, about = "Khun: a makruk (Thai chess) engine")]
struct Args {
    /// Speak XBoard/CECP from the start, whatever the first command is (without it,
    /// a first command `xboard` chooses XBoard and anything else UCI).
    #[arg(long)]
    xboard: bool,
    #[command(subcommand)]
    command: Option<Command>,
}

#[derive(Subcommand)]
enum Command {
    /// Count the leaf nodes of the legal move tree (move generator test and benchmark).
    Perft(cli::perft::PerftArgs),
    /// Search a fixed set of positions to a fixed depth; prints the node count (a
    /// signature of the search) and the speed.
    Bench(cli::perft::BenchArgs),
    /// Analyse a position: the search as it deepens (depth, score, nodes, speed, line
    /// in SAN), then the best move and the counting state in words.
    Analyze(cli::analyze::AnalyzeArgs),
    /// Annotate the games of a PGN file: an evaluation on every move, ?!/?/?? with the
    /// better move, the counting rules' events; optionally an SVG graph.
    Annotate(cli::annotate::AnnotateArgs),
    /// Find puzzles in the games of a PGN file: mates in N and only-move wins,
    /// each line checked by the rules, as EPD or JSON Lines.
    Puzzles(cli::puzzles::PuzzlesArgs),
    /// Prove the mates of a `puzzles --format json` file exact against every defence:
    /// the lines proven (and the other puzzles) kept, each one rejected said why.
    ProveMates(cli::prove_mates::ProveMatesArgs),
    /// Merge the outputs of `annotate --shard K/N` back into the order of the file.
    MergeShards(cli::merge::MergeArgs),
    /// Play on pychess.org (or another server with its BOT API) as a BOT account:
    /// accept challenges by a settings file and play them with the engine.
    #[cfg(feature = "bot")]
    Bot(cli::bot::BotArgs),
    /// Self-play games at a fixed node count per move, written as training records
    /// for the network (see the README for the format).
    Datagen(cli::datagen::DatagenArgs),
    /// Training records from PGN games played elsewhere (matches against other
    /// engines): each position searched at fixed nodes, labelled by the rules' result.
    Records(cli::records::RecordsArgs),
    /// Train the network on datagen's records and write it in the engine's format
    /// (progress, losses and speed on stderr).
    Train(cli::train::TrainArgs),
    /// Fit the hand-written evaluation's weights to datagen's records (Texel's
    /// method) and write them as Rust constants (progress and losses on stderr).
    TuneEval(cli::tune_eval::TuneEvalArgs),
    /// The endgame tables: without --fen, build them all and describe them; with it,
    /// look up one position and say whether the count leaves time for the mate.
    Tablebase(cli::tablebase::TablebaseArgs),
}

fn main() -> ExitCode {
    let args = Args::parse();
    match &args.command {
        Some(Command::Perft(a)) => cli::perft::main(a),
        Some(Command::Bench(a)) => cli::perft::bench(a),
        Some(Command::Analyze(a)) => cli::analyze::main(a),
        Some(Command::Annotate(a)) => cli::annotate::main(a),
        Some(Command::Puzzles(a)) => cli::puzzles::main(a),
        Some(Command::ProveMates(a)) => cli::prove_mates::main(a),
        Some(Command::MergeShards(a)) => cli::merge::main(a),
        #[cfg(feature = "bot")]
        Some(Command::Bot(a)) => cli::bot::main(a),
        Some(Command::Datagen(a)) => cli::datagen::main(a),
        Some(Command::Records(a)) => cli::records::main(a),
        Some(Command::Train(a)) => cli::train::main(a),
        Some(Command::TuneEval(a)) => cli::tune_eval::main(a),
        Some(Command::Tablebase(a)) => cli::tablebase::main(a),
        None => {
            // UCI or XBoard on stdin/stdout until `quit` or the end of input.
            let protocol = if args.xboard {
                Protocol::Xboard
            } else {
                Protocol::FirstCommand
            };
            let out = std::sync::Arc::new(khun::platform::io::Output::stdout());
            khun::protocol::serve(
                std::io::stdin(),
                out,
                protocol,
                None,
                khun::tablebase::Tables::new(),
            );
            ExitCode::SUCCESS
        }
    }
}
