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
//! The matching is kept from one run to the next (as Régin's and Gecode's
//! are): a run starts from the last one found, drops the pairs whose value
//! has left its variable's domain, and repairs only those variables with
//! augmenting paths. Domains only shrink down a branch, and a matching of
//! a deeper node is still one after backtracking (the domains there are
//! larger), so whatever run left it, it is a valid start once its pairs
//! are checked against the current domains; it is shared by every clone
//! of the network, and a run that finds it in use by another thread
//! starts from nothing.
//!
//! # Complexity
//!
//! `O(k * e)` for the matching, `k` the variables that lost their matched
//! value (`n` at the first run), and `O(e)` for the components (Tarjan),
//! for `n` variables and `e` pairs of a variable and a value of its domain.

use std::sync::Mutex;

use crate::domain::{Fail, State, Store};

const NONE: u32 = u32::MAX;

/// How many edges an augmenting path search follows per step of the
/// propagation.
const EDGES_PER_TICK: u32 = 64;

/// The most pairs of a variable and a value the graph holds.
const MAX_EDGES: usize = 1 << 24;

/// `vars` all different, on domains.
pub(crate) struct Matching {
    pub(crate) vars: Box<[u32]>,
    /// The value each variable had in the last matching found (empty
    /// before the first).
    last: Mutex<Vec<i64>>,
}

/// Its variables: the last matching is a cache of the search, no part of
/// what the constraint is (a network's fingerprint reads this).
impl std::fmt::Debug for Matching {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Matching")
            .field("vars", &self.vars)
            .finish_non_exhaustive()
    }
}

impl Clone for Matching {
    fn clone(&self) -> Matching {
        Matching::new(self.vars.clone())
    }
}

impl Matching {
    pub(crate) fn new(vars: Box<[u32]>) -> Matching {
        Matching {
            vars,
            last: Mutex::new(Vec::new()),
        }
    }

    pub(crate) fn run(&self, s: &mut Store<'_>) -> Result<(), Fail> {
        if nothing_to_prune(s, &self.vars)? {
            return Ok(());
        }
        // Past the largest graph it builds, forward checking alone (posted
        // with it) keeps the constraint.
        let Some(graph) = Graph::of(s, &self.vars) else {
            return Ok(());
        };
        let mut mate = vec![NONE; graph.n];
        let mut owner = vec![NONE; graph.m];
        // The last matching, where its pairs still hold.
        if let Ok(last) = self.last.try_lock()
            && last.len() == graph.n
        {
            for (i, &x) in last.iter().enumerate() {
                if let Some(k) = graph.index(x)
                    && owner[k as usize] == NONE
                    && graph.edges(i).contains(&k)
                {
                    mate[i] = k;
                    owner[k as usize] = i as u32;
                }
            }
        }
        graph.complete(&mut mate, &mut owner, s.st)?;
        if let Ok(mut last) = self.last.try_lock() {
            last.clear();
            last.extend(mate.iter().map(|&k| graph.value(k)));
        }
        let component = graph.components(&mate, &owner);
        let n = graph.n;
        for (i, &v) in self.vars.iter().enumerate() {
            for &k in graph.edges(i) {
                if mate[i] != k && component[i] != component[n + k as usize] {
                    s.remove(v, graph.value(k))?;
                }
            }
        }
        Ok(())
    }
}

/// Whether the domains are consistent as they are, without building the
/// graph: the fixed variables' values differ, and each of the `k` others
/// has at least `k` values. Their values are then none of the fixed ones
/// (the forward checking posted with this constraint has removed those
/// before this runs), and no set of `j < k` of them spans only `j`
/// values, nor do all `k` span `k` unless each has all of them: every
/// value has a matching that uses it. Fails when two fixed values agree.
/// Down a branch of a search, most runs end here.
fn nothing_to_prune(s: &Store<'_>, vars: &[u32]) -> Result<bool, Fail> {
    let (mut free, mut smallest) = (0u64, u64::MAX);
    let mut fixed = Vec::new();
    for &v in vars {
        match s.fixed_value(v) {
            Some(x) => fixed.push(x),
            None => {
                free += 1;
                smallest = smallest.min(s.size(v));
            }
        }
    }
    if free > 0 && smallest < free {
        return Ok(false);
    }
    fixed.sort_unstable();
    if fixed.windows(2).any(|w| w[0] == w[1]) {
        return Err(Fail);
    }
    Ok(true)
}

/// The variables and the values of their domains, each value by its
/// index among all of them.
struct Graph {
    n: usize,
    m: usize,
    /// Variable `i`'s value indices: `edge[first[i]..first[i + 1]]`.
    first: Vec<usize>,
    edge: Vec<u32>,
    /// The values by index: `lo + index` when dense, else this list.
    lo: i64,
    values: Option<Vec<i64>>,
}

impl Graph {
    /// The graph of the variables' current domains; `None` past
    /// [`MAX_EDGES`] pairs.
    fn of(s: &Store<'_>, vars: &[u32]) -> Option<Graph> {
        let mut first = Vec::with_capacity(vars.len() + 1);
        let mut all: Vec<i64> = Vec::new();
        first.push(0);
        for &v in vars {
            if s.size(v) > (MAX_EDGES - all.len()) as u64 {
                return None;
            }
            if s.is_interval(v) {
                let (lo, hi) = (s.min(v), s.max(v));
                all.extend(lo..=hi);
            } else {
                let (start, end) = s.span(v);
                let offset = s.stat.vars[v as usize].offset;
                for w in start..end {
                    let mut word = s.word_at(w as u32);
                    let base = offset + ((w - start) * 64) as i64;
                    while word != 0 {
                        all.push(base + i64::from(word.trailing_zeros()));
                        word &= word - 1;
                    }
                }
            }
            first.push(all.len());
        }
        let lo = all.iter().copied().min().unwrap_or(0);
        let hi = all.iter().copied().max().unwrap_or(0);
        let span = hi as i128 - lo as i128 + 1;
        if span <= (4 * all.len() as i128).max(1024) {
            let edge = all.iter().map(|&x| (x - lo) as u32).collect();
            return Some(Graph {
                n: vars.len(),
                m: span as usize,
                first,
                edge,
                lo,
                values: None,
            });
        }
        let mut values = all.clone();
        values.sort_unstable();
        values.dedup();
        let edge = all
            .iter()
            .map(|x| values.partition_point(|y| y < x) as u32)
            .collect();
        Some(Graph {
            n: vars.len(),
            m: values.len(),
            first,
            edge,
            lo: 0,
            values: Some(values),
        })
    }

    fn edges(&self, i: usize) -> &[u32] {
        &self.edge[self.first[i]..self.first[i + 1]]
    }

    fn value(&self, k: u32) -> i64 {
        match &self.values {
            Some(values) => values[k as usize],
            None => self.lo + i64::from(k),
        }
    }

    /// The index of value `x`, if some domain has it.
    fn index(&self, x: i64) -> Option<u32> {
        match &self.values {
            Some(values) => values.binary_search(&x).ok().map(|k| k as u32),
            None => {
                let k = x.checked_sub(self.lo)?;
                (0 <= k && (k as usize) < self.m).then_some(k as u32)
            }
        }
    }

    /// Gives every variable without a value one, by augmenting paths
    /// (searched with an explicit stack); fails when one has none, or when
    /// the limits `st` looks at are reached (each search of a path counts
    /// as a step per 64 edges it follows, see `State::tick`).
    fn complete(&self, mate: &mut [u32], owner: &mut [u32], st: &mut State) -> Result<(), Fail> {
        // The seen marks of one search are the ones equal to its number.
        let mut seen = vec![0u32; self.m];
        let mut stamp = 0;
        let mut stack: Vec<(usize, usize)> = Vec::new();
        let mut path: Vec<u32> = Vec::new();
        let mut edges = 0u32;
        for root in 0..self.n {
            if mate[root] != NONE {
                continue;
            }
            // A free value of its own first.
            if let Some(&k) = self
                .edges(root)
                .iter()
                .find(|&&k| owner[k as usize] == NONE)
            {
                mate[root] = k;
                owner[k as usize] = root as u32;
                continue;
            }
            stamp += 1;
            stack.clear();
            path.clear();
            stack.push((root, 0));
            let mut found = false;
            while let Some(&mut (i, ref mut next)) = stack.last_mut() {
                edges = edges.wrapping_add(1);
                if edges.is_multiple_of(EDGES_PER_TICK) {
                    st.tick(1)?;
                }
                let Some(&k) = self.edges(i).get(*next) else {
                    stack.pop();
                    path.pop();
                    continue;
                };
                *next += 1;
                if seen[k as usize] == stamp {
                    continue;
                }
                seen[k as usize] = stamp;
                path.push(k);
                if owner[k as usize] == NONE {
                    found = true;
                    break;
                }
                stack.push((owner[k as usize] as usize, 0));
            }
            if !found {
                return Err(Fail);
            }
            // Flip the path: each variable on the stack takes its value on
            // it.
            for (&(i, _), &k) in stack.iter().zip(&path) {
                mate[i] = k;
                owner[k as usize] = i as u32;
            }
        }
        Ok(())
    }

    /// The strongly connected component of each node of the residual
    /// graph: variables `0..n`, values `n..n + m`, then `t`.
    fn components(&self, mate: &[u32], owner: &[u32]) -> Vec<u32> {
        let (n, m) = (self.n, self.m);
        let t = n + m;
        // Whether each value is in some domain.
        let mut used = vec![false; m];
        for &k in &self.edge {
            used[k as usize] = true;
        }
        // The out-edges, by node: counted, then placed.
        let mut start = vec![0usize; t + 2];
        for i in 0..n {
            start[i + 1] += 1;
            for &k in self.edges(i) {
                if mate[i] != k {
                    start[n + k as usize + 1] += 1;
                }
            }
        }
        for k in (0..m).filter(|&k| used[k]) {
            if owner[k] == NONE {
                start[t + 1] += 1;
            } else {
                start[n + k + 1] += 1;
            }
        }
        for node in 0..=t {
            start[node + 1] += start[node];
        }
        let mut fill = start.clone();
        let mut out = vec![0u32; start[t + 1]];
        let mut put = |from: usize, to: usize| {
            out[fill[from]] = to as u32;
            fill[from] += 1;
        };
        for (i, &own) in mate.iter().enumerate() {
            put(i, n + own as usize);
            for &k in self.edges(i) {
                if own != k {
                    put(n + k as usize, i);
                }
            }
        }
        for k in (0..m).filter(|&k| used[k]) {
            if owner[k] == NONE {
                put(t, n + k);
            } else {
                put(n + k, t);
            }
        }
        tarjan(&start, &out)
    }
}

/// The strongly connected component of each node of the graph whose node
/// `v` has the out-edges `out[start[v]..start[v + 1]]` (Tarjan's, with an
/// explicit stack).
fn tarjan(start: &[usize], out: &[u32]) -> Vec<u32> {
    let nodes = start.len() - 1;
    let (mut index, mut low) = (vec![NONE; nodes], vec![0u32; nodes]);
    let mut component = vec![NONE; nodes];
    let mut open: Vec<u32> = Vec::new();
    let mut on_open = vec![false; nodes];
    let (mut counter, mut found) = (0u32, 0u32);
    let mut calls: Vec<(usize, usize)> = Vec::new();
    for root in 0..nodes {
        if index[root] != NONE {
            continue;
        }
        calls.push((root, start[root]));
        index[root] = counter;
        low[root] = counter;
        counter += 1;
        open.push(root as u32);
        on_open[root] = true;
        while let Some(&mut (v, ref mut next)) = calls.last_mut() {
            if *next < start[v + 1] {
                let w = out[*next] as usize;
                *next += 1;
                if index[w] == NONE {
                    index[w] = counter;
                    low[w] = counter;
                    counter += 1;
                    open.push(w as u32);
                    on_open[w] = true;
                    calls.push((w, start[w]));
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
                    on_open[w as usize] = false;
                    component[w as usize] = found;
                    if w as usize == v {
                        break;
                    }
                }
                found += 1;
            }
        }
    }
    component
}
