//! Bounds-consistent all-different against a naive Hall-interval checker,
//! and the domain-consistent one against the solutions it allows.

use csp::{Model, Var};
use proptest::prelude::*;

/// Whether the bounds are at a Hall fixpoint: no interval holds more
/// variables' bounds than values, and none that is full has another
/// variable's bound inside. Every interval of the values is tried.
fn is_hall_fixpoint(bounds: &[(i64, i64)]) -> bool {
    let lo = bounds.iter().map(|b| b.0).min().unwrap_or(0);
    let hi = bounds.iter().map(|b| b.1).max().unwrap_or(0);
    for a in lo..=hi {
        for b in a..=hi {
            let inside = bounds.iter().filter(|&&(x, y)| a <= x && y <= b).count() as i64;
            if inside > b - a + 1 {
                return false;
            }
            if inside == b - a + 1 {
                let leaks = bounds.iter().any(|&(x, y)| {
                    !(a <= x && y <= b) && ((a <= x && x <= b) || (a <= y && y <= b))
                });
                if leaks {
                    return false;
                }
            }
        }
    }
    true
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(500))]

    #[test]
    fn all_different_bounds_reaches_the_hall_fixpoint(
        ranges in prop::collection::vec((-4i64..=4, 0i64..=4), 1..=6),
    ) {
        let mut m = Model::new();
        let vars: Vec<Var> = ranges.iter().map(|&(lo, w)| m.var(lo..=lo + w).unwrap()).collect();
        m.all_different_bounds(&vars).unwrap();
        let network = m.compile();
        if !network.is_failed() {
            let bounds: Vec<(i64, i64)> = vars
                .iter()
                .map(|&v| {
                    let d = network.domain(v);
                    (d[0], d[d.len() - 1])
                })
                .collect();
            prop_assert!(is_hall_fixpoint(&bounds), "{:?} from {:?}", bounds, ranges);
        } else {
            // Failed: then there is no solution at all.
            prop_assert_eq!(backtrack::count(network), 0);
        }
    }
}

/// The values of each domain that some assignment of all the variables to
/// different values uses, by trying every assignment; empty lists when
/// there is none.
fn used_by_some_solution(domains: &[Vec<i64>]) -> Vec<Vec<i64>> {
    fn go(d: &[Vec<i64>], a: &mut Vec<i64>, used: &mut [Vec<i64>]) {
        if a.len() == d.len() {
            for (u, &x) in used.iter_mut().zip(a.iter()) {
                u.push(x);
            }
            return;
        }
        for &x in &d[a.len()] {
            if !a.contains(&x) {
                a.push(x);
                go(d, a, used);
                a.pop();
            }
        }
    }
    let mut used = vec![Vec::new(); domains.len()];
    go(domains, &mut Vec::new(), &mut used);
    for u in &mut used {
        u.sort_unstable();
        u.dedup();
    }
    used
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(500))]

    #[test]
    fn all_different_domain_keeps_exactly_the_values_of_solutions(
        domains in prop::collection::vec(
            prop::sample::subsequence((-3i64..=3).collect::<Vec<_>>(), 1..=7),
            1..=6,
        ),
    ) {
        let mut m = Model::new();
        let vars: Vec<Var> = domains.iter().map(|d| m.var_in(d.iter().copied()).unwrap()).collect();
        m.all_different_domain(&vars).unwrap();
        let network = m.compile();
        let expected = used_by_some_solution(&domains);
        if network.is_failed() {
            prop_assert!(expected.iter().all(|u| u.is_empty()), "{:?}", domains);
        } else {
            let found: Vec<Vec<i64>> = vars.iter().map(|&v| network.domain(v)).collect();
            prop_assert_eq!(found, expected, "from {:?}", domains);
        }
    }
}

#[test]
fn a_pair_that_fills_two_values_takes_them_from_a_third() {
    let mut m = Model::new();
    let domains = [vec![1, 2], vec![1, 2], vec![1, 2, 3]];
    let vars: Vec<Var> = domains
        .iter()
        .map(|d| m.var_in(d.iter().copied()).unwrap())
        .collect();
    m.all_different_domain(&vars).unwrap();
    let network = m.compile();
    let found: Vec<Vec<i64>> = vars.iter().map(|&v| network.domain(v)).collect();
    assert_eq!(found, [vec![1, 2], vec![1, 2], vec![3]]);
}
