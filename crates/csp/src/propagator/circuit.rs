//! `circuit`: successor variables that form one cycle through every node.
//!
//! From scratch: each chain of fixed successors that starts at a node no
//! fixed successor points to must not close on itself before it holds every
//! node, so its end loses the chain's head; a cycle of fixed successors
//! shorter than all the nodes fails. (That the successors differ is an
//! `all_different` posted beside it.)

use crate::domain::{Fail, Store};

/// `succ[i]` is the node after `i`, nodes numbered from 0.
#[derive(Clone, Debug)]
pub(crate) struct Circuit {
    pub(crate) succ: Box<[u32]>,
}

impl Circuit {
    pub(crate) fn run(&self, s: &mut Store<'_>) -> Result<(), Fail> {
        let n = self.succ.len();
        let next = |s: &Store<'_>, i: usize| -> Option<usize> {
            s.fixed_value(self.succ[i])
                .and_then(|v| usize::try_from(v).ok())
                .filter(|&j| j < n)
        };
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
                s.remove(self.succ[end], head as i64)?;
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
