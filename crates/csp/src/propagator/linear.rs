//! Linear sums: bounds propagation of `<=` and `==`, and `!=` once one
//! variable is left.

use super::Linear;
use crate::network::{Fail, Store};

/// `floor(a / b)` for `b != 0`.
pub(super) fn div_floor(a: i64, b: i64) -> i64 {
    let q = a / b;
    if a % b != 0 && ((a < 0) != (b < 0)) {
        q - 1
    } else {
        q
    }
}

/// `ceil(a / b)` for `b != 0`.
pub(super) fn div_ceil(a: i64, b: i64) -> i64 {
    let q = a / b;
    if a % b != 0 && ((a < 0) == (b < 0)) {
        q + 1
    } else {
        q
    }
}

/// Bounds propagation of `sum <= rhs` (and `>= rhs` too for `==`), to a
/// fixpoint of its own so it is not woken again by its own changes.
pub(super) fn bounds(s: &mut Store<'_>, l: &Linear) -> Result<(), Fail> {
    let eq = l.rel == crate::Rel::Eq;
    loop {
        // Every partial sum here is at most the model's checked total.
        let (mut lo_sum, mut hi_sum) = (0i64, 0i64);
        for (&v, &a) in l.vars.iter().zip(&l.coefs) {
            let (lo, hi) = (s.min(v), s.max(v));
            let (x, y) = (a * lo, a * hi);
            lo_sum += x.min(y);
            hi_sum += x.max(y);
        }
        if lo_sum > l.rhs || (eq && hi_sum < l.rhs) {
            return Err(Fail);
        }
        let mut changed = false;
        for (&v, &a) in l.vars.iter().zip(&l.coefs) {
            let (lo, hi) = (s.min(v), s.max(v));
            let (x, y) = (a * lo, a * hi);
            let (term_lo, term_hi) = (x.min(y), x.max(y));
            // a * v <= rhs - (lo_sum - term_lo)
            let upper = l.rhs - (lo_sum - term_lo);
            changed |= if a > 0 {
                s.set_max(v, div_floor(upper, a))?
            } else {
                s.set_min(v, div_ceil(upper, a))?
            };
            if eq {
                // a * v >= rhs - (hi_sum - term_hi)
                let lower = l.rhs - (hi_sum - term_hi);
                changed |= if a > 0 {
                    s.set_min(v, div_ceil(lower, a))?
                } else {
                    s.set_max(v, div_floor(lower, a))?
                };
            }
        }
        if !changed {
            return Ok(());
        }
    }
}

/// `sum != rhs`: once one variable is left, it loses the value that would
/// make the sum equal; with none left, the sum is checked.
pub(super) fn not_equal_sum(s: &mut Store<'_>, l: &Linear) -> Result<(), Fail> {
    let mut open = None;
    let mut sum = 0i64;
    for (&v, &a) in l.vars.iter().zip(&l.coefs) {
        match s.fixed_value(v) {
            Some(x) => sum += a * x,
            None if open.is_none() => open = Some((v, a)),
            None => return Ok(()),
        }
    }
    match open {
        None if sum == l.rhs => Err(Fail),
        None => Ok(()),
        Some((v, a)) => {
            let rest = l.rhs - sum;
            if rest % a == 0 {
                s.remove(v, rest / a)
            } else {
                Ok(())
            }
        }
    }
}
