//! The options as each protocol declares them: UCI's `option name ...` lines and
//! XBoard's `feature option="..."` lines.

use super::{EngineOption, Kind};

/// UCI's declaration: `option name Hash type spin default 16 min 1 max 32768`.
pub(crate) fn uci_declaration(option: &EngineOption) -> String {
    let kind = match &option.kind {
        Kind::Spin { range, .. } => format!(
            "spin default {} min {} max {}",
            range.default, range.min, range.max
        ),
        Kind::Check { default, .. } => format!("check default {default}"),
        Kind::Button => "button".to_string(),
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
        Kind::Spin { range, .. } => format!("-spin {} {} {}", range.default, range.min, range.max),
        Kind::Check { default, .. } => format!("-check {}", u8::from(*default)),
        Kind::Button => "-button".to_string(),
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
