//! Input and output for the protocols: a reader thread that turns stdin into lines on
//! a channel (so commands are answered while a search runs), and a line printer that
//! the protocol loop and the search thread share.

use crossbeam_channel::{Receiver, unbounded};
use std::io::{BufRead, Write};
use std::sync::Mutex;

/// Lines longer than this are cut (the rest of the line is read and dropped), so
/// hostile input cannot make the engine hold gigabytes.
pub(crate) const MAX_LINE_BYTES: usize = 1 << 20;

/// One event from the input.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Input {
    /// A line, decoded as UTF-8 with invalid bytes replaced; NUL bytes become spaces.
    Line(String),
    /// The line was longer than `MAX_LINE_BYTES`; its start is kept.
    Truncated(String),
    /// End of input (treated as `quit`).
    Eof,
}

fn decode(bytes: &[u8]) -> String {
    let text = String::from_utf8_lossy(bytes);
    text.trim_end_matches(['\n', '\r']).replace('\0', " ")
}

/// Reads one line of at most `MAX_LINE_BYTES`, discarding the excess.
fn read_line(reader: &mut impl BufRead) -> std::io::Result<Option<Input>> {
    let mut line = Vec::new();
    let mut truncated = false;
    loop {
        let buf = match reader.fill_buf() {
            Ok(b) => b,
            Err(e) if e.kind() == std::io::ErrorKind::Interrupted => continue,
            Err(e) => return Err(e),
        };
        if buf.is_empty() {
            if line.is_empty() && !truncated {
                return Ok(None);
            }
            break;
        }
        let (chunk, done) = match buf.iter().position(|&b| b == b'\n') {
            Some(i) => (&buf[..=i], true),
            None => (buf, false),
        };
        let room = MAX_LINE_BYTES.saturating_sub(line.len());
        if chunk.len() > room {
            truncated = true;
        }
        line.extend_from_slice(&chunk[..chunk.len().min(room)]);
        let used = chunk.len();
        reader.consume(used);
        if done {
            break;
        }
    }
    let text = decode(&line);
    Ok(Some(if truncated {
        Input::Truncated(text)
    } else {
        Input::Line(text)
    }))
}

/// Starts a thread that reads `input` line by line and sends the lines on.
pub(crate) fn spawn_reader<R: std::io::Read + Send + 'static>(input: R) -> Receiver<Input> {
    let (tx, rx) = unbounded();
    std::thread::Builder::new()
        .name("khun-stdin".into())
        .spawn(move || {
            let mut reader = std::io::BufReader::new(input);
            loop {
                match read_line(&mut reader) {
                    Ok(Some(input)) => {
                        if tx.send(input).is_err() {
                            return;
                        }
                    }
                    Ok(None) | Err(_) => {
                        let _ = tx.send(Input::Eof);
                        return;
                    }
                }
            }
        })
        .expect("spawn the input thread");
    rx
}

/// The first `max` characters of `s`, with `...` when something was cut: hostile input
/// shortened before a message quotes it.
pub(crate) fn clip_to(s: &str, max: usize) -> String {
    let mut chars = s.chars();
    let mut out: String = chars.by_ref().take(max).collect();
    if chars.next().is_some() {
        out.push_str("...");
    }
    out
}

/// A shared, line-atomic writer: whole lines only, flushed at once.
pub struct Output {
    sink: Mutex<Box<dyn Write + Send>>,
}

impl Output {
    pub fn stdout() -> Output {
        Output {
            sink: Mutex::new(Box::new(std::io::stdout())),
        }
    }

    pub fn new(sink: Box<dyn Write + Send>) -> Output {
        Output {
            sink: Mutex::new(sink),
        }
    }

    /// Writes one line and flushes. A closed stdout is ignored (the GUI has gone).
    pub(crate) fn line(&self, text: &str) {
        let mut sink = match self.sink.lock() {
            Ok(s) => s,
            Err(poisoned) => poisoned.into_inner(),
        };
        let _ = writeln!(sink, "{text}");
        let _ = sink.flush();
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn lines_are_decoded_and_bounded() {
        let mut data: Vec<u8> = b"uci\r\nposition\0startpos\n\xff\xfeisready\n".to_vec();
        data.extend(std::iter::repeat_n(b'a', MAX_LINE_BYTES + 10));
        data.extend(b"\nquit");
        let mut r = std::io::BufReader::new(&data[..]);
        assert_eq!(read_line(&mut r).unwrap(), Some(Input::Line("uci".into())));
        assert_eq!(
            read_line(&mut r).unwrap(),
            Some(Input::Line("position startpos".into()))
        );
        assert_eq!(
            read_line(&mut r).unwrap(),
            Some(Input::Line("\u{fffd}\u{fffd}isready".into()))
        );
        match read_line(&mut r).unwrap() {
            Some(Input::Truncated(s)) => assert_eq!(s.len(), MAX_LINE_BYTES),
            other => panic!("{other:?}"),
        }
        assert_eq!(read_line(&mut r).unwrap(), Some(Input::Line("quit".into())));
        assert_eq!(read_line(&mut r).unwrap(), None);
    }
}
