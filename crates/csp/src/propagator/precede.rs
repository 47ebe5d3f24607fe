//! `value_precede(s, t, xs)`: if some variable takes `t`, an earlier one
//! takes `s`. Equivalently, no variable before the first `s` takes `t`.
//! And `value_precede_chain` over distinct values, its pairs in one pass.
//!
//! From scratch, in one pass over the list (the pointers of Law and Lee's
//! propagator, 2004, found again at every run): `first` is the first
//! position whose domain holds `s`. No earlier variable can be `s`, so none
//! up to `first` (`first` included, which if it is not `s` is not the first
//! `s`) can be `t`. When a later variable is fixed to `t` and none between
//! `first` and it can be `s`, the first `s` must be at `first`, which is
//! fixed to it. With `s == t` the value can never be taken: its first
//! occurrence would need an earlier one.
//!
//! Consistency: domain consistency when no variable repeats. Given a
//! solution exists, `s` at any position from `first` on is supported (`s`
//! at `first`, no `t` before it); `t` after `first` likewise; any other
//! value before `first`, or after it, too; and at `first` itself only when
//! some later position can be `s` before the first forced `t`, which is the
//! second rule. A domain emptied by the first rule, a `t` forced before any
//! `s`, is the failure. Intervals lose `t` only at their bounds.
//!
//! # Complexity
//!
//! `O(n)` per run for `n` variables.

use crate::domain::{Fail, Store};

/// No variable of `xs` before the first `s` takes `t`.
#[derive(Clone, Debug)]
pub(crate) struct Precede {
    pub(crate) s: i64,
    pub(crate) t: i64,
    pub(crate) xs: Box<[u32]>,
}

impl Precede {
    pub(crate) fn run(&self, st: &mut Store<'_>) -> Result<(), Fail> {
        let (s, t) = (self.s, self.t);
        let first = self.xs.iter().position(|&x| s != t && st.contains(x, s));
        let before = first.map_or(self.xs.len(), |f| f + 1);
        for &x in &self.xs[..before] {
            st.remove(x, t)?;
        }
        let Some(first) = first else {
            return Ok(());
        };
        for &x in &self.xs[first + 1..] {
            if st.contains(x, s) {
                return Ok(());
            }
            if st.fixed_value(x) == Some(t) {
                return st.assign(self.xs[first], s);
            }
        }
        Ok(())
    }
}

/// `value_precede` for each consecutive pair of `values`, which are
/// distinct (at least two), one pass a run: its runs reach the fixpoint of
/// the pairs' rules (tested against the pairs posted one by one).
///
/// Once the first rule holds for every pair, the values' first possible
/// positions come in the chain's order, each after the one before. So, in
/// one pass: at each position, `found` values have their first possible
/// position before it; the values after the next one cannot be there, and
/// the next one, if possible there, has its first position there. Each
/// first position stays open until a later position can take its value
/// again; a position fixed to the following value while it is open fixes
/// it (the second rule). A run that fixes one may leave a later rule to
/// the next run, which that change schedules.
///
/// # Complexity
///
/// `O(n * m)` per run for `n` variables and `m` values, one propagator
/// woken where the pairs would be `m - 1`.
#[derive(Clone, Debug)]
pub(crate) struct Chain {
    pub(crate) values: Box<[i64]>,
    pub(crate) xs: Box<[u32]>,
}

impl Chain {
    pub(crate) fn run(&self, st: &mut Store<'_>) -> Result<(), Fail> {
        // The open first positions, by value, -1 for none.
        let mut open = std::mem::take(&mut st.st.values);
        open.clear();
        open.resize(self.values.len(), -1);
        let result = self.pass(st, &mut open);
        st.st.values = open;
        result
    }

    fn pass(&self, st: &mut Store<'_>, open: &mut [i64]) -> Result<(), Fail> {
        let (values, m) = (&self.values, self.values.len());
        let (mut found, mut unsettled) = (0, 0);
        for (i, &x) in self.xs.iter().enumerate() {
            if found == m && unsettled == 0 {
                break;
            }
            for &v in &values[(found + 1).min(m)..] {
                st.remove(x, v)?;
            }
            if let Some(v) = st.fixed_value(x)
                && let Some(k) = values[..(found + 1).min(m)].iter().position(|&c| c == v)
                && k > 0
                && open[k - 1] >= 0
            {
                st.assign(self.xs[open[k - 1] as usize], values[k - 1])?;
                open[k - 1] = -1;
                unsettled -= 1;
            }
            for k in 0..found {
                if open[k] >= 0 && st.contains(x, values[k]) {
                    open[k] = -1;
                    unsettled -= 1;
                }
            }
            if found < m && st.contains(x, values[found]) {
                if found + 1 < m {
                    open[found] = i as i64;
                    unsettled += 1;
                }
                found += 1;
            }
        }
        Ok(())
    }
}
