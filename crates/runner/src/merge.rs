//! `merge`: the shard files of a directory added up, after checking that
//! they can be trusted together.

use std::collections::BTreeMap;
use std::fmt::Write as _;
use std::fs;
use std::path::{Path, PathBuf};

use crate::error::{Error, echo_name, echo_path};
use crate::job::Identity;
use crate::shard::ShardFile;
use crate::tally::Tally;

/// The shard files found in a directory, checked against each other.
#[derive(Debug)]
pub struct Survey<T> {
    /// The work list and the number of shards, when some file could be read:
    /// what most files say.
    pub job: Option<(Identity, u64)>,
    /// Each shard present, by number.
    pub done: BTreeMap<u64, ShardFile<T>>,
    /// Everything wrong, one line each.
    pub problems: Vec<String>,
}

impl<T> Survey<T> {
    /// The numbers of the shards without a file, as ranges for
    /// `sbatch --array`: `0-3,6,9-10`; empty when none is missing. Its
    /// length grows with the shards present, not with the number of
    /// shards, whatever a file claims.
    pub fn missing(&self) -> String {
        let Some((identity, shards)) = &self.job else {
            return String::new();
        };
        if *shards == 0 || *shards > identity.tasks {
            // No such job: nothing is missing from it.
            return String::new();
        }
        let mut ranges = Vec::new();
        let mut next = 0u64;
        for &index in self.done.keys().chain(std::iter::once(shards)) {
            if index > next {
                ranges.push((next, index - 1));
            }
            next = index.saturating_add(1);
        }
        ranges_text(ranges)
    }

    /// The numbers of the shards present, as ranges.
    pub fn present(&self) -> String {
        let mut ranges: Vec<(u64, u64)> = Vec::new();
        for &index in self.done.keys() {
            match ranges.last_mut() {
                Some((_, end)) if *end + 1 == index => *end = index,
                _ => ranges.push((index, index)),
            }
        }
        ranges_text(ranges)
    }
}

/// Ranges of numbers as `sbatch --array` takes them: `0-3,6,9-10`.
fn ranges_text(ranges: impl IntoIterator<Item = (u64, u64)>) -> String {
    let mut text = String::new();
    for (start, end) in ranges {
        if !text.is_empty() {
            text.push(',');
        }
        if start == end {
            let _ = write!(text, "{start}");
        } else {
            let _ = write!(text, "{start}-{end}");
        }
    }
    text
}

/// Reads every `*.json` file of `dir` and checks them: each one whole (its
/// checksum) and consistent (the tasks of its shard, a result that can be
/// theirs); all of one work list and one number of shards M, with 1 <= M
/// <= its number of tasks; each shard once, or several times with the same
/// result. `check` is asked whether the work list is one this program can
/// vouch for (that it would split the same problem the same way): its
/// error is a problem line.
///
/// The work list is the one most files are of; where as many files are of
/// two, the one `check` vouches for, and if that does not tell them apart,
/// the disagreement is the problem and no shard is called missing. A
/// checkpoint journal kept in the directory (a `*.json` one too) is left
/// out. Files that are not regular files (a FIFO, a device, a directory)
/// are refused without being opened, so a survey never blocks on one.
///
/// # Errors
///
/// [`Error::Io`] when the directory cannot be read.
pub fn survey<T: Tally + PartialEq>(
    dir: &Path,
    check: impl Fn(&Identity) -> Result<(), String>,
) -> Result<Survey<T>, Error> {
    let entries = fs::read_dir(dir).map_err(|e| Error::io("cannot read the directory", dir, e))?;
    let mut files: Vec<PathBuf> = Vec::new();
    for entry in entries {
        let path = entry
            .map_err(|e| Error::io("cannot read the directory", dir, e))?
            .path();
        if path.extension().is_some_and(|ext| ext == "json") {
            files.push(path);
        }
    }
    files.sort();
    let mut problems = Vec::new();
    let mut results: Vec<(PathBuf, ShardFile<T>)> = Vec::new();
    for path in files {
        match ShardFile::read(&path) {
            Ok(result) => results.push((path, result)),
            Err(_) if crate::journal::is_journal(&path) => {}
            Err(reason) => problems.push(format!("{}: unreadable: {reason}", echo_path(&path))),
        }
    }
    let job = the_job(&results, &check, &mut problems);
    let mut done: BTreeMap<u64, ShardFile<T>> = BTreeMap::new();
    let mut sources: BTreeMap<u64, PathBuf> = BTreeMap::new();
    if let Some((identity, shards)) = &job {
        if let Err(reason) = check(identity) {
            problems.push(format!("the shards are of {identity}: {reason}"));
        }
        for (path, result) in results {
            let file = echo_path(&path);
            if result.identity.problem != identity.problem {
                problems.push(format!(
                    "{file}: a shard of {}, the others are of {}",
                    echo_name(&result.identity.problem),
                    echo_name(&identity.problem)
                ));
            } else if result.shards != *shards {
                problems.push(format!(
                    "{file}: one of {} shards, the others are of {shards}",
                    result.shards
                ));
            } else if result.identity != *identity {
                problems.push(format!(
                    "{file}: from another split of the work (version {}, {} tasks, hash {}; the others: version {}, {} tasks, hash {})",
                    result.identity.version,
                    result.identity.tasks,
                    result.identity.hash,
                    identity.version,
                    identity.tasks,
                    identity.hash
                ));
            } else if let Some(earlier) = done.get(&result.shard) {
                if earlier.result != result.result {
                    problems.push(format!(
                        "shard {}: {} and {file} disagree ({} vs {})",
                        result.shard,
                        echo_path(&sources[&result.shard]),
                        earlier.result.summary(),
                        result.result.summary()
                    ));
                }
            } else {
                sources.insert(result.shard, path.clone());
                done.insert(result.shard, result);
            }
        }
    }
    Ok(Survey {
        job,
        done,
        problems,
    })
}

/// The work list and number of shards of a directory: what most files
/// say; between as many, the one `check` vouches for. `None` when no file
/// could be read, or the files cannot be told apart (then the problem is
/// said).
fn the_job<T>(
    results: &[(PathBuf, ShardFile<T>)],
    check: &impl Fn(&Identity) -> Result<(), String>,
    problems: &mut Vec<String>,
) -> Option<(Identity, u64)> {
    let mut votes: BTreeMap<(&Identity, u64), (usize, &Path)> = BTreeMap::new();
    for (path, result) in results {
        votes
            .entry((&result.identity, result.shards))
            .or_insert((0, path))
            .0 += 1;
    }
    let most = votes.values().map(|(count, _)| *count).max()?;
    let leading: Vec<_> = votes
        .iter()
        .filter(|(_, (count, _))| *count == most)
        .collect();
    if leading.len() == 1 {
        let ((identity, shards), _) = leading[0];
        return Some(((*identity).clone(), *shards));
    }
    let vouched: Vec<_> = leading
        .iter()
        .filter(|((identity, _), _)| check(identity).is_ok())
        .collect();
    if let [((identity, shards), _)] = vouched[..] {
        return Some(((*identity).clone(), *shards));
    }
    let each: Vec<String> = leading
        .iter()
        .take(4)
        .map(|((identity, shards), (_, path))| {
            format!("{} of {shards} shards of {identity}", echo_path(path))
        })
        .collect();
    problems.push(format!(
        "as many files are of each of {} work lists, so which one the shards are of cannot be told: {}{}",
        leading.len(),
        each.join("; "),
        if leading.len() > 4 { "; ..." } else { "" }
    ));
    None
}

/// The shards of a directory added up, after [`survey`] found them all
/// there and consistent.
#[derive(Clone, Debug, PartialEq)]
pub struct Merged<T> {
    /// The work list.
    pub identity: Identity,
    /// How many shards.
    pub shards: u64,
    /// The sum of their results.
    pub value: T,
    /// The wall time of all shards, added up, in seconds.
    pub seconds: f64,
}

/// The sum of every shard in `dir`, once [`survey`] (with `check`) finds
/// every shard there exactly once and nothing wrong.
///
/// # Errors
///
/// [`Error::Refused`] with one line per problem, the missing shards last
/// (as `sbatch --array` ranges); [`Error::Io`] when `dir` cannot be read.
pub fn merge<T: Tally + PartialEq>(
    dir: &Path,
    check: impl Fn(&Identity) -> Result<(), String>,
) -> Result<Merged<T>, Error> {
    let survey = survey::<T>(dir, check)?;
    let mut problems = survey.problems.clone();
    let Some((identity, shards)) = survey.job.clone() else {
        if problems.is_empty() {
            problems.push(format!("no shard results in {}", echo_path(dir)));
        }
        return Err(Error::Refused(problems));
    };
    let missing = survey.missing();
    if !missing.is_empty() {
        problems.push(format!(
            "missing shards of {shards}: {missing} (resubmit them with sbatch --array={missing})"
        ));
    }
    if !problems.is_empty() {
        return Err(Error::Refused(problems));
    }
    let mut value = T::default();
    let mut seconds = 0.0;
    for shard in survey.done.values() {
        value = value.checked_add(shard.result.clone()).ok_or_else(|| {
            Error::Refused(vec![format!(
                "the shards' results add up past what a count can hold: a file has been tampered with (shard {})",
                shard.shard
            )])
        })?;
        seconds += shard.seconds;
    }
    // Each shard's seconds are at most 10^12: their sum is finite.
    debug_assert!(seconds.is_finite());
    Ok(Merged {
        identity,
        shards,
        value,
        seconds,
    })
}
