//! `disjunctive` with durations that are variables, strict, and over
//! optional tasks, and `subcircuit`, with variables repeated (a start that
//! is also a duration or a presence, a task twice): each against the
//! enumeration, on the definitions of MiniZinc's library.

use proptest::prelude::*;

use super::arrays::one_cycle;
use super::{agree, domains, objective, pick, vars_at};

/// Whether every two tasks that run are ordered: `s[i] + d[i] <= s[j]` or
/// `s[j] + d[j] <= s[i]`. A task runs when present and, unless `strict`,
/// its duration is positive; strict, every duration is at least 0; a
/// presence is 0 or 1.
fn ordered(s: &[i64], d: &[i64], present: Option<&[i64]>, strict: bool) -> bool {
    let n = s.len();
    if present.is_some_and(|p| p.iter().any(|&p| p != 0 && p != 1)) {
        return false;
    }
    if strict && d.iter().any(|&d| d < 0) {
        return false;
    }
    let runs = |i: usize| present.is_none_or(|p| p[i] == 1) && (strict || d[i] > 0);
    (0..n).all(|i| {
        (i + 1..n).all(|j| !runs(i) || !runs(j) || s[i] + d[i] <= s[j] || s[j] + d[j] <= s[i])
    })
}

/// Whether `succ` (nodes from 0) leaves out the nodes with `succ[i] = i`
/// and runs one cycle through the others (or none, all left out).
fn one_subcircuit(succ: &[i64]) -> bool {
    let n = succ.len() as i64;
    if succ.iter().any(|&x| !(0..n).contains(&x)) {
        return false;
    }
    let inside: Vec<usize> = (0..succ.len()).filter(|&i| succ[i] != i as i64).collect();
    let Some(&first) = inside.first() else {
        return true;
    };
    let mut visited = Vec::new();
    let mut at = first;
    loop {
        if visited.contains(&at) || succ[at] == at as i64 {
            return false;
        }
        visited.push(at);
        at = succ[at] as usize;
        if at == first {
            break;
        }
    }
    visited.sort_unstable();
    visited == inside
}

/// Tasks over the model's variables: a start, a duration and a presence
/// each, as positions (so repeats are likely).
fn tasks(vars: usize) -> impl Strategy<Value = Vec<(usize, usize, usize)>> {
    prop::collection::vec((0..vars, 0..vars, 0..vars), 0..=3)
}

type Tasks = [(usize, usize, usize)];

fn column(tasks: &Tasks, k: usize) -> Vec<usize> {
    tasks
        .iter()
        .map(|t| [t.0, t.1, t.2][k])
        .collect::<Vec<usize>>()
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(300))]

    #[test]
    fn disjunctive_with_variable_durations_has_the_enumerations_solutions(
        (d, tasks, strict, goal) in (1usize..=5).prop_flat_map(|n| (
            domains(n), tasks(n), any::<bool>(), objective(n),
        )),
    ) {
        let (starts, lengths) = (column(&tasks, 0), column(&tasks, 1));
        agree(
            &d,
            &|m, v| {
                let (s, l) = (vars_at(v, &starts), vars_at(v, &lengths));
                if strict { m.disjunctive_strict(&s, &l) } else { m.disjunctive_var(&s, &l) }
            },
            &|a| ordered(&pick(a, &starts), &pick(a, &lengths), None, strict),
            &goal,
        )?;
    }

    #[test]
    fn disjunctive_over_optional_tasks_has_the_enumerations_solutions(
        (d, tasks, strict, goal) in (1usize..=5).prop_flat_map(|n| (
            domains(n), tasks(n), any::<bool>(), objective(n),
        )),
    ) {
        let (starts, lengths, present) =
            (column(&tasks, 0), column(&tasks, 1), column(&tasks, 2));
        agree(
            &d,
            &|m, v| {
                let (s, l, p) =
                    (vars_at(v, &starts), vars_at(v, &lengths), vars_at(v, &present));
                if strict {
                    m.disjunctive_strict_optional(&s, &l, &p)
                } else {
                    m.disjunctive_optional(&s, &l, &p)
                }
            },
            &|a| {
                let p = pick(a, &present);
                ordered(&pick(a, &starts), &pick(a, &lengths), Some(&p), strict)
            },
            &goal,
        )?;
    }

    #[test]
    fn subcircuit_has_the_enumerations_solutions(
        (d, goal) in (1usize..=5).prop_flat_map(|n| (
            prop::collection::vec(
                prop::sample::subsequence((-1..=5).collect::<Vec<i64>>(), 1..=6),
                n,
            ),
            objective(n),
        )),
    ) {
        agree(&d, &|m, v| m.subcircuit(v), &|a| one_subcircuit(a), &goal)?;
    }

    #[test]
    fn subcircuit_with_a_variable_twice(
        (d, succ, goal) in (1usize..=4).prop_flat_map(|n| (
            domains(n),
            prop::collection::vec(0..n, 0..=4),
            objective(n),
        )),
    ) {
        agree(
            &d,
            &|m, v| m.subcircuit(&vars_at(v, &succ)),
            &|a| one_subcircuit(&pick(a, &succ)),
            &goal,
        )?;
    }

    #[test]
    fn circuit_and_subcircuit_with_nodes_numbered_from_any_first(
        (d, first, sub, goal) in (1usize..=5).prop_flat_map(|n| (
            prop::collection::vec(
                prop::sample::subsequence((-2..=6).collect::<Vec<i64>>(), 1..=7),
                n,
            ),
            -2i64..=2,
            any::<bool>(),
            objective(n),
        )),
    ) {
        // The nodes as counted from 0.
        let from_0 = |a: &[i64]| a.iter().map(|&v| v - first).collect::<Vec<i64>>();
        if sub {
            agree(&d, &|m, v| m.subcircuit_from(first, v), &|a| one_subcircuit(&from_0(a)), &goal)?;
        } else {
            agree(&d, &|m, v| m.circuit_from(first, v), &|a| one_cycle(&from_0(a)), &goal)?;
        }
    }
}
