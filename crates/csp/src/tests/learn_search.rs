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
