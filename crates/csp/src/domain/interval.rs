//! Interval domains: a wide variable's two bounds, read and narrowed
//! through the same words, trail and copies as the bitsets. An interval
//! has no holes: removing a value inside it does nothing, removing a bound
//! moves it.

use super::state::{Fail, interval};
use super::store::Store;

impl Store<'_> {
    /// Whether `v`'s domain is an interval rather than a bitset.
    #[inline(always)]
    pub(crate) fn is_interval(&self, v: u32) -> bool {
        self.stat.vars[v as usize].is_interval()
    }

    /// The bounds of interval `v`.
    #[inline]
    pub(crate) fn interval(&self, v: u32) -> (i64, i64) {
        interval(&self.stat.vars[v as usize], &self.st.words)
    }

    /// The number of values of interval `v`, `u64::MAX` for the one
    /// interval that holds 2^64 of them (every `i64`).
    pub(crate) fn interval_size(&self, v: u32) -> u64 {
        let (lo, hi) = self.interval(v);
        u64::try_from((hi as i128 - lo as i128 + 1).max(0)).unwrap_or(u64::MAX)
    }

    /// Narrows interval `v` to its intersection with `lo..=hi`; says
    /// whether it changed. Every change moves a bound, so it schedules the
    /// propagators that watch `v`'s domain and those that watch its bounds.
    pub(crate) fn narrow_interval(&mut self, v: u32, lo: i64, hi: i64) -> Result<bool, Fail> {
        let start = self.stat.vars[v as usize].start as usize;
        let (old_lo, old_hi) = self.interval(v);
        let (new_lo, new_hi) = (lo.max(old_lo), hi.min(old_hi));
        if (new_lo, new_hi) == (old_lo, old_hi) {
            return Ok(false);
        }
        if new_lo > new_hi {
            return Err(Fail);
        }
        if new_lo != old_lo {
            self.write(start, new_lo as u64);
        }
        if new_hi != old_hi {
            self.write(start + 1, new_hi as u64);
        }
        if new_lo == new_hi {
            self.st.fixed.push(v);
        }
        self.schedule(v);
        if self.bounds_watched(v) {
            self.schedule_bounds(v);
        }
        Ok(true)
    }

    /// Removes `value` from interval `v` if it is one of its bounds.
    #[inline(never)]
    pub(crate) fn remove_from_interval(&mut self, v: u32, value: i64) -> Result<(), Fail> {
        let (lo, hi) = self.interval(v);
        if lo == hi && value == lo {
            return Err(Fail);
        }
        // Below, lo < hi: value + 1 and value - 1 stay in the interval.
        if value == lo {
            self.narrow_interval(v, value + 1, hi)?;
        } else if value == hi {
            self.narrow_interval(v, lo, value - 1)?;
        }
        Ok(())
    }
}
