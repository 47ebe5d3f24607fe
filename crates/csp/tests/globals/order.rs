//! The order globals: increasing and decreasing, strict or not, and
//! value_precede with its chain: the solutions against enumeration with
//! repeated variables (and values), and the domains after the propagation
//! at the root against the values the solutions use: the bounds for
//! increasing (bounds consistency, holes inside the domains), every value
//! for value_precede (domain consistency).

use csp::{Model, Var};
use proptest::prelude::*;

use super::{agree, domains, enumerate, objective, pick, positions, used, vars_at};

/// Whether consecutive values are in order: `<=` or `<`, increasing or
/// decreasing.
fn in_order(values: &[i64], strict: bool, decreasing: bool) -> bool {
    values.windows(2).all(|w| {
        let (a, b) = if decreasing {
            (w[1], w[0])
        } else {
            (w[0], w[1])
        };
        if strict { a < b } else { a <= b }
    })
}

/// Whether, if some value is `t`, an earlier one is `s`.
fn precedes(values: &[i64], s: i64, t: i64) -> bool {
    match values.iter().position(|&v| v == t) {
        None => true,
        Some(j) => values[..j].contains(&s),
    }
}

/// Posts one of the four order constraints: bit 0 strict, bit 1
/// decreasing.
fn post_order(m: &mut Model, xs: &[Var], kind: u8) -> Result<(), csp::Error> {
    match kind {
        0 => m.increasing(xs),
        1 => m.strictly_increasing(xs),
        2 => m.decreasing(xs),
        _ => m.strictly_decreasing(xs),
    }
}

/// The model of `d` (bitsets) with `post` on its variables, compiled, and
/// each variable's domain after the root propagation; `None` if it failed.
fn root_domains(d: &[Vec<i64>], post: &dyn Fn(&mut Model, &[Var])) -> Option<Vec<Vec<i64>>> {
    let mut m = Model::new();
    let vars: Vec<Var> = d
        .iter()
        .map(|d| m.var_in(d.iter().copied()).unwrap())
        .collect();
    post(&mut m, &vars);
    let network = m.compile();
    (!network.is_failed()).then(|| vars.iter().map(|&v| network.domain(v)).collect())
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(300))]

    #[test]
    fn increasing_and_decreasing_strict_or_not_over_repeated_variables(
        (d, xs, kind, goal) in (1usize..=5).prop_flat_map(|n| (
            domains(n),
            positions(n, 5),
            0..4u8,
            objective(n),
        )),
    ) {
        agree(
            &d,
            &|m, v| post_order(m, &vars_at(v, &xs), kind),
            &|a| in_order(&pick(a, &xs), kind & 1 == 1, kind & 2 == 2),
            &goal,
        )?;
    }

    #[test]
    fn increasing_root_bounds_are_those_of_the_solutions(
        (d, kind) in (1usize..=5).prop_flat_map(|n| (domains(n), 0..4u8)),
    ) {
        let (strict, decreasing) = (kind & 1 == 1, kind & 2 == 2);
        let solutions = enumerate(&d, &|a| in_order(a, strict, decreasing));
        let root = root_domains(&d, &|m, v| post_order(m, v, kind).unwrap());
        prop_assert_eq!(root.is_none(), solutions.is_empty(), "failed at the root");
        for (k, domain) in root.iter().flatten().enumerate() {
            let values = used(&solutions, k);
            prop_assert_eq!(
                (domain.first(), domain.last()),
                (values.first(), values.last()),
                "bounds of variable {}", k
            );
        }
    }

    #[test]
    fn value_precede_over_repeated_variables_and_equal_values(
        (d, xs, s, t, goal) in (1usize..=5).prop_flat_map(|n| (
            domains(n),
            positions(n, 5),
            -1i64..=3,
            -1i64..=3,
            objective(n),
        )),
    ) {
        agree(
            &d,
            &|m, v| m.value_precede(s, t, &vars_at(v, &xs)),
            &|a| precedes(&pick(a, &xs), s, t),
            &goal,
        )?;
    }

    #[test]
    fn value_precede_root_domains_are_those_of_the_solutions(
        (d, s, t) in (1usize..=5).prop_flat_map(|n| (domains(n), -1i64..=3, -1i64..=3)),
    ) {
        let solutions = enumerate(&d, &|a| precedes(a, s, t));
        let root = root_domains(&d, &|m, v| m.value_precede(s, t, v).unwrap());
        prop_assert_eq!(root.is_none(), solutions.is_empty(), "failed at the root");
        for (k, domain) in root.iter().flatten().enumerate() {
            prop_assert_eq!(domain, &used(&solutions, k), "variable {}", k);
        }
    }

    #[test]
    fn value_precede_chain_of_repeated_values_over_repeated_variables(
        (d, xs, chain, goal) in (1usize..=5).prop_flat_map(|n| (
            domains(n),
            positions(n, 5),
            prop::collection::vec(-1i64..=3, 0..=4),
            objective(n),
        )),
    ) {
        agree(
            &d,
            &|m, v| m.value_precede_chain(&chain, &vars_at(v, &xs)),
            &|a| {
                let values = pick(a, &xs);
                chain.windows(2).all(|p| precedes(&values, p[0], p[1]))
            },
            &goal,
        )?;
    }

    #[test]
    fn value_precede_chain_root_domains_are_those_of_its_pairs_posted_one_by_one(
        (d, chain) in (1usize..=6).prop_flat_map(|n| (
            domains(n),
            prop::sample::subsequence((-1i64..=3).collect::<Vec<i64>>(), 0..=5).prop_shuffle(),
        )),
    ) {
        let whole = root_domains(&d, &|m, v| m.value_precede_chain(&chain, v).unwrap());
        let pairs = root_domains(&d, &|m, v| {
            for p in chain.windows(2) {
                m.value_precede(p[0], p[1], v).unwrap();
            }
        });
        prop_assert_eq!(whole, pairs);
    }
}

#[test]
fn a_strict_order_over_a_repeated_variable_has_no_solution() {
    let mut m = Model::new();
    let [x, y] = [m.var(0..=9).unwrap(), m.var(0..=9).unwrap()];
    m.strictly_increasing(&[x, y, x]).unwrap();
    assert_eq!(backtrack::count(m.compile()), 0);
}

#[test]
fn value_precede_chain_breaks_the_symmetry_of_interchangeable_colours() {
    // Colourings of a path of 5 nodes with 3 colours: 3 * 2^4 = 48. In the
    // order of the colours, one per partition of the nodes: the 42 that
    // use all 3 colours make 42 / 3! = 7, the 6 that alternate 2 make 1.
    let mut m = Model::new();
    let nodes = m.vars(5, 1..=3).unwrap();
    for w in nodes.windows(2) {
        m.not_equal(w[0], w[1], 0).unwrap();
    }
    assert_eq!(backtrack::count(m.clone().compile()), 48);
    m.value_precede_chain(&[1, 2, 3], &nodes).unwrap();
    assert_eq!(backtrack::count(m.compile()), 8);
}
