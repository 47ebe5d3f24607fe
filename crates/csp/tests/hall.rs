//! Bounds-consistent all-different against a naive Hall-interval checker.

use csp::{Model, Var};
use proptest::prelude::*;

/// Whether the bounds are at a Hall fixpoint: no interval holds more
/// variables' bounds than values, and none that is full has another
/// variable's bound inside. Every interval of the values is tried.
fn is_hall_fixpoint(bounds: &[(i64, i64)]) -> bool {
    let lo = bounds.iter().map(|b| b.0).min().unwrap_or(0);
    let hi = bounds.iter().map(|b| b.1).max().unwrap_or(0);
    for a in lo..=hi {
        for b in a..=hi {
            let inside = bounds.iter().filter(|&&(x, y)| a <= x && y <= b).count() as i64;
            if inside > b - a + 1 {
                return false;
            }
            if inside == b - a + 1 {
                let leaks = bounds.iter().any(|&(x, y)| {
                    !(a <= x && y <= b) && ((a <= x && x <= b) || (a <= y && y <= b))
                });
                if leaks {
                    return false;
                }
            }
        }
    }
    true
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(500))]

    #[test]
    fn all_different_bounds_reaches_the_hall_fixpoint(
        ranges in prop::collection::vec((-4i64..=4, 0i64..=4), 1..=6),
    ) {
        let mut m = Model::new();
        let vars: Vec<Var> = ranges.iter().map(|&(lo, w)| m.var(lo..=lo + w).unwrap()).collect();
        m.all_different_bounds(&vars).unwrap();
        let network = m.compile();
        if !network.is_failed() {
            let bounds: Vec<(i64, i64)> = vars
                .iter()
                .map(|&v| {
                    let d = network.domain(v);
                    (d[0], d[d.len() - 1])
                })
                .collect();
            prop_assert!(is_hall_fixpoint(&bounds), "{:?} from {:?}", bounds, ranges);
        } else {
            // Failed: then there is no solution at all.
            prop_assert_eq!(backtrack::count(network), 0);
        }
    }
}
