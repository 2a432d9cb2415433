//! The `khun` binary: UCI or XBoard on stdin/stdout (chosen by the GUI's first
//! command, or `--xboard`), plus command-line tools.

use clap::{Parser, Subcommand};
use khun::board::{FenRules, Variant};
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
        /// The game: makruk (default), cambodian, karouk, makpong, asean or ai-wok.
        #[arg(long, default_value = "makruk", value_parser = cli::parse_variant)]
        variant: Variant,
    },
    /// Search a fixed set of positions to a fixed depth; prints the node count (a
    /// signature of the search) and the speed.
    Bench {
        /// Depth per position.
        #[arg(long, short, default_value_t = khun::bench::DEFAULT_DEPTH)]
        depth: u32,
        /// Use the hand-written evaluation instead of the network.
        #[arg(long)]
        no_nnue: bool,
    },
    /// Analyse a position: the search as it deepens (depth, score, nodes, speed, line
    /// in SAN), then the best move and the counting state in words.
    Analyze(cli::analyze::AnalyzeArgs),
    /// Annotate the games of a PGN file: an evaluation on every move, ?!/?/?? with the
    /// better move, the counting rules' events; optionally an SVG graph.
    Annotate(cli::annotate::AnnotateArgs),
    /// Merge the outputs of `annotate --shard K/N` back into the order of the file.
    MergeShards(cli::merge::MergeArgs),
    /// Self-play games at a fixed node count per move, written as training records
    /// for the network (see the README for the format).
    Datagen(cli::datagen::DatagenArgs),
    /// Train the network on datagen's records and write it in the engine's format
    /// (progress, losses and speed on stderr).
    Train(cli::train::TrainArgs),
    /// Fit the hand-written evaluation's weights to datagen's records (Texel's
    /// method) and write them as Rust constants (progress and losses on stderr).
    TuneEval(cli::tune_eval::TuneEvalArgs),
    /// The endgame tables: without --fen, build them all and describe them; with it,
    /// look up one position and say whether the count leaves time for the mate.
    Tablebase {
        /// The position to look up.
        #[arg(long)]
        fen: Option<String>,
        /// UCI moves to play from it first.
        #[arg(long, num_args = 1..)]
        moves: Vec<String>,
        /// Read the five-man tables (a king and three pieces against a bare king, two
        /// pieces against one with a rook among them) from this directory,
        /// building the missing ones into it: the listing shows them too (29 GB for
        /// all forty-two), and a position looks them up.
        #[arg(long, value_name = "DIR")]
        five_man_tables: Option<std::path::PathBuf>,
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
            variant,
        }) => {
            let pos =
                match cli::position_from_args(variant, fen.as_deref(), &moves, FenRules::Lenient) {
                    Ok(p) => p,
                    Err(e) => {
                        eprintln!("khun perft: {e}");
                        return ExitCode::from(2);
                    }
                };
            match khun::board::perft::run_perft(&pos, depth, divide, &mut std::io::stdout().lock())
            {
                Ok(_) => ExitCode::SUCCESS,
                Err(_) => ExitCode::FAILURE,
            }
        }
        Some(Command::Bench { depth, no_nnue }) => {
            let network = (!no_nnue).then(khun::nnue::embedded);
            print!("{}", khun::bench::run(Some(depth.clamp(1, 60)), network));
            ExitCode::SUCCESS
        }
        Some(Command::Analyze(a)) => match cli::analyze::run(&a, Box::new(std::io::stdout())) {
            Ok(()) => ExitCode::SUCCESS,
            Err(e) => {
                eprintln!("khun analyze: {e}");
                ExitCode::from(2)
            }
        },
        Some(Command::Annotate(a)) => match interrupt().and_then(|i| cli::annotate::run(&a, &i)) {
            Ok(summary) => match summary.stopped_by {
                // Stopped by a signal before the last game: as shells report it.
                Some(signal) => ExitCode::from(khun::interrupt::exit_code(signal)),
                None if summary.errors == 0 => ExitCode::SUCCESS,
                // Some games could not be read in full: say so to scripts.
                None => ExitCode::FAILURE,
            },
            Err(e) => {
                eprintln!("khun annotate: {e}");
                ExitCode::from(2)
            }
        },
        Some(Command::MergeShards(a)) => match cli::merge::run(&a) {
            Ok(()) => ExitCode::SUCCESS,
            Err(e) => {
                eprintln!("khun merge-shards: {e}");
                ExitCode::from(2)
            }
        },
        Some(Command::Datagen(a)) => match interrupt().and_then(|i| cli::datagen::run(&a, &i)) {
            Ok(s) => {
                let t = &s.totals;
                println!(
                    "{} positions from {} games (White {}, draws {}, Black {}) in {:.1} s",
                    t.positions, t.games, t.white_wins, t.draws, t.black_wins, s.seconds
                );
                let ends: Vec<String> = khun::learn::datagen::GameEnd::NAMES
                    .iter()
                    .zip(t.ends)
                    .filter(|(_, n)| *n > 0)
                    .map(|(name, n)| format!("{name} {n}"))
                    .collect();
                println!("game ends: {}", ends.join(", "));
                match s.stopped_by {
                    // Stopped by a signal before its limits: as shells report it.
                    Some(signal) => ExitCode::from(khun::interrupt::exit_code(signal)),
                    None => ExitCode::SUCCESS,
                }
            }
            Err(e) => {
                eprintln!("khun datagen: {e}");
                ExitCode::from(2)
            }
        },
        Some(Command::Train(a)) => match cli::train::run(&a) {
            Ok(s) => {
                println!(
                    "wrote {} (epoch {} of {}, {} training positions) in {:.1} s",
                    a.output.display(),
                    s.kept_epoch,
                    s.epochs.len(),
                    s.train_positions,
                    s.seconds
                );
                ExitCode::SUCCESS
            }
            Err(e) => {
                eprintln!("khun train: {e}");
                ExitCode::from(2)
            }
        },
        Some(Command::TuneEval(a)) => match cli::tune_eval::run(&a) {
            Ok(s) => {
                println!(
                    "wrote {} ({} records, {} training positions; loss {:.6} -> {:.6}) in {:.1} s",
                    a.output.display(),
                    s.records,
                    s.train_positions,
                    s.initial_loss,
                    s.final_loss,
                    s.seconds
                );
                ExitCode::SUCCESS
            }
            Err(e) => {
                eprintln!("khun tune-eval: {e}");
                ExitCode::from(2)
            }
        },
        Some(Command::Tablebase {
            fen,
            moves,
            five_man_tables,
        }) => {
            if let Some(Err(why)) = five_man_tables
                .as_deref()
                .map(khun::tablebase::five::check_directory)
            {
                eprintln!("khun tablebase: {why}");
                return ExitCode::from(2);
            }
            khun::tablebase::five::set_directory(five_man_tables.clone());
            let mut out = std::io::stdout().lock();
            let written = match fen {
                None if moves.is_empty() => {
                    cli::tablebase::describe_all(&mut out, five_man_tables.as_deref())
                }
                _ => match cli::position_from_args(
                    Variant::Makruk,
                    fen.as_deref(),
                    &moves,
                    FenRules::Strict,
                ) {
                    Ok(pos) => cli::tablebase::describe_position(&pos, &mut out).map(|_| ()),
                    Err(e) => {
                        eprintln!("khun tablebase: {e}");
                        return ExitCode::from(2);
                    }
                },
            };
            if written.is_ok() {
                ExitCode::SUCCESS
            } else {
                ExitCode::FAILURE
            }
        }
        None => {
            // UCI or XBoard on stdin/stdout until `quit` or the end of input.
            let protocol = if args.xboard {
                Protocol::Xboard
            } else {
                Protocol::FirstCommand
            };
            let out = std::sync::Arc::new(khun::io::Output::stdout());
            khun::protocol::serve(std::io::stdin(), out, protocol, None);
            ExitCode::SUCCESS
        }
    }
}

/// SIGINT and SIGTERM asking a long job to stop cleanly.
fn interrupt() -> Result<khun::interrupt::Interrupt, String> {
    khun::interrupt::Interrupt::on_signals()
}
