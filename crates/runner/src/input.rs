//! Reading a text line by line with a maximum length for each line and a
//! maximum size for the whole text, both checked before a byte is kept: a
//! file without a newline (`/dev/zero`) or an endless comment line is
//! refused after at most the maximum, not read into memory.

use std::io::{self, BufRead};

use crate::error::plain;

/// The most a line-oriented reader takes: bytes per line (the newline not
/// counted) and bytes in all (newlines counted).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct LineLimits {
    /// The longest line, in bytes.
    pub line: usize,
    /// The whole text, in bytes.
    pub total: u64,
}

/// Why a text could not be read line by line. Every message names the
/// line, and the maximum crossed.
#[derive(Debug, thiserror::Error)]
#[non_exhaustive]
pub enum LineError {
    /// A line (a comment line too) is longer than [`LineLimits::line`].
    #[error("line {line} is longer than {max} bytes")]
    LineTooLong {
        /// The line, from 1.
        line: usize,
        /// The maximum.
        max: usize,
    },
    /// The text is larger than [`LineLimits::total`].
    #[error("the input is larger than {max} bytes (at line {line})")]
    TooLarge {
        /// The line being read when the maximum was crossed, from 1.
        line: usize,
        /// The maximum.
        max: u64,
    },
    /// A line that is not UTF-8 text.
    #[error("line {line} is not UTF-8 text")]
    NotUtf8 {
        /// The line, from 1.
        line: usize,
    },
    /// The reader failed.
    #[error("cannot read line {line}: {}", plain(source))]
    Io {
        /// The line being read, from 1.
        line: usize,
        /// What the reader said.
        source: io::Error,
    },
}

impl LineError {
    /// The line the error is about, from 1.
    pub fn line(&self) -> usize {
        match self {
            LineError::LineTooLong { line, .. }
            | LineError::TooLarge { line, .. }
            | LineError::NotUtf8 { line }
            | LineError::Io { line, .. } => *line,
        }
    }
}

/// The lines of a text, read within [`LineLimits`]; from [`Lines::new`].
///
/// Each line comes without its `\n` (a `\r` before it is kept: callers
/// that trim lose it). After an error the reading ends.
///
/// # Example
///
/// ```
/// use runner::{LineLimits, Lines};
///
/// let limits = LineLimits { line: 8, total: 1 << 20 };
/// let mut lines = Lines::new("# short\nnot short at all\n".as_bytes(), limits);
/// assert_eq!(lines.next_line().unwrap().unwrap(), (1, "# short"));
/// let error = lines.next_line().unwrap().unwrap_err();
/// assert_eq!(error.to_string(), "line 2 is longer than 8 bytes");
/// assert!(lines.next_line().is_none());
/// ```
#[derive(Debug)]
pub struct Lines<R> {
    reader: R,
    limits: LineLimits,
    line: usize,
    read: u64,
    buffer: Vec<u8>,
    ended: bool,
}

impl<R: BufRead> Lines<R> {
    /// Reads `reader` line by line within `limits`.
    pub fn new(reader: R, limits: LineLimits) -> Lines<R> {
        Lines {
            reader,
            limits,
            line: 0,
            read: 0,
            buffer: Vec::new(),
            ended: false,
        }
    }

    /// The next line and its number (from 1), `None` at the end of the
    /// text or after an error.
    ///
    /// # Errors
    ///
    /// A [`LineError`] naming the line: longer than the limit, the text
    /// larger than its limit, not UTF-8, or the reader failing.
    pub fn next_line(&mut self) -> Option<Result<(usize, &str), LineError>> {
        if self.ended {
            return None;
        }
        match self.fill() {
            Ok(true) => {}
            Ok(false) => {
                self.ended = true;
                return None;
            }
            Err(e) => {
                self.ended = true;
                return Some(Err(e));
            }
        }
        let line = self.line;
        match std::str::from_utf8(&self.buffer) {
            Ok(text) => Some(Ok((line, text))),
            Err(_) => {
                self.ended = true;
                Some(Err(LineError::NotUtf8 { line }))
            }
        }
    }

    /// Reads the next line into the buffer; `false` at the end of the text.
    fn fill(&mut self) -> Result<bool, LineError> {
        self.buffer.clear();
        self.line += 1;
        let line = self.line;
        let mut any = false;
        loop {
            let chunk = match self.reader.fill_buf() {
                Ok(chunk) => chunk,
                Err(e) if e.kind() == io::ErrorKind::Interrupted => continue,
                Err(source) => return Err(LineError::Io { line, source }),
            };
            if chunk.is_empty() {
                return Ok(any);
            }
            any = true;
            let newline = chunk.iter().position(|&b| b == b'\n');
            let (kept, taken) = match newline {
                Some(at) => (at, at + 1),
                None => (chunk.len(), chunk.len()),
            };
            if self.read + taken as u64 > self.limits.total {
                return Err(LineError::TooLarge {
                    line,
                    max: self.limits.total,
                });
            }
            if self.buffer.len() + kept > self.limits.line {
                return Err(LineError::LineTooLong {
                    line,
                    max: self.limits.line,
                });
            }
            self.buffer.extend_from_slice(&chunk[..kept]);
            self.reader.consume(taken);
            self.read += taken as u64;
            if newline.is_some() {
                return Ok(true);
            }
        }
    }
}

/// The whole text of `reader`, each line checked against `limits` as it
/// is read, with `\n` line ends (a missing last one added).
///
/// # Errors
///
/// The first [`LineError`].
///
/// # Example
///
/// ```
/// use runner::{LineLimits, read_text};
///
/// let limits = LineLimits { line: 80, total: 10 };
/// assert_eq!(read_text("a\nb".as_bytes(), limits)?, "a\nb\n");
/// let error = read_text("0123456789\n".as_bytes(), limits).unwrap_err();
/// assert_eq!(error.to_string(), "the input is larger than 10 bytes (at line 1)");
/// # Ok::<(), runner::LineError>(())
/// ```
pub fn read_text(reader: impl BufRead, limits: LineLimits) -> Result<String, LineError> {
    let mut lines = Lines::new(reader, limits);
    let mut text = String::new();
    while let Some(line) = lines.next_line() {
        text.push_str(line?.1);
        text.push('\n');
    }
    Ok(text)
}
