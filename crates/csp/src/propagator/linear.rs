//! Linear sums: bounds propagation of `<=` and `==`, and `!=` once one
//! variable is left.

use super::Linear;
use crate::domain::{Fail, Store};

/// `floor(a / b)` for `b != 0`.
#[inline]
pub(super) fn div_floor(a: i128, b: i128) -> i128 {
    // The common cases without a 128-bit division, which is a call.
    if b == 1 {
        return a;
    }
    if b == -1 {
        // The sums stay within 2^125: negating one cannot overflow.
        return -a;
    }
    if let (Ok(a), Ok(b)) = (i64::try_from(a), i64::try_from(b))
        && b != -1
    {
        let q = a / b;
        let floor = if a % b != 0 && ((a < 0) != (b < 0)) {
            q - 1
        } else {
            q
        };
        return i128::from(floor);
    }
    let q = a / b;
    if a % b != 0 && ((a < 0) != (b < 0)) {
        q - 1
    } else {
        q
    }
}

/// `ceil(a / b)` for `b != 0`.
#[inline]
pub(super) fn div_ceil(a: i128, b: i128) -> i128 {
    if b == 1 {
        return a;
    }
    if b == -1 {
        // The sums stay within 2^125: negating one cannot overflow.
        return -a;
    }
    if let (Ok(a), Ok(b)) = (i64::try_from(a), i64::try_from(b))
        && b != -1
    {
        let q = a / b;
        let ceil = if a % b != 0 && ((a < 0) == (b < 0)) {
            q + 1
        } else {
            q
        };
        return i128::from(ceil);
    }
    let q = a / b;
    if a % b != 0 && ((a < 0) == (b < 0)) {
        q + 1
    } else {
        q
    }
}

/// `v <= hi` for a bound in 128 bits: below every `i64` nothing is left,
/// above them all nothing goes.
fn at_most(s: &mut Store<'_>, v: u32, hi: i128) -> Result<bool, Fail> {
    match i64::try_from(hi) {
        Ok(hi) => s.set_max(v, hi),
        Err(_) if hi < 0 => Err(Fail),
        Err(_) => Ok(false),
    }
}

/// `v >= lo` for a bound in 128 bits.
fn at_least(s: &mut Store<'_>, v: u32, lo: i128) -> Result<bool, Fail> {
    match i64::try_from(lo) {
        Ok(lo) => s.set_min(v, lo),
        Err(_) if lo > 0 => Err(Fail),
        Err(_) => Ok(false),
    }
}

/// The smallest and largest values of `a * v`, in 128 bits.
#[inline]
pub(super) fn term(s: &Store<'_>, a: i64, v: u32) -> (i128, i128) {
    let (lo, hi) = (i128::from(s.min(v)), i128::from(s.max(v)));
    match a {
        1 => (lo, hi),
        -1 => (-hi, -lo),
        _ => {
            let (x, y) = (i128::from(a) * lo, i128::from(a) * hi);
            (x.min(y), x.max(y))
        }
    }
}

/// Bounds propagation of `sum <= rhs` (and `>= rhs` too for `==`), to a
/// fixpoint of its own so it is not woken again by its own changes. The
/// sums are in 128 bits: the model checked that the terms' largest
/// magnitudes and `rhs` add up to at most 2^125, so every sum formed here,
/// of up to three such totals, fits.
pub(super) fn bounds(s: &mut Store<'_>, l: &Linear) -> Result<(), Fail> {
    let eq = l.rel == crate::Rel::Eq;
    let rhs = l.rhs as i128;
    loop {
        let (mut lo_sum, mut hi_sum) = (0i128, 0i128);
        for (&v, &a) in l.vars.iter().zip(&l.coefs) {
            let (x, y) = term(s, a, v);
            lo_sum += x;
            hi_sum += y;
        }
        if lo_sum > rhs || (eq && hi_sum < rhs) {
            return Err(Fail);
        }
        let mut changed = false;
        for (&v, &a) in l.vars.iter().zip(&l.coefs) {
            let (term_lo, term_hi) = term(s, a, v);
            let c = a as i128;
            // a * v <= rhs - (lo_sum - term_lo)
            let upper = rhs - (lo_sum - term_lo);
            changed |= if a > 0 {
                at_most(s, v, div_floor(upper, c))?
            } else {
                at_least(s, v, div_ceil(upper, c))?
            };
            if eq {
                // a * v >= rhs - (hi_sum - term_hi)
                let lower = rhs - (hi_sum - term_hi);
                changed |= if a > 0 {
                    at_least(s, v, div_ceil(lower, c))?
                } else {
                    at_most(s, v, div_floor(lower, c))?
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
    let mut sum = 0i128;
    for (&v, &a) in l.vars.iter().zip(&l.coefs) {
        match s.fixed_value(v) {
            Some(x) => sum += a as i128 * x as i128,
            None if open.is_none() => open = Some((v, a)),
            None => return Ok(()),
        }
    }
    match open {
        None if sum == l.rhs as i128 => Err(Fail),
        None => Ok(()),
        Some((v, a)) => {
            let rest = l.rhs as i128 - sum;
            match i64::try_from(rest / a as i128) {
                Ok(value) if rest % a as i128 == 0 => s.remove(v, value),
                _ => Ok(()),
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::{div_ceil, div_floor};

    /// Floor and ceiling by the definition: the integers next to the
    /// quotient, found by multiplying back.
    fn by_definition(a: i128, b: i128) -> (i128, i128) {
        let q = a / b; // toward zero: floor or ceiling, the other is q -+ 1
        let floor = if q * b > a && b > 0 || q * b < a && b < 0 {
            q - 1
        } else {
            q
        };
        let ceil = if floor * b == a { floor } else { floor + 1 };
        (floor, ceil)
    }

    #[test]
    fn the_quotients_without_128_bit_division_are_floor_and_ceiling() {
        let big = 1i128 << 100;
        let values = [
            0,
            1,
            -1,
            2,
            -2,
            7,
            -7,
            63,
            -64,
            i128::from(i64::MAX),
            i128::from(i64::MIN),
            i128::from(i64::MIN) - 1,
            big,
            -big,
        ];
        for &a in &values {
            for &b in &values {
                if b == 0 {
                    continue;
                }
                assert_eq!(
                    (div_floor(a, b), div_ceil(a, b)),
                    by_definition(a, b),
                    "{a} / {b}"
                );
            }
        }
    }
}
