//! Every propagator against generate-and-test on random small models, and
//! undo against the state before apply.

use backtrack::Problem;
use csp::{Model, Network, Rel, Var};
use proptest::prelude::*;

use crate::constraints::{Constraint, constraint, domains, generate_and_test, model, palette};

fn found(network: &Network, vars: &[Var]) -> Vec<Vec<i64>> {
    let mut found: Vec<Vec<i64>> = network
        .solutions(usize::MAX)
        .iter()
        .map(|s| vars.iter().map(|&v| s[v]).collect())
        .collect();
    found.sort();
    found
}

/// The whole observable state: every domain and the failure flag.
fn snapshot(network: &Network) -> (Vec<Vec<i64>>, bool) {
    (network.domains(), network.is_failed())
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(400))]

    #[test]
    fn propagation_finds_exactly_the_generated_solutions(
        (domains, constraints) in (1usize..=4).prop_flat_map(|n| (domains(n), prop::collection::vec(constraint(n), 0..=4))),
        shared in any::<bool>(),
    ) {
        let (m, vars) = model(shared, &domains, &constraints);
        let network = m.compile();
        let expected = generate_and_test(&domains, &constraints);
        let got = found(&network, &vars);
        prop_assert_eq!(&got, &expected);
        prop_assert_eq!(backtrack::count(network.clone()), expected.len() as u128);
    }

    #[test]
    fn undo_restores_every_domain_exactly(
        (domains, constraints) in (1usize..=4).prop_flat_map(|n| (domains(n), prop::collection::vec(constraint(n), 0..=4))),
        picks in prop::collection::vec(0usize..8, 0..6),
        shared in any::<bool>(),
    ) {
        let (m, _) = model(shared, &domains, &constraints);
        let mut network = m.compile();
        // Down a path of choices, checking every sibling on the way.
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

    #[test]
    fn all_different_on_shared_domains_finds_exactly_the_generated_solutions(
        (domains, constraints) in (2usize..=6).prop_flat_map(|n| (
            prop::collection::vec(prop::sample::subsequence(palette(false), 1..=7), n),
            prop::collection::vec(constraint(n), 0..=2),
        )),
        shared in any::<bool>(),
        picks in prop::collection::vec(0usize..8, 0..6),
    ) {
        // One all-different over every variable, so the hidden singles of
        // a full range (as many values as variables) come up often.
        let n = domains.len();
        let all = Constraint::AllDifferent((0..n).collect());
        let constraints: Vec<Constraint> = std::iter::once(all).chain(constraints).collect();
        let (m, vars) = model(shared, &domains, &constraints);
        let expected = generate_and_test(&domains, &constraints);
        let mut network = m.compile();
        prop_assert_eq!(&found(&network, &vars), &expected);
        // Down a path: at every state that has not failed, a fixed value is
        // gone from the other variables (at least forward checking).
        for pick in picks {
            if !network.is_failed() {
                for &x in &vars {
                    if let Some(value) = network.value(x) {
                        for &y in vars.iter().filter(|&&y| y != x) {
                            prop_assert!(!network.domain(y).contains(&value));
                        }
                    }
                }
            }
            let choices: Vec<_> = network.choices().collect();
            let Some(&c) = choices.get(pick % choices.len().max(1)) else { break };
            network.apply(c);
        }
    }

    #[test]
    fn all_different_overlaps_propagate_the_values_they_confine(
        (domains, groups) in (3usize..=6).prop_flat_map(|n| (
            prop::collection::vec(prop::sample::subsequence(vec![0i64, 1, 2, 3], 1..=4), n),
            prop::collection::vec(
                prop::sample::subsequence((0..n).collect::<Vec<_>>(), 2..=n.min(4)),
                2..=4,
            ),
        )),
        picks in prop::collection::vec(0usize..8, 0..6),
    ) {
        // Small ranges, so all-differents with as many values as variables
        // come up often; shared domains, so they take their fast path.
        let constraints: Vec<Constraint> =
            groups.iter().cloned().map(Constraint::AllDifferent).collect();
        let (m, vars) = model(true, &domains, &constraints);
        let expected = generate_and_test(&domains, &constraints);
        let mut network = m.compile();
        prop_assert_eq!(&found(&network, &vars), &expected);
        // Down a path: every state that has not failed is closed under the
        // rule.
        for pick in picks {
            if !network.is_failed() {
                let domains: Vec<Vec<i64>> = vars.iter().map(|&x| network.domain(x)).collect();
                prop_assert_eq!(confined_left_over(&domains, &groups), None);
            }
            let choices: Vec<_> = network.choices().collect();
            let Some(&c) = choices.get(pick % choices.len().max(1)) else { break };
            network.apply(c);
        }
    }

    #[test]
    fn fixing_a_network_is_fixing_its_model(
        (domains, constraints) in (1usize..=4).prop_flat_map(|n| (domains(n), prop::collection::vec(constraint(n), 0..=4))),
        givens in prop::collection::vec((0usize..4, prop::sample::select(palette(false))), 0..=3),
        shared in any::<bool>(),
    ) {
        let (mut m, vars) = model(shared, &domains, &constraints);
        let mut network = m.compile();
        let givens: Vec<(Var, i64)> = givens.iter().map(|&(i, value)| (vars[i % vars.len()], value)).collect();
        for &(var, value) in &givens {
            m.fix(var, value).unwrap();
        }
        // All at once, or one by one.
        if let Some((last, first)) = givens.split_last() {
            network.fix(first).unwrap();
            network.fix(&[*last]).unwrap();
        }
        let expected = m.compile();
        prop_assert_eq!(network.is_failed(), expected.is_failed());
        if !expected.is_failed() {
            prop_assert_eq!(network.domains(), expected.domains());
        }
        prop_assert_eq!(found(&network, &vars), found(&expected, &vars));
    }
}

#[test]
fn a_failed_state_has_no_choices_and_undo_clears_it() {
    let mut m = Model::new();
    let x = m.var(0..=2).unwrap();
    let y = m.var(0..=2).unwrap();
    m.sum(&[x, y], Rel::Eq, 4).unwrap();
    let mut network = m.compile();
    let before = snapshot(&network);
    let choice = csp::Choice::fix(x, 1);
    network.apply(choice); // y would be 3
    assert!(network.is_failed());
    assert_eq!(network.choices().count(), 0);
    assert!(!network.is_solution());
    network.undo(choice);
    assert_eq!(snapshot(&network), before);
}

/// A value that an all-different `a` with as many values as variables
/// confines to variables of another one, `b`, but that a variable of `b`
/// outside `a` still holds: `(a, b, value)`. Solutions of `a` use each of
/// its values, so such a value is one the propagation could have removed.
fn confined_left_over(domains: &[Vec<i64>], groups: &[Vec<usize>]) -> Option<(usize, usize, i64)> {
    for (i, a) in groups.iter().enumerate() {
        let mut values: Vec<i64> = a.iter().flat_map(|&x| domains[x].iter().copied()).collect();
        values.sort_unstable();
        values.dedup();
        if values.len() != a.len() {
            continue;
        }
        for (j, b) in groups.iter().enumerate().filter(|&(j, _)| j != i) {
            for &value in &values {
                let confined = a
                    .iter()
                    .filter(|&&x| domains[x].contains(&value))
                    .all(|x| b.contains(x));
                let left = b
                    .iter()
                    .any(|x| !a.contains(x) && domains[*x].contains(&value));
                if confined && left {
                    return Some((i, j, value));
                }
            }
        }
    }
    None
}
