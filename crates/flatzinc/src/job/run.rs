//! A [`Tasks`] job run as `fzn-csp` runs it: on threads, with a
//! checkpoint, as one shard, within limits.

use std::path::PathBuf;

use backtrack::Limits;

use super::{Options, Tasks};
use crate::instance::Instance;
use crate::translate::Translation;

/// How to run a model as a job: what the command line says.
#[derive(Clone, Debug, Default)]
pub struct Request {
    /// The name the files give it (the FlatZinc file's name).
    pub name: String,
    /// What changes the answer.
    pub options: Options,
    /// `-n K` was given: a job refuses it (it gives the first, the best or
    /// every solution).
    pub solutions: bool,
    /// Threads for the tasks (0: one per core).
    pub threads: usize,
    /// The checkpoint to resume from and record into.
    pub checkpoint: Option<PathBuf>,
    /// The shard (`I/M`, `slurm`, `slurm/M`) and the directory of its file.
    pub shard: Option<(String, PathBuf)>,
    /// The deadline and the cancel flags.
    pub limits: Limits,
    /// The program named in the shard files.
    pub program: String,
}

/// Why a job did not give its answer.
#[derive(Debug, thiserror::Error)]
#[non_exhaustive]
pub enum JobError {
    /// A mistake in the request: a shard that does not exist, `-n`.
    #[error("{0}")]
    Usage(String),
    /// Files that cannot be trusted or written, a limit that stopped a
    /// shard, a solution that failed its check: one line each.
    #[error("{0}")]
    Failed(String),
}

impl From<runner::Error> for JobError {
    fn from(e: runner::Error) -> JobError {
        match e {
            runner::Error::Usage(message) => JobError::Usage(message),
            other => JobError::Failed(other.to_string()),
        }
    }
}

/// Runs `translation` of `instance` as `request` says. With a shard, the
/// shard file is written and nothing is returned; otherwise the answer of
/// all the tasks, as [`Found::output`](super::Found::output) prints it
/// (`=====UNKNOWN=====` when a limit stops the compile; for a shard,
/// that is an error).
///
/// # Errors
///
/// [`JobError::Usage`] for `-n` or a shard that names no work;
/// [`JobError::Failed`] for a checkpoint of another job, a file that
/// cannot be written, a shard a limit stopped (no file is written), or a
/// solution that fails its check or prints more than
/// [`LINES_MAX`](super::LINES_MAX).
pub fn run(
    instance: Instance,
    translation: Translation,
    request: &Request,
) -> Result<Option<String>, JobError> {
    if request.solutions {
        return Err(JobError::Usage(
            "-n cannot be used with --shard, --checkpoint or --depth: a job gives the first, the best or (with -a) every solution".into(),
        ));
    }
    let shard = match &request.shard {
        Some((spec, dir)) => Some((runner::Shard::parse(spec)?, dir)),
        None => None,
    };
    let network = match (
        translation.model.compile_with(&request.limits),
        &request.shard,
    ) {
        (Ok(network), _) => network,
        (Err(stop), Some((spec, _))) => {
            return Err(JobError::Failed(format!(
                "shard {spec} stopped while compiling ({stop}): no shard file written"
            )));
        }
        (Err(_), None) => return Ok(Some("=====UNKNOWN=====\n".to_owned())),
    };
    let tasks = Tasks::new(
        &request.name,
        instance,
        translation,
        network,
        request.options,
    );
    let mut options = runner::Options::new()
        .threads(request.threads)
        .limits(request.limits.clone())
        .program(request.program.clone());
    if let Some(path) = &request.checkpoint {
        options = options.checkpoint(path);
    }
    if let Some((shard, dir)) = shard {
        options = options.shard(shard, dir);
    }
    let finished = runner::run(&tasks, &options)?;
    if let Some(failure) = tasks.failure() {
        return Err(JobError::Failed(failure));
    }
    match &request.shard {
        Some((spec, _)) if finished.outcome.is_limited() => Err(JobError::Failed(format!(
            "shard {spec} {} with {} of its {} tasks done: no shard file written{}",
            finished.outcome,
            finished.value.tasks,
            finished.tasks,
            if request.checkpoint.is_some() {
                " (the checkpoint keeps the tasks done: run it again)"
            } else {
                ""
            }
        ))),
        Some(_) => Ok(None),
        None => Ok(Some(finished.value.output(finished.tasks as u64))),
    }
}
