//! [`run`]: a job on exactly T threads, with a checkpoint to resume from
//! and a shard file to write, as the options say.

use std::path::{Path, PathBuf};
use std::sync::Arc;
use std::time::{Duration, Instant};

use backtrack::{Limits, Outcome, Runner, Settings};

use crate::error::{Error, echo_path};
use crate::job::Job;
use crate::journal::Journal;
use crate::shard::{Shard, ShardFile};
use crate::tally::Tally;

/// How to [`run`] a job: threads, limits, progress (its
/// [`Settings`]), a checkpoint, a shard.
///
/// `threads`, `limits` and `progress` mean what they mean for
/// [`Parallel`](backtrack::Parallel) and the [`Runner`]: the same
/// [`Settings`], which [`settings`](Options::settings) takes whole.
#[derive(Clone, Debug)]
pub struct Options {
    settings: Settings,
    checkpoint: Option<PathBuf>,
    compact_every: Duration,
    shard: Option<(Shard, PathBuf)>,
    program: String,
}

impl Default for Options {
    fn default() -> Self {
        Options::new()
    }
}

impl Options {
    /// One thread, no limits, no files.
    pub fn new() -> Self {
        Options {
            settings: Settings::new().threads(1),
            checkpoint: None,
            compact_every: Duration::from_secs(5),
            shard: None,
            program: format!("runner {}", env!("CARGO_PKG_VERSION")),
        }
    }

    /// Solve on exactly `threads` threads (0: one per core; 1: the calling
    /// thread, no other): [`Settings::threads`].
    #[must_use]
    pub fn threads(mut self, threads: usize) -> Self {
        self.settings = self.settings.threads(threads);
        self
    }

    /// Stop at the deadline or a cancel flag of `limits`; what finished is
    /// kept in the checkpoint ([`Settings::limits`]).
    #[must_use]
    pub fn limits(mut self, limits: Limits) -> Self {
        self.settings = self.settings.limits(limits);
        self
    }

    /// Report the share of the estimated work done (tasks found finished in
    /// the checkpoint included), from 0 to 1, never less than before
    /// ([`Settings::progress`]).
    #[must_use]
    pub fn progress(mut self, progress: impl Fn(f64) + Send + Sync + 'static) -> Self {
        self.settings = self.settings.progress(progress);
        self
    }

    /// Threads, limits and progress all at once, as `settings` say: the
    /// settings a [`Parallel`](backtrack::Parallel) search takes too.
    ///
    /// ```
    /// use backtrack::{Problem, Settings};
    /// use runner::{Options, Subproblems};
    ///
    /// #[derive(Clone, serde::Serialize)]
    /// struct Bits { n: u32, len: u32 }
    /// impl Problem for Bits {
    ///     type Choice = bool;
    ///     type Choices = std::array::IntoIter<bool, 2>;
    ///     fn choices(&self) -> Self::Choices { [false, true].into_iter() }
    ///     fn apply(&mut self, _: bool) { self.len += 1 }
    ///     fn undo(&mut self, _: bool) { self.len -= 1 }
    ///     fn is_solution(&self) -> bool { self.len == self.n }
    /// }
    ///
    /// let settings = Settings::new().threads(2);
    /// let problem = Bits { n: 12, len: 0 };
    /// let job = Subproblems::new("bits n=12", problem.clone(), 4);
    /// let finished = runner::run(&job, &Options::new().settings(settings.clone()))?;
    /// assert_eq!(finished.threads, 2);
    /// let parallel = backtrack::Parallel::auto().settings(settings).count(&problem);
    /// assert_eq!(parallel.complete(), Some(finished.value.total));
    /// # Ok::<(), runner::Error>(())
    /// ```
    #[must_use]
    pub fn settings(mut self, settings: Settings) -> Self {
        self.settings = settings;
        self
    }

    /// Keep a [`Journal`] at `path`: continue from it if it exists, record
    /// each finished task in it.
    #[must_use]
    pub fn checkpoint(mut self, path: impl AsRef<Path>) -> Self {
        self.checkpoint = Some(path.as_ref().to_owned());
        self
    }

    /// Compact the checkpoint at most this often (default 5 s); finished
    /// tasks reach it at once regardless.
    #[must_use]
    pub fn compact_every(mut self, every: Duration) -> Self {
        self.compact_every = every;
        self
    }

    /// Solve only `shard`'s tasks and write its result to a file in `dir`.
    #[must_use]
    pub fn shard(mut self, shard: Shard, dir: impl AsRef<Path>) -> Self {
        self.shard = Some((shard, dir.as_ref().to_owned()));
        self
    }

    /// The program named in shard files (default: this crate).
    #[must_use]
    pub fn program(mut self, program: impl Into<String>) -> Self {
        self.program = program.into();
        self
    }
}

/// What [`run`] did.
#[derive(Clone, Debug, PartialEq)]
pub struct Finished<T> {
    /// The sum of the results of the tasks run (a whole shard, or the
    /// whole work list), those found in the checkpoint included. Exact
    /// when the outcome is complete; otherwise the tasks finished so far.
    pub value: T,
    /// Complete, or stopped by a limit: then no shard file was written.
    pub outcome: Outcome,
    /// The tasks it covers (those of the shard, or all).
    pub tasks: usize,
    /// Of those, how many the checkpoint already held.
    pub resumed: usize,
    /// The threads that solved tasks.
    pub threads: usize,
    /// The shard file written, with a shard.
    pub shard_file: Option<PathBuf>,
    /// Wall time, in seconds.
    pub seconds: f64,
}

/// Runs `job` as `options` say: on exactly the threads asked for; only a
/// shard's tasks, written to a shard file when they are all done; with a
/// checkpoint, continuing from the tasks it holds and recording every task
/// as it finishes, so a run killed at any moment loses nothing finished
/// and counts nothing twice.
///
/// # Errors
///
/// [`Error::Usage`] for a shard that names no work (more shards than
/// tasks) or a job whose identity no file can hold (a name longer than
/// [`NAME_MAX`](crate::NAME_MAX)); [`Error::Refused`] for a checkpoint of
/// another work list or version, or results that overflow; [`Error::Io`]
/// when a file cannot be written.
pub fn run<J>(job: &J, options: &Options) -> Result<Finished<J::Output>, Error>
where
    J: Job + ?Sized,
    J::Output: PartialEq,
{
    let started = Instant::now();
    let identity = job.identity();
    // What a file cannot hold is refused before any work is done.
    identity.check().map_err(|reason| {
        Error::Usage(format!(
            "the work list {identity} cannot be kept in a file: {reason}"
        ))
    })?;
    let selection: Vec<usize> = match &options.shard {
        Some((shard, _)) => shard.tasks(job.len())?,
        None => (0..job.len()).collect(),
    };
    // The directory of the shard file first: a checkpoint may be in it.
    if let Some((_, dir)) = &options.shard {
        std::fs::create_dir_all(dir)
            .map_err(|e| Error::io("cannot create the directory", dir, e))?;
    }
    let mut journal = match &options.checkpoint {
        Some(path) => Some(Journal::<J::Output>::open(
            path,
            &identity,
            options.compact_every,
        )?),
        None => None,
    };
    let mut runner = Runner::from(options.settings.clone());
    // The weights only serve the progress share of the tasks done before;
    // they are weighed on the run's threads (a job may cache them for the
    // run itself).
    let weights = match &options.settings.progress {
        Some(_) => runner.weigh(job, &selection),
        None => Vec::new(),
    };
    let mut resumed_value = J::Output::default();
    let mut todo = Vec::with_capacity(selection.len());
    let (mut weight_done, mut weight_all) = (0.0, 0.0);
    for (position, &task) in selection.iter().enumerate() {
        let weight = weights.get(position).copied().unwrap_or(0.0).max(0.0);
        weight_all += weight;
        match journal.as_ref().and_then(|j| j.done().get(&(task as u64))) {
            Some(value) => {
                resumed_value = resumed_value
                    .checked_add(value.clone())
                    .ok_or_else(|| overflow(journal.as_ref().map(Journal::path)))?;
                weight_done += weight;
            }
            None => todo.push(task),
        }
    }
    let resumed = selection.len() - todo.len();

    if let Some(progress) = &options.settings.progress {
        // The runner's share is of the tasks left: count the others in.
        let progress = Arc::clone(progress);
        let (before, rest) = if weight_all > 0.0 {
            (weight_done / weight_all, 1.0 - weight_done / weight_all)
        } else {
            (0.0, 1.0)
        };
        progress(before);
        runner = runner.progress(move |share| progress(before + rest * share));
    }
    let report = runner.run(job, &todo, |task, value| match journal.as_mut() {
        Some(journal) => journal.record(task as u64, value),
        None => Ok(()),
    })?;
    if let Some(journal) = journal.as_mut() {
        // Every task is in the journal already: a journal that cannot be
        // rewritten (a full disk) is whole as it is.
        let _ = journal.compact();
    }
    let value = resumed_value
        .checked_add(report.value)
        .ok_or_else(|| overflow(journal.as_ref().map(Journal::path)))?;
    let mut shard_file = None;
    if let (Some((shard, dir)), false) = (&options.shard, report.outcome.is_limited()) {
        let file = ShardFile {
            identity,
            shard: shard.index(),
            shards: shard.count(),
            result: value.clone(),
            tasks: selection.len() as u64,
            seconds: started.elapsed().as_secs_f64(),
            program: options.program.clone(),
        };
        shard_file = Some(file.write(dir)?);
    }
    Ok(Finished {
        value,
        outcome: report.outcome,
        tasks: selection.len(),
        resumed,
        threads: runner.threads(),
        shard_file,
        seconds: started.elapsed().as_secs_f64(),
    })
}

/// The refusal of results that add up past what a count holds: only a
/// checkpoint changed by hand can hold such numbers.
fn overflow(journal: Option<&Path>) -> Error {
    let from = journal.map_or_else(String::new, |path| {
        format!(
            " (the checkpoint {} has been tampered with)",
            echo_path(path)
        )
    });
    Error::Refused(vec![format!(
        "the results add up past what a count can hold{from}"
    )])
}
