//! The crate's error type.

use std::io;
use std::path::{Path, PathBuf};

/// What can go wrong running a work list with files, or merging shards.
#[derive(Debug, thiserror::Error)]
#[non_exhaustive]
pub enum Error {
    /// A file or directory could not be read or written.
    #[error("{action} {}: {}", path.display(), plain(source))]
    Io {
        /// What was being done: `cannot write the checkpoint`.
        action: &'static str,
        /// The file or directory.
        path: PathBuf,
        /// Why it failed.
        source: io::Error,
    },
    /// Files that cannot be trusted: a checkpoint of another work list, an
    /// earlier format, shards that disagree or are missing. One line each.
    #[error("{}", .0.join("\n"))]
    Refused(Vec<String>),
    /// Arguments that name no work: shard 5 of 4, more shards than tasks.
    #[error("{0}")]
    Usage(String),
}

impl Error {
    pub(crate) fn io(action: &'static str, path: &Path, source: io::Error) -> Error {
        Error::Io {
            action,
            path: path.to_owned(),
            source,
        }
    }
}

/// An I/O error's message without the operating system's error number:
/// "Permission denied", not "Permission denied (os error 13)".
pub fn plain(e: &io::Error) -> String {
    let text = e.to_string();
    match text.find(" (os error") {
        Some(end) => text[..end].to_owned(),
        None => text,
    }
}

/// How many characters of a user's text an error message repeats.
pub const ECHO_MAX: usize = 32;

/// `text` as an error message repeats it: whole if it is short, else its
/// first [`ECHO_MAX`] characters and `...`, so that a 100 MB token gives a
/// one-line message, not a 100 MB one.
///
/// # Example
///
/// ```
/// assert_eq!(runner::echo("six"), "six");
/// assert_eq!(runner::echo(&"9".repeat(1000)), format!("{}...", "9".repeat(32)));
/// ```
pub fn echo(text: &str) -> String {
    cut(text, ECHO_MAX)
}

/// A message from elsewhere (a JSON parser's, which quotes the value it
/// did not expect) cut to a line of reasonable length.
pub(crate) fn short(message: impl std::fmt::Display) -> String {
    cut(&message.to_string(), 4 * ECHO_MAX)
}

fn cut(text: &str, max: usize) -> String {
    match text.char_indices().nth(max) {
        Some((end, _)) => format!("{}...", &text[..end]),
        None => text.to_owned(),
    }
}
