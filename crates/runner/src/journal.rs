//! The checkpoint journal: the tasks a run has finished, kept on disk so
//! that a run killed at any moment resumes without losing or repeating one.
//!
//! One file of JSON lines. The first line says what the file is and of
//! which work list ([`Identity`]); each further line is one finished task,
//! `{"task":INDEX,"result":...,"checksum":...}`, appended with a single
//! `write` as soon as the task is done. Every line carries a checksum of
//! its content (an entry's also covers the work list's hash, so a line
//! copied from another journal is refused). A process killed right after
//! an append loses nothing it finished; one killed in the middle of a
//! write leaves at most a torn last line, without its newline, which is
//! cut off when the journal is opened again (that task is solved again).
//!
//! Opening an existing journal only reads it (and cuts a torn line off):
//! it goes on by appending, so a run resumes in place even on a full disk.
//! Every so often the journal is compacted: rewritten whole, one line per
//! task in task order, into a temporary file that is flushed to disk and
//! renamed over the journal, so a reader sees the old journal or the new
//! one, never a mixture; a compaction that fails leaves the old journal,
//! which is whole, and the run goes on appending to it.

use std::collections::BTreeMap;
use std::fs::{File, OpenOptions};
use std::io::{self, BufRead, BufReader, Read, Write};
use std::path::{Path, PathBuf};
use std::time::{Duration, Instant};

use serde::{Deserialize, Serialize};

use crate::cover::Cover;
use crate::digest::checksum;
use crate::error::{Error, echo, echo_path};
use crate::file;
use crate::job::Identity;
use crate::tally::{Loaded, Stored, Tally};

/// What the first line of a journal says it is.
pub const JOURNAL_FORMAT: &str = "backtrack-journal";

/// The version of the journal's layout this crate reads and writes.
/// Version 1 was the N-queens tool's own `nqueens-checkpoint` snapshot and
/// `.journal` pair; version 2 had no checksums.
pub const JOURNAL_VERSION: u32 = 3;

/// The longest line of a journal read: a header names a work list in a
/// few words, an entry holds one task's result (a FlatZinc job's, the
/// printed lines of a solution: up to a quarter of this).
pub const JOURNAL_LINE_MAX: usize = 1 << 20;

#[derive(Serialize)]
struct HeaderOut<'a> {
    format: &'a str,
    version: u32,
    identity: &'a Identity,
    #[serde(skip_serializing_if = "Option::is_none")]
    checksum: Option<String>,
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct HeaderIn {
    #[allow(dead_code, reason = "checked by Kind before")]
    format: String,
    #[allow(dead_code, reason = "checked by Kind before")]
    version: u32,
    identity: Identity,
    checksum: String,
}

/// What a first line says it is, read first to name an earlier format.
#[derive(Deserialize)]
struct Kind {
    format: Option<String>,
    version: Option<u64>,
}

#[derive(Serialize)]
#[serde(bound = "")]
struct EntryOut<'a, T: Tally> {
    task: u64,
    result: Stored<'a, T>,
    #[serde(skip_serializing_if = "Option::is_none")]
    checksum: Option<String>,
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields, bound = "")]
struct EntryIn<T: Tally> {
    task: u64,
    result: Loaded<T>,
    checksum: String,
}

/// An entry's checksum: of its line without it, after the work list's
/// hash.
fn entry_checksum<T: Tally>(identity: &Identity, task: u64, result: &T) -> String {
    let entry = EntryOut {
        task,
        result: Stored(result),
        checksum: None,
    };
    checksum(&(&identity.hash, entry))
}

fn header_out(identity: &Identity) -> HeaderOut<'_> {
    HeaderOut {
        format: JOURNAL_FORMAT,
        version: JOURNAL_VERSION,
        identity,
        checksum: None,
    }
}

/// Whether the first line of the file at `path` is that of a checkpoint
/// journal:
/// [`merge`](crate::merge) leaves such a file alone in a directory of
/// shards.
pub(crate) fn is_journal(path: &Path) -> bool {
    let Ok((file, len)) = file::open_limited(path, MAX) else {
        return false;
    };
    let mut first = Vec::new();
    let read =
        BufReader::new(file.take(len.min(JOURNAL_LINE_MAX as u64))).read_until(b'\n', &mut first);
    read.is_ok()
        && serde_json::from_slice::<Kind>(&first)
            .is_ok_and(|kind| kind.format.as_deref() == Some(JOURNAL_FORMAT))
}

const MAX: u64 = file::MAX_FILE_BYTES;

/// An open checkpoint journal: the finished tasks and where to record more.
#[derive(Debug)]
pub struct Journal<T> {
    path: PathBuf,
    /// Open for appending.
    file: File,
    identity: Identity,
    done: BTreeMap<u64, T>,
    compact_every: Duration,
    compacted: Instant,
    /// How long the last rewrite took.
    rewriting: Duration,
    /// The lock file `PATH.lock`, locked for as long as the journal is
    /// open (the journal itself is replaced by each compaction, so a lock
    /// on it would not last).
    _lock: File,
}

/// Takes the lock of the journal at `path`: `PATH.lock`, created if need
/// be and locked (an advisory lock, released when the process ends, even
/// by `kill -9`), so that a second run on the same journal is refused
/// instead of doing all the work again beside the first.
fn lock(path: &Path) -> Result<File, Error> {
    let mut name = path.as_os_str().to_owned();
    name.push(".lock");
    let lock_path = PathBuf::from(name);
    let file = OpenOptions::new()
        .create(true)
        .write(true)
        .truncate(false)
        .open(&lock_path)
        // Where the lock cannot be made, the journal cannot be written
        // either: the user's path is the one to name.
        .map_err(|e| Error::io("cannot write the checkpoint", path, e))?;
    match file.try_lock() {
        Ok(()) => Ok(file),
        Err(std::fs::TryLockError::WouldBlock) => Err(Error::Refused(vec![format!(
            "the checkpoint {} is in use by another run (it holds {}): wait for that run to end, or give another checkpoint",
            crate::error::echo_path(path),
            crate::error::echo_path(&lock_path)
        )])),
        Err(std::fs::TryLockError::Error(e)) => {
            Err(Error::io("cannot lock the checkpoint", &lock_path, e))
        }
    }
}

impl<T: Tally + PartialEq> Journal<T> {
    /// Opens the journal at `path` for the work list `identity`, creating
    /// it if it does not exist. A symbolic link is followed, also to a
    /// file not there yet, and the journal kept where it points.
    /// `compact_every` is how often [`record`](Journal::record) rewrites it
    /// whole, at most: a rewrite waits at least four times as long as the
    /// last one took, so compacting a large journal often never takes more
    /// than a fifth of the run.
    ///
    /// # Errors
    ///
    /// [`Error::Refused`] for a journal another run has open (its lock
    /// file, `PATH.lock`, is locked), or for a file that is not a journal
    /// of this work list (another problem, another split, an earlier version of the
    /// format, a line changed or corrupt, a line longer than
    /// [`JOURNAL_LINE_MAX`]); [`Error::Io`] when it cannot be read or
    /// written.
    pub fn open(path: &Path, identity: &Identity, compact_every: Duration) -> Result<Self, Error> {
        let path =
            file::resolve(path).map_err(|e| Error::io("cannot read the checkpoint", path, e))?;
        let path = path.as_path();
        let lock = lock(path)?;
        let cannot_write = |e| Error::io("cannot write the checkpoint", path, e);
        let found = match file::open_limited(path, MAX) {
            Ok((file, len)) => Some(read(path, file, len, identity)?),
            Err(e) if e.kind() == io::ErrorKind::NotFound => None,
            Err(e) => return Err(Error::io("cannot read the checkpoint", path, e)),
        };
        let done = match found {
            // A journal whose whole lines end at `whole`: a torn line after
            // them is cut off, in place.
            Some(Found::Journal { done, whole, len }) => {
                if whole < len {
                    OpenOptions::new()
                        .write(true)
                        .open(path)
                        .and_then(|file| file.set_len(whole))
                        .map_err(cannot_write)?;
                }
                done
            }
            Some(Found::Empty) | None => {
                file::write_atomically(path, &header_line(identity)).map_err(cannot_write)?;
                BTreeMap::new()
            }
        };
        let file = OpenOptions::new()
            .append(true)
            .open(path)
            .map_err(cannot_write)?;
        Ok(Journal {
            file,
            path: path.to_owned(),
            identity: identity.clone(),
            done,
            compact_every,
            compacted: Instant::now(),
            rewriting: Duration::ZERO,
            _lock: lock,
        })
    }

    /// The finished tasks and their results.
    pub fn done(&self) -> &BTreeMap<u64, T> {
        &self.done
    }

    /// The journal's file (where a symbolic link given to
    /// [`open`](Journal::open) points).
    pub fn path(&self) -> &Path {
        &self.path
    }

    /// Records a finished task: appended to the journal at once, and the
    /// journal compacted when `compact_every` has passed (if that fails,
    /// the journal stays as it is, whole, and is appended to).
    ///
    /// # Errors
    ///
    /// [`Error::Io`] when the journal cannot be appended to.
    pub fn record(&mut self, task: u64, result: &T) -> Result<(), Error> {
        if self.done.insert(task, result.clone()).is_some() {
            return Ok(());
        }
        let mut line = entry_line(&self.identity, task, result);
        line.push(b'\n');
        // One write call: a kill leaves the line whole or torn, never mixed
        // with another.
        self.file
            .write_all(&line)
            .map_err(|e| Error::io("cannot write the checkpoint", &self.path, e))?;
        if self.compacted.elapsed() >= self.compact_every.max(self.rewriting * 4) {
            // A journal that cannot be rewritten (a full disk) is still
            // whole, and appended to.
            let _ = self.compact();
        }
        Ok(())
    }

    /// Rewrites the journal whole, atomically, and appends from there.
    ///
    /// # Errors
    ///
    /// [`Error::Io`] when it cannot be written; the journal is left as it
    /// was, and appended to.
    pub fn compact(&mut self) -> Result<(), Error> {
        let started = Instant::now();
        let compacted = self.rewrite();
        self.rewriting = started.elapsed();
        // From the end of this one, whether it worked or not: a rewrite
        // slower than `compact_every` must not start the next at once.
        self.compacted = Instant::now();
        compacted
    }

    fn rewrite(&mut self) -> Result<(), Error> {
        let mut text = header_line(&self.identity);
        for (&task, result) in &self.done {
            text.extend_from_slice(&entry_line(&self.identity, task, result));
            text.push(b'\n');
        }
        let cannot_write = |e| Error::io("cannot write the checkpoint", &self.path, e);
        file::write_atomically(&self.path, &text).map_err(cannot_write)?;
        self.file = OpenOptions::new()
            .append(true)
            .open(&self.path)
            .map_err(cannot_write)?;
        Ok(())
    }
}

fn header_line(identity: &Identity) -> Vec<u8> {
    let mut header = header_out(identity);
    header.checksum = Some(checksum(&header));
    // Strings and numbers always serialize.
    let mut line = serde_json::to_vec(&header).unwrap_or_default();
    line.push(b'\n');
    line
}

fn entry_line<T: Tally>(identity: &Identity, task: u64, result: &T) -> Vec<u8> {
    let entry = EntryOut {
        task,
        result: Stored(result),
        checksum: Some(entry_checksum(identity, task, result)),
    };
    serde_json::to_vec(&entry).unwrap_or_default()
}

/// What a journal's file holds.
enum Found<T> {
    /// Nothing: a journal to be started.
    Empty,
    /// The finished tasks, and where the last whole line ends.
    Journal {
        done: BTreeMap<u64, T>,
        whole: u64,
        len: u64,
    },
}

/// The finished tasks of a journal, read a line at a time and checked
/// against `identity`.
fn read<T: Tally + PartialEq>(
    path: &Path,
    file: File,
    len: u64,
    identity: &Identity,
) -> Result<Found<T>, Error> {
    let name = echo_path(path);
    let refuse = |reason: String| Error::Refused(vec![format!("{name}: {reason}")]);
    let cannot_read = |e| Error::io("cannot read the checkpoint", path, e);
    if len == 0 {
        return Ok(Found::Empty);
    }
    let mut reader = BufReader::new(file.take(len));
    let mut line = Vec::new();
    // Reads a line of at most JOURNAL_LINE_MAX bytes and its newline;
    // `Ok(false)` at the end of the file.
    let mut next = |line: &mut Vec<u8>, number: usize| -> Result<bool, Error> {
        line.clear();
        let limit = JOURNAL_LINE_MAX as u64 + 1;
        (&mut reader)
            .take(limit)
            .read_until(b'\n', line)
            .map_err(cannot_read)?;
        if line.len() as u64 == limit && !line.ends_with(b"\n") {
            return Err(refuse(format!(
                "line {number} is longer than {JOURNAL_LINE_MAX} bytes: not a checkpoint journal of this program"
            )));
        }
        Ok(!line.is_empty())
    };
    next(&mut line, 1)?;
    // The header is whole (it is only ever written atomically).
    let kind: Kind = serde_json::from_slice(&line).map_err(|_| {
        refuse(format!(
            "not a checkpoint journal (its first line is not a {JOURNAL_FORMAT} header); give another file or remove it"
        ))
    })?;
    let format = kind.format.as_deref();
    if format == Some("nqueens-checkpoint") {
        return Err(refuse(format!(
            "a checkpoint of an earlier version (nqueens-checkpoint, format version 1); this version reads {JOURNAL_FORMAT} version {JOURNAL_VERSION}: remove it (and its .journal) and count again"
        )));
    }
    if format != Some(JOURNAL_FORMAT) {
        return Err(refuse(format!(
            "not a checkpoint journal (format {}); give another file or remove it",
            format.map_or_else(|| "missing".to_owned(), |f| format!("{:?}", echo(f)))
        )));
    }
    if kind.version != Some(u64::from(JOURNAL_VERSION)) {
        return Err(refuse(format!(
            "a checkpoint journal of format version {}; this version reads version {JOURNAL_VERSION}: remove it and count again",
            kind.version
                .map_or_else(|| "unknown".to_owned(), |v| v.to_string())
        )));
    }
    let header: HeaderIn = serde_json::from_slice(&line).map_err(|e| {
        refuse(format!(
            "a damaged journal header: {}",
            crate::error::short(e)
        ))
    })?;
    if checksum(&header_out(&header.identity)) != header.checksum {
        return Err(refuse(
            "its first line does not match its checksum: the journal was changed; remove it and count again".to_owned(),
        ));
    }
    if header.identity != *identity {
        return Err(refuse(format!(
            "a checkpoint of another work list: {}; this run is {identity}; use another file",
            header.identity
        )));
    }
    let mut whole = line.len() as u64;
    let mut done = BTreeMap::new();
    for number in 2.. {
        if !next(&mut line, number)? {
            break;
        }
        if !line.ends_with(b"\n") {
            // Torn by a kill in the middle of its write: solved again.
            break;
        }
        whole += line.len() as u64;
        let entry: EntryIn<T> = serde_json::from_slice(&line)
            .map_err(|_| refuse(format!("line {number} is not a journal entry")))?;
        let (task, result) = (entry.task, entry.result.0);
        if entry_checksum(identity, task, &result) != entry.checksum {
            return Err(refuse(format!(
                "line {number} does not match its checksum: the journal was changed; remove it and count again"
            )));
        }
        if task >= identity.tasks {
            return Err(refuse(format!(
                "line {number}: there is no task {task} (the work list has {})",
                identity.tasks
            )));
        }
        result.check(&Cover::one(task)).map_err(|reason| {
            refuse(format!(
                "line {number}: not a result of task {task}: {reason}"
            ))
        })?;
        if let Some(known) = done.insert(task, result.clone())
            && known != result
        {
            return Err(refuse(format!(
                "task {task} has two different results; the checkpoint is corrupt"
            )));
        }
    }
    Ok(Found::Journal { done, whole, len })
}
