//! Linear bounds propagation against a fixpoint computed on lists of
//! values: after propagation the network's domains are exactly the
//! reference's, neither wider (propagation too weak) nor narrower (a value
//! of some solution of the bounds removed), on bitsets and on intervals,
//! at the root and after fixing variables. Constraints `x != y + c` beside
//! the sums on bitsets remove values inside the bounds and at them, which
//! must wake the sums.

use csp::{Model, Network, Rel, Var};
use proptest::prelude::*;

/// `sum(coef * x) rel rhs` over variable positions.
#[derive(Clone, Debug)]
struct Sum {
    terms: Vec<(i64, usize)>,
    rel: Rel,
    rhs: i64,
}

/// The terms merged by variable, without zeros, and the relation as `<=`
/// or `==`: `>=` negates both sides, `<` and `>` move `rhs` by one.
fn normal(sum: &Sum) -> (Vec<(i128, usize)>, bool, i128) {
    let mut terms: Vec<(i128, usize)> = Vec::new();
    for &(a, x) in &sum.terms {
        match terms.iter_mut().find(|(_, y)| *y == x) {
            Some((b, _)) => *b += i128::from(a),
            None => terms.push((i128::from(a), x)),
        }
    }
    terms.retain(|&(a, _)| a != 0);
    let rhs = i128::from(sum.rhs);
    let (negate, eq, rhs) = match sum.rel {
        Rel::Eq => (false, true, rhs),
        Rel::Le => (false, false, rhs),
        Rel::Lt => (false, false, rhs - 1),
        Rel::Ge => (true, false, -rhs),
        Rel::Gt => (true, false, -rhs - 1),
        Rel::Ne => unreachable!("not a bounds constraint"),
    };
    if negate {
        for t in &mut terms {
            t.0 = -t.0;
        }
    }
    (terms, eq, rhs)
}

/// The smallest and largest values of `a * x` over `x`'s values.
fn extremes(a: i128, values: &[i64]) -> (i128, i128) {
    let products = values.iter().map(|&x| a * i128::from(x));
    (products.clone().min().unwrap(), products.max().unwrap())
}

/// `x != y + c`.
type Differ = (usize, usize, i64);

/// Removes from each domain the values that no choice of the other terms
/// within their bounds can complete, one term at a time, and the value a
/// fixed variable forbids another by a `x != y + c`, until nothing
/// changes; `None` when a domain runs empty or a constraint without
/// variables fails.
fn fixpoint(mut domains: Vec<Vec<i64>>, sums: &[Sum], differs: &[Differ]) -> Option<Vec<Vec<i64>>> {
    let sums: Vec<_> = sums.iter().map(normal).collect();
    loop {
        let mut changed = false;
        for &(x, y, c) in differs {
            if x == y {
                if c == 0 {
                    return None;
                }
                continue;
            }
            for (fixed, other, forbidden) in [(x, y, -c), (y, x, c)] {
                if let [value] = domains[fixed][..] {
                    let before = domains[other].len();
                    domains[other].retain(|&v| v != value + forbidden);
                    if domains[other].is_empty() {
                        return None;
                    }
                    changed |= domains[other].len() != before;
                }
            }
        }
        for (terms, eq, rhs) in &sums {
            if terms.is_empty() && (*rhs < 0 || *eq && *rhs != 0) {
                return None;
            }
            for (i, &(a, x)) in terms.iter().enumerate() {
                let (mut lo, mut hi) = (0i128, 0i128);
                for (j, &(b, y)) in terms.iter().enumerate() {
                    if j != i {
                        let (l, h) = extremes(b, &domains[y]);
                        lo += l;
                        hi += h;
                    }
                }
                let before = domains[x].len();
                domains[x].retain(|&v| {
                    let t = a * i128::from(v);
                    t <= rhs - lo && (!eq || t >= rhs - hi)
                });
                if domains[x].is_empty() {
                    return None;
                }
                changed |= domains[x].len() != before;
            }
        }
        if !changed {
            return Some(domains);
        }
    }
}

/// The model of the sums and differences over `domains`: bitsets (with
/// holes), or, with `intervals`, intervals from each domain's smallest to
/// largest value.
fn network(
    domains: &[Vec<i64>],
    sums: &[Sum],
    differs: &[Differ],
    intervals: bool,
) -> (Network, Vec<Var>) {
    let mut m = Model::new();
    if intervals {
        m.intervals_above(0);
    }
    let vars: Vec<Var> = domains
        .iter()
        .map(|d| m.var_in(d.iter().copied()).unwrap())
        .collect();
    for sum in sums {
        let terms: Vec<(i64, Var)> = sum.terms.iter().map(|&(a, x)| (a, vars[x])).collect();
        m.linear(&terms, sum.rel, sum.rhs).unwrap();
    }
    for &(x, y, c) in differs {
        m.not_equal(vars[x], vars[y], c).unwrap();
    }
    (m.compile(), vars)
}

/// What the network holds: its domains, or `None` when it failed.
fn held(network: &Network) -> Option<Vec<Vec<i64>>> {
    (!network.is_failed()).then(|| network.domains())
}

/// Non-empty domains: subsets of values near 0 or across words, or, for
/// intervals, ranges.
fn domains(n: usize, intervals: bool) -> BoxedStrategy<Vec<Vec<i64>>> {
    if intervals {
        prop::collection::vec(
            (-70i64..=70, 0i64..=80).prop_map(|(lo, len)| (lo..=lo + len).collect()),
            n,
        )
        .boxed()
    } else {
        let mut palette: Vec<i64> = (-6..=6).chain([-130, -64, 63, 64, 65, 127, 200]).collect();
        palette.sort_unstable();
        prop::collection::vec(prop::sample::subsequence(palette, 1..=12), n).boxed()
    }
}

fn sums(n: usize) -> impl Strategy<Value = Vec<Sum>> {
    let rel = prop::sample::select(vec![Rel::Eq, Rel::Le, Rel::Lt, Rel::Ge, Rel::Gt]);
    let sum = (
        prop::collection::vec((-3i64..=3, 0..n), 1..=4),
        rel,
        -40i64..=40,
    )
        .prop_map(|(terms, rel, rhs)| Sum { terms, rel, rhs });
    prop::collection::vec(sum, 1..=3)
}

/// Differences on bitsets only: on an interval, `x != y + c` removes a
/// value when `x` is fixed, if it is a bound then, and not later when a
/// bound reaches it.
fn differs(n: usize, intervals: bool) -> impl Strategy<Value = Vec<Differ>> {
    let most = if intervals { 0 } else { 3 };
    prop::collection::vec((0..n, 0..n, -3i64..=3), 0..=most)
}

fn case() -> impl Strategy<Value = (Vec<Vec<i64>>, Vec<Sum>, Vec<Differ>, bool)> {
    (1usize..=4, any::<bool>()).prop_flat_map(|(n, intervals)| {
        (
            domains(n, intervals),
            sums(n),
            differs(n, intervals),
            Just(intervals),
        )
    })
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(600))]

    #[test]
    fn linear_bounds_reach_exactly_the_fixpoint_of_the_reference(
        (domains, sums, differs, intervals) in case(),
        givens in prop::collection::vec((0usize..4, any::<prop::sample::Index>()), 0..=2),
    ) {
        let (mut network, vars) = network(&domains, &sums, &differs, intervals);
        let Some(mut expected) = fixpoint(domains, &sums, &differs) else {
            prop_assert!(network.is_failed());
            return Ok(());
        };
        if network.is_failed() && no_integers_meet(&expected, &sums) {
            return Ok(());
        }
        prop_assert_eq!(held(&network), Some(expected.clone()));
        // Fixing variables wakes the sums on the changes, not from scratch.
        for (x, pick) in givens {
            let x = x % vars.len();
            let value = *pick.get(&expected[x]);
            network.fix(&[(vars[x], value)]).unwrap();
            expected[x] = vec![value];
            match fixpoint(expected, &sums, &differs) {
                Some(narrowed) => expected = narrowed,
                None => {
                    prop_assert!(network.is_failed());
                    return Ok(());
                }
            }
            if network.is_failed() && no_integers_meet(&expected, &sums) {
                return Ok(());
            }
            prop_assert_eq!(held(&network), Some(expected.clone()));
        }
    }
}

/// Whether some equality's unfixed coefficients have a gcd that does not
/// divide what they must sum to, in `domains`: then no integers meet it,
/// and the propagator may fail where bounds alone would not.
fn no_integers_meet(domains: &[Vec<i64>], sums: &[Sum]) -> bool {
    fn gcd(a: i128, b: i128) -> i128 {
        if b == 0 { a.abs() } else { gcd(b, a % b) }
    }
    sums.iter().map(normal).any(|(terms, eq, rhs)| {
        let (mut g, mut rest) = (0, rhs);
        for (a, x) in terms {
            match domains[x][..] {
                [value] => rest -= a * i128::from(value),
                _ => g = gcd(g, a),
            }
        }
        eq && g > 1 && rest % g != 0
    })
}

/// `d = x - y` with holes in `d`: a bound that lands in a hole moves past
/// it, and the other variables follow.
#[test]
fn a_difference_whose_bound_lands_in_a_hole_narrows_again() {
    let domains = vec![vec![0, 1, 2, 3, 4], vec![0, 1], vec![0, 1, 5, 6]];
    let sums = [Sum {
        terms: vec![(1, 0), (-1, 1), (-1, 2)],
        rel: Rel::Eq,
        rhs: 0,
    }];
    let (network, _) = network(&domains, &sums, &[], false);
    let expected = fixpoint(domains, &sums, &[]).unwrap();
    // d <= 4 - 0 leaves d <= 1, so x <= 1 + 1.
    assert_eq!(expected, [vec![0, 1, 2], vec![0, 1], vec![0, 1]]);
    assert_eq!(held(&network), Some(expected));
}

/// `x != y - 6` removes `y`'s largest value when `x` is fixed to 0, which
/// fixes `y` and must wake `y - z >= 5`, a sum without `x`. (The domains'
/// offsets differ: one that `x` shared would take the path of the
/// shifted words instead.)
#[test]
fn a_value_removed_at_a_bound_wakes_the_sums_on_that_bound() {
    let domains = vec![vec![0, 1], (1..=6).collect(), (0..=5).collect()];
    let sums = [Sum {
        terms: vec![(1, 1), (-1, 2)],
        rel: Rel::Ge,
        rhs: 5,
    }];
    let differs = [(0, 1, -6)];
    let (mut network, vars) = network(&domains, &sums, &differs, false);
    assert_eq!(network.domains(), [vec![0, 1], vec![5, 6], vec![0, 1]]);
    network.fix(&[(vars[0], 0)]).unwrap();
    let expected = fixpoint(vec![vec![0], vec![5, 6], vec![0, 1]], &sums, &differs);
    assert_eq!(expected, Some(vec![vec![0], vec![5], vec![0]]));
    assert_eq!(held(&network), expected);
}
