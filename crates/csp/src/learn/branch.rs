//! The decisions of a search that learns that follow the model's branching
//! groups (a FlatZinc search annotation): the first group with an unfixed
//! variable picks one by its order and narrows it as its value order asks,
//! one branch only (the other follows from the clause the failures of this
//! one teach, as in any search that learns).

use crate::branch::{Group, ValueOrder, VarOrder, min_by};
use crate::domain::Store;

/// One decision: a variable and how it is narrowed.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(super) enum Decision {
    /// `x = a`.
    Fix(u32, i64),
    /// `x <= a`.
    AtMost(u32, i64),
    /// `x >= a`.
    AtLeast(u32, i64),
}

impl Decision {
    /// Whether it narrows the domain and keeps a value.
    pub(super) fn narrows(self, store: &Store<'_>) -> bool {
        match self {
            Decision::Fix(v, a) => store.size(v) > 1 && store.contains(v, a),
            Decision::AtMost(v, a) => store.min(v) <= a && a < store.max(v),
            Decision::AtLeast(v, a) => store.min(v) < a && a <= store.max(v),
        }
    }

    /// Makes the decision; it takes a value of the domain, so it does not
    /// fail (propagation then may).
    pub(super) fn apply(self, store: &mut Store<'_>) {
        let result = match self {
            Decision::Fix(v, a) => store.assign(v, a),
            Decision::AtMost(v, a) => store.set_max(v, a).map(drop),
            Decision::AtLeast(v, a) => store.set_min(v, a).map(drop),
        };
        debug_assert!(result.is_ok(), "a decision takes a value of the domain");
    }
}

/// The decision of the first group with an unfixed variable, if any.
pub(super) fn group_decision(store: &Store<'_>, groups: &[Group]) -> Option<Decision> {
    groups.iter().find_map(|group| {
        let v = pick(store, group)?;
        Some(narrow(store, v, group.value_order))
    })
}

/// The group's unfixed variable its order picks; ties go to the first
/// listed.
fn pick(store: &Store<'_>, group: &Group) -> Option<u32> {
    let mut open = group.vars.iter().copied().filter(|&v| store.size(v) > 1);
    let degree = |v: u32| store.stat.degree.get(v as usize).copied().unwrap_or(0);
    match group.var_order {
        VarOrder::Input => open.next(),
        VarOrder::SmallestDomain => min_by(open, |v| store.size(v)),
        VarOrder::SmallestValue => min_by(open, |v| store.min(v)),
        VarOrder::LargestValue => min_by(open, |v| std::cmp::Reverse(store.max(v))),
        VarOrder::LargestDomain => min_by(open, |v| std::cmp::Reverse(store.size(v))),
        VarOrder::MostConstrained => {
            min_by(open, |v| (store.size(v), std::cmp::Reverse(degree(v))))
        }
        VarOrder::Occurrence => min_by(open, |v| std::cmp::Reverse(degree(v))),
        VarOrder::MaxRegret => min_by(open, |v| {
            let mut values = store.values(v);
            let first = values.next().unwrap_or(0);
            let second = values.next().unwrap_or(first);
            std::cmp::Reverse(second as i128 - first as i128)
        }),
        VarOrder::DomWdeg => {
            let weight =
                |v: u32| 1 + u64::from(store.st.weights.get(v as usize).copied().unwrap_or(0));
            // size / weight, smallest first, compared exactly.
            let mut best: Option<(u32, u64, u64)> = None;
            for v in open {
                let (size, w) = (store.size(v), weight(v));
                if best.is_none_or(|(_, s, bw)| {
                    u128::from(size) * u128::from(bw) < u128::from(s) * u128::from(w)
                }) {
                    best = Some((v, size, w));
                }
            }
            best.map(|(v, _, _)| v)
        }
    }
}

/// The first branch on unfixed `v` by `order` (as the search without
/// learning branches: `Split` halves the bounds rounded down, `Median` takes
/// the lower median value).
fn narrow(store: &Store<'_>, v: u32, order: ValueOrder) -> Decision {
    let (lo, hi) = (store.min(v), store.max(v));
    let mid = lo + ((i128::from(hi) - i128::from(lo)) / 2) as i64;
    match order {
        ValueOrder::Min => Decision::Fix(v, lo),
        ValueOrder::Max => Decision::Fix(v, hi),
        ValueOrder::Median if store.stat.vars[v as usize].is_interval() => Decision::Fix(v, mid),
        ValueOrder::Median => {
            let k = (store.size(v) - 1) / 2;
            Decision::Fix(v, store.values(v).nth(k as usize).unwrap_or(lo))
        }
        ValueOrder::Split => Decision::AtMost(v, mid),
        ValueOrder::SplitUpper => Decision::AtLeast(v, mid + 1),
        ValueOrder::Random(seed) => {
            let size = store.size(v);
            let k = crate::branch::draw(seed, v, lo, hi, size);
            if store.stat.vars[v as usize].is_interval() {
                let span = (i128::from(hi) - i128::from(lo)) as u128 + 1;
                Decision::Fix(v, (i128::from(lo) + (u128::from(k) % span) as i128) as i64)
            } else {
                let k = k % size;
                Decision::Fix(v, store.values(v).nth(k as usize).unwrap_or(lo))
            }
        }
    }
}
