//! The sequence and scheduling globals with repeats: regular over a
//! variable that appears twice, and cumulative and disjunctive with a
//! start shared by two tasks.

use csp::Automaton;
use proptest::prelude::*;

use super::{agree, domains, objective, pick, positions, vars_at};

/// Whether the automaton of `states` states (start 0, the `accepting`
/// ones, the transitions `(from, letter, to)`) accepts `word`: the set of
/// states reachable after each letter.
fn accepts(states: usize, accepting: &[usize], arcs: &[(usize, i64, usize)], word: &[i64]) -> bool {
    let mut now = vec![false; states];
    now[0] = true;
    for &letter in word {
        let mut next = vec![false; states];
        for &(from, l, to) in arcs {
            if now[from] && l == letter {
                next[to] = true;
            }
        }
        now = next;
    }
    accepting.iter().any(|&q| now[q])
}

/// Whether no two live tasks `(start, duration, demand)` overlap beyond
/// `capacity` at any time: the load is highest at some task's start.
fn fits(tasks: &[(i64, i64, i64)], capacity: i64) -> bool {
    let live: Vec<_> = tasks.iter().filter(|t| t.1 > 0 && t.2 > 0).collect();
    live.iter().all(|&&(t, _, _)| {
        let load: i64 = live
            .iter()
            .filter(|&&&(s, d, _)| s <= t && t < s + d)
            .map(|t| t.2)
            .sum();
        load <= capacity
    })
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(300))]

    #[test]
    fn regular_over_a_repeated_variable(
        (d, xs, states, accepting, arcs, goal) in (1usize..=4).prop_flat_map(|n| (1usize..=3).prop_flat_map(move |q| (
            domains(n),
            positions(n, 4),
            Just(q),
            prop::collection::vec(0..q, 0..=q),
            prop::collection::vec((0..q, -1i64..=3, 0..q), 0..=8),
            objective(n),
        ))),
    ) {
        let automaton = Automaton::new(states, 0, &accepting, &arcs).unwrap();
        agree(
            &d,
            &|m, v| m.regular(&vars_at(v, &xs), &automaton),
            &|a| accepts(states, &accepting, &arcs, &pick(a, &xs)),
            &goal,
        )?;
    }

    #[test]
    fn cumulative_and_disjunctive_with_a_start_shared_by_two_tasks(
        (d, tasks, capacity, one, goal) in (1usize..=4).prop_flat_map(|n| (
            domains(n),
            prop::collection::vec((0..n, 0i64..=3, 0i64..=3), 0..=4),
            0i64..=4,
            any::<bool>(),
            objective(n),
        )),
    ) {
        let starts: Vec<usize> = tasks.iter().map(|t| t.0).collect();
        let durations: Vec<i64> = tasks.iter().map(|t| t.1).collect();
        let demands: Vec<i64> = tasks.iter().map(|t| t.2).collect();
        agree(
            &d,
            &|m, v| {
                if one {
                    m.disjunctive(&vars_at(v, &starts), &durations)
                } else {
                    m.cumulative(&vars_at(v, &starts), &durations, &demands, capacity)
                }
            },
            &|a| {
                let s = pick(a, &starts);
                if one {
                    let t: Vec<_> = s.iter().zip(&durations).map(|(&s, &d)| (s, d, 1)).collect();
                    fits(&t, 1)
                } else {
                    let t: Vec<_> = s.iter().zip(&durations).zip(&demands).map(|((&s, &d), &r)| (s, d, r)).collect();
                    fits(&t, capacity)
                }
            },
            &goal,
        )?;
    }
}
