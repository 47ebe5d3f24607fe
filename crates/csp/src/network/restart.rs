//! Restarts: the search for a first solution, or branch and bound, run
//! again and again from the root with a growing node budget, the dom/wdeg
//! weights kept from run to run (they live in the network), so each run
//! branches on what failed before; branch and bound keeps its best cost as
//! the bound of the next run.

use backtrack::{Limits, Optimize, Outcome, Report, Search, Stats, Stop};

use super::Network;
use crate::Optimum;
use crate::error::Error;
use crate::solution::Solution;

/// How the node budget of each run grows. Either way it grows without
/// bound, so a search by restarts ends: some run exhausts the tree or
/// finds what it looks for.
#[derive(Clone, Copy, Debug, PartialEq)]
#[non_exhaustive]
pub enum Restarts {
    /// `scale` times the Luby sequence: 1, 1, 2, 1, 1, 2, 4, 1, ... (a
    /// `scale` of 0 counts as 1).
    Luby {
        /// The nodes of a run of length 1.
        scale: u64,
    },
    /// `first`, then each run `factor` times the one before: made by
    /// [`Restarts::geometric`], which checks the factor.
    #[non_exhaustive]
    Geometric {
        /// The nodes of the first run (0 counts as 1).
        first: u64,
        /// The growth from one run to the next, a finite number above 1.
        factor: f64,
    },
}

impl Restarts {
    /// Geometric restarts: `first` nodes, then each run `factor` times the
    /// one before.
    ///
    /// # Errors
    ///
    /// [`Error::RestartFactor`] unless `factor` is finite and greater than
    /// 1: a factor of 1 or less keeps every run at `first` nodes, and a
    /// search whose runs all stop at the same place may never find a
    /// solution that is there.
    ///
    /// # Example
    ///
    /// ```
    /// use csp::Restarts;
    ///
    /// assert!(Restarts::geometric(100, 1.5).is_ok());
    /// assert!(Restarts::geometric(100, 0.5).is_err());
    /// assert!(Restarts::geometric(100, f64::NAN).is_err());
    /// ```
    pub fn geometric(first: u64, factor: f64) -> Result<Restarts, Error> {
        if !(factor.is_finite() && factor > 1.0) {
            return Err(Error::RestartFactor {
                factor: factor.to_string(),
            });
        }
        Ok(Restarts::Geometric { first, factor })
    }
}

/// The `i`-th term of the Luby sequence, from 0.
fn luby(i: u64) -> u64 {
    // Find the finished block 2^k - 1 that holds i + 1.
    let mut i = i + 1;
    loop {
        let k = 64 - i.leading_zeros();
        if i == (1u64 << k) - 1 {
            return 1 << (k - 1);
        }
        i -= (1u64 << (k - 1)) - 1;
    }
}

impl Restarts {
    fn budget(self, run: u64) -> u64 {
        match self {
            Restarts::Luby { scale } => scale.max(1).saturating_mul(luby(run)),
            Restarts::Geometric { first, factor } => {
                let grown = first.max(1) as f64 * factor.powi(run.min(i32::MAX as u64) as i32);
                if grown >= u64::MAX as f64 {
                    u64::MAX
                } else {
                    grown as u64
                }
            }
        }
    }
}

impl Network {
    /// The first solution found by runs of the search from the root, each
    /// stopped after its budget of nodes by `restarts`, within `limits`
    /// over all runs. The network's dom/wdeg weights (see
    /// [`VarOrder::DomWdeg`](crate::VarOrder::DomWdeg)) carry over from
    /// one run to the next, so with a group ordered by them each run tries
    /// another part of the tree; without, every run repeats the last. The
    /// same network and restarts find the same solution every time.
    ///
    /// The outcome is complete when a run found a solution or exhausted the
    /// tree (then there is none), stopped when `limits` ran out first.
    ///
    /// # Example
    ///
    /// ```
    /// use csp::{Restarts, ValueOrder, VarOrder, puzzle};
    ///
    /// let (mut m, q) = puzzle::queens(30)?;
    /// m.branch(&q, VarOrder::DomWdeg, ValueOrder::Median)?;
    /// let report = m.compile().first_with_restarts(Restarts::Luby { scale: 50 }, &backtrack::Limits::default());
    /// assert!(report.outcome.is_complete());
    /// assert!(report.value.is_some());
    /// # Ok::<(), csp::Error>(())
    /// ```
    pub fn first_with_restarts(
        &self,
        restarts: Restarts,
        limits: &Limits,
    ) -> Report<Option<Solution>> {
        let mut network = self.clone();
        let mut used = 0u64;
        let total = limits.node_budget();
        for run in 0.. {
            let left = total.map_or(u64::MAX, |t| t.saturating_sub(used));
            if left == 0 {
                return stopped(Stop::NodeLimit);
            }
            if let Some(stop) = limits.poll() {
                return stopped(stop);
            }
            let budget = restarts.budget(run).min(left);
            let mut search = Search::new(network).with_limits(limits.clone().nodes(budget));
            if search.next_solution().is_some() {
                return Report {
                    value: search.problem().solution(),
                    outcome: Outcome::Complete,
                };
            }
            if search.is_exhausted() {
                return Report {
                    value: None,
                    outcome: Outcome::Complete,
                };
            }
            used = used.saturating_add(search.stats().nodes);
            network = search.into_problem();
        }
        stopped(Stop::NodeLimit)
    }
}

impl Network {
    /// [`optimize`](Network::optimize) by runs of branch and bound from the
    /// root, each stopped after its budget of nodes by `restarts`, within
    /// `limits` over all runs. Every run starts with the best cost found so
    /// far as its bound (the objective narrowed to beat it), and the
    /// dom/wdeg weights carry over, as in
    /// [`first_with_restarts`](Network::first_with_restarts). A run that
    /// ends within its budget proves the best optimal; `improved` sees each
    /// solution that beats the best so far, over all runs. The same network
    /// and restarts give the same runs every time.
    ///
    /// # Example
    ///
    /// The Golomb ruler with 6 marks, by restarts on dom/wdeg:
    ///
    /// ```
    /// use csp::{Restarts, ValueOrder, VarOrder, puzzle};
    ///
    /// let (mut m, marks) = puzzle::golomb(6)?;
    /// m.branch(&marks, VarOrder::DomWdeg, ValueOrder::Min)?;
    /// let report = m.compile().optimize_with_restarts(
    ///     Restarts::Luby { scale: 20 },
    ///     &backtrack::Limits::default(),
    ///     |_| {},
    /// );
    /// assert!(report.outcome.is_complete());
    /// assert_eq!(report.value.objective, Some(17));
    /// # Ok::<(), csp::Error>(())
    /// ```
    pub fn optimize_with_restarts(
        &self,
        restarts: Restarts,
        limits: &Limits,
        mut improved: impl FnMut(&Solution),
    ) -> Report<Optimum> {
        let mut network = self.clone();
        let mut best: Option<(Solution, i64)> = None;
        let mut floor = None;
        let mut stats = Stats::default();
        let total = limits.node_budget();
        let outcome = 'runs: {
            for run in 0.. {
                let left = total.map_or(u64::MAX, |t| t.saturating_sub(stats.nodes));
                if left == 0 {
                    break 'runs Outcome::Stopped(Stop::NodeLimit);
                }
                if let Some(stop) = limits.poll() {
                    break 'runs Outcome::Stopped(stop);
                }
                let budget = restarts.budget(run).min(left);
                if let Some((_, cost)) = best {
                    network.set_bound(cost);
                }
                let report = backtrack::minimize_from(
                    &mut network,
                    &limits.clone().nodes(budget),
                    |network, _| {
                        let cost = network.cost();
                        // The bound makes every solution of a later run an
                        // improvement; checked all the same.
                        if best.as_ref().is_none_or(|&(_, b)| cost < b)
                            && let Some(s) = network.solution()
                        {
                            improved(&s);
                            best = Some((s, cost));
                        }
                    },
                );
                let found = report.value;
                if run == 0 {
                    floor = found.lower_bound;
                }
                stats.nodes = stats.nodes.saturating_add(found.stats.nodes);
                stats.solutions = stats.solutions.saturating_add(found.stats.solutions);
                stats.dead_ends = stats.dead_ends.saturating_add(found.stats.dead_ends);
                stats.max_depth = stats.max_depth.max(found.stats.max_depth);
                match report.outcome {
                    Outcome::Complete => break 'runs Outcome::Complete,
                    // The run's own budget ran out: the next one.
                    Outcome::Stopped(Stop::NodeLimit) if budget < left => {}
                    Outcome::Stopped(stop) => break 'runs Outcome::Stopped(stop),
                }
            }
            Outcome::Stopped(Stop::NodeLimit)
        };
        let cost = best.as_ref().map(|&(_, c)| c);
        // Complete: nothing beats the best (or there is no solution).
        let lower_bound = if outcome.is_complete() { cost } else { floor };
        let best = best.map(|(s, _)| s);
        self.optimum(best, cost, lower_bound, stats, outcome)
    }
}

fn stopped(stop: Stop) -> Report<Option<Solution>> {
    Report {
        value: None,
        outcome: Outcome::Stopped(stop),
    }
}

#[cfg(test)]
mod tests {
    #[test]
    fn the_luby_sequence_starts_as_published() {
        let first: Vec<u64> = (0..15).map(super::luby).collect();
        assert_eq!(first, [1, 1, 2, 1, 1, 2, 4, 1, 1, 2, 1, 1, 2, 4, 8]);
    }
}
