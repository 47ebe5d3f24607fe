//! `cumulative`: tasks using a resource of some capacity, time-tabling.
//!
//! From scratch: a task whose latest start comes before its earliest end
//! surely runs over `[latest start, earliest end)`, its compulsory part.
//! The compulsory parts add up to a profile, a step function with at most
//! two steps a task, whatever the horizon; a load over the capacity fails,
//! and a task moves its earliest start past every step where its demand no
//! longer fits beside the others' parts (its latest start, the other way).

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

/// A step of the profile: the compulsory parts use `load` over
/// `[from, to)`. Times are 128-bit: a start near `i64::MAX` plus its
/// duration ends past it.
#[derive(Clone, Copy, Debug)]
struct Step {
    from: i128,
    to: i128,
    load: i64,
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
        let est: Vec<i128> = self.starts.iter().map(|&v| s.min(v).into()).collect();
        let lst: Vec<i128> = self.starts.iter().map(|&v| s.max(v).into()).collect();
        let part = |k: usize| (lst[k], est[k] + i128::from(self.durations[k]));
        let steps = self.profile(n, part)?;
        let mut changed = false;
        for k in 0..n {
            let (d, need) = (i128::from(self.durations[k]), self.demands[k]);
            let (from, to) = part(k);
            // Whether task k, over a step, would overload it: the step's
            // load, less k's own part if the step lies in it, plus k.
            let clash = |step: &Step| {
                let own = if from <= step.from && step.to <= to {
                    need
                } else {
                    0
                };
                step.load - own > self.capacity - need
            };
            // The steps are in order and disjoint: past one that clashes
            // with [lo, lo + d), the next to look at starts at or after it.
            let mut lo = est[k];
            for step in &steps {
                if lo > lst[k] || step.from >= lo + d {
                    break;
                }
                if step.to > lo && clash(step) {
                    lo = step.to;
                }
            }
            let mut hi = lst[k];
            for step in steps.iter().rev() {
                if hi < lo || step.to <= hi {
                    break;
                }
                if step.from < hi + d && clash(step) {
                    hi = step.from - d;
                }
            }
            // A bound past the ends of i64: no start is late (early) enough.
            let lo = i64::try_from(lo).map_err(|_| Fail)?;
            let hi = i64::try_from(hi).map_err(|_| Fail)?;
            changed |= s.set_min(self.starts[k], lo)?;
            changed |= s.set_max(self.starts[k], hi)?;
        }
        Ok(changed)
    }

    /// The compulsory parts as steps of positive load, in order of time;
    /// fails if one is over the capacity.
    fn profile(&self, n: usize, part: impl Fn(usize) -> (i128, i128)) -> Result<Vec<Step>, Fail> {
        let mut events: Vec<(i128, i64)> = Vec::with_capacity(2 * n);
        for k in 0..n {
            let (from, to) = part(k);
            if from < to {
                events.push((from, self.demands[k]));
                events.push((to, -self.demands[k]));
            }
        }
        events.sort_unstable();
        let mut steps = Vec::with_capacity(events.len());
        let mut load = 0i64;
        let mut i = 0;
        while i < events.len() {
            let at = events[i].0;
            while i < events.len() && events[i].0 == at {
                // The model checked that all the demands add up in an i64.
                load += events[i].1;
                i += 1;
            }
            if load > self.capacity {
                return Err(Fail);
            }
            if load > 0 {
                // The load rises only at a start of a part, so a part ends
                // after this one: there is a next event.
                steps.push(Step {
                    from: at,
                    to: events[i].0,
                    load,
                });
            }
        }
        Ok(steps)
    }
}
