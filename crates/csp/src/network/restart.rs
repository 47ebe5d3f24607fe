//! Restarts: the search for a first solution run again and again from the
//! root with a growing node budget, the dom/wdeg weights kept from run to
//! run (they live in the network), so each run branches on what failed
//! before.

use backtrack::{Limits, Outcome, Report, Search, Stop};

use super::Network;
use crate::solution::Solution;

/// How the node budget of each run grows.
#[derive(Clone, Copy, Debug, PartialEq)]
#[non_exhaustive]
pub enum Restarts {
    /// `scale` times the Luby sequence: 1, 1, 2, 1, 1, 2, 4, 1, ...
    Luby {
        /// The nodes of a run of length 1.
        scale: u64,
    },
    /// `first`, then each run `factor` times the one before.
    Geometric {
        /// The nodes of the first run.
        first: u64,
        /// The growth from one run to the next (at least 1).
        factor: f64,
    },
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
                let grown =
                    first.max(1) as f64 * factor.max(1.0).powi(run.min(i32::MAX as u64) as i32);
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
