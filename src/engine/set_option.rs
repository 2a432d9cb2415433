//! Setting an option: the one way an option's value reaches the engine, for the
//! protocols, the command line and the Python package alike. The value is read and
//! stored as the options' table says ([`crate::options::prepare`]); then the engine
//! does what the option's [`Then`] names, and a refusal puts the old values back.

use super::{Engine, EngineError, try_table};
use crate::options::{self, EngineOptions, OptionError, Prepared, Then};
use crate::search::TranspositionTable;
use std::fmt;
use std::sync::Arc;

impl Engine {
    /// Sets the option `name` (in any letter case) to `value` (`None`: no value
    /// given). `Ok(Some(message))` when the value was clamped into range and used; the
    /// message names the option, and both protocols print it as it is. A refusal
    /// changes nothing.
    pub(crate) fn set_option(
        &mut self,
        name: &str,
        value: Option<&str>,
    ) -> Result<Option<String>, OptionError> {
        let option = options::find(name).ok_or(OptionError::Unknown)?;
        self.absorb_count_stop();
        let Prepared { options, note } = options::prepare(option, value, &self.options)?;
        let previous = std::mem::replace(&mut self.options, options);
        match self.apply(option.then, &previous) {
            Ok(()) => Ok(note),
            Err(e) => {
                self.options = previous;
                // why both: the clamp explains the size that could not be had.
                Err(OptionError::Refused(match note {
                    Some(note) => format!("{note}; {e}"),
                    None => format!("{}: {e}", option.name),
                }))
            }
        }
    }

    /// Sets the option `name` to `value` as a protocol would (the same checks, the
    /// same refusals), for the crate's own callers: the command line, the Python
    /// package, XBoard's own commands. A value clamped into range is used as such.
    pub(crate) fn set_option_to(
        &mut self,
        name: &str,
        value: impl fmt::Display,
    ) -> Result<(), String> {
        match self.set_option(name, Some(&value.to_string())) {
            Ok(_) => Ok(()),
            Err(OptionError::Refused(why)) => Err(why),
            Err(OptionError::Unknown) => Err(format!("no option named '{name}'")),
        }
    }

    /// What an option asks of the engine once its new value is stored (`previous`:
    /// the values before, which the caller puts back when this refuses).
    fn apply(&mut self, then: Then, previous: &EngineOptions) -> Result<(), String> {
        match then {
            Then::Nothing => Ok(()),
            Then::ResizeTable => self
                .resize_table(previous.hash_mb)
                .map_err(|e| e.to_string()),
            Then::FitThreads => {
                if let Some(sandbox) = self.sandbox {
                    self.options.threads = self.options.threads.min(sandbox.max_threads.max(1));
                }
                Ok(())
            }
            Then::ClearTable => {
                self.tt.clear();
                Ok(())
            }
            Then::LoadNetwork => self.load_network(),
            Then::OpenFiveManTables => self.open_five_man_tables(),
            Then::NewGame => {
                self.new_game();
                Ok(())
            }
            Then::SetCount => {
                if let Some(value) = self.options.count_given.take() {
                    self.set_count_started(value);
                }
                Ok(())
            }
        }
    }

    /// A table of the size the options name (the sandbox's at most); a running
    /// search keeps the old one until it ends. When the machine cannot give it, a
    /// table of the old size (`old_mb`) is allocated again.
    fn resize_table(&mut self, old_mb: usize) -> Result<(), EngineError> {
        if let Some(sandbox) = self.sandbox {
            self.options.hash_mb = self.options.hash_mb.min(sandbox.max_hash_mb.max(1));
        }
        let mb = self.options.hash_mb;
        if mb == old_mb {
            return Ok(());
        }
        // Free the old table first when no search holds it, so the peak stays low.
        if !self.is_searching() {
            self.wait();
            self.tt = Arc::new(TranspositionTable::new(1));
        }
        match try_table(mb) {
            Ok(tt) => {
                self.tt = Arc::new(tt);
                Ok(())
            }
            Err(e) => {
                self.tt = Arc::new(TranspositionTable::new(old_mb));
                Err(e)
            }
        }
    }

    /// The network `EvalFile` names, from the next search. A file that cannot be read
    /// or is not a valid network is refused with the reason.
    fn load_network(&mut self) -> Result<(), String> {
        let name = self.options.eval_file.as_str();
        if name != crate::nnue::EMBEDDED_NAME && self.sandbox.is_some_and(|s| !s.read_files) {
            return Err("reading network files is off in this sandbox".into());
        }
        self.network = crate::nnue::load(name)?;
        Ok(())
    }

    /// The directory five-man tables are loaded from and built into, through the
    /// tables' one door, [`crate::tablebase::Tables::set_five_man_directory`]; none
    /// when `FiveManTables` is empty.
    fn open_five_man_tables(&mut self) -> Result<(), String> {
        if self.options.five_man_tables.is_empty() {
            return self.tables.set_five_man_directory(None);
        }
        if self.sandbox.is_some_and(|s| !s.read_files) {
            return Err("reading table files is off in this sandbox".into());
        }
        let dir = std::path::PathBuf::from(&self.options.five_man_tables);
        self.tables.set_five_man_directory(Some(dir))
    }
}
