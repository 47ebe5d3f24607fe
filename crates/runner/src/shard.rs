//! Shards: a work list dealt out to the tasks of a cluster job, and the
//! result file each shard writes.

use std::path::{Path, PathBuf};

use serde::{Deserialize, Serialize};
use serde_json::Value;

use crate::error::Error;
use crate::file;
use crate::job::Identity;
use crate::tally::Tally;

/// What a shard file says it is.
pub const SHARD_FORMAT: &str = "backtrack-shard";

/// The version of the shard file's layout this crate reads and writes.
/// Version 1 was the N-queens tool's own `nqueens-shard` file.
pub const SHARD_VERSION: u32 = 2;

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
                "--shard takes I/M (shard I of M, counting from 0), slurm or slurm/M, got {text:?}"
            ))
        };
        let number = |part: &str| part.trim().parse::<u64>().map_err(|_| syntax());
        let env = |name: &str| -> Result<u64, Error> {
            let value = std::env::var(name).map_err(|_| {
                Error::Usage(format!(
                    "--shard {text} needs {name}, which is not set (run it as a Slurm array task)"
                ))
            })?;
            value
                .trim()
                .parse()
                .map_err(|_| Error::Usage(format!("{name} is {value:?}, not a number")))
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
                "--shard {text}: the shard number must be from 0 to M - 1, and M at least 1 (got shard {index} of {count})"
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

#[derive(Serialize, Deserialize)]
struct Stored {
    format: String,
    version: u32,
    identity: Identity,
    shard: u64,
    shards: u64,
    result: Value,
    tasks: u64,
    seconds: f64,
    program: String,
}

impl<T: Tally> ShardFile<T> {
    /// Writes the file into `dir` (created if needed) under
    /// [`Shard::path`], atomically (see
    /// [`write_atomically`](crate::write_atomically)); returns its path.
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
        let stored = Stored {
            format: SHARD_FORMAT.to_owned(),
            version: SHARD_VERSION,
            identity: self.identity.clone(),
            shard: self.shard,
            shards: self.shards,
            result: self.result.to_json(),
            tasks: self.tasks,
            seconds: self.seconds,
            program: self.program.clone(),
        };
        let mut text = serde_json::to_vec_pretty(&stored)
            .map_err(|e| Error::io("cannot write", &path, std::io::Error::other(e)))?;
        text.push(b'\n');
        file::write_atomically(&path, &text).map_err(|e| Error::io("cannot write", &path, e))?;
        Ok(path)
    }

    /// Reads a shard file; the error says in a few words why it is not one.
    pub fn read(path: &Path) -> Result<ShardFile<T>, String> {
        let bytes = file::read_limited(path).map_err(|e| crate::error::plain(&e))?;
        let value: Value = serde_json::from_slice(&bytes).map_err(crate::error::short)?;
        let format = value.get("format").and_then(Value::as_str);
        if format == Some("nqueens-shard") {
            return Err(format!(
                "written by an earlier version (nqueens-shard, format version 1); this version reads {SHARD_FORMAT} version {SHARD_VERSION}: count this shard again"
            ));
        }
        if format != Some(SHARD_FORMAT) {
            return Err(format!(
                "not a shard result (format {})",
                format.map_or_else(
                    || "missing".to_owned(),
                    |f| format!("{:?}", crate::error::echo(f))
                )
            ));
        }
        let version = value.get("version").and_then(Value::as_u64);
        if version != Some(u64::from(SHARD_VERSION)) {
            return Err(format!(
                "a shard result of format version {}; this version reads version {SHARD_VERSION}",
                version.map_or_else(|| "unknown".to_owned(), |v| v.to_string())
            ));
        }
        let stored: Stored = serde_json::from_value(value).map_err(crate::error::short)?;
        let result = T::from_json(&stored.result)
            .ok_or_else(|| "its result is not one of this kind of count".to_owned())?;
        Ok(ShardFile {
            identity: stored.identity,
            shard: stored.shard,
            shards: stored.shards,
            result,
            tasks: stored.tasks,
            seconds: stored.seconds,
            program: stored.program,
        })
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
