//! Shards: a work list dealt out to the tasks of a cluster job, and the
//! result file each shard writes.

use std::path::{Path, PathBuf};

use serde::{Deserialize, Serialize};

use crate::cover::Cover;
use crate::digest::checksum;
use crate::error::{Error, echo};
use crate::file;
use crate::job::{Identity, NAME_MAX};
use crate::tally::{Loaded, Stored, Tally};

/// What a shard file says it is.
pub const SHARD_FORMAT: &str = "backtrack-shard";

/// The version of the shard file's layout this crate reads and writes.
/// Version 1 was the N-queens tool's own `nqueens-shard` file; version 2
/// had no checksum.
pub const SHARD_VERSION: u32 = 3;

/// The most shards a work list can be dealt out to: 4,000,000, the most
/// tasks a Slurm job array can have (its `MaxArraySize` is at most
/// 4,000,001), and far more than any work list here has tasks.
pub const SHARDS_MAX: u64 = 4_000_000;

/// Shard `index` of `count`: every `count`-th task of a work list,
/// starting at `index`. Neighbouring tasks tend to cost about the same, so
/// dealing them out in turn gives shards of about equal work.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Shard {
    index: u64,
    count: u64,
}

impl Shard {
    /// Shard `index` of `count`, numbered from 0.
    ///
    /// # Errors
    ///
    /// [`Error::Usage`] unless `index < count <= SHARDS_MAX`.
    pub fn new(index: u64, count: u64) -> Result<Shard, Error> {
        if count > SHARDS_MAX {
            return Err(too_many(count));
        }
        if index >= count {
            return Err(Error::Usage(format!(
                "shard {index} of {count} does not exist: the shard number must be from 0 to M - 1, and M at least 1"
            )));
        }
        Ok(Shard { index, count })
    }

    /// A shard as given on a command line: `I/M`; `slurm`, which takes I
    /// and M from the job array's `SLURM_ARRAY_TASK_ID` and
    /// `SLURM_ARRAY_TASK_COUNT`; or `slurm/M`, which takes only I from it
    /// (a task resubmitted alone is in an array of one, so M must be given).
    ///
    /// # Errors
    ///
    /// [`Error::Usage`] for anything else, a missing variable, more than
    /// [`SHARDS_MAX`] shards, or a shard that does not exist.
    pub fn parse(text: &str) -> Result<Shard, Error> {
        let syntax = || {
            Error::Usage(format!(
                "--shard takes I/M (shard I of M, counting from 0), slurm or slurm/M, got {:?}",
                echo(text)
            ))
        };
        let number = |part: &str| part.trim().parse::<u64>().map_err(|_| syntax());
        let env = |name: &str| -> Result<u64, Error> {
            let value = std::env::var(name).map_err(|_| {
                Error::Usage(format!(
                    "--shard {} needs {name}, which is not set (run it as a Slurm array task)",
                    echo(text)
                ))
            })?;
            value
                .trim()
                .parse()
                .map_err(|_| Error::Usage(format!("{name} is {:?}, not a number", echo(&value))))
        };
        let (index, count) = match text.split_once('/') {
            None if text == "slurm" => {
                (env("SLURM_ARRAY_TASK_ID")?, env("SLURM_ARRAY_TASK_COUNT")?)
            }
            Some(("slurm", count)) => (env("SLURM_ARRAY_TASK_ID")?, number(count)?),
            Some((index, count)) => (number(index)?, number(count)?),
            None => return Err(syntax()),
        };
        if count > SHARDS_MAX {
            return Err(too_many(count));
        }
        Shard::new(index, count).map_err(|_| {
            Error::Usage(format!(
                "--shard {}: the shard number must be from 0 to M - 1, and M at least 1 (got shard {index} of {count})",
                echo(text)
            ))
        })
    }

    /// The shard's number, from 0.
    pub fn index(&self) -> u64 {
        self.index
    }

    /// How many shards in all.
    pub fn count(&self) -> u64 {
        self.count
    }

    /// The tasks of this shard in a work list of `len` tasks.
    ///
    /// # Errors
    ///
    /// [`Error::Usage`] when there are more shards than tasks: some shards
    /// would have nothing to do, which is always a mistake in the job.
    pub fn tasks(&self, len: usize) -> Result<Vec<usize>, Error> {
        if self.count > len as u64 {
            return Err(Error::Usage(format!(
                "{} shards is more than the {len} tasks of this work: use at most {len} shards",
                self.count
            )));
        }
        // count <= len, so both fit a usize.
        let (start, step) = (self.index as usize, self.count as usize);
        Ok((start..len).step_by(step).collect())
    }

    /// The tasks of this shard in a work list of `len` tasks, as a
    /// [`Cover`].
    pub fn cover(&self, len: u64) -> Cover {
        Cover::new(self.index, self.count, len)
    }

    /// The file this shard of the work list `identity` writes in `dir`.
    pub fn path(&self, dir: &Path, identity: &Identity) -> PathBuf {
        dir.join(format!(
            "{}-{}-of-{}.json",
            slug(&identity.problem),
            self.index,
            self.count
        ))
    }
}

fn too_many(count: u64) -> Error {
    Error::Usage(format!(
        "{count} shards is more than the most a work list is dealt out to, {SHARDS_MAX} (SHARDS_MAX)"
    ))
}

/// A problem's name as a file name: letters and digits, the rest `-`.
/// The most bytes of a problem's name in a shard file's name.
const SLUG_MAX: usize = 64;

fn slug(name: &str) -> String {
    let mut out = String::new();
    // File names have room for 255 bytes: the name is written whole inside
    // the file, its first 64 letters and digits are enough outside.
    for c in name.chars() {
        if out.len() >= SLUG_MAX {
            break;
        }
        if c.is_ascii_alphanumeric() {
            out.push(c);
        } else if !out.ends_with('-') {
            out.push('-');
        }
    }
    out.trim_matches('-').to_owned()
}

/// One shard's result, as written to its file.
#[derive(Clone, Debug, PartialEq)]
pub struct ShardFile<T> {
    /// The work list it is a shard of.
    pub identity: Identity,
    /// Its number, from 0.
    pub shard: u64,
    /// How many shards in all.
    pub shards: u64,
    /// The sum of the results of its tasks.
    pub result: T,
    /// How many tasks it solved.
    pub tasks: u64,
    /// Wall time it took, in seconds.
    pub seconds: f64,
    /// The program and version that wrote it.
    pub program: String,
}

/// The most seconds a shard may say it took: 10^12, some 30,000 years, so
/// that the seconds of every shard add up to a finite number.
const SECONDS_MAX: f64 = 1e12;

/// The file as written: its content, then the checksum of that content.
#[derive(Serialize)]
#[serde(bound = "")]
struct Written<'a, T: Tally> {
    format: &'a str,
    version: u32,
    identity: &'a Identity,
    shard: u64,
    shards: u64,
    result: Stored<'a, T>,
    tasks: u64,
    seconds: f64,
    program: &'a str,
    #[serde(skip_serializing_if = "Option::is_none")]
    checksum: Option<String>,
}

impl<'a, T: Tally> Written<'a, T> {
    fn new(file: &'a ShardFile<T>) -> Self {
        Written {
            format: SHARD_FORMAT,
            version: SHARD_VERSION,
            identity: &file.identity,
            shard: file.shard,
            shards: file.shards,
            result: Stored(&file.result),
            tasks: file.tasks,
            seconds: file.seconds,
            program: &file.program,
            checksum: None,
        }
    }
}

/// The file as read back.
#[derive(Deserialize)]
#[serde(deny_unknown_fields, bound = "")]
struct Read<T: Tally> {
    format: String,
    version: u32,
    identity: Identity,
    shard: u64,
    shards: u64,
    result: Loaded<T>,
    tasks: u64,
    seconds: f64,
    program: String,
    checksum: String,
}

/// What a file says it is, read first to name an earlier format or
/// another kind of file; the rest is skipped without being kept.
#[derive(Deserialize)]
struct Kind {
    format: Option<String>,
    version: Option<u64>,
}

impl<T: Tally> ShardFile<T> {
    /// Writes the file into `dir` (created if needed) under
    /// [`Shard::path`], atomically (see
    /// [`write_atomically`](crate::write_atomically)), with a checksum of
    /// its content; returns its path.
    ///
    /// # Errors
    ///
    /// [`Error::Io`] when the directory or the file cannot be written.
    pub fn write(&self, dir: &Path) -> Result<PathBuf, Error> {
        std::fs::create_dir_all(dir)
            .map_err(|e| Error::io("cannot create the directory", dir, e))?;
        let shard = Shard {
            index: self.shard,
            count: self.shards,
        };
        let path = shard.path(dir, &self.identity);
        let mut written = Written::new(self);
        written.checksum = Some(checksum(&written));
        let mut text = serde_json::to_vec_pretty(&written)
            .map_err(|e| Error::io("cannot write", &path, std::io::Error::other(e)))?;
        text.push(b'\n');
        file::write_atomically(&path, &text).map_err(|e| Error::io("cannot write", &path, e))?;
        Ok(path)
    }

    /// Reads a shard file, of at most [`MAX_SHARD_BYTES`] bytes, and checks
    /// it: its checksum, and that its numbers can be those of its shard
    /// (the tasks shard `i` of `M` has, a result that
    /// [`Tally::check`] accepts). The error says in a few words why it is
    /// not one.
    ///
    /// [`MAX_SHARD_BYTES`]: crate::MAX_SHARD_BYTES
    pub fn read(path: &Path) -> Result<ShardFile<T>, String> {
        let bytes =
            file::read_limited(path, file::MAX_SHARD_BYTES).map_err(|e| crate::error::plain(&e))?;
        if bytes.is_empty() {
            return Err("an empty file".to_owned());
        }
        let kind: Kind = serde_json::from_slice(&bytes).map_err(crate::error::short)?;
        let format = kind.format.as_deref();
        if format == Some("nqueens-shard") {
            return Err(format!(
                "written by an earlier version (nqueens-shard, format version 1); this version reads {SHARD_FORMAT} version {SHARD_VERSION}: count this shard again"
            ));
        }
        if format != Some(SHARD_FORMAT) {
            return Err(format!(
                "not a shard result (format {})",
                format.map_or_else(|| "missing".to_owned(), |f| format!("{:?}", echo(f)))
            ));
        }
        if kind.version != Some(u64::from(SHARD_VERSION)) {
            return Err(format!(
                "a shard result of format version {}; this version reads version {SHARD_VERSION}: count this shard again",
                kind.version
                    .map_or_else(|| "unknown".to_owned(), |v| v.to_string())
            ));
        }
        let read: Read<T> = serde_json::from_slice(&bytes).map_err(crate::error::short)?;
        read.identity.check()?;
        if read.program.len() > NAME_MAX {
            return Err(format!(
                "its program's name is longer than {NAME_MAX} bytes"
            ));
        }
        let file = ShardFile {
            identity: read.identity,
            shard: read.shard,
            shards: read.shards,
            result: read.result.0,
            tasks: read.tasks,
            seconds: read.seconds,
            program: read.program,
        };
        debug_assert_eq!(
            (read.format.as_str(), read.version),
            (SHARD_FORMAT, SHARD_VERSION)
        );
        if checksum(&Written::new(&file)) != read.checksum {
            return Err(
                "its checksum does not match its content: the file was changed after it was written (count this shard again)"
                    .to_owned(),
            );
        }
        file.check()?;
        Ok(file)
    }

    /// Whether the numbers can be those of the shard the file says it is.
    fn check(&self) -> Result<(), String> {
        let tasks = self.identity.tasks;
        if self.shards == 0 || self.shards > tasks || self.shard >= self.shards {
            return Err(format!(
                "shard {} of {} of a work list of {tasks} tasks does not exist",
                self.shard, self.shards
            ));
        }
        let cover = Cover::new(self.shard, self.shards, tasks);
        if self.tasks != cover.len() {
            return Err(format!(
                "it says it solved {} tasks; shard {} of {} has {}",
                self.tasks,
                self.shard,
                self.shards,
                cover.len()
            ));
        }
        if !(0.0..=SECONDS_MAX).contains(&self.seconds) {
            return Err(format!(
                "it says it took {} seconds, which no shard takes",
                self.seconds
            ));
        }
        self.result
            .check(&cover)
            .map_err(|reason| format!("its result cannot be that of its tasks: {reason}"))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_number_of_shards_has_a_maximum_that_errors_name() {
        assert!(Shard::new(0, SHARDS_MAX).is_ok());
        let message = Shard::new(0, SHARDS_MAX + 1).unwrap_err().to_string();
        assert!(message.contains("4000000"), "{message}");
        let message = Shard::parse("3/18446744073709551615")
            .unwrap_err()
            .to_string();
        assert!(message.contains("4000000"), "{message}");
    }
}
