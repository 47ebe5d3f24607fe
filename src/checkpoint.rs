//! Checkpoints: the subproblems a count has finished, kept on disk so that
//! a count killed at any moment resumes without losing or repeating one.
//!
//! Two files. `FILE` is a snapshot, rewritten atomically at most every few
//! seconds. `FILE.journal` gets one line per subproblem as soon as it is
//! finished, appended with a single write: a process killed right after
//! loses nothing it finished, and one killed in the middle of a write
//! leaves at most a torn last line, which is ignored (that subproblem is
//! counted again). Subproblems are keyed by their index in the split, so an
//! entry found in both files is counted once.

use std::collections::BTreeMap;
use std::fs::{self, File, OpenOptions};
use std::io::{self, Write};
use std::path::{Path, PathBuf};
use std::time::{Duration, Instant};

use serde::{Deserialize, Serialize};

use crate::UsageError;
use crate::shard::{SplitId, write_atomically};

/// What a checkpoint file says it is.
const CHECKPOINT_FORMAT: &str = "nqueens-checkpoint";

/// What some finished subproblems contribute to the count.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Partial {
    pub total: u128,
    pub fundamental: u128,
    /// How many subproblems: 1 for one.
    pub subproblems: u64,
    /// Search nodes expanded.
    pub nodes: u64,
}

impl std::ops::Add for Partial {
    type Output = Partial;

    fn add(self, other: Partial) -> Partial {
        Partial {
            total: self.total + other.total,
            fundamental: self.fundamental + other.fundamental,
            subproblems: self.subproblems + other.subproblems,
            nodes: self.nodes + other.nodes,
        }
    }
}

#[derive(Serialize, Deserialize)]
struct Snapshot {
    format: String,
    n: u32,
    split: SplitId,
    /// [index, total, fundamental, nodes] of each finished subproblem.
    done: Vec<(u64, u128, u128, u64)>,
}

/// An open checkpoint: what is finished, and where to record more.
pub struct Checkpoint {
    path: PathBuf,
    journal_path: PathBuf,
    journal: File,
    n: u32,
    split: SplitId,
    done: BTreeMap<u64, Partial>,
    interval: Duration,
    saved: Instant,
}

impl Checkpoint {
    /// Opens the checkpoint at `path` for a count of n split as `split`,
    /// creating it if it does not exist, refusing one of another count.
    pub fn open(path: &Path, n: u32, split: &SplitId, interval: Duration) -> anyhow::Result<Self> {
        let journal_path = {
            let mut name = path.as_os_str().to_owned();
            name.push(".journal");
            PathBuf::from(name)
        };
        let mut done = BTreeMap::new();
        let name = path.display();
        match fs::read_to_string(path) {
            Ok(text) => {
                let snapshot: Snapshot = serde_json::from_str(&text)
                    .map_err(|e| UsageError(format!("{name} is not a readable checkpoint: {e}")))?;
                if snapshot.format != CHECKPOINT_FORMAT {
                    return Err(UsageError(format!("{name} is not a checkpoint of nqueens")).into());
                }
                refuse_other(path, snapshot.n, &snapshot.split, n, split)?;
                for (index, total, fundamental, nodes) in snapshot.done {
                    if index >= split.tasks {
                        return Err(UsageError(format!(
                            "{name}: no subproblem {index} in this split"
                        ))
                        .into());
                    }
                    done.insert(
                        index,
                        Partial {
                            total,
                            fundamental,
                            subproblems: 1,
                            nodes,
                        },
                    );
                }
            }
            Err(e) if e.kind() == io::ErrorKind::NotFound => {}
            Err(e) => {
                return Err(UsageError(format!("cannot read the checkpoint {name}: {e}")).into());
            }
        }
        match fs::read_to_string(&journal_path) {
            Ok(text) => read_journal(&journal_path, &text, n, split, &mut done)?,
            Err(e) if e.kind() == io::ErrorKind::NotFound => {}
            Err(e) => {
                return Err(UsageError(format!(
                    "cannot read the checkpoint journal {}: {e}",
                    journal_path.display()
                ))
                .into());
            }
        }
        // Not truncated here: its entries reach the snapshot first.
        let journal = OpenOptions::new()
            .create(true)
            .append(true)
            .open(&journal_path)
            .map_err(|e| {
                UsageError(format!(
                    "cannot write the checkpoint journal {}: {}",
                    journal_path.display(),
                    crate::solve::plain(&e)
                ))
            })?;
        let mut checkpoint = Checkpoint {
            journal,
            path: path.to_owned(),
            journal_path,
            n,
            split: split.clone(),
            done,
            interval,
            saved: Instant::now(),
        };
        // Everything known goes into a fresh snapshot; the journal starts
        // over, with its header.
        checkpoint.save().map_err(|e| {
            UsageError(format!(
                "cannot write the checkpoint {name}: {}",
                crate::solve::plain(&e)
            ))
        })?;
        Ok(checkpoint)
    }

    /// The finished subproblems.
    pub fn done(&self) -> &BTreeMap<u64, Partial> {
        &self.done
    }

    /// Records a finished subproblem: appended to the journal at once, in
    /// the snapshot when the interval has passed.
    pub fn record(&mut self, index: u64, partial: Partial) -> io::Result<()> {
        if self.done.insert(index, partial).is_some() {
            return Ok(());
        }
        let line = format!(
            "{index} {} {} {}\n",
            partial.total, partial.fundamental, partial.nodes
        );
        // One write call: a kill leaves the line whole or torn, never mixed
        // with another.
        self.journal.write_all(line.as_bytes())?;
        if self.saved.elapsed() >= self.interval {
            self.save()?;
        }
        Ok(())
    }

    /// Writes the snapshot and starts the journal over.
    pub fn save(&mut self) -> io::Result<()> {
        let snapshot = Snapshot {
            format: CHECKPOINT_FORMAT.to_owned(),
            n: self.n,
            split: self.split.clone(),
            done: self
                .done
                .iter()
                .map(|(&i, p)| (i, p.total, p.fundamental, p.nodes))
                .collect(),
        };
        let text = serde_json::to_vec(&snapshot).map_err(io::Error::other)?;
        write_atomically(&self.path, &text)?;
        // Entries now in the snapshot may stay in the journal if we die
        // here: they are keyed by index, so they are not counted twice.
        let mut journal = File::create(&self.journal_path)?;
        journal.write_all(journal_header(self.n, &self.split).as_bytes())?;
        self.journal = journal;
        self.saved = Instant::now();
        Ok(())
    }

    /// The checkpoint is no longer needed: the count is complete. The
    /// snapshot is kept (it holds the result), the journal removed.
    pub fn finish(mut self) -> io::Result<()> {
        self.save()?;
        fs::remove_file(&self.journal_path)
    }
}

fn journal_header(n: u32, split: &SplitId) -> String {
    format!(
        "{CHECKPOINT_FORMAT}-journal n={n} split={}/{}/{}\n",
        split.version, split.tasks, split.hash
    )
}

/// Adds the journal's whole lines to `done`. The last line may be torn by
/// a kill in the middle of its write: without its newline it is ignored.
fn read_journal(
    path: &Path,
    text: &str,
    n: u32,
    split: &SplitId,
    done: &mut BTreeMap<u64, Partial>,
) -> anyhow::Result<()> {
    let name = path.display();
    let mut lines = text
        .split_inclusive('\n')
        .filter(|line| line.ends_with('\n'));
    match lines.next() {
        None => return Ok(()),
        Some(header) if header == journal_header(n, split) => {}
        Some(header) => {
            return Err(UsageError(format!(
                "the checkpoint journal {name} is from another count ({}); remove it or use another checkpoint file",
                header.trim_end()
            ))
            .into());
        }
    }
    for (number, line) in lines.enumerate() {
        let fields: Vec<u128> = line
            .split_whitespace()
            .map(str::parse)
            .collect::<Result<_, _>>()
            .ok()
            .filter(|fields: &Vec<u128>| fields.len() == 4)
            .ok_or_else(|| {
                UsageError(format!(
                    "{name}, line {}: not a journal entry: {line:?}",
                    number + 2
                ))
            })?;
        let index = u64::try_from(fields[0])
            .ok()
            .filter(|&i| i < split.tasks)
            .ok_or_else(|| {
                UsageError(format!("{name}, line {}: no such subproblem", number + 2))
            })?;
        let partial = Partial {
            total: fields[1],
            fundamental: fields[2],
            subproblems: 1,
            nodes: u64::try_from(fields[3]).unwrap_or(u64::MAX),
        };
        if let Some(known) = done.insert(index, partial)
            && (known.total != partial.total || known.fundamental != partial.fundamental)
        {
            return Err(UsageError(format!(
                "{name}: subproblem {index} has two different results; the checkpoint is corrupt"
            ))
            .into());
        }
    }
    Ok(())
}

fn refuse_other(
    path: &Path,
    found_n: u32,
    found: &SplitId,
    n: u32,
    split: &SplitId,
) -> anyhow::Result<()> {
    let name = path.display();
    if found_n != n {
        return Err(UsageError(format!(
            "the checkpoint {name} is of a count for n = {found_n}, not n = {n}; use another file"
        ))
        .into());
    }
    if found != split {
        return Err(UsageError(format!(
            "the checkpoint {name} is of another split of the work (version {}, hash {}); this program splits as version {}, hash {}",
            found.version, found.hash, split.version, split.hash
        ))
        .into());
    }
    Ok(())
}
