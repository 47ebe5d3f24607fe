//! The sweep against the definition: every interval tried, to a fixpoint.

use proptest::prelude::*;

use super::narrow;

/// Hall pruning by the definition: every interval between a `min` and a
/// `max` is counted, to a fixpoint, `O(n^3)` a round.
fn naive(bounds: &[(i128, i128)]) -> Option<Vec<(i128, i128)>> {
    let mut b = bounds.to_vec();
    loop {
        let mut changed = false;
        let ends: Vec<(i128, i128)> = b.clone();
        for &(lo, _) in &ends {
            for &(_, hi) in &ends {
                if lo > hi {
                    continue;
                }
                let inside = |&(x, y): &(i128, i128)| lo <= x && y <= hi;
                let count = b.iter().filter(|v| inside(v)).count() as i128;
                if count > hi - lo + 1 {
                    return None;
                }
                if count < hi - lo + 1 {
                    continue;
                }
                for v in b.iter_mut() {
                    if inside(v) {
                        continue;
                    }
                    if lo <= v.0 && v.0 <= hi {
                        v.0 = hi + 1;
                        changed = true;
                    }
                    if lo <= v.1 && v.1 <= hi {
                        v.1 = lo - 1;
                        changed = true;
                    }
                    if v.0 > v.1 {
                        return None;
                    }
                }
            }
        }
        if !changed {
            return Some(b);
        }
    }
}

fn intervals() -> impl Strategy<Value = Vec<(i128, i128)>> {
    prop::collection::vec((-6i128..=6, 0i128..=5), 0..=8)
        .prop_map(|v| v.into_iter().map(|(lo, w)| (lo, lo + w)).collect())
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(2000))]

    #[test]
    fn one_sweep_gives_the_bounds_of_the_naive_fixpoint(bounds in intervals()) {
        prop_assert_eq!(narrow(&bounds), naive(&bounds), "from {:?}", bounds);
        // The same sweep in i64, as the propagator runs it on most domains.
        let small: Vec<(i64, i64)> = bounds.iter().map(|&(lo, hi)| (lo as i64, hi as i64)).collect();
        let wide = narrow(&small).map(|b| b.iter().map(|&(lo, hi)| (i128::from(lo), i128::from(hi))).collect());
        prop_assert_eq!(wide, naive(&bounds), "in i64 from {:?}", bounds);
    }
}

#[test]
fn a_full_interval_pushes_the_others_out() {
    // [1, 2] is taken by the first two; the third leaves it on both sides
    // it can.
    assert_eq!(
        narrow::<i64>(&[(1, 2), (1, 2), (1, 3), (0, 2)]),
        Some(vec![(1, 2), (1, 2), (3, 3), (0, 0)])
    );
}

#[test]
fn more_variables_than_values_fails() {
    assert_eq!(narrow::<i64>(&[(0, 1), (0, 1), (1, 1)]), None);
    assert_eq!(narrow::<i128>(&[(5, 5), (5, 5)]), None);
}

#[test]
fn far_apart_values_do_not_overflow() {
    let (lo, hi) = (i128::from(i64::MIN), i128::from(i64::MAX));
    assert_eq!(
        narrow(&[(hi, hi), (hi - 1, hi), (lo, lo), (lo, lo + 1)]),
        Some(vec![(hi, hi), (hi - 1, hi - 1), (lo, lo), (lo + 1, lo + 1)])
    );
}
