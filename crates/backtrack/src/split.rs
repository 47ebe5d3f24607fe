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

use std::collections::BTreeMap;
use std::ops::ControlFlow;
use std::sync::Arc;
use std::sync::atomic::{AtomicBool, Ordering};

use crate::estimate::weigh;
use crate::limit::{Count, Limits, Outcome, Report, Stop};
use crate::problem::Problem;
use crate::search::Search;
use crate::settings::Settings;
use crate::work::{PerTask, Runner, WorkList};

/// The number of subproblems [`Parallel::auto`] aims at: enough for two
/// orders of magnitude more pieces than cores, few enough to list quickly.
const AUTO_TARGET: usize = 1024;

/// The deepest cut [`Parallel::auto`] tries.
const AUTO_MAX_DEPTH: usize = 16;

/// The most nodes [`subproblems_auto`] may search to list a cut: a second
/// or so of the engine's time on a cheap problem.
const AUTO_NODES: u64 = 1 << 22;

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
    let cut = subproblems_within(problem, depth, &Limits::default(), usize::MAX);
    debug_assert!(cut.outcome.is_complete());
    cut.value
}

/// [`subproblems`], searched within `limits` and given up past `max` of
/// them: the outcome is complete when the value is the whole cut,
/// [`Stop::Requested`](crate::Stop::Requested) when there are more than
/// `max` (the value holds the first `max`), or the limit that stopped the
/// search. For cutting a tree whose size is not known to be small.
pub fn subproblems_within<P: Problem>(
    problem: P,
    depth: usize,
    limits: &Limits,
    max: usize,
) -> Report<Vec<Vec<P::Choice>>> {
    let mut cut = Vec::new();
    let outcome = Search::new(Truncated {
        inner: problem,
        depth: 0,
        cut: depth,
    })
    .with_limits(limits.clone())
    .for_each(|_, path| {
        if cut.len() >= max {
            return ControlFlow::Break(());
        }
        cut.push(path.to_vec());
        ControlFlow::Continue(())
    });
    Report {
        value: cut,
        outcome,
    }
}

/// The automatic cut of `problem`, with its depth: the shallowest depth
/// (up to 16) that gives at least 1024 subproblems, or a shallower one when
/// the tree ends above it or when listing the next cut would search more
/// than 4,194,304 nodes.
///
/// The depth is a function of the problem alone (not of the threads, the
/// machine or the clock), so the same problem gets the same cut in every
/// run: [`Parallel::auto`] cuts here, and a job kept in files can name its
/// work by it.
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
/// // 2^10 = 1024 subproblems ten tosses down; a shorter game ends first.
/// let (depth, cut) = backtrack::subproblems_auto(&Coins(20));
/// assert_eq!((depth, cut.len()), (10, 1024));
/// let (depth, cut) = backtrack::subproblems_auto(&Coins(4));
/// assert_eq!((depth, cut.len()), (5, 16));
/// ```
pub fn subproblems_auto<P: Problem + Clone>(problem: &P) -> (usize, Vec<Vec<P::Choice>>) {
    let mut depth = 0;
    let mut cut = subproblems(problem.clone(), 0);
    while cut.len() < AUTO_TARGET && depth < AUTO_MAX_DEPTH {
        if depth > 0 && cut.iter().all(|path| path.len() < depth) {
            // The tree ends above this depth: cutting deeper changes nothing.
            break;
        }
        let limits = Limits::default().nodes(AUTO_NODES);
        let deeper = subproblems_within(problem.clone(), depth + 1, &limits, usize::MAX);
        if !deeper.outcome.is_complete() {
            break;
        }
        depth += 1;
        cut = deeper.value;
    }
    (depth, cut)
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
}

/// How to search on several threads: where to cut the tree, on how many
/// threads, with which limits.
///
/// The results never depend on the number of threads: the cut is a
/// function of the problem and the depth alone, and results are combined
/// in the cut's order. The subproblems are a [`WorkList`] solved by the
/// [`Runner`].
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
    settings: Settings,
}

impl Parallel {
    /// Cut where [`subproblems_auto`] does (the shallowest depth, up to 16,
    /// that gives at least 1024 subproblems), one thread per core.
    pub fn auto() -> Self {
        Parallel::default()
    }

    /// Cut the tree at `depth`.
    #[must_use]
    pub fn depth(mut self, depth: usize) -> Self {
        self.depth = Some(depth);
        self
    }

    /// Run on exactly `threads` threads (0: one per core; 1: the calling
    /// thread alone): [`Settings::threads`].
    #[must_use]
    pub fn threads(mut self, threads: usize) -> Self {
        self.settings = self.settings.threads(threads);
        self
    }

    /// The deadline and the cancel flag of `limits` apply to every
    /// subproblem. A node budget is per subproblem: each subproblem's
    /// search may visit that many nodes ([`Settings::limits`]).
    #[must_use]
    pub fn limits(mut self, limits: Limits) -> Self {
        self.settings = self.settings.limits(limits);
        self
    }

    /// Calls `progress` with the share of the estimated work done (0 to
    /// 1; each subproblem weighed by [`weigh`](crate::weigh)'s probes),
    /// never smaller than the share it was last given, one call at a time
    /// ([`Settings::progress`]).
    #[must_use]
    pub fn progress(mut self, progress: impl Fn(f64) + Send + Sync + 'static) -> Self {
        self.settings = self.settings.progress(progress);
        self
    }

    /// Threads, limits and progress all at once, as `settings` say.
    ///
    /// ```
    /// use backtrack::{Limits, Parallel, Settings};
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
    ///
    /// // A budget of 10 nodes a subproblem cuts every one of them short.
    /// let settings = Settings::new().threads(2).limits(Limits::default().nodes(10));
    /// let report = Parallel::auto().settings(settings).count(&Coins(16));
    /// assert_eq!(report.complete(), None);
    /// ```
    #[must_use]
    pub fn settings(mut self, settings: Settings) -> Self {
        self.settings = settings;
        self
    }

    /// The cut this search uses for `problem`: [`subproblems`] at the
    /// configured depth, or at the automatic one.
    pub fn split<P: Problem + Clone>(&self, problem: &P) -> Vec<Vec<P::Choice>> {
        if let Some(depth) = self.depth {
            return subproblems(problem.clone(), depth);
        }
        subproblems_auto(problem).1
    }

    /// The runner this search uses.
    fn runner(&self) -> Runner {
        Runner::from(self.settings.clone())
    }

    /// Counts the solutions of `problem` on several threads: the same count
    /// as [`Search::count`], faster.
    pub fn count<P>(&self, problem: &P) -> Report<Count>
    where
        P: Problem + Clone + Send + Sync,
        P::Choice: Send + Sync,
    {
        let work = Cut {
            problem,
            paths: self.split(problem),
            solve: |search: &mut Search<P>, _: &[P::Choice]| search.count(),
        };
        let all: Vec<usize> = (0..work.len()).collect();
        let never = |_: usize, _: &Count| Ok::<(), std::convert::Infallible>(());
        match self.runner().run(&work, &all, never) {
            Ok(report) => report,
            Err(never) => match never {},
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
        let work = Cut {
            problem,
            paths: self.split(problem),
            solve: |search: &mut Search<P>, path: &[P::Choice]| {
                let mut report = search.first(k);
                // Each solution's path from the subproblem's state, made whole.
                for solution in &mut report.value {
                    solution.splice(0..0, path.iter().copied());
                }
                report
            },
        };
        let runner = self.runner();
        let batch = runner.threads().max(1) * 4;
        let all: Vec<usize> = (0..work.len()).collect();
        let (mut found, mut outcome) = (Vec::new(), Outcome::Complete);
        for tasks in all.chunks(batch) {
            if found.len() >= k || outcome.is_limited() {
                break;
            }
            let mut batch = BTreeMap::new();
            let never = |_: usize, _: &PerTask<_>| Ok::<(), std::convert::Infallible>(());
            let report = match runner.run(&PerSubproblem(&work), tasks, never) {
                Ok(report) => report,
                Err(never) => match never {},
            };
            // Each subproblem's own outcome decides how far the list goes.
            let mut stopped = report.outcome.is_limited();
            for (&task, (solutions, task_outcome)) in &report.value.0 {
                batch.insert(task, (solutions.clone(), *task_outcome));
            }
            for &task in tasks {
                if found.len() >= k {
                    break;
                }
                let Some((solutions, task_outcome)) = batch.remove(&task) else {
                    // Never started: the run was stopped.
                    outcome = report.outcome;
                    break;
                };
                found.extend(solutions.into_iter().take(k - found.len()));
                // A subproblem cut short by a limit ends the list: what
                // follows it would not be the next solutions.
                if task_outcome.is_limited() {
                    outcome = task_outcome;
                    stopped = true;
                    break;
                }
            }
            if stopped && !outcome.is_limited() && found.len() < k {
                outcome = report.outcome;
            }
        }
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
        let stop = Arc::new(AtomicBool::new(false));
        let work = Cut {
            problem,
            paths: self.split(problem),
            solve: |search: &mut Search<P>, path: &[P::Choice]| {
                let outcome = search.for_each(|state, below| {
                    let mut whole = Vec::with_capacity(path.len() + below.len());
                    whole.extend_from_slice(path);
                    whole.extend_from_slice(below);
                    let flow = visit(state, &whole);
                    if flow.is_break() {
                        stop.store(true, Ordering::Relaxed);
                    }
                    flow
                });
                Report {
                    value: 0u64,
                    outcome,
                }
            },
        };
        let all: Vec<usize> = (0..work.len()).collect();
        // A break stops the other subproblems through the cancel flag.
        let limits = self.settings.limits.clone().cancel_flag(Arc::clone(&stop));
        let runner = self.runner().limits(limits);
        let never = |_: usize, _: &u64| Ok::<(), std::convert::Infallible>(());
        let outcome = match runner.run(&work, &all, never) {
            Ok(report) => report.outcome,
            Err(never) => match never {},
        };
        if stop.load(Ordering::Relaxed) && self.settings.limits.poll().is_none() {
            // Stopped by the callback, not by a limit.
            Outcome::Stopped(Stop::Requested)
        } else {
            outcome
        }
    }
}

/// The subproblems of a cut, each searched by `solve`.
struct Cut<'p, P: Problem, S> {
    problem: &'p P,
    paths: Vec<Vec<P::Choice>>,
    solve: S,
}

impl<P, S, T> Cut<'_, P, S>
where
    P: Problem + Clone,
    S: Fn(&mut Search<P>, &[P::Choice]) -> Report<T>,
{
    fn search(&self, index: usize, limits: &Limits) -> Report<T> {
        let path = &self.paths[index];
        let mut state = self.problem.clone();
        for &choice in path {
            state.apply(choice);
        }
        let mut search = Search::new(state).with_limits(limits.clone());
        (self.solve)(&mut search, path)
    }

    fn len(&self) -> usize {
        self.paths.len()
    }
}

impl<P, S, T> WorkList for Cut<'_, P, S>
where
    P: Problem + Clone + Sync,
    P::Choice: Sync,
    S: Fn(&mut Search<P>, &[P::Choice]) -> Report<T> + Sync,
    T: std::ops::Add<Output = T> + Default + Send,
{
    type Output = T;

    fn len(&self) -> usize {
        self.paths.len()
    }

    fn solve(&self, index: usize, limits: &Limits) -> Report<T> {
        self.search(index, limits)
    }

    /// Knuth's estimate of the subproblem's nodes ([`weigh`]).
    fn weight(&self, index: usize) -> f64 {
        let mut state = self.problem.clone();
        for &choice in &self.paths[index] {
            state.apply(choice);
        }
        weigh(state, index as u64).nodes.value.max(1.0)
    }
}

/// A cut whose results are kept per subproblem, with each one's outcome.
struct PerSubproblem<'c, C>(&'c C);

impl<P, S, T> WorkList for PerSubproblem<'_, Cut<'_, P, S>>
where
    P: Problem + Clone + Sync,
    P::Choice: Sync,
    S: Fn(&mut Search<P>, &[P::Choice]) -> Report<T> + Sync,
    T: Send,
{
    type Output = PerTask<(T, Outcome)>;

    fn len(&self) -> usize {
        self.0.len()
    }

    fn solve(&self, index: usize, limits: &Limits) -> Report<Self::Output> {
        let report = self.0.search(index, limits);
        Report {
            value: PerTask::one(index, (report.value, report.outcome)),
            outcome: report.outcome,
        }
    }
}
