//! XBoard commands: each input line parsed into a value first, or refused with the
//! reason the protocol's `Error (<reason>): <command>` line gives.
//!
//! Moves stay text here: whether one is legal depends on the game at the moment it
//! is executed (a ponder move may be on the board), so the session decides.

use super::clock::TimeControl;
use crate::board::{Position, Variant};
use std::fmt;

/// A parsed XBoard command.
#[derive(Clone, Debug, PartialEq)]
pub(crate) enum Command {
    /// `xboard`: the greeting; nothing to do.
    Xboard,
    /// `protover N`: answer with our features.
    Protover,
    /// Lines that need no action: `accepted`, `rejected`, `random`, `computer`,
    /// `name`, `rating`, `ics`, `bk`, `draw`, `comment`, `otherwise`...
    Ignored,
    New,
    Variant(String),
    Force,
    Go,
    PlayOther,
    /// `usermove M` or a bare coordinate move.
    UserMove(String),
    SetBoard(Position),
    /// `level` or `st`.
    Control(TimeControl),
    /// `sd`.
    Depth(u32),
    /// `time`, in milliseconds.
    EngineTime(u64),
    /// `otim`, in milliseconds.
    OpponentTime(u64),
    Ping(String),
    Undo,
    Remove,
    /// `hard` (true) or `easy`: pondering on or off.
    Ponder(bool),
    /// `post` (true) or `nopost`: thinking output on or off.
    Post(bool),
    Analyze,
    Exit,
    /// `.`: a status line during analysis.
    Status,
    /// `?`: move now.
    MoveNow,
    Result,
    /// `memory N`: megabytes for the hash table.
    Memory(u64),
    /// `cores N`: search threads.
    Cores(u64),
    /// `option NAME[=VALUE]`.
    SetOption {
        name: String,
        value: Option<String>,
    },
    Hint,
    Quit,
}

/// Why a line was refused.
#[derive(Clone, Debug, PartialEq, Eq)]
pub(crate) enum CommandError {
    /// Printed as `Error (<reason>): <command>`.
    Invalid { reason: String },
    /// A `setboard` the engine cannot use; also told to the user as XBoard asks.
    IllegalPosition { reason: String },
}

impl CommandError {
    fn invalid(reason: impl Into<String>) -> CommandError {
        CommandError::Invalid {
            reason: reason.into(),
        }
    }
}

impl fmt::Display for CommandError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            CommandError::Invalid { reason } => f.write_str(reason),
            CommandError::IllegalPosition { reason } => write!(f, "illegal position: {reason}"),
        }
    }
}

/// Shortens hostile input before it is echoed in a message.
pub(crate) fn clip(s: &str) -> String {
    let mut out: String = s.chars().take(60).collect();
    if s.chars().count() > 60 {
        out.push_str("...");
    }
    out
}

/// Whether a word reads like a coordinate move (`e3e4`, `d5e6m`), so that a GUI that
/// sends moves without `usermove` is still understood.
fn looks_like_move(word: &str) -> bool {
    let b = word.as_bytes();
    // A drop (sittuyin's set-up phase): `R@a1`.
    if b.len() == 4 && b[0].is_ascii_alphabetic() && b[1] == b'@' {
        return (b'a'..=b'h').contains(&b[2]) && (b'1'..=b'8').contains(&b[3]);
    }
    (b.len() == 4 || b.len() == 5)
        && (b'a'..=b'h').contains(&b[0])
        && (b'1'..=b'8').contains(&b[1])
        && (b'a'..=b'h').contains(&b[2])
        && (b'1'..=b'8').contains(&b[3])
        && (b.len() == 4 || b[4].is_ascii_alphabetic())
}

/// The most seconds a time field accepts (about 31 years), so arithmetic cannot
/// overflow.
const MAX_SECONDS: f64 = 1e9;

/// A non-negative number of seconds (`5`, `0.05`), in milliseconds.
fn seconds(text: &str, what: &str) -> Result<u64, CommandError> {
    match text.parse::<f64>() {
        Ok(s) if s.is_finite() && (0.0..=MAX_SECONDS).contains(&s) => {
            Ok((s * 1000.0).round() as u64)
        }
        _ => Err(CommandError::invalid(format!(
            "{what} '{}' is not a number of seconds",
            clip(text)
        ))),
    }
}

/// `level`'s base time: minutes (`5`) or minutes and seconds (`0:30`), in ms.
fn base_time(text: &str) -> Result<u64, CommandError> {
    let (minutes, secs) = match text.split_once(':') {
        Some((m, s)) => (m, s),
        None => (text, "0"),
    };
    let m = seconds(minutes, "level base minutes")?;
    let s = seconds(secs, "level base seconds")?;
    Ok(m.saturating_mul(60).saturating_add(s))
}

/// A clock value in centiseconds (`time`, `otim`), in ms. A negative clock (a GUI
/// after a time loss) counts as zero.
fn centiseconds(text: &str, what: &str) -> Result<u64, CommandError> {
    match text.parse::<f64>() {
        Ok(cs) if cs.is_finite() => Ok((cs.clamp(0.0, MAX_SECONDS * 100.0) * 10.0) as u64),
        _ => Err(CommandError::invalid(format!(
            "{what} '{}' is not a number of centiseconds",
            clip(text)
        ))),
    }
}

/// A whole number for `what`, at least `min`.
fn whole(text: Option<&&str>, what: &str, min: u64) -> Result<u64, CommandError> {
    let Some(text) = text else {
        return Err(CommandError::invalid(format!("{what}: missing value")));
    };
    match text.parse::<u64>() {
        Ok(n) if n >= min => Ok(n),
        Ok(_) => Err(CommandError::invalid(format!(
            "{what} must be at least {min}"
        ))),
        Err(_) => Err(CommandError::invalid(format!(
            "{what} '{}' is not a whole number",
            clip(text)
        ))),
    }
}

fn parse_level(args: &[&str]) -> Result<Command, CommandError> {
    let [mps, base, inc] = args else {
        return Err(CommandError::invalid(
            "level needs three values: moves per session, base time, increment",
        ));
    };
    let moves_per_session = whole(Some(mps), "level moves per session", 0)?;
    if moves_per_session > 10_000 {
        return Err(CommandError::invalid(
            "level moves per session is too large",
        ));
    }
    Ok(Command::Control(TimeControl::Conventional {
        moves_per_session: moves_per_session as u32,
        base_ms: base_time(base)?,
        increment_ms: seconds(inc, "level increment")?,
    }))
}

/// The depth `sd` accepts at most (the search caps it lower anyway).
const MAX_DEPTH: u64 = 120;

/// Parses one line of the game `variant` (which reads `setboard`'s FEN). `Ok(None)`
/// for an empty line.
pub(crate) fn parse_in(line: &str, variant: Variant) -> Result<Option<Command>, CommandError> {
    let words: Vec<&str> = line.split_whitespace().collect();
    let Some((&head, args)) = words.split_first() else {
        return Ok(None);
    };
    let first = args.first();
    let cmd = match head {
        "xboard" => Command::Xboard,
        "protover" => Command::Protover,
        "accepted" | "rejected" | "random" | "computer" | "name" | "rating" | "ics" | "bk"
        | "draw" | "comment" | "otherwise" | "white" | "black" | "hover" | "lift" | "put" => {
            Command::Ignored
        }
        "new" => Command::New,
        "variant" => match first {
            Some(v) => Command::Variant(v.to_string()),
            None => return Err(CommandError::invalid("variant: missing name")),
        },
        "force" => Command::Force,
        "go" => Command::Go,
        "playother" => Command::PlayOther,
        "usermove" => match first {
            Some(m) => Command::UserMove(m.to_string()),
            None => return Err(CommandError::invalid("usermove: missing move")),
        },
        "setboard" => {
            let fen = args.join(" ");
            let pos = Position::from_fen_in(variant, &fen).map_err(|e| {
                CommandError::IllegalPosition {
                    reason: e.to_string(),
                }
            })?;
            Command::SetBoard(pos)
        }
        "level" => parse_level(args)?,
        "st" => match first {
            Some(t) => {
                let ms = seconds(t, "st")?;
                if ms == 0 {
                    return Err(CommandError::invalid("st must be more than 0 seconds"));
                }
                Command::Control(TimeControl::PerMove { ms })
            }
            None => return Err(CommandError::invalid("st: missing seconds")),
        },
        "sd" => Command::Depth(whole(first, "sd", 1)?.min(MAX_DEPTH) as u32),
        "time" | "otim" => {
            let Some(t) = first else {
                return Err(CommandError::invalid(format!("{head}: missing value")));
            };
            let ms = centiseconds(t, head)?;
            if head == "time" {
                Command::EngineTime(ms)
            } else {
                Command::OpponentTime(ms)
            }
        }
        "ping" => Command::Ping(args.join(" ")),
        "undo" => Command::Undo,
        "remove" => Command::Remove,
        "hard" => Command::Ponder(true),
        "easy" => Command::Ponder(false),
        "post" => Command::Post(true),
        "nopost" => Command::Post(false),
        "analyze" => Command::Analyze,
        "exit" => Command::Exit,
        "." => Command::Status,
        "?" => Command::MoveNow,
        "result" => Command::Result,
        "memory" => Command::Memory(whole(first, "memory", 1)?),
        "cores" => Command::Cores(whole(first, "cores", 1)?),
        "option" => {
            let text = line.trim_start();
            let rest = text["option".len()..].trim();
            if rest.is_empty() {
                return Err(CommandError::invalid("option: missing name"));
            }
            match rest.split_once('=') {
                Some((name, value)) => Command::SetOption {
                    name: name.trim().to_string(),
                    value: Some(value.trim().to_string()),
                },
                None => Command::SetOption {
                    name: rest.to_string(),
                    value: None,
                },
            }
        }
        "hint" => Command::Hint,
        "quit" => Command::Quit,
        word if looks_like_move(word) && args.is_empty() => Command::UserMove(word.to_string()),
        _ => return Err(CommandError::invalid("unknown command")),
    };
    Ok(Some(cmd))
}

#[cfg(test)]
mod tests {
    use super::*;

    fn parse(line: &str) -> Result<Option<Command>, CommandError> {
        parse_in(line, Variant::Makruk)
    }

    fn ok(line: &str) -> Command {
        parse(line).unwrap().unwrap()
    }

    #[test]
    fn time_controls() {
        assert_eq!(
            ok("level 40 5 0"),
            Command::Control(TimeControl::Conventional {
                moves_per_session: 40,
                base_ms: 300_000,
                increment_ms: 0
            })
        );
        assert_eq!(
            ok("level 0 2 12"),
            Command::Control(TimeControl::Conventional {
                moves_per_session: 0,
                base_ms: 120_000,
                increment_ms: 12_000
            })
        );
        assert_eq!(
            ok("level 0 0:30 0.05"),
            Command::Control(TimeControl::Conventional {
                moves_per_session: 0,
                base_ms: 30_000,
                increment_ms: 50
            })
        );
        assert_eq!(
            ok("st 1"),
            Command::Control(TimeControl::PerMove { ms: 1_000 })
        );
        assert_eq!(ok("sd 4"), Command::Depth(4));
        assert_eq!(ok("time 1234"), Command::EngineTime(12_340));
        assert_eq!(ok("otim -50"), Command::OpponentTime(0));
        for bad in [
            "level 40 5",
            "level x 5 0",
            "level 40 -5 0",
            "level 40 5 nan",
            "st 0",
            "st",
            "sd 0",
            "sd deep",
            "time",
            "time inf",
            "memory 0",
            "cores -1",
        ] {
            assert!(
                matches!(parse(bad), Err(CommandError::Invalid { .. })),
                "{bad}"
            );
        }
    }

    #[test]
    fn moves_options_and_positions() {
        assert_eq!(ok("usermove d5e6m"), Command::UserMove("d5e6m".into()));
        assert_eq!(ok("e3e4"), Command::UserMove("e3e4".into()));
        // Sittuyin's drops and promotion in place, bare as a protover-1 GUI sends them.
        assert_eq!(ok("R@a1"), Command::UserMove("R@a1".into()));
        assert_eq!(ok("d5d5f"), Command::UserMove("d5d5f".into()));
        assert!(parse("R@i1").is_err());
        assert!(parse("usermove").is_err());
        assert_eq!(
            ok("option Move Overhead=50"),
            Command::SetOption {
                name: "Move Overhead".into(),
                value: Some("50".into())
            }
        );
        assert_eq!(
            ok("option Clear Hash"),
            Command::SetOption {
                name: "Clear Hash".into(),
                value: None
            }
        );
        assert!(matches!(
            ok("setboard 8/8/8/4k3/8/8/7R/3K4 b - 32 6 1"),
            Command::SetBoard(_)
        ));
        assert!(matches!(
            parse("setboard 8/8/8/8/8/8/8/8 w - - 0 1"),
            Err(CommandError::IllegalPosition { .. })
        ));
        assert_eq!(parse("   ").unwrap(), None);
        assert!(matches!(
            parse("frobnicate"),
            Err(CommandError::Invalid { .. })
        ));
        assert_eq!(ok("ping 17"), Command::Ping("17".into()));
    }
}
