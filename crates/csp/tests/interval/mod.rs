//! Interval domains: random small models forced to intervals against
//! generate-and-test and against their bitsets, undo, the value orders,
//! and models at the edges of `i64` (in `edge`).

mod edge;

use backtrack::Problem;
use csp::{Model, Network, ValueOrder, Var, VarOrder};
use proptest::prelude::*;

use crate::constraints::{
    Constraint, constraint, domains, generate_and_test, model_with_intervals_above,
};

/// The solutions, as values of `vars`, in the search's order.
fn in_order(network: &Network, vars: &[Var]) -> Vec<Vec<i64>> {
    network
        .solutions(usize::MAX)
        .iter()
        .map(|s| vars.iter().map(|&v| s[v]).collect())
        .collect()
}

fn sorted(mut found: Vec<Vec<i64>>) -> Vec<Vec<i64>> {
    found.sort();
    found
}

/// The model with every variable spanning more than `above` values an
/// interval, its variables branched on in input order by `order` (the
/// default search without `order`).
fn build(
    above: usize,
    shared: bool,
    domains: &[Vec<i64>],
    constraints: &[Constraint],
    order: Option<ValueOrder>,
) -> (Model, Vec<Var>) {
    let (mut m, vars) = model_with_intervals_above(above, shared, domains, constraints);
    if let Some(order) = order {
        m.branch(&vars, VarOrder::Input, order).unwrap();
    }
    (m, vars)
}

fn value_order() -> impl Strategy<Value = Option<ValueOrder>> {
    prop::option::of(prop::sample::select(vec![
        ValueOrder::Min,
        ValueOrder::Max,
        ValueOrder::Median,
        ValueOrder::Split,
        ValueOrder::SplitUpper,
    ]))
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(300))]

    #[test]
    fn intervals_find_exactly_the_generated_solutions(
        (domains, constraints) in (1usize..=4).prop_flat_map(|n| (domains(n), prop::collection::vec(constraint(n), 0..=4))),
        shared in any::<bool>(),
        above in 1usize..=8,
        order in value_order(),
    ) {
        let (m, vars) = build(above, shared, &domains, &constraints, order);
        let network = m.compile();
        let expected = generate_and_test(&domains, &constraints);
        prop_assert_eq!(sorted(in_order(&network, &vars)), expected.clone());
        prop_assert_eq!(backtrack::count(network), expected.len() as u128);
    }

    #[test]
    fn intervals_give_the_solutions_of_bitsets_in_the_same_order(
        (domains, constraints) in (1usize..=4).prop_flat_map(|n| (domains(n), prop::collection::vec(constraint(n), 0..=4))),
        order in prop::sample::select(vec![ValueOrder::Min, ValueOrder::Max]),
    ) {
        // Input order and one value at a time: lexicographic (or its
        // reverse) whatever propagation prunes.
        let (bits, vars) = build(csp::MAX_DOMAIN, false, &domains, &constraints, Some(order));
        let (wide, same) = build(1, false, &domains, &constraints, Some(order));
        prop_assert_eq!(in_order(&wide.compile(), &same), in_order(&bits.compile(), &vars));
    }

    #[test]
    fn undo_restores_interval_bounds_exactly(
        (domains, constraints) in (1usize..=4).prop_flat_map(|n| (domains(n), prop::collection::vec(constraint(n), 0..=4))),
        picks in prop::collection::vec(0usize..8, 0..6),
        shared in any::<bool>(),
        order in value_order(),
    ) {
        let (m, vars) = build(1, shared, &domains, &constraints, order);
        let mut network = m.compile();
        let snapshot = |n: &Network| {
            let bounds: Vec<_> = vars.iter().map(|&v| n.bounds(v)).collect();
            (n.domains(), bounds, n.is_failed())
        };
        let mut path = Vec::new();
        let mut states = vec![snapshot(&network)];
        for pick in picks {
            let choices: Vec<_> = network.choices().collect();
            for &c in &choices {
                network.apply(c);
                network.undo(c);
                prop_assert_eq!(&snapshot(&network), states.last().unwrap());
            }
            let Some(&c) = choices.get(pick % choices.len().max(1)) else { break };
            network.apply(c);
            path.push(c);
            states.push(snapshot(&network));
        }
        while let Some(c) = path.pop() {
            network.undo(c);
            states.pop();
            prop_assert_eq!(&snapshot(&network), states.last().unwrap());
        }
    }
}

#[test]
fn a_list_of_values_wider_than_a_bitset_keeps_its_bounds_on_them() {
    let mut m = Model::new();
    let x = m.var_in([i64::MAX, 0, i64::MIN, 7]).unwrap();
    let network = m.compile();
    assert_eq!(network.bounds(x), Some((i64::MIN, i64::MAX)));
    let found: Vec<i64> = network.solutions(10).iter().map(|s| s[x]).collect();
    assert_eq!(found, [i64::MIN, 0, 7, i64::MAX]);
}
