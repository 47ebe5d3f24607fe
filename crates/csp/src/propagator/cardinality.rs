//! `global_cardinality` with variable counts: `counts[k]` is the number of
//! `vars` equal to `values[k]`, in one propagator.
//!
//! From scratch, per value `k`: `fixed[k]` variables are fixed to it,
//! `possible[k]` can take it; and of all the variables, `inside` have
//! every value listed, `touching` at least one, so that the counts add up
//! to between `inside` and `touching` (at most the number of variables;
//! exactly it when the cover is closed, every domain within it). Then:
//!
//! 1. each count lies in `fixed[k]..=possible[k]`;
//! 2. each count lies within what the sum leaves it: at most `touching`
//!    less the others' smallest counts, at least `inside` less their
//!    largest;
//! 3. a count whose largest value is `fixed[k]`: the other variables lose
//!    `values[k]`;
//! 4. a count whose smallest value is `possible[k]`: every variable that
//!    can take `values[k]` takes it.
//!
//! Consistency: the fixpoint of these rules, bounds on the counts (their
//! bounds, not their holes, are read and narrowed) and values removed or
//! fixed on the variables. Not the bounds consistency of Quimper's
//! propagator nor Régin's domain consistency: no Hall sets are found among
//! the values (three variables on two values with counts at most 1 each
//! are not refuted until the values are tried).
//!
//! # Complexity
//!
//! Per run, `O(n + m)` for `n` variables and `m` values, plus the reading
//! of the domains: a variable with fewer values than `m` is read value by
//! value (a binary search in the cover each), one with more is asked for
//! each value listed; and `O(n)` for each value whose count is at a bound
//! (rules 3 and 4). Not idempotent: its own changes wake it again, until
//! nothing changes.

use crate::domain::{Fail, Store};

/// `counts[k]` is the number of `vars` equal to `values[k]`.
#[derive(Clone, Debug)]
pub(crate) struct Cardinality {
    /// May repeat a variable: each place counts.
    pub(crate) vars: Box<[u32]>,
    /// Ascending, each once.
    pub(crate) values: Box<[i64]>,
    /// One per value; a variable may count several values, or be one of
    /// `vars`.
    pub(crate) counts: Box<[u32]>,
}

impl Cardinality {
    pub(crate) fn vars(&self) -> Vec<u32> {
        [&self.vars[..], &self.counts].concat()
    }

    /// Whether it reads nothing of `v` but its bounds: a count that is
    /// not also counted.
    pub(crate) fn reads_bounds_of(&self, v: u32) -> bool {
        !self.vars.contains(&v)
    }

    pub(crate) fn run(&self, s: &mut Store<'_>) -> Result<(), Fail> {
        let m = self.values.len();
        let mut tally = std::mem::take(&mut s.st.values);
        tally.clear();
        tally.resize(2 * m, 0);
        let result = self.with(s, &mut tally);
        s.st.values = tally;
        result
    }

    /// `run` with room for `fixed` and `possible`, `m` each.
    fn with(&self, s: &mut Store<'_>, tally: &mut [i64]) -> Result<(), Fail> {
        let m = self.values.len();
        let (fixed, possible) = tally.split_at_mut(m);
        let (mut inside, mut touching) = (0i128, 0i128);
        for &v in &self.vars {
            let size = s.size(v);
            let mut listed = 0u64;
            if size < m as u64 {
                for x in s.values(v) {
                    if let Ok(k) = self.values.binary_search(&x) {
                        listed += 1;
                        possible[k] += 1;
                    }
                }
            } else {
                for (k, &x) in self.values.iter().enumerate() {
                    if s.contains(v, x) {
                        listed += 1;
                        possible[k] += 1;
                    }
                }
            }
            if size == 1
                && let Ok(k) = self.values.binary_search(&s.min(v))
            {
                fixed[k] += 1;
            }
            inside += i128::from(listed == size);
            touching += i128::from(listed > 0);
        }
        // Rule 1, then the sums of the counts' bounds for rule 2.
        for (k, &c) in self.counts.iter().enumerate() {
            s.set_min(c, fixed[k])?;
            s.set_max(c, possible[k])?;
        }
        let (mut lo_sum, mut hi_sum) = (0i128, 0i128);
        for &c in self.counts.iter() {
            lo_sum += i128::from(s.min(c));
            hi_sum += i128::from(s.max(c));
        }
        for &c in self.counts.iter() {
            let (lo, hi) = (i128::from(s.min(c)), i128::from(s.max(c)));
            // Within the range of the count's current bounds: the casts
            // cannot overflow.
            let most = touching - (lo_sum - lo);
            if most < hi {
                s.set_max(c, most.max(lo - 1) as i64)?;
            }
            let least = inside - (hi_sum - hi);
            if least > lo {
                s.set_min(c, least.min(hi + 1) as i64)?;
            }
        }
        // Rules 3 and 4.
        for (k, (&c, &value)) in self.counts.iter().zip(&self.values).enumerate() {
            if s.max(c) == fixed[k] && possible[k] > fixed[k] {
                for &v in &self.vars {
                    if s.fixed_value(v) != Some(value) {
                        s.remove(v, value)?;
                    }
                }
            } else if s.min(c) == possible[k] && possible[k] > fixed[k] {
                for &v in &self.vars {
                    if s.contains(v, value) {
                        s.assign(v, value)?;
                    }
                }
            }
        }
        Ok(())
    }
}
