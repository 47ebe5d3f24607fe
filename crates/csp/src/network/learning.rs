//! The network's switch for a search that learns from its failures (see
//! [`Network::learning`]), and its reports in the network's terms.

use std::ops::ControlFlow;
use std::sync::Arc;

use backtrack::{Incumbent, Limits, Report};

use super::{Network, Optimum};
use crate::branch::LearnSearch;
use crate::learn::{Learner, Shared};
use crate::solution::Solution;

impl Network {
    /// The same network with learning on or off: with it on,
    /// [`optimize`](Network::optimize) (and so the first solution of a
    /// model without an objective) is searched as
    /// [`optimize_learning`](Network::optimize_learning) does.
    ///
    /// Learning wins where failures share causes a propagator can name:
    /// scheduling, packing, models whose search keeps failing on the same
    /// few constraints, and most optimisation, where each bound is a new
    /// failure of the same kind. It costs time on every change (each one
    /// is traced with its cause), so a puzzle whose propagation settles it
    /// in few failures, or a count of all solutions (which never learns:
    /// the engine's search does not use this switch), is faster without.
    pub fn learning(mut self, on: bool) -> Network {
        self.learn = on;
        self
    }

    /// The same network with the search that learns deciding as `search`
    /// says when the model has groups of decision variables
    /// ([`Model::branch`](crate::Model::branch)): by default
    /// ([`LearnSearch::Activity`]) the groups lead to the first solution of
    /// an optimisation problem, then activity alone (the groups' variables
    /// only start most active); [`LearnSearch::Groups`] follows them
    /// throughout, as the search without learning does, and decides on the
    /// most active of the other variables once they are fixed.
    ///
    /// # Example
    ///
    /// ```
    /// use csp::LearnSearch;
    ///
    /// let (model, marks) = csp::puzzle::golomb(6)?;
    /// let network = model.compile().learning(true).learn_search(LearnSearch::Alternate);
    /// let report = network.optimize(&backtrack::Limits::default(), |_| {});
    /// assert_eq!(report.value.best.unwrap()[marks[5]], 17);
    /// # Ok::<(), csp::Error>(())
    /// ```
    pub fn learn_search(mut self, search: LearnSearch) -> Network {
        self.learn_search = search;
        self
    }

    /// The same network with the search that learns deciding on `vars`
    /// before any other variable (the most active of them first), when no
    /// group of the model leads it (see [`learn_search`](Network::learn_search)).
    /// By default those are the booleans (the variables of domain `0..=1`
    /// at the root): the literals that choose between the alternatives of a
    /// model (which task goes first, which arc is taken), decided on before
    /// the integers they steer, teach clauses about those choices rather
    /// than about particular values. A variable of another model is left
    /// out; an empty list puts every variable in one tier, by activity alone.
    ///
    /// # Example
    ///
    /// ```
    /// let (model, marks) = csp::puzzle::golomb(6)?;
    /// let first = [marks[1], marks[2]];
    /// let network = model.compile().learning(true).learn_first(&first);
    /// let report = network.optimize(&backtrack::Limits::default(), |_| {});
    /// assert_eq!(report.value.best.unwrap()[marks[5]], 17);
    /// # Ok::<(), csp::Error>(())
    /// ```
    pub fn learn_first(mut self, vars: &[crate::Var]) -> Network {
        let first: Vec<u32> = vars.iter().filter_map(|&v| self.var_index(v)).collect();
        self.learn_first = Some(first.into());
        self
    }

    /// Whether [`learning`](Network::learning) is on.
    pub fn is_learning(&self) -> bool {
        self.learn
    }

    /// The best solution of the model's objective (the first solution when
    /// it has none), searched by lazy clause generation: every change of a
    /// domain is traced with its cause, every failure analysed into a
    /// clause (a *nogood*) that no solution violates, which then prunes
    /// the rest of the search; the search jumps back to where that clause
    /// first applies, decides on the variables the recent failures
    /// involved most (their activity), the booleans before the others (see
    /// [`learn_first`](Network::learn_first)), after the model's groups
    /// have found the first solution of an optimisation problem (or
    /// throughout, see [`learn_search`](Network::learn_search)), each at the
    /// value it last took, and restarts now and then (the Luby sequence of 100
    /// failures), keeping what it learned. Each improved solution bounds the objective from
    /// the root on, where every clause learned stays true.
    ///
    /// The report reads as [`optimize`](Network::optimize)'s; its `nodes`
    /// count the decisions, its `dead_ends` the failures analysed.
    ///
    /// A [`Propagator`](crate::Propagator) of your own needs nothing more:
    /// a change it makes is explained by the domains of its variables when
    /// it ran (its full domains, or the bounds of a variable it reads only
    /// by them), which is sound for any propagator that removes only values
    /// no solution of its constraint takes, though weak: clauses learned
    /// from it are long.
    ///
    /// # Example
    ///
    /// The shortest Golomb ruler with 5 marks, proved optimal:
    ///
    /// ```
    /// let (model, marks) = csp::puzzle::golomb(5)?;
    /// let report = model.compile().optimize_learning(&backtrack::Limits::default(), |_| {});
    /// assert!(report.outcome.is_complete());
    /// let best = report.value.best.unwrap();
    /// assert_eq!(best[marks[4]], 11);
    /// # Ok::<(), csp::Error>(())
    /// ```
    pub fn optimize_learning(
        &self,
        limits: &Limits,
        improved: impl FnMut(&Solution),
    ) -> Report<Optimum> {
        self.learn_beside(limits, None, improved)
    }

    /// [`optimize_learning`](Network::optimize_learning) beside other
    /// searches that share `incumbent` (the objective's value, negated to
    /// maximise, as [`optimize_shared`](Network::optimize_shared) keeps
    /// it): at each restart a better cost found elsewhere bounds the
    /// objective, so a search that ends complete has proved that nothing
    /// beats the best of them all, its own or the incumbent's (the
    /// report's lower bound). Its own improvements are not offered: the
    /// caller does that in `improved`, after checking them if it wants.
    ///
    /// # Example
    ///
    /// A Golomb ruler of 5 marks, with another search having found the
    /// optimum (11): the search that learns proves nothing is shorter.
    ///
    /// ```
    /// use std::sync::Arc;
    ///
    /// use backtrack::{Incumbent, Limits};
    ///
    /// let (model, _) = csp::puzzle::golomb(5)?;
    /// let incumbent = Arc::new(Incumbent::starting_at(11));
    /// let report = model
    ///     .compile()
    ///     .optimize_learning_shared(&Limits::default(), &incumbent, |_| {});
    /// assert!(report.outcome.is_complete());
    /// assert!(report.value.best.is_none());
    /// assert_eq!(report.value.bound, Some(11));
    /// # Ok::<(), csp::Error>(())
    /// ```
    pub fn optimize_learning_shared(
        &self,
        limits: &Limits,
        incumbent: &Arc<Incumbent<i64>>,
        improved: impl FnMut(&Solution),
    ) -> Report<Optimum> {
        let shared = Arc::clone(incumbent);
        self.learn_beside(limits, Some(Arc::new(move || shared.best())), improved)
    }

    /// Every solution, each handed to `each` as it is found (in no set
    /// order), searched by lazy clause generation as
    /// [`optimize_learning`](Network::optimize_learning) searches (an
    /// objective, if any, is not looked at): each solution is then
    /// excluded by the clause that not all the decisions that led to it
    /// hold, which stays however large the store of clauses grows, and the
    /// search goes on until none is left or `each` breaks. The report's
    /// `solutions` counts them.
    ///
    /// Each solution costs a clause of as many literals as decisions led
    /// to it, kept to the end: to count millions of solutions, the search
    /// without learning ([`backtrack::count`]) needs no memory per
    /// solution and is faster where propagation settles most of the tree.
    ///
    /// # Example
    ///
    /// The 10 solutions of 5-queens:
    ///
    /// ```
    /// use std::ops::ControlFlow;
    ///
    /// let (model, _) = csp::puzzle::queens(5)?;
    /// let mut found = Vec::new();
    /// let report = model.compile().solutions_learning(&backtrack::Limits::default(), |s| {
    ///     found.push(s.values().to_vec());
    ///     ControlFlow::Continue(())
    /// });
    /// assert!(report.outcome.is_complete());
    /// assert_eq!(report.value.solutions, 10);
    /// found.sort();
    /// found.dedup();
    /// assert_eq!(found.len(), 10);
    /// # Ok::<(), csp::Error>(())
    /// ```
    pub fn solutions_learning(
        &self,
        limits: &Limits,
        mut each: impl FnMut(&Solution) -> ControlFlow<()>,
    ) -> Report<backtrack::Stats> {
        let mut learner = self.learner();
        learner.every_solution();
        let stat = Arc::clone(&self.stat);
        let found = learner.run(limits, |values| {
            each(&Solution::new(Arc::clone(&stat), values.to_vec()))
        });
        Report {
            value: found.stats,
            outcome: found.outcome,
        }
    }

    /// A search that learns on a copy of this network, the groups'
    /// variables most active first.
    fn learner(&self) -> Learner {
        let mut first: Vec<u32> = Vec::new();
        for group in self.stat.groups.iter() {
            for &v in group.vars.iter() {
                if !first.contains(&v) {
                    first.push(v);
                }
            }
        }
        let n = self.stat.vars.len();
        let first_tier = match &self.learn_first {
            Some(vars) => {
                let mut tier = vec![false; n];
                for &v in vars.iter() {
                    tier[v as usize] = true;
                }
                tier
            }
            None => (0..n as u32)
                .map(|v| self.size(v) > 1 && self.min_max(v) == (0, 1))
                .collect(),
        };
        Learner::new(
            &self.stat,
            &self.props,
            &self.st,
            &first,
            first_tier,
            self.learn_search,
        )
    }

    fn learn_beside(
        &self,
        limits: &Limits,
        shared: Option<Shared>,
        mut improved: impl FnMut(&Solution),
    ) -> Report<Optimum> {
        let mut learner = self.learner();
        let shared_best = shared.clone();
        if let Some(shared) = shared {
            learner.share(shared);
        }
        let stat = Arc::clone(&self.stat);
        let found = learner.run(limits, |values| {
            improved(&Solution::new(Arc::clone(&stat), values.to_vec()));
            ControlFlow::Continue(())
        });
        let best = found
            .best
            .map(|values| Solution::new(Arc::clone(&self.stat), values));
        let cost = self.stat.objective.and_then(|obj| {
            let value = best.as_ref()?.values()[obj.var as usize];
            Some(if obj.maximize { !value } else { value })
        });
        let lower = if found.outcome.is_complete() {
            // Complete under the shared bound too: the best of both.
            match (cost, shared_best.and_then(|s| s())) {
                (Some(own), Some(other)) => Some(own.min(other)),
                (own, other) => own.or(other),
            }
        } else {
            found.root_bound
        };
        let complete = found.outcome.is_complete();
        let mut report = self.optimum(best, cost, lower, found.stats, found.outcome);
        if complete && cost.is_none() && self.stat.objective.is_some() {
            // Nothing beats the shared best, if there is one.
            report.value.bound = lower.map(|c| self.objective_of(c));
        }
        report
    }
}

#[cfg(test)]
impl Network {
    /// [`optimize_learning`](Network::optimize_learning)'s best values and
    /// outcome, and every clause it learned, for the tests' check that each
    /// holds in every solution.
    #[allow(clippy::type_complexity)]
    pub(crate) fn learned_clauses(
        &self,
        limits: &Limits,
    ) -> (
        Option<Vec<i64>>,
        backtrack::Outcome,
        Vec<(crate::learn::Clause, Option<i64>)>,
        Vec<i64>,
    ) {
        let mut learner = self.learner();
        let found = learner.run(limits, |_| ControlFlow::Continue(()));
        let offsets = self.stat.vars.iter().map(|l| l.offset).collect();
        (
            found.best,
            found.outcome,
            std::mem::take(&mut learner.log),
            offsets,
        )
    }

    /// [`solutions_learning`](Network::solutions_learning)'s solutions in
    /// the order found, its outcome, and every clause it learned, each
    /// with how many solutions were found before it (it holds in every
    /// other).
    #[allow(clippy::type_complexity)]
    pub(crate) fn every_solution_learned(
        &self,
        limits: &Limits,
    ) -> (
        Vec<Vec<i64>>,
        backtrack::Outcome,
        Vec<(crate::learn::Clause, Option<i64>)>,
    ) {
        let mut learner = self.learner();
        learner.every_solution();
        let mut found = Vec::new();
        let outcome = learner
            .run(limits, |values| {
                found.push(values.to_vec());
                ControlFlow::Continue(())
            })
            .outcome;
        (found, outcome, std::mem::take(&mut learner.log))
    }
}
