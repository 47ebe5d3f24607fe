//! `bin_packing_load`: items of known weights in numbered bins, each bin's
//! load the sum of the weights it holds; after Shaw (2004), in its cheap
//! parts. The capacitated forms are the same with constant loads at most.
//!
//! From scratch, with `sure(b)` the weight of the items fixed to bin `b`
//! and `possible(b)` that plus the weight of the others that may go there:
//!
//! - every item is in one of the bins;
//! - a load lies in `sure(b)..=possible(b)`;
//! - the loads add up to the total weight: a load is at least the total
//!   less the others' largest loads, and at most the total less their
//!   smallest;
//! - an item leaves a bin where it no longer fits (`sure(b) + w` over the
//!   load's largest value), and is put in one whose smallest load cannot
//!   be reached without it (`possible(b) - w` under it).
//!
//! Passes repeat until one changes nothing. Weights are summed in 128 bits.
//! Once every item is placed, `sure` and `possible` are the loads, so the
//! propagator fails exactly when the constraint does not hold.

use crate::domain::{Fail, Store};

/// Items `bins[i]` of `weights[i]` (each at least 0) in the bins numbered
/// `first..first + loads.len()`.
#[derive(Clone, Debug)]
pub(crate) struct BinPacking {
    pub(crate) bins: Box<[u32]>,
    pub(crate) weights: Box<[i64]>,
    /// The number of the first bin; the model checked that the last one's
    /// fits an `i64`.
    pub(crate) first: i64,
    pub(crate) loads: Loads,
}

/// What a bin's load is.
#[derive(Clone, Debug)]
pub(crate) enum Loads {
    /// A variable equal to the load.
    Vars(Box<[u32]>),
    /// A capacity the load does not exceed.
    Capacities(Box<[i64]>),
}

impl BinPacking {
    /// The variables, bins and loads; the loads are read on bounds only.
    pub(crate) fn vars(&self) -> Vec<u32> {
        match &self.loads {
            Loads::Vars(loads) => [&self.bins[..], loads].concat(),
            Loads::Capacities(_) => self.bins.to_vec(),
        }
    }

    /// Whether `v` is read on its bounds only: a load that is no item's bin.
    pub(crate) fn reads_bounds_of(&self, v: u32) -> bool {
        !self.bins.contains(&v)
    }

    fn len(&self) -> usize {
        match &self.loads {
            Loads::Vars(v) => v.len(),
            Loads::Capacities(c) => c.len(),
        }
    }

    pub(crate) fn run(&self, s: &mut Store<'_>) -> Result<(), Fail> {
        while self.pass(s)? {}
        Ok(())
    }

    /// One pass of every rule; whether a domain changed.
    fn pass(&self, s: &mut Store<'_>) -> Result<bool, Fail> {
        let m = self.len();
        if m == 0 {
            // No bin: no item has a place.
            return if self.bins.is_empty() {
                Ok(false)
            } else {
                Err(Fail)
            };
        }
        let last = self.first + (m as i64 - 1);
        let mut changed = false;
        for &v in self.bins.iter() {
            changed |= s.set_min(v, self.first)?;
            changed |= s.set_max(v, last)?;
        }
        let at = |b: i64| (b - self.first) as usize;
        let (mut sure, mut possible) = (vec![0i128; m], vec![0i128; m]);
        for (&v, &w) in self.bins.iter().zip(self.weights.iter()) {
            let w = i128::from(w);
            if let Some(b) = s.fixed_value(v) {
                sure[at(b)] += w;
                possible[at(b)] += w;
            } else {
                for b in s.min(v)..=s.max(v) {
                    if s.contains(v, b) {
                        possible[at(b)] += w;
                    }
                }
            }
        }
        // Each load's bounds: its own, then what the items allow.
        let (mut lo, mut hi) = (vec![0i128; m], vec![0i128; m]);
        for k in 0..m {
            let (a, b) = match &self.loads {
                Loads::Vars(loads) => (s.min(loads[k]).into(), s.max(loads[k]).into()),
                Loads::Capacities(c) => (i128::from(i64::MIN), c[k].into()),
            };
            lo[k] = sure[k].max(a);
            hi[k] = possible[k].min(b);
            if lo[k] > hi[k] {
                return Err(Fail);
            }
        }
        // The loads add up to the total weight.
        let total: i128 = self.weights.iter().map(|&w| i128::from(w)).sum();
        let (sum_lo, sum_hi): (i128, i128) = (lo.iter().sum(), hi.iter().sum());
        for k in 0..m {
            let (a, b) = (total - (sum_hi - hi[k]), total - (sum_lo - lo[k]));
            lo[k] = lo[k].max(a);
            hi[k] = hi[k].min(b);
        }
        for k in 0..m {
            if lo[k] > hi[k] {
                return Err(Fail);
            }
            if let Loads::Vars(loads) = &self.loads {
                // Both within the load's own bounds, so within `i64`.
                changed |= s.set_min(loads[k], lo[k] as i64)?;
                changed |= s.set_max(loads[k], hi[k] as i64)?;
            }
        }
        // The items: a placement made here leaves `sure` lower and
        // `possible` higher than they now are, which only weakens the rules.
        for (&v, &w) in self.bins.iter().zip(self.weights.iter()) {
            let w = i128::from(w);
            if w == 0 || s.fixed_value(v).is_some() {
                continue;
            }
            for b in s.min(v)..=s.max(v) {
                if !s.contains(v, b) {
                    continue;
                }
                let k = at(b);
                if sure[k] + w > hi[k] {
                    // An interval keeps a value inside its bounds.
                    s.remove(v, b)?;
                    changed |= !s.contains(v, b);
                } else if possible[k] - w < lo[k] {
                    s.assign(v, b)?;
                    changed = true;
                    break;
                }
            }
        }
        Ok(changed)
    }
}
