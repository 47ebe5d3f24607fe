//! The explanation of `among` (and `count`, one value): how many of the
//! variables take a value of the set `S` is the count. A run reads which
//! variables are sure to (every value in `S`) and which cannot (none), and
//! the count's bounds:
//!
//! - the count's low raised to the number sure: by the removals that left
//!   each sure variable within `S`; its high lowered to the number that
//!   can: by the removals that took `S` from each of the others;
//! - `S`'s values taken from the undecided variables, the count's high
//!   being the number sure: by that high and the sure ones; the other
//!   values taken, its low being the number that can: by that low and the
//!   ones that cannot.
//!
//! `global_cardinality` the same way, value by value: each count between
//! the variables fixed to its value and those that can take it, and a
//! value's variables narrowed by its count at a bound; a change of the
//! counts' sum rule falls back to the default.
//!
//! Lazy, like the others (`explain`): sure, possible and the count's
//! bounds are read back from the domains when the run began. With the count
//! not among the variables, a second pass of the run changes nothing, so
//! that replay reaches every change; with the count among them (a second
//! pass reads what the first moved) the caller falls back to the default.

use super::analyze::Analysis;
use super::element::Domain;
use super::explain::falsified;
use super::nogood::Lit;
use crate::domain::Store;
use crate::propagator::{Among, Cardinality};

/// Where a variable stood against the set when the run began.
#[derive(Clone, Copy, PartialEq, Eq)]
enum Stand {
    Sure,
    Cannot,
    Open,
}

fn stand(dom: &Domain, values: &[i64]) -> Stand {
    let (mut inside, mut outside) = (false, false);
    match dom {
        Domain::Interval(lo, hi) => {
            let from = values.partition_point(|x| x < lo);
            let to = values.partition_point(|x| x <= hi);
            inside = from < to;
            // Every value of the interval in the set: as many of them.
            outside = (to - from) as i128 != i128::from(*hi) - i128::from(*lo) + 1;
        }
        Domain::Bits(words, offset) => {
            for (w, &word) in words.iter().enumerate() {
                let mut word = word;
                while word != 0 {
                    let v = offset + (w * 64) as i64 + i64::from(word.trailing_zeros());
                    word &= word - 1;
                    if values.binary_search(&v).is_ok() {
                        inside = true;
                    } else {
                        outside = true;
                    }
                }
            }
        }
    }
    match (inside, outside) {
        (true, false) => Stand::Sure,
        (false, _) => Stand::Cannot,
        (true, true) => Stand::Open,
    }
}

impl Analysis {
    /// The entries that explain the change of `node` by `a`'s run begun at
    /// `t`; `false` when it has none (see the module's notes).
    pub(super) fn among(
        &mut self,
        store: &Store<'_>,
        a: &Among,
        t: u32,
        node: Option<u32>,
        words: &mut Vec<u64>,
    ) -> bool {
        let Some(v) = node else { return false };
        if a.counted || a.vars.contains(&a.count) {
            return false;
        }
        let Some((removed, _)) = Domain::removed_by(store, v, t) else {
            return false;
        };
        let doms: Vec<Domain> = a.vars.iter().map(|&x| Domain::at(store, x, t)).collect();
        let stands: Vec<Stand> = doms.iter().map(|d| stand(d, &a.values)).collect();
        let sure = stands.iter().filter(|&&s| s == Stand::Sure).count() as i64;
        let possible = stands.iter().filter(|&&s| s != Stand::Cannot).count() as i64;
        let (lo, hi) = match Domain::at(store, a.count, t) {
            Domain::Interval(lo, hi) => (lo, hi),
            Domain::Bits(words, offset) => match super::nogood::bitset_bounds(&words, offset) {
                Some(b) => b,
                None => return false,
            },
        };
        // Which kinds of variables the change needs named, and the count's
        // sides it read.
        let (mut need_sure, mut need_cannot) = (false, false);
        if v == a.count {
            for &x in &removed {
                if x < sure {
                    need_sure = true;
                } else if x > possible {
                    need_cannot = true;
                } else {
                    return false;
                }
            }
        } else {
            let Some(i) = a.vars.iter().position(|&x| x == v) else {
                return false;
            };
            if stands[i] != Stand::Open {
                return false;
            }
            for &x in &removed {
                let in_set = a.values.binary_search(&x).is_ok();
                if in_set && hi == sure {
                    need_sure = true;
                } else if !in_set && lo == possible {
                    need_cannot = true;
                } else {
                    return false;
                }
            }
            if need_sure {
                self.side(store, a.count, t, false, words);
            }
            if need_cannot {
                self.side(store, a.count, t, true, words);
            }
            if store.stat.vars[v as usize].is_interval() {
                self.moved_sides(store, v, t, words);
            }
        }
        for (&x, &s) in a.vars.iter().zip(&stands) {
            let wanted = match s {
                Stand::Sure => need_sure,
                Stand::Cannot => need_cannot,
                Stand::Open => false,
            };
            if wanted {
                self.stands_by(store, x, &a.values, s == Stand::Sure, t, words);
            }
        }
        #[cfg(test)]
        super::BY_COUNT.with(|n| n.set(n.get() + 1));
        true
    }

    /// The entries that kept `x` within the set `values` at `t` (`sure`),
    /// or out of it.
    fn stands_by(
        &mut self,
        store: &Store<'_>,
        x: u32,
        values: &[i64],
        sure: bool,
        t: u32,
        words: &mut Vec<u64>,
    ) {
        let layout = &store.stat.vars[x as usize];
        if layout.is_interval() {
            // An interval: its two bounds.
            self.side(store, x, t, true, words);
            self.side(store, x, t, false, words);
            return;
        }
        // The values it has lost: outside the set when sure, in it else.
        let len = layout.len as usize;
        let bits = len * 64;
        let mut mask = vec![if sure { !0u64 } else { 0 }; len];
        for &value in values {
            let b = i128::from(value) - i128::from(layout.offset);
            if (0..bits as i128).contains(&b) {
                let (w, bit) = ((b / 64) as usize, b % 64);
                if sure {
                    mask[w] &= !(1 << bit);
                } else {
                    mask[w] |= 1 << bit;
                }
            }
        }
        if mask.iter().all(|&m| m == 0) {
            return;
        }
        let lit = Lit::In {
            var: x,
            mask: mask.into(),
        };
        falsified(store, &lit, t, words, &mut self.found);
    }
}

impl Analysis {
    /// The entries that explain the change of `node` by `g`'s run begun at
    /// `t`, where the rules per value reach it (the count of a value
    /// between the variables fixed to it and those that can take it; a
    /// value's variables narrowed by its count at a bound); `false` where
    /// they do not (the counts' sum, a count among the variables: the
    /// default).
    pub(super) fn cardinality(
        &mut self,
        store: &Store<'_>,
        g: &Cardinality,
        t: u32,
        node: Option<u32>,
        words: &mut Vec<u64>,
    ) -> bool {
        let Some(v) = node else { return false };
        if g.counts.iter().any(|c| g.vars.contains(c)) {
            return false;
        }
        let Some((removed, after)) = Domain::removed_by(store, v, t) else {
            return false;
        };
        let doms: Vec<Domain> = g.vars.iter().map(|&x| Domain::at(store, x, t)).collect();
        let fixed_to = |d: &Domain, value: i64| d.fixed() == Some(value);
        let tally = |value: i64| {
            let fixed = doms.iter().filter(|d| fixed_to(d, value)).count() as i64;
            let possible = doms.iter().filter(|d| d.contains(value)).count() as i64;
            (fixed, possible)
        };
        let count_bounds = |c: u32| match Domain::at(store, c, t) {
            Domain::Interval(lo, hi) => Some((lo, hi)),
            Domain::Bits(w, offset) => super::nogood::bitset_bounds(&w, offset),
        };
        // Per value, whether its fixed variables, and those that lack it,
        // are needed; and the count's sides read.
        let m = g.values.len();
        let (mut need_fixed, mut need_lacking) = (vec![false; m], vec![false; m]);
        let (mut upper, mut lower) = (vec![false; m], vec![false; m]);
        if let Some(k) = g.counts.iter().position(|&c| c == v) {
            let (fixed, possible) = tally(g.values[k]);
            for &x in &removed {
                if x < fixed {
                    need_fixed[k] = true;
                } else if x > possible {
                    need_lacking[k] = true;
                } else {
                    return false;
                }
            }
        } else {
            if !g.vars.contains(&v) {
                return false;
            }
            // Assigned by rule 4: the value it is left with.
            let kept = after.fixed();
            for &x in &removed {
                let rule3 = g.values.binary_search(&x).ok().filter(|&k| {
                    let (fixed, possible) = tally(x);
                    possible > fixed && count_bounds(g.counts[k]).is_some_and(|b| b.1 == fixed)
                });
                let rule4 = kept
                    .and_then(|y| g.values.binary_search(&y).ok())
                    .filter(|&k| {
                        let (fixed, possible) = tally(g.values[k]);
                        possible > fixed
                            && count_bounds(g.counts[k]).is_some_and(|b| b.0 == possible)
                    });
                match (rule3, rule4) {
                    (Some(k), _) => {
                        need_fixed[k] = true;
                        upper[k] = true;
                    }
                    (None, Some(k)) => {
                        need_lacking[k] = true;
                        lower[k] = true;
                    }
                    (None, None) => return false,
                }
            }
            if store.stat.vars[v as usize].is_interval() {
                self.moved_sides(store, v, t, words);
            }
        }
        for k in 0..m {
            let value = g.values[k];
            if upper[k] {
                self.side(store, g.counts[k], t, false, words);
            }
            if lower[k] {
                self.side(store, g.counts[k], t, true, words);
            }
            for (&x, d) in g.vars.iter().zip(&doms) {
                if need_fixed[k] && fixed_to(d, value) {
                    self.all_before(store, x, t);
                }
                if need_lacking[k] && !d.contains(value) {
                    self.gone(store, x, &[value], t, words);
                }
            }
        }
        #[cfg(test)]
        super::BY_CARDINALITY.with(|n| n.set(n.get() + 1));
        true
    }
}
