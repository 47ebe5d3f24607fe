//! Large-neighbourhood search against branch and bound and exhaustive
//! search: never better than the optimum, every improvement a solution
//! checked by code of its own and strictly better than the one before,
//! the same run for the same seed and node budget, and the settings and
//! the shared bound honoured.

use std::sync::Arc;
use std::sync::atomic::{AtomicU64, Ordering};

use backtrack::{Limits, Outcome, Stop};
use csp::{Lns, Model, Rel, Solution, Var, puzzle};
use proptest::prelude::*;

use crate::constraints::{constraint, domains};
use crate::objective::{posted, value};

/// Whether `marks` read in `s` form a Golomb ruler from 0: increasing,
/// every difference distinct.
fn is_golomb(s: &Solution, marks: &[Var]) -> bool {
    let at: Vec<i64> = marks.iter().map(|&m| s[m]).collect();
    let mut seen = std::collections::HashSet::new();
    at.first() == Some(&0)
        && at.windows(2).all(|w| w[0] < w[1])
        && (0..at.len()).all(|i| (i + 1..at.len()).all(|j| seen.insert(at[j] - at[i])))
}

/// Whether the starts read in `s` schedule `jobs`: each job's tasks in
/// order, no two tasks of a machine at once, the makespan past every end.
fn is_schedule(
    s: &Solution,
    jobs: &[Vec<(usize, i64)>],
    starts: &[Vec<Var>],
    makespan: Var,
) -> bool {
    let mut tasks = Vec::new();
    for (job, vars) in jobs.iter().zip(starts) {
        for (k, (&(machine, d), &v)) in job.iter().zip(vars).enumerate() {
            let end = s[v] + d;
            let next = vars.get(k + 1).map_or(s[makespan], |&w| s[w]);
            if s[v] < 0 || next < end {
                return false;
            }
            tasks.push((machine, s[v], end));
        }
    }
    tasks.iter().enumerate().all(|(i, a)| {
        tasks[i + 1..]
            .iter()
            .all(|b| a.0 != b.0 || a.2 <= b.1 || b.2 <= a.1)
    })
}

/// A 0-1 knapsack: the items taken, their total value (maximised), and
/// the weights, values and capacity.
fn knapsack() -> (Model, Vec<Var>, Var, Vec<i64>, Vec<i64>, i64) {
    let weights = vec![12, 7, 11, 8, 9, 6, 14, 5, 10, 13, 4, 9];
    let values = vec![24, 13, 23, 15, 16, 11, 28, 8, 19, 26, 6, 17];
    let capacity = 40;
    let mut m = Model::new();
    let take = m.vars(weights.len(), 0..=1).unwrap();
    let w: Vec<(i64, Var)> = weights.iter().copied().zip(take.iter().copied()).collect();
    m.linear(&w, Rel::Le, capacity).unwrap();
    let v: Vec<(i64, Var)> = values.iter().copied().zip(take.iter().copied()).collect();
    let total = m.maximize_linear(&v).unwrap();
    (m, take, total, weights, values, capacity)
}

/// A 4x4 job shop (not ft06: one whose first search is not optimal).
fn shop() -> Vec<Vec<(usize, i64)>> {
    vec![
        vec![(0, 5), (1, 8), (2, 3), (3, 6)],
        vec![(1, 7), (0, 4), (3, 9), (2, 2)],
        vec![(2, 6), (3, 3), (0, 8), (1, 5)],
        vec![(3, 4), (2, 7), (1, 2), (0, 9)],
    ]
}

fn strictly_decreasing(seen: &[i64]) -> bool {
    seen.windows(2).all(|w| w[1] < w[0])
}

#[test]
fn lns_on_golomb_rulers_gives_rulers_never_shorter_than_the_optimum() {
    let (model, marks) = puzzle::golomb(8).unwrap();
    let network = model.compile();
    let lns = Lns::new(3).nodes(300).unwrap().rounds(300);
    let mut seen = Vec::new();
    let report = network.optimize_lns(&lns, &Limits::default(), |s| {
        assert!(is_golomb(s, &marks), "not a ruler: {s:?}");
        seen.push(s[marks[7]]);
    });
    assert!(strictly_decreasing(&seen), "{seen:?}");
    let best = report.value.objective.unwrap();
    assert_eq!(seen.last(), Some(&best));
    assert!(best >= 34, "shorter than the optimal 8-mark ruler: {best}");
    assert_eq!(report.outcome, Outcome::Stopped(Stop::Requested));
}

#[test]
fn lns_on_a_job_shop_gives_schedules_never_shorter_than_the_optimum() {
    let jobs = shop();
    let (model, starts, makespan) = puzzle::jobshop(&jobs).unwrap();
    let network = model.compile();
    let optimum = network.optimize(&Limits::default(), |_| {});
    assert!(optimum.outcome.is_complete());
    let optimum = optimum.value.objective.unwrap();
    for seed in 0..8 {
        let lns = Lns::new(seed).nodes(40).unwrap();
        let mut seen = Vec::new();
        let report = network.optimize_lns(&lns, &Limits::default().nodes(20_000), |s| {
            assert!(
                is_schedule(s, &jobs, &starts, makespan),
                "seed {seed}: {s:?}"
            );
            seen.push(s[makespan]);
        });
        assert!(strictly_decreasing(&seen), "seed {seed}: {seen:?}");
        let best = report.value.objective.unwrap();
        assert!(
            best >= optimum,
            "seed {seed}: {best} below the optimum {optimum}"
        );
        assert_eq!(report.outcome, Outcome::Stopped(Stop::NodeLimit));
        assert!(report.value.stats.nodes <= 20_000);
        assert!(report.value.bound.is_some_and(|b| b <= optimum));
    }
}

#[test]
fn lns_on_a_knapsack_maximises_within_the_capacity_and_reaches_the_optimum() {
    let (model, take, total, weights, values, capacity) = knapsack();
    let network = model.compile();
    let optimum = network
        .optimize(&Limits::default(), |_| {})
        .value
        .objective
        .unwrap();
    let lns = Lns::new(11).nodes(20).unwrap();
    let mut seen = Vec::new();
    let report = network.optimize_lns(&lns, &Limits::default().nodes(50_000), |s| {
        let weight: i64 = take.iter().zip(&weights).map(|(&t, w)| s[t] * w).sum();
        let value: i64 = take.iter().zip(&values).map(|(&t, v)| s[t] * v).sum();
        assert!(weight <= capacity && value == s[total], "{s:?}");
        seen.push(value);
    });
    // Maximising: each improvement larger.
    assert!(seen.windows(2).all(|w| w[1] > w[0]), "{seen:?}");
    let best = report.value.objective.unwrap();
    assert!(best <= optimum);
    // Twelve items: the neighbourhoods reach the optimum long before the budget.
    assert_eq!(best, optimum);
    assert!(!report.outcome.is_complete());
}

#[test]
fn the_same_seed_and_node_budget_give_the_same_run() {
    let (model, _, _) = puzzle::jobshop(&puzzle::FT06).unwrap();
    let network = model.compile();
    let run = |seed| {
        let lns = Lns::new(seed).nodes(30).unwrap();
        let mut seen = Vec::new();
        let report = network.optimize_lns(&lns, &Limits::default().nodes(6_000), |s| {
            seen.push(s.values().to_vec())
        });
        (seen, report.value.stats)
    };
    let first = run(5);
    assert!(first.0.len() > 1, "too few improvements to tell runs apart");
    assert_eq!(first, run(5));
    // Another seed walks other neighbourhoods (the same seed is no constant).
    assert!((0..4).any(|seed| run(seed).1 != first.1));
}

#[test]
fn a_first_search_that_finishes_is_a_proof() {
    let (model, marks) = puzzle::golomb(5).unwrap();
    let network = model.compile();
    let lns = Lns::new(1).nodes(1_000_000).unwrap();
    let report = network.optimize_lns(&lns, &Limits::default().nodes(2_000_000), |s| {
        assert!(is_golomb(s, &marks))
    });
    assert!(report.outcome.is_complete());
    assert_eq!(report.value.objective, Some(11));
    assert_eq!(report.value.bound, Some(11));
}

#[test]
fn a_model_without_a_solution_is_proved_so() {
    let mut m = Model::new();
    let x = m.vars(4, 0..=2).unwrap();
    m.all_different(&x).unwrap();
    m.minimize_linear(&[(1, x[0]), (1, x[1])]).unwrap();
    let lns = Lns::new(1).nodes(1).unwrap();
    let report = m
        .compile()
        .optimize_lns(&lns, &Limits::default().nodes(1000), |_| {
            panic!("no solution exists")
        });
    assert!(report.outcome.is_complete());
    assert!(report.value.best.is_none());
}

#[test]
fn a_shared_bound_at_the_optimum_leaves_no_improvement_to_find() {
    let (model, _, makespan) = puzzle::jobshop(&puzzle::FT06).unwrap();
    let network = model.compile();
    let optimum = 55; // ft06's, proved in the puzzle's tests
    let first_only = {
        let mut seen = Vec::new();
        let lns = Lns::new(2).nodes(10).unwrap().rounds(0);
        let _ = network.optimize_lns(&lns, &Limits::default(), |s| seen.push(s[makespan]));
        seen
    };
    assert!(
        first_only.last() > Some(&optimum),
        "the first search is optimal already"
    );
    let reads = Arc::new(AtomicU64::new(0));
    let counter = Arc::clone(&reads);
    let lns = Lns::new(2)
        .nodes(10)
        .unwrap()
        .rounds(200)
        .shared(Arc::new(move || {
            counter.fetch_add(1, Ordering::Relaxed);
            Some(optimum) // minimised: the cost is the makespan itself
        }));
    let mut seen = Vec::new();
    let report = network.optimize_lns(&lns, &Limits::default(), |s| seen.push(s[makespan]));
    assert_eq!(seen, first_only);
    assert_eq!(reads.load(Ordering::Relaxed), 200);
    assert_eq!(report.outcome, Outcome::Stopped(Stop::Requested));
}

#[test]
fn settings_out_of_range_are_errors() {
    for share in [0.0, -0.5, 1.5, f64::NAN] {
        assert!(Lns::new(0).relax(share).is_err(), "{share}");
    }
    for factor in [0.5, f64::INFINITY, f64::NAN] {
        assert!(Lns::new(0).adapt(factor).is_err(), "{factor}");
    }
    assert!(Lns::new(0).nodes(0).is_err());
    assert!(Lns::new(0).relax(1.0).and_then(|l| l.adapt(1.0)).is_ok());
    let error = Lns::new(0).relax(2.0).unwrap_err().to_string();
    assert!(
        error.contains("relaxed share") && error.contains('2'),
        "{error}"
    );
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(200))]

    #[test]
    fn lns_never_beats_exhaustive_search(
        (domains, constraints, terms) in (1usize..=4).prop_flat_map(|n| (
            domains(n),
            prop::collection::vec(constraint(n), 0..=3),
            prop::collection::vec((-3i64..=3, 0..n), 1..=n),
        )),
        maximize in any::<bool>(),
        seed in any::<u64>(),
        nodes in 1u64..=8,
    ) {
        let (m, vars, objective, best) = posted(&domains, &constraints, &terms, maximize);
        let lns = Lns::new(seed).nodes(nodes).unwrap();
        let mut seen = Vec::new();
        let report = m.compile().optimize_lns(&lns, &Limits::default().nodes(400), |s| {
            let a: Vec<i64> = vars.iter().map(|&v| s[v]).collect();
            seen.push((s[objective], value(&terms, &a), constraints.iter().all(|c| c.holds(&a))));
        });
        for &(reported, recomputed, holds) in &seen {
            prop_assert!(holds && reported == recomputed, "{:?}", seen);
        }
        let better = |a: i64, b: i64| if maximize { b > a } else { b < a };
        prop_assert!(seen.windows(2).all(|w| better(w[0].0, w[1].0)), "{:?}", seen);
        let found = report.value.objective;
        prop_assert_eq!(found, seen.last().map(|s| s.0));
        match (found, best) {
            (Some(f), Some(b)) => prop_assert!(!better(b, f), "{} beats the optimum {}", f, b),
            (Some(f), None) => prop_assert!(false, "{} found where none exists", f),
            (None, _) => prop_assert!(!report.outcome.is_complete() || best.is_none()),
        }
        if report.outcome.is_complete() {
            prop_assert_eq!(found, best);
        }
    }
}
