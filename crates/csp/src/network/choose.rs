//! The user's search strategy: the groups of decision variables, the
//! variable each picks, and the choices on it (the default strategy is in
//! `Network::choices`).

use super::Network;
use super::choice::{Branch, Choice, Values};
use crate::branch::{Group, ValueOrder, VarOrder};
use crate::var::Var;

impl Network {
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

    /// A variable's weight for dom/wdeg: 1 plus the failures blamed on it.
    fn weight(&self, v: u32) -> u64 {
        1 + u64::from(self.st.weights.get(v as usize).copied().unwrap_or(0))
    }

    /// The choices on `v` in the order `order` asks for. An interval, which
    /// may be too wide to list, is cut instead of listed: `Min` and `Max`
    /// take up to 64 values one by one, and halve a wider interval first
    /// (see [`Values::interval`]); `Median` tries the middle `m` of the
    /// bounds, then `v < m`, then `v > m`.
    fn split(&self, v: u32, order: ValueOrder) -> Values {
        let var = Var {
            model: self.stat.model,
            index: v,
        };
        let ascending = || self.values_of(v);
        if self.stat.vars[v as usize].is_interval()
            && matches!(
                order,
                ValueOrder::Min | ValueOrder::Max | ValueOrder::Median
            )
        {
            return self.cut(var, order);
        }
        match order {
            ValueOrder::Min => ascending(),
            ValueOrder::Max => {
                let mut list: Vec<Choice> = ascending().collect();
                list.reverse();
                Values::listed(var, list)
            }
            ValueOrder::Median => {
                let mut list: Vec<Choice> = ascending().collect();
                let median = list.remove((list.len() - 1) / 2);
                list.insert(0, median);
                Values::listed(var, list)
            }
            ValueOrder::Split | ValueOrder::SplitUpper => {
                let (lo, hi) = self.min_max(v);
                Values::halves(var, lo, hi, order == ValueOrder::SplitUpper)
            }
        }
    }
}

impl Network {
    /// The choices on an unfixed interval by `Min`, `Max` or `Median` (see
    /// [`split`](Network::split)).
    fn cut(&self, var: Var, order: ValueOrder) -> Values {
        let (lo, hi) = self.min_max(var.index);
        let at = |kind, value| Choice { var, value, kind };
        // lo < hi: every value below stays within the bounds.
        match order {
            ValueOrder::Median => {
                let mid = lo + ((hi as i128 - lo as i128) / 2) as i64;
                let mut list = vec![Choice::fix(var, mid)];
                if mid > lo {
                    list.push(at(Branch::AtMost, mid - 1));
                }
                list.push(at(Branch::AtLeast, mid + 1));
                Values::listed(var, list)
            }
            _ => Values::interval(var, lo, hi, order == ValueOrder::Max),
        }
    }
}

/// The first item with the smallest key.
fn min_by<K: Ord>(items: impl Iterator<Item = u32>, key: impl Fn(u32) -> K) -> Option<u32> {
    let mut best: Option<(u32, K)> = None;
    for v in items {
        let k = key(v);
        if best.as_ref().is_none_or(|(_, b)| k < *b) {
            best = Some((v, k));
        }
    }
    best.map(|(v, _)| v)
}
