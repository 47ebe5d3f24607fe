//! Work lists and the runner: an ordered list of independent tasks, solved
//! on exactly the threads asked for, with limits, progress and a callback
//! per finished task.
//!
//! A [`WorkList`] says how many tasks there are and how to solve one; the
//! [`Runner`] does the rest. The same list serves one thread, many threads,
//! a checkpointed run that resumes where it stopped, and the shards of a
//! cluster job: a task's index names the same piece of work everywhere.
//! [`Parallel`](crate::Parallel) is the runner applied to the
//! [`subproblems`](crate::subproblems) of a [`Problem`](crate::Problem).

use std::collections::BTreeMap;
use std::fmt;
use std::ops::Add;
use std::sync::atomic::{AtomicBool, AtomicUsize, Ordering};
use std::sync::{Arc, mpsc};

use crate::limit::{Limits, Outcome, Report, Stop};

/// An ordered list of independent tasks whose results add up.
///
/// Task `i` must give the same result every time it is solved, on any
/// thread and in any order: the runner combines results in whatever order
/// tasks finish, and files built on the list (checkpoints, shards) trust
/// that an index names one piece of work.
///
/// # Example
///
/// The number of primes below 100,000, in ten tasks of 10,000 numbers.
///
/// ```
/// use backtrack::{Limits, Report, Runner, WorkList, Outcome};
///
/// struct Primes;
///
/// impl WorkList for Primes {
///     type Output = u64;
///     fn len(&self) -> usize { 10 }
///     fn solve(&self, task: usize, _: &Limits) -> Report<u64> {
///         let range = task as u64 * 10_000..(task as u64 + 1) * 10_000;
///         let is_prime = |n: u64| n > 1 && (2..).take_while(|d| d * d <= n).all(|d| n % d != 0);
///         Report { value: range.filter(|&n| is_prime(n)).count() as u64, outcome: Outcome::Complete }
///     }
/// }
///
/// let all: Vec<usize> = (0..Primes.len()).collect();
/// let report = Runner::new(2).run(&Primes, &all, |_, _| Ok::<(), ()>(()))?;
/// assert_eq!(report.complete(), Some(9592));
/// # Ok::<(), ()>(())
/// ```
pub trait WorkList: Sync {
    /// What solving a task gives; the results of several tasks add up.
    type Output: Add<Output = Self::Output> + Default + Send;

    /// How many tasks.
    fn len(&self) -> usize;

    /// Whether the list has no task.
    fn is_empty(&self) -> bool {
        self.len() == 0
    }

    /// Solves task `index` (`< len()`), honouring the deadline and cancel
    /// flags of `limits` (see [`Limits::poll`]): a task cut short says so
    /// in its outcome, and its value then covers only what was searched.
    fn solve(&self, index: usize, limits: &Limits) -> Report<Self::Output>;

    /// A cheap estimate of the work task `index` takes, in any unit, the
    /// same for every task. The runner starts the heaviest tasks first (so
    /// no long task is left alone at the end) and reports progress as the
    /// share of the estimated work done. The default, 1, treats tasks as
    /// equal.
    fn weight(&self, index: usize) -> f64 {
        let _ = index;
        1.0
    }
}

impl<W: WorkList + ?Sized> WorkList for &W {
    type Output = W::Output;

    fn len(&self) -> usize {
        (**self).len()
    }

    fn solve(&self, index: usize, limits: &Limits) -> Report<Self::Output> {
        (**self).solve(index, limits)
    }

    fn weight(&self, index: usize) -> f64 {
        (**self).weight(index)
    }
}

/// Results kept per task, in task order; adding two merges them. Useful
/// when each task's own answer matters (the count of each puzzle of a
/// file), not only their sum.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct PerTask<T>(pub BTreeMap<usize, T>);

impl<T> PerTask<T> {
    /// One task's result.
    pub fn one(index: usize, value: T) -> Self {
        PerTask(BTreeMap::from([(index, value)]))
    }
}

impl<T> Default for PerTask<T> {
    fn default() -> Self {
        PerTask(BTreeMap::new())
    }
}

impl<T> Add for PerTask<T> {
    type Output = PerTask<T>;

    fn add(mut self, other: PerTask<T>) -> PerTask<T> {
        self.0.extend(other.0);
        self
    }
}

/// Runs the tasks of a [`WorkList`] on exactly the number of threads asked
/// for, with limits, progress by estimated work, and a callback per
/// finished task.
///
/// - One thread: the calling thread solves every task; no thread is
///   started. More: that many worker threads solve tasks while the calling
///   thread waits for their results and hands them to the callback.
/// - The deadline and cancel flags of the [`Limits`] stop the run soon
///   after they are reached: tasks not started are left out, running ones
///   are cut short, and the outcome says so. A node budget applies to each
///   task on its own.
/// - Progress is the share of the estimated work
///   ([`WorkList::weight`]) of the finished tasks, from 0 to 1, never
///   smaller than the share reported before.
///
/// # Example
///
/// ```
/// # use backtrack::{Limits, Report, Runner, WorkList, Outcome};
/// # struct Squares;
/// # impl WorkList for Squares {
/// #     type Output = u64;
/// #     fn len(&self) -> usize { 100 }
/// #     fn solve(&self, i: usize, _: &Limits) -> Report<u64> {
/// #         Report { value: (i * i) as u64, outcome: Outcome::Complete }
/// #     }
/// # }
/// use std::sync::Mutex;
///
/// // Every task once, on three threads, each result seen by the callback.
/// let seen = Mutex::new(Vec::new());
/// let tasks: Vec<usize> = (0..100).collect();
/// let report = Runner::new(3).run(&Squares, &tasks, |task, value| {
///     seen.lock().unwrap().push((task, *value));
///     Ok::<(), ()>(())
/// })?;
/// assert_eq!(report.complete(), Some(328_350));
/// assert_eq!(seen.lock().unwrap().len(), 100);
/// # Ok::<(), ()>(())
/// ```
#[derive(Clone)]
pub struct Runner {
    threads: usize,
    limits: Limits,
    progress: Option<Arc<dyn Fn(f64) + Send + Sync>>,
}

impl fmt::Debug for Runner {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("Runner")
            .field("threads", &self.threads)
            .field("limits", &self.limits)
            .field("progress", &self.progress.is_some())
            .finish()
    }
}

impl Runner {
    /// A runner on `threads` threads; 0 means one per core.
    pub fn new(threads: usize) -> Self {
        let threads = if threads == 0 {
            std::thread::available_parallelism().map_or(1, usize::from)
        } else {
            threads
        };
        Runner {
            threads,
            limits: Limits::default(),
            progress: None,
        }
    }

    /// The number of threads that solve tasks.
    pub fn threads(&self) -> usize {
        self.threads
    }

    /// Honour `limits`: its deadline and cancel flags stop the run, its
    /// node budget applies to each task.
    #[must_use]
    pub fn limits(mut self, limits: Limits) -> Self {
        self.limits = limits;
        self
    }

    /// Calls `progress` with the share of the estimated work done, from 0
    /// to 1, after each finished task; never with less than before. It is
    /// called from one thread at a time.
    #[must_use]
    pub fn progress(mut self, progress: impl Fn(f64) + Send + Sync + 'static) -> Self {
        self.progress = Some(Arc::new(progress));
        self
    }

    /// Solves the tasks numbered in `tasks` (each once, in any order) and
    /// adds up their results. `on_done` sees each task that finished with
    /// no limit cutting it short, with its result, one call at a time; an
    /// error from it stops the run and is returned.
    ///
    /// The value of the report is the sum over every task solved, whole or
    /// cut short; it is the exact sum over `tasks` only when the outcome is
    /// not limited.
    ///
    /// # Errors
    ///
    /// The first error `on_done` returned.
    pub fn run<W, E>(
        &self,
        work: &W,
        tasks: &[usize],
        mut on_done: impl FnMut(usize, &W::Output) -> Result<(), E>,
    ) -> Result<Report<W::Output>, E>
    where
        W: WorkList + ?Sized,
    {
        // The heaviest first, so that the last tasks to run are short ones
        // and every thread stays busy to the end.
        let weights: Vec<f64> = tasks
            .iter()
            .map(|&task| work.weight(task).max(0.0))
            .collect();
        let mut order: Vec<usize> = (0..tasks.len()).collect();
        order.sort_by(|&a, &b| weights[b].total_cmp(&weights[a]).then(a.cmp(&b)));
        let mut meter = Meter::new(self.progress.as_deref(), weights.iter().sum());

        // Raised when the callback fails: running tasks stop too.
        let halt = Arc::new(AtomicBool::new(false));
        let limits = self.limits.clone().cancel_flag(Arc::clone(&halt));
        let mut total = W::Output::default();
        let mut outcome = Outcome::Complete;
        let mut failure = None;
        let mut take = |position: usize, report: Report<W::Output>, total: &mut W::Output| {
            let task = tasks[position];
            if !report.outcome.is_limited() && failure.is_none() {
                if let Err(e) = on_done(task, &report.value) {
                    failure = Some(e);
                    halt.store(true, Ordering::Relaxed);
                }
                meter.done(weights[position]);
            }
            outcome = outcome.and(report.outcome);
            *total = std::mem::take(total) + report.value;
        };

        if self.threads <= 1 {
            for &position in &order {
                if let Some(stop) = limits.poll() {
                    outcome = outcome.and(Outcome::Stopped(stop));
                    break;
                }
                let report = work.solve(tasks[position], &limits);
                take(position, report, &mut total);
            }
        } else {
            let next = AtomicUsize::new(0);
            let (sender, results) = mpsc::channel();
            let stopped = std::thread::scope(|scope| {
                let mut started = 0;
                for _ in 0..self.threads {
                    let sender = sender.clone();
                    let (order, next, limits) = (&order, &next, &limits);
                    let worker = move || -> Option<Stop> {
                        loop {
                            let i = next.fetch_add(1, Ordering::Relaxed);
                            let &position = order.get(i)?;
                            if let Some(stop) = limits.poll() {
                                return Some(stop);
                            }
                            let report = work.solve(tasks[position], limits);
                            if sender.send((position, report)).is_err() {
                                return None;
                            }
                        }
                    };
                    match std::thread::Builder::new()
                        .name("backtrack-worker".to_owned())
                        .spawn_scoped(scope, worker)
                    {
                        Ok(handle) => {
                            started += 1;
                            drop(handle);
                        }
                        // The system refuses more threads: run on fewer.
                        Err(_) => break,
                    }
                }
                drop(sender);
                if started == 0 {
                    // Not even one: the calling thread does the work.
                    for &position in &order {
                        if let Some(stop) = limits.poll() {
                            return Some(stop);
                        }
                        let report = work.solve(tasks[position], &limits);
                        take(position, report, &mut total);
                    }
                    return None;
                }
                for (position, report) in results {
                    take(position, report, &mut total);
                }
                // Every worker has finished: see whether some stopped early.
                (next.load(Ordering::Relaxed) < order.len())
                    .then(|| limits.poll().unwrap_or(Stop::Cancelled))
            });
            if let Some(stop) = stopped {
                outcome = outcome.and(Outcome::Stopped(stop));
            }
        }
        match failure {
            Some(e) => Err(e),
            None => {
                meter.finish(outcome);
                Ok(Report {
                    value: total,
                    outcome,
                })
            }
        }
    }
}

/// The share of the estimated work done, reported monotonically.
struct Meter<'a> {
    progress: Option<&'a (dyn Fn(f64) + Send + Sync)>,
    total: f64,
    done: f64,
    shown: f64,
}

impl<'a> Meter<'a> {
    fn new(progress: Option<&'a (dyn Fn(f64) + Send + Sync)>, total: f64) -> Self {
        Meter {
            progress,
            total,
            done: 0.0,
            shown: 0.0,
        }
    }

    fn done(&mut self, weight: f64) {
        let Some(progress) = self.progress else {
            return;
        };
        self.done += weight;
        let share = if self.total > 0.0 {
            (self.done / self.total).clamp(0.0, 1.0)
        } else {
            0.0
        };
        if share > self.shown {
            self.shown = share;
            progress(share);
        }
    }

    fn finish(&mut self, outcome: Outcome) {
        if let Some(progress) = self.progress
            && !outcome.is_limited()
            && self.shown < 1.0
        {
            self.shown = 1.0;
            progress(1.0);
        }
    }
}
