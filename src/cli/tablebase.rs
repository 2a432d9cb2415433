//! `khun tablebase`: build the endgame tables and describe them, or look up one
//! position, with and without the count.

use crate::board::{Color, PieceKind, Position, counting};
use crate::tablebase::{self, Ending, Tables, five, five_duel};
use std::io::Write;
use std::process::ExitCode;
use std::time::Instant;

/// The moves the piece's honour gives the strong side of a king and `kinds` against a
/// bare king once the count starts (its limit less the men on the board), as the
/// counting rules compute it.
fn moves_under_count(kinds: &[PieceKind]) -> u32 {
    let letters: String = kinds
        .iter()
        .map(|k| k.letter().to_ascii_uppercase())
        .collect();
    let fen = format!("7k/8/8/8/8/8/8/K{letters}{} b - - 0 1", 7 - letters.len());
    let pos = Position::from_fen(&fen).expect("a legal example of the ending");
    let moves = counting::limit_for(&pos, Color::Black).unwrap_or(0) as u32;
    moves.saturating_sub(pos.occupied().count())
}

/// Builds every table and prints one line each: positions, wins, the longest win,
/// the wins that fit a fresh count, build time and memory, building them in
/// `tables`. With a five-man directory set there, the
/// forty-two five-man tables too, read from that directory (built into it first
/// where missing: 5-45 s and about 1 GB each for the twenty against a bare king,
/// 1-2 minutes and about 3 GB each for the twenty-two duels with a rook; one is held
/// at a
/// time).
pub fn describe_all(out: &mut impl Write, tables: &Tables) -> std::io::Result<()> {
    let five_dir = tables.five_man_directory();
    writeln!(
        out,
        "{:<7} {:>10} {:>7} {:>13} {:>11} {:>14} {:>9} {:>7}",
        "ending",
        "positions",
        "won",
        "longest win",
        "count gives",
        "won in count",
        "built in",
        "memory"
    )?;
    for ending in Ending::ALL {
        if ending.duel().is_some() {
            describe_duel(tables, ending, out)?;
            continue;
        }
        let start = Instant::now();
        let table = tables.ensure(ending);
        let built = start.elapsed();
        write_row(
            out,
            &bare_king_row(ending.name(), ending.kinds(), table, built),
        )?;
    }
    if let Some(dir) = &five_dir {
        for kinds in five::every_table() {
            let start = Instant::now();
            let (table, trouble) = tables.load_or_build_five(dir, kinds);
            if let Some(why) = trouble {
                eprintln!("five-man table {}: {why}", five::file_name(kinds));
            }
            let row = bare_king_row(five::ending_name(kinds), &kinds, &table, start.elapsed());
            write_row(out, &row)?;
        }
        for key in five_duel::every_table() {
            let start = Instant::now();
            let (table, trouble) = tables.load_or_build_five_duel(dir, key);
            if let Some(why) = trouble {
                eprintln!("five-man table {}: {why}", key.file_name());
            }
            write_row(out, &duel_row(key.name(), &table, start.elapsed()))?;
        }
    }
    writeln!(
        out,
        "(K+X v K: strong side to move, 'won in count': mates that fit the moves the piece's \
         honour gives; K+X v K+Y: either side to move, a win is a mate or a capture into a \
         won K+X v K, 'won in count': wins that fit a fresh board's honour{})",
        if five_dir.is_some() {
            "; five-man tables: 'built in' is the time to read the file, or to build it"
        } else {
            ""
        }
    )
}

/// The line of a table of a king and `kinds` against a bare king.
fn bare_king_row(
    name: String,
    kinds: &[PieceKind],
    table: &tablebase::Table,
    built: std::time::Duration,
) -> Row {
    let (legal, by_plies) = table.win_lengths();
    let won: u64 = by_plies.iter().sum();
    let moves = moves_under_count(kinds);
    // With the strong side to move just after the count starts, the mate may take
    // twice the moves the count gives, in plies.
    let in_count: u64 = by_plies.iter().take(2 * moves as usize + 1).sum();
    Row {
        name,
        legal,
        won,
        longest_win_moves: u32::from(table.longest_win().div_ceil(2)),
        count_moves: moves,
        won_in_count: in_count,
        built,
        memory_bytes: table.memory_bytes(),
    }
}

/// One line for a K+X v K+Y table, built in `tables`.
fn describe_duel(tables: &Tables, ending: Ending, out: &mut impl Write) -> std::io::Result<()> {
    let start = Instant::now();
    let table = tables.ensure_duel(ending, crate::board::Variant::Makruk);
    write_row(out, &duel_row(ending.name(), table, start.elapsed()))
}

/// The line of a duel table (four or five men).
fn duel_row(name: String, table: &tablebase::DuelTable, built: std::time::Duration) -> Row {
    let (legal, won, longest) = table.summary(u8::MAX - 1);
    // A fresh board's honour: the counter at 0 of 128 plies, the last may still end it.
    let fresh = 2 * counting::BOARD_HONOUR_MOVES as u8 + 1;
    let (_, won_in_count, _) = table.summary(fresh);
    Row {
        name,
        legal,
        won,
        longest_win_moves: (longest as u32).div_ceil(2),
        count_moves: u32::from(counting::BOARD_HONOUR_MOVES),
        won_in_count,
        built,
        memory_bytes: table.memory_bytes(),
    }
}

/// One position: its ending, its count, and what the table of `tables` says with the
/// count, in the words `analyze` and `annotate` use.
pub fn describe_position(
    pos: &Position,
    out: &mut impl Write,
    tables: &Tables,
) -> std::io::Result<bool> {
    let Some((ending, verdict)) = tables.count_verdict(pos) else {
        writeln!(
            out,
            "no table: the tables hold a king and one piece, or a king and two of met, \
             khon and knight, against a bare king, or a king and a piece against a king \
             and a piece, without pawns; with --five-man-tables, a king and three pieces \
             against a bare king, and two pieces against one with a rook among them"
        )?;
        return Ok(false);
    };
    writeln!(out, "ending: {}", ending.name())?;
    writeln!(out, "count: {}", counting::describe(pos))?;
    writeln!(out, "table: {}", tablebase::describe(ending, verdict))?;
    Ok(true)
}

/// One table's line of the listing.
struct Row {
    /// The ending: `KRvK`.
    name: String,
    /// Legal positions with one side to move (the line shows both sides).
    legal: u64,
    won: u64,
    longest_win_moves: u32,
    count_moves: u32,
    won_in_count: u64,
    built: std::time::Duration,
    memory_bytes: usize,
}

/// Writes `row` in the listing's columns, the shares as percentages of `legal`.
fn write_row(out: &mut impl Write, row: &Row) -> std::io::Result<()> {
    let pct = |n: u64| 100.0 * n as f64 / row.legal.max(1) as f64;
    writeln!(
        out,
        "{:<7} {:>10} {:>6.1}% {:>7} moves {:>5} moves {:>13.1}% {:>7.2} s {:>4} MB",
        row.name,
        row.legal * 2,
        pct(row.won),
        row.longest_win_moves,
        row.count_moves,
        pct(row.won_in_count),
        row.built.as_secs_f64(),
        row.memory_bytes / (1 << 20)
    )
}

/// `khun tablebase`'s arguments.
#[derive(clap::Args, Debug)]
pub struct TablebaseArgs {
    /// The position to look up.
    #[arg(long)]
    fen: Option<String>,
    /// UCI moves to play from it first.
    #[arg(long, num_args = 1..)]
    moves: Vec<String>,
    #[command(flatten)]
    tables: super::FiveManTablesArg,
}

/// `khun tablebase`: without a position, every table built and described (the
/// five-man ones too with `--five-man-tables`); with one, its verdict with the count.
pub fn main(args: &TablebaseArgs) -> ExitCode {
    let tables = match args.tables.tables() {
        Ok(tables) => tables,
        Err(why) => return crate::cli::could_not_run("tablebase", why),
    };
    let mut out = std::io::stdout().lock();
    let written = match &args.fen {
        None if args.moves.is_empty() => describe_all(&mut out, &tables),
        fen => match super::position_from_args(
            crate::board::Variant::Makruk,
            fen.as_deref(),
            &args.moves,
            crate::board::FenRules::Strict,
        ) {
            Ok(pos) => describe_position(&pos, &mut out, &tables).map(|_| ()),
            Err(e) => return crate::cli::could_not_run("tablebase", e),
        },
    };
    if written.is_ok() {
        ExitCode::SUCCESS
    } else {
        ExitCode::FAILURE
    }
}
