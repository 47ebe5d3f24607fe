//! Branch and bound on a model's objective against exhaustive search on
//! random small models, and the Golomb rulers against the known optima.

use backtrack::Limits;
use csp::{Model, Var, puzzle};
use proptest::prelude::*;

use crate::constraints::{Constraint, constraint, domains, generate_and_test, model};

/// The objective's value at an assignment.
pub(crate) fn value(terms: &[(i64, usize)], a: &[i64]) -> i64 {
    terms.iter().map(|&(c, i)| c * a[i]).sum()
}

/// The model with its objective posted, the objective's variable, and the
/// optimum by exhaustive search (`None`: no solution).
pub(crate) fn posted(
    domains: &[Vec<i64>],
    constraints: &[Constraint],
    terms: &[(i64, usize)],
    maximize: bool,
) -> (Model, Vec<Var>, Var, Option<i64>) {
    let (mut m, vars) = model(false, domains, constraints);
    let linear: Vec<(i64, Var)> = terms.iter().map(|&(c, i)| (c, vars[i])).collect();
    let objective = if maximize {
        m.maximize_linear(&linear).unwrap()
    } else {
        m.minimize_linear(&linear).unwrap()
    };
    let values = generate_and_test(domains, constraints)
        .into_iter()
        .map(|a| value(terms, &a));
    let best = if maximize { values.max() } else { values.min() };
    (m, vars, objective, best)
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(300))]

    #[test]
    fn branch_and_bound_finds_the_optimum_of_exhaustive_search(
        (domains, constraints, terms) in (1usize..=4).prop_flat_map(|n| (
            domains(n),
            prop::collection::vec(constraint(n), 0..=3),
            prop::collection::vec((-3i64..=3, 0..n), 1..=n),
        )),
        maximize in any::<bool>(),
    ) {
        let (m, vars, objective, best) = posted(&domains, &constraints, &terms, maximize);
        let mut seen = Vec::new();
        let report = m.compile().optimize(&Limits::default(), |s| seen.push(s[objective]));
        prop_assert!(report.outcome.is_complete());
        let found = report.value;
        prop_assert_eq!(found.objective, best);
        prop_assert_eq!(found.bound, best);
        // Each improvement strictly better than the one before.
        let better = |a: i64, b: i64| if maximize { b > a } else { b < a };
        prop_assert!(seen.windows(2).all(|w| better(w[0], w[1])), "{:?}", seen);
        prop_assert_eq!(seen.last().copied(), best);
        if let Some(s) = found.best {
            let a: Vec<i64> = vars.iter().map(|&v| s[v]).collect();
            prop_assert!(constraints.iter().all(|c| c.holds(&a)));
            prop_assert_eq!(Some(value(&terms, &a)), best);
        }
    }

    #[test]
    fn a_search_stopped_by_a_limit_reports_a_bound_no_better_than_the_optimum(
        (domains, constraints, terms) in (2usize..=4).prop_flat_map(|n| (
            domains(n),
            prop::collection::vec(constraint(n), 0..=2),
            prop::collection::vec((-3i64..=3, 0..n), 1..=n),
        )),
        maximize in any::<bool>(),
        nodes in 1u64..6,
    ) {
        let (m, _, _, best) = posted(&domains, &constraints, &terms, maximize);
        let report = m.compile().optimize(&Limits::default().nodes(nodes), |_| {});
        let found = report.value;
        // Neither the bound nor the best found may claim more than the truth.
        let no_better = |b: i64, t: i64| if maximize { b >= t } else { b <= t };
        let no_worse = |o: i64, t: i64| if maximize { o <= t } else { o >= t };
        match best {
            Some(truth) => {
                if let Some(bound) = found.bound {
                    prop_assert!(no_better(bound, truth), "bound {} optimum {}", bound, truth);
                }
                if let Some(o) = found.objective {
                    prop_assert!(no_worse(o, truth), "found {} optimum {}", o, truth);
                }
                if report.outcome.is_complete() {
                    prop_assert_eq!(found.objective, Some(truth));
                }
            }
            None => prop_assert!(found.best.is_none()),
        }
    }
}

/// Whether `marks` is a Golomb ruler starting at 0: ascending, every
/// distance between two marks different.
pub(crate) fn is_golomb(marks: &[i64]) -> bool {
    let mut distances = Vec::new();
    for (i, &a) in marks.iter().enumerate() {
        for &b in &marks[i + 1..] {
            distances.push(b - a);
        }
    }
    let all = distances.len();
    distances.sort_unstable();
    distances.dedup();
    marks.first().is_none_or(|&m| m == 0)
        && marks.windows(2).all(|w| w[0] < w[1])
        && distances.len() == all
}

#[test]
fn golomb_rulers_have_the_known_optimal_lengths() {
    // OEIS A003022, from 1 mark (length 0).
    for (n, length) in (1..).zip([0, 1, 3, 6, 11, 17, 25, 34]) {
        let (m, marks) = puzzle::golomb(n).unwrap();
        let report = m.compile().optimize(&Limits::default(), |s| {
            let ruler: Vec<i64> = marks.iter().map(|&v| s[v]).collect();
            assert!(is_golomb(&ruler), "{ruler:?}");
        });
        assert!(report.outcome.is_complete(), "{n} marks");
        assert_eq!(report.value.objective, Some(length), "{n} marks");
        assert_eq!(report.value.bound, Some(length), "{n} marks");
    }
}

#[test]
fn a_golomb_ruler_search_stopped_early_keeps_its_best_and_a_lower_bound() {
    let (m, _) = puzzle::golomb(9).unwrap();
    let report = m.compile().optimize(&Limits::default().nodes(200), |_| {});
    assert!(!report.outcome.is_complete());
    let found = report.value;
    // The optimum is 44.
    assert!(found.objective.is_some_and(|o| o >= 44), "{found:?}");
    assert!(found.bound.is_some_and(|b| b <= 44), "{found:?}");
}

#[test]
fn a_model_without_an_objective_optimizes_to_its_first_solution() {
    let (m, q) = puzzle::queens(6).unwrap();
    let network = m.compile();
    let report = network.optimize(&Limits::default(), |_| {});
    assert!(report.outcome.is_complete());
    let first = &network.solutions(1)[0];
    let best = report.value.best.unwrap();
    assert_eq!(
        q.iter().map(|&v| best[v]).collect::<Vec<_>>(),
        q.iter().map(|&v| first[v]).collect::<Vec<_>>()
    );
}

#[test]
fn optimize_without_an_objective_reported_an_objective_of_0() {
    // `objective: Some(0)` (and a bound of 0) for a model that has none.
    let (m, _) = puzzle::queens(6).unwrap();
    let report = m.compile().optimize(&Limits::default(), |_| {});
    assert!(report.value.best.is_some());
    assert_eq!((report.value.objective, report.value.bound), (None, None));
}

#[test]
fn an_objective_over_every_i64_is_maximized_and_minimized_at_its_ends() {
    for (range, maximize, best) in [
        (i64::MIN..=i64::MIN + 3, true, i64::MIN + 3),
        (i64::MIN..=i64::MIN + 3, false, i64::MIN),
        (i64::MIN..=i64::MIN, true, i64::MIN),
        (i64::MIN..=i64::MAX, true, i64::MAX),
        (i64::MIN..=i64::MAX, false, i64::MIN),
    ] {
        let mut m = Model::new();
        let x = m.var(range.clone()).unwrap();
        if maximize {
            m.maximize(x).unwrap();
        } else {
            m.minimize(x).unwrap();
        }
        let report = m.compile().optimize(&Limits::default(), |_| {});
        assert!(report.outcome.is_complete(), "{range:?} {maximize}");
        assert_eq!(report.value.objective, Some(best), "{range:?} {maximize}");
        assert_eq!(report.value.bound, Some(best), "{range:?} {maximize}");
        assert_eq!(report.value.best.unwrap()[x], best);
    }
}
