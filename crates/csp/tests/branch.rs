//! Search strategies: every order finds the same solutions as the default
//! (only in another order), the default's order is kept, and each value
//! order tries its values as it says.

use csp::{Model, ValueOrder, Var, VarOrder, puzzle};
use proptest::prelude::*;

use crate::constraints::{constraint, domains, generate_and_test, model};

const VAR_ORDERS: [VarOrder; 9] = [
    VarOrder::LargestDomain,
    VarOrder::MostConstrained,
    VarOrder::Occurrence,
    VarOrder::MaxRegret,
    VarOrder::Input,
    VarOrder::SmallestDomain,
    VarOrder::SmallestValue,
    VarOrder::LargestValue,
    VarOrder::DomWdeg,
];
const VALUE_ORDERS: [ValueOrder; 7] = [
    ValueOrder::Min,
    ValueOrder::Max,
    ValueOrder::Median,
    ValueOrder::Split,
    ValueOrder::SplitUpper,
    ValueOrder::Random(7),
    ValueOrder::Random(0x5eed),
];

fn values(m: &Model, vars: &[Var]) -> Vec<Vec<i64>> {
    m.compile()
        .solutions(usize::MAX)
        .iter()
        .map(|s| vars.iter().map(|&v| s[v]).collect())
        .collect()
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(200))]

    #[test]
    fn every_strategy_finds_the_generated_solutions_each_once(
        (domains, constraints, group) in (1usize..=4).prop_flat_map(|n| (
            domains(n),
            prop::collection::vec(constraint(n), 0..=3),
            prop::sample::subsequence((0..n).collect::<Vec<_>>(), 0..=n),
        )),
        var_order in prop::sample::select(VAR_ORDERS.to_vec()),
        value_order in prop::sample::select(VALUE_ORDERS.to_vec()),
    ) {
        let (mut m, vars) = model(false, &domains, &constraints);
        let picked: Vec<Var> = group.iter().map(|&i| vars[i]).collect();
        m.branch(&picked, var_order, value_order).unwrap();
        let mut found = values(&m, &vars);
        let all = found.len();
        found.sort();
        found.dedup();
        prop_assert_eq!(found.len(), all, "a solution found twice");
        prop_assert_eq!(found, generate_and_test(&domains, &constraints));
        prop_assert_eq!(backtrack::count(m.compile()), all as u128);
    }
}

#[test]
fn the_default_order_of_solutions_is_kept_without_groups() {
    let (m, q) = puzzle::queens(6).unwrap();
    let found = values(&m, &q);
    assert_eq!(
        found,
        [
            [1, 3, 5, 0, 2, 4],
            [2, 5, 1, 4, 0, 3],
            [3, 0, 4, 1, 5, 2],
            [4, 2, 0, 5, 3, 1]
        ]
    );
}

#[test]
fn each_value_order_tries_its_values_as_documented() {
    let orders = [
        (ValueOrder::Min, vec![1, 2, 3, 4, 5]),
        (ValueOrder::Max, vec![5, 4, 3, 2, 1]),
        // x = 3 | x != 3, then the median of 1, 2, 4, 5 (the lower, 2),
        // then of 1, 4, 5, and so on.
        (ValueOrder::Median, vec![3, 2, 4, 1, 5]),
        (ValueOrder::Split, vec![1, 2, 3, 4, 5]),
        (ValueOrder::SplitUpper, vec![5, 4, 3, 2, 1]),
    ];
    for (order, expected) in orders {
        let mut m = Model::new();
        let x = m.var(1..=5).unwrap();
        m.branch(&[x], VarOrder::Input, order).unwrap();
        assert_eq!(values(&m, &[x]).concat(), expected, "{order:?}");
    }
}

#[test]
fn groups_are_branched_on_in_order_and_the_rest_by_default() {
    let mut m = Model::new();
    let x = m.var(0..=1).unwrap();
    let y = m.var(0..=1).unwrap();
    let z = m.var(0..=1).unwrap();
    m.branch(&[z], VarOrder::Input, ValueOrder::Max).unwrap();
    m.branch(&[y], VarOrder::Input, ValueOrder::Min).unwrap();
    let found = values(&m, &[x, y, z]);
    assert_eq!(
        found,
        [
            [0, 0, 1],
            [1, 0, 1],
            [0, 1, 1],
            [1, 1, 1],
            [0, 0, 0],
            [1, 0, 0],
            [0, 1, 0],
            [1, 1, 0]
        ]
    );
}

#[test]
fn variable_orders_pick_as_documented() {
    // x in 5..=9, y in 0..=2, z in 3..=20: the first pick of each order.
    let cases = [
        (VarOrder::Input, 0),
        (VarOrder::SmallestDomain, 1),
        (VarOrder::SmallestValue, 1),
        (VarOrder::LargestValue, 2),
        (VarOrder::DomWdeg, 1),
    ];
    for (order, first) in cases {
        let mut m = Model::new();
        let vars = [
            m.var(5..=9).unwrap(),
            m.var(0..=2).unwrap(),
            m.var(3..=20).unwrap(),
        ];
        m.branch(&vars, order, ValueOrder::Min).unwrap();
        let network = m.compile();
        let choice = backtrack::Problem::choices(&network).next().unwrap();
        assert_eq!(choice.var, vars[first], "{order:?}");
    }
}

#[test]
fn dom_wdeg_counts_every_n_queens_solution() {
    for (n, count) in [(6, 4), (8, 92)] {
        let (mut m, q) = puzzle::queens(n).unwrap();
        m.branch(&q, VarOrder::DomWdeg, ValueOrder::Min).unwrap();
        assert_eq!(backtrack::count(m.compile()), count);
    }
}

#[test]
fn splitting_a_wide_domain_halves_it() {
    let mut m = Model::new();
    let x = m.var(-2000..=2000).unwrap();
    m.branch(&[x], VarOrder::Input, ValueOrder::Split).unwrap();
    let network = m.compile();
    let choices: Vec<_> = backtrack::Problem::choices(&network).collect();
    assert_eq!(choices.len(), 2);
    assert_eq!(
        (choices[0].kind, choices[0].value),
        (csp::Branch::AtMost, 0)
    );
    assert_eq!(
        (choices[1].kind, choices[1].value),
        (csp::Branch::AtLeast, 1)
    );
    assert_eq!(backtrack::count(m.compile()), 4001);
}

#[test]
fn restarts_find_a_first_solution_the_same_every_time() {
    let limits = backtrack::Limits::default();
    for restarts in [
        csp::Restarts::Luby { scale: 4 },
        csp::Restarts::geometric(4, 1.5).unwrap(),
    ] {
        let (mut m, q) = puzzle::queens(20).unwrap();
        m.branch(&q, VarOrder::DomWdeg, ValueOrder::Median).unwrap();
        let network = m.compile();
        let first = network.first_with_restarts(restarts, &limits);
        assert!(first.outcome.is_complete());
        let s = first.value.unwrap();
        let cols: Vec<i64> = q.iter().map(|&v| s[v]).collect();
        // A solution, checked on its own: no two queens attack.
        for i in 0..20 {
            for j in i + 1..20 {
                assert!(cols[i] != cols[j] && (cols[i] - cols[j]).abs() != (j - i) as i64);
            }
        }
        let again = network
            .first_with_restarts(restarts, &limits)
            .value
            .unwrap();
        assert_eq!(again, s);
    }
}

#[test]
fn restarts_report_no_solution_as_complete_and_a_budget_as_stopped() {
    let (m, _) = puzzle::queens(3).unwrap();
    let r = m.compile().first_with_restarts(
        csp::Restarts::Luby { scale: 1 },
        &backtrack::Limits::default(),
    );
    assert_eq!((r.value, r.outcome.is_complete()), (None, true));
    let (m, _) = puzzle::queens(12).unwrap();
    let limits = backtrack::Limits::default().nodes(3);
    let r = m
        .compile()
        .first_with_restarts(csp::Restarts::Luby { scale: 1 }, &limits);
    assert!(r.value.is_none());
    assert_eq!(
        r.outcome,
        backtrack::Outcome::Stopped(backtrack::Stop::NodeLimit)
    );
}

#[test]
fn a_random_value_order_finds_every_value_of_an_interval_once_by_its_seed() {
    let mut m = Model::new();
    m.intervals_above(4);
    let x = m.var(-3..=200).unwrap();
    let order = |seed| {
        let mut m = m.clone();
        m.branch(&[x], VarOrder::Input, ValueOrder::Random(seed))
            .unwrap();
        let found: Vec<i64> = values(&m, &[x]).into_iter().map(|s| s[0]).collect();
        let mut sorted = found.clone();
        sorted.sort_unstable();
        assert_eq!(sorted, (-3..=200).collect::<Vec<_>>(), "seed {seed}");
        found
    };
    assert_eq!(order(1), order(1));
    assert_ne!(order(1), order(2));
    assert_ne!(order(1), (-3..=200).collect::<Vec<_>>());
}
