//! The shards of a [`Tasks`](super::Tasks) job added up: `fzn-csp merge`.

use std::path::Path;

use runner::Identity;

use super::{Found, NAME_PREFIX, TASKS_VERSION};

/// Whether `identity` is of a job this program splits as the shards say:
/// a FlatZinc file's [`Tasks`](super::Tasks), of this split version. (Its
/// hash cannot be checked without the file; the shards check each other.)
///
/// # Errors
///
/// What is wrong, in a few words.
pub fn is_ours(identity: &Identity) -> Result<(), String> {
    if !identity.problem.starts_with(NAME_PREFIX) {
        return Err("not a FlatZinc model solved by fzn-csp".to_owned());
    }
    if identity.version != TASKS_VERSION {
        return Err(format!(
            "this program splits a model as version {TASKS_VERSION}: solve the shards again with it"
        ));
    }
    Ok(())
}

/// The shards of `dir` added up, as FlatZinc prints an answer
/// ([`Found::output`]), once every shard is there, once, of one job.
///
/// # Errors
///
/// [`runner::Error::Refused`] naming each missing, duplicate, foreign or
/// damaged shard; [`runner::Error::Io`] when `dir` cannot be read.
pub fn merge(dir: &Path) -> Result<String, runner::Error> {
    let merged = runner::merge::<Found>(dir, is_ours)?;
    Ok(merged.value.output(merged.identity.tasks))
}

/// Which shards of `dir` are done and which are missing, and what is
/// wrong, one line each: `shards: 8 for ...`, `done: 0-2,4`, `missing:
/// 3,5-7`, `problem: ...`.
///
/// # Errors
///
/// [`runner::Error::Io`] when `dir` cannot be read.
pub fn status(dir: &Path) -> Result<String, runner::Error> {
    let survey = runner::survey::<Found>(dir, is_ours)?;
    let mut out = String::new();
    let or_none = |text: String| {
        if text.is_empty() {
            "none".to_owned()
        } else {
            text
        }
    };
    match &survey.job {
        None => out.push_str(&format!("no shard results in {}\n", runner::echo_path(dir))),
        Some((identity, shards)) => {
            out.push_str(&format!("shards: {shards} for {identity}\n"));
            out.push_str(&format!("done: {}\n", or_none(survey.present())));
            out.push_str(&format!("missing: {}\n", or_none(survey.missing())));
        }
    }
    for problem in &survey.problems {
        out.push_str(&format!("problem: {problem}\n"));
    }
    Ok(out)
}
