//! The explanation of a run of `z = x * y` over values that are not
//! negative: by the one side of each other variable that a moved bound
//! reads, rather than both bounds of every variable.
//!
//! - `z`'s low raised to `low(x) * low(y)`: their low sides; its high
//!   lowered to `high(x) * high(y)`: their high sides;
//! - `x`'s low raised to `ceil(low(z) / high(y))`: `z`'s low side and
//!   `y`'s high side; its high lowered to `floor(high(z) / low(y))`: `z`'s
//!   high side and `y`'s low side (with `low(y)` of 0, 1 in its place when
//!   `z` cannot be 0: then `z`'s low side too); `y`'s the same way;
//! - and always the low sides of `x` and `y`, which keep them from below 0.
//!
//! Lazy, like the others (`explain`). Each bound is computed again from
//! the bounds as they were when the run began: a bound the run moved past
//! it (the run loops, and a second pass reads what the first narrowed),
//! over values the domain still held then, is not reached, and the caller
//! falls back to the default (every variable's bounds). A bound that
//! lands past the computed one on a hole of the domain names the domain's
//! changes before the run too. A failed run, a square (`x` is `y`), or a
//! value below 0 when the run began, falls back too.
//!
//! `y = |x|` the same way, value by value: a value leaves `y` below the
//! least `|x|` (by the side of `x` nearer 0, when `x` keeps one sign) or
//! above the most (by both sides of `x`), and leaves `x` when its size is
//! past `y`'s most (by `y`'s high side) or short of its least (by `y`'s
//! low side).

use super::analyze::{Analysis, cause_entries};
use super::cumulative::bounds_at;
use super::element::Domain;
use super::explain::domain_at;
use crate::domain::Store;
use crate::propagator::{Abs, Times};

/// The smallest value of `var`'s domain at `t` from `from` up (`lower`),
/// or the largest from `from` down.
fn nearest_at(store: &Store<'_>, var: u32, t: u32, from: i128, lower: bool) -> Option<i128> {
    let layout = &store.stat.vars[var as usize];
    let mut words = Vec::new();
    domain_at(store, var, t, &mut words);
    if layout.is_interval() {
        let (lo, hi) = (i128::from(words[0] as i64), i128::from(words[1] as i64));
        let v = if lower { from.max(lo) } else { from.min(hi) };
        return (lo <= v && v <= hi).then_some(v);
    }
    let offset = i128::from(layout.offset);
    let bits = words.len() as i128 * 64;
    let has = |v: i128| {
        let i = v - offset;
        (0..bits).contains(&i) && words[(i / 64) as usize] >> (i % 64) & 1 == 1
    };
    if lower {
        (from.max(offset)..offset + bits).find(|&v| has(v))
    } else {
        (offset..=from.min(offset + bits - 1))
            .rev()
            .find(|&v| has(v))
    }
}

fn ceil(a: i128, b: i128) -> i128 {
    (a + b - 1).div_euclid(b)
}

impl Analysis {
    /// The entries that explain the change of `node` by the run of `m`
    /// begun at `t`; `false` when it has none (see the module's notes).
    pub(super) fn times(
        &mut self,
        store: &Store<'_>,
        m: &Times,
        t: u32,
        node: Option<u32>,
        words: &mut Vec<u64>,
    ) -> bool {
        let Some(v) = node else { return false };
        if m.x == m.y || m.x == m.z || m.y == m.z {
            return false;
        }
        let mut at = |u: u32| bounds_at(store, u, t, words).map(|(l, h)| (l as i128, h as i128));
        let (Some(x), Some(y), Some(z)) = (at(m.x), at(m.y), at(m.z)) else {
            return false;
        };
        if x.0 < 0 || y.0 < 0 || z.0 < 0 {
            return false;
        }
        let Some(last) = cause_entries(store, v, t).last() else {
            return false;
        };
        let Some((nl, nh)) = bounds_at(store, v, last + 1, words) else {
            return false;
        };
        let (old, new) = (at_bounds(v, m, x, y, z), (i128::from(nl), i128::from(nh)));
        // Per side moved: the bound computed, and the sides (var, lower) read.
        let mut sides: Vec<(u32, bool)> = Vec::new();
        let mut holes = false;
        for lower in [true, false] {
            let moved = if lower { new.0 > old.0 } else { new.1 < old.1 };
            if !moved {
                continue;
            }
            let (bound, read): (Option<i128>, Vec<(u32, bool)>) = if v == m.z {
                let (a, b) = if lower { (x.0, y.0) } else { (x.1, y.1) };
                (Some(a * b), vec![(m.x, lower), (m.y, lower)])
            } else {
                // v times `other` is z.
                let (other, o) = if v == m.x { (m.y, y) } else { (m.x, x) };
                if lower {
                    let b = (o.1 >= 1).then(|| ceil(z.0, o.1));
                    (b, vec![(m.z, true), (other, false)])
                } else if o.0 >= 1 {
                    (Some(z.1 / o.0), vec![(m.z, false), (other, true)])
                } else if z.0 >= 1 {
                    (Some(z.1), vec![(m.z, false), (m.z, true)])
                } else {
                    (None, vec![])
                }
            };
            let Some(bound) = bound else { return false };
            // The value the bound lands on: the nearest one left at `t`.
            let Some(landed) = nearest_at(store, v, t, bound, lower) else {
                return false;
            };
            let reached = if lower {
                landed >= new.0
            } else {
                landed <= new.1
            };
            if !reached {
                return false;
            }
            holes |= landed != bound;
            sides.extend(read);
        }
        // Every product and quotient above reads x and y as not negative.
        sides.extend([(m.x, true), (m.y, true)]);
        for (u, lower) in sides {
            self.side(store, u, t, lower, words);
        }
        if holes {
            self.all_before(store, v, t);
        }
        #[cfg(test)]
        super::BY_TIMES.with(|n| n.set(n.get() + 1));
        true
    }
}

/// The bounds at `t` of `v`, one of `m`'s variables.
fn at_bounds(v: u32, m: &Times, x: (i128, i128), y: (i128, i128), z: (i128, i128)) -> (i128, i128) {
    if v == m.x {
        x
    } else if v == m.y {
        y
    } else {
        z
    }
}

impl Analysis {
    /// The entries that explain the change of `node` by `y = |x|`'s run
    /// begun at `t`: a value of `y` below `|x|`'s least by the side of `x`
    /// that gives it, above its most by both; a value of `x` whose size
    /// passes `y`'s most by `y`'s high side, falls short of its least by
    /// `y`'s low side. `false` where a value removed is none of these at
    /// `t` (a second pass of the run read what the first narrowed), or
    /// `x` is `y`.
    pub(super) fn abs(
        &mut self,
        store: &Store<'_>,
        a: &Abs,
        t: u32,
        node: Option<u32>,
        words: &mut Vec<u64>,
    ) -> bool {
        let Some(v) = node else { return false };
        if a.x == a.y {
            return false;
        }
        let (Some(x), Some(y)) = (
            bounds_at(store, a.x, t, words),
            bounds_at(store, a.y, t, words),
        ) else {
            return false;
        };
        let Some((removed, _)) = Domain::removed_by(store, v, t) else {
            return false;
        };
        let (x, y) = (
            (i128::from(x.0), i128::from(x.1)),
            (i128::from(y.0), i128::from(y.1)),
        );
        // The sides read: (variable, lower).
        let mut sides: Vec<(u32, bool)> = Vec::new();
        if v == a.y {
            // |x| lies in least..=most.
            let (least, side) = if x.0 >= 0 {
                (x.0, Some(true))
            } else if x.1 <= 0 {
                (-x.1, Some(false))
            } else {
                (0, None)
            };
            let most = (-x.0).max(x.1);
            for r in removed.iter().map(|&r| i128::from(r)) {
                if r < 0 {
                    // Below 0: the constraint alone.
                } else if r < least {
                    sides.extend(side.map(|lower| (a.x, lower)));
                } else if r > most {
                    sides.extend([(a.x, true), (a.x, false)]);
                } else {
                    return false;
                }
            }
        } else {
            for r in removed.iter().map(|&r| i128::from(r).abs()) {
                if r > y.1 {
                    sides.push((a.y, false));
                } else if r < y.0 {
                    sides.push((a.y, true));
                } else {
                    return false;
                }
            }
        }
        sides.sort_unstable();
        sides.dedup();
        for (u, lower) in sides {
            self.side(store, u, t, lower, words);
        }
        if store.stat.vars[v as usize].is_interval() {
            self.moved_sides(store, v, t, words);
        }
        #[cfg(test)]
        super::BY_ABS.with(|n| n.set(n.get() + 1));
        true
    }
}
