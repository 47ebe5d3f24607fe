//! `among`: how many variables take a value of a set (`count` for a set of
//! one value), bounds on the count and the values both ways.
//!
//! From scratch: `sure` variables have every value in the set, `possible`
//! ones at least one. The count lies in `sure..=possible`; at its smallest
//! allowed value `sure`, the undecided variables lose the set's values; at
//! its largest `possible`, they lose the others.

use crate::domain::{Fail, Store};

/// The number of `vars` taking a value of `values` is `count`.
#[derive(Clone, Debug)]
pub(crate) struct Among {
    pub(crate) vars: Box<[u32]>,
    /// Ascending, each once.
    pub(crate) values: Box<[i64]>,
    pub(crate) count: u32,
}

impl Among {
    /// How many of `v`'s values are in the set.
    fn inside(&self, s: &Store<'_>, v: u32) -> u64 {
        match *self.values {
            [value] => u64::from(s.contains(v, value)),
            _ => {
                let (lo, hi) = (s.min(v), s.max(v));
                let from = self.values.partition_point(|&x| x < lo);
                self.values[from..]
                    .iter()
                    .take_while(|&&x| x <= hi)
                    .filter(|&&x| s.contains(v, x))
                    .count() as u64
            }
        }
    }

    pub(crate) fn run(&self, s: &mut Store<'_>) -> Result<(), Fail> {
        let (mut sure, mut possible) = (0i64, 0i64);
        for &v in self.vars.iter() {
            let inside = self.inside(s, v);
            if inside > 0 {
                possible += 1;
                if inside == s.size(v) {
                    sure += 1;
                }
            }
        }
        s.set_min(self.count, sure)?;
        s.set_max(self.count, possible)?;
        let (lo, hi) = (s.min(self.count), s.max(self.count));
        if hi == sure && sure < possible {
            // No more may take the set's values.
            for &v in self.vars.iter() {
                let inside = self.inside(s, v);
                if inside > 0 && inside < s.size(v) {
                    for &x in self.values.iter() {
                        s.remove(v, x)?;
                    }
                }
            }
        } else if lo == possible && sure < possible {
            // Every one that can must.
            for &v in self.vars.iter() {
                let inside = self.inside(s, v);
                if inside > 0 && inside < s.size(v) && s.is_interval(v) {
                    // No holes: the bounds move onto the set's values.
                    let (lo, hi) = (s.min(v), s.max(v));
                    let from = self.values.partition_point(|&x| x < lo);
                    let to = self.values.partition_point(|&x| x <= hi);
                    s.set_min(v, self.values[from])?;
                    s.set_max(v, self.values[to - 1])?;
                } else if inside > 0 && inside < s.size(v) {
                    for x in s.min(v)..=s.max(v) {
                        if self.values.binary_search(&x).is_err() {
                            s.remove(v, x)?;
                        }
                    }
                }
            }
        }
        Ok(())
    }
}
