//! `x = y + c` on domains: each keeps the values the other has, shifted.

use crate::domain::{Fail, Store};

/// `x = y + c`, domain consistent when both are bitsets (an interval is
/// left to the linear propagator posted beside it, on bounds).
#[derive(Clone, Debug)]
pub(crate) struct Shift {
    pub(crate) x: u32,
    pub(crate) y: u32,
    pub(crate) c: i64,
}

impl Shift {
    /// One pass each way is a fixpoint: once `x` keeps only values `v`
    /// with `v - c` in `y`, `y` losing the values `w` without `w + c` in
    /// `x` leaves every such `v - c` in place.
    pub(crate) fn run(&self, s: &mut Store<'_>) -> Result<(), Fail> {
        if s.is_interval(self.x) || s.is_interval(self.y) {
            return Ok(());
        }
        keep_shifted(s, self.x, self.y, self.c)?;
        match self.c.checked_neg() {
            Some(back) => keep_shifted(s, self.y, self.x, back),
            // c = i64::MIN: x = y + c needs y >= 0 and x < 0; the linear
            // beside it keeps the bounds, nothing is lost here.
            None => Ok(()),
        }
    }
}

/// `a` keeps the values `v` with `v - shift` in `b` (two bitsets).
fn keep_shifted(s: &mut Store<'_>, a: u32, b: u32, shift: i64) -> Result<(), Fail> {
    for v in s.min(a)..=s.max(a) {
        if s.contains(a, v) && !v.checked_sub(shift).is_some_and(|w| s.contains(b, w)) {
            s.remove(a, v)?;
        }
    }
    Ok(())
}
