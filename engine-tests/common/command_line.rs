//! Running the real binary's commands (`khun analyze`, `annotate`, `records`) for the
//! command-line tests: a finished run's exit code and output, the reference data's
//! paths, a scratch directory kept when a test fails, and strict readers of the PGN
//! and JSON they write (a missing field or a value of the wrong type fails the test).

pub use serde_json::Value as Json;
use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};

/// What a finished `khun` run left behind.
pub struct Run {
    pub code: Option<i32>,
    pub stdout: String,
    pub stderr: String,
}

pub fn khun(args: &[&str]) -> Run {
    let out = Command::new(env!("CARGO_BIN_EXE_khun"))
        .args(args)
        .stdin(Stdio::null())
        .output()
        .expect("run khun");
    Run {
        code: out.status.code(),
        stdout: String::from_utf8_lossy(&out.stdout).into_owned(),
        stderr: String::from_utf8_lossy(&out.stderr).into_owned(),
    }
}

/// The path of `engine-tests/data/NAME`.
pub fn data_path(name: &str) -> String {
    Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("engine-tests/data")
        .join(name)
        .to_string_lossy()
        .into_owned()
}

/// A scratch directory for one test, removed when the test ends.
pub struct Scratch(PathBuf);

impl Scratch {
    pub fn new(test: &str) -> Scratch {
        let dir = std::env::temp_dir().join(format!("khun-cli-{}-{test}", std::process::id()));
        std::fs::create_dir_all(&dir).expect("scratch dir");
        Scratch(dir)
    }

    pub fn path(&self, name: &str) -> PathBuf {
        self.0.join(name)
    }

    /// Writes `text` to a file in the directory; returns its path.
    pub fn write(&self, name: &str, text: &str) -> String {
        let path = self.path(name);
        std::fs::write(&path, text).expect("write scratch file");
        path.to_string_lossy().into_owned()
    }
}

impl Drop for Scratch {
    fn drop(&mut self) {
        // A failed test leaves its files to look at.
        if std::thread::panicking() {
            eprintln!("the test's files are kept in {}", self.0.display());
        } else {
            let _ = std::fs::remove_dir_all(&self.0);
        }
    }
}

/// The movetext of a PGN output on one line, whitespace collapsed.
pub fn flat(pgn: &str) -> String {
    pgn.split_whitespace().collect::<Vec<_>>().join(" ")
}

pub trait Fields {
    fn field(&self, key: &str) -> &Json;
    fn str(&self) -> &str;
    fn num(&self) -> f64;
    fn arr(&self) -> &[Json];
}

impl Fields for Json {
    fn field(&self, key: &str) -> &Json {
        self.as_object()
            .unwrap_or_else(|| panic!("not an object: {self}"))
            .get(key)
            .unwrap_or_else(|| panic!("no field '{key}' in {self}"))
    }

    fn str(&self) -> &str {
        self.as_str()
            .unwrap_or_else(|| panic!("not a string: {self}"))
    }

    fn num(&self) -> f64 {
        self.as_f64()
            .unwrap_or_else(|| panic!("not a number: {self}"))
    }

    fn arr(&self) -> &[Json] {
        self.as_array()
            .unwrap_or_else(|| panic!("not an array: {self}"))
    }
}

pub fn parse_json(text: &str) -> Json {
    serde_json::from_str(text).unwrap_or_else(|e| panic!("not JSON ({e}): {text}"))
}

/// The game numbers named by the `% khun annotate --shard` lines of an output.
pub fn shard_games(out: &str) -> Vec<usize> {
    out.lines()
        .filter_map(|l| l.strip_prefix("% khun annotate --shard "))
        .map(|l| {
            let game = l.split(": game ").nth(1).unwrap();
            game.split(" of ").next().unwrap().parse().unwrap()
        })
        .collect()
}
