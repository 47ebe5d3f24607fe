//! The explanation of an all-different's run on intervals: each value its
//! forward checking removed from a bound of a variable was taken by
//! another variable, fixed to it when the run began; the explanation is
//! those variables' bounds and the bound the variable moved from, rather
//! than every variable's bounds.
//!
//! Lazy, like the others (`explain`). The run only removes a bound that
//! another variable has taken (the advice about a fixed variable removes
//! the rest, explained by that variable alone), so the values between the
//! old and the new bound are each taken; a run that failed, or a dense
//! run on bitsets (Hall checks, hidden singles), says it has no such
//! explanation and the caller falls back to the default.

use super::analyze::{Analysis, cause_entries};
use super::explain::{domain_at, word_at};
use super::nogood::bitset_bounds;
use crate::domain::Store;

/// The value of `var` when the trail had `t` entries, if it was fixed.
fn fixed_at(store: &Store<'_>, var: u32, t: u32, words: &mut Vec<u64>) -> Option<i64> {
    let layout = &store.stat.vars[var as usize];
    if layout.is_interval() {
        let lo = word_at(store, layout.start, t) as i64;
        let hi = word_at(store, layout.start + 1, t) as i64;
        return (lo == hi).then_some(lo);
    }
    domain_at(store, var, t, words);
    bitset_bounds(words, layout.offset).and_then(|(lo, hi)| (lo == hi).then_some(lo))
}

impl Analysis {
    /// The entries that explain the change of interval `node` by the
    /// forward checking of an all-different over `vars` begun at `t`;
    /// `false` when it has none (see the module's notes).
    pub(super) fn all_different(
        &mut self,
        store: &Store<'_>,
        vars: &[u32],
        t: u32,
        node: Option<u32>,
        words: &mut Vec<u64>,
    ) -> bool {
        let Some(x) = node else {
            return false;
        };
        let layout = &store.stat.vars[x as usize];
        if !layout.is_interval() {
            return false;
        }
        let Some(last) = cause_entries(store, x, t).last() else {
            return false;
        };
        let bound = |w: u32, at: u32| word_at(store, layout.start + w, at) as i64;
        let (lo, hi) = (bound(0, t), bound(1, t));
        let (new_lo, new_hi) = (bound(0, last + 1), bound(1, last + 1));
        // The values removed: below the new lower bound, above the new upper.
        let removed = (lo..new_lo).chain(new_hi.saturating_add(1)..=hi);
        if (new_lo - lo) as u128 + (hi - new_hi) as u128 >= vars.len() as u128 {
            return false;
        }
        let mut takers = Vec::new();
        for value in removed {
            let taker = vars
                .iter()
                .copied()
                .find(|&y| y != x && fixed_at(store, y, t, words) == Some(value));
            match taker {
                Some(y) => takers.push(y),
                None => return false,
            }
        }
        for y in takers {
            if store.stat.vars[y as usize].is_interval() {
                self.side(store, y, t, true, words);
                self.side(store, y, t, false, words);
            } else {
                self.all_before(store, y, t);
            }
        }
        self.moved_sides(store, x, t, words);
        #[cfg(test)]
        super::BY_DISTINCT.with(|n| n.set(n.get() + 1));
        true
    }
}
