//! `circuit` against brute force on small random graphs, and the knight's
//! tours checked move by move.

use csp::{Model, Var, puzzle};
use proptest::prelude::*;

/// Whether `succ` is one cycle through all its nodes.
fn is_one_cycle(succ: &[i64]) -> bool {
    let n = succ.len();
    let (mut at, mut steps) = (0usize, 0);
    loop {
        let Some(&next) = succ.get(at) else {
            return false;
        };
        let Ok(next) = usize::try_from(next) else {
            return false;
        };
        at = next;
        steps += 1;
        if at == 0 || steps > n {
            break;
        }
    }
    at == 0 && steps == n
}

/// Every assignment of the domains.
fn assignments(domains: &[Vec<i64>]) -> Vec<Vec<i64>> {
    domains.iter().fold(vec![vec![]], |all, d| {
        all.iter()
            .flat_map(|a| d.iter().map(move |&v| [a.clone(), vec![v]].concat()))
            .collect()
    })
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(300))]

    #[test]
    fn circuit_finds_exactly_the_hamiltonian_cycles(
        domains in (1usize..=5).prop_flat_map(|n| prop::collection::vec(
            prop::sample::subsequence((-1i64..=n as i64).collect::<Vec<_>>(), 0..=n + 2), n)),
    ) {
        let mut m = Model::new();
        let succ: Vec<Var> = domains.iter().map(|d| m.var_in(d.iter().copied()).unwrap()).collect();
        m.circuit(&succ).unwrap();
        let mut found: Vec<Vec<i64>> = m
            .compile()
            .solutions(usize::MAX)
            .iter()
            .map(|s| succ.iter().map(|&v| s[v]).collect())
            .collect();
        found.sort();
        let expected: Vec<Vec<i64>> = assignments(&domains).into_iter().filter(|a| is_one_cycle(a)).collect();
        prop_assert_eq!(found, expected);
    }
}

#[test]
fn the_cycles_of_a_complete_graph_number_n_minus_1_factorial() {
    for (n, cycles) in [(1, 1), (2, 1), (3, 2), (4, 6), (5, 24), (6, 120)] {
        let mut m = Model::new();
        let succ = m.vars(n, 0..=n as i64 - 1).unwrap();
        m.circuit(&succ).unwrap();
        assert_eq!(backtrack::count(m.compile()), cycles, "{n} nodes");
    }
}

#[test]
fn knights_tours_visit_every_square_by_knight_moves() {
    for n in [6, 8] {
        let (m, succ) = puzzle::knights_tour(n).unwrap();
        let s = &m.compile().solutions(1)[0];
        let next: Vec<i64> = succ.iter().map(|&v| s[v]).collect();
        assert!(is_one_cycle(&next), "{n}: {next:?}");
        for (from, &to) in next.iter().enumerate() {
            let (r, c) = ((from / n) as i64, (from % n) as i64);
            let (r2, c2) = (to / n as i64, to % n as i64);
            let (dr, dc) = ((r - r2).abs(), (c - c2).abs());
            assert!((dr, dc) == (1, 2) || (dr, dc) == (2, 1), "{from} -> {to}");
        }
    }
    let (m, _) = puzzle::knights_tour(5).unwrap();
    assert!(m.compile().solutions(1).is_empty());
}
