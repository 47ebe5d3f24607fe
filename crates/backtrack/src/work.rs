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
use std::sync::{Arc, Mutex};

use crate::limit::{Limits, Outcome, Report, Stop};
use crate::settings::Settings;

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
    /// share of the estimated work done. It weighs every task before it
    /// starts any, on all its threads when there are many tasks. The
    /// default, 1, treats tasks as equal.
    fn weight(&self, index: usize) -> f64 {
        let _ = index;
        1.0
    }

    /// Which tasks share data (a table, a cache): the runner runs the tasks
    /// of a group one after another (the group with the most work first,
    /// the heaviest task first inside a group), so that the data stays in
    /// the processor's caches. The default puts every task in one group.
    fn group(&self, index: usize) -> u64 {
        let _ = index;
        0
    }

    /// Work to do before the tasks in `tasks` can run, such as building the
    /// tables they share: the runner spreads it over its threads, heaviest
    /// first, before it starts the tasks, and counts its weight in the
    /// progress. The default is nothing.
    fn setup(&self, tasks: &[usize]) -> Vec<Setup<'_>> {
        let _ = tasks;
        Vec::new()
    }
}

/// One piece of [`WorkList::setup`]: a closure and an estimate of its
/// work, in the unit of [`WorkList::weight`].
pub struct Setup<'a> {
    /// The estimated work.
    pub weight: f64,
    /// The work itself.
    pub run: Box<dyn FnOnce() + Send + 'a>,
}

impl fmt::Debug for Setup<'_> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("Setup")
            .field("weight", &self.weight)
            .finish_non_exhaustive()
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

    fn group(&self, index: usize) -> u64 {
        (**self).group(index)
    }

    fn setup(&self, tasks: &[usize]) -> Vec<Setup<'_>> {
        (**self).setup(tasks)
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
///   started. T threads: the calling thread and T - 1 more solve tasks,
///   each taking the next one as it finishes the last; the callback runs
///   on the thread that finished the task, one call at a time.
/// - The deadline and cancel flags of the [`Limits`] stop the run soon
///   after they are reached: tasks not started are left out, running ones
///   are cut short, and the outcome says so. A node budget applies to each
///   task on its own.
/// - Order: first the work list's [`setup`](WorkList::setup) (data the
///   tasks share), spread over the threads; then the tasks, a
///   [`group`](WorkList::group) at a time (the group with the most work
///   first) and the heaviest first inside a group, so that the last tasks
///   to run are short ones and every thread stays busy to the end.
/// - Progress is the share of the estimated work
///   ([`WorkList::weight`], and the setups' weights) done, from 0 to 1,
///   never smaller than the share reported before.
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
#[derive(Clone, Debug)]
pub struct Runner {
    settings: Settings,
}

impl Runner {
    /// A runner on `threads` threads; 0 means one per core.
    pub fn new(threads: usize) -> Self {
        Runner::from(Settings::new().threads(threads))
    }

    /// The number of threads that solve tasks.
    pub fn threads(&self) -> usize {
        self.settings.thread_count()
    }

    /// Honour `limits`: its deadline and cancel flags stop the run, its
    /// node budget applies to each task ([`Settings::limits`]).
    #[must_use]
    pub fn limits(mut self, limits: Limits) -> Self {
        self.settings = self.settings.limits(limits);
        self
    }

    /// Calls `progress` with the share of the estimated work done, from 0
    /// to 1, after each finished task; never with less than before. It is
    /// called from one thread at a time ([`Settings::progress`]).
    #[must_use]
    pub fn progress(mut self, progress: impl Fn(f64) + Send + Sync + 'static) -> Self {
        self.settings = self.settings.progress(progress);
        self
    }

    /// Threads, limits and progress all at once, as `settings` say.
    ///
    /// ```
    /// use backtrack::{Runner, Settings};
    ///
    /// assert_eq!(Runner::new(1).settings(Settings::new().threads(4)).threads(), 4);
    /// ```
    #[must_use]
    pub fn settings(mut self, settings: Settings) -> Self {
        self.settings = settings;
        self
    }

    /// The weight of each of `tasks` ([`WorkList::weight`]), weighed on
    /// this runner's threads as [`run`](Self::run) weighs them: for a
    /// caller that needs them before the run (a progress share of the
    /// tasks done before).
    pub fn weigh<W: WorkList + ?Sized>(&self, work: &W, tasks: &[usize]) -> Vec<f64> {
        weigh(work, tasks, self.threads())
    }

    /// Solves the tasks numbered in `tasks` (each once, in any order) and
    /// adds up their results. `on_done` sees each task that finished with
    /// no limit cutting it short, with its result, one call at a time (from
    /// whichever thread finished it); an error from it stops the run and is
    /// returned.
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
        on_done: impl FnMut(usize, &W::Output) -> Result<(), E> + Send,
    ) -> Result<Report<W::Output>, E>
    where
        W: WorkList + ?Sized,
        E: Send,
    {
        let weights = weigh(work, tasks, self.threads());
        let order = schedule(work, tasks, &weights);
        // Heaviest setup first.
        let mut setups: Vec<Setup<'_>> = work.setup(tasks);
        setups.sort_by(|a, b| b.weight.total_cmp(&a.weight));
        let setup_weights: Vec<f64> = setups.iter().map(|s| s.weight.max(0.0)).collect();
        let setups: Vec<Mutex<Option<Setup<'_>>>> =
            setups.into_iter().map(|s| Mutex::new(Some(s))).collect();
        let steps = setups.len() + order.len();

        // Raised when the callback fails: running tasks stop too.
        let halt = Arc::new(AtomicBool::new(false));
        let limits = self.settings.limits.clone().cancel_flag(Arc::clone(&halt));
        let tally = Mutex::new(Tally {
            total: W::Output::default(),
            outcome: Outcome::Complete,
            failure: None,
            meter: Meter::new(
                self.settings.progress.as_deref(),
                weights.iter().sum::<f64>() + setup_weights.iter().sum::<f64>(),
            ),
            on_done,
        });
        let next = AtomicUsize::new(0);
        // Every thread, the calling one included, takes the next step until
        // none is left or a limit says stop; results are added up under a
        // lock, taken once per task (tasks take milliseconds, so it is
        // never contended for long), with no thread left waiting for them.
        let worker = || {
            loop {
                let i = next.fetch_add(1, Ordering::Relaxed);
                if i >= steps || limits.poll().is_some() {
                    return;
                }
                let done = if i < setups.len() {
                    let taken = setups[i].lock().map(|mut s| s.take()).unwrap_or(None);
                    if let Some(setup) = taken {
                        (setup.run)();
                    }
                    Done::Setup(i)
                } else {
                    let position = order[i - setups.len()];
                    Done::Task(position, work.solve(tasks[position], &limits))
                };
                let mut tally = tally.lock().unwrap_or_else(|e| e.into_inner());
                match done {
                    Done::Setup(i) => tally.meter.done(setup_weights[i]),
                    Done::Task(position, report) => {
                        if tally.take(tasks[position], report, weights[position]) {
                            halt.store(true, Ordering::Relaxed);
                        }
                    }
                }
            }
        };
        std::thread::scope(|scope| {
            for _ in 1..self.threads() {
                // The system refuses more threads: run on fewer.
                if std::thread::Builder::new()
                    .name("backtrack-worker".to_owned())
                    .spawn_scoped(scope, worker)
                    .is_err()
                {
                    break;
                }
            }
            worker();
        });
        let mut tally = tally.into_inner().unwrap_or_else(|e| e.into_inner());
        if next.load(Ordering::Relaxed) < steps {
            // Some step was never taken: a limit stopped the run.
            let stop = limits.poll().unwrap_or(Stop::Cancelled);
            tally.outcome = tally.outcome.and(Outcome::Stopped(stop));
        }
        match tally.failure {
            Some(e) => Err(e),
            None => {
                tally.meter.finish(tally.outcome);
                Ok(Report {
                    value: tally.total,
                    outcome: tally.outcome,
                })
            }
        }
    }
}

/// A runner that runs as `settings` say.
///
/// ```
/// let runner = backtrack::Runner::from(backtrack::Settings::new().threads(3));
/// assert_eq!(runner.threads(), 3);
/// ```
impl From<Settings> for Runner {
    fn from(settings: Settings) -> Self {
        Runner { settings }
    }
}

/// What a run has gathered so far, behind its lock.
struct Tally<'a, T, F, E> {
    total: T,
    outcome: Outcome,
    failure: Option<E>,
    meter: Meter<'a>,
    on_done: F,
}

impl<T, F, E> Tally<'_, T, F, E>
where
    T: Add<Output = T> + Default,
    F: FnMut(usize, &T) -> Result<(), E>,
{
    /// Adds a finished task; `true` if its callback failed, so the run
    /// must stop.
    fn take(&mut self, task: usize, report: Report<T>, weight: f64) -> bool {
        let mut failed = false;
        if !report.outcome.is_limited() && self.failure.is_none() {
            if let Err(e) = (self.on_done)(task, &report.value) {
                self.failure = Some(e);
                failed = true;
            }
            self.meter.done(weight);
        }
        self.outcome = self.outcome.and(report.outcome);
        self.total = std::mem::take(&mut self.total) + report.value;
        failed
    }
}

/// What one step of a run did: a setup, or a task with its report.
enum Done<T> {
    Setup(usize),
    Task(usize, Report<T>),
}

/// The weight of each task, `tasks` shared out in chunks among `threads`
/// threads when there are many (a weight may be a few probes of the task's
/// tree, a small share of its work, but all of them before any task runs).
fn weigh<W: WorkList + ?Sized>(work: &W, tasks: &[usize], threads: usize) -> Vec<f64> {
    let weight = |task: usize| work.weight(task).max(0.0);
    if threads <= 1 || tasks.len() < 64 {
        return tasks.iter().map(|&task| weight(task)).collect();
    }
    let chunk = tasks.len().div_ceil(threads);
    std::thread::scope(|scope| {
        let mut parts = tasks.chunks(chunk);
        // The calling thread weighs the first chunk itself.
        let first = parts.next().unwrap_or_default();
        let others: Vec<_> = parts
            .map(|part| {
                scope.spawn(move || part.iter().map(|&task| weight(task)).collect::<Vec<_>>())
            })
            .collect();
        let mut weights: Vec<f64> = first.iter().map(|&task| weight(task)).collect();
        for other in others {
            match other.join() {
                Ok(part) => weights.extend(part),
                Err(panic) => std::panic::resume_unwind(panic),
            }
        }
        weights
    })
}

/// The order to run `tasks` in, as positions in it: groups with the most
/// work first, and inside a group the heaviest task first, so that tasks
/// sharing data run together and the last tasks of the run are short ones.
fn schedule<W: WorkList + ?Sized>(work: &W, tasks: &[usize], weights: &[f64]) -> Vec<usize> {
    let groups: Vec<u64> = tasks.iter().map(|&task| work.group(task)).collect();
    let mut group_weight: BTreeMap<u64, f64> = BTreeMap::new();
    for (group, weight) in groups.iter().zip(weights) {
        *group_weight.entry(*group).or_default() += weight;
    }
    // Each task's group weight looked up once, not at every comparison.
    let of_group: Vec<f64> = groups.iter().map(|g| group_weight[g]).collect();
    let mut order: Vec<usize> = (0..tasks.len()).collect();
    // A total order (positions break ties): unstable sorting is the same.
    order.sort_unstable_by(|&a, &b| {
        of_group[b]
            .total_cmp(&of_group[a])
            .then(groups[a].cmp(&groups[b]))
            .then(weights[b].total_cmp(&weights[a]))
            .then(a.cmp(&b))
    });
    order
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
