//! Branch and bound on several threads with a shared incumbent, and the
//! ordered parallel for-each, against the sequential searches.

use std::ops::ControlFlow;
use std::sync::Arc;
use std::sync::Mutex;
use std::sync::atomic::AtomicBool;
use std::time::Instant;

use backtrack::{Incumbent, Limits, Optimize, Outcome, Parallel, Stop};
use proptest::prelude::*;

use crate::optimize::{brute_force, instance, path_cost, problem};
use crate::toys::*;

proptest! {
    #[test]
    fn parallel_optimum_equals_minimize_on_one_two_and_four_threads(
        (weight, forbidden) in instance(),
        prune: bool,
        depth in prop::option::of(0usize..4),
    ) {
        let root = problem(&weight, &forbidden, prune, None);
        let sequential = backtrack::minimize(root.clone(), &Limits::default());
        let expected = sequential.value.best.as_ref().map(|b| b.cost);
        prop_assert_eq!(expected, brute_force(&weight, &forbidden));
        for threads in [1, 2, 4] {
            let mut parallel = Parallel::auto().threads(threads);
            if let Some(depth) = depth {
                parallel = parallel.depth(depth);
            }
            let incumbent = Incumbent::new();
            let seen = Mutex::new(Vec::new());
            let report = parallel.optimize(&root, &incumbent, |p, path| {
                seen.lock().unwrap().push((p.cost(), path.to_vec()));
            });
            prop_assert_eq!(report.outcome, Outcome::Complete);
            let found = report.value.best.as_ref().map(|b| b.cost);
            prop_assert_eq!(found, expected);
            prop_assert_eq!(report.value.lower_bound, expected);
            prop_assert_eq!(incumbent.best(), expected);
            let seen = seen.into_inner().unwrap();
            // Every improvement strictly lower than the one before, each
            // path whole and of the cost it was given with.
            prop_assert!(seen.windows(2).all(|w| w[1].0 < w[0].0), "{:?}", seen);
            for (cost, path) in &seen {
                prop_assert_eq!(path_cost(&weight, &forbidden, path), *cost);
            }
            prop_assert_eq!(seen.last().map(|s| s.0), expected);
            if let Some(best) = &report.value.best {
                prop_assert_eq!(path_cost(&weight, &forbidden, &best.path), best.cost);
            }
        }
    }

    #[test]
    fn a_node_budget_never_gives_a_false_complete(
        (weight, forbidden) in instance(),
        budget in 1u64..12,
        threads in 1usize..4,
    ) {
        let optimum = brute_force(&weight, &forbidden);
        let root = problem(&weight, &forbidden, true, None);
        let report = Parallel::auto()
            .threads(threads)
            .depth(1)
            .limits(Limits::default().nodes(budget))
            .optimize(&root, &Incumbent::new(), |_, _| {});
        match report.outcome {
            Outcome::Complete => prop_assert_eq!(report.value.best.map(|b| b.cost), optimum),
            Outcome::Stopped(stop) => {
                prop_assert_eq!(stop, Stop::NodeLimit);
                prop_assert_eq!(report.value.lower_bound, None);
                if let Some(best) = report.value.best {
                    prop_assert!(Some(best.cost) >= optimum);
                }
            }
        }
    }

    #[test]
    fn a_met_root_floor_ends_the_parallel_search_complete((weight, forbidden) in instance()) {
        let Some(optimum) = brute_force(&weight, &forbidden) else { return Ok(()) };
        let root = problem(&weight, &forbidden, true, Some(optimum));
        let report = Parallel::auto().threads(2).optimize(&root, &Incumbent::new(), |_, _| {});
        prop_assert_eq!(report.outcome, Outcome::Complete);
        prop_assert_eq!(report.value.best.map(|b| b.cost), Some(optimum));
        prop_assert_eq!(report.value.lower_bound, Some(optimum));
    }

    #[test]
    fn a_bound_offered_from_outside_prunes_and_is_proved((weight, forbidden) in instance()) {
        let Some(optimum) = brute_force(&weight, &forbidden) else { return Ok(()) };
        let root = problem(&weight, &forbidden, true, None);
        // Another search already holds the optimum: nothing beats it.
        let incumbent = Incumbent::starting_at(optimum);
        let report = Parallel::auto().threads(2).optimize(&root, &incumbent, |_, _| {});
        prop_assert_eq!(report.outcome, Outcome::Complete);
        prop_assert_eq!(report.value.best, None);
        prop_assert_eq!(report.value.lower_bound, Some(optimum));
        // One above it: the search finds the optimum itself.
        let incumbent = Incumbent::starting_at(optimum + 1);
        let report = Parallel::auto().threads(2).optimize(&root, &incumbent, |_, _| {});
        prop_assert_eq!(report.value.best.map(|b| b.cost), Some(optimum));
    }

    #[test]
    fn in_order_visits_are_the_sequential_solutions_in_order(
        items in prop::collection::vec(1u32..8, 1..12),
        target in 0u32..20,
        threads in 1usize..4,
        depth in prop::option::of(0usize..5),
    ) {
        let problem = SubsetSum::new(items, target);
        let expected = backtrack::first(problem.clone(), usize::MAX);
        let mut parallel = Parallel::auto().threads(threads);
        if let Some(depth) = depth {
            parallel = parallel.depth(depth);
        }
        let mut seen = Vec::new();
        let report = parallel.for_each_in_order(&problem, |_, path| path.to_vec(), |path| {
            seen.push(path);
            ControlFlow::Continue(())
        });
        prop_assert_eq!(report.outcome, Outcome::Complete);
        prop_assert_eq!(report.value.solutions, expected.len() as u64);
        prop_assert_eq!(seen, expected);
    }
}

#[test]
fn in_order_visits_stop_on_request_after_the_sequential_first_k() {
    let problem = Permutations::new(7);
    let expected = backtrack::first(problem.clone(), 2000);
    for threads in [1, 2, 3] {
        let mut seen = Vec::new();
        let report = Parallel::auto().threads(threads).for_each_in_order(
            &problem,
            |_, path| path.to_vec(),
            |path| {
                seen.push(path);
                if seen.len() == 2000 {
                    ControlFlow::Break(())
                } else {
                    ControlFlow::Continue(())
                }
            },
        );
        assert_eq!(report.outcome, Outcome::Stopped(Stop::Requested));
        assert_eq!(seen, expected);
    }
}

#[test]
fn in_order_visits_hold_back_many_solutions_and_still_keep_order() {
    // Few subproblems, each with thousands of solutions: the threads wait
    // for their turn once they hold more than they may.
    let problem = Permutations::new(9);
    let expected = backtrack::first(problem.clone(), usize::MAX);
    let mut seen = Vec::new();
    let report = Parallel::auto().depth(1).threads(3).for_each_in_order(
        &problem,
        |_, path| path.to_vec(),
        |path| {
            seen.push(path);
            ControlFlow::Continue(())
        },
    );
    assert!(report.outcome.is_complete());
    assert_eq!(seen.len(), 362_880);
    assert_eq!(report.value.solutions, 362_880);
    assert_eq!(seen, expected);
}

#[test]
fn in_order_visits_give_a_heavy_subproblem_away_and_keep_the_order() {
    // One subproblem, the whole tree, or a few: the threads left without
    // work take over the choices near the top of the others' searches,
    // again and again, and the order is still the sequential one.
    let problem = Permutations::new(9);
    let expected = backtrack::first(problem.clone(), 100_000);
    for (depth, threads, fresh) in [(0, 2, false), (0, 3, true), (1, 2, false), (2, 3, false)] {
        let mut seen = Vec::new();
        let report = Parallel::auto()
            .depth(depth)
            .threads(threads)
            .fresh(fresh)
            .for_each_in_order(
                &problem,
                |_, path| path.to_vec(),
                |path| {
                    seen.push(path);
                    if seen.len() == 100_000 {
                        ControlFlow::Break(())
                    } else {
                        ControlFlow::Continue(())
                    }
                },
            );
        assert_eq!(
            report.outcome,
            Outcome::Stopped(Stop::Requested),
            "depth {depth}"
        );
        assert_eq!(seen, expected, "depth {depth}, {threads} threads");
    }
    // The whole tree from one subproblem: every node searched once.
    let report = Parallel::auto().depth(0).threads(2).for_each_in_order(
        &problem,
        |_, _| (),
        |()| ControlFlow::Continue(()),
    );
    assert!(report.outcome.is_complete());
    assert_eq!(report.value.solutions, 362_880);
    let mut one = backtrack::Search::new(problem);
    assert!(one.count().outcome.is_complete());
    assert_eq!(report.value.nodes, one.stats().nodes);
}

#[test]
fn limits_stop_every_parallel_search_and_say_so() {
    let weight: Vec<Vec<u32>> = (0..12).map(|i| vec![i % 3, 1, 2]).collect();
    let root = problem(&weight, &[], false, None);
    let past = Limits::default().deadline(Instant::now());
    let report = Parallel::auto().threads(2).limits(past.clone()).optimize(
        &root,
        &Incumbent::new(),
        |_, _| {},
    );
    assert_eq!(report.outcome, Outcome::Stopped(Stop::Deadline));
    assert_eq!(report.value.lower_bound, None);
    let flag = Arc::new(AtomicBool::new(true));
    let cancelled = Limits::default().cancel_flag(flag);
    let report = Parallel::auto()
        .threads(2)
        .limits(cancelled.clone())
        .optimize(&root, &Incumbent::new(), |_, _| {});
    assert_eq!(report.outcome, Outcome::Stopped(Stop::Cancelled));
    let ordered = Parallel::auto().threads(2).limits(past).for_each_in_order(
        &Permutations::new(6),
        |_, _| (),
        |()| ControlFlow::Continue(()),
    );
    assert_eq!(ordered.outcome, Outcome::Stopped(Stop::Deadline));
}
