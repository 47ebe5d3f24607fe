//! Splitting a search into independent subproblems, and searching them on
//! several threads.
//!
//! [`subproblems`] cuts the tree at a depth: the states there, in the
//! engine's order, plus any solution found above that depth. Searching each
//! subproblem from its state and concatenating the results in order gives
//! exactly the sequential search: the same solutions, in the same order.
//! The list is deterministic, so an index into it names the same piece of
//! work in every run, on every machine: threads, checkpoints and shards of a
//! cluster job can all share it.

use std::fmt;
use std::ops::ControlFlow;
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::{Arc, Mutex};

use rayon::prelude::*;

use crate::limit::{Limits, Outcome, Report, Stop};
use crate::problem::Problem;
use crate::search::Search;

/// The number of subproblems [`Parallel::auto`] aims at: enough for two
/// orders of magnitude more pieces than cores, few enough to list quickly.
const AUTO_TARGET: usize = 1024;

/// The deepest cut [`Parallel::auto`] tries.
const AUTO_MAX_DEPTH: usize = 16;

/// The subproblems of `problem` cut at `depth`, in the engine's order: the
/// path from the root to every state at that depth, and to every solution
/// above it. States above `depth` with no way down are left out: they hold
/// no solution.
///
/// Searching each subproblem (apply its path to a clone of the root, then
/// search) and concatenating the results in order gives the solutions of
/// the whole tree, in the same order as a sequential search.
///
/// # Complexity
///
/// A search of the tree down to `depth`: time linear in the nodes above the
/// cut, memory linear in the number of subproblems.
///
/// # Example
///
/// ```
/// # use backtrack::Problem;
/// # struct Coins(u32);
/// # impl Problem for Coins {
/// #     type Choice = bool;
/// #     type Choices = std::array::IntoIter<bool, 2>;
/// #     fn choices(&self) -> Self::Choices { [false, true].into_iter() }
/// #     fn apply(&mut self, _: bool) { self.0 -= 1 }
/// #     fn undo(&mut self, _: bool) { self.0 += 1 }
/// #     fn is_solution(&self) -> bool { self.0 == 0 }
/// # }
/// // Three coin tosses cut after the first two.
/// let cut = backtrack::subproblems(Coins(3), 2);
/// assert_eq!(cut, [[false, false], [false, true], [true, false], [true, true]]);
/// ```
pub fn subproblems<P: Problem>(problem: P, depth: usize) -> Vec<Vec<P::Choice>> {
    let mut cut = Vec::new();
    let outcome = Search::new(Truncated {
        inner: problem,
        depth: 0,
        cut: depth,
    })
    .for_each(|_, path| {
        cut.push(path.to_vec());
        ControlFlow::Continue(())
    });
    debug_assert!(outcome.is_complete());
    cut
}

/// A problem whose tree stops at a depth: the states there count as
/// solutions (and are not expanded).
struct Truncated<P> {
    inner: P,
    depth: usize,
    cut: usize,
}

impl<P: Problem> Problem for Truncated<P> {
    type Choice = P::Choice;
    type Choices = P::Choices;

    fn choices(&self) -> Self::Choices {
        self.inner.choices()
    }

    fn apply(&mut self, choice: Self::Choice) {
        self.inner.apply(choice);
        self.depth += 1;
    }

    fn undo(&mut self, choice: Self::Choice) {
        self.inner.undo(choice);
        self.depth -= 1;
    }

    fn is_solution(&self) -> bool {
        self.depth == self.cut || self.inner.is_solution()
    }

    fn next_choice(&self, choices: &mut Self::Choices) -> Option<Self::Choice> {
        self.inner.next_choice(choices)
    }
}

/// How to search on several threads: where to cut the tree, on how many
/// threads, with which limits.
///
/// The results never depend on the number of threads: the cut is a
/// function of the problem and the depth alone, and results are combined
/// in the cut's order.
///
/// # Example
///
/// ```
/// # use backtrack::Problem;
/// # #[derive(Clone)]
/// # struct Coins(u32);
/// # impl Problem for Coins {
/// #     type Choice = bool;
/// #     type Choices = std::array::IntoIter<bool, 2>;
/// #     fn choices(&self) -> Self::Choices { [false, true].into_iter() }
/// #     fn apply(&mut self, _: bool) { self.0 -= 1 }
/// #     fn undo(&mut self, _: bool) { self.0 += 1 }
/// #     fn is_solution(&self) -> bool { self.0 == 0 }
/// # }
/// use backtrack::Parallel;
///
/// let parallel = Parallel::auto().threads(2);
/// assert_eq!(parallel.count(&Coins(12)).complete(), Some(4096));
/// assert_eq!(parallel.first(&Coins(12), 3).value, backtrack::first(Coins(12), 3));
/// ```
#[derive(Clone, Debug, Default)]
pub struct Parallel {
    depth: Option<usize>,
    threads: Option<usize>,
    limits: Limits,
    progress: Option<Progress>,
}

/// A callback told the fraction of subproblems done.
#[derive(Clone)]
struct Progress(Arc<dyn Fn(f64) + Send + Sync>);

impl fmt::Debug for Progress {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str("Progress(..)")
    }
}

/// Counts finished subproblems and reports the fraction done, never less
/// than it reported before, whichever thread finishes first.
struct Tracker<'a> {
    progress: Option<&'a Progress>,
    total: usize,
    /// Subproblems done, and the fraction last reported.
    state: Mutex<(usize, f64)>,
}

impl<'a> Tracker<'a> {
    fn new(progress: Option<&'a Progress>, total: usize) -> Self {
        Tracker {
            progress,
            total,
            state: Mutex::new((0, 0.0)),
        }
    }

    fn done_one(&self) {
        let Some(progress) = self.progress else {
            return;
        };
        // A poisoned lock only means a callback panicked on another thread;
        // the counts in it are still right.
        let mut state = self.state.lock().unwrap_or_else(|e| e.into_inner());
        state.0 += 1;
        let fraction = state.0 as f64 / self.total as f64;
        if fraction > state.1 {
            state.1 = fraction;
            (progress.0)(fraction);
        }
    }
}

impl Parallel {
    /// Cut at the shallowest depth (up to 16) that gives at least 1024
    /// subproblems, on rayon's global thread pool.
    pub fn auto() -> Self {
        Parallel::default()
    }

    /// Cut the tree at `depth`.
    #[must_use]
    pub fn depth(mut self, depth: usize) -> Self {
        self.depth = Some(depth);
        self
    }

    /// Run on a pool of `threads` threads (0: one per core).
    #[must_use]
    pub fn threads(mut self, threads: usize) -> Self {
        self.threads = Some(threads);
        self
    }

    /// The deadline and the cancel flag of `limits` apply to every
    /// subproblem. A node budget is per subproblem: each subproblem's
    /// search may visit that many nodes.
    #[must_use]
    pub fn limits(mut self, limits: Limits) -> Self {
        self.limits = limits;
        self
    }

    /// Calls `progress` with the fraction of subproblems finished (0 to 1),
    /// never smaller than the fraction it was last given, from whichever
    /// thread finishes a subproblem.
    #[must_use]
    pub fn progress(mut self, progress: impl Fn(f64) + Send + Sync + 'static) -> Self {
        self.progress = Some(Progress(Arc::new(progress)));
        self
    }

    /// The cut this search uses for `problem`: [`subproblems`] at the
    /// configured depth, or at the automatic one.
    pub fn split<P: Problem + Clone>(&self, problem: &P) -> Vec<Vec<P::Choice>> {
        if let Some(depth) = self.depth {
            return subproblems(problem.clone(), depth);
        }
        let mut cut = subproblems(problem.clone(), 0);
        for depth in 1..=AUTO_MAX_DEPTH {
            if cut.len() >= AUTO_TARGET {
                break;
            }
            cut = subproblems(problem.clone(), depth);
            if cut.iter().all(|path| path.len() < depth) {
                // The tree ends above this depth: cutting deeper changes nothing.
                break;
            }
        }
        cut
    }

    /// Counts the solutions of `problem` on several threads: the same count
    /// as [`Search::count`], faster.
    pub fn count<P>(&self, problem: &P) -> Report<u64>
    where
        P: Problem + Clone + Send + Sync,
        P::Choice: Send + Sync,
    {
        let cut = self.split(problem);
        let tracker = Tracker::new(self.progress.as_ref(), cut.len());
        let counts: Vec<Report<u64>> = self.install(|| {
            cut.par_iter()
                .map(|path| {
                    let report = self.search(problem, path).count();
                    tracker.done_one();
                    report
                })
                .collect()
        });
        let mut total = 0;
        let mut outcome = Outcome::Complete;
        for report in counts {
            total += report.value;
            outcome = worse(outcome, report.outcome);
        }
        Report {
            value: total,
            outcome,
        }
    }

    /// The first `k` solutions of `problem`, exactly those of
    /// [`Search::first`], searched on several threads.
    ///
    /// Subproblems are searched in batches, in order, each for at most `k`
    /// solutions, until the batches so far hold `k` solutions.
    pub fn first<P>(&self, problem: &P, k: usize) -> Report<Vec<Vec<P::Choice>>>
    where
        P: Problem + Clone + Send + Sync,
        P::Choice: Send + Sync,
    {
        let cut = self.split(problem);
        let batch = self.thread_count().max(1) * 4;
        let (mut found, mut outcome) = (Vec::new(), Outcome::Complete);
        self.install(|| {
            for paths in cut.chunks(batch) {
                if found.len() >= k || outcome.is_limited() {
                    break;
                }
                let reports: Vec<Report<Vec<Vec<P::Choice>>>> = paths
                    .par_iter()
                    .map(|path| {
                        let mut report = self.search(problem, path).first(k);
                        // Each solution's path from the subproblem's state,
                        // made whole.
                        for solution in &mut report.value {
                            solution.splice(0..0, path.iter().copied());
                        }
                        report
                    })
                    .collect();
                for report in reports {
                    if found.len() >= k {
                        break;
                    }
                    found.extend(report.value.into_iter().take(k - found.len()));
                    // A subproblem cut short by a limit ends the list: what
                    // follows it would not be the next solutions.
                    if report.outcome.is_limited() {
                        outcome = report.outcome;
                        break;
                    }
                }
            }
        });
        if found.len() >= k && !outcome.is_limited() {
            outcome = Outcome::Stopped(Stop::Requested);
        }
        Report {
            value: found,
            outcome,
        }
    }

    /// Calls `visit` at every solution of `problem`, from several threads at
    /// once and in no particular order, until it returns
    /// [`ControlFlow::Break`] (which stops the other threads soon after).
    pub fn for_each<P, F>(&self, problem: &P, visit: F) -> Outcome
    where
        P: Problem + Clone + Send + Sync,
        P::Choice: Send + Sync,
        F: Fn(&P, &[P::Choice]) -> ControlFlow<()> + Sync,
    {
        let cut = self.split(problem);
        let tracker = Tracker::new(self.progress.as_ref(), cut.len());
        let stop = AtomicBool::new(false);
        let outcomes: Vec<Outcome> = self.install(|| {
            cut.par_iter()
                .map(|path| {
                    if stop.load(Ordering::Relaxed) {
                        return Outcome::Stopped(Stop::Requested);
                    }
                    let _done = Done(&tracker);
                    self.search(problem, path).for_each(|state, below| {
                        if stop.load(Ordering::Relaxed) {
                            return ControlFlow::Break(());
                        }
                        let mut whole = Vec::with_capacity(path.len() + below.len());
                        whole.extend_from_slice(path);
                        whole.extend_from_slice(below);
                        let flow = visit(state, &whole);
                        if flow.is_break() {
                            stop.store(true, Ordering::Relaxed);
                        }
                        flow
                    })
                })
                .collect()
        });
        outcomes.into_iter().fold(Outcome::Complete, worse)
    }

    /// A search of the subproblem at the end of `path`.
    fn search<P: Problem + Clone>(&self, problem: &P, path: &[P::Choice]) -> Search<P> {
        let mut state = problem.clone();
        for &choice in path {
            state.apply(choice);
        }
        Search::new(state).with_limits(self.limits.clone())
    }

    fn thread_count(&self) -> usize {
        match self.threads {
            Some(0) | None => rayon::current_num_threads(),
            Some(threads) => threads,
        }
    }

    /// Runs `work` on the configured pool.
    fn install<R: Send>(&self, work: impl FnOnce() -> R + Send) -> R {
        match self.threads {
            None => work(),
            Some(threads) => match rayon::ThreadPoolBuilder::new().num_threads(threads).build() {
                Ok(pool) => pool.install(work),
                // No threads to be had: the caller's thread does the work.
                Err(_) => work(),
            },
        }
    }
}

/// Marks a subproblem done when dropped, however its search ended.
struct Done<'a, 'b>(&'a Tracker<'b>);

impl Drop for Done<'_, '_> {
    fn drop(&mut self) {
        self.0.done_one();
    }
}

/// The less complete of two outcomes: a limit over a request over a
/// complete search.
fn worse(a: Outcome, b: Outcome) -> Outcome {
    match (a, b) {
        (Outcome::Complete, other) | (other, Outcome::Complete) => other,
        (Outcome::Stopped(Stop::Requested), other) | (other, Outcome::Stopped(Stop::Requested)) => {
            other
        }
        (first, _) => first,
    }
}
