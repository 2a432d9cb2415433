//! The options' table against the engine and both protocols: names, defaults and
//! ranges, the values each refuses or clamps, the README's rows.

use super::declare::{uci_declaration, xboard_declaration};
use super::prepare::whole_number;
use super::*;
use crate::engine::Engine;

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
        if let Kind::Spin { range, .. } = option.kind {
            assert!(
                (range.min..=range.max).contains(&range.default),
                "{}",
                option.name
            );
        }
        // A declared default is always taken (`EngineOptions::declared` counts on it).
        if let Kind::Text { default, store } | Kind::Combo { default, store, .. } = option.kind {
            assert_eq!(
                store(&mut EngineOptions::default(), default),
                Ok(()),
                "{}",
                option.name
            );
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
    assert_eq!(fresh, EngineOptions::declared());
    for option in offered() {
        let (default, other): (String, Option<String>) = match &option.kind {
            Kind::Spin { range, .. } => (
                range.default.to_string(),
                Some(
                    if range.default == range.min {
                        range.max
                    } else {
                        range.min
                    }
                    .to_string(),
                ),
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
            Kind::Button => continue,
        };
        let mut engine = quiet_engine();
        assert_eq!(engine.set_option(option.name, Some(&default)), Ok(None));
        assert_eq!(engine.options(), &fresh, "{} = {default}", option.name);
        // why Hash is left out: its smallest and largest tables are the machine's
        // business (1 MB is taken, 32 GB may not be); Hash is tested apart.
        // CountStarted's value is the game's (the engine's count), never kept among
        // the options.
        if let Some(other) = other.filter(|_| option.name != "Hash") {
            let before = engine.position().count_started();
            let _ = engine.set_option(option.name, Some(&other));
            if option.then == Then::SetCount {
                assert_eq!(engine.options(), &fresh, "{} = {other}", option.name);
                assert_ne!(engine.position().count_started(), before, "{}", option.name);
            } else {
                assert_ne!(engine.options(), &fresh, "{} = {other}", option.name);
            }
        }
    }
}

#[test]
fn strength_options_are_set_and_out_of_range_values_refused() {
    let mut engine = quiet_engine();
    assert_eq!(engine.set_option("Skill Level", Some("-7")), Ok(None));
    assert_eq!(engine.options().skill_level, -7);
    assert_eq!(
        engine.set_option("skill level", Some("21")),
        Err(OptionError::Refused(
            "Skill Level: 21 is outside -20..20; value unchanged".into()
        ))
    );
    assert!(engine.set_option("Skill Level", Some("weak")).is_err());
    assert_eq!(engine.options().skill_level, -7);
    assert_eq!(engine.set_option("UCI_LimitStrength", Some("1")), Ok(None));
    assert!(engine.options().limit_strength);
    assert_eq!(engine.set_option("UCI_Elo", Some("1200")), Ok(None));
    assert!(engine.set_option("UCI_Elo", Some("99999")).is_err());
    assert_eq!(engine.options().elo, 1200);
    assert_eq!(
        engine.set_option("Nonsense", Some("1")),
        Err(OptionError::Unknown)
    );
}

#[test]
fn spin_values_are_clamped_with_a_message() {
    let mut engine = quiet_engine();
    assert_eq!(engine.set_option("MultiPV", Some(" 3 ")), Ok(None));
    assert_eq!(
        engine.set_option("MultiPV", Some("0")),
        Ok(Some("MultiPV: 0 is outside 1..500, using 1".into()))
    );
    assert_eq!(engine.options().multipv, 1);
    assert_eq!(
        engine.set_option("Contempt", Some("-5")),
        Ok(Some("Contempt: -5 is outside 0..100, using 0".into()))
    );
    for (value, why) in [
        (None, "Hash: missing value"),
        (Some("lots"), "Hash: 'lots' is not a whole number"),
        (Some(""), "Hash: '' is not a whole number"),
    ] {
        assert_eq!(
            engine.set_option("Hash", value),
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

fn output(capture: &Capture) -> std::sync::Arc<crate::platform::io::Output> {
    std::sync::Arc::new(crate::platform::io::Output::new(Box::new(capture.clone())))
}

/// Values each option must refuse or clamp: out of range, and not of its type.
fn bad_values(option: &EngineOption) -> Vec<String> {
    match option.kind {
        Kind::Spin {
            range,
            out_of_range,
            ..
        } => {
            let mut values = vec![(range.min - 1).to_string(), "lots".to_string()];
            // why not for every spin: a clamped `Hash` above its maximum would
            // allocate 32 GB.
            if out_of_range == OutOfRange::Refuse {
                values.push((range.max + 1).to_string());
            }
            values
        }
        Kind::Check { .. } => vec!["maybe".to_string()],
        Kind::Combo { .. } => vec!["chess".to_string()],
        Kind::Button | Kind::Text { .. } => Vec::new(),
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
        Kind::Spin { range, .. } => (
            "spin",
            range.default.to_string(),
            format!("{}..{}", range.min, range.max),
        ),
        Kind::Check { default, .. } => ("check", default.to_string(), String::new()),
        Kind::Button => ("button", String::new(), String::new()),
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
    let readme = include_str!("../../README.md");
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

/// A row is all an option needs to be declared to both protocols, read, checked,
/// clamped and stored: this one, which no other code knows, stores into a field the
/// engine already has (a new option adds its own field beside its row).
#[test]
fn a_new_row_is_declared_read_and_stored_with_no_other_code() {
    const EXTRA_LINES: EngineOption = EngineOption {
        name: "Extra Lines",
        kind: Kind::Spin {
            range: Range {
                default: 2,
                min: 1,
                max: 9,
            },
            out_of_range: OutOfRange::Clamp,
            store: |o, n| o.multipv = n as usize,
        },
        then: Then::Nothing,
        xboard: true,
        what: "A test's own option.",
    };
    assert_eq!(
        uci_declaration(&EXTRA_LINES),
        "option name Extra Lines type spin default 2 min 1 max 9"
    );
    assert_eq!(
        xboard_declaration(&EXTRA_LINES).as_deref(),
        Some("Extra Lines -spin 2 1 9")
    );
    let declared = EngineOptions::declared();
    let read = prepare(&EXTRA_LINES, Some("12"), &declared).expect("a whole number");
    assert_eq!(read.options.multipv, 9);
    assert_eq!(
        read.note.as_deref(),
        Some("Extra Lines: 12 is outside 1..9, using 9")
    );
    assert_eq!(
        prepare(&EXTRA_LINES, Some("many"), &declared).map(|p| p.options),
        Err(OptionError::Refused(
            "Extra Lines: 'many' is not a whole number".into()
        ))
    );
}

/// A count below -1 is refused by the option's range, naming the option once, and
/// the game's count is kept; a value that does not fit the game in force waits for its
/// game instead of being refused (`engine/count.rs`).
#[test]
fn a_count_out_of_range_names_the_option_once() {
    let mut engine = quiet_engine();
    let Err(OptionError::Refused(message)) = engine.set_option("CountStarted", Some("-5")) else {
        panic!("a count below -1 should be refused");
    };
    assert!(
        message.starts_with("CountStarted: -5 is outside"),
        "{message}"
    );
    assert_eq!(engine.position().count_started(), 0);
    assert_eq!(engine.set_option("CountStarted", Some("5")), Ok(None));
    assert_eq!(engine.options().count_given, None, "handed to the game");
}
