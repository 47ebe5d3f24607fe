//! `merge`: the shard results of a count run in pieces, added up by the
//! library once it trusts them all; or, with `--status`, which are done.

use std::io::Write;

use nqueens::{Counts, Split};
use runner::Identity;
use serde::Serialize;

use crate::cli::MergeArgs;
use crate::error::UsageError;

/// A merge that found problems: one line each, status 1.
#[derive(Debug)]
pub struct MergeRefused(pub Vec<String>);

impl std::fmt::Display for MergeRefused {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(&self.0.join("\n"))
    }
}

impl std::error::Error for MergeRefused {}

/// The merged result as one JSON object.
#[derive(Serialize)]
struct MergeJson {
    n: u32,
    total: u128,
    fundamental: u128,
    shards: u64,
    seconds: f64,
}

/// The n of a count's identity, if this program would split that count
/// exactly as the shards say.
fn board(identity: &Identity) -> Result<u32, String> {
    let n = identity
        .problem
        .strip_prefix("nqueens ")
        .and_then(|n| n.parse::<u32>().ok())
        .ok_or_else(|| "not an N-queens count".to_owned())?;
    let split = Split::new(n).map_err(|e| e.to_string())?;
    let ours = runner::Job::identity(&split);
    if ours != *identity {
        return Err(format!(
            "this program splits that count as version {}, {} tasks, hash {}: count the shards again with it",
            ours.version, ours.tasks, ours.hash
        ));
    }
    Ok(n)
}

/// `merge`: the sum of every shard, after checking them all.
pub fn merge(out: &mut impl Write, args: &MergeArgs) -> anyhow::Result<bool> {
    let dir = runner::echo_path(&args.dir);
    let check = |identity: &Identity| board(identity).map(|_| ());
    if args.status {
        let survey = runner::survey::<Counts>(&args.dir, check).map_err(io_error)?;
        match &survey.job {
            None => writeln!(out, "no shard results in {dir}")?,
            Some((identity, shards)) => {
                let or_none = |text: String| {
                    if text.is_empty() {
                        "none".to_owned()
                    } else {
                        text
                    }
                };
                writeln!(out, "shards: {shards} for {}", describe(identity))?;
                writeln!(out, "done: {}", or_none(survey.present()))?;
                writeln!(out, "missing: {}", or_none(survey.missing()))?;
            }
        }
        for problem in &survey.problems {
            writeln!(out, "problem: {problem}")?;
        }
        return Ok(true);
    }
    let merged = match runner::merge::<Counts>(&args.dir, check) {
        Ok(merged) => merged,
        Err(runner::Error::Refused(problems)) => return Err(MergeRefused(problems).into()),
        Err(e) => return Err(io_error(e)),
    };
    let Counts {
        total, fundamental, ..
    } = merged.value;
    if args.json {
        let json = MergeJson {
            n: board(&merged.identity).unwrap_or_default(),
            total,
            fundamental,
            shards: merged.shards,
            seconds: merged.seconds,
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

/// `n = 13` for an N-queens count, its name otherwise.
fn describe(identity: &Identity) -> String {
    match board(identity) {
        Ok(n) => format!("n = {n}"),
        Err(_) => runner::echo_name(&identity.problem),
    }
}

fn io_error(e: runner::Error) -> anyhow::Error {
    UsageError(e.to_string()).into()
}
