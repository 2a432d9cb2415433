//! A Fairy-Stockfish variants file (`variants.ini`) read for what it asks of Khun: the
//! sections of games Khun plays, taken, and the others, refused in words.

use crate::board::Variant;

/// A section of a variants file that names a game Khun does not play.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Unplayed {
    pub name: String,
    /// The variant it derives from (`[name:parent]`), if it names one.
    pub parent: Option<String>,
}

/// What a variants file asks of Khun: the games Khun plays that it has sections for
/// (taken, with Khun's rules for them: Fairy-Stockfish, too, keeps a built-in variant
/// a file names again), and the sections Khun refuses, each once, in file order.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct VariantsFile {
    pub taken: Vec<Variant>,
    pub refused: Vec<Unplayed>,
}

/// Reads the sections of a Fairy-Stockfish variants file (`variants.ini`): a line
/// `[name]` or `[name:parent]` opens one; its `key = value` lines, comments (`#`,
/// `;`) and anything before the first section say nothing Khun uses.
pub fn variants_file(text: &str) -> VariantsFile {
    let mut file = VariantsFile::default();
    for line in text.lines() {
        let Some(header) = line.strip_prefix('[') else {
            continue;
        };
        let header = header.split(']').next().unwrap_or("");
        let (name, parent) = match header.split_once(':') {
            Some((name, parent)) => (name.trim(), Some(parent.trim())),
            None => (header.trim(), None),
        };
        if name.is_empty() {
            continue;
        }
        match Variant::ALL.iter().find(|v| v.name() == name) {
            Some(&variant) => {
                if !file.taken.contains(&variant) {
                    file.taken.push(variant);
                }
            }
            None => {
                if !file.refused.iter().any(|u| u.name == name) {
                    file.refused.push(Unplayed {
                        name: name.to_string(),
                        parent: parent.filter(|p| !p.is_empty()).map(str::to_string),
                    });
                }
            }
        }
    }
    file
}

impl VariantsFile {
    /// The refusal in words, as the WebAssembly engine's `load` says it (`Khun does not
    /// play variants 'makrukhouse' (from makruk), 'makbug' (from makrukhouse); not
    /// loaded (it plays makruk, ...)`), or `None` when every section was taken.
    pub fn refusal(&self) -> Option<String> {
        if self.refused.is_empty() {
            return None;
        }
        let names: Vec<String> = self
            .refused
            .iter()
            .map(|u| match &u.parent {
                Some(parent) => format!("'{}' (from {parent})", u.name),
                None => format!("'{}'", u.name),
            })
            .collect();
        let which = if names.len() == 1 {
            format!("variant {}", names[0])
        } else {
            format!("variants {}", names.join(", "))
        };
        Some(format!(
            "Khun does not play {which}; not loaded (it plays {})",
            Variant::names_joined(", ")
        ))
    }
}
