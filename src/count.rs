//! `count`: the number of solutions, with a progress bar and a time limit.

use std::io::{IsTerminal, Write};
use std::ops::ControlFlow;
use std::path::{Path, PathBuf};
use std::sync::atomic::{AtomicBool, AtomicU64, Ordering};
use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};

use backtrack::{Limits, Parallel, Search};
use indicatif::{ProgressBar, ProgressDrawTarget, ProgressStyle};
use nqueens::{CountOptions, NQueens, SPLIT_VERSION, Solution, Split};
use rayon::prelude::*;
use serde::Serialize;

use crate::UsageError;
use crate::checkpoint::{Checkpoint, Partial};
use crate::cli::CountArgs;
use crate::shard::{SHARD_FORMAT, ShardResult, SplitId, write_atomically};

/// The largest n `count` accepts: Q(n) is known up to n = 27, and the
/// counts fit in 128 bits well beyond.
pub const COUNT_MAX: u32 = 32;

/// How long a count runs before a progress bar appears.
const BAR_DELAY: Duration = Duration::from_millis(800);

/// A finished count.
struct Counts {
    total: u128,
    fundamental: Option<u128>,
    /// How many subproblems it took.
    subproblems: u64,
    /// How many search nodes it took (counted by the task runs only).
    nodes: u64,
}

/// The result as one JSON object.
#[derive(Serialize)]
struct CountJson {
    n: u32,
    total: u128,
    #[serde(skip_serializing_if = "Option::is_none")]
    fundamental: Option<u128>,
    threads: usize,
    seconds: f64,
}

/// A count that ran out of time: a failure, never a result.
#[derive(Debug)]
pub struct Incomplete {
    n: u32,
    seconds: f64,
    checkpointed: bool,
}

impl std::fmt::Display for Incomplete {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(
            f,
            "the count for n = {} did not finish within {} s; no result ({})",
            self.n,
            self.seconds,
            if self.checkpointed {
                "the checkpoint keeps what was finished: run again to go on"
            } else {
                "raise --timeout"
            }
        )
    }
}

impl std::error::Error for Incomplete {}

pub fn count(out: &mut impl Write, args: &CountArgs) -> anyhow::Result<()> {
    let n = args.n;
    if n > COUNT_MAX {
        return Err(UsageError(format!("count takes n from 1 to {COUNT_MAX}, got {n}")).into());
    }
    let shard = args.shard.as_deref().map(parse_shard).transpose()?;
    if args.engine && (shard.is_some() || args.checkpoint.is_some()) {
        return Err(UsageError(
            "--engine counts in one go: it does not take --shard or --checkpoint".to_owned(),
        )
        .into());
    }
    let threads = if args.threads == 0 {
        std::thread::available_parallelism().map_or(1, usize::from)
    } else {
        args.threads
    };
    let started = Instant::now();
    let deadline = args
        .timeout
        .map(|seconds| started + Duration::from_secs_f64(seconds));
    let bar = Bar::new(!args.quiet && std::io::stderr().is_terminal());
    let counts = if args.engine {
        let limits = deadline.map_or_else(Limits::default, |at| Limits::default().deadline(at));
        engine_count(n, threads, args.fundamental, limits, &bar)
    } else if shard.is_none() && args.checkpoint.is_none() && deadline.is_none() {
        // Nothing to record or to stop: the counter's own schedule.
        let progress = bar.callback();
        let options = CountOptions::new().threads(threads).progress(&progress);
        let counts = nqueens::count_with(n, &options)?;
        Some(Counts {
            total: counts.total,
            fundamental: args.fundamental.then_some(counts.fundamental),
            subproblems: 0,
            nodes: 0,
        })
    } else {
        let split = Split::new(n)?;
        let selection: Vec<usize> = match shard {
            Some((index, shards)) => split.shard(index, shards).collect(),
            None => (0..split.len()).collect(),
        };
        let checkpoint = match &args.checkpoint {
            Some(path) => Some(Checkpoint::open(
                path,
                n,
                &split_id(&split),
                Duration::from_secs_f64(args.checkpoint_every),
            )?),
            None => None,
        };
        let run = Run {
            split: &split,
            threads,
            deadline,
            bar: &bar,
        };
        let counts = run.tasks(&selection, checkpoint)?;
        if let (Some(counts), Some((index, shards)), Some(dir)) = (&counts, shard, &args.out) {
            bar.finish();
            let path = write_shard(dir, &split, index, shards, counts, started)?;
            if !args.quiet {
                eprintln!(
                    "shard {index} of {shards} for n = {n}: total {}, fundamental {}, {} subproblems, written to {}",
                    counts.total,
                    counts.fundamental.unwrap_or_default(),
                    selection.len(),
                    path.display()
                );
            }
            return Ok(());
        }
        counts.map(|counts| Counts {
            fundamental: counts.fundamental.filter(|_| args.fundamental),
            ..counts
        })
    };
    bar.finish();
    let Some(counts) = counts else {
        return Err(Incomplete {
            n,
            seconds: args.timeout.unwrap_or_default(),
            checkpointed: args.checkpoint.is_some(),
        }
        .into());
    };
    let seconds = started.elapsed().as_secs_f64();
    if args.json {
        let json = CountJson {
            n,
            total: counts.total,
            fundamental: counts.fundamental,
            threads,
            seconds,
        };
        serde_json::to_writer(&mut *out, &json)?;
        writeln!(out)?;
    } else {
        match counts.fundamental {
            Some(fundamental) => writeln!(out, "{} {fundamental}", counts.total)?,
            None => writeln!(out, "{}", counts.total)?,
        }
    }
    Ok(())
}

/// `I/M`, `slurm` or `slurm/M` as (I, M).
fn parse_shard(text: &str) -> anyhow::Result<(u64, u64)> {
    let env = |name: &str| -> anyhow::Result<u64> {
        let value = std::env::var(name).map_err(|_| {
            UsageError(format!(
                "--shard {text} needs {name}, which is not set (run it as a Slurm array task)"
            ))
        })?;
        value
            .trim()
            .parse()
            .map_err(|_| UsageError(format!("{name} is {value:?}, not a number")).into())
    };
    let (index, shards) = match text.split_once('/') {
        None if text == "slurm" => (env("SLURM_ARRAY_TASK_ID")?, env("SLURM_ARRAY_TASK_COUNT")?),
        Some(("slurm", shards)) => (env("SLURM_ARRAY_TASK_ID")?, parse_number(shards, text)?),
        Some((index, shards)) => (parse_number(index, text)?, parse_number(shards, text)?),
        None => return Err(shard_syntax(text)),
    };
    if shards == 0 || index >= shards {
        return Err(UsageError(format!(
            "--shard {text}: the shard number must be from 0 to M - 1, and M at least 1 (got shard {index} of {shards})"
        ))
        .into());
    }
    Ok((index, shards))
}

fn parse_number(part: &str, text: &str) -> anyhow::Result<u64> {
    part.trim().parse().map_err(|_| shard_syntax(text))
}

fn shard_syntax(text: &str) -> anyhow::Error {
    UsageError(format!(
        "--shard takes I/M (shard I of M, counting from 0), slurm or slurm/M, got {text:?}"
    ))
    .into()
}

fn split_id(split: &Split) -> SplitId {
    SplitId {
        version: SPLIT_VERSION,
        tasks: split.len() as u64,
        hash: format!("{:016x}", split.hash()),
    }
}

/// Writes the result of a shard, atomically.
fn write_shard(
    dir: &Path,
    split: &Split,
    index: u64,
    shards: u64,
    counts: &Counts,
    started: Instant,
) -> anyhow::Result<PathBuf> {
    std::fs::create_dir_all(dir).map_err(|e| {
        UsageError(format!(
            "cannot create the directory {}: {e}",
            dir.display()
        ))
    })?;
    let result = ShardResult {
        format: SHARD_FORMAT.to_owned(),
        n: split.n(),
        shard: index,
        shards,
        split: split_id(split),
        total: counts.total,
        fundamental: counts.fundamental.unwrap_or_default(),
        subproblems: counts.subproblems,
        nodes: counts.nodes,
        seconds: started.elapsed().as_secs_f64(),
        program: format!("nqueens {}", env!("CARGO_PKG_VERSION")),
    };
    let path = ShardResult::path(dir, split.n(), index, shards);
    let mut text = serde_json::to_vec_pretty(&result)?;
    text.push(b'\n');
    write_atomically(&path, &text)
        .map_err(|e| anyhow::anyhow!("cannot write {}: {e}", path.display()))?;
    Ok(path)
}

/// Counting a list of tasks on a pool of threads.
struct Run<'a> {
    split: &'a Split,
    threads: usize,
    deadline: Option<Instant>,
    bar: &'a Bar,
}

impl Run<'_> {
    /// Counts the tasks of `selection`, skipping those the checkpoint has
    /// finished and recording each one that finishes. `None` if the deadline
    /// passed first (the checkpoint keeps what was finished).
    fn tasks(
        &self,
        selection: &[usize],
        checkpoint: Option<Checkpoint>,
    ) -> anyhow::Result<Option<Counts>> {
        let mut sum = Partial::default();
        let mut todo = Vec::with_capacity(selection.len());
        for &task in selection {
            match checkpoint
                .as_ref()
                .and_then(|c| c.done().get(&(task as u64)))
            {
                Some(partial) => sum = sum + *partial,
                None => todo.push(task),
            }
        }
        let before = selection.len() - todo.len();
        let progress = self.bar.callback();
        let finished = AtomicU64::new(before as u64);
        let report = |done: u64| progress(done as f64 / selection.len().max(1) as f64);
        report(before as u64);
        let cancel = Arc::new(AtomicBool::new(false));
        let checkpoint = Mutex::new(checkpoint);
        let failure: Mutex<Option<std::io::Error>> = Mutex::new(None);
        let work = || -> Partial {
            todo.par_iter()
                .map(|&task| {
                    if cancel.load(Ordering::Relaxed) {
                        return Partial::default();
                    }
                    let Some(done) = self.split.solve_until(task, &cancel) else {
                        return Partial::default();
                    };
                    let partial = Partial {
                        total: done.counts.total,
                        fundamental: done.counts.fundamental,
                        subproblems: 1,
                        nodes: done.nodes,
                    };
                    if let Some(checkpoint) = lock(&checkpoint).as_mut()
                        && let Err(e) = checkpoint.record(task as u64, partial)
                    {
                        lock(&failure).get_or_insert(e);
                        cancel.store(true, Ordering::Relaxed);
                    }
                    report(finished.fetch_add(1, Ordering::Relaxed) + 1);
                    partial
                })
                .reduce(Partial::default, |a, b| a + b)
        };
        let finished_all = AtomicBool::new(false);
        let computed = std::thread::scope(|scope| {
            if let Some(deadline) = self.deadline {
                // Raises the cancel flag at the deadline, or ends with the work.
                let (cancel, finished_all) = (&cancel, &finished_all);
                scope.spawn(move || {
                    while !finished_all.load(Ordering::Relaxed) {
                        let now = Instant::now();
                        if now >= deadline {
                            cancel.store(true, Ordering::Relaxed);
                            break;
                        }
                        std::thread::sleep((deadline - now).min(Duration::from_millis(20)));
                    }
                });
            }
            let computed = if self.threads <= 1 {
                Ok(work())
            } else {
                rayon::ThreadPoolBuilder::new()
                    .num_threads(self.threads)
                    .build()
                    .map(|pool| pool.install(work))
            };
            finished_all.store(true, Ordering::Relaxed);
            computed
        })?;
        let checkpoint = checkpoint.into_inner().unwrap_or_else(|e| e.into_inner());
        if let Some(e) = failure.into_inner().unwrap_or_else(|e| e.into_inner()) {
            return Err(anyhow::anyhow!("cannot write the checkpoint: {e}"));
        }
        if cancel.load(Ordering::Relaxed) {
            if let Some(mut checkpoint) = checkpoint {
                checkpoint.save()?;
            }
            return Ok(None);
        }
        if let Some(checkpoint) = checkpoint {
            checkpoint.finish()?;
        }
        let sum = sum + computed;
        Ok(Some(Counts {
            total: sum.total,
            fundamental: Some(sum.fundamental),
            subproblems: sum.subproblems,
            nodes: sum.nodes,
        }))
    }
}

fn lock<T>(mutex: &Mutex<T>) -> std::sync::MutexGuard<'_, T> {
    // A panic elsewhere cannot leave these values half-updated.
    mutex.lock().unwrap_or_else(|e| e.into_inner())
}

/// The count by the generic engine, on `threads` threads; `None` if a limit
/// stopped it. The fundamental count keeps each solution that is the
/// canonical form of its class.
fn engine_count(
    n: u32,
    threads: usize,
    fundamental: bool,
    limits: Limits,
    bar: &Bar,
) -> Option<Counts> {
    let problem = NQueens::new(n).expect("n >= 1 was checked by the parser");
    if threads == 1 && !fundamental {
        // The plain sequential search, for a like-for-like comparison with
        // a hand-written one.
        let report = Search::new(problem).with_limits(limits).count();
        return report.complete().map(|total| Counts {
            total: total.into(),
            fundamental: None,
            subproblems: 0,
            nodes: 0,
        });
    }
    let parallel = Parallel::auto()
        .threads(threads)
        .limits(limits)
        .progress(bar.callback());
    if !fundamental {
        let report = parallel.count(&problem);
        return report.complete().map(|total| Counts {
            total: total.into(),
            fundamental: None,
            subproblems: 0,
            nodes: 0,
        });
    }
    let total = AtomicU64::new(0);
    let canonical = AtomicU64::new(0);
    let outcome = parallel.for_each(&problem, |_, columns| {
        total.fetch_add(1, Ordering::Relaxed);
        let solution = Solution::from_columns(columns.to_vec());
        if solution.canonical() == solution {
            canonical.fetch_add(1, Ordering::Relaxed);
        }
        ControlFlow::Continue(())
    });
    outcome.is_complete().then(|| Counts {
        total: total.into_inner().into(),
        fundamental: Some(canonical.into_inner().into()),
        subproblems: 0,
        nodes: 0,
    })
}

/// A progress bar on standard error that shows up only for long runs.
struct Bar {
    bar: Option<ProgressBar>,
    started: Instant,
}

impl Bar {
    fn new(enabled: bool) -> Self {
        let bar = enabled.then(|| {
            let bar = ProgressBar::with_draw_target(Some(1000), ProgressDrawTarget::hidden());
            bar.set_style(
                ProgressStyle::with_template(
                    "{elapsed_precise} [{bar:40}] {percent:>3}% (ETA {eta})",
                )
                .expect("the template is valid")
                .progress_chars("=> "),
            );
            bar
        });
        Bar {
            bar,
            started: Instant::now(),
        }
    }

    /// The callback for the counter: the fraction done, from 0 to 1.
    fn callback(&self) -> impl Fn(f64) + Send + Sync + 'static {
        let bar = self.bar.clone();
        let started = self.started;
        let shown = Arc::new(std::sync::atomic::AtomicBool::new(false));
        move |fraction| {
            let Some(bar) = &bar else { return };
            if !shown.load(Ordering::Relaxed) && started.elapsed() >= BAR_DELAY {
                shown.store(true, Ordering::Relaxed);
                bar.set_draw_target(ProgressDrawTarget::stderr());
            }
            bar.set_position((fraction.clamp(0.0, 1.0) * 1000.0) as u64);
        }
    }

    fn finish(&self) {
        if let Some(bar) = &self.bar {
            bar.finish_and_clear();
        }
    }
}
