//! A UCI session driven one line at a time, with each output line handed to a
//! callback: how a Web Worker or node runs the engine (`web/src/khun.js` feeds it the
//! lines that come in and posts the lines that go out). The session is the native
//! one ([`Uci`]); only where its lines come from and go to differ.

use crate::platform::io::Output;
use crate::uci::Uci;
use std::io::Write;
use std::sync::Arc;

/// A UCI session whose output goes, line by line, to a callback.
pub struct WebSession {
    uci: Uci,
}

/// Collects written bytes and hands each complete line to `emit`.
struct LineSink {
    pending: Vec<u8>,
    emit: Box<dyn FnMut(&str) + Send>,
}

impl Write for LineSink {
    fn write(&mut self, bytes: &[u8]) -> std::io::Result<usize> {
        self.pending.extend_from_slice(bytes);
        while let Some(end) = self.pending.iter().position(|&b| b == b'\n') {
            let line: Vec<u8> = self.pending.drain(..=end).collect();
            (self.emit)(String::from_utf8_lossy(&line[..end]).trim_end_matches('\r'));
        }
        Ok(bytes.len())
    }

    fn flush(&mut self) -> std::io::Result<()> {
        Ok(())
    }
}

impl WebSession {
    /// A session that hands every line it prints to `emit`, without its newline.
    pub fn new(emit: Box<dyn FnMut(&str) + Send>) -> WebSession {
        let sink = LineSink {
            pending: Vec::new(),
            emit,
        };
        WebSession {
            uci: Uci::new(Arc::new(Output::new(Box::new(sink)))),
        }
    }

    /// Handles one UCI line (a search runs to its answer before this returns); false
    /// after `quit`.
    pub fn handle_line(&mut self, line: &str) -> bool {
        self.uci.handle_line_guarded(line)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::sync::Mutex;

    #[test]
    fn a_session_answers_line_by_line() {
        let lines = Arc::new(Mutex::new(Vec::<String>::new()));
        let seen = Arc::clone(&lines);
        let mut session = WebSession::new(Box::new(move |line| {
            seen.lock().unwrap().push(line.to_string())
        }));
        assert!(session.handle_line("isready"));
        assert!(session.handle_line("position startpos moves e3e4"));
        assert!(session.handle_line("go depth 3"));
        // Natively the search runs on a thread of its own: a new game waits for its
        // answer (on the web `go` returns with it).
        assert!(session.handle_line("ucinewgame"));
        assert!(session.handle_line("position fen not-a-fen"));
        assert!(!session.handle_line("quit"));
        let lines = lines.lock().unwrap().clone();
        assert_eq!(lines[0], "readyok");
        assert!(
            lines.iter().any(|l| l.starts_with("bestmove ")),
            "{lines:?}"
        );
        assert!(
            lines.iter().any(|l| l.starts_with("info string error: ")),
            "{lines:?}"
        );
    }
}
