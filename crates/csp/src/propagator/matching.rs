//! All different with domain consistency (Régin, 1994): a value stays in a
//! variable's domain exactly when some assignment of all the variables to
//! different values uses it.
//!
//! The variables and values form a bipartite graph. A maximum matching
//! that covers every variable is one such assignment (none exists: fail).
//! An edge outside the matching is used by another one exactly when it
//! lies on an alternating cycle, or on an alternating path from a value
//! the matching leaves free. Orient the matched edges from variable to
//! value, the others from value to variable, and add a node `t` with an
//! edge from every matched value and to every free value: both cases are
//! then "the edge's two ends are in one strongly connected component".
//!
//! # Complexity
//!
//! `O(n * e)` for the matching (augmenting paths from scratch) and `O(e)`
//! for the components (Tarjan), for `n` variables and `e` pairs of a
//! variable and a value of its domain.

use crate::domain::{Fail, Store};

/// `vars` all different, on domains.
#[derive(Clone, Debug)]
pub(crate) struct Matching {
    pub(crate) vars: Box<[u32]>,
}

impl Matching {
    pub(crate) fn run(&self, s: &mut Store<'_>) -> Result<(), Fail> {
        let domains: Vec<Vec<i64>> = self
            .vars
            .iter()
            .map(|&v| {
                (s.min(v)..=s.max(v))
                    .filter(|&x| s.contains(v, x))
                    .collect()
            })
            .collect();
        let kept = supported(&domains).ok_or(Fail)?;
        for ((&v, before), after) in self.vars.iter().zip(&domains).zip(&kept) {
            if before.len() != after.len() {
                for &x in before {
                    if after.binary_search(&x).is_err() {
                        s.remove(v, x)?;
                    }
                }
            }
        }
        Ok(())
    }
}

/// The values of each (ascending) domain that some solution of the
/// all-different uses; `None` when it has no solution.
pub(crate) fn supported(domains: &[Vec<i64>]) -> Option<Vec<Vec<i64>>> {
    let n = domains.len();
    let mut values: Vec<i64> = domains.iter().flatten().copied().collect();
    values.sort_unstable();
    values.dedup();
    let m = values.len();
    if m < n {
        return None;
    }
    // Each variable's values by index.
    let edges: Vec<Vec<usize>> = domains
        .iter()
        .map(|d| {
            d.iter()
                .filter_map(|x| values.binary_search(x).ok())
                .collect()
        })
        .collect();
    let mate = matching(&edges, m)?;
    let mut owner = vec![usize::MAX; m];
    for (i, &k) in mate.iter().enumerate() {
        owner[k] = i;
    }
    // Nodes: variables 0..n, values n..n+m, t last.
    let t = n + m;
    let mut out: Vec<Vec<usize>> = vec![Vec::new(); n + m + 1];
    for (i, vals) in edges.iter().enumerate() {
        for &k in vals {
            if mate[i] == k {
                out[i].push(n + k);
            } else {
                out[n + k].push(i);
            }
        }
    }
    for (k, &o) in owner.iter().enumerate() {
        if o == usize::MAX {
            out[t].push(n + k);
        } else {
            out[n + k].push(t);
        }
    }
    let component = components(&out);
    Some(
        domains
            .iter()
            .zip(&edges)
            .enumerate()
            .map(|(i, (d, vals))| {
                d.iter()
                    .zip(vals)
                    .filter(|&(_, &k)| mate[i] == k || component[i] == component[n + k])
                    .map(|(&x, _)| x)
                    .collect()
            })
            .collect(),
    )
}

/// A value for each variable, all different, if there is such a matching:
/// augmenting paths, searched with an explicit stack.
fn matching(edges: &[Vec<usize>], values: usize) -> Option<Vec<usize>> {
    const NONE: usize = usize::MAX;
    let n = edges.len();
    let mut mate = vec![NONE; n];
    let mut owner = vec![NONE; values];
    // The seen marks of one search are the ones equal to its number.
    let mut seen = vec![0usize; values];
    for root in 0..n {
        let stamp = root + 1;
        // (variable, next edge to try); the values reached on the way.
        let mut stack: Vec<(usize, usize)> = vec![(root, 0)];
        let mut path: Vec<usize> = Vec::new();
        let mut found = false;
        while let Some(&mut (i, ref mut next)) = stack.last_mut() {
            let Some(&k) = edges[i].get(*next) else {
                stack.pop();
                path.pop();
                continue;
            };
            *next += 1;
            if seen[k] == stamp {
                continue;
            }
            seen[k] = stamp;
            path.push(k);
            if owner[k] == NONE {
                found = true;
                break;
            }
            stack.push((owner[k], 0));
        }
        if !found {
            return None;
        }
        // Flip the path: each variable on the stack takes its value on it.
        for (&(i, _), &k) in stack.iter().zip(&path) {
            mate[i] = k;
            owner[k] = i;
        }
    }
    Some(mate)
}

/// The strongly connected component of each node (Tarjan's, with an
/// explicit stack).
fn components(out: &[Vec<usize>]) -> Vec<usize> {
    const NONE: usize = usize::MAX;
    let n = out.len();
    let (mut index, mut low) = (vec![NONE; n], vec![0; n]);
    let mut component = vec![NONE; n];
    let mut open: Vec<usize> = Vec::new();
    let mut on_open = vec![false; n];
    let (mut counter, mut found) = (0, 0);
    for root in 0..n {
        if index[root] != NONE {
            continue;
        }
        let mut calls: Vec<(usize, usize)> = vec![(root, 0)];
        index[root] = counter;
        low[root] = counter;
        counter += 1;
        open.push(root);
        on_open[root] = true;
        while let Some(&mut (v, ref mut next)) = calls.last_mut() {
            if let Some(&w) = out[v].get(*next) {
                *next += 1;
                if index[w] == NONE {
                    index[w] = counter;
                    low[w] = counter;
                    counter += 1;
                    open.push(w);
                    on_open[w] = true;
                    calls.push((w, 0));
                } else if on_open[w] {
                    low[v] = low[v].min(index[w]);
                }
                continue;
            }
            calls.pop();
            if let Some(&(parent, _)) = calls.last() {
                low[parent] = low[parent].min(low[v]);
            }
            if low[v] == index[v] {
                while let Some(w) = open.pop() {
                    on_open[w] = false;
                    component[w] = found;
                    if w == v {
                        break;
                    }
                }
                found += 1;
            }
        }
    }
    component
}
