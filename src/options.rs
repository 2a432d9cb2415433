//! The engine's options, in one table: name, type, range or choices, default and what
//! each does. UCI's `option name ...` lines, XBoard's `feature option="..."` lines and
//! both ways of setting one (UCI's `setoption`, XBoard's `option NAME=VALUE`) are made
//! from it. A value is read and checked here, once, so both protocols accept the same
//! values and refuse the others with the same words; each protocol only wraps the
//! message its own way (`info string error: setoption MESSAGE`, `Error (option
//! MESSAGE): LINE`).

use crate::board::Variant;
use crate::engine::{Engine, limits};
use crate::protocol::io::clip_to;

/// What a spin value outside its range gets.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum OutOfRange {
    /// The nearest bound, with a message: a GUI asking for 0 MB or 1 000 threads
    /// gets the nearest it can have.
    Clamp,
    /// Refused, the old value kept: a strength the GUI did not ask for would misstate
    /// the engine's strength.
    Refuse,
}

/// An option's type, with its range or choices, its default and how it is set.
pub(crate) enum Kind {
    /// A whole number in `min..=max`.
    Spin {
        default: i64,
        min: i64,
        max: i64,
        out_of_range: OutOfRange,
        set: fn(&mut Engine, i64) -> Result<(), String>,
    },
    /// On or off: `true`/`false`, or XBoard's `1`/`0`.
    Check {
        default: bool,
        set: fn(&mut Engine, bool),
    },
    /// An action without a value.
    Button { press: fn(&mut Engine) },
    /// Free text.
    Text {
        default: &'static str,
        set: fn(&mut Engine, &str) -> Result<(), String>,
    },
    /// One of `choices()`; `set` refuses the others.
    Combo {
        default: &'static str,
        choices: fn() -> Vec<&'static str>,
        set: fn(&mut Engine, &str) -> Result<(), String>,
    },
}

/// One engine option.
pub(crate) struct EngineOption {
    /// The name both protocols use (Stockfish's where Stockfish has the option).
    pub(crate) name: &'static str,
    pub(crate) kind: Kind,
    /// Declared to XBoard too. `Ponder` and `UCI_Variant` are XBoard's own commands
    /// (`hard`/`easy`, `variant`); `UCI_ShowWDL`, `UCI_AnalyseMode` and `VariantPath`
    /// are what UCI frontends send, with no XBoard counterpart.
    pub(crate) xboard: bool,
    /// What it does, as the README's table of options says it.
    // why: only the README test reads it; the protocols have no place for it.
    #[cfg_attr(not(test), allow(dead_code))]
    pub(crate) what: &'static str,
}

/// Every option, in the order the protocols declare them.
pub(crate) const OPTIONS: &[EngineOption] = &[
    EngineOption {
        name: "Hash",
        kind: Kind::Spin {
            default: limits::HASH_DEFAULT as i64,
            min: limits::HASH_MIN as i64,
            max: limits::HASH_MAX as i64,
            out_of_range: OutOfRange::Clamp,
            set: |engine, mb| engine.set_hash(mb as usize).map_err(|e| e.to_string()),
        },
        xboard: true,
        what: "Transposition table in MB; a size the machine cannot give is refused and the \
            old table kept.",
    },
    EngineOption {
        name: "Threads",
        kind: Kind::Spin {
            default: limits::THREADS_DEFAULT as i64,
            min: limits::THREADS_MIN as i64,
            max: limits::THREADS_MAX as i64,
            out_of_range: OutOfRange::Clamp,
            set: |engine, n| {
                engine.set_threads(n as usize);
                Ok(())
            },
        },
        xboard: true,
        what: "Search threads (Lazy SMP, one shared table).",
    },
    EngineOption {
        name: "MultiPV",
        kind: Kind::Spin {
            default: limits::MULTIPV_DEFAULT as i64,
            min: limits::MULTIPV_MIN as i64,
            max: limits::MULTIPV_MAX as i64,
            out_of_range: OutOfRange::Clamp,
            set: |engine, n| {
                engine.set_multipv(n as usize);
                Ok(())
            },
        },
        xboard: true,
        what: "Lines searched and reported.",
    },
    EngineOption {
        name: "Ponder",
        kind: Kind::Check {
            default: false,
            set: Engine::set_ponder,
        },
        xboard: false,
        what: "UCI pondering (XBoard: `hard`/`easy`).",
    },
    EngineOption {
        name: "Move Overhead",
        kind: Kind::Spin {
            default: limits::OVERHEAD_DEFAULT as i64,
            min: limits::OVERHEAD_MIN as i64,
            max: limits::OVERHEAD_MAX as i64,
            out_of_range: OutOfRange::Clamp,
            set: |engine, ms| {
                engine.set_move_overhead(ms as u64);
                Ok(())
            },
        },
        xboard: true,
        what: "Milliseconds kept back per move for the GUI's and the pipes' latency; raise it \
            when the GUI or the network is slow.",
    },
    EngineOption {
        name: "Contempt",
        kind: Kind::Spin {
            default: limits::CONTEMPT_DEFAULT as i64,
            min: limits::CONTEMPT_MIN as i64,
            max: limits::CONTEMPT_MAX as i64,
            out_of_range: OutOfRange::Clamp,
            set: |engine, cp| {
                engine.set_contempt(cp as u64);
                Ok(())
            },
        },
        xboard: true,
        what: "In a game (a clock or a move time), every draw the engine can reach scores \
            `-Contempt` centipawns for it, so it plays on from level positions; analyses score \
            draws 0. Measured to change nothing against engines it outplays: 25 against \
            Fairy-Max, 30 against Fairy-Stockfish (200 games each).",
    },
    EngineOption {
        name: "Clear Hash",
        kind: Kind::Button {
            press: Engine::clear_hash,
        },
        xboard: true,
        what: "Empties the transposition table.",
    },
    EngineOption {
        name: "EvalFile",
        kind: Kind::Text {
            default: crate::nnue::EMBEDDED_NAME,
            set: Engine::set_eval_file,
        },
        xboard: true,
        what: "A network file; one missing, damaged or of another shape is refused with the \
            reason and the network in use kept.",
    },
    EngineOption {
        name: "FiveManTables",
        kind: Kind::Text {
            default: "<empty>",
            set: Engine::set_five_man_tables,
        },
        xboard: true,
        what: "A directory for the five-man tables: a game that comes near one loads it \
            from there (built there first). A king and three pieces against a bare king: \
            about 20 s and 1 GB of memory to build, 85 to 537 MB on disk a table, 5.7 GB for \
            all twenty. Two pieces against one with a rook among them: 1-2 minutes \
            and 3 GB to build, 1.07 GB on disk and in memory a table, 23.6 GB for all \
            twenty-two. \
            Empty: not used.",
    },
    EngineOption {
        name: "Use NNUE",
        kind: Kind::Check {
            default: true,
            set: Engine::set_use_nnue,
        },
        xboard: true,
        what: "false: the hand-written evaluation instead of the network.",
    },
    EngineOption {
        name: "UCI_Variant",
        kind: Kind::Combo {
            default: "makruk",
            choices: || Variant::ALL.map(Variant::name).to_vec(),
            set: set_variant,
        },
        xboard: false,
        what: "A new game of that variant (XBoard: `variant NAME`); an unknown name is \
            refused, the game kept.",
    },
    EngineOption {
        name: "Skill Level",
        kind: Kind::Spin {
            default: limits::SKILL_DEFAULT as i64,
            min: limits::SKILL_MIN as i64,
            max: limits::SKILL_MAX as i64,
            out_of_range: OutOfRange::Refuse,
            set: |engine, level| engine.set_skill_level(level as i32),
        },
        xboard: true,
        what: "Playing strength: 20 is the full engine (see \"Playing strength levels\").",
    },
    EngineOption {
        name: "UCI_LimitStrength",
        kind: Kind::Check {
            default: false,
            set: Engine::set_limit_strength,
        },
        xboard: true,
        what: "true: play at `UCI_Elo` instead of at `Skill Level`.",
    },
    EngineOption {
        name: "UCI_Elo",
        kind: Kind::Spin {
            default: limits::ELO_DEFAULT as i64,
            min: limits::ELO_MIN as i64,
            max: limits::ELO_MAX as i64,
            out_of_range: OutOfRange::Refuse,
            set: |engine, elo| engine.set_elo(elo as i32),
        },
        xboard: true,
        what: "The strength to play at, on the measured scale below.",
    },
    EngineOption {
        name: "UCI_AnalyseMode",
        kind: Kind::Check {
            default: false,
            set: Engine::set_analyse_mode,
        },
        xboard: false,
        what: "true: full strength and no contempt, whatever the other settings (XBoard's \
            `analyze` always is).",
    },
    EngineOption {
        name: "UCI_ShowWDL",
        kind: Kind::Check {
            default: false,
            set: Engine::set_show_wdl,
        },
        xboard: false,
        what: "Adds `wdl W D L` (per mille, side to move) to every `info` line with a score.",
    },
    EngineOption {
        name: "Calibrated Score",
        kind: Kind::Check {
            default: false,
            set: Engine::set_calibrated_score,
        },
        xboard: true,
        what: "true: scores are shown so that +1.00 means the same expected result (56%) at \
            every stage of the game; the search is unchanged. false: the network's own \
            centipawns, worth less toward the end (see \"what a score means\").",
    },
    EngineOption {
        name: "CountStarted",
        kind: Kind::Spin {
            default: 0,
            min: -1,
            max: i32::MAX as i64,
            out_of_range: OutOfRange::Refuse,
            set: Engine::set_count_started,
        },
        xboard: true,
        what: "The count as players count it, with pyffish's `count_started` meaning: 0 the \
            automatic count; -1 players' counting, no count running; N a count running since \
            game ply N. Makruk, makpong and cambodian; a value that does not fit the game is \
            refused (see \"Counting as players count\").",
    },
    EngineOption {
        name: "VariantPath",
        kind: Kind::Text {
            default: "<empty>",
            set: refuse_variant_path,
        },
        xboard: false,
        what: "Accepted so frontends may send it; a path is refused with an `info string` (the \
            variants are built in).",
    },
];

fn set_variant(engine: &mut Engine, name: &str) -> Result<(), String> {
    match Variant::from_name(name) {
        Some(v) => {
            engine.set_variant(v);
            Ok(())
        }
        None => Err(format!(
            "'{}' is not a variant Khun plays ({}); still playing {}",
            clip_to(name.trim(), 40),
            Variant::names_joined(", "),
            engine.variant()
        )),
    }
}

/// Frontends send `VariantPath` whether or not an engine reads variant files; an empty
/// one is fine, a path is refused with the reason.
fn refuse_variant_path(_: &mut Engine, path: &str) -> Result<(), String> {
    let path = path.trim();
    if path.is_empty() || path == "<empty>" {
        return Ok(());
    }
    Err(format!(
        "Khun does not read variant files; '{}' ignored, the variants it plays are \
         built in ({})",
        clip_to(path, 40),
        Variant::names_joined(", ")
    ))
}

/// The option `name` names, in any letter case, if this build offers it.
pub(crate) fn find(name: &str) -> Option<&'static EngineOption> {
    offered().find(|o| o.name.eq_ignore_ascii_case(name))
}

/// The options this build offers, in the order the protocols declare them. Without
/// the `native` feature (the web build) there is one search thread and no disk to
/// read a network or tables from, so `Threads`, `EvalFile` and `FiveManTables` are
/// not offered there.
pub(crate) fn offered() -> impl Iterator<Item = &'static EngineOption> {
    OPTIONS.iter().filter(|o| {
        cfg!(feature = "native") || !matches!(o.name, "Threads" | "EvalFile" | "FiveManTables")
    })
}

/// Why a value was not taken.
#[derive(Clone, Debug, PartialEq, Eq)]
pub(crate) enum OptionError {
    /// No option has that name.
    Unknown,
    /// The value was refused and nothing changed; the message names the option.
    Refused(String),
}

/// Sets the option `name` to `value` (`None`: no value given). `Ok(Some(message))` when
/// the value was clamped into range and used; the message names the option, and both
/// protocols print it as it is.
pub(crate) fn set(
    engine: &mut Engine,
    name: &str,
    value: Option<&str>,
) -> Result<Option<String>, OptionError> {
    let option = find(name).ok_or(OptionError::Unknown)?;
    let refused = |reason: String| OptionError::Refused(format!("{}: {reason}", option.name));
    match option.kind {
        Kind::Spin {
            min,
            max,
            out_of_range,
            set,
            ..
        } => {
            let text = value
                .map(str::trim)
                .ok_or_else(|| refused("missing value".into()))?;
            let n = whole_number(text)
                .ok_or_else(|| refused(format!("'{}' is not a whole number", clip_to(text, 40))))?;
            let clamped = n.clamp(min, max);
            let outside = format!("{} is outside {min}..{max}", clip_to(text, 40));
            let note = match out_of_range {
                _ if clamped == n => None,
                OutOfRange::Clamp => Some(format!("{}: {outside}, using {clamped}", option.name)),
                OutOfRange::Refuse => return Err(refused(format!("{outside}; value unchanged"))),
            };
            match (set(engine, clamped), note) {
                (Ok(()), note) => Ok(note),
                // why both: the clamp explains the size that could not be had.
                (Err(e), Some(note)) => Err(OptionError::Refused(format!("{note}; {e}"))),
                (Err(e), None) => Err(refused(e)),
            }
        }
        Kind::Check { set, .. } => {
            let on = match value.map(|v| v.trim().to_ascii_lowercase()).as_deref() {
                Some("true" | "1") => true,
                Some("false" | "0") => false,
                _ => return Err(refused("value must be true or false".into())),
            };
            set(engine, on);
            Ok(None)
        }
        Kind::Button { press } => {
            press(engine);
            Ok(None)
        }
        Kind::Text { set, .. } => set(engine, value.unwrap_or(""))
            .map(|_| None)
            .map_err(refused),
        Kind::Combo { set, .. } => {
            let name = value.ok_or_else(|| refused("missing value".into()))?;
            set(engine, name).map(|_| None).map_err(refused)
        }
    }
}

/// A whole number, `-` allowed; one too large for `i64` saturates (it is out of every
/// range anyway).
fn whole_number(text: &str) -> Option<i64> {
    let digits = text.strip_prefix('-').unwrap_or(text);
    if digits.is_empty() || !digits.bytes().all(|b| b.is_ascii_digit()) {
        return None;
    }
    Some(text.parse().unwrap_or(if text.starts_with('-') {
        i64::MIN
    } else {
        i64::MAX
    }))
}

/// UCI's declaration: `option name Hash type spin default 16 min 1 max 32768`.
pub(crate) fn uci_declaration(option: &EngineOption) -> String {
    let kind = match &option.kind {
        Kind::Spin {
            default, min, max, ..
        } => format!("spin default {default} min {min} max {max}"),
        Kind::Check { default, .. } => format!("check default {default}"),
        Kind::Button { .. } => "button".to_string(),
        Kind::Text { default, .. } => format!("string default {default}"),
        Kind::Combo {
            default, choices, ..
        } => format!("combo default {default} var {}", choices().join(" var ")),
    };
    format!("option name {} type {kind}", option.name)
}

/// XBoard's declaration (what goes inside `feature option="..."`):
/// `Hash -spin 16 1 32768`. `None` for an option XBoard is not offered.
pub(crate) fn xboard_declaration(option: &EngineOption) -> Option<String> {
    if !option.xboard {
        return None;
    }
    let kind = match &option.kind {
        Kind::Spin {
            default, min, max, ..
        } => format!("-spin {default} {min} {max}"),
        Kind::Check { default, .. } => format!("-check {}", u8::from(*default)),
        Kind::Button { .. } => "-button".to_string(),
        Kind::Text { default, .. } => format!("-string {default}"),
        // XBoard marks the default choice with `*`.
        Kind::Combo {
            default, choices, ..
        } => {
            let marked: Vec<String> = choices()
                .into_iter()
                .map(|c| {
                    if c == *default {
                        format!("*{c}")
                    } else {
                        c.to_string()
                    }
                })
                .collect();
            format!("-combo {}", marked.join(" /// "))
        }
    };
    Some(format!("{} {kind}", option.name))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn names_are_unique_and_defaults_in_range() {
        for (i, option) in OPTIONS.iter().enumerate() {
            assert!(
                OPTIONS[..i]
                    .iter()
                    .all(|o| !o.name.eq_ignore_ascii_case(option.name)),
                "{} twice",
                option.name
            );
            if let Kind::Spin {
                default, min, max, ..
            } = option.kind
            {
                assert!((min..=max).contains(&default), "{}", option.name);
            }
            if let Kind::Combo {
                default, choices, ..
            } = option.kind
            {
                assert!(choices().contains(&default), "{}", option.name);
            }
        }
    }

    fn quiet_engine() -> Engine {
        Engine::new()
    }

    /// Each option's declared default is the engine's own starting value (setting it
    /// changes nothing), and another value reaches the engine's options (so the
    /// declaration and `EngineOptions::default` cannot drift apart unseen).
    #[test]
    fn declared_defaults_are_the_engines_own() {
        let fresh = quiet_engine().options().clone();
        for option in offered() {
            let (default, other): (String, Option<String>) = match &option.kind {
                Kind::Spin {
                    default, min, max, ..
                } => (
                    default.to_string(),
                    Some(if default == min { *max } else { *min }.to_string()),
                ),
                Kind::Check { default, .. } => (default.to_string(), Some((!default).to_string())),
                Kind::Combo {
                    default, choices, ..
                } => (
                    default.to_string(),
                    choices()
                        .into_iter()
                        .find(|c| c != default)
                        .map(str::to_string),
                ),
                Kind::Text { default, .. } => (default.to_string(), None),
                Kind::Button { .. } => continue,
            };
            let mut engine = quiet_engine();
            assert_eq!(set(&mut engine, option.name, Some(&default)), Ok(None));
            assert_eq!(engine.options(), &fresh, "{} = {default}", option.name);
            // why Hash is left out: its smallest and largest tables are the machine's
            // business (1 MB is taken, 32 GB may not be); Hash is tested apart.
            if let Some(other) = other.filter(|_| option.name != "Hash") {
                let _ = set(&mut engine, option.name, Some(&other));
                assert_ne!(engine.options(), &fresh, "{} = {other}", option.name);
            }
        }
    }

    #[test]
    fn strength_options_are_set_and_out_of_range_values_refused() {
        let mut engine = quiet_engine();
        assert_eq!(set(&mut engine, "Skill Level", Some("-7")), Ok(None));
        assert_eq!(engine.options().skill_level, -7);
        assert_eq!(
            set(&mut engine, "skill level", Some("21")),
            Err(OptionError::Refused(
                "Skill Level: 21 is outside -20..20; value unchanged".into()
            ))
        );
        assert!(set(&mut engine, "Skill Level", Some("weak")).is_err());
        assert_eq!(engine.options().skill_level, -7);
        assert_eq!(set(&mut engine, "UCI_LimitStrength", Some("1")), Ok(None));
        assert!(engine.options().limit_strength);
        assert_eq!(set(&mut engine, "UCI_Elo", Some("1200")), Ok(None));
        assert!(set(&mut engine, "UCI_Elo", Some("99999")).is_err());
        assert_eq!(engine.options().elo, 1200);
        assert_eq!(
            set(&mut engine, "Nonsense", Some("1")),
            Err(OptionError::Unknown)
        );
    }

    #[test]
    fn spin_values_are_clamped_with_a_message() {
        let mut engine = quiet_engine();
        assert_eq!(set(&mut engine, "MultiPV", Some(" 3 ")), Ok(None));
        assert_eq!(
            set(&mut engine, "MultiPV", Some("0")),
            Ok(Some("MultiPV: 0 is outside 1..500, using 1".into()))
        );
        assert_eq!(engine.options().multipv, 1);
        assert_eq!(
            set(&mut engine, "Contempt", Some("-5")),
            Ok(Some("Contempt: -5 is outside 0..100, using 0".into()))
        );
        for (value, why) in [
            (None, "Hash: missing value"),
            (Some("lots"), "Hash: 'lots' is not a whole number"),
            (Some(""), "Hash: '' is not a whole number"),
        ] {
            assert_eq!(
                set(&mut engine, "Hash", value),
                Err(OptionError::Refused(why.into()))
            );
        }
    }

    /// What a session printed, for reading back.
    #[derive(Clone, Default)]
    struct Capture(std::sync::Arc<std::sync::Mutex<Vec<u8>>>);

    impl std::io::Write for Capture {
        fn write(&mut self, bytes: &[u8]) -> std::io::Result<usize> {
            self.0.lock().unwrap().extend_from_slice(bytes);
            Ok(bytes.len())
        }
        fn flush(&mut self) -> std::io::Result<()> {
            Ok(())
        }
    }

    impl Capture {
        /// The lines printed since the last call.
        fn take(&self) -> Vec<String> {
            let bytes = std::mem::take(&mut *self.0.lock().unwrap());
            String::from_utf8(bytes)
                .unwrap()
                .lines()
                .map(str::to_string)
                .collect()
        }
    }

    fn output(capture: &Capture) -> std::sync::Arc<crate::protocol::io::Output> {
        std::sync::Arc::new(crate::protocol::io::Output::new(Box::new(capture.clone())))
    }

    /// Values each option must refuse or clamp: out of range, and not of its type.
    fn bad_values(option: &EngineOption) -> Vec<String> {
        match option.kind {
            Kind::Spin {
                min,
                max,
                out_of_range,
                ..
            } => {
                let mut values = vec![(min - 1).to_string(), "lots".to_string()];
                // why not for every spin: a clamped `Hash` above its maximum would
                // allocate 32 GB.
                if out_of_range == OutOfRange::Refuse {
                    values.push((max + 1).to_string());
                }
                values
            }
            Kind::Check { .. } => vec!["maybe".to_string()],
            Kind::Combo { .. } => vec!["chess".to_string()],
            Kind::Button { .. } | Kind::Text { .. } => Vec::new(),
        }
    }

    #[test]
    fn both_protocols_declare_every_option_and_answer_a_bad_value_alike() {
        let (uci_out, xboard_out) = (Capture::default(), Capture::default());
        let mut uci = crate::uci::Uci::new(output(&uci_out));
        let mut xboard = crate::xboard::Xboard::new(output(&xboard_out));
        uci.handle_line("uci");
        let uci_lines = uci_out.take();
        xboard.handle_line("protover 2");
        let feature_lines = xboard_out.take();
        for option in OPTIONS {
            assert!(
                uci_lines.contains(&uci_declaration(option)),
                "{}: {uci_lines:?}",
                option.name
            );
            let declared = format!("feature option=\"{} -", option.name);
            assert_eq!(
                feature_lines.iter().any(|l| l.starts_with(&declared)),
                option.xboard,
                "{}: {feature_lines:?}",
                option.name
            );
            if let Some(declaration) = xboard_declaration(option) {
                let line = format!("feature option=\"{declaration}\"");
                assert!(feature_lines.contains(&line), "{line}");
            }
        }
        for option in OPTIONS.iter().filter(|o| o.xboard) {
            for value in bad_values(option) {
                let before = uci.engine_mut().options().clone();
                uci.handle_line(&format!("setoption name {} value {value}", option.name));
                let uci_said = uci_out.take();
                let xboard_line = format!("option {}={value}", option.name);
                xboard.handle_line(&xboard_line);
                let xboard_said = xboard_out.take();
                let [uci_said] = uci_said.as_slice() else {
                    panic!("{xboard_line}: UCI said {uci_said:?}");
                };
                let message = uci_said
                    .strip_prefix("info string error: setoption ")
                    .unwrap_or_else(|| panic!("{xboard_line}: {uci_said}"));
                assert!(
                    message.starts_with(&format!("{}: ", option.name)),
                    "{message}"
                );
                assert_eq!(
                    xboard_said,
                    vec![format!("Error (option {message}): {xboard_line}")],
                    "{xboard_line}"
                );
                if !message.contains(", using ") {
                    assert_eq!(uci.engine_mut().options(), &before, "{xboard_line}");
                }
                assert_eq!(
                    uci.engine_mut().options(),
                    xboard.engine_mut().options(),
                    "{xboard_line}"
                );
            }
        }
    }

    /// The option's row in the README's table: name, type, default, range, what it does.
    fn readme_row(option: &EngineOption) -> String {
        let (kind, default, range) = match &option.kind {
            Kind::Spin {
                default, min, max, ..
            } => ("spin", default.to_string(), format!("{min}..{max}")),
            Kind::Check { default, .. } => ("check", default.to_string(), String::new()),
            Kind::Button { .. } => ("button", String::new(), String::new()),
            Kind::Text { default, .. } => (
                "string",
                // why: `<empty>` is what UCI declares for an empty string.
                match *default {
                    "<empty>" => String::new(),
                    text => format!("`{text}`"),
                },
                String::new(),
            ),
            Kind::Combo {
                default, choices, ..
            } => ("combo", default.to_string(), choices().join(", ")),
        };
        let name = format!("`{}`", option.name);
        let cells = [name.as_str(), kind, &default, &range, option.what];
        // An empty cell is `| |`, as the README writes it.
        let cells: Vec<String> = cells
            .iter()
            .map(|c| {
                if c.is_empty() {
                    " ".into()
                } else {
                    format!(" {c} ")
                }
            })
            .collect();
        format!("|{}|", cells.join("|"))
    }

    #[test]
    fn the_readme_lists_every_option_as_the_table_has_it() {
        let readme = include_str!("../README.md");
        for option in OPTIONS {
            let row = readme_row(option);
            assert!(readme.contains(&row), "the README's row should be\n{row}");
        }
    }

    #[test]
    fn whole_numbers_are_read_and_saturate() {
        assert_eq!(whole_number("42"), Some(42));
        assert_eq!(whole_number("-3"), Some(-3));
        assert_eq!(whole_number("99999999999999999999999"), Some(i64::MAX));
        assert_eq!(whole_number("-99999999999999999999999"), Some(i64::MIN));
        for bad in ["", "-", "lots", "4.5", "+4", "1e3"] {
            assert_eq!(whole_number(bad), None, "{bad}");
        }
    }
}
