//! `increasing` and its strict form, on bounds: each variable's smallest
//! value is pushed up past its predecessor's, then each largest value down
//! below its successor's. `decreasing` is the same list reversed.
//!
//! Consistency: bounds consistency in one forward and one backward pass
//! when no variable repeats. The forward pass leaves every smallest value
//! with a support on the prefix (the chain of smallest values), the
//! backward pass every largest value with one on the suffix; the backward
//! pass lowers only largest values, and `min(x[i]) <= max(x[i]) <
//! max(x[i + 1])` (strict) puts every smallest value under the suffix's
//! supports too. The bounds read back after each narrowing are the
//! domains' own, so a hole at a bound is skipped, not taken as a support.
//! A repeated variable may need more runs, which its own changes schedule;
//! the model refuses a repeat in a strict list, which can never hold.
//!
//! # Complexity
//!
//! `O(n)` per run for `n` variables.

use crate::domain::{Fail, Store};

/// `xs[0] <= xs[1] <= ...`, or `<` throughout when `strict`.
#[derive(Clone, Debug)]
pub(crate) struct Sorted {
    pub(crate) xs: Box<[u32]>,
    pub(crate) strict: bool,
}

impl Sorted {
    pub(crate) fn run(&self, s: &mut Store<'_>) -> Result<(), Fail> {
        let gap = i64::from(self.strict);
        let mut lo = i64::MIN;
        for (i, &x) in self.xs.iter().enumerate() {
            if i > 0 {
                // Past i64::MAX, no value is left for x.
                s.set_min(x, lo.checked_add(gap).ok_or(Fail)?)?;
            }
            lo = s.min(x);
        }
        let mut hi = i64::MAX;
        for (i, &x) in self.xs.iter().enumerate().rev() {
            if i + 1 < self.xs.len() {
                s.set_max(x, hi.checked_sub(gap).ok_or(Fail)?)?;
            }
            hi = s.max(x);
        }
        Ok(())
    }
}
