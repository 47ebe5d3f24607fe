//! [`Parallel::optimize`]: branch and bound over a cut, on several
//! threads, every improvement shared through an [`Incumbent`].

use std::sync::atomic::{AtomicBool, AtomicUsize, Ordering};
use std::sync::{Arc, Mutex};

use super::incumbent::Incumbent;
use super::parallel::Parallel;
use crate::limit::{Limits, Outcome, Report, Stats};
use crate::optimize::{Best, Optimize, Optimum, minimize_from};
use crate::problem::Problem;

impl Parallel {
    /// The solution of least cost of `problem`, by branch and bound on
    /// several threads; `improved` sees the problem at every solution that
    /// strictly improves `incumbent`, with its whole path from the root,
    /// one call at a time, each with a lower cost than the one before.
    ///
    /// The tree is cut as [`split`](Parallel::split) says, and the
    /// subproblems are taken in the cut's order, which is the sequential
    /// search's: the parts it would search first, where it finds its first
    /// good solutions, go first. Each is searched by [`minimize_from`],
    /// starting from the best cost of `incumbent` as its bound, and every
    /// improvement, found by any thread or offered to `incumbent` from
    /// outside, reaches every running search at its next node (through
    /// [`Optimize::set_bound`], which may then be called at any state, not
    /// only at a solution). Each thread keeps one copy of the problem,
    /// rewound to the root after each subproblem, so that what the problem
    /// learns as it searches (weights of failures, say) carries over to
    /// the thread's next subproblem.
    ///
    /// The outcome is [`Outcome::Complete`] when every subproblem was
    /// searched to its end, or when a solution met the root's
    /// [`lower_bound`](Optimize::lower_bound) (which stops every thread):
    /// no solution is then below `incumbent.best()`, and the report's
    /// `lower_bound` is that cost. `best` is the best solution this search
    /// found; when other searches offered a better cost to `incumbent`, it
    /// is worse than that cost, or `None`. A limit stops every thread,
    /// with [`Outcome::Stopped`]: the deadline and the cancel flags apply
    /// to all, the node budget to each subproblem's search.
    ///
    /// `stats` add up the subproblems' searches (the cut's own nodes left
    /// out); `max_depth` counts from the root.
    ///
    /// # Example
    ///
    /// ```
    /// # use backtrack::{Optimize, Problem};
    /// # #[derive(Clone)]
    /// # struct Change { coins: Vec<u32>, left: u32, used: u32, bound: u32 }
    /// # impl Problem for Change {
    /// #     type Choice = u32;
    /// #     type Choices = std::vec::IntoIter<u32>;
    /// #     fn choices(&self) -> Self::Choices {
    /// #         if self.used + 1 >= self.bound { return Vec::new().into_iter() }
    /// #         self.coins.iter().copied().filter(|&c| c <= self.left).collect::<Vec<_>>().into_iter()
    /// #     }
    /// #     fn apply(&mut self, c: u32) { self.left -= c; self.used += 1 }
    /// #     fn undo(&mut self, c: u32) { self.left += c; self.used -= 1 }
    /// #     fn is_solution(&self) -> bool { self.left == 0 }
    /// # }
    /// # impl Optimize for Change {
    /// #     type Cost = u32;
    /// #     fn cost(&self) -> u32 { self.used }
    /// #     fn set_bound(&mut self, best: u32) { self.bound = best }
    /// # }
    /// use backtrack::{Incumbent, Limits, Parallel};
    /// use std::sync::Mutex;
    ///
    /// // The fewest coins of 7, 5 and 1 that make 24: 7+7+5+5.
    /// let change = Change { coins: vec![7, 5, 1], left: 24, used: 0, bound: u32::MAX };
    /// let incumbent = Incumbent::new();
    /// let seen = Mutex::new(Vec::new());
    /// let report = Parallel::auto().threads(2).optimize(&change, &incumbent, |p, _| {
    ///     seen.lock().unwrap().push(p.used)
    /// });
    /// assert!(report.outcome.is_complete());
    /// assert_eq!(report.value.best.unwrap().cost, 4);
    /// assert_eq!(incumbent.best(), Some(4));
    /// let seen = seen.into_inner().unwrap();
    /// assert!(seen.windows(2).all(|w| w[1] < w[0]) && seen.last() == Some(&4));
    /// # let sequential = backtrack::minimize(change, &Limits::default());
    /// # assert_eq!(sequential.value.best.unwrap().cost, 4);
    /// ```
    pub fn optimize<P, F>(
        &self,
        problem: &P,
        incumbent: &Incumbent<P::Cost>,
        improved: F,
    ) -> Report<Optimum<P::Cost, P::Choice>>
    where
        P: Optimize + Clone + Send + Sync,
        P::Choice: Send + Sync,
        P::Cost: Send + Sync,
        F: Fn(&P, &[P::Choice]) + Sync,
    {
        let floor = problem.lower_bound();
        let paths = match self.cut(problem) {
            Ok(paths) => paths,
            Err(stop) => {
                let value = Optimum {
                    best: None,
                    lower_bound: floor,
                    stats: Stats::default(),
                };
                let outcome = Outcome::Stopped(stop);
                return Report { value, outcome };
            }
        };
        // Raised when a solution meets the root's floor: nothing can beat it.
        let met = Arc::new(AtomicBool::new(false));
        let limits = self.settings.limits.clone().cancel_flag(Arc::clone(&met));
        let next = AtomicUsize::new(0);
        let tally = Mutex::new(Tally {
            best: None,
            stats: Stats::default(),
            outcome: Outcome::Complete,
            searched: 0,
        });
        let worker = || {
            // One copy of the problem a thread, rewound to the root after
            // each subproblem: what it learns (weights of failures, say)
            // goes on to the next.
            let mut shared = Shared {
                inner: problem.clone(),
                incumbent,
                seen: u64::MAX,
            };
            shared.inner.set_limits(&limits);
            loop {
                let i = next.fetch_add(1, Ordering::Relaxed);
                if i >= paths.len() || limits.poll().is_some() {
                    return;
                }
                let path = &paths[i];
                shared.follow();
                for &choice in path {
                    shared.apply(choice);
                }
                let report = minimize_from(&mut shared, &limits, |state, below| {
                    let cost = state.inner.cost();
                    // One improvement at a time, in decreasing cost.
                    let mut tally = tally.lock().unwrap_or_else(|e| e.into_inner());
                    if !incumbent.offer(cost) {
                        return;
                    }
                    let mut whole = Vec::with_capacity(path.len() + below.len());
                    whole.extend_from_slice(path);
                    whole.extend_from_slice(below);
                    improved(&state.inner, &whole);
                    tally.best = Some(Best { cost, path: whole });
                    if floor.is_some_and(|floor| cost <= floor) {
                        met.store(true, Ordering::Relaxed);
                    }
                });
                for &choice in path.iter().rev() {
                    shared.undo(choice);
                }
                let mut tally = tally.lock().unwrap_or_else(|e| e.into_inner());
                let stats = report.value.stats;
                tally.stats.nodes += stats.nodes;
                tally.stats.solutions += stats.solutions;
                tally.stats.dead_ends += stats.dead_ends;
                tally.stats.max_depth = tally.stats.max_depth.max(path.len() + stats.max_depth);
                tally.outcome = tally.outcome.and(report.outcome);
                tally.searched += 1;
            }
        };
        std::thread::scope(|scope| {
            for _ in 1..self.settings.thread_count() {
                // The system refuses more threads: run on fewer.
                if std::thread::Builder::new()
                    .name("backtrack-optimize".to_owned())
                    .spawn_scoped(scope, worker)
                    .is_err()
                {
                    break;
                }
            }
            worker();
        });
        let tally = tally.into_inner().unwrap_or_else(|e| e.into_inner());
        let outcome = if met.load(Ordering::Relaxed) {
            // Whatever the other threads were stopped by, the floor is met.
            Outcome::Complete
        } else if tally.searched < paths.len() {
            let stop = self.settings.limits.poll();
            tally
                .outcome
                .and(Outcome::Stopped(stop.unwrap_or(crate::Stop::Cancelled)))
        } else {
            tally.outcome
        };
        let lower_bound = match outcome {
            Outcome::Complete => incumbent.best(),
            Outcome::Stopped(_) => floor,
        };
        Report {
            value: Optimum {
                best: tally.best,
                lower_bound,
                stats: tally.stats,
            },
            outcome,
        }
    }
}

/// What the threads of [`Parallel::optimize`] gathered, behind its lock.
struct Tally<C, Ch> {
    best: Option<Best<C, Ch>>,
    stats: Stats,
    outcome: Outcome,
    /// Subproblems searched, to the end or not.
    searched: usize,
}

/// A problem that follows a shared incumbent: before each step it passes
/// on the incumbent's best when that has changed.
struct Shared<'i, P: Optimize> {
    inner: P,
    incumbent: &'i Incumbent<P::Cost>,
    /// The incumbent's generation last passed on.
    seen: u64,
}

impl<P: Optimize> Shared<'_, P> {
    /// Passes on the incumbent's best if it changed since last time.
    fn follow(&mut self) {
        let generation = self.incumbent.generation();
        if generation != self.seen {
            self.seen = generation;
            if let Some(best) = self.incumbent.best() {
                self.inner.set_bound(best);
            }
        }
    }
}

impl<P: Optimize> Problem for Shared<'_, P> {
    type Choice = P::Choice;
    type Choices = P::Choices;

    fn choices(&self) -> Self::Choices {
        self.inner.choices()
    }

    fn apply(&mut self, choice: Self::Choice) {
        self.follow();
        self.inner.apply(choice);
    }

    fn undo(&mut self, choice: Self::Choice) {
        self.inner.undo(choice);
    }

    fn is_solution(&self) -> bool {
        self.inner.is_solution()
    }

    fn set_limits(&mut self, limits: &Limits) {
        self.inner.set_limits(limits);
    }

    fn cut_short(&self) -> Option<crate::Stop> {
        self.inner.cut_short()
    }
}

impl<P: Optimize> Optimize for Shared<'_, P> {
    type Cost = P::Cost;

    fn cost(&self) -> P::Cost {
        self.inner.cost()
    }

    /// The search's own best, or the incumbent's when that is lower.
    fn set_bound(&mut self, best: P::Cost) {
        let shared = self.incumbent.best();
        self.inner
            .set_bound(shared.map_or(best, |shared| shared.min(best)));
    }

    fn lower_bound(&self) -> Option<P::Cost> {
        self.inner.lower_bound()
    }
}
