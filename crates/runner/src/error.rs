//! The crate's error type.

use std::io;
use std::path::{Path, PathBuf};

/// What can go wrong running a work list with files, or merging shards.
#[derive(Debug, thiserror::Error)]
#[non_exhaustive]
pub enum Error {
    /// A file or directory could not be read or written.
    #[error("{action} {}: {}", echo_path(path), plain(source))]
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

/// How many characters of a path an error message repeats.
pub const PATH_MAX: usize = 160;

/// A path as an error message shows it: on one line (a control character
/// such as a newline written as an escape, `\n`), and when longer than
/// [`PATH_MAX`] characters, its start and its end around `...`, so that
/// the file name stays in sight.
///
/// # Example
///
/// ```
/// use std::path::Path;
/// assert_eq!(runner::echo_path(Path::new("a\nb.journal")), "a\\nb.journal");
/// let long = format!("{}/c.journal", "d".repeat(1000));
/// let shown = runner::echo_path(Path::new(&long));
/// assert!(shown.len() < 200 && shown.ends_with("/c.journal"), "{shown}");
/// ```
pub fn echo_path(path: &Path) -> String {
    let text = path.to_string_lossy();
    let escaped = escape_controls(&text);
    let count = escaped.chars().count();
    if count <= PATH_MAX {
        return escaped;
    }
    let half = PATH_MAX / 2;
    let head: String = escaped.chars().take(half).collect();
    let tail: String = escaped.chars().skip(count - half).collect();
    format!("{head}...{tail}")
}

/// A name as an error message repeats it: [`echo`]'s cut, and when it is
/// cut, a short hash of the whole name, so that two long names that begin
/// alike are told apart: `nqueens-with-a-long-name-012345... (name
/// 1a2b3c4d)`.
pub fn echo_name(name: &str) -> String {
    if name.chars().nth(ECHO_MAX).is_none() {
        echo(name)
    } else {
        format!("{} (name {})", echo(name), crate::digest::short_hash(name))
    }
}

/// A message from elsewhere (a JSON parser's, which quotes the value it
/// did not expect) cut to a line of reasonable length.
pub(crate) fn short(message: impl std::fmt::Display) -> String {
    cut(&message.to_string(), 4 * ECHO_MAX)
}

/// `text`'s first `max` characters and `...` if it is longer, a control
/// character (a newline, a tab) written as its escape so the message stays
/// on one line.
fn cut(text: &str, max: usize) -> String {
    let (head, more) = match text.char_indices().nth(max) {
        Some((end, _)) => (&text[..end], "..."),
        None => (text, ""),
    };
    let mut out = escape_controls(head);
    out.push_str(more);
    out
}

fn escape_controls(text: &str) -> String {
    let mut out = String::with_capacity(text.len());
    for c in text.chars() {
        if c.is_control() {
            out.extend(c.escape_default());
        } else {
            out.push(c);
        }
    }
    out
}
