//! `khun prove-mates PUZZLES.jsonl`: every mate (and other forced win) of a file of
//! `khun puzzles --format json` lines proven exact by the library's prover
//! ([`crate::puzzles::prove`]): the first move wins within N against every defence and
//! not sooner, no other first move does, the line's defences are among the longest,
//! its later moves the only wins but for the last. The lines kept (the proven ones and
//! every puzzle of another type, byte for byte) go to `--out` or standard output; each
//! one rejected goes to standard error with its reason, then a summary with the cost.

use crate::board::{Position, Variant};
use crate::puzzles::prove::{NODE_BUDGET, prove_line};
use std::io::Write;
use std::path::PathBuf;
use std::process::ExitCode;
use std::time::Instant;

/// `khun prove-mates`' arguments.
#[derive(clap::Args, Clone, Debug)]
pub struct ProveMatesArgs {
    /// The puzzles: `khun puzzles --format json` output, one object a line.
    pub(crate) puzzles: PathBuf,
    /// Write the lines kept here (default: standard output).
    #[arg(long)]
    pub(crate) out: Option<PathBuf>,
    /// The most positions one proof may visit; a mate not settled within it is
    /// rejected as not proven.
    #[arg(long, default_value_t = NODE_BUDGET)]
    pub(crate) budget: u64,
}

/// A puzzle line's position, line and N, where it is a forced win to prove; `Ok(None)`
/// for another type; an error in words for a line that cannot be read.
fn to_prove(text: &str) -> Result<Option<(Position, Vec<crate::board::Move>, u8)>, String> {
    let json: serde_json::Value = serde_json::from_str(text).map_err(|e| e.to_string())?;
    let field = |name: &str| json.get(name).and_then(|v| v.as_str());
    if !matches!(field("type"), Some("mate") | Some("win")) {
        return Ok(None);
    }
    let variant = field("variant")
        .and_then(Variant::from_name)
        .ok_or("no known variant")?;
    let pos = Position::from_fen_in(variant, field("fen").ok_or("no fen")?)
        .map_err(|e| format!("bad FEN: {e}"))?;
    let uci: Vec<&str> = json
        .get("moves")
        .and_then(|m| m.as_array())
        .ok_or("no moves")?
        .iter()
        .map(|m| m.as_str().ok_or("a move is not a string"))
        .collect::<Result<_, _>>()?;
    let mut p = pos.clone();
    let mut moves = Vec::with_capacity(uci.len());
    for (i, t) in uci.iter().enumerate() {
        let m = p
            .parse_uci_move(t)
            .map_err(|e| format!("move {} ({t}): {e}", i + 1))?;
        p.play(m);
        moves.push(m);
    }
    let n = u8::try_from(moves.len().div_ceil(2)).map_err(|_| "a line too long")?;
    Ok(Some((pos, moves, n)))
}

pub fn main(args: &ProveMatesArgs) -> ExitCode {
    let text = match std::fs::read_to_string(&args.puzzles) {
        Ok(t) => t,
        Err(e) => {
            eprintln!("khun prove-mates: {}: {e}", args.puzzles.display());
            return ExitCode::FAILURE;
        }
    };
    let mut kept = String::new();
    let (mut mates, mut proven, mut nodes) = (0usize, 0usize, 0u64);
    // The costliest proof: its positions, seconds and line number.
    let mut costliest = (0u64, 0f64, 0usize);
    // By N: mates, proven, positions, seconds.
    let mut by_length: std::collections::BTreeMap<u8, (usize, usize, u64, f64)> =
        Default::default();
    let mut rejected: std::collections::BTreeMap<String, usize> = Default::default();
    let started = Instant::now();
    for (i, line) in text.lines().enumerate() {
        if line.trim().is_empty() {
            continue;
        }
        let (pos, pv, n) = match to_prove(line) {
            Ok(Some(found)) => found,
            Ok(None) => {
                kept.push_str(line);
                kept.push('\n');
                continue;
            }
            Err(why) => {
                eprintln!("khun prove-mates: line {}: {why}", i + 1);
                return ExitCode::FAILURE;
            }
        };
        mates += 1;
        let one = Instant::now();
        let (answer, cost) = prove_line(&pos, &pv, n, args.budget);
        nodes += cost.nodes;
        let took = one.elapsed().as_secs_f64();
        if cost.nodes > costliest.0 {
            costliest = (cost.nodes, took, i + 1);
        }
        let row = by_length.entry(n).or_default();
        row.0 += 1;
        row.1 += answer.is_ok() as usize;
        row.2 += cost.nodes;
        row.3 += took;
        match answer {
            Ok(()) => {
                proven += 1;
                kept.push_str(line);
                kept.push('\n');
            }
            Err(why) => {
                eprintln!(
                    "line {}: {} ({} in {n}): {why} [{} positions]",
                    i + 1,
                    pos.to_fen(),
                    pos.variant().name(),
                    cost.nodes
                );
                let kind = format!("{why:?}");
                let kind = kind.split([' ', '{', '(']).next().unwrap_or("").to_string();
                *rejected.entry(kind).or_default() += 1;
            }
        }
    }
    let seconds = started.elapsed().as_secs_f64();
    let written = match &args.out {
        Some(path) => std::fs::write(path, &kept),
        None => std::io::stdout().write_all(kept.as_bytes()),
    };
    if let Err(e) = written {
        eprintln!("khun prove-mates: cannot write: {e}");
        return ExitCode::FAILURE;
    }
    let reasons: Vec<String> = rejected.iter().map(|(k, v)| format!("{k} {v}")).collect();
    eprintln!(
        "{mates} mates: {proven} proven, {} rejected ({}); {nodes} positions, {seconds:.2} s, {:.0} positions/s; \
         the costliest proof: line {}, {} positions, {:.2} s",
        mates - proven,
        reasons.join(", "),
        nodes as f64 / seconds.max(1e-9),
        costliest.2,
        costliest.0,
        costliest.1
    );
    for (n, (count, ok, positions, secs)) in by_length {
        eprintln!("  in {n}: {count} mates, {ok} proven, {positions} positions, {secs:.2} s");
    }
    ExitCode::SUCCESS
}
