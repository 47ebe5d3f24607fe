//! `count`: the number of solutions, with a progress bar and a time limit.

use std::io::{IsTerminal, Write};
use std::ops::ControlFlow;
use std::sync::Arc;
use std::sync::atomic::{AtomicU64, Ordering};
use std::time::{Duration, Instant};

use backtrack::{Limits, Parallel};
use indicatif::{ProgressBar, ProgressDrawTarget, ProgressStyle};
use nqueens::{NQueens, Solution};
use serde::Serialize;

use crate::UsageError;
use crate::cli::CountArgs;

/// The largest n `count` accepts: Q(n) is known up to n = 27, and the
/// counts fit in 128 bits well beyond.
pub const COUNT_MAX: u32 = 32;

/// How long a count runs before a progress bar appears.
const BAR_DELAY: Duration = Duration::from_millis(800);

/// A finished count.
struct Counts {
    total: u128,
    fundamental: Option<u128>,
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
}

impl std::fmt::Display for Incomplete {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(
            f,
            "the count for n = {} did not finish within {} s; no result (raise --timeout)",
            self.n, self.seconds
        )
    }
}

impl std::error::Error for Incomplete {}

pub fn count(out: &mut impl Write, args: &CountArgs) -> anyhow::Result<()> {
    let n = args.n;
    if n > COUNT_MAX {
        return Err(UsageError(format!("count takes n from 1 to {COUNT_MAX}, got {n}")).into());
    }
    let threads = if args.threads == 0 {
        std::thread::available_parallelism().map_or(1, usize::from)
    } else {
        args.threads
    };
    let started = Instant::now();
    let bar = Bar::new(!args.quiet && std::io::stderr().is_terminal());
    let limits = match args.timeout {
        Some(seconds) => Limits::default().time(Duration::from_secs_f64(seconds)),
        None => Limits::default(),
    };
    let counts = engine_count(n, threads, args.fundamental, limits, &bar);
    bar.finish();
    let Some(counts) = counts else {
        return Err(Incomplete {
            n,
            seconds: args.timeout.unwrap_or_default(),
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
    let parallel = Parallel::auto()
        .threads(threads)
        .limits(limits)
        .progress(bar.callback());
    if !fundamental {
        let report = parallel.count(&problem);
        return report.complete().map(|total| Counts {
            total: total.into(),
            fundamental: None,
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
