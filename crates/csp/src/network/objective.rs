//! Branch and bound on a model's objective: the network is an
//! [`Optimize`] whose cost is the objective's value (complemented to
//! maximise, `!value`, so that every `i64` has a cost),
//! and every bound the engine sets narrows the objective's domain in the
//! next applied choice, so the other constraints prune on it.

use backtrack::{Limits, Optimize, Outcome, Report, Stats};

use super::Network;
use crate::domain::{Fail, Store};
use crate::solution::Solution;

/// The result of [`Network::optimize`].
///
/// With the report's outcome complete, `best` is optimal (or `None`: the
/// model has no solution) and `bound` equals `objective`. Stopped by a
/// limit, `best` is the best found so far and the optimum lies between
/// `bound` and `objective`.
#[derive(Clone, Debug)]
pub struct Optimum {
    /// The best solution found.
    pub best: Option<Solution>,
    /// The objective's value at `best` (`None` without a solution, or for
    /// a model without an objective).
    pub objective: Option<i64>,
    /// The best proved bound on the objective: no solution is below it
    /// when minimising, above it when maximising (`None` when the search
    /// proved there is no solution, and for a model without an objective).
    pub bound: Option<i64>,
    /// The statistics of the search.
    pub stats: Stats,
}

impl Store<'_> {
    /// Narrows the objective to values that beat the best cost so far.
    pub(crate) fn beat_bound(&mut self) -> Result<(), Fail> {
        let (Some(best), Some(obj)) = (self.st.bound, self.stat.objective) else {
            return Ok(());
        };
        if obj.maximize {
            // !value < best: value > !best.
            let lo = (!best).checked_add(1).ok_or(Fail)?;
            self.set_min(obj.var, lo).map(drop)
        } else {
            let hi = best.checked_sub(1).ok_or(Fail)?;
            self.set_max(obj.var, hi).map(drop)
        }
    }
}

impl Network {
    /// The objective's value of a cost of this network's [`Optimize`]
    /// (its `cost`, a bound set or its `lower_bound`): the cost itself when
    /// minimising, `!cost` when maximising (the cost of a value `v` to
    /// maximise is `!v`, so that every `i64` has one).
    ///
    /// ```
    /// use backtrack::Optimize;
    ///
    /// let mut m = csp::Model::new();
    /// let x = m.var(1..=5)?;
    /// m.maximize(x)?;
    /// let net = m.compile();
    /// assert_eq!(net.objective_of(net.lower_bound().unwrap()), 5);
    /// # Ok::<(), csp::Error>(())
    /// ```
    pub fn objective_of(&self, cost: i64) -> i64 {
        match self.stat.objective {
            Some(obj) if obj.maximize => !cost,
            _ => cost,
        }
    }

    /// The lowest cost the objective's domain allows in the current state:
    /// its smallest value, or `!value` (that is `-1 - value`) of its largest
    /// when maximising, an order-reversing map of all of `i64` onto itself
    /// (0 without an objective: every solution is as good).
    fn cost_now(&self) -> i64 {
        let Some(obj) = self.stat.objective else {
            return 0;
        };
        if self.size(obj.var) == 0 {
            return 0;
        }
        let (lo, hi) = self.min_max(obj.var);
        if obj.maximize { !hi } else { lo }
    }

    /// The best solution of the model's objective
    /// ([`Model::minimize`](crate::Model::minimize) and its kin), searched
    /// by branch and bound within `limits`; `improved` sees each solution
    /// that beats the best so far, as it is found. Without an objective,
    /// the first solution is the best.
    ///
    /// Each improvement narrows the objective's domain in every state the
    /// search goes on to, so the constraints prune on the bound. The search
    /// order is the network's (see [`Network`]); the network is left as it
    /// is.
    ///
    /// # Example
    ///
    /// The largest `x + 2y` with `x + y <= 4` and `x != y`:
    ///
    /// ```
    /// use csp::{Model, Rel};
    ///
    /// let mut m = Model::new();
    /// let x = m.var(0..=4)?;
    /// let y = m.var(0..=4)?;
    /// m.sum(&[x, y], Rel::Le, 4)?;
    /// m.not_equal(x, y, 0)?;
    /// let total = m.maximize_linear(&[(1, x), (2, y)])?;
    /// let mut seen = Vec::new();
    /// let report = m.compile().optimize(&backtrack::Limits::default(), |s| seen.push(s[total]));
    /// assert!(report.outcome.is_complete()); // proved optimal
    /// let best = report.value.best.unwrap();
    /// assert_eq!((best[x], best[y], best[total]), (0, 4, 8));
    /// assert_eq!(report.value.bound, Some(8));
    /// assert_eq!(seen.last(), Some(&8)); // every improvement, in order
    /// # Ok::<(), csp::Error>(())
    /// ```
    pub fn optimize(
        &self,
        limits: &Limits,
        mut improved: impl FnMut(&Solution),
    ) -> Report<Optimum> {
        if self.learn {
            return self.optimize_learning(limits, improved);
        }
        let mut best = None;
        let report = backtrack::minimize_with(self.clone(), limits, |network, _| {
            if let Some(s) = network.solution() {
                improved(&s);
                best = Some(s);
            }
        });
        let found = report.value;
        let cost = found.best.map(|b| b.cost);
        self.optimum(best, cost, found.lower_bound, found.stats, report.outcome)
    }

    /// The report of a search for the best cost, in the objective's own
    /// terms (its sign back when maximising).
    pub(super) fn optimum(
        &self,
        best: Option<Solution>,
        cost: Option<i64>,
        lower_bound: Option<i64>,
        stats: Stats,
        outcome: Outcome,
    ) -> Report<Optimum> {
        let sign = |cost: i64| self.objective_of(cost);
        // A complete search without a solution proved that there is none:
        // no bound to speak of; nor without an objective.
        let has_objective = self.stat.objective.is_some();
        let proved_empty = outcome.is_complete() && cost.is_none();
        let bound = if proved_empty || !has_objective {
            None
        } else {
            lower_bound.map(sign)
        };
        Report {
            value: Optimum {
                best,
                objective: cost.filter(|_| has_objective).map(sign),
                bound,
                stats,
            },
            outcome,
        }
    }
}

impl Optimize for Network {
    type Cost = i64;

    /// The objective's value, negated when maximising.
    fn cost(&self) -> i64 {
        self.cost_now()
    }

    fn set_bound(&mut self, best: i64) {
        self.st.bound = Some(best);
    }

    /// The lowest cost the objective's domain allows at this state.
    fn lower_bound(&self) -> Option<i64> {
        (!self.st.failed).then(|| self.cost_now())
    }
}
