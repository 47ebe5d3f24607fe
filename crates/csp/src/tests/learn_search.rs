//! The decisions of the search that learns: the model's groups, then the
//! activity of the variables, as [`LearnSearch`] says.

use backtrack::Limits;

use crate::branch::{LearnSearch, ValueOrder, VarOrder};
use crate::model::Model;
use crate::var::Rel;

/// The search that learns decides as the groups ask while they have an
/// unfixed variable (one branch each: `x = max`, then `y = max` of what
/// is left), then on the other variables by activity, at their smallest
/// values; by activity alone, every variable at its smallest.
#[test]
fn the_search_that_learns_follows_the_groups_then_the_activity() {
    for (search, first) in [
        (LearnSearch::Groups, [5, 3, 1]),
        (LearnSearch::Alternate, [5, 3, 1]),
        (LearnSearch::Activity, [1, 1, 1]),
    ] {
        for intervals in [false, true] {
            let mut m = Model::new();
            if intervals {
                m.intervals_above(2);
            }
            let x = m.var(1..=5).unwrap();
            let y = m.var(1..=5).unwrap();
            let z = m.var(1..=3).unwrap();
            m.linear(&[(1, x), (1, y)], Rel::Le, 8).unwrap();
            m.branch(&[x, y], VarOrder::Input, ValueOrder::Max).unwrap();
            let report = m
                .compile()
                .learning(true)
                .learn_search(search)
                .optimize(&Limits::default(), |_| {});
            let best = report.value.best.expect("a solution");
            assert_eq!(
                [best[x], best[y], best[z]],
                first,
                "{search:?}, intervals {intervals}"
            );
        }
    }
}

/// By default the search that learns decides on the booleans before the
/// integers, whatever their activities: `b = 0` first (its smallest
/// value), which leaves `x >= 4`. Put in one tier (an empty list) or
/// with `x` first, it decides on `x` (created first: the tie goes to it)
/// at its smallest, which forces `b = 1`.
#[test]
fn the_search_that_learns_decides_on_the_booleans_first_unless_told() {
    for intervals in [false, true] {
        let mut m = Model::new();
        if intervals {
            m.intervals_above(2);
        }
        let x = m.var(1..=5).unwrap();
        let b = m.var(0..=1).unwrap();
        m.linear(&[(1, x), (3, b)], Rel::Ge, 4).unwrap();
        let network = m.compile().learning(true);
        let first = |network: crate::Network| {
            let report = network.optimize(&Limits::default(), |_| {});
            let best = report.value.best.expect("a solution");
            (best[x], best[b])
        };
        assert_eq!(first(network.clone()), (4, 0), "intervals {intervals}");
        assert_eq!(first(network.clone().learn_first(&[])), (1, 1));
        assert_eq!(first(network.clone().learn_first(&[x])), (1, 1));
        assert_eq!(first(network.learn_first(&[b])), (4, 0));
    }
}

/// By activity, the groups lead to the first solution of an optimisation
/// problem (`x = 5`, then `y = 3`, the most `x + y <= 8` leaves), then
/// activity goes on to the optimum; without an objective, activity decides
/// from the start (every variable at its smallest).
#[test]
fn by_activity_the_groups_lead_to_the_first_solution_of_an_optimisation() {
    for intervals in [false, true] {
        let mut m = Model::new();
        if intervals {
            m.intervals_above(2);
        }
        let x = m.var(1..=5).unwrap();
        let y = m.var(1..=5).unwrap();
        let o = m.var(2..=10).unwrap();
        m.linear(&[(1, x), (1, y)], Rel::Le, 8).unwrap();
        m.linear(&[(1, x), (1, y), (-1, o)], Rel::Eq, 0).unwrap();
        m.branch(&[x, y], VarOrder::Input, ValueOrder::Max).unwrap();
        let satisfy = m.compile().learning(true);
        let report = satisfy.optimize(&Limits::default(), |_| {});
        let best = report.value.best.expect("a solution");
        assert_eq!([best[x], best[y]], [1, 1], "intervals {intervals}");
        m.minimize(o).unwrap();
        let mut seen = Vec::new();
        let report = m
            .compile()
            .learning(true)
            .optimize(&Limits::default(), |s| seen.push((s[x], s[y])));
        assert_eq!(seen.first(), Some(&(5, 3)), "intervals {intervals}");
        assert_eq!(report.value.best.expect("the optimum")[o], 2);
    }
}

/// Following the groups, the search that learns does not restart (as
/// Chuffed follows a search annotation): nine pigeons in eight holes,
/// hundreds of conflicts, no restart; by activity it restarts on Luby's
/// sequence. Both prove there is no solution.
#[test]
fn following_the_groups_the_search_that_learns_does_not_restart() {
    let mut m = Model::new();
    let pigeons = m.vars(9, 1..=8).unwrap();
    for (i, &a) in pigeons.iter().enumerate() {
        for &b in &pigeons[i + 1..] {
            m.not_equal(a, b, 0).unwrap();
        }
    }
    m.branch(&pigeons, VarOrder::Input, ValueOrder::Min)
        .unwrap();
    let network = m.compile().learning(true);
    for (search, restarts) in [(LearnSearch::Groups, false), (LearnSearch::Activity, true)] {
        crate::learn::RESTARTS.with(|n| n.set(0));
        let report = network
            .clone()
            .learn_search(search)
            .optimize(&Limits::default(), |_| {});
        assert!(report.outcome.is_complete(), "{search:?}");
        assert!(report.value.best.is_none(), "{search:?}");
        assert!(
            report.value.stats.dead_ends > 500,
            "{search:?}: {:?}",
            report.value.stats
        );
        let n = crate::learn::RESTARTS.with(|n| n.get());
        assert_eq!(n > 0, restarts, "{search:?}: {n} restarts");
    }
}
