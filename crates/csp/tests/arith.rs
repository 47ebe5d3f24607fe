//! Arithmetic on wide domains, each against an enumeration or plain
//! integer arithmetic in 128 bits: the edges of `i64`, square roots, the
//! gcd of an equality, `div` and `mod` by a wide divisor, a wide interval
//! enumerated in bounded depth, and a wide objective.

use backtrack::{Limits, Search};
use csp::{Model, Network, Rel, Var};

const ALL: std::ops::RangeInclusive<i64> = i64::MIN..=i64::MAX;

/// Every solution, as the values of `vars`, sorted; and the search's
/// statistics.
fn every(network: &Network, vars: &[Var]) -> (Vec<Vec<i64>>, backtrack::Stats) {
    let mut found = Vec::new();
    let mut search = Search::new(network.clone());
    let outcome = search.for_each(|n, _| {
        let s = n.solution().unwrap();
        found.push(vars.iter().map(|&v| s[v]).collect::<Vec<_>>());
        std::ops::ControlFlow::Continue(())
    });
    assert!(outcome.is_complete());
    found.sort();
    (found, search.stats())
}

#[test]
fn max_of_a_variable_fixed_at_the_smallest_i64_is_that_value() {
    for max in [true, false] {
        for edge in [i64::MIN, i64::MAX] {
            let mut m = Model::new();
            let x = m.var(edge..=edge).unwrap();
            let z = m.var(ALL).unwrap();
            if max {
                m.max(&[x], z).unwrap();
            } else {
                m.min(&[x], z).unwrap();
            }
            let (found, _) = every(&m.compile(), &[z]);
            assert_eq!(found, [[edge]], "max {max}, {edge}");
        }
    }
}

#[test]
fn min_max_abs_times_and_sums_hold_at_the_edges_of_i64() {
    let edges = [i64::MIN, i64::MIN + 1, -1, 0, 1, i64::MAX - 1, i64::MAX];
    for &a in &edges {
        for &b in &edges {
            let (wa, wb) = (i128::from(a), i128::from(b));
            // Each expected value in 128 bits; a result outside i64 has no
            // solution.
            let cases: [(&str, Option<i128>); 5] = [
                ("max", Some(wa.max(wb))),
                ("min", Some(wa.min(wb))),
                ("times", Some(wa * wb)),
                ("sum", Some(wa + wb)),
                ("abs", Some(wa.abs())),
            ];
            for (op, want) in cases {
                let mut m = Model::new();
                let (x, y) = (m.var(a..=a).unwrap(), m.var(b..=b).unwrap());
                let z = m.var(ALL).unwrap();
                match op {
                    "max" => m.max(&[x, y], z),
                    "min" => m.min(&[x, y], z),
                    "times" => m.times(x, y, z),
                    "sum" => m.linear(&[(1, x), (1, y), (-1, z)], Rel::Eq, 0),
                    _ => m.abs(x, z),
                }
                .unwrap();
                let (found, _) = every(&m.compile(), &[z]);
                let want: Vec<Vec<i64>> = want
                    .and_then(|w| i64::try_from(w).ok())
                    .map(|w| vec![vec![w]])
                    .unwrap_or_default();
                assert_eq!(found, want, "{op}({a}, {b})");
            }
        }
    }
}

#[test]
fn times_of_a_variable_by_itself_takes_square_roots() {
    // x * x = 10^6 over every i64: only ±1000, found at once.
    let mut m = Model::new();
    let x = m.var(ALL).unwrap();
    let z = m.var(1_000_000..=1_000_000).unwrap();
    m.times(x, x, z).unwrap();
    let (found, stats) = every(&m.compile(), &[x]);
    assert_eq!(found, [[-1000], [1000]]);
    assert!(stats.nodes < 100, "{stats:?}");
    // Against enumeration on small domains, the square's bounds any.
    for zl in -3..=40 {
        for zh in zl..=40 {
            let mut m = Model::new();
            let x = m.var(-7..=7).unwrap();
            let z = m.var(zl..=zh).unwrap();
            m.times(x, x, z).unwrap();
            let (found, _) = every(&m.compile(), &[x, z]);
            let want: Vec<Vec<i64>> = (-7i64..=7)
                .filter(|v| (zl..=zh).contains(&(v * v)))
                .map(|v| vec![v, v * v])
                .collect();
            assert_eq!(found, want, "z in {zl}..={zh}");
        }
    }
}

#[test]
fn times_narrows_an_unbounded_factor_from_a_fixed_product() {
    // x * y = 12 over every i64: the divisor pairs of 12, found without
    // stepping through the factors' values.
    let mut m = Model::new();
    let (x, y) = (m.var(ALL).unwrap(), m.var(ALL).unwrap());
    let z = m.var(12..=12).unwrap();
    m.times(x, y, z).unwrap();
    let (found, stats) = every(&m.compile(), &[x, y]);
    let want: Vec<Vec<i64>> = (-12i64..=12)
        .filter(|&d| d != 0 && 12 % d == 0)
        .map(|d| vec![d, 12 / d])
        .collect();
    assert_eq!(found, want);
    assert!(stats.nodes < 10_000, "{stats:?}");
}

#[test]
fn a_linear_equality_whose_gcd_does_not_divide_its_constant_fails_at_once() {
    // 2x - 2y = 1 has no integer solution: no bound of x or y ever meets
    // it, so without the gcd the bounds would close in one value a round.
    let mut m = Model::new();
    let (x, y) = (
        m.var(-1_000_000_000..=1_000_000_000).unwrap(),
        m.var(-1_000_000_000..=1_000_000_000).unwrap(),
    );
    m.linear(&[(2, x), (-2, y)], Rel::Eq, 1).unwrap();
    let started = std::time::Instant::now();
    assert!(m.compile().is_failed());
    assert!(started.elapsed().as_secs() < 5);
    // Once z is fixed, the open terms' gcd counts: 2x - 2y + 3z = 1.
    let mut m = Model::new();
    let (x, y) = (m.var(0..=1_000_000).unwrap(), m.var(0..=1_000_000).unwrap());
    let z = m.var(0..=1).unwrap();
    m.linear(&[(2, x), (-2, y), (3, z)], Rel::Eq, 1).unwrap();
    m.linear(&[(1, x)], Rel::Le, 2).unwrap();
    let (found, _) = every(&m.compile(), &[x, y, z]);
    // By hand: z must be odd (1), then 2x - 2y = -2, y = x + 1.
    assert_eq!(found, [[0, 1, 1], [1, 2, 1], [2, 3, 1]]);
}

#[test]
fn div_and_mod_by_a_wide_divisor_do_not_step_through_its_values() {
    let wide = -1_000_000_000..=1_000_000_000;
    for (modulo, z, x) in [
        (false, 7, 100),
        (true, 3, 100),
        (false, -4, 9),
        (true, -1, -7),
    ] {
        let mut m = Model::new();
        let xv = m.var(x..=x).unwrap();
        let y = m.var(wide.clone()).unwrap();
        let zv = m.var(z..=z).unwrap();
        if modulo {
            m.modulo(xv, y, zv).unwrap();
        } else {
            m.div(xv, y, zv).unwrap();
        }
        let started = std::time::Instant::now();
        let (found, _) = every(&m.compile(), &[y]);
        assert!(started.elapsed().as_secs() < 5, "{modulo} {x} {z}");
        // A divisor past |x| leaves the quotient 0 and the remainder x,
        // neither of which these z are: the y within |x| are all of them.
        let want: Vec<Vec<i64>> = (-x.abs()..=x.abs())
            .filter(|&d| d != 0 && if modulo { x % d == z } else { x / d == z })
            .map(|d| vec![d])
            .collect();
        assert_eq!(found, want, "mod {modulo}, x {x}, z {z}");
    }
}

#[test]
fn the_values_of_one_wide_interval_are_enumerated_in_bounded_depth() {
    let mut m = Model::new();
    m.var(0..=100_000).unwrap();
    let y = m.var(ALL).unwrap();
    m.linear(&[(1, y)], Rel::Ge, i64::MAX - 2).unwrap();
    assert_eq!(backtrack::count(m.compile()), 100_001 * 3);
    let mut search = Search::new({
        let mut m = Model::new();
        m.var(0..=1_000_000).unwrap();
        m.compile()
    });
    assert_eq!(search.count().complete(), Some(1_000_001));
    // Halved down to 64 values, then one frame for those: about 15 deep
    // where a frame per value would be a million.
    assert!(search.stats().max_depth <= 20, "{:?}", search.stats());
}

#[test]
fn maximizing_an_unbounded_variable_without_an_order_finds_its_top_at_once() {
    let mut m = Model::new();
    let x = m.var(ALL).unwrap();
    let y = m.var(0..=10).unwrap();
    m.linear(&[(1, x), (1, y)], Rel::Le, 1_000_000_000_007)
        .unwrap();
    m.maximize(x).unwrap();
    let report = m
        .compile()
        .optimize(&Limits::default().nodes(10_000), |_| {});
    assert!(report.outcome.is_complete(), "{:?}", report.value.stats);
    assert_eq!(report.value.objective, Some(1_000_000_000_007));
    assert_eq!(report.value.bound, Some(1_000_000_000_007));
}
