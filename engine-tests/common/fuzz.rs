//! The fuzz-line generator: seeded random lines for the engine's input (real commands
//! mutated, random tokens, raw bytes, random FENs, random walks of legal moves), how
//! the engine reads them, and which lines a fuzz run must not send.

use super::placement_field;
use super::positions::{COUNT_LAST, PROMOTED};
use khun::board::Position;
use khun::rng::Rng;

/// Real commands, the seeds of the mutations.
const FUZZ_COMMANDS: &[&str] = &[
    "uci",
    "isready",
    "ucinewgame",
    "debug on",
    "d",
    "eval",
    "stop",
    "ponderhit",
    "position startpos",
    "position startpos moves e3e4 d6d5 e4d5 e6d5",
    "position fen rnsmksnr/8/pppppppp/8/8/PPPPPPPP/8/RNSKMSNR w - 0 0 1 moves c3c4",
    "position fen 8/8/8/4k3/8/8/7R/3K4 b - 32 6 1",
    "position fen 8/4m3/5k2/4m~s2/1RM~5/2M3m~1/4K3/8 w - 128 1 61",
    "position fen k7/8/1K6/8/8/8/8/6R1 w - 32 33 54",
    "position fen k6R/8/1K6/8/8/8/8/8 b - - 0 1",
    "go depth 2",
    "go depth 5",
    "go nodes 3000",
    "go movetime 5",
    "go wtime 60 btime 60 winc 5 binc 5",
    "go wtime 40 btime 40 movestogo 2",
    "go infinite",
    "go ponder wtime 100 btime 100",
    "go mate 2",
    "go searchmoves e3e4 c3c4 depth 3",
    "setoption name Hash value 4",
    "setoption name Threads value 2",
    "setoption name MultiPV value 3",
    "setoption name Ponder value true",
    "setoption name Move Overhead value 10",
    "setoption name Clear Hash",
    "setoption name UCI_Variant value makruk",
];

/// Tokens for random lines.
const FUZZ_TOKENS: &[&str] = &[
    "uci",
    "isready",
    "ucinewgame",
    "position",
    "startpos",
    "fen",
    "moves",
    "go",
    "setoption",
    "name",
    "value",
    "stop",
    "ponderhit",
    "debug",
    "d",
    "eval",
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
    "Hash",
    "Threads",
    "MultiPV",
    "Ponder",
    "Move",
    "Overhead",
    "Clear",
    "UCI_Variant",
    "makruk",
    "true",
    "false",
    "0",
    "1",
    "-1",
    "7",
    "64",
    "-0",
    "+3",
    "1e9",
    "NaN",
    "99999999999999999999",
    "18446744073709551616",
    "-9223372036854775809",
    "e3e4",
    "d6d5",
    "a1a8",
    "h8h1",
    "e3e4m",
    "a0a9",
    "zz",
    "-",
    "w",
    "b",
    "8/8/8/8/8/8/8/8",
    "rnsmksnr/8/pppppppp",
    "M~",
    "~",
    "k7/8/8/8/8/8/8/K7",
    "\u{fffd}",
    "\t",
    "ก",
    "💥",
];

/// A random FEN: sometimes well formed, often not.
fn random_fen(rng: &mut Rng) -> String {
    const CELLS: &[&str] = &[
        "k", "m", "s", "n", "r", "p", "K", "M", "S", "N", "R", "P", "1", "2", "3", "8", "M~", "m~",
        "~", "q", "x", "9", "",
    ];
    let ranks = if rng.chance(85) { 8 } else { rng.below(11) };
    let mut placement = Vec::new();
    for _ in 0..ranks {
        let mut rank = String::new();
        let cells = if rng.chance(40) { 1 } else { rng.below(10) };
        for _ in 0..cells {
            // Mostly empty squares, so kings and checks come out right now and then.
            if rng.chance(60) {
                rank.push('1');
            } else {
                rank.push_str(rng.pick(CELLS));
            }
        }
        placement.push(rank);
    }
    // Now and then a plausible board: two kings on random squares, a few pieces.
    if rng.chance(40) {
        let mut board = [' '; 64];
        for piece in ['K', 'k'] {
            let sq = rng.below(64);
            board[sq] = piece;
        }
        for _ in 0..rng.below(8) {
            let sq = rng.below(64);
            if board[sq] == ' ' {
                board[sq] = rng.pick(&['M', 'm', 'S', 's', 'N', 'n', 'R', 'r', 'P', 'p']);
            }
        }
        placement = vec![placement_field(&board)];
    }
    let mut fen = placement.join("/");
    let fields: &[&str] = &[
        "w", "b", "x", "-", "0", "1", "32", "128", "65", "60000", "99999",
    ];
    if rng.chance(90) {
        fen.push(' ');
        fen.push_str(if rng.chance(80) {
            rng.pick(&["w", "b"])
        } else {
            rng.pick(fields)
        });
    }
    for _ in 0..rng.below(6) {
        fen.push(' ');
        fen.push_str(rng.pick(fields));
    }
    fen
}

/// A random walk of legal moves from the start (or a FEN), perhaps with a bad move.
pub fn random_moves_line(rng: &mut Rng) -> String {
    let (fen, mut pos) = if rng.chance(70) {
        (None, Position::startpos())
    } else {
        let fen = rng.pick(&["8/8/8/4k3/8/8/7R/3K4 b - 32 6 1", PROMOTED, COUNT_LAST]);
        (Some(fen), Position::from_fen(fen).unwrap())
    };
    let mut moves = Vec::new();
    for _ in 0..rng.below(120) {
        let legal = pos.legal_moves();
        if legal.is_empty() {
            break;
        }
        let m = rng.pick(legal.as_slice());
        moves.push(m.to_string());
        pos.play(m);
    }
    if rng.chance(20) {
        let junk = rng
            .pick(&["e3e4", "a1a1", "h9h9", "zz", "e3e4m", ""])
            .to_string();
        let at = rng.below(moves.len() + 1);
        moves.insert(at, junk);
    }
    let mut line = match fen {
        Some(f) => format!("position fen {f}"),
        None => "position startpos".to_string(),
    };
    if !moves.is_empty() || rng.chance(10) {
        line.push_str(" moves ");
        line.push_str(&moves.join(" "));
    }
    line
}

/// A real command with a few random edits: characters and tokens deleted, replaced,
/// duplicated, swapped, bytes inserted, the line cut short.
fn mutated_command(rng: &mut Rng) -> Vec<u8> {
    let mut tokens: Vec<String> = rng
        .pick(FUZZ_COMMANDS)
        .split(' ')
        .map(str::to_string)
        .collect();
    for _ in 0..1 + rng.below(3) {
        let n = tokens.len();
        match rng.below(6) {
            0 if n > 1 => {
                tokens.remove(rng.below(n));
            }
            1 => {
                let i = rng.below(n);
                tokens[i] = rng.pick(FUZZ_TOKENS).to_string();
            }
            2 => {
                let i = rng.below(n);
                let t = tokens[i].clone();
                tokens.insert(i, t);
            }
            3 if n > 1 => {
                let (i, j) = (rng.below(n), rng.below(n));
                tokens.swap(i, j);
            }
            4 => {
                let i = rng.below(n + 1);
                tokens.insert(i, rng.pick(FUZZ_TOKENS).to_string());
            }
            _ => {
                let i = rng.below(n);
                let mut chars: Vec<char> = tokens[i].chars().collect();
                if !chars.is_empty() {
                    let at = rng.below(chars.len());
                    if rng.chance(50) {
                        chars.remove(at);
                    } else {
                        chars[at] = (b'!' + rng.below(94) as u8) as char;
                    }
                }
                tokens[i] = chars.into_iter().collect();
            }
        }
    }
    let mut bytes = tokens.join(" ").into_bytes();
    if rng.chance(10) && !bytes.is_empty() {
        bytes.truncate(rng.below(bytes.len()));
    }
    if rng.chance(10) {
        let at = rng.below(bytes.len() + 1);
        bytes.insert(at, rng.pick(&[0u8, b'\r', b'\t', 0xff, 0xc3, 0x80, b' ']));
    }
    bytes
}

/// One generated line (no newline inside).
pub fn fuzz_line(rng: &mut Rng) -> Vec<u8> {
    match rng.below(100) {
        0..=39 => mutated_command(rng),
        40..=54 => {
            let n = 1 + rng.below(12);
            (0..n)
                .map(|_| rng.pick(FUZZ_TOKENS).to_string())
                .collect::<Vec<_>>()
                .join(" ")
                .into_bytes()
        }
        55..=64 => {
            let n = rng.below(200);
            (0..n)
                .map(|_| rng.below(256) as u8)
                .filter(|&b| b != b'\n')
                .collect()
        }
        65..=79 => {
            let mut line = format!("position fen {}", random_fen(rng));
            if rng.chance(30) {
                line.push_str(" moves e3e4 d6d5 a1a2");
            }
            line.into_bytes()
        }
        80..=89 => random_moves_line(rng).into_bytes(),
        _ => rng.pick(FUZZ_COMMANDS).as_bytes().to_vec(),
    }
}

/// The line as the engine reads it (the reader thread's decoding).
pub fn as_engine_reads(bytes: &[u8]) -> String {
    String::from_utf8_lossy(bytes)
        .trim_end_matches(['\n', '\r'])
        .replace('\0', " ")
}

/// Lines the fuzzer must not send: they would end the session (`quit`), block the
/// command loop for a long time by design (`bench`, `go perft`), or ask for gigabytes
/// of memory or hundreds of threads on a shared machine (large option values).
pub fn is_excluded(line: &str) -> bool {
    let tokens: Vec<&str> = line.split_whitespace().collect();
    match tokens.first() {
        Some(&"quit") | Some(&"bench") => true,
        Some(&"go") => tokens.contains(&"perft"),
        Some(&"setoption") => tokens.iter().any(|t| {
            let digits = t.trim_start_matches(['+', '-']);
            !digits.is_empty()
                && digits.bytes().all(|b| b.is_ascii_digit())
                && digits.parse::<u64>().map_or(true, |n| n > 16)
        }),
        _ => false,
    }
}
