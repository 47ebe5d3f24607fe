//! Integer division: `z = x div y`, rounded toward zero, and `z = x mod y`,
//! the remainder with the sign of `x` (`x = y * (x div y) + x mod y`), as
//! FlatZinc's `int_div` and `int_mod`. `y` is never 0.
//!
//! Propagation: `y` value by value, `x` and `z` on bounds. For each value
//! of `y`, the `x` of `x`'s bounds whose quotient (or remainder) lies in
//! `z`'s bounds form an interval (for `div`) or at most two runs of
//! intervals whose ends are found by arithmetic (for `mod`): a value of `y`
//! none of them reaches leaves, and the hulls over the values left are
//! `x`'s and `z`'s new bounds. Exact once `x` and `y` are fixed. A `y` of
//! more values than a bitset holds is never stepped through: each of its
//! signs is an interval of divisors, reasoned about by its bounds (in
//! `wide`), in time independent of its width. All in 128 bits: nothing
//! overflows.

mod wide;

use super::arith::bounds;
use crate::domain::{Fail, Store};

/// `z = x div y`, or `z = x mod y` when `modulo`.
#[derive(Clone, Debug)]
pub(crate) struct Divide {
    pub(crate) x: u32,
    pub(crate) y: u32,
    pub(crate) z: u32,
    pub(crate) modulo: bool,
}

/// An interval of 128-bit integers, possibly empty (`lo > hi`).
type Span = (i128, i128);

fn hull(a: Option<Span>, b: Span) -> Option<Span> {
    if b.0 > b.1 {
        return a;
    }
    Some(a.map_or(b, |a| (a.0.min(b.0), a.1.max(b.1))))
}

/// The `x` with `x div y` in `[a, b]`, for `y > 0`.
fn quotient_in(a: i128, b: i128, y: i128) -> Span {
    // x div y >= a: x >= a*y when a > 0; x > (a - 1)*y when a <= 0.
    let lo = if a > 0 { a * y } else { (a - 1) * y + 1 };
    // x div y <= b: x < (b + 1)*y when b >= 0; x <= b*y when b < 0.
    let hi = if b >= 0 { (b + 1) * y - 1 } else { b * y };
    (lo, hi)
}

/// The smallest and largest `x >= 0` of `[lo, hi]` whose remainder by
/// `m > 0` is in `[a, b]`, with `0 <= a <= b < m`.
fn remainder_in(lo: i128, hi: i128, m: i128, a: i128, b: i128) -> Option<Span> {
    if lo > hi {
        return None;
    }
    let (q, r) = (lo / m, lo % m);
    let first = if r < a {
        q * m + a
    } else if r <= b {
        lo
    } else {
        (q + 1) * m + a
    };
    let (q, r) = (hi / m, hi % m);
    let last = if r > b {
        q * m + b
    } else if r >= a {
        hi
    } else {
        (q - 1) * m + b
    };
    (first <= last).then_some((first, last))
}

/// The remainders by `m > 0` of the `x` of `[lo, hi]`, as an interval.
fn remainders(lo: i128, hi: i128, m: i128) -> Span {
    let nonneg = |lo: i128, hi: i128| {
        if lo / m == hi / m {
            (lo % m, hi % m)
        } else {
            (0, m - 1)
        }
    };
    if lo >= 0 {
        nonneg(lo, hi)
    } else if hi <= 0 {
        let (a, b) = nonneg(-hi, -lo);
        (-b, -a)
    } else {
        (-(m - 1).min(-lo), (m - 1).min(hi))
    }
}

/// The most values of `y` tried one by one; a wider `y` (an interval) is
/// reasoned about by its bounds (see [`Divide::wide`]).
const BY_VALUE: u64 = crate::domain::MAX_DOMAIN as u64;

impl Divide {
    pub(crate) fn run(&self, s: &mut Store<'_>) -> Result<(), Fail> {
        s.remove(self.y, 0)?;
        loop {
            let changed = if s.is_interval(self.y) && s.interval_size(self.y) > BY_VALUE {
                self.wide(s)?
            } else {
                self.by_value(s)?
            };
            if !changed {
                return Ok(());
            }
        }
    }

    /// One round with `y` value by value; says whether a domain changed.
    fn by_value(&self, s: &mut Store<'_>) -> Result<bool, Fail> {
        let ((xl, xh), (zl, zh)) = (bounds(s, self.x), bounds(s, self.z));
        let ys: Vec<i64> = (s.min(self.y)..=s.max(self.y))
            .filter(|&v| s.contains(self.y, v))
            .collect();
        let (mut xs, mut zs) = (None, None);
        let mut changed = false;
        for y in ys {
            let found = if self.modulo {
                modulo(i128::from(y), (xl, xh), (zl, zh))
            } else {
                divide(i128::from(y), (xl, xh), (zl, zh))
            };
            match found {
                Some((x, z)) => {
                    xs = hull(xs, x);
                    zs = hull(zs, z);
                }
                None => {
                    // Inside an interval, a value stays: only bounds move.
                    s.remove(self.y, y)?;
                    changed |= !s.contains(self.y, y);
                }
            }
        }
        let ((xlo, xhi), (zlo, zhi)) = (xs.ok_or(Fail)?, zs.ok_or(Fail)?);
        // Within the old bounds, so in i64.
        changed |= s.set_min(self.x, xlo as i64)? | s.set_max(self.x, xhi as i64)?;
        changed |= s.set_min(self.z, zlo as i64)? | s.set_max(self.z, zhi as i64)?;
        Ok(changed)
    }

    /// One round for a `y` too wide to try value by value: each sign of
    /// `y` as an interval of divisors, by bounds alone (see `wide`).
    fn wide(&self, s: &mut Store<'_>) -> Result<bool, Fail> {
        let (xs, (yl, yh), zs) = (bounds(s, self.x), bounds(s, self.y), bounds(s, self.z));
        let parts = [(yl, yh.min(-1)), (yl.max(1), yh)];
        let (mut new_x, mut new_y, mut new_z) = (None, None, None);
        for part in parts.into_iter().filter(|p| p.0 <= p.1) {
            let found = if self.modulo {
                wide::modulo(part, xs, zs)
            } else {
                wide::divide(part, xs, zs)
            };
            if let Some((x, y, z)) = found {
                new_x = hull(new_x, x);
                new_y = hull(new_y, y);
                new_z = hull(new_z, z);
            }
        }
        let (Some(x), Some(y), Some(z)) = (new_x, new_y, new_z) else {
            return Err(Fail);
        };
        // Each within the old bounds, so in i64.
        let mut changed = false;
        for (v, (lo, hi)) in [(self.x, x), (self.y, y), (self.z, z)] {
            changed |= s.set_min(v, lo as i64)? | s.set_max(v, hi as i64)?;
        }
        Ok(changed)
    }
}

/// For one `y != 0`: the hull of the `x` in `xs` with `x div y` in `zs`,
/// and of their quotients; `None` if there is no such `x`.
fn divide(y: i128, (xl, xh): Span, (zl, zh): Span) -> Option<(Span, Span)> {
    // x div y = (-x) div (-y): with y < 0, solve for -x.
    let (lo, hi) = if y > 0 {
        quotient_in(zl, zh, y)
    } else {
        let (lo, hi) = quotient_in(zl, zh, -y);
        (-hi, -lo)
    };
    let (lo, hi) = (lo.max(xl), hi.min(xh));
    if lo > hi {
        return None;
    }
    // The quotient is monotone in x for a fixed y.
    let (a, b) = (lo / y, hi / y);
    Some(((lo, hi), (a.min(b), a.max(b))))
}

/// For one `y != 0`: the hull of the `x` in `xs` with `x mod y` in `zs`,
/// and of the remainders that `xs` reaches within `zs`; `None` if there
/// is no such `x`.
fn modulo(y: i128, (xl, xh): Span, (zl, zh): Span) -> Option<(Span, Span)> {
    let m = y.abs();
    // x >= 0 has a remainder in [0, m - 1]; x < 0, -x's negated.
    let mut xs = None;
    let (a, b) = (zl.max(0), zh.min(m - 1));
    if a <= b
        && let Some(found) = remainder_in(xl.max(0), xh, m, a, b)
    {
        xs = hull(xs, found);
    }
    let (a, b) = ((-zh).max(0), (-zl).min(m - 1));
    if a <= b
        && let Some((first, last)) = remainder_in((-xh).max(1), -xl, m, a, b)
    {
        xs = hull(xs, (-last, -first));
    }
    let xs = xs?;
    let (rl, rh) = remainders(xl, xh, m);
    Some((xs, (rl.max(zl), rh.min(zh))))
}

#[cfg(test)]
mod tests {
    use super::{divide, modulo};

    /// The hulls by trying every `x`.
    fn by_hand(y: i128, xs: (i128, i128), zs: (i128, i128), modulo: bool) -> Option<(i128, i128)> {
        let good: Vec<i128> = (xs.0..=xs.1)
            .filter(|&x| {
                let z = if modulo { x % y } else { x / y };
                zs.0 <= z && z <= zs.1
            })
            .collect();
        Some((*good.first()?, *good.last()?))
    }

    #[test]
    fn the_x_hull_is_that_of_every_x_tried() {
        for y in (-5..=5).filter(|&y| y != 0) {
            for xl in -9..=9 {
                for xh in xl..=9 {
                    for zl in -4..=4 {
                        for zh in zl..=4 {
                            let (xs, zs) = ((xl, xh), (zl, zh));
                            let d = divide(y, xs, zs).map(|(x, _)| x);
                            assert_eq!(d, by_hand(y, xs, zs, false), "div y={y} {xs:?} {zs:?}");
                            let m = modulo(y, xs, zs).map(|(x, _)| x);
                            assert_eq!(m, by_hand(y, xs, zs, true), "mod y={y} {xs:?} {zs:?}");
                        }
                    }
                }
            }
        }
    }
}
