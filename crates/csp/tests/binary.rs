//! The model's search branches as MiniZinc and Gecode define it: a binary
//! choice `x = v | x != v` (or a split in two), after each branch of which
//! the group's strategy chooses a variable afresh, ties going to the
//! variable listed first.

use backtrack::{Kind, Problem};
use csp::{Branch, Choice, Model, Rel, ValueOrder, Var, VarOrder};
use proptest::prelude::*;

use crate::constraints::{constraint, domains, generate_and_test, model};

/// The labels of the root's children and of the first child of each.
fn first_levels(m: &Model) -> (Vec<String>, Vec<String>) {
    let trace = backtrack::trace(m.compile(), 10_000, |_, c: Choice| c.to_string());
    let children = |parent| {
        trace
            .nodes
            .iter()
            .enumerate()
            .filter(move |(_, n)| n.parent == Some(parent))
    };
    let top: Vec<(usize, String)> = children(0).map(|(i, n)| (i, n.label.clone())).collect();
    let below = top
        .iter()
        .filter_map(|&(i, _)| children(i).next().map(|(_, n)| n.label.clone()))
        .collect();
    (top.into_iter().map(|(_, l)| l).collect(), below)
}

#[test]
fn after_x_ne_v_first_fail_chooses_the_variable_afresh() {
    // x in 1..4, y in 1..5, and x != 1 implies y <= 2: first-fail takes x
    // (4 values), tries x = 1, else x != 1, which leaves y two values and
    // x three: y is chosen next, not x again.
    let mut m = Model::new();
    let x = m.var(1..=4).unwrap();
    let y = m.var(1..=5).unwrap();
    let is_one = m.bool_var().unwrap();
    let small = m.bool_var().unwrap();
    m.reify_linear(is_one, &[(1, x)], Rel::Eq, 1).unwrap();
    m.reify_linear(small, &[(1, y)], Rel::Le, 2).unwrap();
    m.clause(&[is_one, small], &[]).unwrap();
    m.branch(&[x, y], VarOrder::SmallestDomain, ValueOrder::Min)
        .unwrap();
    let (top, below) = first_levels(&m);
    assert_eq!(top, ["x0 = 1", "x0 != 1"]);
    assert_eq!(below, ["x1 = 1", "x1 = 1"]);
    // The same solutions as ever: x = 1 with any y, or y <= 2 with any x.
    assert_eq!(backtrack::count(m.compile()), 5 + 3 * 2);
}

#[test]
fn each_branch_kind_displays_as_the_constraint_it_adds() {
    let (_, q) = csp::puzzle::queens(4).unwrap();
    let shown: Vec<String> = [
        Branch::Fix,
        Branch::Exclude,
        Branch::AtMost,
        Branch::AtLeast,
    ]
    .into_iter()
    .map(|kind| {
        Choice {
            var: q[3],
            value: -2,
            kind,
        }
        .to_string()
    })
    .collect();
    assert_eq!(shown, ["x3 = -2", "x3 != -2", "x3 <= -2", "x3 >= -2"]);
    let exclude = Choice {
        var: q[1],
        value: 7,
        kind: Branch::Exclude,
    };
    assert_eq!(
        serde_json::to_string(&exclude).unwrap(),
        r#"{"var":1,"value":7,"kind":"exclude"}"#
    );
}

#[test]
fn ties_between_variables_go_to_the_first_listed_not_the_lowest_index() {
    for order in [
        VarOrder::SmallestDomain,
        VarOrder::LargestDomain,
        VarOrder::MostConstrained,
        VarOrder::Occurrence,
        VarOrder::MaxRegret,
        VarOrder::DomWdeg,
    ] {
        let mut m = Model::new();
        let vars: Vec<Var> = (0..3).map(|_| m.var(1..=3).unwrap()).collect();
        m.branch(&[vars[2], vars[0], vars[1]], order, ValueOrder::Min)
            .unwrap();
        let first = m.compile().choices().next().unwrap();
        assert_eq!(first.var, vars[2], "{order:?}");
    }
}

#[test]
fn the_minizinc_variable_orders_pick_as_the_specification_defines() {
    // a: 2 values, in one constraint; b: 5 values 1, 2, 3, 4, 5 in three;
    // c: 3 values 0, 4, 9 in two; d: 2 values 7, 8, in three.
    let mut m = Model::new();
    let a = m.var(0..=1).unwrap();
    let b = m.var(1..=5).unwrap();
    let c = m.var_in([0, 4, 9]).unwrap();
    let d = m.var(7..=8).unwrap();
    m.not_equal(a, b, 0).unwrap();
    m.not_equal(b, c, 0).unwrap();
    m.not_equal(b, d, 0).unwrap();
    m.not_equal(c, d, 0).unwrap();
    m.not_equal(d, d, 1).unwrap();
    let cases = [
        (VarOrder::LargestDomain, b),
        (VarOrder::SmallestDomain, a),
        (VarOrder::MostConstrained, d),
        (VarOrder::Occurrence, b),
        (VarOrder::MaxRegret, c),
    ];
    for (order, want) in cases {
        let mut m = m.clone();
        m.branch(&[a, b, c, d], order, ValueOrder::Min).unwrap();
        let first = m.compile().choices().next().unwrap();
        assert_eq!(first.var, want, "{order:?}");
    }
}

#[test]
fn a_value_order_makes_one_binary_choice_on_its_value() {
    let mut m = Model::new();
    let x = m.var_in([1, 3, 4, 8, 9, 10]).unwrap();
    let cases = [
        (ValueOrder::Min, (Branch::Fix, 1), (Branch::Exclude, 1)),
        (ValueOrder::Max, (Branch::Fix, 10), (Branch::Exclude, 10)),
        (ValueOrder::Median, (Branch::Fix, 4), (Branch::Exclude, 4)),
        (ValueOrder::Split, (Branch::AtMost, 5), (Branch::AtLeast, 6)),
        (
            ValueOrder::SplitUpper,
            (Branch::AtLeast, 6),
            (Branch::AtMost, 5),
        ),
    ];
    for (order, first, second) in cases {
        let mut m = m.clone();
        m.branch(&[x], VarOrder::Input, order).unwrap();
        let got: Vec<(Branch, i64)> = m.compile().choices().map(|c| (c.kind, c.value)).collect();
        assert_eq!(got, [first, second], "{order:?}");
    }
}

#[test]
fn an_interval_excludes_its_end_as_a_bound() {
    let mut m = Model::new();
    m.intervals_above(4);
    let x = m.var(-3..=6).unwrap();
    for (order, want) in [
        (ValueOrder::Min, [(Branch::Fix, -3), (Branch::AtLeast, -2)]),
        (ValueOrder::Max, [(Branch::Fix, 6), (Branch::AtMost, 5)]),
    ] {
        let mut m = m.clone();
        m.branch(&[x], VarOrder::Input, order).unwrap();
        let got: Vec<(Branch, i64)> = m.compile().choices().map(|c| (c.kind, c.value)).collect();
        assert_eq!(got, want, "{order:?}");
        assert_eq!(backtrack::count(m.compile()), 10);
    }
}

/// The order of the group: a permutation of the variables.
fn permutation(n: usize) -> impl Strategy<Value = Vec<usize>> {
    Just((0..n).collect::<Vec<_>>()).prop_shuffle()
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(300))]

    /// Whatever the propagation, input order with the smallest (largest)
    /// value first finds the lexicographically smallest (largest) solution
    /// in the group's order first.
    #[test]
    fn input_order_finds_the_lexicographic_extreme_first(
        (domains, constraints, order) in (1usize..=4).prop_flat_map(|n| (
            domains(n),
            prop::collection::vec(constraint(n), 0..=3),
            permutation(n),
        )),
        largest in any::<bool>(),
    ) {
        let (mut m, vars) = model(false, &domains, &constraints);
        let group: Vec<Var> = order.iter().map(|&i| vars[i]).collect();
        let value_order = if largest { ValueOrder::Max } else { ValueOrder::Min };
        m.branch(&group, VarOrder::Input, value_order).unwrap();
        let first = m.compile().solutions(1).first().map(|s| group.iter().map(|&v| s[v]).collect::<Vec<i64>>());
        let all = generate_and_test(&domains, &constraints)
            .into_iter()
            .map(|s| order.iter().map(|&i| s[i]).collect::<Vec<i64>>());
        let want = if largest { all.max() } else { all.min() };
        prop_assert_eq!(first, want);
    }
}

#[test]
fn a_trace_of_a_model_names_every_choice_it_tried() {
    let (mut m, q) = csp::puzzle::queens(4).unwrap();
    m.branch(&q, VarOrder::Input, ValueOrder::Min).unwrap();
    let trace = backtrack::trace(m.compile(), 1_000, |_, c: Choice| c.to_string());
    let solutions = trace
        .nodes
        .iter()
        .filter(|n| n.kind == Kind::Solution)
        .count();
    assert_eq!(solutions, 2);
    assert!(trace.nodes.iter().any(|n| n.label == "x0 != 0"), "{trace}");
}
