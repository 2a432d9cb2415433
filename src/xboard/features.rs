//! What Khun tells an XBoard GUI about itself (`protover 2` → `feature ...`) and the
//! engine options it offers (`option NAME=VALUE`, `memory`, `cores`).

use crate::engine::{Engine, limits};
use crate::uci::engine_name;

/// The `feature` lines that answer `protover 2`, `done=1` last.
pub fn feature_lines() -> Vec<String> {
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

/// The options in XBoard's syntax (`NAME -spin DEFAULT MIN MAX`, `NAME -button`),
/// with the same names and ranges as under UCI. Pondering is `hard`/`easy` here.
pub fn option_declarations() -> Vec<String> {
    vec![
        format!(
            "Hash -spin {} {} {}",
            limits::HASH_DEFAULT,
            limits::HASH_MIN,
            limits::HASH_MAX
        ),
        format!(
            "Threads -spin {} {} {}",
            limits::THREADS_DEFAULT,
            limits::THREADS_MIN,
            limits::THREADS_MAX
        ),
        format!(
            "MultiPV -spin {} {} {}",
            limits::MULTIPV_DEFAULT,
            limits::MULTIPV_MIN,
            limits::MULTIPV_MAX
        ),
        format!(
            "Move Overhead -spin {} {} {}",
            limits::OVERHEAD_DEFAULT,
            limits::OVERHEAD_MIN,
            limits::OVERHEAD_MAX
        ),
        format!(
            "Contempt -spin {} {} {}",
            limits::CONTEMPT_DEFAULT,
            limits::CONTEMPT_MIN,
            limits::CONTEMPT_MAX
        ),
        "Clear Hash -button".to_string(),
        format!("EvalFile -string {}", crate::nnue::EMBEDDED_NAME),
        "Use NNUE -check 1".to_string(),
        format!(
            "Skill Level -spin {} {} {}",
            limits::SKILL_DEFAULT,
            limits::SKILL_MIN,
            limits::SKILL_MAX
        ),
        "UCI_LimitStrength -check 0".to_string(),
        format!(
            "UCI_Elo -spin {} {} {}",
            limits::ELO_DEFAULT,
            limits::ELO_MIN,
            limits::ELO_MAX
        ),
    ]
}

/// A signed spin value that must lie in `min..=max`; `Err` (nothing changed) otherwise.
fn signed_spin(name: &str, value: Option<&str>, min: i32, max: i32) -> Result<i32, String> {
    let text = value
        .map(str::trim)
        .ok_or_else(|| format!("option {name} needs a value"))?;
    let n: i64 = text
        .parse()
        .map_err(|_| format!("option {name}: '{text}' is not a whole number"))?;
    if n < i64::from(min) || n > i64::from(max) {
        return Err(format!(
            "option {name}: {n} is outside {min}..{max}; value unchanged"
        ));
    }
    Ok(n as i32)
}

/// A check value: 1/0 (XBoard's) or true/false.
fn check(name: &str, value: Option<&str>) -> Result<bool, String> {
    match value.map(str::trim) {
        Some("1") | Some("true") => Ok(true),
        Some("0") | Some("false") => Ok(false),
        _ => Err(format!("option {name}: value must be 1 or 0")),
    }
}

/// A spin value: a whole number, clamped into `min..=max`. The clamp is reported as
/// a note, the value still used.
fn spin(
    name: &str,
    value: Option<&str>,
    min: u64,
    max: u64,
) -> Result<(u64, Option<String>), String> {
    let Some(text) = value else {
        return Err(format!("option {name} needs a value"));
    };
    let n: u64 = if let Some(digits) = text.strip_prefix('-') {
        if digits.is_empty() || !digits.bytes().all(|b| b.is_ascii_digit()) {
            return Err(format!("option {name}: '{text}' is not a whole number"));
        }
        0
    } else if !text.is_empty() && text.bytes().all(|b| b.is_ascii_digit()) {
        text.parse().unwrap_or(u64::MAX)
    } else {
        return Err(format!("option {name}: '{text}' is not a whole number"));
    };
    let clamped = n.clamp(min, max);
    let note = (clamped != n || text.starts_with('-'))
        .then(|| format!("option {name} outside {min}..{max}, using {clamped}"));
    Ok((clamped, note))
}

/// Sets one option. `Ok(Some(note))` when the value was clamped; `Err` when nothing
/// was changed.
pub fn apply_option(
    engine: &mut Engine,
    name: &str,
    value: Option<&str>,
) -> Result<Option<String>, String> {
    match name.to_ascii_lowercase().as_str() {
        "hash" => {
            let (mb, note) = spin(
                "Hash",
                value,
                limits::HASH_MIN as u64,
                limits::HASH_MAX as u64,
            )?;
            engine.set_hash(mb as usize).map_err(|e| e.to_string())?;
            Ok(note)
        }
        "threads" => {
            let (n, note) = spin(
                "Threads",
                value,
                limits::THREADS_MIN as u64,
                limits::THREADS_MAX as u64,
            )?;
            engine.set_threads(n as usize);
            Ok(note)
        }
        "multipv" => {
            let (n, note) = spin(
                "MultiPV",
                value,
                limits::MULTIPV_MIN as u64,
                limits::MULTIPV_MAX as u64,
            )?;
            engine.set_multipv(n as usize);
            Ok(note)
        }
        "move overhead" => {
            let (ms, note) = spin(
                "Move Overhead",
                value,
                limits::OVERHEAD_MIN,
                limits::OVERHEAD_MAX,
            )?;
            engine.set_move_overhead(ms);
            Ok(note)
        }
        "contempt" => {
            let (cp, note) = spin(
                "Contempt",
                value,
                limits::CONTEMPT_MIN,
                limits::CONTEMPT_MAX,
            )?;
            engine.set_contempt(cp);
            Ok(note)
        }
        "clear hash" => {
            engine.clear_hash();
            Ok(None)
        }
        "evalfile" => {
            engine.set_eval_file(value.unwrap_or(""))?;
            Ok(None)
        }
        "use nnue" => {
            engine.set_use_nnue(check("Use NNUE", value)?);
            Ok(None)
        }
        "skill level" => {
            let level = signed_spin("Skill Level", value, limits::SKILL_MIN, limits::SKILL_MAX)?;
            engine.set_skill_level(level)?;
            Ok(None)
        }
        "uci_limitstrength" => {
            engine.set_limit_strength(check("UCI_LimitStrength", value)?);
            Ok(None)
        }
        "uci_elo" => {
            let elo = signed_spin("UCI_Elo", value, limits::ELO_MIN, limits::ELO_MAX)?;
            engine.set_elo(elo)?;
            Ok(None)
        }
        _ => Err("unknown option".to_string()),
    }
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
            "variants=\"makruk,cambodian,karouk,makpong,asean,ai-wok\"",
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

    #[test]
    fn spin_values_are_checked_and_clamped() {
        assert_eq!(spin("Hash", Some("64"), 1, 100), Ok((64, None)));
        assert!(spin("Hash", Some("200"), 1, 100).unwrap().1.is_some());
        assert_eq!(spin("Hash", Some("-3"), 1, 100).unwrap().0, 1);
        assert!(spin("Hash", Some("lots"), 1, 100).is_err());
        assert!(spin("Hash", None, 1, 100).is_err());
    }

    #[test]
    fn strength_options_are_set_and_out_of_range_values_refused() {
        let out = std::sync::Arc::new(crate::io::Output::new(Box::new(std::io::sink())));
        let mut engine = Engine::new(std::sync::Arc::new(crate::uci::UciReporter::new(out)));
        assert!(apply_option(&mut engine, "Skill Level", Some("-7")).is_ok());
        assert_eq!(engine.options().skill_level, -7);
        assert!(apply_option(&mut engine, "Skill Level", Some("21")).is_err());
        assert!(apply_option(&mut engine, "Skill Level", Some("weak")).is_err());
        assert_eq!(engine.options().skill_level, -7);
        assert!(apply_option(&mut engine, "UCI_LimitStrength", Some("1")).is_ok());
        assert!(engine.options().limit_strength);
        assert!(apply_option(&mut engine, "UCI_Elo", Some("1200")).is_ok());
        assert!(apply_option(&mut engine, "UCI_Elo", Some("99999")).is_err());
        assert_eq!(engine.options().elo, 1200);
    }
}
