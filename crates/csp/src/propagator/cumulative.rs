//! `cumulative`: tasks using a resource of some capacity, time-tabling.
//!
//! From scratch: a task whose latest start comes before its earliest end
//! surely runs over `[latest start, earliest end)`, its compulsory part.
//! The compulsory parts add up to a profile over time; more than the
//! capacity fails, and a task moves its earliest start past every time
//! where its demand no longer fits beside the others' parts (its latest
//! start, the other way).

use crate::domain::{Fail, Store};

/// Tasks `starts[k]` of `durations[k]` using `demands[k]` (all positive)
/// of `capacity` at once.
#[derive(Clone, Debug)]
pub(crate) struct Cumulative {
    pub(crate) starts: Box<[u32]>,
    pub(crate) durations: Box<[i64]>,
    pub(crate) demands: Box<[i64]>,
    pub(crate) capacity: i64,
}

impl Cumulative {
    pub(crate) fn run(&self, s: &mut Store<'_>) -> Result<(), Fail> {
        loop {
            if !self.pass(s)? {
                return Ok(());
            }
        }
    }

    /// One round of time-tabling; whether a bound moved.
    fn pass(&self, s: &mut Store<'_>) -> Result<bool, Fail> {
        let n = self.starts.len();
        let est: Vec<i64> = self.starts.iter().map(|&v| s.min(v)).collect();
        let lst: Vec<i64> = self.starts.iter().map(|&v| s.max(v)).collect();
        let Some(&origin) = est.iter().min() else {
            return Ok(false);
        };
        let end = (0..n)
            .map(|k| lst[k] + self.durations[k])
            .max()
            .unwrap_or(origin);
        // The model bounded the domains, so the horizon is small.
        let width = (end - origin) as usize;
        let mut profile = vec![0i64; width];
        let part = |k: usize| (lst[k], est[k] + self.durations[k]);
        for k in 0..n {
            let (from, to) = part(k);
            for t in from..to {
                profile[(t - origin) as usize] += self.demands[k];
            }
        }
        if profile.iter().any(|&p| p > self.capacity) {
            return Err(Fail);
        }
        let mut changed = false;
        for k in 0..n {
            let (d, need) = (self.durations[k], self.demands[k]);
            let (from, to) = part(k);
            // The others' load at time t.
            let others = |t: i64| {
                let own = if from <= t && t < to { need } else { 0 };
                profile[(t - origin) as usize] - own
            };
            let fits = |start: i64| (start..start + d).all(|t| others(t) + need <= self.capacity);
            let mut lo = est[k];
            while lo <= lst[k] && !fits(lo) {
                lo += 1;
            }
            let mut hi = lst[k];
            while hi >= lo && !fits(hi) {
                hi -= 1;
            }
            changed |= s.set_min(self.starts[k], lo)?;
            changed |= s.set_max(self.starts[k], hi)?;
        }
        Ok(changed)
    }
}
