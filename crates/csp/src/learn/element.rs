//! The explanation of `value = array[index]` over a constant array: an
//! index leaves because its constant left the value's domain, a value
//! leaves because every index that gives it left; so a change is explained
//! by those removals alone, rather than by every change of both variables
//! (and, for an interval, by the bound it moved from: its new bound is
//! the node, which the values it passed do not give alone).
//!
//! Lazy, like the others (`explain`): the domains when the run began are
//! read back from the trail, and every value the run removed from the
//! changed variable is checked to have lost its support then (a run reads
//! the domains it began with, so it always has); where one has not, or
//! the change removed too many values to list, the caller falls back to
//! the default.

use super::analyze::{Analysis, cause_entries};
use super::explain::{domain_at, falsified};
use super::nogood::{Lit, bitset_bounds};
use crate::domain::Store;
use crate::propagator::Element;

/// The most values a change may remove and still be explained value by
/// value.
const MOST: usize = 1 << 12;

/// A variable's domain when the trail had some number of entries: an
/// interval's bounds, or a bitset's words from its offset.
pub(super) enum Domain {
    Interval(i64, i64),
    Bits(Vec<u64>, i64),
}

impl Domain {
    pub(super) fn at(store: &Store<'_>, var: u32, t: u32) -> Domain {
        let layout = &store.stat.vars[var as usize];
        let mut words = Vec::new();
        domain_at(store, var, t, &mut words);
        if layout.is_interval() {
            Domain::Interval(words[0] as i64, words[1] as i64)
        } else {
            Domain::Bits(words, layout.offset)
        }
    }

    pub(super) fn contains(&self, v: i64) -> bool {
        match self {
            Domain::Interval(lo, hi) => *lo <= v && v <= *hi,
            Domain::Bits(words, offset) => {
                let b = i128::from(v) - i128::from(*offset);
                b >= 0
                    && b < (words.len() * 64) as i128
                    && words[(b / 64) as usize] >> (b % 64) & 1 == 1
            }
        }
    }

    /// The values the cause begun at `t` took from `var`, at most
    /// [`MOST`] of them, and `var`'s domain after them; `None` if the cause
    /// did not change it, or took too many.
    pub(super) fn removed_by(store: &Store<'_>, var: u32, t: u32) -> Option<(Vec<i64>, Domain)> {
        let last = cause_entries(store, var, t).last()?;
        let after = Domain::at(store, var, last + 1);
        let removed = Domain::at(store, var, t).removed(&after)?;
        Some((removed, after))
    }

    /// Its one value, if it has one alone.
    pub(super) fn fixed(&self) -> Option<i64> {
        match self {
            Domain::Interval(lo, hi) => (lo == hi).then_some(*lo),
            Domain::Bits(words, offset) => {
                let one = words.iter().map(|w| w.count_ones()).sum::<u32>() == 1;
                one.then(|| bitset_bounds(words, *offset).map(|b| b.0))?
            }
        }
    }

    /// The values of `self` not in `after`, at most [`MOST`] of them.
    pub(super) fn removed(&self, after: &Domain) -> Option<Vec<i64>> {
        let mut out = Vec::new();
        match self {
            Domain::Interval(lo, hi) => {
                let (lo, hi) = (i128::from(*lo), i128::from(*hi));
                // What is left, `a..=b`; nothing when emptied.
                let (a, b) = match after {
                    Domain::Interval(a, b) if a <= b => (i128::from(*a), i128::from(*b)),
                    Domain::Interval(..) => (hi + 1, hi),
                    Domain::Bits(..) => return None,
                };
                if (a - lo).max(0) + (hi - b).max(0) > MOST as i128 {
                    return None;
                }
                let values = (lo..a.min(hi + 1)).chain((b + 1).max(lo)..=hi);
                out.extend(values.map(|v| v as i64));
            }
            Domain::Bits(words, offset) => {
                for (w, &word) in words.iter().enumerate() {
                    let mut word = word;
                    while word != 0 {
                        let v = offset + (w * 64) as i64 + i64::from(word.trailing_zeros());
                        word &= word - 1;
                        if !after.contains(v) {
                            out.push(v);
                        }
                    }
                }
            }
        }
        (out.len() <= MOST).then_some(out)
    }
}

impl Analysis {
    /// The entries that explain the change of `node` by element `e`'s run
    /// begun at `t`; `false` when it has none (see the module's notes).
    pub(super) fn element(
        &mut self,
        store: &Store<'_>,
        e: &Element,
        t: u32,
        node: Option<u32>,
        words: &mut Vec<u64>,
    ) -> bool {
        let Some(x) = node else {
            return false;
        };
        if e.index == e.value {
            return false;
        }
        let Some((removed, _)) = Domain::removed_by(store, x, t) else {
            return false;
        };
        let n = e.values.len() as i128;
        let in_array = |i: i64| (0..n).contains(&(i128::from(i) - i128::from(e.first)));
        let at = |i: i64| e.values[(i128::from(i) - i128::from(e.first)) as usize];
        // The values of the other variable each removed one needs gone.
        let (other, gone): (u32, Vec<i64>) = if x == e.index {
            // An index outside the array needs nothing.
            let gone = removed
                .iter()
                .copied()
                .filter(|&i| in_array(i))
                .map(at)
                .collect();
            (e.value, gone)
        } else {
            // Indices past i64::MAX do not exist.
            let gone = (0..n as i64)
                .map_while(|k| e.first.checked_add(k))
                .filter(|&i| removed.binary_search(&at(i)).is_ok())
                .collect();
            (e.index, gone)
        };
        let explained = self.gone(store, other, &gone, t, words);
        // An interval's node is its new bound, which needs the bound it
        // moved from as well as the values it passed.
        if explained && store.stat.vars[x as usize].is_interval() {
            self.moved_sides(store, x, t, words);
        }
        #[cfg(test)]
        if explained {
            super::BY_ELEMENT.with(|n| n.set(n.get() + 1));
        }
        explained
    }

    /// The entries that took each of `values` out of `var` before `t`;
    /// `false` if one of them was still there.
    pub(super) fn gone(
        &mut self,
        store: &Store<'_>,
        var: u32,
        values: &[i64],
        t: u32,
        words: &mut Vec<u64>,
    ) -> bool {
        match Domain::at(store, var, t) {
            Domain::Interval(lo, hi) => {
                if values.iter().any(|&v| lo <= v && v <= hi) {
                    return false;
                }
                if values.iter().any(|&v| v < lo) {
                    self.side(store, var, t, true, words);
                }
                if values.iter().any(|&v| v > hi) {
                    self.side(store, var, t, false, words);
                }
                true
            }
            Domain::Bits(now, offset) => {
                let mut mask = vec![0u64; now.len()];
                // A value outside the bitset's span is never one of it.
                for &v in values {
                    let b = i128::from(v) - i128::from(offset);
                    if (0..(now.len() * 64) as i128).contains(&b) {
                        mask[(b / 64) as usize] |= 1 << (b % 64);
                    }
                }
                if mask.iter().all(|&m| m == 0) {
                    return true;
                }
                let lit = Lit::In {
                    var,
                    mask: mask.into(),
                };
                falsified(store, &lit, t, words, &mut self.found)
            }
        }
    }
}
