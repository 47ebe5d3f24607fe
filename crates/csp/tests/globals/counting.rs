//! The counting globals with repeats: all different (plain, bounds,
//! domain), among, count, global cardinality, membership, min and max.

use proptest::prelude::*;

use super::{agree, domains, objective, pick, positions, vars_at};

/// Whether the values are pairwise different.
fn distinct(values: &[i64]) -> bool {
    (0..values.len()).all(|i| (i + 1..values.len()).all(|j| values[i] != values[j]))
}

/// How many of `values` equal `v`.
fn occurrences(values: &[i64], v: i64) -> i64 {
    values.iter().filter(|&&x| x == v).count() as i64
}

#[test]
fn global_cardinality_with_a_value_listed_twice_keeps_every_solution() {
    // [x, y] over 1..2, cover [1, 1], counts [c1, c2] over 0..2: both
    // counts are the number of 1s, so 4 solutions, one with x = y = 1 and
    // c1 = c2 = 2, where the largest c1 is.
    let mut m = csp::Model::new();
    let xs = m.vars(2, 1..=2).unwrap();
    let cs = m.vars(2, 0..=2).unwrap();
    m.global_cardinality(&xs, &[1, 1], &cs).unwrap();
    let mut all: Vec<Vec<i64>> = m
        .compile()
        .solutions(usize::MAX)
        .iter()
        .map(|s| s.values().to_vec())
        .collect();
    all.sort();
    assert_eq!(
        all,
        [[1, 1, 2, 2], [1, 2, 1, 1], [2, 1, 1, 1], [2, 2, 0, 0]]
    );
    m.maximize(cs[0]).unwrap();
    let report = m.compile().optimize(&backtrack::Limits::default(), |_| {});
    assert!(report.outcome.is_complete());
    assert_eq!(report.value.objective, Some(2));
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(300))]

    #[test]
    fn all_different_in_its_three_forms_with_repeated_variables(
        (d, xs, kind, goal) in (1usize..=5).prop_flat_map(|n| (domains(n), positions(n, 5), 0..3u8, objective(n))),
    ) {
        agree(
            &d,
            &|m, v| {
                let xs = vars_at(v, &xs);
                match kind {
                    0 => m.all_different(&xs),
                    1 => m.all_different_bounds(&xs),
                    _ => m.all_different_domain(&xs),
                }
            },
            &|a| distinct(&pick(a, &xs)),
            &goal,
        )?;
    }

    #[test]
    fn among_and_count_with_repeated_values_and_the_count_in_the_list(
        (d, xs, values, count, goal) in (1usize..=5).prop_flat_map(|n| (
            domains(n),
            positions(n, 5),
            prop::collection::vec(-1i64..=3, 0..=4),
            0..n,
            objective(n),
        )),
    ) {
        agree(
            &d,
            &|m, v| m.among(&vars_at(v, &xs), values.iter().copied(), v[count]),
            &|a| pick(a, &xs).iter().filter(|x| values.contains(x)).count() as i64 == a[count],
            &goal,
        )?;
    }

    #[test]
    fn global_cardinality_with_repeated_values_counts_and_variables(
        (d, xs, cover, goal) in (1usize..=5).prop_flat_map(|n| (
            domains(n),
            positions(n, 4),
            prop::collection::vec((-1i64..=3, 0..n), 0..=3),
            objective(n),
        )),
    ) {
        let values: Vec<i64> = cover.iter().map(|c| c.0).collect();
        let counts: Vec<usize> = cover.iter().map(|c| c.1).collect();
        agree(
            &d,
            &|m, v| m.global_cardinality(&vars_at(v, &xs), &values, &vars_at(v, &counts)),
            &|a| {
                let x = pick(a, &xs);
                values.iter().zip(&counts).all(|(&value, &c)| occurrences(&x, value) == a[c])
            },
            &goal,
        )?;
    }

    #[test]
    fn membership_with_repeated_values_and_its_boolean_the_same_variable(
        (d, b, x, values, half, goal) in (1usize..=4).prop_flat_map(|n| (
            domains(n),
            0..n,
            0..n,
            prop::collection::vec(-1i64..=3, 0..=4),
            any::<bool>(),
            objective(n),
        )),
    ) {
        agree(
            &d,
            &|m, v| {
                let values = values.iter().copied();
                if half { m.half_reify_in(v[b], v[x], values) } else { m.reify_in(v[b], v[x], values) }
            },
            &|a| {
                let inside = values.contains(&a[x]);
                (a[b] == 0 || a[b] == 1) && if half { a[b] == 0 || inside } else { (a[b] == 1) == inside }
            },
            &goal,
        )?;
    }

    #[test]
    fn min_and_max_with_repeated_arguments_and_the_result_among_them(
        (d, xs, z, max, goal) in (1usize..=5).prop_flat_map(|n| (
            domains(n),
            positions(n, 4),
            0..n,
            any::<bool>(),
            objective(n),
        )),
    ) {
        agree(
            &d,
            &|m, v| if max { m.max(&vars_at(v, &xs), v[z]) } else { m.min(&vars_at(v, &xs), v[z]) },
            &|a| {
                let x = pick(a, &xs);
                let e = if max { x.iter().max() } else { x.iter().min() };
                e == Some(&a[z])
            },
            &goal,
        )?;
    }
}

/// The domains that `count(list, value) == domains[count]` leaves, from
/// its two rules and the count's bounds applied until nothing changes:
/// `None` when one becomes empty. `list` holds positions of `domains`.
fn count_fixpoint(
    mut d: Vec<Vec<i64>>,
    list: &[usize],
    value: i64,
    count: usize,
) -> Option<Vec<Vec<i64>>> {
    loop {
        let before = d.clone();
        let possible = list.iter().filter(|&&i| d[i].contains(&value)).count() as i64;
        let sure = list.iter().filter(|&&i| d[i] == [value]).count() as i64;
        d[count].retain(|&c| sure <= c && c <= possible);
        let (lo, hi) = (*d[count].first()?, *d[count].last()?);
        let undecided: Vec<usize> = list.iter().copied().filter(|&i| d[i].len() > 1).collect();
        if hi == sure {
            for &i in &undecided {
                d[i].retain(|&x| x != value);
            }
        } else if lo == possible {
            for &i in &undecided {
                if d[i].contains(&value) {
                    d[i] = vec![value];
                }
            }
        }
        if d.iter().any(Vec::is_empty) {
            return None;
        }
        if d == before {
            return Some(d);
        }
    }
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(500))]

    #[test]
    fn count_of_one_value_with_a_variable_count_prunes_both_ways_at_the_root(
        (d, xs, value, count, goal) in (1usize..=5).prop_flat_map(|n| (
            domains(n),
            positions(n, 6),
            -1i64..=3,
            0..n,
            objective(n),
        )),
    ) {
        agree(
            &d,
            &|m, v| m.count(&vars_at(v, &xs), value, v[count]),
            &|a| occurrences(&pick(a, &xs), value) == a[count],
            &goal,
        )?;
        // The count's bounds become the sure and possible occurrences, and
        // at either bound the undecided lose the value or take it.
        let mut m = csp::Model::new();
        let vars: Vec<csp::Var> = d.iter().map(|d| m.var_in(d.iter().copied()).unwrap()).collect();
        m.count(&vars_at(&vars, &xs), value, vars[count]).unwrap();
        let network = m.compile();
        match count_fixpoint(d.clone(), &xs, value, count) {
            None => prop_assert!(network.is_failed()),
            Some(want) => {
                prop_assert!(!network.is_failed());
                prop_assert_eq!(network.domains(), want);
            }
        }
    }
}

/// The domains that `global_cardinality(list, cover, counts)` leaves (the
/// cover's values distinct), from its four rules applied until nothing
/// changes: each count between the places fixed to its value and those
/// that can take it; each within what the total leaves it (the places
/// within the cover at least, those meeting it at most); at a count's
/// largest value the others lose its value, at its smallest those that
/// can take it do. `None` when a domain becomes empty.
fn cardinality_fixpoint(
    mut d: Vec<Vec<i64>>,
    list: &[usize],
    cover: &[(i64, usize)],
) -> Option<Vec<Vec<i64>>> {
    loop {
        let before = d.clone();
        let fixed = |d: &[Vec<i64>], v: i64| list.iter().filter(|&&i| d[i] == [v]).count() as i64;
        let possible =
            |d: &[Vec<i64>], v: i64| list.iter().filter(|&&i| d[i].contains(&v)).count() as i64;
        let listed = |x: &i64| cover.iter().any(|c| c.0 == *x);
        let inside = list.iter().filter(|&&i| d[i].iter().all(listed)).count() as i64;
        let touching = list.iter().filter(|&&i| d[i].iter().any(listed)).count() as i64;
        for &(v, c) in cover {
            let (lo, hi) = (fixed(&d, v), possible(&d, v));
            d[c].retain(|&x| lo <= x && x <= hi);
            if d[c].is_empty() {
                return None;
            }
        }
        for (k, &(_, c)) in cover.iter().enumerate() {
            let others = cover.iter().enumerate().filter(|&(j, _)| j != k);
            let lo_rest: i64 = others.clone().map(|(_, o)| d[o.1][0]).sum();
            let hi_rest: i64 = others.map(|(_, o)| *d[o.1].last().unwrap()).sum();
            d[c].retain(|&x| inside - hi_rest <= x && x <= touching - lo_rest);
            if d[c].is_empty() {
                return None;
            }
        }
        for &(v, c) in cover {
            let (lo, hi) = (d[c][0], *d[c].last().unwrap());
            if hi == fixed(&d, v) {
                for &i in list {
                    if d[i] != [v] {
                        d[i].retain(|&x| x != v);
                    }
                }
            } else if lo == possible(&d, v) {
                for &i in list {
                    if d[i].contains(&v) {
                        d[i] = vec![v];
                    }
                }
            }
        }
        if d.iter().any(Vec::is_empty) {
            return None;
        }
        if d == before {
            return Some(d);
        }
    }
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(500))]

    #[test]
    fn global_cardinality_s_root_domains_are_its_rules_fixpoint(
        (d, xs, cover) in (1usize..=5).prop_flat_map(|n| (
            domains(n),
            positions(n, 5),
            prop::collection::vec((-1i64..=3, 0..n), 0..=3),
        )),
    ) {
        let mut cover = cover;
        cover.sort_by_key(|c| c.0);
        cover.dedup_by_key(|c| c.0);
        let mut m = csp::Model::new();
        let vars: Vec<csp::Var> = d.iter().map(|d| m.var_in(d.iter().copied()).unwrap()).collect();
        let values: Vec<i64> = cover.iter().map(|c| c.0).collect();
        let counts: Vec<csp::Var> = cover.iter().map(|c| vars[c.1]).collect();
        m.global_cardinality(&vars_at(&vars, &xs), &values, &counts).unwrap();
        let network = m.compile();
        match cardinality_fixpoint(d.clone(), &xs, &cover) {
            None => prop_assert!(network.is_failed()),
            Some(want) => {
                prop_assert!(!network.is_failed());
                prop_assert_eq!(network.domains(), want);
            }
        }
    }
}

#[test]
fn global_cardinality_with_a_closed_cover_counts_every_variable() {
    // Three variables on {1, 2}, counts c1 in 0..=3 and c2 in 0..=1: the
    // counts add up to 3, so c1 is at least 2, from the total alone.
    let mut m = csp::Model::new();
    let xs = m.vars(3, 1..=2).unwrap();
    let c1 = m.var(0..=3).unwrap();
    let c2 = m.var(0..=1).unwrap();
    m.global_cardinality(&xs, &[1, 2], &[c1, c2]).unwrap();
    let network = m.compile();
    assert_eq!(network.domain(c1), [2, 3]);
    assert_eq!(network.domain(c2), [0, 1]);
}
