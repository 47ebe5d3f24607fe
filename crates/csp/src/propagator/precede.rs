//! `value_precede(s, t, xs)`: if some variable takes `t`, an earlier one
//! takes `s`. Equivalently, no variable before the first `s` takes `t`.
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
