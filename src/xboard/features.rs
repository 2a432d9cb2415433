//! What Khun tells an XBoard GUI about itself (`protover 2` → `feature ...`) and the
//! engine options it offers (`option NAME=VALUE`, `memory`, `cores`).

use crate::uci::engine_name;

/// The `feature` lines that answer `protover 2`, `done=1` last.
pub(crate) fn feature_lines() -> Vec<String> {
    let mut lines = vec![
        format!(
            "feature myname=\"{}\" variants=\"{}\"",
            engine_name(),
            crate::board::Variant::names_joined(",")
        ),
        // Moves arrive as `usermove e3e4`; positions as `setboard FEN`; one process
        // plays many games; `memory`/`cores` set the table and threads; no signals
        // (the input thread answers during a search); colours are never sent.
        "feature setboard=1 usermove=1 ping=1 analyze=1 playother=1 time=1 draw=0 \
         san=0 colors=0 sigint=0 sigterm=0 reuse=1 memory=1 smp=1 name=0 nps=0 \
         pause=0 debug=0 exclude=0"
            .to_string(),
    ];
    for option in option_declarations() {
        lines.push(format!("feature option=\"{option}\""));
    }
    lines.push("feature done=1".to_string());
    lines
}

/// The options in XBoard's syntax (`NAME -spin DEFAULT MIN MAX`, `NAME -button`), from
/// the one table ([`crate::options`]), so names and ranges are UCI's.
pub(crate) fn option_declarations() -> Vec<String> {
    crate::options::offered()
        .filter_map(crate::options::declare::xboard_declaration)
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn features_end_with_done_and_declare_the_options() {
        let lines = feature_lines();
        assert_eq!(lines.last().map(String::as_str), Some("feature done=1"));
        let all = lines.join("\n");
        for needle in [
            "myname=\"Khun ",
            "variants=\"makruk,cambodian,karouk,makpong,asean,ai-wok,sittuyin\"",
            "setboard=1",
            "usermove=1",
            "ping=1",
            "analyze=1",
            "colors=0",
            "sigint=0",
            "sigterm=0",
            "reuse=1",
            "memory=1",
            "smp=1",
            "option=\"Hash -spin 16 1 32768\"",
            "option=\"Move Overhead -spin 30 0 5000\"",
            "option=\"Contempt -spin 0 0 100\"",
            "option=\"EvalFile -string <embedded>\"",
            "option=\"Use NNUE -check 1\"",
            "option=\"Skill Level -spin 20 -20 20\"",
            "option=\"UCI_LimitStrength -check 0\"",
            "option=\"UCI_Elo -spin ",
        ] {
            assert!(all.contains(needle), "{needle}");
        }
    }
}
