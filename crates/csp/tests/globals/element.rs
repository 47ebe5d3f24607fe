//! Element over constants and over variables, the index counted from any
//! first value: the solutions against enumeration, and the domains of the
//! index and the result after the propagation at the root against the
//! values some solution uses (domain consistency), with distinct index,
//! result and entries, the entries and the constants repeated.

use csp::Model;
use proptest::prelude::*;

use super::{agree, domains, objective, positions, vars_at};

/// Entry `i - first` of `array`, if there is one.
fn entry<T: Copy>(array: &[T], first: i64, i: i64) -> Option<T> {
    usize::try_from(i - first)
        .ok()
        .and_then(|i| array.get(i).copied())
}

/// Every assignment of the domains, in lexicographic order.
fn assignments(domains: &[Vec<i64>]) -> Vec<Vec<i64>> {
    let mut all = vec![vec![]];
    for d in domains {
        all = all
            .into_iter()
            .flat_map(|a: Vec<i64>| {
                d.iter().map(move |&v| {
                    let mut b = a.clone();
                    b.push(v);
                    b
                })
            })
            .collect();
    }
    all
}

/// The values variable `k` takes in the solutions, ascending.
fn used(solutions: &[Vec<i64>], k: usize) -> Vec<i64> {
    let mut values: Vec<i64> = solutions.iter().map(|a| a[k]).collect();
    values.sort_unstable();
    values.dedup();
    values
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(300))]

    #[test]
    fn element_var_counted_from_any_first_index_with_repeats(
        (d, index, first, array, value, goal) in (1usize..=4).prop_flat_map(|n| (
            domains(n),
            0..n,
            -2i64..=2,
            positions(n, 4),
            0..n,
            objective(n),
        )),
    ) {
        agree(
            &d,
            &|m, v| m.element_var_from(v[index], first, &vars_at(v, &array), v[value]),
            &|a| entry(&array, first, a[index]).map(|e| a[e]) == Some(a[value]),
            &goal,
        )?;
    }

    #[test]
    fn element_counted_from_any_first_index_over_repeated_constants(
        (d, index, first, array, value, goal) in (1usize..=4).prop_flat_map(|n| (
            domains(n),
            0..n,
            -2i64..=2,
            prop::collection::vec(-1i64..=3, 0..=5),
            0..n,
            objective(n),
        )),
    ) {
        agree(
            &d,
            &|m, v| m.element_from(v[index], first, &array, v[value]),
            &|a| entry(&array, first, a[index]) == Some(a[value]),
            &goal,
        )?;
    }

    #[test]
    fn element_var_root_domains_of_index_and_result_are_those_of_the_solutions(
        (index, value, entries, array, first) in (1usize..=4).prop_flat_map(|n| (
            domains(1),
            domains(1),
            domains(n),
            positions(n, 4),
            -2i64..=2,
        )),
    ) {
        // Variables: the index, the result, then the entries.
        let d: Vec<Vec<i64>> = [index, value, entries].concat();
        let holds = |a: &[i64]| {
            entry(&array, first, a[0]).map(|e| a[2 + e]) == Some(a[1])
        };
        let solutions: Vec<Vec<i64>> = assignments(&d).into_iter().filter(|a| holds(a)).collect();
        let mut m = Model::new();
        let vars: Vec<_> = d.iter().map(|d| m.var_in(d.iter().copied()).unwrap()).collect();
        let list: Vec<_> = array.iter().map(|&e| vars[2 + e]).collect();
        m.element_var_from(vars[0], first, &list, vars[1]).unwrap();
        let network = m.compile();
        if solutions.is_empty() {
            prop_assert!(network.is_failed());
        } else {
            prop_assert!(!network.is_failed());
            prop_assert_eq!(network.domain(vars[0]), used(&solutions, 0), "index");
            prop_assert_eq!(network.domain(vars[1]), used(&solutions, 1), "result");
        }
    }

    #[test]
    fn element_root_domains_of_index_and_result_are_those_of_the_solutions(
        (index, value, array) in (
            domains(1),
            domains(1),
            prop::collection::vec(-1i64..=3, 0..=6),
        ),
    ) {
        let d: Vec<Vec<i64>> = [index, value].concat();
        let solutions: Vec<Vec<i64>> = assignments(&d)
            .into_iter()
            .filter(|a| entry(&array, 0, a[0]) == Some(a[1]))
            .collect();
        let mut m = Model::new();
        let vars: Vec<_> = d.iter().map(|d| m.var_in(d.iter().copied()).unwrap()).collect();
        m.element(vars[0], &array, vars[1]).unwrap();
        let network = m.compile();
        if solutions.is_empty() {
            prop_assert!(network.is_failed());
        } else {
            prop_assert!(!network.is_failed());
            prop_assert_eq!(network.domain(vars[0]), used(&solutions, 0), "index");
            prop_assert_eq!(network.domain(vars[1]), used(&solutions, 1), "result");
        }
    }
}

/// Up to 8 values within 39 of each other (a bitset under
/// `intervals_above(40)`), starting anywhere in `-150..=110`: variables'
/// words start at offsets that differ.
fn window() -> impl Strategy<Value = Vec<i64>> {
    (-150i64..=110, prop::collection::btree_set(0i64..=38, 1..=8))
        .prop_map(|(shift, s)| s.into_iter().map(|v| shift + v).collect())
}

/// An entry: a window's values, or a range wider than 40 values (an
/// interval under `intervals_above(40)`).
fn wide_domain() -> impl Strategy<Value = Vec<i64>> {
    prop_oneof![
        window(),
        (-150i64..=100, 41i64..=60).prop_map(|(lo, w)| (lo..=lo + w).collect()),
    ]
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(300))]

    /// Element over variables whose domains lie far apart, some of them
    /// intervals: the index keeps an entry sharing a value with the
    /// result, the result the values some kept entry has.
    #[test]
    fn element_var_over_wide_and_interval_entries_is_domain_consistent(
        (intervals, value) in any::<bool>().prop_flat_map(|intervals| (
            Just(intervals),
            if intervals {
                window().boxed()
            } else {
                // Spread over several words.
                prop::collection::btree_set(-150i64..=150, 1..=12)
                    .prop_map(|s| s.into_iter().collect())
                    .boxed()
            },
        )),
        index in prop::collection::btree_set(0i64..=4, 1..=5),
        entries in prop::collection::vec(wide_domain(), 5),
    ) {
        let mut m = Model::new();
        if intervals {
            m.intervals_above(40);
        }
        let i = m.var_in(index.iter().copied()).unwrap();
        let z = m.var_in(value.iter().copied()).unwrap();
        let list: Vec<_> = entries
            .iter()
            .map(|e| m.var_in(e.iter().copied()).unwrap())
            .collect();
        m.element_var(i, &list, z).unwrap();
        let network = m.compile();
        let kept: Vec<i64> = index
            .iter()
            .copied()
            .filter(|&k| entries[k as usize].iter().any(|v| value.contains(v)))
            .collect();
        let mut reached: Vec<i64> = kept
            .iter()
            .flat_map(|&k| entries[k as usize].iter().copied())
            .filter(|v| value.contains(v))
            .collect();
        reached.sort_unstable();
        reached.dedup();
        if kept.is_empty() {
            prop_assert!(network.is_failed());
        } else {
            prop_assert!(!network.is_failed());
            prop_assert_eq!(network.domain(i), kept, "index");
            prop_assert_eq!(network.domain(z), reached, "result");
        }
    }
}
