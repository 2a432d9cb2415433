//! Drives the real `khun` binary over stdin/stdout for black-box tests.
#![allow(dead_code)]

pub mod command_line;
pub mod fuzz;
pub mod positions;

use std::io::{BufRead, BufReader, Write};
use std::process::{Child, ChildStdin, Command, Stdio};
use std::sync::mpsc::{Receiver, RecvTimeoutError, channel};
use std::time::{Duration, Instant};

/// A running engine process.
pub struct EngineProcess {
    child: Child,
    stdin: Option<ChildStdin>,
    lines: Receiver<String>,
    /// Every line read so far, for failure messages.
    pub transcript: Vec<String>,
}

/// Generous limit for any single expected reply: tests assert outcomes, not speed.
pub const PATIENCE: Duration = Duration::from_secs(60);

impl EngineProcess {
    /// Starts `khun` with the given arguments.
    pub fn start(args: &[&str]) -> EngineProcess {
        let mut child = Command::new(env!("CARGO_BIN_EXE_khun"))
            .args(args)
            .stdin(Stdio::piped())
            .stdout(Stdio::piped())
            .stderr(Stdio::null())
            .spawn()
            .expect("start khun");
        let stdout = child.stdout.take().expect("stdout");
        let (tx, rx) = channel();
        std::thread::spawn(move || {
            let reader = BufReader::new(stdout);
            for line in reader.lines() {
                match line {
                    Ok(l) => {
                        if tx.send(l).is_err() {
                            return;
                        }
                    }
                    Err(_) => return,
                }
            }
        });
        let stdin = child.stdin.take();
        EngineProcess {
            child,
            stdin,
            lines: rx,
            transcript: Vec::new(),
        }
    }

    /// Sends one line.
    pub fn send(&mut self, line: &str) {
        let stdin = self.stdin.as_mut().expect("stdin open");
        writeln!(stdin, "{line}").expect("write to engine");
        stdin.flush().expect("flush");
    }

    /// Sends raw bytes (no newline added).
    pub fn send_bytes(&mut self, bytes: &[u8]) {
        let stdin = self.stdin.as_mut().expect("stdin open");
        stdin.write_all(bytes).expect("write to engine");
        stdin.flush().expect("flush");
    }

    /// Closes stdin (end of input).
    pub fn close_input(&mut self) {
        self.stdin = None;
    }

    /// The next line, or None after `timeout`.
    pub fn next_line(&mut self, timeout: Duration) -> Option<String> {
        match self.lines.recv_timeout(timeout) {
            Ok(l) => {
                self.transcript.push(l.clone());
                Some(l)
            }
            Err(RecvTimeoutError::Timeout) | Err(RecvTimeoutError::Disconnected) => None,
        }
    }

    /// Reads lines until one satisfies `pred`; returns all lines read, that one last.
    pub fn read_until(&mut self, pred: impl Fn(&str) -> bool, timeout: Duration) -> Vec<String> {
        let deadline = Instant::now() + timeout;
        let mut got = Vec::new();
        loop {
            let left = deadline.saturating_duration_since(Instant::now());
            match self.next_line(left) {
                Some(l) => {
                    let done = pred(&l);
                    got.push(l);
                    if done {
                        return got;
                    }
                }
                None => panic!(
                    "engine did not answer in {timeout:?}; transcript:\n{}",
                    self.transcript.join("\n")
                ),
            }
        }
    }

    /// Reads until a line starting with `prefix`; returns that line.
    pub fn expect_prefix(&mut self, prefix: &str) -> String {
        self.read_until(|l| l.starts_with(prefix), PATIENCE)
            .pop()
            .expect("a line")
    }

    /// Reads until `bestmove`; returns all lines read, `bestmove ...` last.
    pub fn until_bestmove(&mut self) -> Vec<String> {
        self.read_until(|l| l.starts_with("bestmove"), PATIENCE)
    }

    /// `isready` round trip: everything before `readyok`.
    pub fn sync(&mut self) -> Vec<String> {
        self.send("isready");
        let mut lines = self.read_until(|l| l == "readyok", PATIENCE);
        lines.pop();
        lines
    }

    /// XBoard's `ping N` round trip, asserting that nothing before the `pong` was an
    /// `Illegal move` or an `Error`: the commands sent before it were all taken.
    pub fn xboard_took_everything(&mut self, n: u32) {
        self.send(&format!("ping {n}"));
        let pong = format!("pong {n}");
        let lines = self.read_until(|l| l == pong, PATIENCE);
        assert!(
            !lines
                .iter()
                .any(|l| l.starts_with("Illegal") || l.starts_with("Error")),
            "{lines:?}"
        );
    }

    /// The FEN the engine holds, from `d`.
    pub fn fen(&mut self) -> String {
        self.send("d");
        let lines = self.sync();
        lines
            .iter()
            .find_map(|l| l.strip_prefix("Fen: "))
            .unwrap_or_else(|| panic!("no Fen line in {lines:?}"))
            .to_string()
    }

    /// Lines that arrive within `window` (for "nothing more is printed" checks).
    pub fn drain(&mut self, window: Duration) -> Vec<String> {
        let deadline = Instant::now() + window;
        let mut got = Vec::new();
        while let Some(l) = self.next_line(deadline.saturating_duration_since(Instant::now())) {
            got.push(l);
        }
        got
    }

    /// Waits for the process to exit; returns whether it did within `timeout`, and
    /// its exit status success.
    pub fn wait_exit(&mut self, timeout: Duration) -> Option<bool> {
        let deadline = Instant::now() + timeout;
        loop {
            if let Ok(Some(status)) = self.child.try_wait() {
                return Some(status.success());
            }
            if Instant::now() >= deadline {
                return None;
            }
            std::thread::sleep(Duration::from_millis(5));
        }
    }
}

impl Drop for EngineProcess {
    fn drop(&mut self) {
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
}

/// The move of a `bestmove` line (`bestmove e3e4 ponder d6d5` -> `e3e4`).
pub fn bestmove_of(line: &str) -> &str {
    line.split_whitespace().nth(1).expect("bestmove has a move")
}

/// The value after `key` in an `info` line.
pub fn info_field<'a>(line: &'a str, key: &str) -> Option<&'a str> {
    let mut it = line.split_whitespace();
    while let Some(t) = it.next() {
        if t == key {
            return it.next();
        }
    }
    None
}

/// The placement field of a FEN for 64 cells indexed by square (a1 = 0, h8 = 63),
/// `' '` for an empty square.
pub fn placement_field(board: &[char; 64]) -> String {
    (0..8)
        .rev()
        .map(|rank| {
            let mut text = String::new();
            let mut empty = 0;
            for &c in &board[rank * 8..rank * 8 + 8] {
                if c == ' ' {
                    empty += 1;
                } else {
                    if empty > 0 {
                        text.push_str(&empty.to_string());
                        empty = 0;
                    }
                    text.push(c);
                }
            }
            if empty > 0 {
                text.push_str(&empty.to_string());
            }
            text
        })
        .collect::<Vec<_>>()
        .join("/")
}

/// Sends `signal` (`TERM`, `INT`, `KILL`) to a child with the system's `kill`.
pub fn send_signal(child: &Child, signal: &str) {
    let status = Command::new("kill")
        .arg(format!("-{signal}"))
        .arg(child.id().to_string())
        .status()
        .expect("run kill");
    assert!(status.success(), "kill -{signal} {} failed", child.id());
}

/// Polls `ready` until it holds while `child` is still running: true then, false
/// when the child ended first. Panics after [`PATIENCE`] (a hung child).
pub fn wait_while_running(child: &mut Child, ready: impl Fn() -> bool) -> bool {
    let deadline = Instant::now() + PATIENCE;
    loop {
        if child.try_wait().expect("child status").is_some() {
            return false;
        }
        if ready() {
            return true;
        }
        assert!(Instant::now() < deadline, "no progress in {PATIENCE:?}");
        std::thread::sleep(Duration::from_millis(5));
    }
}

pub fn is_bestmove(line: &str) -> bool {
    line.starts_with("bestmove")
}

pub fn errors(lines: &[String]) -> Vec<&String> {
    lines
        .iter()
        .filter(|l| l.starts_with("info string error: "))
        .collect()
}

/// A search's output without the fields that vary from run to run (time, speed).
pub fn without_timing(lines: &[String]) -> Vec<String> {
    lines
        .iter()
        .map(|l| {
            let mut out = Vec::new();
            let mut it = l.split_whitespace();
            while let Some(t) = it.next() {
                if t == "time" || t == "nps" {
                    it.next();
                } else {
                    out.push(t);
                }
            }
            out.join(" ")
        })
        .collect()
}

/// Reads until `n` `bestmove` lines have arrived; returns them.
pub fn read_bestmoves(e: &mut EngineProcess, n: usize) -> Vec<String> {
    let mut found = Vec::new();
    while found.len() < n {
        let line = e.until_bestmove().pop().expect("a bestmove");
        found.push(line);
    }
    found
}

/// The text of `engine-tests/data/NAME`.
pub fn data(name: &str) -> String {
    let path = format!("{}/engine-tests/data/{name}", env!("CARGO_MANIFEST_DIR"));
    std::fs::read_to_string(&path).unwrap_or_else(|e| panic!("read {path}: {e}"))
}

/// The tab-separated rows of a data file's text, without comments (`#`) and blank lines.
pub fn rows(text: &str) -> impl Iterator<Item = Vec<&str>> {
    text.lines()
        .filter(|l| !l.starts_with('#') && !l.trim().is_empty())
        .map(|l| l.split('\t').collect())
}
