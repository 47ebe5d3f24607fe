//! The checkpoint journal: the tasks a run has finished, kept on disk so
//! that a run killed at any moment resumes without losing or repeating one.
//!
//! One file of JSON lines. The first line says what the file is and of
//! which work list ([`Identity`]); each further line is one finished task,
//! `{"task":INDEX,"result":...}`, appended with a single `write` as soon as
//! the task is done. A process killed right after loses nothing it
//! finished; one killed in the middle of a write leaves at most a torn last
//! line, without its newline, which is ignored (that task is solved
//! again). Every so often, and when the journal is opened, it is compacted:
//! rewritten whole, one line per task in task order, into a temporary file
//! that is flushed to disk and renamed over the journal, so a reader sees
//! the old journal or the new one, never a mixture.

use std::collections::BTreeMap;
use std::fs::{File, OpenOptions};
use std::io::{self, Write};
use std::path::{Path, PathBuf};
use std::time::{Duration, Instant};

use serde::{Deserialize, Serialize};
use serde_json::Value;

use crate::error::Error;
use crate::file;
use crate::job::Identity;
use crate::tally::Tally;

/// What the first line of a journal says it is.
pub const JOURNAL_FORMAT: &str = "backtrack-journal";

/// The version of the journal's layout this crate reads and writes.
/// Version 1 was the N-queens tool's own `nqueens-checkpoint` snapshot and
/// `.journal` pair.
pub const JOURNAL_VERSION: u32 = 2;

#[derive(Serialize, Deserialize)]
struct Header {
    format: String,
    version: u32,
    identity: Identity,
}

#[derive(Serialize, Deserialize)]
struct Entry {
    task: u64,
    result: Value,
}

/// An open checkpoint journal: the finished tasks and where to record more.
#[derive(Debug)]
pub struct Journal<T> {
    path: PathBuf,
    /// Open for appending; `None` only until the first compaction.
    file: Option<File>,
    identity: Identity,
    done: BTreeMap<u64, T>,
    compact_every: Duration,
    compacted: Instant,
}

impl<T: Tally + PartialEq> Journal<T> {
    /// Opens the journal at `path` for the work list `identity`, creating
    /// it if it does not exist, and compacts it. `compact_every` is how
    /// often [`record`](Journal::record) rewrites it whole.
    ///
    /// # Errors
    ///
    /// [`Error::Refused`] for a file that is not a journal of this work
    /// list (another problem, another split, an earlier version of the
    /// format, a corrupt line); [`Error::Io`] when it cannot be read or
    /// written.
    pub fn open(path: &Path, identity: &Identity, compact_every: Duration) -> Result<Self, Error> {
        let done = match file::read_limited(path) {
            Ok(bytes) => read(path, &bytes, identity)?,
            Err(e) if e.kind() == io::ErrorKind::NotFound => BTreeMap::new(),
            Err(e) => return Err(Error::io("cannot read the checkpoint", path, e)),
        };
        let mut journal = Journal {
            file: None,
            path: path.to_owned(),
            identity: identity.clone(),
            done,
            compact_every,
            compacted: Instant::now(),
        };
        journal.compact()?;
        Ok(journal)
    }

    /// The finished tasks and their results.
    pub fn done(&self) -> &BTreeMap<u64, T> {
        &self.done
    }

    /// The journal's file.
    pub fn path(&self) -> &Path {
        &self.path
    }

    /// Records a finished task: appended to the journal at once, and the
    /// journal compacted when `compact_every` has passed.
    ///
    /// # Errors
    ///
    /// [`Error::Io`] when the journal cannot be written.
    pub fn record(&mut self, task: u64, result: &T) -> Result<(), Error> {
        if self.done.insert(task, result.clone()).is_some() {
            return Ok(());
        }
        let mut line = entry_line(task, result);
        line.push('\n');
        // One write call: a kill leaves the line whole or torn, never mixed
        // with another.
        let appended = match self.file.as_mut() {
            Some(file) => file.write_all(line.as_bytes()),
            None => Err(io::Error::other("the journal is not open")),
        };
        appended.map_err(|e| Error::io("cannot write the checkpoint", &self.path, e))?;
        if self.compacted.elapsed() >= self.compact_every {
            self.compact()?;
        }
        Ok(())
    }

    /// Rewrites the journal whole, atomically, and appends from there.
    ///
    /// # Errors
    ///
    /// [`Error::Io`] when it cannot be written.
    pub fn compact(&mut self) -> Result<(), Error> {
        let header = Header {
            format: JOURNAL_FORMAT.to_owned(),
            version: JOURNAL_VERSION,
            identity: self.identity.clone(),
        };
        let mut text = serde_json::to_string(&header)
            .map_err(io::Error::other)
            .map_err(|e| Error::io("cannot write the checkpoint", &self.path, e))?;
        text.push('\n');
        for (&task, result) in &self.done {
            text.push_str(&entry_line(task, result));
            text.push('\n');
        }
        file::write_atomically(&self.path, text.as_bytes())
            .map_err(|e| Error::io("cannot write the checkpoint", &self.path, e))?;
        self.file = Some(
            OpenOptions::new()
                .append(true)
                .open(&self.path)
                .map_err(|e| Error::io("cannot write the checkpoint", &self.path, e))?,
        );
        self.compacted = Instant::now();
        Ok(())
    }
}

fn entry_line<T: Tally>(task: u64, result: &T) -> String {
    let entry = Entry {
        task,
        result: result.to_json(),
    };
    // A map of strings and numbers always serializes.
    serde_json::to_string(&entry).unwrap_or_default()
}

/// The finished tasks of a journal's bytes, checked against `identity`.
fn read<T: Tally + PartialEq>(
    path: &Path,
    bytes: &[u8],
    identity: &Identity,
) -> Result<BTreeMap<u64, T>, Error> {
    let name = path.display();
    let refuse = |reason: String| Error::Refused(vec![format!("{name}: {reason}")]);
    if bytes.is_empty() {
        return Ok(BTreeMap::new());
    }
    // The header is whole (it is only ever written by a compaction, which
    // is atomic); of the entries, only whole lines count: the last one may
    // be torn by a kill in the middle of its write.
    let mut lines = bytes.split_inclusive(|&b| b == b'\n');
    let first = lines.next().unwrap_or_default();
    let lines = lines.filter(|line| line.ends_with(b"\n"));
    let header: Value = serde_json::from_slice(first).map_err(|_| {
        refuse(format!(
            "not a checkpoint journal (its first line is not a {JOURNAL_FORMAT} header); give another file or remove it"
        ))
    })?;
    let format = header.get("format").and_then(Value::as_str);
    if format == Some("nqueens-checkpoint") {
        return Err(refuse(format!(
            "a checkpoint of an earlier version (nqueens-checkpoint, format version 1); this version reads {JOURNAL_FORMAT} version {JOURNAL_VERSION}: remove it (and its .journal) and count again"
        )));
    }
    if format != Some(JOURNAL_FORMAT) {
        return Err(refuse(format!(
            "not a checkpoint journal (format {}); give another file or remove it",
            format.map_or_else(
                || "missing".to_owned(),
                |f| format!("{:?}", crate::error::echo(f))
            )
        )));
    }
    let version = header.get("version").and_then(Value::as_u64);
    if version != Some(u64::from(JOURNAL_VERSION)) {
        return Err(refuse(format!(
            "a checkpoint journal of format version {}; this version reads version {JOURNAL_VERSION}",
            version.map_or_else(|| "unknown".to_owned(), |v| v.to_string())
        )));
    }
    let header: Header = serde_json::from_value(header).map_err(|e| {
        refuse(format!(
            "a damaged journal header: {}",
            crate::error::short(e)
        ))
    })?;
    if header.identity != *identity {
        return Err(refuse(format!(
            "a checkpoint of another work list: {}; this run is {identity}; use another file",
            header.identity
        )));
    }
    let mut done = BTreeMap::new();
    for (number, line) in lines.enumerate() {
        let line_number = number + 2;
        let entry: Entry = serde_json::from_slice(line)
            .map_err(|_| refuse(format!("line {line_number} is not a journal entry")))?;
        if entry.task >= identity.tasks {
            return Err(refuse(format!(
                "line {line_number}: there is no task {} (the work list has {})",
                entry.task, identity.tasks
            )));
        }
        let result = T::from_json(&entry.result).ok_or_else(|| {
            refuse(format!(
                "line {line_number}: not a result of this work list"
            ))
        })?;
        if let Some(known) = done.insert(entry.task, result.clone())
            && known != result
        {
            return Err(refuse(format!(
                "task {} has two different results; the checkpoint is corrupt",
                entry.task
            )));
        }
    }
    Ok(done)
}
