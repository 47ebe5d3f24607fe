//! Branch and bound on the model's objective on several threads, every
//! improvement shared through a [`backtrack::Incumbent`].

use backtrack::{Incumbent, Limits, Parallel, Report};

use super::Network;
use super::objective::Optimum;
use crate::solution::Solution;

impl Network {
    /// [`optimize`](Network::optimize) on the threads of `parallel`: the
    /// tree cut into subproblems ([`Parallel::split`]), each searched by
    /// branch and bound with the best cost found by any thread as its
    /// bound, passed on at every node ([`Parallel::optimize`]). The
    /// optimum is the same as [`optimize`](Network::optimize)'s; the
    /// solution that reaches it may differ, as may the improvements on the
    /// way, which `improved` sees one at a time, each strictly better than
    /// the one before.
    ///
    /// The deadline and cancel flags of `limits` stop every thread; a node
    /// budget applies to each subproblem. The threads are those of
    /// `parallel` (its own limits are replaced by `limits`).
    ///
    /// # Example
    ///
    /// The Golomb ruler with 6 marks on two threads:
    ///
    /// ```
    /// use backtrack::{Limits, Parallel};
    ///
    /// let (model, marks) = csp::puzzle::golomb(6)?;
    /// let network = model.compile();
    /// let parallel = Parallel::auto().threads(2);
    /// let report = network.optimize_parallel(&parallel, &Limits::default(), |_| {});
    /// assert!(report.outcome.is_complete());
    /// assert_eq!(report.value.objective, Some(17));
    /// let best = report.value.best.unwrap();
    /// assert_eq!(best[marks[5]], 17);
    /// # Ok::<(), csp::Error>(())
    /// ```
    pub fn optimize_parallel(
        &self,
        parallel: &Parallel,
        limits: &Limits,
        improved: impl Fn(&Solution) + Sync,
    ) -> Report<Optimum> {
        self.optimize_shared(parallel, limits, &Incumbent::new(), improved)
    }

    /// [`optimize_parallel`](Network::optimize_parallel) with an incumbent
    /// another search shares: a cost it [`offer`](Incumbent::offer)s (in
    /// the terms of this network's [`Optimize`](backtrack::Optimize), see
    /// [`objective_of`](Network::objective_of)) prunes these threads at
    /// once, and theirs reach it.
    ///
    /// A complete outcome proves that no solution beats the incumbent's
    /// best, which the report's `bound` then gives; `best` and `objective`
    /// are the best this search found itself (`None` when another search's
    /// offer was never beaten).
    ///
    /// ```
    /// use backtrack::{Incumbent, Limits, Parallel};
    ///
    /// let (model, _) = csp::puzzle::golomb(5)?;
    /// let network = model.compile();
    /// // Another search found a ruler of length 11, the optimum.
    /// let incumbent = Incumbent::starting_at(11);
    /// let parallel = Parallel::auto().threads(2);
    /// let report = network.optimize_shared(&parallel, &Limits::default(), &incumbent, |_| {});
    /// assert!(report.outcome.is_complete());
    /// assert!(report.value.best.is_none());
    /// assert_eq!(report.value.bound, Some(11));
    /// # Ok::<(), csp::Error>(())
    /// ```
    pub fn optimize_shared(
        &self,
        parallel: &Parallel,
        limits: &Limits,
        incumbent: &Incumbent<i64>,
        improved: impl Fn(&Solution) + Sync,
    ) -> Report<Optimum> {
        let parallel = parallel.clone().limits(limits.clone());
        let best = std::sync::Mutex::new(None);
        let report = parallel.optimize(self, incumbent, |network, _| {
            // Called one improvement at a time: the last is the best.
            if let Some(s) = network.solution() {
                improved(&s);
                *best.lock().unwrap_or_else(|e| e.into_inner()) = Some(s);
            }
        });
        let found = report.value;
        let best = best.into_inner().unwrap_or_else(|e| e.into_inner());
        let cost = found.best.map(|b| b.cost);
        let lower_bound = match (report.outcome.is_complete(), cost) {
            // Proved: nothing beats the incumbent, whoever found it.
            (true, None) => incumbent.best(),
            _ => found.lower_bound,
        };
        let mut optimum = self.optimum(best, cost, lower_bound, found.stats, report.outcome);
        if cost.is_none() && lower_bound.is_some() {
            // No solution of its own, but a proved bound: the other
            // search's.
            optimum.value.bound = lower_bound.map(|c| self.objective_of(c));
        }
        optimum
    }
}
