//! `count`: the number of solutions, with a progress bar, a time limit, a
//! checkpoint and shards. The scheduling is the library's (`runner::run`);
//! this file turns arguments into options and results into text.

use std::io::{IsTerminal, Write};
use std::ops::ControlFlow;
use std::sync::Arc;
use std::sync::atomic::{AtomicBool, AtomicU64, Ordering};
use std::time::{Duration, Instant};

use backtrack::{Limits, Parallel, Settings};
use indicatif::{ProgressBar, ProgressDrawTarget, ProgressStyle};
use nqueens::{MAX_N, NQueens, QueenMasks, Solution, Split};
use serde::Serialize;

use crate::cli::CountArgs;
use crate::error::UsageError;
use runner::eprintln;

/// How long a count runs before a progress bar appears.
const BAR_DELAY: Duration = Duration::from_millis(800);

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

/// A finished count: the total, the fundamental count when asked, and the
/// threads that did it.
struct Counted {
    total: u128,
    fundamental: Option<u128>,
    threads: usize,
}

pub fn count(out: &mut impl Write, args: &CountArgs) -> anyhow::Result<()> {
    let n = args.n;
    if n > MAX_N {
        return Err(UsageError(format!("count takes n from 1 to {MAX_N}, got {n}")).into());
    }
    let shard = args
        .shard
        .as_deref()
        .map(runner::Shard::parse)
        .transpose()
        .map_err(|e| UsageError(e.to_string()))?;
    if args.engine && (shard.is_some() || args.checkpoint.is_some()) {
        return Err(UsageError(
            "--engine counts in one go: it does not take --shard or --checkpoint".to_owned(),
        )
        .into());
    }
    let started = Instant::now();
    let limits = match args.timeout {
        Some(seconds) => Limits::default().time(Duration::from_secs_f64(seconds)),
        None => Limits::default(),
    };
    let bar = Bar::new(!args.quiet && std::io::stderr().is_terminal());
    // The same threads, limits and progress for the engine and the counter.
    let settings = Settings::new()
        .threads(args.threads)
        .limits(limits)
        .progress(bar.callback());
    let counted = if args.engine {
        engine_count(n, args.fundamental, settings)
    } else {
        let split = Split::new(n)?;
        let mut options = runner::Options::new()
            .settings(settings)
            .compact_every(Duration::from_secs_f64(args.checkpoint_every))
            .program(format!("nqueens {}", env!("CARGO_PKG_VERSION")));
        if let Some(path) = &args.checkpoint {
            options = options.checkpoint(path);
        }
        if let (Some(shard), Some(dir)) = (shard, &args.out) {
            options = options.shard(shard, dir);
        }
        let finished = runner::run(&split, &options).map_err(user_error)?;
        bar.finish();
        if let (Some(path), Some(shard)) = (&finished.shard_file, shard) {
            if !args.quiet {
                eprintln!(
                    "shard {} of {} for n = {n}: total {}, fundamental {}, {} tasks, written to {}",
                    shard.index(),
                    shard.count(),
                    finished.value.total,
                    finished.value.fundamental,
                    finished.tasks,
                    runner::echo_path(path)
                );
            }
            return Ok(());
        }
        (!finished.outcome.is_limited()).then(|| Counted {
            total: finished.value.total,
            fundamental: args.fundamental.then_some(finished.value.fundamental),
            threads: finished.threads,
        })
    };
    bar.finish();
    let Some(counted) = counted else {
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
            total: counted.total,
            fundamental: counted.fundamental,
            threads: counted.threads,
            seconds,
        };
        serde_json::to_writer(&mut *out, &json)?;
        writeln!(out)?;
    } else {
        match counted.fundamental {
            Some(fundamental) => writeln!(out, "{} {fundamental}", counted.total)?,
            None => writeln!(out, "{}", counted.total)?,
        }
    }
    Ok(())
}

/// The library's errors in the terms of this command: a checkpoint or
/// shard that cannot be used is the user's to fix (status 2).
pub fn user_error(e: runner::Error) -> anyhow::Error {
    match e {
        runner::Error::Usage(message) => UsageError(message).into(),
        runner::Error::Refused(lines) => UsageError(lines.join("; ")).into(),
        io @ runner::Error::Io { .. } => UsageError(io.to_string()).into(),
        other => other.into(),
    }
}

/// The count by the generic engine, as `settings` say; `None` if a limit
/// stopped it. The fundamental count keeps each solution that is the
/// canonical form of its class.
fn engine_count(n: u32, fundamental: bool, settings: Settings) -> Option<Counted> {
    let problem = NQueens::new(n).ok()?;
    let threads = settings.thread_count();
    let limits = settings.limits.clone();
    let parallel = Parallel::auto().settings(settings);
    if threads == 1 && !fundamental {
        // The engine's fast count on the board as a value, for a
        // like-for-like comparison with a hand-written search.
        let masks = QueenMasks::new(n).ok()?;
        let report = backtrack::count_values(masks, &limits);
        return report.complete().map(|total| Counted {
            total,
            fundamental: None,
            threads,
        });
    }
    if !fundamental {
        let report = parallel.count(&problem);
        return report.complete().map(|total| Counted {
            total,
            fundamental: None,
            threads,
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
    outcome.is_complete().then(|| Counted {
        total: total.into_inner().into(),
        fundamental: Some(canonical.into_inner().into()),
        threads,
    })
}

/// A progress bar on standard error that shows up only for long runs.
pub struct Bar {
    bar: Option<ProgressBar>,
    started: Instant,
}

impl Bar {
    pub fn new(enabled: bool) -> Self {
        let bar = enabled.then(|| {
            let bar = ProgressBar::with_draw_target(Some(1000), ProgressDrawTarget::hidden());
            if let Ok(style) = ProgressStyle::with_template(
                "{elapsed_precise} [{bar:40}] {percent:>3}% (ETA {eta})",
            ) {
                bar.set_style(style.progress_chars("=> "));
            }
            bar
        });
        Bar {
            bar,
            started: Instant::now(),
        }
    }

    /// The callback for the runner: the share done, from 0 to 1.
    pub fn callback(&self) -> impl Fn(f64) + Send + Sync + 'static {
        let bar = self.bar.clone();
        let started = self.started;
        let shown = Arc::new(AtomicBool::new(false));
        move |fraction| {
            let Some(bar) = &bar else { return };
            if !shown.load(Ordering::Relaxed) && started.elapsed() >= BAR_DELAY {
                shown.store(true, Ordering::Relaxed);
                bar.set_draw_target(ProgressDrawTarget::stderr());
            }
            bar.set_position((fraction.clamp(0.0, 1.0) * 1000.0) as u64);
        }
    }

    pub fn finish(&self) {
        if let Some(bar) = &self.bar {
            bar.finish_and_clear();
        }
    }
}
