//! Reading an option's value: checked against its type and range (a spin clamped or
//! refused), then stored in a copy of the options for the engine to apply.

use super::{EngineOption, EngineOptions, Kind, OptionError, OutOfRange};
use crate::platform::io::clip_to;

/// An option's value read and stored, for the engine to apply.
#[derive(Debug)]
pub(crate) struct Prepared {
    /// The options with the new value stored.
    pub(crate) options: EngineOptions,
    /// Why the value given was not used as it was (a spin clamped into its range);
    /// it names the option, and both protocols print it as it is.
    pub(crate) note: Option<String>,
}

/// `value` (`None`: no value given) for `option`, stored in a copy of `current`.
/// A refusal names the option and says why; nothing is changed then.
pub(crate) fn prepare(
    option: &EngineOption,
    value: Option<&str>,
    current: &EngineOptions,
) -> Result<Prepared, OptionError> {
    let refused = |reason: String| OptionError::Refused(format!("{}: {reason}", option.name));
    let mut options = current.clone();
    let mut note = None;
    match option.kind {
        Kind::Spin {
            range,
            out_of_range,
            store,
        } => {
            let text = value
                .map(str::trim)
                .ok_or_else(|| refused("missing value".into()))?;
            let n = whole_number(text)
                .ok_or_else(|| refused(format!("'{}' is not a whole number", clip_to(text, 40))))?;
            let clamped = n.clamp(range.min, range.max);
            if clamped != n {
                let outside = format!(
                    "{} is outside {}..{}",
                    clip_to(text, 40),
                    range.min,
                    range.max
                );
                match out_of_range {
                    OutOfRange::Clamp => {
                        note = Some(format!("{}: {outside}, using {clamped}", option.name))
                    }
                    OutOfRange::Refuse => {
                        return Err(refused(format!("{outside}; value unchanged")));
                    }
                }
            }
            store(&mut options, clamped);
        }
        Kind::Check { store, .. } => {
            let on = match value.map(|v| v.trim().to_ascii_lowercase()).as_deref() {
                Some("true" | "1") => true,
                Some("false" | "0") => false,
                _ => return Err(refused("value must be true or false".into())),
            };
            store(&mut options, on);
        }
        Kind::Button => {}
        Kind::Text { store, .. } => store(&mut options, value.unwrap_or("")).map_err(refused)?,
        Kind::Combo { store, .. } => {
            let name = value.ok_or_else(|| refused("missing value".into()))?;
            store(&mut options, name).map_err(refused)?;
        }
    }
    Ok(Prepared { options, note })
}

/// A whole number, `-` allowed; one too large for `i64` saturates (it is out of every
/// range anyway).
pub(super) fn whole_number(text: &str) -> Option<i64> {
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
