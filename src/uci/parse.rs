//! UCI commands read from a line: the `Command` they become, `position`, `setoption`
//! and `go` with its keywords and limits. A malformed command is an error message.

use crate::board::{Move, OtherReading, Position, Variant};
use crate::platform::io::clip_to;
use crate::search::Limits;

/// A parsed UCI command.
#[derive(Debug, Clone, PartialEq)]
pub(super) enum Command {
    Uci,
    Debug,
    IsReady,
    SetOption {
        name: String,
        value: Option<String>,
    },
    NewGame,
    Position {
        start: Position,
        moves: Vec<Move>,
        /// Moves Khun's rules refuse but another program's allow (the GUI's), each
        /// with the game ply it was played from.
        readings: Vec<(u32, OtherReading)>,
    },
    Go {
        limits: Limits,
        perft: Option<u32>,
    },
    Stop,
    PonderHit,
    Quit,
    Display,
    Eval,
    Bench {
        depth: Option<u32>,
    },
}

/// Splits on whitespace, keeping at most this many tokens (a 1 MB line of moves is
/// still fine: that is about 200 000 tokens).
pub(super) fn tokens(line: &str) -> Vec<&str> {
    line.split_whitespace().collect()
}

/// Shortens hostile input before it is echoed in a message.
pub(super) fn clip(s: &str) -> String {
    clip_to(s, 40)
}

/// Parses a non-negative number for `go`, clamping to `max`; negative values clamp to
/// zero (some GUIs send a negative clock after a time loss).
fn parse_go_number(
    key: &str,
    text: Option<&&str>,
    max: u64,
    notes: &mut Vec<String>,
) -> Option<u64> {
    let Some(text) = text else {
        notes.push(format!("go {key}: missing value"));
        return None;
    };
    let (negative, digits) = match text.strip_prefix('-') {
        Some(rest) => (true, rest),
        None => (false, text.strip_prefix('+').unwrap_or(text)),
    };
    if digits.is_empty() || !digits.bytes().all(|b| b.is_ascii_digit()) {
        notes.push(format!("go {key}: '{}' is not a number", clip(text)));
        return None;
    }
    if negative {
        notes.push(format!("go {key}: {} is negative, using 0", clip(text)));
        return Some(0);
    }
    match digits.parse::<u64>() {
        Ok(n) if n <= max => Some(n),
        _ => {
            notes.push(format!(
                "go {key}: {} is too large, using {max}",
                clip(text)
            ));
            Some(max)
        }
    }
}

const GO_KEYWORDS: [&str; 14] = [
    "wtime",
    "btime",
    "winc",
    "binc",
    "movestogo",
    "depth",
    "nodes",
    "mate",
    "movetime",
    "infinite",
    "ponder",
    "searchmoves",
    "perft",
    "",
];

/// The longest time `go` accepts (about 31 years), so arithmetic cannot overflow.
const MAX_TIME_MS: u64 = 1_000_000_000_000;
/// The deepest `go depth` (the search's own ply limit is a little above).
const MAX_GO_DEPTH: u64 = 120;
/// The longest `go mate`, in moves (a mate score beyond that cannot be told apart).
const MAX_GO_MATE: u64 = 60;

fn parse_go(args: &[&str], pos: &Position, notes: &mut Vec<String>) -> (Limits, Option<u32>) {
    let mut limits = Limits::default();
    let mut perft = None;
    let mut i = 0;
    while i < args.len() {
        let key = args[i];
        let value = args.get(i + 1);
        let mut consumed = 2;
        match key {
            "wtime" => limits.wtime = parse_go_number(key, value, MAX_TIME_MS, notes),
            "btime" => limits.btime = parse_go_number(key, value, MAX_TIME_MS, notes),
            "winc" => limits.winc = parse_go_number(key, value, MAX_TIME_MS, notes),
            "binc" => limits.binc = parse_go_number(key, value, MAX_TIME_MS, notes),
            "movetime" => limits.movetime = parse_go_number(key, value, MAX_TIME_MS, notes),
            "movestogo" => {
                limits.movestogo = parse_go_number(key, value, 10_000, notes)
                    .filter(|&n| n > 0)
                    .map(|n| n as u32)
            }
            "depth" => {
                limits.depth = parse_go_number(key, value, MAX_GO_DEPTH, notes).map(|d| {
                    if d == 0 {
                        notes.push("go depth: 0 is not a depth, using 1".into());
                    }
                    d.max(1) as u32
                })
            }
            "nodes" => {
                limits.nodes = parse_go_number(key, value, u64::MAX / 4, notes).map(|n| n.max(1))
            }
            "mate" => {
                limits.mate = parse_go_number(key, value, MAX_GO_MATE, notes).map(|n| {
                    if n == 0 {
                        notes.push("go mate: 0 is not a mate distance, using 1".into());
                    }
                    n.max(1) as u32
                })
            }
            "perft" => {
                perft = parse_go_number(key, value, 20, notes).map(|d| d as u32);
            }
            "infinite" => {
                limits.infinite = true;
                consumed = 1;
            }
            "ponder" => {
                limits.ponder = true;
                consumed = 1;
            }
            "searchmoves" => {
                consumed = 1;
                while let Some(text) = args.get(i + consumed) {
                    if GO_KEYWORDS.contains(text) {
                        break;
                    }
                    match pos.parse_uci_move(text) {
                        Ok(m) => limits.searchmoves.push(m),
                        Err(e) => notes.push(format!("go searchmoves: {e}")),
                    }
                    consumed += 1;
                }
            }
            other => {
                notes.push(format!("go: unknown parameter '{}'", clip(other)));
                consumed = 1;
            }
        }
        // A keyword followed by another keyword lost its value: reread that keyword.
        if consumed == 2 && value.is_some_and(|v| GO_KEYWORDS.contains(v)) {
            consumed = 1;
        }
        i += consumed;
    }
    (limits, perft)
}

/// A game told by `position`: its start, its moves, and those among them only another
/// program's reading of the rules allows (`board/other_readings.rs`).
type ToldGame = (Position, Vec<Move>, Vec<(u32, OtherReading)>);

fn parse_position(args: &[&str], variant: Variant) -> Result<ToldGame, String> {
    let moves_at = args.iter().position(|&t| t == "moves");
    let (head, move_texts) = match moves_at {
        Some(i) => (&args[..i], &args[i + 1..]),
        None => (args, &[][..]),
    };
    let start = match head.first() {
        Some(&"startpos") => {
            if head.len() > 1 {
                return Err(format!("position startpos: unexpected '{}'", clip(head[1])));
            }
            Position::startpos_of(variant)
        }
        Some(&"fen") => {
            if head.len() < 2 {
                return Err("position fen: missing FEN".into());
            }
            Position::from_fen_in(variant, &head[1..].join(" "))
                .map_err(|e| format!("position fen ({variant}): {e}"))?
        }
        Some(other) => {
            return Err(format!(
                "position: expected 'startpos' or 'fen', got '{}'",
                clip(other)
            ));
        }
        None => return Err("position: expected 'startpos' or 'fen'".into()),
    };
    let mut pos = start.clone();
    let mut moves = Vec::with_capacity(move_texts.len());
    let mut readings = Vec::new();
    for (i, text) in move_texts.iter().enumerate() {
        // why: the GUI referees the game; a move its rules allowed (the opponent's)
        // is where the game now is, so Khun plays on from it rather than lose.
        let m = match pos.parse_uci_move(text) {
            Ok(m) => m,
            Err(e) => match pos.other_reading(text) {
                Some(reading) => {
                    readings.push((pos.game_ply(), reading));
                    reading.mv
                }
                None => return Err(format!("position: move {} {e}; position unchanged", i + 1)),
            },
        };
        pos.play(m);
        moves.push(m);
    }
    Ok((start, moves, readings))
}

fn parse_setoption(args: &[&str]) -> Result<(String, Option<String>), String> {
    if args.first() != Some(&"name") {
        return Err("setoption: expected 'name'".into());
    }
    let value_at = args.iter().position(|&t| t == "value");
    let name_end = value_at.unwrap_or(args.len());
    let name = args[1..name_end].join(" ");
    if name.is_empty() {
        return Err("setoption: missing option name".into());
    }
    let value = value_at.map(|i| args[i + 1..].join(" "));
    Ok((name, value))
}

/// Parses one line. `Ok(None)` for an empty line.
pub(super) fn parse(
    line: &str,
    pos: &Position,
    notes: &mut Vec<String>,
) -> Result<Option<Command>, String> {
    let t = tokens(line);
    let Some((&head, args)) = t.split_first() else {
        return Ok(None);
    };
    let cmd = match head {
        "uci" => Command::Uci,
        "debug" => Command::Debug,
        "isready" => Command::IsReady,
        "setoption" => {
            let (name, value) = parse_setoption(args)?;
            Command::SetOption { name, value }
        }
        "ucinewgame" => Command::NewGame,
        "position" => {
            let (start, moves, readings) = parse_position(args, pos.variant())?;
            Command::Position {
                start,
                moves,
                readings,
            }
        }
        "go" => {
            let (limits, perft) = parse_go(args, pos, notes);
            Command::Go { limits, perft }
        }
        "stop" => Command::Stop,
        "ponderhit" => Command::PonderHit,
        "quit" => Command::Quit,
        "d" => Command::Display,
        "eval" => Command::Eval,
        "bench" => {
            let depth = match args.first() {
                Some(d) => Some(
                    d.parse::<u32>()
                        .map_err(|_| format!("bench: '{}' is not a depth", clip(d)))?
                        .clamp(1, 30),
                ),
                None => None,
            };
            Command::Bench { depth }
        }
        other => return Err(format!("unknown command '{}'", clip(other))),
    };
    Ok(Some(cmd))
}
