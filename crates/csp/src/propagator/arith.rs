//! Arithmetic on bounds: `z = x * y` (`z = x * x` by square roots),
//! `y = |x|`, `z = min(xs)` and `z = max(xs)`. Each narrows every bound to
//! the interval the others allow (products in 128 bits, so nothing
//! overflows), and is exact once its arguments are fixed.

use crate::domain::{Fail, Store};

/// `z = x * y`.
#[derive(Clone, Debug)]
pub(crate) struct Times {
    pub(crate) x: u32,
    pub(crate) y: u32,
    pub(crate) z: u32,
}

/// `y = |x|`.
#[derive(Clone, Debug)]
pub(crate) struct Abs {
    pub(crate) x: u32,
    pub(crate) y: u32,
}

/// `z = min(xs)`, or `z = max(xs)` when `max`.
#[derive(Clone, Debug)]
pub(crate) struct Extreme {
    pub(crate) xs: Box<[u32]>,
    pub(crate) z: u32,
    pub(crate) max: bool,
}

/// `floor(a / b)` and `ceil(a / b)` for `b != 0`, in 128 bits.
fn floor(a: i128, b: i128) -> i128 {
    let q = a / b;
    if a % b != 0 && ((a < 0) != (b < 0)) {
        q - 1
    } else {
        q
    }
}

fn ceil(a: i128, b: i128) -> i128 {
    let q = a / b;
    if a % b != 0 && ((a < 0) == (b < 0)) {
        q + 1
    } else {
        q
    }
}

/// Narrows `v` to `lo..=hi`, bounds given in 128 bits.
fn clamp(s: &mut Store<'_>, v: u32, lo: i128, hi: i128) -> Result<bool, Fail> {
    let fit = |x: i128| x.clamp(i64::MIN as i128, i64::MAX as i128) as i64;
    if lo > hi {
        return Err(Fail);
    }
    Ok(s.set_min(v, fit(lo))? | s.set_max(v, fit(hi))?)
}

pub(super) fn bounds(s: &Store<'_>, v: u32) -> (i128, i128) {
    (s.min(v) as i128, s.max(v) as i128)
}

impl Times {
    pub(crate) fn run(&self, s: &mut Store<'_>) -> Result<(), Fail> {
        if self.x == self.y {
            return square(s, self.x, self.z);
        }
        loop {
            let ((xl, xh), (yl, yh)) = (bounds(s, self.x), bounds(s, self.y));
            let corners = [xl * yl, xl * yh, xh * yl, xh * yh];
            let lo = corners.iter().copied().min().unwrap_or(0);
            let hi = corners.iter().copied().max().unwrap_or(0);
            let mut changed = clamp(s, self.z, lo, hi)?;
            changed |= self.divide(s, self.x, self.y)?;
            changed |= self.divide(s, self.y, self.x)?;
            if !changed {
                return Ok(());
            }
        }
    }

    /// `a = z / b` on bounds: over each sign of `b` (0 left out), the
    /// quotients at the corners, the smallest rounded up and the largest
    /// down. When `z` cannot be 0, neither can `a` (nor `b`), and `a` is
    /// bounded even by a `b` that spans 0; when both `z` and `b` can be 0,
    /// `a` can be anything.
    fn divide(&self, s: &mut Store<'_>, a: u32, b: u32) -> Result<bool, Fail> {
        let ((zl, zh), (bl, bh)) = (bounds(s, self.z), bounds(s, b));
        let z_zero = zl <= 0 && 0 <= zh;
        if z_zero && bl <= 0 && 0 <= bh {
            return Ok(false);
        }
        let mut lo = i128::MAX;
        let mut hi = i128::MIN;
        for (pl, ph) in [(bl, bh.min(-1)), (bl.max(1), bh)] {
            if pl > ph {
                continue;
            }
            for zc in [zl, zh] {
                for bc in [pl, ph] {
                    lo = lo.min(ceil(zc, bc));
                    hi = hi.max(floor(zc, bc));
                }
            }
        }
        let mut changed = clamp(s, a, lo, hi)?;
        if !z_zero && s.contains(a, 0) {
            s.remove(a, 0)?;
            changed |= !s.contains(a, 0);
        }
        Ok(changed)
    }
}

/// `z = x * x`: `z` within the squares of `x`'s bounds (from 0 when `x`
/// spans 0), `|x|` between the square roots of `z`'s bounds, rounded
/// inward, and nothing of `x` strictly inside the smaller root.
fn square(s: &mut Store<'_>, x: u32, z: u32) -> Result<(), Fail> {
    loop {
        let (xl, xh) = bounds(s, x);
        let (lo, hi) = if xl >= 0 {
            (xl * xl, xh * xh)
        } else if xh <= 0 {
            (xh * xh, xl * xl)
        } else {
            (0, (xl * xl).max(xh * xh))
        };
        let mut changed = clamp(s, z, lo, hi)?;
        let (zl, zh) = bounds(s, z);
        // zh >= 0 here: z's bounds are within the squares'.
        let most = zh.unsigned_abs().isqrt() as i128;
        let least = {
            let r = zl.max(0).unsigned_abs().isqrt() as i128;
            if r * r < zl { r + 1 } else { r }
        };
        changed |= clamp(s, x, -most, most)?;
        changed |= outside(s, x, least)?;
        if !changed {
            return Ok(());
        }
    }
}

/// Removes from `v` every value strictly between `-least` and `least`.
fn outside(s: &mut Store<'_>, v: u32, least: i128) -> Result<bool, Fail> {
    if least <= 0 {
        return Ok(false);
    }
    let mut changed = false;
    let (vl, vh) = bounds(s, v);
    if s.is_interval(v) {
        // No holes: only a bound inside the gap moves, past it.
        if -least < vl && vl < least {
            changed |= clamp(s, v, least, vh)?;
        }
        let (vl, vh) = bounds(s, v);
        if -least < vh && vh < least {
            changed |= clamp(s, v, vl, -least)?;
        }
    } else {
        // A bitset spans at most MAX_DOMAIN values.
        for value in vl.max(1 - least)..=vh.min(least - 1) {
            if s.contains(v, value as i64) {
                s.remove(v, value as i64)?;
                changed = true;
            }
        }
    }
    Ok(changed)
}

impl Abs {
    pub(crate) fn vars(&self) -> Vec<u32> {
        if self.x == self.y {
            vec![self.x]
        } else {
            vec![self.x, self.y]
        }
    }

    pub(crate) fn run(&self, s: &mut Store<'_>) -> Result<(), Fail> {
        loop {
            let (xl, xh) = bounds(s, self.x);
            let (lo, hi) = if xl >= 0 {
                (xl, xh)
            } else if xh <= 0 {
                (-xh, -xl)
            } else {
                (0, (-xl).max(xh))
            };
            let mut changed = clamp(s, self.y, lo, hi)?;
            let (yl, yh) = bounds(s, self.y);
            changed |= clamp(s, self.x, -yh, yh)?;
            // Nothing strictly between -yl and yl.
            changed |= outside(s, self.x, yl)?;
            if !changed {
                return Ok(());
            }
        }
    }
}

impl Extreme {
    pub(crate) fn run(&self, s: &mut Store<'_>) -> Result<(), Fail> {
        // max(xs) is -min(-xs): read every bound through the sign.
        let sign: i128 = if self.max { -1 } else { 1 };
        let low = |s: &Store<'_>, v: u32| {
            let (l, h) = bounds(s, v);
            if sign > 0 { l } else { -h }
        };
        let high = |s: &Store<'_>, v: u32| {
            let (l, h) = bounds(s, v);
            if sign > 0 { h } else { -l }
        };
        let set = |s: &mut Store<'_>, v: u32, lo: i128, hi: i128| {
            if sign > 0 {
                clamp(s, v, lo, hi)
            } else {
                clamp(s, v, -hi, -lo)
            }
        };
        loop {
            let lo = self.xs.iter().map(|&v| low(s, v)).min().ok_or(Fail)?;
            let hi = self.xs.iter().map(|&v| high(s, v)).min().ok_or(Fail)?;
            let mut changed = set(s, self.z, lo, hi)?;
            let (zl, zh) = (low(s, self.z), high(s, self.z));
            // Past every i64 in the signed order: for max, -i64::MIN is one
            // more than i64::MAX, and must stay allowed.
            const PAST: i128 = 1 << 64;
            for &v in self.xs.iter() {
                changed |= set(s, v, zl, PAST)?;
            }
            // Only one can still be as small as z's largest: it must be.
            let mut low_enough = self.xs.iter().filter(|&&v| low(s, v) <= zh);
            if let (Some(&only), None) = (low_enough.next(), low_enough.next()) {
                changed |= set(s, only, -PAST, zh)?;
            }
            if !changed {
                return Ok(());
            }
        }
    }
}
