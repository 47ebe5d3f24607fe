//! The explanation of an all-different's run on bitsets of one word each
//! (the dense form's Hall checks and hidden singles, or forward checking):
//! for each value the run removed from a variable, a Hall set of the other
//! variables that the value would leave too few values for, rather than
//! every variable's domain.
//!
//! Lazy, like the others (`explain`). With the domains as they were when
//! the run began: fixing `x` to a removed value `v` leaves the others to
//! be matched to the values but `v`; a maximum matching that leaves one of
//! them out gives, through the alternating paths from it, a set `H` of
//! variables whose values but `v` are fewer than they are (König). The
//! explanation is, for each variable of `H`, the removals of its values
//! outside the union of `H`'s domains. A failure is explained so by a set
//! too large for its values. Every consequence of one all-different on the
//! domains it began with has such a set, so the run is always reached,
//! unless it read other all-differents too (the dense form's families):
//! then there is none and the caller falls back to the default.

use super::analyze::{Analysis, cause_entries};
use super::explain::{falsified, word_at};
use super::nogood::Lit;
use crate::domain::Store;

/// A maximum matching of the domains `doms` (one word each) into the values
/// of `allowed`, by augmenting paths: the variable each value is matched
/// to, and the variables left out.
fn matching(doms: &[u64], allowed: u64) -> ([usize; 64], Vec<usize>) {
    let mut owner = [usize::MAX; 64];
    let mut left = Vec::new();
    for k in 0..doms.len() {
        let mut seen = 0u64;
        if !augment(doms, allowed, k, &mut owner, &mut seen) {
            left.push(k);
        }
    }
    (owner, left)
}

/// An augmenting path from variable `k` (Kuhn's): a failed search leaves
/// `owner` as it was.
fn augment(doms: &[u64], allowed: u64, k: usize, owner: &mut [usize; 64], seen: &mut u64) -> bool {
    let mut free = doms[k] & allowed & !*seen;
    while free != 0 {
        let b = free.trailing_zeros() as usize;
        free &= free - 1;
        *seen |= 1 << b;
        if owner[b] == usize::MAX || augment(doms, allowed, owner[b], owner, seen) {
            owner[b] = k;
            return true;
        }
    }
    false
}

/// A Hall set of variables (indices) that `doms` cannot all match into
/// `allowed`, and the union of their values there; `None` if they can.
fn deficient(doms: &[u64], allowed: u64) -> Option<(Vec<usize>, u64)> {
    let (owner, left) = matching(doms, allowed);
    let &start = left.first()?;
    // The variables reached from `start` by alternating paths: each value
    // of one leads to the variable it is matched to (every value reached is
    // matched, or the path would augment the maximum matching).
    let mut set = vec![start];
    let mut values = 0u64;
    let mut i = 0;
    while i < set.len() {
        let mut new = doms[set[i]] & allowed & !values;
        values |= new;
        while new != 0 {
            let b = new.trailing_zeros() as usize;
            new &= new - 1;
            let k = owner[b];
            if k != usize::MAX && !set.contains(&k) {
                set.push(k);
            }
        }
        i += 1;
    }
    (values.count_ones() < set.len() as u32).then_some((set, values))
}

impl Analysis {
    /// The entries that explain the removals of an all-different over
    /// `vars` (bitsets of one word with one offset) begun at `t` from
    /// `node`'s variable, or its failure; `false` when it has no such
    /// explanation (see the module's notes).
    pub(super) fn all_different_words(
        &mut self,
        store: &Store<'_>,
        vars: &[u32],
        t: u32,
        node: Option<u32>,
        words: &mut Vec<u64>,
    ) -> bool {
        let layouts = || vars.iter().map(|&v| &store.stat.vars[v as usize]);
        let Some(base) = layouts().map(|l| l.offset).min() else {
            return false;
        };
        if vars.len() > 64 || layouts().any(|l| l.is_interval() || l.len != 1) {
            return false;
        }
        // Each variable's values as bits from the smallest offset: its word
        // shifted by `shift[k]`, none of its values lost.
        let mut shift = Vec::with_capacity(vars.len());
        for l in layouts() {
            match u32::try_from(l.offset as i128 - base as i128) {
                Ok(s) if s < 64 => shift.push(s),
                _ => return false,
            }
        }
        let at = |k: usize, t: u32| word_at(store, store.stat.vars[vars[k] as usize].start, t);
        let mut doms = Vec::with_capacity(vars.len());
        for (k, &s) in shift.iter().enumerate() {
            let word = at(k, t);
            if (word << s) >> s != word {
                return false;
            }
            doms.push(word << s);
        }
        // The Hall sets that explain it, each with the values its
        // variables are kept to.
        let mut sets: Vec<(Vec<usize>, u64)> = Vec::new();
        let removed = node.and_then(|x| {
            let i = vars.iter().position(|&v| v == x)?;
            let last = cause_entries(store, x, t).last()?;
            let now = at(i, last + 1) << shift[i];
            // Emptied: a failure.
            (now != 0).then_some((i, doms[i] & !now))
        });
        match removed {
            Some((i, mut gone)) => {
                let mut others = doms.clone();
                others.remove(i);
                while gone != 0 {
                    let v = 1u64 << gone.trailing_zeros();
                    gone &= gone - 1;
                    // x = v leaves the others the values but v: their
                    // domains kept within the set's values and v.
                    let Some((set, values)) = deficient(&others, !v) else {
                        return false;
                    };
                    let set = set.into_iter().map(|k| k + usize::from(k >= i)).collect();
                    sets.push((set, values | v));
                }
            }
            None => match deficient(&doms, !0) {
                Some(found) => sets.push(found),
                None => return false,
            },
        }
        for (set, values) in sets {
            for k in set {
                // Its values outside the set's: those past the top of the
                // shifted word too (none left at `t`).
                let s = shift[k];
                let past = if s == 0 { 0 } else { !0u64 << (64 - s) };
                let lit = Lit::In {
                    var: vars[k],
                    mask: Box::new([(!values >> s) | past]),
                };
                falsified(store, &lit, t, words, &mut self.found);
            }
        }
        #[cfg(test)]
        super::BY_HALL.with(|n| n.set(n.get() + 1));
        true
    }
}
