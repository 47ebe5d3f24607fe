//! `cumulative` over variables and optional tasks: starts, durations,
//! demands, presences and the capacity picked from a few variables, so
//! that one variable is often a start of one task and the duration or
//! demand of another, or the capacity.

use backtrack::Limits;
use csp::{Model, Var};
use proptest::prelude::*;

use super::{agree, domains, objective};

/// A task as positions of variables: start, duration, demand, presence.
type Task = (usize, usize, usize, usize);

/// Whether the tasks `(start, duration, demand)` that run (positive
/// duration and demand) use at most `capacity` at every time, and
/// `capacity` is at least 0: the load when nothing runs. The load is
/// highest at some task's start.
fn holds(tasks: &[(i64, i64, i64)], capacity: i64) -> bool {
    let runs: Vec<_> = tasks.iter().filter(|t| t.1 > 0 && t.2 > 0).collect();
    capacity >= 0
        && runs.iter().all(|&&(t, _, _)| {
            let load: i64 = runs
                .iter()
                .filter(|&&&(s, d, _)| s <= t && t < s + d)
                .map(|t| t.2)
                .sum();
            load <= capacity
        })
}

/// The tasks of `a` that are present (a presence of 1; any other value
/// is no boolean, and no solution), or `None`.
fn present(a: &[i64], tasks: &[Task], optional: bool) -> Option<Vec<(i64, i64, i64)>> {
    let mut out = Vec::new();
    for &(s, d, r, p) in tasks {
        if optional {
            match a[p] {
                0 => continue,
                1 => {}
                _ => return None,
            }
        }
        out.push((a[s], a[d], a[r]));
    }
    Some(out)
}

/// Posts the tasks, with the overload check or not.
fn post(
    m: &mut Model,
    v: &[Var],
    (tasks, capacity, overload): (&[Task], usize, bool),
    optional: bool,
) -> Result<(), csp::Error> {
    m.cumulative_overload_check(overload);
    let at = |f: fn(&Task) -> usize| tasks.iter().map(|t| v[f(t)]).collect::<Vec<_>>();
    let (starts, durations, demands) = (at(|t| t.0), at(|t| t.1), at(|t| t.2));
    if optional {
        let presences = at(|t| t.3);
        m.cumulative_optional(&presences, &starts, &durations, &demands, v[capacity])
    } else {
        m.cumulative_var(&starts, &durations, &demands, v[capacity])
    }
}

/// The smallest makespan (the latest end of a task that runs, 0 if none
/// does) over every assignment of `domains` that `holds`, by enumeration.
fn least_makespan(domains: &[Vec<i64>], tasks: &[Task], capacity: usize) -> Option<i64> {
    let mut best = None;
    let mut a = vec![0; domains.len()];
    let total: usize = domains.iter().map(Vec::len).product();
    for mut code in 0..total {
        for (x, d) in a.iter_mut().zip(domains) {
            *x = d[code % d.len()];
            code /= d.len();
        }
        let runs = present(&a, tasks, false).expect("no presences");
        if holds(&runs, a[capacity]) {
            let end = runs
                .iter()
                .filter(|t| t.1 > 0 && t.2 > 0)
                .map(|t| t.0 + t.1)
                .max()
                .unwrap_or(0);
            best = Some(best.map_or(end, |b: i64| b.min(end)));
        }
    }
    best
}

/// Up to three tasks over `n` variables, the capacity's position, and
/// whether to check overload.
fn tasks(n: usize) -> impl Strategy<Value = (Vec<Task>, usize, bool)> {
    (
        prop::collection::vec((0..n, 0..n, 0..n, 0..n), 0..=3),
        0..n,
        any::<bool>(),
    )
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(400))]

    #[test]
    fn cumulative_over_variables_shared_between_starts_durations_demands_and_capacity(
        (d, (tasks, capacity, overload), goal) in (1usize..=5).prop_flat_map(|n| (domains(n), tasks(n), objective(n))),
    ) {
        agree(
            &d,
            &|m, v| post(m, v, (&tasks, capacity, overload), false),
            &|a| holds(&present(a, &tasks, false).unwrap(), a[capacity]),
            &goal,
        )?;
    }

    #[test]
    fn cumulative_over_optional_tasks_whose_presence_is_any_variable(
        (d, (tasks, capacity, overload), goal) in (1usize..=5).prop_flat_map(|n| (domains(n), tasks(n), objective(n))),
    ) {
        agree(
            &d,
            &|m, v| post(m, v, (&tasks, capacity, overload), true),
            &|a| present(a, &tasks, true).is_some_and(|runs| holds(&runs, a[capacity])),
            &goal,
        )?;
    }

    #[test]
    fn cumulative_over_variables_finds_the_least_makespan(
        (d, (tasks, capacity, overload)) in (1usize..=5).prop_flat_map(|n| (domains(n), tasks(n))),
    ) {
        // The makespan as a variable at least every running task's end:
        // a task that does not run (duration or demand 0 or less) is
        // released by a big-M term, its demand's sign read through a
        // boolean.
        let mut m = Model::new();
        let v: Vec<Var> = d.iter().map(|d| m.var_in(d.iter().copied()).unwrap()).collect();
        post(&mut m, &v, (&tasks, capacity, overload), false).unwrap();
        let end = m.var(0..=20).unwrap();
        for &(s, dur, r, _) in &tasks {
            // end >= s + d whenever d > 0 and r > 0:
            // end - s - d + 10 * (2 - [d > 0] - [r > 0]) >= 0.
            let [dp, rp] = [dur, r].map(|x| {
                let b = m.bool_var().unwrap();
                m.reify_linear(b, &[(1, v[x])], csp::Rel::Ge, 1).unwrap();
                b
            });
            m.linear(
                &[(1, end), (-1, v[s]), (-1, v[dur]), (-10, dp), (-10, rp)],
                csp::Rel::Ge,
                -20,
            )
            .unwrap();
        }
        m.minimize(end).unwrap();
        let report = m.compile().optimize(&Limits::default(), |_| {});
        prop_assert!(report.outcome.is_complete());
        prop_assert_eq!(report.value.objective, least_makespan(&d, &tasks, capacity));
    }
}
