//! nvalue: the solutions against enumeration with repeated variables and
//! the count among them; and, over domains without holes with the count
//! at most some `k`, the domains after the propagation at the root against
//! the values the solutions use (domain consistency of "at most `k`
//! values" on intervals) and the count's smallest value against the
//! fewest values of any solution.

use csp::{Model, Var};
use proptest::prelude::*;

use super::{agree, domains, enumerate, objective, pick, positions, used, vars_at};

/// The number of distinct values.
fn distinct(values: &[i64]) -> i64 {
    let mut v = values.to_vec();
    v.sort_unstable();
    v.dedup();
    v.len() as i64
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(300))]

    #[test]
    fn nvalue_over_repeated_variables_with_the_count_among_them(
        (d, xs, n, goal) in (1usize..=5).prop_flat_map(|n| (
            domains(n),
            positions(n, 5),
            0..n,
            objective(n),
        )),
    ) {
        agree(
            &d,
            &|m, v| m.nvalue(v[n], &vars_at(v, &xs)),
            &|a| a[n] == distinct(&pick(a, &xs)),
            &goal,
        )?;
    }

    #[test]
    fn nvalue_root_domains_over_ranges_are_those_of_the_solutions(
        (ranges, k) in (
            prop::collection::vec((-1i64..=4, 0i64..=3), 0..=5),
            0i64..=5,
        ),
    ) {
        // Variables: the count in 0..=k, then one per range.
        let mut d: Vec<Vec<i64>> = vec![(0..=k).collect()];
        d.extend(ranges.iter().map(|&(lo, len)| (lo..=lo + len).collect::<Vec<i64>>()));
        let solutions = enumerate(&d, &|a| a[0] == distinct(&a[1..]));
        let mut m = Model::new();
        let vars: Vec<Var> = d.iter().map(|d| m.var_in(d.iter().copied()).unwrap()).collect();
        m.nvalue(vars[0], &vars[1..]).unwrap();
        let network = m.compile();
        prop_assert_eq!(network.is_failed(), solutions.is_empty(), "failed at the root");
        if !solutions.is_empty() {
            for (k, &x) in vars.iter().enumerate().skip(1) {
                prop_assert_eq!(network.domain(x), used(&solutions, k), "variable {}", k);
            }
            let fewest = used(&solutions, 0)[0];
            prop_assert_eq!(network.domain(vars[0])[0], fewest, "fewest");
        }
    }
}

#[test]
fn nvalue_of_no_variables_is_zero() {
    let mut m = Model::new();
    let n = m.var(-2..=2).unwrap();
    m.nvalue(n, &[]).unwrap();
    assert_eq!(m.compile().domain(n), [0]);
}

#[test]
fn nvalue_at_its_most_takes_the_fixed_values_from_the_others() {
    // 1, 3 and two free variables, 4 values: each free one brings a new
    // value, neither 1 nor 3: the last is 2, so the other 0.
    let mut m = Model::new();
    let xs = [
        m.var(1..=1).unwrap(),
        m.var(3..=3).unwrap(),
        m.var(0..=3).unwrap(),
        m.var(1..=3).unwrap(),
    ];
    let n = m.var(4..=4).unwrap();
    m.nvalue(n, &xs).unwrap();
    let network = m.compile();
    assert_eq!(network.domain(xs[2]), [0]);
    assert_eq!(network.domain(xs[3]), [2]);
}
