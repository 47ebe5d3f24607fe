//! The user's search strategy: the groups of decision variables, the
//! variable each picks, and the choices on it (the default strategy is in
//! `Network::choices`).

use super::Network;
use super::choice::{Branch, Values};
use crate::branch::{Group, ValueOrder, VarOrder, draw, min_by};
use crate::var::Var;

impl Network {
    /// The words of bitset `v`.
    pub(super) fn words(&self, v: u32) -> &[u64] {
        let layout = &self.stat.vars[v as usize];
        let start = layout.start as usize;
        &self.st.words[start..start + layout.len as usize]
    }

    /// The `k`-th smallest value (from 0) of bitset `v`, which has more
    /// than `k` values.
    pub(super) fn nth_value(&self, v: u32, k: u64) -> i64 {
        let mut left = k;
        for (i, &w) in self.words(v).iter().enumerate() {
            let ones = u64::from(w.count_ones());
            if left < ones {
                let mut w = w;
                for _ in 0..left {
                    w &= w - 1;
                }
                let bit = i as i64 * 64 + i64::from(w.trailing_zeros());
                return self.stat.vars[v as usize].offset + bit;
            }
            left -= ones;
        }
        self.stat.vars[v as usize].offset
    }

    /// The largest value of non-empty bitset `v`.
    pub(super) fn highest(&self, v: u32) -> i64 {
        let words = self.words(v);
        let (i, w) = words
            .iter()
            .enumerate()
            .rev()
            .find(|(_, w)| **w != 0)
            .map_or((0, 1), |(i, w)| (i, *w));
        let bit = i as i64 * 64 + 63 - i64::from(w.leading_zeros());
        self.stat.vars[v as usize].offset + bit
    }

    /// The choices of the first group with an unfixed variable, if any.
    pub(super) fn group_choices(&self) -> Option<Values> {
        self.stat
            .groups
            .iter()
            .find_map(|group| self.pick(group).map(|v| self.split(v, group.value_order)))
    }

    /// The group's variable to branch on, by its order; ties go to the
    /// first listed.
    fn pick(&self, group: &Group) -> Option<u32> {
        let open = group.vars.iter().copied().filter(|&v| !self.is_fixed(v));
        match group.var_order {
            VarOrder::Input => open.into_iter().next(),
            VarOrder::SmallestDomain => min_by(open, |v| self.size(v) as u128),
            VarOrder::SmallestValue => min_by(open, |v| self.min_max(v).0 as i128),
            VarOrder::LargestValue => min_by(open, |v| -(self.min_max(v).1 as i128)),
            VarOrder::LargestDomain => min_by(open, |v| u64::MAX - self.size(v)),
            VarOrder::MostConstrained => {
                min_by(open, |v| (self.size(v), u32::MAX - self.degree(v)))
            }
            VarOrder::Occurrence => min_by(open, |v| u32::MAX - self.degree(v)),
            VarOrder::MaxRegret => min_by(open, |v| u128::MAX - self.regret(v)),
            VarOrder::DomWdeg => {
                let mut best: Option<(u32, u64, u64)> = None;
                for v in open {
                    let (size, weight) = (self.size(v), self.weight(v));
                    // size / weight < best_size / best_weight, exactly.
                    let better = best.is_none_or(|(_, s, w)| {
                        (size as u128) * (w as u128) < (s as u128) * (weight as u128)
                    });
                    if better {
                        best = Some((v, size, weight));
                    }
                }
                best.map(|(v, _, _)| v)
            }
        }
    }

    /// The number of constraints on `v`.
    fn degree(&self, v: u32) -> u32 {
        self.stat.degree.get(v as usize).copied().unwrap_or(0)
    }

    /// The difference between the two smallest values of unfixed `v`.
    fn regret(&self, v: u32) -> u128 {
        if self.stat.vars[v as usize].is_interval() {
            return 1;
        }
        (self.nth_value(v, 1) as i128 - self.nth_value(v, 0) as i128) as u128
    }

    /// A variable's weight for dom/wdeg: 1 plus the failures blamed on it.
    fn weight(&self, v: u32) -> u64 {
        1 + u64::from(self.st.weights.get(v as usize).copied().unwrap_or(0))
    }

    /// The choices on `v` in the order `order` asks for, as a binary
    /// choice after which the group's strategy chooses a variable afresh
    /// (as Gecode and the MiniZinc specification branch): `Min`, `Max` and
    /// `Median` try `v = a | v != a` for the smallest, largest or median
    /// value `a` (the lower of two medians), `Split` tries `v <= mid | v >
    /// mid` for the midpoint of the bounds rounded down, `SplitUpper` the
    /// other way round.
    ///
    /// An interval, which cannot leave a value out of its middle, makes
    /// `v != a` a bound (`v >= a + 1`, `v <= a - 1`) and, wider than 64
    /// values, is halved instead of tried value by value (see
    /// [`Values::interval`]); by `Median` it tries the middle `m` of the
    /// bounds, then `v < m`, then `v > m`.
    fn split(&self, v: u32, order: ValueOrder) -> Values {
        let var = Var {
            model: self.stat.model,
            index: v,
        };
        let (lo, hi) = self.min_max(v);
        if self.stat.vars[v as usize].is_interval() {
            return match order {
                ValueOrder::Min => Values::interval(var, lo, hi, false),
                ValueOrder::Max => Values::interval(var, lo, hi, true),
                ValueOrder::Median => {
                    let mid = lo + ((hi as i128 - lo as i128) / 2) as i64;
                    let mut list = vec![(Branch::Fix, mid)];
                    if mid > lo {
                        list.push((Branch::AtMost, mid - 1));
                    }
                    list.push((Branch::AtLeast, mid + 1));
                    Values::few(var, &list)
                }
                ValueOrder::Split => Values::halves(var, lo, hi, false),
                ValueOrder::SplitUpper => Values::halves(var, lo, hi, true),
                ValueOrder::Random(seed) => {
                    let span = (hi as i128 - lo as i128) as u128 + 1;
                    let offset = u128::from(draw(seed, v, lo, hi, span as u64)) % span;
                    // Within [lo, hi], so an i64, however wide the interval.
                    let r = (i128::from(lo) + offset as i128) as i64;
                    let mut list = vec![(Branch::Fix, r)];
                    if r > lo {
                        list.push((Branch::AtMost, r - 1));
                    }
                    if r < hi {
                        list.push((Branch::AtLeast, r + 1));
                    }
                    Values::few(var, &list)
                }
            };
        }
        match order {
            ValueOrder::Min => Values::fix_or_exclude(var, lo),
            ValueOrder::Max => Values::fix_or_exclude(var, hi),
            ValueOrder::Median => {
                let median = self.nth_value(v, (self.size(v) - 1) / 2);
                Values::fix_or_exclude(var, median)
            }
            ValueOrder::Split => Values::halves(var, lo, hi, false),
            ValueOrder::SplitUpper => Values::halves(var, lo, hi, true),
            ValueOrder::Random(seed) => {
                let size = self.size(v);
                let k = draw(seed, v, lo, hi, size) % size;
                Values::fix_or_exclude(var, self.nth_value(v, k))
            }
        }
    }
}
