//! The explanation of `circuit`: a chain of fixed successors from `head`
//! to `end`, shorter than every node, takes `head` from `end`'s successor
//! because of the successors that made the chain, and those alone (each a
//! fixed variable: the removals that fixed it); a failure, by the fixed
//! successors of a cycle shorter than every node, or of two nodes with the
//! same successor.
//!
//! Lazy, like the others (`explain`): the fixed successors are read back
//! from the domains when the run began. The run reads those alone (a
//! chain's end it narrows is on no other chain), so the replay reaches
//! every change; where it does not (a variable twice among the
//! successors), the caller falls back to the default. `subcircuit` keeps
//! the default.

use super::analyze::Analysis;
use super::element::Domain;
use crate::domain::Store;
use crate::propagator::Circuit;

impl Analysis {
    /// The entries that explain the change of `node` (or the failure, with
    /// none) by `c`'s run begun at `t`; `false` when it has none.
    pub(super) fn circuit(
        &mut self,
        store: &Store<'_>,
        c: &Circuit,
        t: u32,
        node: Option<u32>,
    ) -> bool {
        let n = c.succ.len();
        let mut sorted = c.succ.to_vec();
        sorted.sort_unstable();
        sorted.dedup();
        if sorted.len() != n {
            return false;
        }
        // Each node's fixed successor at `t`, and each node's fixed
        // predecessors.
        let next: Vec<Option<usize>> = c
            .succ
            .iter()
            .map(|&x| Domain::at(store, x, t).fixed())
            .map(|v| {
                v.and_then(|v| v.checked_sub(c.first))
                    .and_then(|v| usize::try_from(v).ok())
                    .filter(|&j| j < n)
            })
            .collect();
        let mut pred: Vec<Vec<usize>> = vec![Vec::new(); n];
        for (i, j) in next.iter().enumerate() {
            if let Some(j) = *j {
                pred[j].push(i);
            }
        }
        let nodes: Vec<usize> = match node {
            None => {
                // Two nodes with one successor, else a short cycle.
                if let Some(p) = pred.iter().find(|p| p.len() >= 2) {
                    p[..2].to_vec()
                } else {
                    match short_cycle(&next) {
                        Some(cycle) => cycle,
                        None => return false,
                    }
                }
            }
            Some(v) => {
                let Some(end) = c.succ.iter().position(|&x| x == v) else {
                    return false;
                };
                let Some((removed, _)) = Domain::removed_by(store, v, t) else {
                    return false;
                };
                // Back along the chain to its head.
                let mut chain = Vec::new();
                let mut at = end;
                while let [p] = pred[at][..] {
                    if p == end || chain.len() > n {
                        return false;
                    }
                    chain.push(p);
                    at = p;
                }
                if !pred[at].is_empty() || chain.len() + 1 >= n {
                    return false;
                }
                let head = c.first + at as i64;
                if removed != [head] {
                    return false;
                }
                chain
            }
        };
        for k in nodes {
            self.all_before(store, c.succ[k], t);
        }
        #[cfg(test)]
        super::BY_CIRCUIT.with(|n| n.set(n.get() + 1));
        true
    }
}

/// The nodes of a cycle of fixed successors shorter than every node, if
/// there is one.
fn short_cycle(next: &[Option<usize>]) -> Option<Vec<usize>> {
    let n = next.len();
    for start in 0..n {
        let mut cycle = vec![start];
        let mut at = start;
        while let Some(j) = next[at] {
            if j == start {
                return (cycle.len() < n).then_some(cycle);
            }
            if cycle.len() > n {
                break;
            }
            cycle.push(j);
            at = j;
        }
    }
    None
}
