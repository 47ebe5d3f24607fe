//! The explanation of `value = array[index]` over an array of variables:
//!
//! - an index leaves because its entry and `value` share no value: by the
//!   bounds that keep them apart, or else by `value`'s changes and the
//!   removals of `value`'s values from the entry;
//! - a value leaves `value` because no entry the index may still name has
//!   it: by the removals of the index's other values and of that value
//!   from each entry named;
//! - a value leaves the entry the index is fixed to because `value` lacks
//!   it: by the index's removals and that value's removal from `value`.
//!
//! Lazy, like the others (`explain`): the domains when the run began are
//! read back from the trail. A run prunes the index, then narrows `value`
//! to what the entries left share with it (an entry whose index the run
//! removed shares nothing, so it changes nothing), then, with the index
//! fixed, each of the entry and `value` to the other. The replay reaches
//! all of it but an index the run itself fixed, and a variable in two
//! roles (the index an entry, an entry twice): there the caller falls
//! back to the default.

use super::analyze::Analysis;
use super::element::Domain;
use crate::domain::Store;
use crate::propagator::ElementVar;

/// The most values of `value` an index's explanation lists.
const MOST: usize = 1 << 12;

impl Analysis {
    /// The entries that explain the change of `node` by `e`'s run begun at
    /// `t`; `false` when it has none (see the module's notes).
    pub(super) fn element_var(
        &mut self,
        store: &Store<'_>,
        e: &ElementVar,
        t: u32,
        node: Option<u32>,
        words: &mut Vec<u64>,
    ) -> bool {
        let Some(v) = node else { return false };
        let (index, value) = (e.index, e.value);
        if index == value || e.array.contains(&index) || e.array.contains(&value) {
            return false;
        }
        let Some((removed, _)) = Domain::removed_by(store, v, t) else {
            return false;
        };
        let first = i128::from(e.first);
        let n = e.array.len() as i128;
        let in_range = |i: i64| (first..first + n).contains(&i128::from(i));
        let entry = |i: i64| e.array[(i128::from(i) - first) as usize];
        // The indices in range the index had at `t`, and those it lacked.
        let index_at = Domain::at(store, index, t);
        let (mut alive, mut dead) = (Vec::new(), Vec::new());
        for k in 0..e.array.len() {
            let Ok(i) = i64::try_from(first + k as i128) else {
                break;
            };
            if index_at.contains(i) {
                alive.push(i);
            } else {
                dead.push(i);
            }
        }
        let explained = if v == index {
            removed
                .iter()
                .filter(|&&i| in_range(i))
                .all(|&i| self.apart(store, entry(i), value, t, words))
        } else if v == value {
            // Every entry the index may name lacks the values removed.
            self.gone(store, index, &dead, t, words)
                && alive
                    .iter()
                    .all(|&i| self.gone(store, entry(i), &removed, t, words))
        } else {
            // The entry of the index fixed at `t`, once in the array.
            match alive[..] {
                [i] if entry(i) == v && e.array.iter().filter(|&&x| x == v).count() == 1 => {
                    self.gone(store, index, &dead, t, words)
                        && self.gone(store, value, &removed, t, words)
                }
                _ => false,
            }
        };
        if !explained {
            return false;
        }
        if store.stat.vars[v as usize].is_interval() {
            self.moved_sides(store, v, t, words);
        }
        #[cfg(test)]
        super::BY_ELEMENT_VAR.with(|n| n.set(n.get() + 1));
        true
    }

    /// The entries that kept `a` and `b` from sharing a value at `t`:
    /// the two bounds that part them, else `b`'s changes and the removals
    /// of `b`'s values from `a`; `false` if they shared one.
    fn apart(&mut self, store: &Store<'_>, a: u32, b: u32, t: u32, words: &mut Vec<u64>) -> bool {
        let bounds = |x: u32| match Domain::at(store, x, t) {
            Domain::Interval(lo, hi) => Some((lo, hi)),
            Domain::Bits(w, offset) => super::nogood::bitset_bounds(&w, offset),
        };
        let (Some((alo, ahi)), Some((blo, bhi))) = (bounds(a), bounds(b)) else {
            return false;
        };
        if ahi < blo {
            self.side(store, a, t, false, words);
            self.side(store, b, t, true, words);
            return true;
        }
        if bhi < alo {
            self.side(store, a, t, true, words);
            self.side(store, b, t, false, words);
            return true;
        }
        // `b`'s values, each gone from `a`.
        let b_at = Domain::at(store, b, t);
        let (lo, hi) = (blo.max(alo), bhi.min(ahi));
        if i128::from(hi) - i128::from(lo) >= MOST as i128 {
            return false;
        }
        let shared: Vec<i64> = (lo..=hi).filter(|&x| b_at.contains(x)).collect();
        // Within the common bounds: `b`'s bounds, its holes there, and
        // `a`'s bounds.
        if matches!(b_at, Domain::Bits(..)) {
            self.all_before(store, b, t);
        } else {
            self.side(store, b, t, true, words);
            self.side(store, b, t, false, words);
        }
        self.side(store, a, t, true, words);
        self.side(store, a, t, false, words);
        self.gone(store, a, &shared, t, words)
    }
}
