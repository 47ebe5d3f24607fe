//! Branch and bound on several threads against the sequential search: the
//! same optimum on random small models and on Golomb rulers.

use std::sync::Mutex;
use std::time::Instant;

use backtrack::{Incumbent, Limits, Parallel};
use csp::puzzle;
use proptest::prelude::*;

use crate::constraints::{constraint, domains};
use crate::objective::{is_golomb, posted, value};

proptest! {
    #![proptest_config(ProptestConfig::with_cases(100))]

    #[test]
    fn parallel_branch_and_bound_finds_the_sequential_optimum(
        (domains, constraints, terms) in (1usize..=4).prop_flat_map(|n| (
            domains(n),
            prop::collection::vec(constraint(n), 0..=3),
            prop::collection::vec((-3i64..=3, 0..n), 1..=n),
        )),
        maximize in any::<bool>(),
        depth in prop::option::of(0usize..3),
    ) {
        let (m, vars, objective, best) = posted(&domains, &constraints, &terms, maximize);
        let network = m.compile();
        let sequential = network.optimize(&Limits::default(), |_| {});
        prop_assert_eq!(sequential.value.objective, best);
        for threads in [1, 2, 4] {
            let mut parallel = Parallel::auto().threads(threads);
            if let Some(depth) = depth {
                parallel = parallel.depth(depth);
            }
            let seen = Mutex::new(Vec::new());
            let report = network.optimize_parallel(&parallel, &Limits::default(), |s| {
                seen.lock().unwrap().push(s[objective]);
            });
            prop_assert!(report.outcome.is_complete());
            let found = report.value;
            prop_assert_eq!(found.objective, best);
            prop_assert_eq!(found.bound, sequential.value.bound);
            let seen = seen.into_inner().unwrap();
            let better = |a: i64, b: i64| if maximize { b > a } else { b < a };
            prop_assert!(seen.windows(2).all(|w| better(w[0], w[1])), "{:?}", seen);
            prop_assert_eq!(seen.last().copied(), best);
            if let Some(s) = found.best {
                let a: Vec<i64> = vars.iter().map(|&v| s[v]).collect();
                prop_assert!(constraints.iter().all(|c| c.holds(&a)));
                prop_assert_eq!(Some(value(&terms, &a)), best);
            }
        }
    }
}

#[test]
fn golomb_rulers_of_six_and_seven_marks_on_two_threads() {
    for (n, length) in [(6, 17), (7, 25)] {
        let (m, marks) = puzzle::golomb(n).unwrap();
        let network = m.compile();
        let parallel = Parallel::auto().threads(2);
        let report = network.optimize_parallel(&parallel, &Limits::default(), |s| {
            let ruler: Vec<i64> = marks.iter().map(|&v| s[v]).collect();
            assert!(is_golomb(&ruler), "{ruler:?}");
        });
        assert!(report.outcome.is_complete(), "{n} marks");
        assert_eq!(report.value.objective, Some(length), "{n} marks");
        assert_eq!(report.value.bound, Some(length), "{n} marks");
        let best = report.value.best.unwrap();
        let ruler: Vec<i64> = marks.iter().map(|&v| best[v]).collect();
        assert!(is_golomb(&ruler) && ruler[n - 1] == length, "{ruler:?}");
    }
}

#[test]
fn a_cost_offered_by_another_search_is_proved_optimal_or_beaten() {
    let (m, _) = puzzle::golomb(6).unwrap();
    let network = m.compile();
    let parallel = Parallel::auto().threads(2);
    let at = |cost| {
        let incumbent = Incumbent::starting_at(cost);
        let report = network.optimize_shared(&parallel, &Limits::default(), &incumbent, |_| {});
        (report, incumbent.best())
    };
    // The optimum, offered: nothing beats it, and it is proved.
    let (report, shared) = at(17);
    assert!(report.outcome.is_complete());
    assert!(report.value.best.is_none());
    assert_eq!(
        (report.value.objective, report.value.bound),
        (None, Some(17))
    );
    assert_eq!(shared, Some(17));
    // A worse ruler, offered: the search beats it and reaches the optimum.
    let (report, shared) = at(20);
    assert!(report.outcome.is_complete());
    assert_eq!(
        (report.value.objective, report.value.bound),
        (Some(17), Some(17))
    );
    assert_eq!(shared, Some(17));
}

#[test]
fn a_deadline_stops_the_parallel_search_without_a_proof() {
    let (m, _) = puzzle::golomb(9).unwrap();
    let network = m.compile();
    let limits = Limits::default().deadline(Instant::now());
    let report = network.optimize_parallel(&Parallel::auto().threads(2), &limits, |_| {});
    assert!(!report.outcome.is_complete());
    assert_ne!(report.value.bound, Some(44));
}
