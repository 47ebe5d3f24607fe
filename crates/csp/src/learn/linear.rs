//! The explanation of a linear equality's change of one variable: only the
//! side of each other term that the moved bound needs, as a `<=` is
//! explained, rather than both bounds of every term (and, of a bitset the
//! run narrowed, every change of it).
//!
//! `sum a_i * x_i == rhs` raises `a * x` to `rhs - (hi_sum - term_hi)`,
//! which reads the upper end of each other term, and lowers it to
//! `rhs - (lo_sum - term_lo)`, the lower ends. The explanation reads the
//! other terms' bounds when the run began and computes the bound they
//! give `x`; only if that bound excludes every value the run removed from
//! `x` on that side is it used. A run of several passes (a narrowing that
//! fell on a hole reads the narrowed bound again) may have removed more
//! than the bounds at its start give: then the caller falls back to the
//! bounds of every term. Lazy, like the others (`explain`).

use super::analyze::{Analysis, cause_entries};
use super::explain::domain_at;
use super::nogood::bitset_bounds;
use crate::domain::Store;
use crate::propagator::Linear;

/// `a / b` rounded down (`b != 0`).
fn floor_div(a: i128, b: i128) -> i128 {
    let q = a / b;
    if a % b != 0 && (a < 0) != (b < 0) {
        q - 1
    } else {
        q
    }
}

/// `a / b` rounded up (`b != 0`).
fn ceil_div(a: i128, b: i128) -> i128 {
    -floor_div(-a, b)
}

/// The bounds of `var` when the trail had `t` entries (`None` if empty).
fn bounds_at(store: &Store<'_>, var: u32, t: u32, words: &mut Vec<u64>) -> Option<(i64, i64)> {
    domain_at(store, var, t, words);
    let layout = &store.stat.vars[var as usize];
    if layout.is_interval() {
        let (lo, hi) = (words[0] as i64, words[1] as i64);
        (lo <= hi).then_some((lo, hi))
    } else {
        bitset_bounds(words, layout.offset)
    }
}

/// Whether the domain `words` (offset `offset`) holds a value in `from..=to`.
fn holds_any(words: &[u64], offset: i64, from: i64, to: i64) -> bool {
    let bits = (words.len() * 64) as i128;
    let from = (i128::from(from) - i128::from(offset)).clamp(0, bits);
    let to = (i128::from(to) - i128::from(offset) + 1).clamp(0, bits);
    (from..to).any(|b| words[(b / 64) as usize] >> (b % 64) & 1 == 1)
}

impl Analysis {
    /// The entries that explain the change of `node` by equality `l`'s run
    /// begun at `t`; `false` when the bounds at `t` do not account for it
    /// (see the module's notes).
    pub(super) fn linear_eq(
        &mut self,
        store: &Store<'_>,
        l: &Linear,
        t: u32,
        node: Option<u32>,
        words: &mut Vec<u64>,
    ) -> bool {
        let Some(x) = node else {
            return false;
        };
        let Some(i) = l.vars.iter().position(|&v| v == x) else {
            return false;
        };
        if l.vars.iter().filter(|&&v| v == x).count() != 1 {
            return false;
        }
        let a = i128::from(l.coefs[i]);
        let Some(last) = cause_entries(store, x, t).last() else {
            return false;
        };
        let Some((lo, hi)) = bounds_at(store, x, t, words) else {
            return false;
        };
        let before = words.clone();
        let Some((new_lo, new_hi)) = bounds_at(store, x, last + 1, words) else {
            return false;
        };
        let after = words.clone();
        // The other terms' sums at `t`, lowest and highest.
        let (mut lo_sum, mut hi_sum) = (0i128, 0i128);
        for (j, (&v, &c)) in l.vars.iter().zip(l.coefs.iter()).enumerate() {
            if j == i {
                continue;
            }
            let Some((vlo, vhi)) = bounds_at(store, v, t, words) else {
                return false;
            };
            let (p, q) = (
                i128::from(c) * i128::from(vlo),
                i128::from(c) * i128::from(vhi),
            );
            lo_sum += p.min(q);
            hi_sum += p.max(q);
        }
        // a * x in rhs - hi_sum ..= rhs - lo_sum; as bounds on x.
        let (from_hi, from_lo) = (l.rhs - hi_sum, l.rhs - lo_sum);
        let (least, least_reads_hi, most, most_reads_hi) = if a > 0 {
            (ceil_div(from_hi, a), true, floor_div(from_lo, a), false)
        } else {
            (ceil_div(from_lo, a), false, floor_div(from_hi, a), true)
        };
        let layout = &store.stat.vars[x as usize];
        let offset = layout.offset;
        // Every value the run removed below the new lower bound is below
        // `least` (a hole of `x` at `t` need not be), and likewise above
        // `most`: no value of `x` at `t` lies in `from..=to`.
        let free = |from: i128, to: i128| {
            from > to
                || !layout.is_interval() && !holds_any(&before, offset, from as i64, to as i64)
        };
        let (raised, lowered) = (new_lo > lo, new_hi < hi);
        // Bounds propagation removes values outside the new bounds only.
        let inner = !layout.is_interval() && {
            let removed: Vec<u64> = before.iter().zip(&after).map(|(b, a)| b & !a).collect();
            holds_any(&removed, offset, new_lo, new_hi)
        };
        if inner || !(raised || lowered) {
            return false;
        }
        if raised && !free(least.max(i128::from(lo)), i128::from(new_lo) - 1) {
            return false;
        }
        if lowered && !free(i128::from(new_hi) + 1, most.min(i128::from(hi))) {
            return false;
        }
        // A side a moved bound needs: the upper ends of the other terms
        // (by each coefficient's sign) when it reads `hi_sum`.
        let mut reads = [false; 2];
        if raised {
            reads[usize::from(least_reads_hi)] = true;
        }
        if lowered {
            reads[usize::from(most_reads_hi)] = true;
        }
        for (j, (&v, &c)) in l.vars.iter().zip(l.coefs.iter()).enumerate() {
            if j == i {
                continue;
            }
            for (k, _) in reads.iter().enumerate().filter(|(_, r)| **r) {
                // The term's high end is the variable's upper bound when
                // its coefficient is positive.
                let upper = (k == 1) == (c > 0);
                self.side(store, v, t, !upper, words);
            }
        }
        #[cfg(test)]
        super::BY_LINEAR.with(|n| n.set(n.get() + 1));
        true
    }
}
