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

use crate::domain::{Fail, Store};

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

    /// Propagates one pair; whether a bound moved. In 128 bits, the bound
    /// of one task moved by the duration of another.
    fn pair(&self, s: &mut Store<'_>, i: usize, j: usize) -> Result<bool, Fail> {
        let (si, sj) = (self.starts[i], self.starts[j]);
        let (di, dj) = (self.durations[i] as i128, self.durations[j] as i128);
        let low = |s: &Store<'_>, v: u32| s.min(v) as i128;
        let high = |s: &Store<'_>, v: u32| s.max(v) as i128;
        // A bound past i64 is past every value: cut, it removes less.
        let cut = |x: i128| x.clamp(i64::MIN as i128, i64::MAX as i128) as i64;
        let i_first = low(s, si) + di <= high(s, sj);
        let j_first = low(s, sj) + dj <= high(s, si);
        match (i_first, j_first) {
            (false, false) => Err(Fail),
            (true, false) => {
                let later = cut(low(s, si) + di);
                let earlier = cut(high(s, sj) - di);
                Ok(s.set_min(sj, later)? | s.set_max(si, earlier)?)
            }
            (false, true) => {
                let later = cut(low(s, sj) + dj);
                let earlier = cut(high(s, si) - dj);
                Ok(s.set_min(si, later)? | s.set_max(sj, earlier)?)
            }
            (true, true) => Ok(false),
        }
    }

    /// Edge finding over the task intervals; whether a bound moved. In 128
    /// bits: the work of several tasks added to a bound near `i64::MAX`
    /// (an interval's) may not fit 64.
    fn edges(&self, s: &mut Store<'_>) -> Result<bool, Fail> {
        let n = self.starts.len();
        let est: Vec<i128> = self.starts.iter().map(|&v| s.min(v) as i128).collect();
        let lct: Vec<i128> = (0..n)
            .map(|k| s.max(self.starts[k]) as i128 + self.durations[k] as i128)
            .collect();
        // A bound past i64 is past every value: cut, it removes less.
        let cut = |x: i128| x.clamp(i64::MIN as i128, i64::MAX as i128) as i64;
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
                let mut work = 0i128;
                let mut inside = 0u64;
                for k in 0..n {
                    if est[k] >= lo && lct[k] <= hi {
                        work += self.durations[k] as i128;
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
                    let d = self.durations[i] as i128;
                    // i cannot end before Ω's latest end with all of Ω:
                    // it comes after them.
                    if est[i].min(lo) + work + d > hi {
                        changed |= s.set_min(self.starts[i], cut(lo + work))?;
                    }
                    // i cannot start at or after Ω's earliest start with
                    // all of Ω: it comes before them.
                    if lct[i].max(hi) - work - d < lo {
                        changed |= s.set_max(self.starts[i], cut(hi - work - d))?;
                    }
                }
            }
        }
        Ok(changed)
    }
}
