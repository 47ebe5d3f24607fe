//! [`Parallel`]: count, first-k and for-each over a cut, on the runner.

use std::collections::BTreeMap;
use std::ops::ControlFlow;
use std::sync::Arc;
use std::sync::atomic::{AtomicBool, Ordering};

use super::cut::{AUTO_TARGET, auto_within, subproblems, subproblems_within};
use crate::estimate::weigh;
use crate::limit::{Count, Limits, Outcome, Report, Stop};
use crate::problem::Problem;
use crate::search::Search;
use crate::settings::Settings;
use crate::work::{PerTask, Runner, WorkList};

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
    /// How many subproblems the automatic cut aims at.
    target: Option<usize>,
    /// Whether [`for_each_in_order`](Parallel::for_each_in_order) searches
    /// each subproblem from a fresh copy of the root problem.
    pub(super) fresh: bool,
    pub(super) settings: Settings,
}

impl Parallel {
    /// Cut where [`subproblems_auto`](crate::subproblems_auto) does (the shallowest depth, up to 16,
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

    /// Cut at the shallowest depth (up to 16) that gives at least
    /// `subproblems` subproblems, instead of [`auto`](Parallel::auto)'s
    /// 1,024: fewer when each node is dear (a constraint network's
    /// propagation), since the nodes above the cut are searched once to
    /// list it and once more by each subproblem on its path.
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
    /// assert_eq!(backtrack::Parallel::auto().aim(16).split(&Coins(12)).len(), 16);
    /// ```
    #[must_use]
    pub fn aim(mut self, subproblems: usize) -> Self {
        self.target = Some(subproblems);
        self
    }

    /// With `true`, [`for_each_in_order`](Parallel::for_each_in_order)
    /// searches each subproblem from a fresh copy of the root problem,
    /// instead of one copy a thread rewound to the root after each: a
    /// problem that learns as it searches (weights of failures, say) then
    /// searches every subproblem with what it knew at the root, and visits
    /// its solutions in the same order on every run, whatever the threads'
    /// timing, at the price of what it would have learned, and of the
    /// balance that giving work away to idle threads brings (off by
    /// default).
    #[must_use]
    pub fn fresh(mut self, fresh: bool) -> Self {
        self.fresh = fresh;
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
        match self.depth {
            Some(depth) => subproblems(problem.clone(), depth),
            None => match auto_within(problem, self.target(), &Limits::default()) {
                Ok((_, cut)) => cut,
                // No limit but the node budget, which ends the deepening.
                Err(_) => subproblems(problem.clone(), 0),
            },
        }
    }

    /// [`split`](Parallel::split) within the deadline and cancel flags of
    /// the limits: the limit that stopped it, if one did.
    pub(super) fn cut<P: Problem + Clone>(&self, problem: &P) -> Result<Vec<Vec<P::Choice>>, Stop> {
        let limits = &self.settings.limits;
        match self.depth {
            Some(depth) => {
                let cut =
                    subproblems_within(problem.clone(), depth, &limits.untimed_nodes(), usize::MAX);
                match cut.outcome {
                    Outcome::Complete => Ok(cut.value),
                    Outcome::Stopped(stop) => Err(stop),
                }
            }
            None => auto_within(problem, self.target(), limits).map(|(_, cut)| cut),
        }
    }

    fn target(&self) -> usize {
        self.target.unwrap_or(AUTO_TARGET)
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
