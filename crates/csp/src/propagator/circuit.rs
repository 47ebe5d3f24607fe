//! `circuit`: successor variables that form one cycle through every node.
//!
//! From scratch: each chain of fixed successors that starts at a node no
//! fixed successor points to must not close on itself before it holds every
//! node, so its end loses the chain's head; a cycle of fixed successors
//! shorter than all the nodes fails. (That the successors differ is an
//! `all_different` posted beside it.)

use crate::domain::{Fail, Store};

/// The node after node `i`, counted from 0, if `succ[i]` is fixed to one
/// of the `succ.len()` nodes numbered from `first`.
fn successor(s: &Store<'_>, succ: &[u32], first: i64, i: usize) -> Option<usize> {
    s.fixed_value(succ[i])
        .and_then(|v| v.checked_sub(first))
        .and_then(|v| usize::try_from(v).ok())
        .filter(|&j| j < succ.len())
}

/// `succ[i]` is the node after `i`, nodes numbered from 0.
#[derive(Clone, Debug)]
pub(crate) struct Circuit {
    pub(crate) succ: Box<[u32]>,
    /// The number of the first node, as the successors' values name it.
    pub(crate) first: i64,
}

impl Circuit {
    pub(crate) fn run(&self, s: &mut Store<'_>) -> Result<(), Fail> {
        let n = self.succ.len();
        let next = |s: &Store<'_>, i: usize| successor(s, &self.succ, self.first, i);
        // Node `i` as a successor's value (the model checked it fits).
        let node = |i: usize| self.first + i as i64;
        let mut pointed = vec![false; n];
        for i in 0..n {
            if let Some(j) = next(s, i) {
                pointed[j] = true;
            }
        }
        let mut seen = vec![false; n];
        for head in 0..n {
            if pointed[head] {
                continue;
            }
            let (mut end, mut len) = (head, 1);
            seen[head] = true;
            while let Some(j) = next(s, end) {
                if seen[j] {
                    // Two chains cannot meet: the all-different fails too.
                    return Err(Fail);
                }
                seen[j] = true;
                end = j;
                len += 1;
            }
            if len < n {
                s.remove(self.succ[end], node(head))?;
            }
        }
        // What is left with a fixed successor lies on cycles.
        for start in 0..n {
            if seen[start] {
                continue;
            }
            let (mut at, mut len) = (start, 0);
            while !seen[at] {
                seen[at] = true;
                len += 1;
                match next(s, at) {
                    Some(j) => at = j,
                    None => break,
                }
            }
            if len < n {
                return Err(Fail);
            }
        }
        Ok(())
    }
}

/// `subcircuit`: `succ[i]` is the node after `i` on one cycle through the
/// nodes not their own successor (`succ[i] = i`: `i` is left out), nodes
/// numbered from 0; no cycle at all when every node is left out.
///
/// From scratch: a node pointed to by two fixed successors, or left out
/// and pointed to, fails. Each chain of fixed successors (two nodes or
/// more) may close on itself only if every node off it can be left out,
/// else its end loses the chain's head. A cycle of fixed successors leaves
/// every other node out. (That the successors differ is an
/// `all_different` posted beside it.)
#[derive(Clone, Debug)]
pub(crate) struct Subcircuit {
    pub(crate) succ: Box<[u32]>,
    /// The number of the first node, as the successors' values name it.
    pub(crate) first: i64,
}

impl Subcircuit {
    pub(crate) fn run(&self, s: &mut Store<'_>) -> Result<(), Fail> {
        let n = self.succ.len();
        let next = |s: &Store<'_>, i: usize| successor(s, &self.succ, self.first, i);
        // Node `i` as a successor's value (the model checked it fits).
        let node = |i: usize| self.first + i as i64;
        let is_out = |s: &Store<'_>, i: usize| next(s, i) == Some(i);
        let mut pointed = vec![false; n];
        for i in 0..n {
            if let Some(j) = next(s, i).filter(|&j| j != i) {
                if pointed[j] || is_out(s, j) {
                    return Err(Fail);
                }
                pointed[j] = true;
            }
        }
        // Which chain a node is on, by its head (plus one; 0 for none).
        let mut chain = vec![0usize; n];
        for head in 0..n {
            if pointed[head] || is_out(s, head) {
                continue;
            }
            let (mut end, mut len) = (head, 1);
            chain[head] = head + 1;
            while let Some(j) = next(s, end) {
                if chain[j] != 0 {
                    return Err(Fail);
                }
                chain[j] = head + 1;
                end = j;
                len += 1;
            }
            let all_others_out =
                (0..n).all(|k| chain[k] == head + 1 || s.contains(self.succ[k], node(k)));
            if len >= 2 && !all_others_out {
                s.remove(self.succ[end], node(head))?;
            }
        }
        // What is left in the circuit with a fixed successor lies on
        // cycles: the first one is the circuit, every other node is out.
        let Some(start) = (0..n).find(|&k| chain[k] == 0 && !is_out(s, k)) else {
            return Ok(());
        };
        let mut on = vec![false; n];
        let mut at = start;
        while !on[at] {
            on[at] = true;
            match next(s, at) {
                Some(j) => at = j,
                None => return Err(Fail),
            }
        }
        for k in (0..n).filter(|&k| !on[k]) {
            s.assign(self.succ[k], node(k))?;
        }
        Ok(())
    }
}
