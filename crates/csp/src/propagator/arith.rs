//! Arithmetic on bounds: `z = x * y`, `y = |x|`, `z = min(xs)` and
//! `z = max(xs)`. Each narrows every bound to the interval the others
//! allow (products in 128 bits, so nothing overflows), and is exact once
//! its arguments are fixed.

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

    /// `a = z / b` on bounds, when `b` cannot be 0.
    fn divide(&self, s: &mut Store<'_>, a: u32, b: u32) -> Result<bool, Fail> {
        let ((zl, zh), (bl, bh)) = (bounds(s, self.z), bounds(s, b));
        if bl <= 0 && 0 <= bh {
            return Ok(false);
        }
        // The quotients at the corners: the smallest rounded up, the
        // largest down.
        let mut lo = i128::MAX;
        let mut hi = i128::MIN;
        for zc in [zl, zh] {
            for bc in [bl, bh] {
                lo = lo.min(ceil(zc, bc));
                hi = hi.max(floor(zc, bc));
            }
        }
        clamp(s, a, lo, hi)
    }
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
            let (xl, xh) = bounds(s, self.x);
            if s.is_interval(self.x) {
                // No holes: only a bound inside the gap moves, past it.
                if -yl < xl && xl < yl {
                    changed |= clamp(s, self.x, yl, xh)?;
                }
                let (xl, xh) = bounds(s, self.x);
                if -yl < xh && xh < yl {
                    changed |= clamp(s, self.x, xl, -yl)?;
                }
            } else {
                // A bitset spans at most MAX_DOMAIN values.
                for v in xl.max(1 - yl)..=xh.min(yl - 1) {
                    if s.contains(self.x, v as i64) {
                        s.remove(self.x, v as i64)?;
                        changed = true;
                    }
                }
            }
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
            for &v in self.xs.iter() {
                changed |= set(s, v, zl, i64::MAX as i128)?;
            }
            // Only one can still be as small as z's largest: it must be.
            let mut low_enough = self.xs.iter().filter(|&&v| low(s, v) <= zh);
            if let (Some(&only), None) = (low_enough.next(), low_enough.next()) {
                changed |= set(s, only, i64::MIN as i128, zh)?;
            }
            if !changed {
                return Ok(());
            }
        }
    }
}
