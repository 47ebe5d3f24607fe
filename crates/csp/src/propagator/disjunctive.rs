//! `disjunctive`: tasks on one machine never overlap, propagated pair by
//! pair on the bounds of their starts (the precedences the bounds leave
//! open).
//!
//! For tasks `i` and `j`, `i` can come first when `min(s_i) + d_i <=
//! max(s_j)`. When only one order is possible it is enforced on the bounds
//! (`j` starts after `i` ends at the earliest, `i` ends before `j` starts
//! at the latest); when neither is, the state fails.
//!
//! Then edge finding on task intervals: for the tasks `Ω` whose starts lie
//! between two tasks' earliest start and latest end, their total duration
//! must fit (else the state fails), and a task that cannot run before or
//! among them all must start after them: after `min est(Ω) + p(Ω)`; the
//! mirror image for a task that must end before them.

use crate::network::{Fail, Store};

/// Tasks `starts[k]` of durations `durations[k]` (positive), one at a time.
#[derive(Clone, Debug)]
pub(crate) struct Disjunctive {
    pub(crate) starts: Box<[u32]>,
    pub(crate) durations: Box<[i64]>,
}

impl Disjunctive {
    pub(crate) fn run(&self, s: &mut Store<'_>) -> Result<(), Fail> {
        let n = self.starts.len();
        loop {
            let mut changed = false;
            for i in 0..n {
                for j in i + 1..n {
                    changed |= self.pair(s, i, j)?;
                }
            }
            if !changed && n > 2 {
                changed = self.edges(s)?;
            }
            if !changed {
                return Ok(());
            }
        }
    }

    /// Propagates one pair; whether a bound moved.
    fn pair(&self, s: &mut Store<'_>, i: usize, j: usize) -> Result<bool, Fail> {
        let (si, sj) = (self.starts[i], self.starts[j]);
        let (di, dj) = (self.durations[i], self.durations[j]);
        // The model checked that starts plus durations fit.
        let i_first = s.min(si) + di <= s.max(sj);
        let j_first = s.min(sj) + dj <= s.max(si);
        match (i_first, j_first) {
            (false, false) => Err(Fail),
            (true, false) => Ok(s.set_min(sj, s.min(si) + di)? | s.set_max(si, s.max(sj) - di)?),
            (false, true) => Ok(s.set_min(si, s.min(sj) + dj)? | s.set_max(sj, s.max(si) - dj)?),
            (true, true) => Ok(false),
        }
    }

    /// Edge finding over the task intervals; whether a bound moved.
    fn edges(&self, s: &mut Store<'_>) -> Result<bool, Fail> {
        let n = self.starts.len();
        let est: Vec<i64> = self.starts.iter().map(|&v| s.min(v)).collect();
        let lct: Vec<i64> = (0..n)
            .map(|k| s.max(self.starts[k]) + self.durations[k])
            .collect();
        let mut changed = false;
        for a in 0..n {
            for b in 0..n {
                let (lo, hi) = (est[a], lct[b]);
                if lo >= hi {
                    continue;
                }
                // Ω: the tasks within [lo, hi]. Its own earliest start is
                // at least lo and its latest end at most hi, so the rules
                // below, stated with lo and hi, are weaker but sound.
                let mut work = 0i64;
                let mut inside = 0u64;
                for k in 0..n {
                    if est[k] >= lo && lct[k] <= hi {
                        work += self.durations[k];
                        inside |= 1 << k;
                    }
                }
                if inside == 0 {
                    continue;
                }
                if lo + work > hi {
                    return Err(Fail);
                }
                for i in (0..n).filter(|&i| inside >> i & 1 == 0) {
                    let d = self.durations[i];
                    // i cannot end before Ω's latest end with all of Ω:
                    // it comes after them.
                    if est[i].min(lo) + work + d > hi {
                        changed |= s.set_min(self.starts[i], lo + work)?;
                    }
                    // i cannot start at or after Ω's earliest start with
                    // all of Ω: it comes before them.
                    if lct[i].max(hi) - work - d < lo {
                        changed |= s.set_max(self.starts[i], hi - work - d)?;
                    }
                }
            }
        }
        Ok(changed)
    }
}
