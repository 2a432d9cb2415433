//! The engine's options, declared once: [`table::OPTIONS`] gives each its name, type,
//! range or choices, default, the field of [`EngineOptions`] its value is kept in, what
//! the engine must do once it changes ([`Then`]) and what it does for the README. The
//! engine's starting values are the table's defaults ([`EngineOptions::declared`]);
//! UCI's `option name ...` lines and XBoard's `feature option="..."` lines are made
//! from it ([`declare`]); a value is read, checked and stored here ([`prepare`]), once,
//! so both protocols, the command line and the Python package accept the same values
//! and refuse the others with the same words. The engine applies the result
//! (`Engine::set_option`); each protocol only wraps a refusal its own way (`info string
//! error: setoption MESSAGE`, `Error (option MESSAGE): LINE`).
//!
//! Adding an option: a field of [`EngineOptions`] and a row of [`table::OPTIONS`] (its
//! default, range and what stores it), the README's row, and the code that reads it.

pub(crate) mod declare;
mod prepare;
pub(crate) mod table;
mod values;

pub(crate) use prepare::{Prepared, prepare};
pub(crate) use table::OPTIONS;
pub(crate) use values::EngineOptions;

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

/// A spin option's default and bounds.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) struct Range {
    pub(crate) default: i64,
    pub(crate) min: i64,
    pub(crate) max: i64,
}

/// An option's type, with its range or choices, its default and the function that
/// stores a value of it in [`EngineOptions`].
pub(crate) enum Kind {
    /// A whole number in the range.
    Spin {
        range: Range,
        out_of_range: OutOfRange,
        store: fn(&mut EngineOptions, i64),
    },
    /// On or off: `true`/`false`, or XBoard's `1`/`0`.
    Check {
        default: bool,
        store: fn(&mut EngineOptions, bool),
    },
    /// An action without a value: its [`Then`] is all it does.
    Button,
    /// Free text; `store` may refuse it with the reason.
    Text {
        default: &'static str,
        store: fn(&mut EngineOptions, &str) -> Result<(), String>,
    },
    /// One of `choices()`; `store` refuses the others with the reason.
    Combo {
        default: &'static str,
        choices: fn() -> Vec<&'static str>,
        store: fn(&mut EngineOptions, &str) -> Result<(), String>,
    },
}

/// What the engine does once an option's new value is stored: the work beyond
/// keeping the value (the engine's `apply` reads the stored value; a refusal puts
/// the old values back).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Then {
    /// Nothing: searches read the value from the options when they start.
    Nothing,
    /// Allocate the transposition table of the new size (within the sandbox).
    ResizeTable,
    /// Bring the thread count within the sandbox.
    FitThreads,
    /// Empty the transposition table.
    ClearTable,
    /// Load the network named.
    LoadNetwork,
    /// Load and build five-man tables in the directory named.
    OpenFiveManTables,
    /// Start a new game (of the variant stored).
    NewGame,
    /// Hand the `CountStarted` value to the game (the count is the game's, not a
    /// setting: `engine/count.rs`).
    SetCount,
}

/// One engine option.
pub(crate) struct EngineOption {
    /// The name both protocols use (Stockfish's where Stockfish has the option).
    pub(crate) name: &'static str,
    pub(crate) kind: Kind,
    /// What the engine does once the value is stored.
    pub(crate) then: Then,
    /// Declared to XBoard too. `Ponder` and `UCI_Variant` are XBoard's own commands
    /// (`hard`/`easy`, `variant`); `UCI_ShowWDL`, `UCI_AnalyseMode` and `VariantPath`
    /// are what UCI frontends send, with no XBoard counterpart.
    pub(crate) xboard: bool,
    /// What it does, as the README's table of options says it.
    // why: only the README test reads it; the protocols have no place for it.
    #[cfg_attr(not(test), allow(dead_code))]
    pub(crate) what: &'static str,
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

#[cfg(test)]
mod tests;
