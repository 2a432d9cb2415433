//! What the progress files of long jobs share. `annotate -o OUT` and `datagen -o OUT`
//! keep `OUT.progress` beside their output: the settings that decide the output's
//! bytes, and how far the output is known to be whole (games done, bytes). `--resume`
//! compares the settings with its own, cuts the output back to the recorded length
//! (dropping a game a killed run had only half written, or written but not yet
//! recorded) and goes on from the next game. Each job's own file is described where
//! it is written: [`crate::cli::annotate::resume`], [`crate::learn::datagen::resume`],
//! [`crate::cli::puzzles::resume`].

use serde::de::DeserializeOwned;
use serde::{Deserialize, Serialize};
use std::fs::File;
use std::io::{Seek, SeekFrom, Write};
use std::path::{Path, PathBuf};

/// The progress file of an output: the output's name with `.progress` added.
pub(crate) fn path_for(output: &Path) -> PathBuf {
    let mut name = output.as_os_str().to_owned();
    name.push(".progress");
    PathBuf::from(name)
}

/// A short fingerprint of some bytes (an input file, a book), hex FNV-1a 64.
pub(crate) fn fingerprint(bytes: &[u8]) -> String {
    format!("{:016x}", crate::nnue::network::fnv1a(bytes))
}

/// The settings that differ between an earlier run (`then`) and this one (`now`), one
/// `name: then ..., now ...` each; empty when they agree.
pub(crate) fn differences<T: Serialize>(then: &T, now: &T) -> Vec<String> {
    let (Ok(then), Ok(now)) = (serde_json::to_value(then), serde_json::to_value(now)) else {
        return vec!["the settings cannot be compared".into()];
    };
    let (Some(then), Some(now)) = (then.as_object(), now.as_object()) else {
        return if then == now {
            Vec::new()
        } else {
            vec![format!("then {then}, now {now}")]
        };
    };
    now.iter()
        .filter(|(key, value)| then.get(*key) != Some(value))
        .map(|(key, value)| {
            let before = then
                .get(key)
                .map_or("not recorded".to_string(), |v| v.to_string());
            format!("{key}: then {before}, now {value}")
        })
        .collect()
}

/// Replaces `path`'s contents at once (a temporary file renamed over it), so a run
/// killed at any moment leaves either the old contents or the new, never a mix.
pub(crate) fn write_atomically(path: &Path, bytes: &[u8]) -> std::io::Result<()> {
    let mut name = path.as_os_str().to_owned();
    name.push(".tmp");
    let temporary = PathBuf::from(name);
    {
        let mut file = File::create(&temporary)?;
        file.write_all(bytes)?;
        file.flush()?;
    }
    std::fs::rename(&temporary, path)
}

/// An output to go on writing after its first `length` bytes: a new file where there
/// are none, else [`reopen_at`].
pub(crate) fn create_or_reopen(path: &Path, length: u64) -> Result<File, String> {
    if length == 0 {
        File::create(path).map_err(|e| format!("cannot write '{}': {e}", path.display()))
    } else {
        reopen_at(path, length)
    }
}

/// Opens an output to go on writing after its first `length` bytes, cutting off what
/// follows them (a game written in part, or not yet recorded as done). An output
/// shorter than `length` was changed since: an error.
pub(crate) fn reopen_at(path: &Path, length: u64) -> Result<File, String> {
    let mut file = std::fs::OpenOptions::new()
        .read(true)
        .write(true)
        .open(path)
        .map_err(|e| format!("cannot reopen '{}' to resume: {e}", path.display()))?;
    let found = file
        .metadata()
        .map_err(|e| format!("cannot read '{}': {e}", path.display()))?
        .len();
    if found < length {
        return Err(format!(
            "'{}' has {found} bytes but its progress file records {length}: was it changed \
             since? Run without --resume to start again",
            path.display()
        ));
    }
    file.set_len(length)
        .and_then(|_| file.seek(SeekFrom::End(0)))
        .map_err(|e| {
            format!(
                "cannot cut '{}' back to {length} bytes: {e}",
                path.display()
            )
        })?;
    Ok(file)
}

/// The first line of a game journal: which job wrote it, and the settings that decide
/// its output's bytes.
#[derive(Serialize, Deserialize)]
struct Header<S> {
    kind: String,
    settings: S,
}

/// How a job that keeps a [`GameJournal`] names itself in it and in its messages.
pub(crate) struct JobNames {
    /// The journal's first line's `kind` (`khun annotate progress`).
    pub(crate) kind: &'static str,
    /// The command (`khun annotate`).
    pub(crate) command: &'static str,
    /// Its output's option (`-o`).
    pub(crate) output_flag: &'static str,
    /// What a run without `--resume` does (`annotate again`).
    pub(crate) again: &'static str,
}

/// A finished game's line in a [`GameJournal`]: which game of the file it records.
pub(crate) trait FinishedGame {
    /// The game's index in the file, from 0.
    fn game(&self) -> usize;
}

/// The progress file of a job that goes through a PGN file's games in order
/// (`annotate`, `puzzles`): JSON Lines, appended to, a first line with the job's kind
/// and settings, then one line per finished game, each written whole and flushed (a
/// kill tears at most the last line).
pub(crate) struct GameJournal {
    file: File,
    path: PathBuf,
}

impl GameJournal {
    /// A new journal at `path`: its first line, `kind` and `settings`.
    pub(crate) fn start<S: Serialize>(
        path: &Path,
        kind: &str,
        settings: &S,
    ) -> Result<GameJournal, String> {
        let file =
            File::create(path).map_err(|e| format!("cannot write '{}': {e}", path.display()))?;
        let mut journal = GameJournal {
            file,
            path: path.to_path_buf(),
        };
        journal.record(&Header {
            kind: kind.to_string(),
            settings,
        })?;
        Ok(journal)
    }

    /// The journal at `path` read back to go on: the games it records as finished (in
    /// `run_games`' order, or an error), a torn last line dropped, the file cut back to
    /// its whole lines; `None` where it holds no whole line. Settings other than
    /// `settings` are refused, naming each difference; `command` names the job in the
    /// message for a file of another kind.
    pub(crate) fn resume<S, D>(
        path: &Path,
        kind: &str,
        command: &str,
        settings: &S,
        run_games: &[usize],
    ) -> Result<Option<(GameJournal, Vec<D>)>, String>
    where
        S: Serialize + DeserializeOwned,
        D: DeserializeOwned + FinishedGame,
    {
        let bytes =
            std::fs::read(path).map_err(|e| format!("cannot read '{}': {e}", path.display()))?;
        let text = String::from_utf8_lossy(&bytes);
        let bad = |line: usize, what: &str| {
            format!(
                "'{}', line {line}: {what}; remove it (and the output) to start again",
                path.display()
            )
        };
        let mut kept = 0; // bytes of whole lines read so far
        let mut done: Vec<D> = Vec::new();
        let lines: Vec<&str> = text.split_inclusive('\n').collect();
        for (n, line) in lines.iter().enumerate() {
            let last = n + 1 == lines.len();
            if !line.ends_with('\n') {
                // A line a killed run was writing: the game it records is redone.
                break;
            }
            if n == 0 {
                let header: Header<S> = serde_json::from_str(line)
                    .ok()
                    .filter(|h: &Header<S>| h.kind == kind)
                    .ok_or_else(|| bad(1, &format!("not a progress file of `{command}`")))?;
                let differences = differences(&header.settings, settings);
                if !differences.is_empty() {
                    return Err(format!(
                        "cannot resume: the output was made with other settings ({}); run \
                         with the same ones, or without --resume to start again",
                        differences.join("; ")
                    ));
                }
            } else {
                let game: D = match serde_json::from_str(line) {
                    Ok(g) => g,
                    Err(_) if last => break,
                    Err(_) => return Err(bad(n + 1, "not a finished game's line")),
                };
                if run_games.get(done.len()) != Some(&game.game()) {
                    return Err(bad(n + 1, "a game out of this run's order"));
                }
                done.push(game);
            }
            kept += line.len();
        }
        if kept == 0 {
            return Ok(None);
        }
        let file = reopen_at(path, kept as u64)?;
        Ok(Some((
            GameJournal {
                file,
                path: path.to_path_buf(),
            },
            done,
        )))
    }

    /// The journal of a run of `job` writing `output`: with `resume`, the one an earlier
    /// run left (`path_for(output)`) read back with the games it finished; else, or
    /// where it holds no whole line, a new one. `--resume` on an output that has bytes
    /// but no progress file is refused.
    pub(crate) fn open<S, D>(
        output: &Path,
        resume: bool,
        job: &JobNames,
        settings: &S,
        run_games: &[usize],
    ) -> Result<(GameJournal, Vec<D>), String>
    where
        S: Serialize + DeserializeOwned,
        D: DeserializeOwned + FinishedGame,
    {
        let progress = path_for(output);
        let resumed = if !resume {
            None
        } else if progress.exists() {
            GameJournal::resume(&progress, job.kind, job.command, settings, run_games)?
        } else if std::fs::metadata(output).is_ok_and(|m| m.len() > 0) {
            return Err(format!(
                "cannot resume '{}': it has no progress file '{}' (it was not written by \
                 `{} {}`); run without --resume to {}",
                output.display(),
                progress.display(),
                job.command,
                job.output_flag,
                job.again
            ));
        } else {
            None
        };
        // The progress file first: an output without one is not from a run to resume.
        match resumed {
            Some(resumed) => Ok(resumed),
            None => Ok((
                GameJournal::start(&progress, job.kind, settings)?,
                Vec::new(),
            )),
        }
    }

    /// One line more: `value` as JSON, written whole and flushed.
    pub(crate) fn record<T: Serialize>(&mut self, value: &T) -> Result<(), String> {
        let mut line =
            serde_json::to_string(value).map_err(|e| format!("cannot record progress: {e}"))?;
        line.push('\n');
        // One write of the whole line: a kill tears at most this line.
        self.file
            .write_all(line.as_bytes())
            .and_then(|_| self.file.flush())
            .map_err(|e| format!("cannot write '{}': {e}", self.path.display()))
    }
}

/// A job that keeps a [`GameJournal`]: its names, the settings it records and what it
/// records of each finished game.
pub(crate) trait Job {
    /// How the job names itself in its progress file and its messages.
    const NAMES: JobNames;
    /// The settings that decide the job's output's bytes.
    type Settings: Serialize + DeserializeOwned;
    /// One finished game, as its progress line records it.
    type Done: Serialize + DeserializeOwned + FinishedGame;
}

/// A job's journal and the games an earlier run finished.
pub(crate) type Opened<J> = (JobJournal<J>, Vec<<J as Job>::Done>);

/// A [`GameJournal`] typed by its job: what `annotate` and `puzzles` open, append to and
/// (in their tests) start and read back.
pub(crate) struct JobJournal<J: Job> {
    journal: GameJournal,
    job: std::marker::PhantomData<J>,
}

impl<J: Job> JobJournal<J> {
    fn typed(journal: GameJournal) -> JobJournal<J> {
        JobJournal {
            journal,
            job: std::marker::PhantomData,
        }
    }

    /// A new journal at `path` (the tests' way in: a run opens its journal with `open`).
    #[cfg(test)]
    pub(crate) fn start(path: &Path, settings: &J::Settings) -> Result<JobJournal<J>, String> {
        GameJournal::start(path, J::NAMES.kind, settings).map(Self::typed)
    }

    /// The journal beside `output`: with `resume` the earlier run's, read back with the
    /// games it finished; else a new one (see [`GameJournal::open`]).
    pub(crate) fn open(
        output: &Path,
        resume: bool,
        settings: &J::Settings,
        run_games: &[usize],
    ) -> Result<Opened<J>, String> {
        let (journal, done) = GameJournal::open(output, resume, &J::NAMES, settings, run_games)?;
        Ok((Self::typed(journal), done))
    }

    /// The journal at `path` read back (the tests' way in: a run opens its journal with `open`).
    #[cfg(test)]
    pub(crate) fn resume(
        path: &Path,
        settings: &J::Settings,
        run_games: &[usize],
    ) -> Result<Option<Opened<J>>, String> {
        let resumed =
            GameJournal::resume(path, J::NAMES.kind, J::NAMES.command, settings, run_games)?;
        Ok(resumed.map(|(journal, done)| (Self::typed(journal), done)))
    }

    /// One finished game more.
    pub(crate) fn record(&mut self, game: &J::Done) -> Result<(), String> {
        self.journal.record(game)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[derive(Serialize)]
    struct Settings {
        depth: u32,
        shard: Option<String>,
    }

    #[test]
    fn differences_name_each_setting_that_changed() {
        let then = Settings {
            depth: 4,
            shard: None,
        };
        let now = Settings {
            depth: 5,
            shard: Some("1/4".into()),
        };
        assert!(differences(&then, &then).is_empty());
        assert_eq!(
            differences(&then, &now),
            vec![
                "depth: then 4, now 5".to_string(),
                "shard: then null, now \"1/4\"".to_string()
            ]
        );
    }

    #[test]
    fn paths_and_reopening() {
        assert_eq!(
            path_for(Path::new("out/a.pgn")),
            PathBuf::from("out/a.pgn.progress")
        );
        let dir = std::env::temp_dir().join(format!("khun-progress-file-{}", std::process::id()));
        std::fs::create_dir_all(&dir).unwrap();
        let path = dir.join("out.txt");
        std::fs::write(&path, b"whole game\ntorn ga").unwrap();
        let mut file = reopen_at(&path, 11).unwrap();
        file.write_all(b"next\n").unwrap();
        drop(file);
        assert_eq!(std::fs::read(&path).unwrap(), b"whole game\nnext\n");
        assert!(
            reopen_at(&path, 1000)
                .unwrap_err()
                .contains("was it changed")
        );
        write_atomically(&path, b"new").unwrap();
        assert_eq!(std::fs::read(&path).unwrap(), b"new");
        let _ = std::fs::remove_dir_all(&dir);
    }
}
