//! Linear sums: bounds propagation of `<=` and `==` (an equality also
//! fails when the gcd of its open coefficients does not divide its
//! constant), and `!=` once one variable is left.

use super::Linear;
use crate::domain::{Fail, Store};

/// `a / b` rounded toward zero, and the remainder, for `b` not 0 or -1:
/// in 64 bits when both fit, as the common cases do (a 128-bit division is
/// a call).
#[inline]
fn quot_rem(a: i128, b: i128) -> (i128, i128) {
    match (i64::try_from(a), i64::try_from(b)) {
        (Ok(a), Ok(b)) => (i128::from(a / b), i128::from(a % b)),
        _ => (a / b, a % b),
    }
}

/// `floor(a / b)` for `b != 0`.
#[inline]
pub(super) fn div_floor(a: i128, b: i128) -> i128 {
    match b {
        1 => a,
        // The sums stay within 2^125: negating one cannot overflow.
        -1 => -a,
        _ => {
            let (q, r) = quot_rem(a, b);
            if r != 0 && (r < 0) != (b < 0) {
                q - 1
            } else {
                q
            }
        }
    }
}

/// `ceil(a / b)` for `b != 0`.
#[inline]
pub(super) fn div_ceil(a: i128, b: i128) -> i128 {
    match b {
        1 => a,
        -1 => -a,
        _ => {
            let (q, r) = quot_rem(a, b);
            if r != 0 && (r < 0) == (b < 0) {
                q + 1
            } else {
                q
            }
        }
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
    scaled(a, (s.min(v), s.max(v)))
}

/// `a * (lo..=hi)`'s smallest and largest values, in 128 bits.
#[inline(always)]
fn scaled(a: i64, (lo, hi): (i64, i64)) -> (i128, i128) {
    let (lo, hi) = (i128::from(lo), i128::from(hi));
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
///
/// Same result as narrowing every term against the others' sums until
/// nothing changes, faster: a pass reads each bound once, narrows a domain
/// only where its bound is outside the others' sums, and a second pass runs
/// only when a narrowing fell short of the bound it aimed at (a hole in a
/// bitset, or a coefficient that does not divide). Otherwise the new bounds
/// are the projections of the constraint within the old box on each
/// variable, and within the new box the projections are the same: nothing
/// is left to narrow.
pub(super) fn bounds(s: &mut Store<'_>, l: &Linear) -> Result<(), Fail> {
    let n = l.vars.len();
    // A length known to each copy, so that its loops unroll.
    match n {
        1 => return bounds_with(s, l, &mut [0; 2]),
        2 => return bounds_with(s, l, &mut [0; 4]),
        3 => return bounds_with(s, l, &mut [0; 6]),
        4 => return bounds_with(s, l, &mut [0; 8]),
        _ => {}
    }
    let mut seen = std::mem::take(&mut s.st.values);
    seen.resize(2 * n, 0);
    let result = bounds_with(s, l, &mut seen);
    s.st.values = seen;
    result
}

/// [`bounds`] with room for the variables' bounds during a pass, two
/// values for each.
#[inline(always)]
fn bounds_with(s: &mut Store<'_>, l: &Linear, seen: &mut [i64]) -> Result<(), Fail> {
    let eq = l.rel == crate::Rel::Eq;
    let rhs = l.rhs;
    loop {
        let (mut lo_sum, mut hi_sum) = (0i128, 0i128);
        for ((&v, &a), b) in l.vars.iter().zip(&l.coefs).zip(seen.chunks_exact_mut(2)) {
            (b[0], b[1]) = (s.min(v), s.max(v));
            let (x, y) = scaled(a, (b[0], b[1]));
            lo_sum += x;
            hi_sum += y;
        }
        if lo_sum > rhs || (eq && hi_sum < rhs) {
            return Err(Fail);
        }
        if !eq && hi_sum <= rhs {
            // Every combination fits: nothing to narrow, now or below.
            s.entail();
            return Ok(());
        }
        let mut again = false;
        for ((&v, &a), b) in l.vars.iter().zip(&l.coefs).zip(seen.chunks_exact(2)) {
            let (term_lo, term_hi) = scaled(a, (b[0], b[1]));
            // a * v <= rhs - (lo_sum - term_lo)
            let upper = rhs - (lo_sum - term_lo);
            if term_hi > upper {
                again |= !narrow_term_to_at_most(s, v, a, upper)?;
            }
            if eq {
                // a * v >= rhs - (hi_sum - term_hi)
                let lower = rhs - (hi_sum - term_hi);
                if term_lo < lower {
                    again |= !narrow_term_to_at_least(s, v, a, lower)?;
                }
            }
        }
        if !again {
            return Ok(());
        }
        // A narrowing fell short of its aim. Of an equality, that may be
        // a gcd of the open terms' coefficients that does not divide what
        // they must sum to: no bound would ever meet it, and the passes
        // would shave one value each.
        if eq {
            divides(s, l)?;
        }
    }
}

/// Fails when the gcd of the unfixed terms' coefficients does not divide
/// `rhs` less the fixed terms: no integers reach it.
#[cold]
#[inline(never)]
fn divides(s: &Store<'_>, l: &Linear) -> Result<(), Fail> {
    // Sums of 1s and -1s only (most of them) have a gcd of 1: not worth
    // reading their variables.
    if l.coefs.iter().all(|a| a.unsigned_abs() == 1) {
        return Ok(());
    }
    let mut g = 0u128;
    for (&v, &a) in l.vars.iter().zip(&l.coefs) {
        if s.fixed_value(v).is_none() {
            g = gcd(g, i128::from(a).unsigned_abs());
            // 1 divides anything: most sums stop at their first term.
            if g == 1 {
                return Ok(());
            }
        }
    }
    let mut rest = l.rhs;
    for (&v, &a) in l.vars.iter().zip(&l.coefs) {
        if let Some(x) = s.fixed_value(v) {
            rest -= i128::from(a) * i128::from(x);
        }
    }
    if g > 1 && !rest.unsigned_abs().is_multiple_of(g) {
        return Err(Fail);
    }
    Ok(())
}

fn gcd(mut a: u128, mut b: u128) -> u128 {
    while b != 0 {
        (a, b) = (b, a % b);
    }
    a
}

/// `a * v <= upper`, which the domain does not satisfy yet; says whether
/// `a * v` can now reach `upper` exactly.
#[inline]
fn narrow_term_to_at_most(s: &mut Store<'_>, v: u32, a: i64, upper: i128) -> Result<bool, Fail> {
    let c = i128::from(a);
    if a > 0 {
        at_most(s, v, div_floor(upper, c))?;
        Ok(c * i128::from(s.max(v)) == upper)
    } else {
        at_least(s, v, div_ceil(upper, c))?;
        Ok(c * i128::from(s.min(v)) == upper)
    }
}

/// `a * v >= lower`, which the domain does not satisfy yet; says whether
/// `a * v` can now reach `lower` exactly.
#[inline]
fn narrow_term_to_at_least(s: &mut Store<'_>, v: u32, a: i64, lower: i128) -> Result<bool, Fail> {
    let c = i128::from(a);
    if a > 0 {
        at_least(s, v, div_ceil(lower, c))?;
        Ok(c * i128::from(s.min(v)) == lower)
    } else {
        at_most(s, v, div_floor(lower, c))?;
        Ok(c * i128::from(s.max(v)) == lower)
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
        None if sum == l.rhs => Err(Fail),
        None => Ok(()),
        Some((v, a)) => {
            let rest = l.rhs - sum;
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
