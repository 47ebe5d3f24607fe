//! The explanations of two propagators that remove a value once its last
//! support is gone, by the removals that took each support away rather
//! than by every change of every variable:
//!
//! - a `table`: a value leaves a variable when every allowed tuple that
//!   gives it to that variable has lost another of its values; each such
//!   tuple is explained by one value it lost (one already named by another
//!   tuple when there is one, so that the clause stays short), and the
//!   change by the removals of those values;
//! - an `inverse` (`f[i] = j` exactly when `g[j] = i`): `j` leaves `f[i]`
//!   when `i` has left `g[j]` (or `j` names no position of `g`), and the
//!   other way round; the change is explained by those removals.
//!
//! Lazy, like the others (`explain`): the domains when the run began are
//! read back from the trail. A table's run reads those domains alone (it
//! is arc consistent in one pass); an inverse's second half reads what its
//! first half removed, which the first half removed because the other side
//! had already lost it, so the domains at the run's start reach every
//! change either way. Where one does not (a variable twice in an inverse),
//! the caller falls back to the default.

use super::analyze::{Analysis, cause_entries};
use super::element::Domain;
use super::explain::falsified;
use super::nogood::Lit;
use crate::domain::Store;
use crate::propagator::{Inverse, Table};

/// Whether bit `b` is set in `words`.
fn has(words: &[u64], b: u32) -> bool {
    words
        .get((b / 64) as usize)
        .is_some_and(|w| w >> (b % 64) & 1 == 1)
}

fn set(words: &mut [u64], b: u32) {
    words[(b / 64) as usize] |= 1 << (b % 64);
}

/// Calls `f` on each bit set in `words`, in order.
fn for_each_bit(words: &[u64], mut f: impl FnMut(u32)) {
    for (w, &word) in words.iter().enumerate() {
        let mut word = word;
        while word != 0 {
            f((w * 64) as u32 + word.trailing_zeros());
            word &= word - 1;
        }
    }
}

impl Analysis {
    /// The entries that explain the change of `node` by table `tab`'s run
    /// begun at `t`; `false` when it has none (see the module's notes).
    pub(super) fn table(
        &mut self,
        store: &Store<'_>,
        tab: &Table,
        t: u32,
        node: Option<u32>,
        words: &mut Vec<u64>,
    ) -> bool {
        let Some(v) = node else { return false };
        if tab
            .vars
            .iter()
            .any(|&x| store.stat.vars[x as usize].is_interval())
        {
            return false;
        }
        let Some(last) = cause_entries(store, v, t).last() else {
            return false;
        };
        let bits_at = |x: u32, at: u32| match Domain::at(store, x, at) {
            Domain::Bits(words, _) => words,
            Domain::Interval(..) => Vec::new(),
        };
        let doms: Vec<Vec<u64>> = tab.vars.iter().map(|&x| bits_at(x, t)).collect();
        let after = bits_at(v, last + 1);
        let arity = tab.vars.len();
        let places: Vec<usize> = (0..arity).filter(|&p| tab.vars[p] == v).collect();
        let Some(&first) = places.first() else {
            return false;
        };
        // The values the run took from `v`, as bits.
        let removed: Vec<u64> = doms[first]
            .iter()
            .zip(after.iter().chain(std::iter::repeat(&0)))
            .map(|(a, b)| a & !b)
            .collect();
        let tuple_at = |i: u32| &tab.tuples[i as usize * arity..][..arity];
        let alive = |tuple: &[u32]| (0..arity).all(|j| has(&doms[j], tuple[j]));
        let by_value = tab.by_value();
        // The supports each place of `v` had at `t` among the removed
        // values (one tuple alive is enough).
        let mut supports = vec![vec![0u64; removed.len()]; places.len()];
        for (k, &p) in places.iter().enumerate() {
            for_each_bit(&removed, |b| {
                if by_value.of(p, b).iter().any(|&i| alive(tuple_at(i))) {
                    set(&mut supports[k], b);
                }
            });
        }
        // Per place, the removed bits it explains: those it had no support
        // for, and no place before it lacked (each bit at one place). A bit
        // every place supported is not the run's doing.
        let mut taken = vec![0u64; removed.len()];
        for support in &mut supports {
            for ((s, t), r) in support.iter_mut().zip(&mut taken).zip(&removed) {
                *s = r & !*s & !*t;
                *t |= *s;
            }
        }
        if taken != removed {
            return false;
        }
        // Per place, the bits the tuples' explanations need gone: each
        // tuple that gave a place one of its bits, once, in the table's
        // order.
        let mut need: Vec<Vec<u64>> = doms.iter().map(|d| vec![0; d.len()]).collect();
        let mut explaining = Vec::new();
        for (&p, mine) in places.iter().zip(&supports) {
            for_each_bit(mine, |b| explaining.extend_from_slice(by_value.of(p, b)));
        }
        explaining.sort_unstable();
        explaining.dedup();
        for &i in &explaining {
            let tuple = tuple_at(i);
            let lost = |j: &usize| !has(&doms[*j], tuple[*j]);
            // A value already named, else the first one lost.
            let j = (0..arity)
                .filter(lost)
                .find(|&j| has(&need[j], tuple[j]))
                .or_else(|| (0..arity).find(lost));
            match j {
                // A bit beyond the domain's words was never in it.
                Some(j) if ((tuple[j] / 64) as usize) < need[j].len() => {
                    set(&mut need[j], tuple[j]);
                }
                Some(_) => {}
                None => return false,
            }
        }
        for (j, mask) in need.into_iter().enumerate() {
            if mask.iter().all(|&m| m == 0) {
                continue;
            }
            let lit = Lit::In {
                var: tab.vars[j],
                mask: mask.into(),
            };
            falsified(store, &lit, t, words, &mut self.found);
        }
        #[cfg(test)]
        super::BY_SUPPORT.with(|n| n.set(n.get() + 1));
        true
    }

    /// The entries that explain the change of `node` by inverse `inv`'s
    /// run begun at `t`; `false` when it has none (see the module's notes).
    pub(super) fn inverse(
        &mut self,
        store: &Store<'_>,
        inv: &Inverse,
        t: u32,
        node: Option<u32>,
        words: &mut Vec<u64>,
    ) -> bool {
        let Some(v) = node else { return false };
        let (in_f, in_g) = (
            inv.f.iter().position(|&x| x == v),
            inv.g.iter().position(|&x| x == v),
        );
        // A variable on both sides, or twice on one, reads what the run
        // removed.
        let count = inv
            .f
            .iter()
            .chain(inv.g.iter())
            .filter(|&&x| x == v)
            .count();
        if count != 1 {
            return false;
        }
        let Some((removed, _)) = Domain::removed_by(store, v, t) else {
            return false;
        };
        // `v` is `a[i]`, read against `b`.
        let (i, a_first, b, b_first) = match (in_f, in_g) {
            (Some(i), _) => (i, inv.f_first, &inv.g, inv.g_first),
            (_, Some(i)) => (i, inv.g_first, &inv.f, inv.f_first),
            _ => return false,
        };
        let me = i128::from(a_first) + i as i128;
        let Ok(me) = i64::try_from(me) else {
            return false;
        };
        // Per variable of `b`, the values it must have lost: `me`.
        let mut gone: Vec<u32> = Vec::new();
        for j in removed {
            let k = i128::from(j) - i128::from(b_first);
            // `j` names no position: the constraint alone removes it.
            if let Ok(k) = usize::try_from(k)
                && k < b.len()
            {
                gone.push(b[k]);
            }
        }
        gone.sort_unstable();
        gone.dedup();
        for w in gone {
            if !self.gone(store, w, &[me], t, words) {
                return false;
            }
        }
        if store.stat.vars[v as usize].is_interval() {
            self.moved_sides(store, v, t, words);
        }
        #[cfg(test)]
        super::BY_INVERSE.with(|n| n.set(n.get() + 1));
        true
    }
}
