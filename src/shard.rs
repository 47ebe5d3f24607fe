//! Shards of a count on many machines: the result file each shard writes,
//! and `merge`, which trusts none of them until they agree.

use std::collections::BTreeMap;
use std::fmt::Write as _;
use std::fs;
use std::io::Write;
use std::path::{Path, PathBuf};

use serde::{Deserialize, Serialize};

use crate::UsageError;
use crate::cli::MergeArgs;

/// What a result file says it is.
pub const SHARD_FORMAT: &str = "nqueens-shard";

/// The identity of a split of the count into subproblems: results of
/// different splits cover different pieces of work and must never be mixed.
#[derive(Clone, Debug, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize)]
pub struct SplitId {
    /// The version of the splitting method.
    pub version: u32,
    /// How many subproblems.
    pub tasks: u64,
    /// A hash of the list of subproblems, in hex.
    pub hash: String,
}

/// One shard's result, as written to `DIR/nqueens-N-I-of-M.json`.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct ShardResult {
    pub format: String,
    pub n: u32,
    pub shard: u64,
    pub shards: u64,
    pub split: SplitId,
    pub total: u128,
    pub fundamental: u128,
    /// How many subproblems of the split this shard counted.
    pub subproblems: u64,
    /// How many search nodes they took.
    pub nodes: u64,
    pub seconds: f64,
    pub program: String,
}

impl ShardResult {
    /// Where shard `shard` of `shards` for n is written in `dir`.
    pub fn path(dir: &Path, n: u32, shard: u64, shards: u64) -> PathBuf {
        dir.join(format!("nqueens-{n}-{shard}-of-{shards}.json"))
    }

    /// The part of a result that two runs of the same shard must agree on.
    fn answer(&self) -> (u128, u128) {
        (self.total, self.fundamental)
    }

    /// What the shard belongs to: one count is one n, one M, one split.
    fn job(&self) -> (u32, u64, &SplitId) {
        (self.n, self.shards, &self.split)
    }
}

/// Writes `bytes` to `path` so that a reader sees the old file or the whole
/// new one, never a part: a temporary file beside it, flushed to disk, then
/// renamed over it.
pub fn write_atomically(path: &Path, bytes: &[u8]) -> std::io::Result<()> {
    let mut temporary = path.as_os_str().to_owned();
    temporary.push(format!(".{}.tmp", std::process::id()));
    let temporary = PathBuf::from(temporary);
    let written = (|| {
        let mut file = fs::File::create(&temporary)?;
        file.write_all(bytes)?;
        file.sync_all()?;
        fs::rename(&temporary, path)
    })();
    if written.is_err() {
        let _ = fs::remove_file(&temporary);
    }
    written
}

/// A merge that found problems: one line each.
#[derive(Debug)]
pub struct MergeRefused(pub Vec<String>);

impl std::fmt::Display for MergeRefused {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(&self.0.join("\n"))
    }
}

impl std::error::Error for MergeRefused {}

/// The shards found in a directory, checked against each other.
pub struct Survey {
    /// n, M and the split, when the files agree on them.
    pub job: Option<(u32, u64, SplitId)>,
    /// The result of each shard present, by shard number.
    pub done: BTreeMap<u64, ShardResult>,
    /// Everything wrong, one line each.
    pub problems: Vec<String>,
}

impl Survey {
    /// The shard numbers of the job that have no result.
    pub fn missing(&self) -> Vec<u64> {
        match &self.job {
            Some((_, shards, _)) => (0..*shards)
                .filter(|i| !self.done.contains_key(i))
                .collect(),
            None => Vec::new(),
        }
    }
}

/// Reads every `*.json` file of `dir` and checks them: all from one n, one
/// M, one split; each shard once, or several times with the same answer.
pub fn survey(dir: &Path) -> anyhow::Result<Survey> {
    let entries = fs::read_dir(dir).map_err(|e| {
        UsageError(format!(
            "cannot read the directory {}: {}",
            dir.display(),
            crate::solve::plain(&e)
        ))
    })?;
    let mut files: Vec<PathBuf> = Vec::new();
    for entry in entries {
        let path = entry
            .map_err(|e| UsageError(format!("cannot read the directory {}: {e}", dir.display())))?
            .path();
        if path.extension().is_some_and(|ext| ext == "json") {
            files.push(path);
        }
    }
    files.sort();
    let mut problems = Vec::new();
    let mut results: Vec<(PathBuf, ShardResult)> = Vec::new();
    for path in files {
        match read_result(&path) {
            Ok(result) => results.push((path, result)),
            Err(reason) => problems.push(format!("{}: unreadable: {reason}", path.display())),
        }
    }
    // The job is what most files say; the others are the odd ones out.
    let mut votes: BTreeMap<(u32, u64, &SplitId), usize> = BTreeMap::new();
    for (_, result) in &results {
        *votes.entry(result.job()).or_default() += 1;
    }
    let job = votes
        .iter()
        .max_by_key(|(_, count)| **count)
        .map(|((n, shards, split), _)| (*n, *shards, (*split).clone()));
    let mut done: BTreeMap<u64, ShardResult> = BTreeMap::new();
    let mut sources: BTreeMap<u64, PathBuf> = BTreeMap::new();
    if let Some((n, shards, split)) = &job {
        for (path, result) in &results {
            let file = path.display();
            if result.n != *n {
                problems.push(format!(
                    "{file}: a shard of n = {}, the others are of n = {n}",
                    result.n
                ));
            } else if result.shards != *shards {
                problems.push(format!(
                    "{file}: one of {} shards, the others are of {shards}",
                    result.shards
                ));
            } else if result.split != *split {
                problems.push(format!(
                    "{file}: from another split of the work (version {}, hash {}; the others: version {}, hash {})",
                    result.split.version, result.split.hash, split.version, split.hash
                ));
            } else if result.shard >= *shards {
                problems.push(format!(
                    "{file}: shard {} does not exist (shards are 0 to {})",
                    result.shard,
                    shards - 1
                ));
            } else if let Some(earlier) = done.get(&result.shard) {
                if earlier.answer() != result.answer() {
                    problems.push(format!(
                        "shard {}: {} and {file} disagree (total {} vs {})",
                        result.shard,
                        sources[&result.shard].display(),
                        earlier.total,
                        result.total
                    ));
                }
            } else {
                done.insert(result.shard, result.clone());
                sources.insert(result.shard, path.clone());
            }
        }
    }
    Ok(Survey {
        job,
        done,
        problems,
    })
}

fn read_result(path: &Path) -> Result<ShardResult, String> {
    let text = fs::read_to_string(path).map_err(|e| e.to_string())?;
    let result: ShardResult = serde_json::from_str(&text).map_err(|e| e.to_string())?;
    if result.format != SHARD_FORMAT {
        return Err(format!("not a shard result (format {:?})", result.format));
    }
    Ok(result)
}

/// Shard numbers as ranges for `sbatch --array`: `0-3,6,9-10`.
pub fn ranges(numbers: &[u64]) -> String {
    let mut text = String::new();
    let mut i = 0;
    while i < numbers.len() {
        let start = numbers[i];
        let mut end = start;
        while i + 1 < numbers.len() && numbers[i + 1] == end + 1 {
            i += 1;
            end = numbers[i];
        }
        if !text.is_empty() {
            text.push(',');
        }
        if start == end {
            let _ = write!(text, "{start}");
        } else {
            let _ = write!(text, "{start}-{end}");
        }
        i += 1;
    }
    text
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn ranges_compress_runs() {
        assert_eq!(ranges(&[]), "");
        assert_eq!(ranges(&[4]), "4");
        assert_eq!(ranges(&[0, 1, 2, 3, 6, 9, 10]), "0-3,6,9-10");
    }
}

/// The merged result as one JSON object.
#[derive(Serialize)]
struct MergeJson {
    n: u32,
    total: u128,
    fundamental: u128,
    shards: u64,
    seconds: f64,
}

/// `merge`: the sum of every shard, after checking them all; or, with
/// `--status`, which shards are done and which are missing.
pub fn merge(out: &mut impl Write, args: &MergeArgs) -> anyhow::Result<bool> {
    let survey = survey(&args.dir)?;
    let dir = args.dir.display();
    if args.status {
        match &survey.job {
            None => writeln!(out, "no shard results in {dir}")?,
            Some((n, shards, _)) => {
                let done: Vec<u64> = survey.done.keys().copied().collect();
                let missing = survey.missing();
                let list = |numbers: &[u64]| {
                    if numbers.is_empty() {
                        "none".to_owned()
                    } else {
                        ranges(numbers)
                    }
                };
                writeln!(out, "shards: {shards} for n = {n}")?;
                writeln!(out, "done: {}", list(&done))?;
                writeln!(out, "missing: {}", list(&missing))?;
            }
        }
        for problem in &survey.problems {
            writeln!(out, "problem: {problem}")?;
        }
        return Ok(true);
    }
    let Some((n, shards, _)) = &survey.job else {
        let mut problems = survey.problems;
        problems.push(format!("no shard results in {dir}"));
        return Err(MergeRefused(problems).into());
    };
    let mut problems = survey.problems.clone();
    let missing = survey.missing();
    if !missing.is_empty() {
        let list = ranges(&missing);
        problems.push(format!(
            "missing shards of {shards}: {list} (resubmit them with sbatch --array={list})"
        ));
    }
    if !problems.is_empty() {
        return Err(MergeRefused(problems).into());
    }
    let total: u128 = survey.done.values().map(|r| r.total).sum();
    let fundamental: u128 = survey.done.values().map(|r| r.fundamental).sum();
    if args.json {
        let json = MergeJson {
            n: *n,
            total,
            fundamental,
            shards: *shards,
            seconds: survey.done.values().map(|r| r.seconds).sum(),
        };
        serde_json::to_writer(&mut *out, &json)?;
        writeln!(out)?;
    } else if args.fundamental {
        writeln!(out, "{total} {fundamental}")?;
    } else {
        writeln!(out, "{total}")?;
    }
    Ok(true)
}
