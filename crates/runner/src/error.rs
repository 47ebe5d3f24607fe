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
