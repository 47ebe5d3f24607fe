//! Regressions of the search that learns: models on which it once
//! learned a clause that cut a solution off.

use backtrack::Limits;

use super::learning::satisfies;
use crate::model::Model;

/// A regression: an equality on bitsets whose narrowing lands on a hole
/// (and a domain emptied so) once made the search learn a clause that cut
/// the shortest 8-mark ruler off. Every clause learned before the optimum
/// was found holds for it.
#[test]
fn learning_proves_the_shortest_golomb_ruler_of_8_marks() {
    let (model, marks) = crate::puzzle::golomb(8).unwrap();
    let network = model.compile();
    let last = marks[7].index();
    let mut fixed = network.clone();
    fixed.fix(&[(marks[7], 34)]).unwrap();
    let optimal: Vec<Vec<i64>> = fixed
        .solutions(usize::MAX)
        .iter()
        .map(|s| s.values().to_vec())
        .collect();
    assert_eq!(optimal.len(), 1);
    let (best, outcome, clauses, offsets) = network.learned_clauses(&Limits::default());
    assert!(outcome.is_complete());
    assert_eq!(best.map(|b| b[last]), Some(34));
    let mut checked = 0;
    for (clause, incumbent) in &clauses {
        if incumbent.is_none_or(|b| 34 < b) {
            checked += 1;
            assert!(
                satisfies(clause, &optimal[0], &offsets),
                "{clause:?} cuts the optimum off"
            );
        }
    }
    assert!(checked > 100, "{checked} clauses checked");
}

/// A regression: `x != y` on intervals, with `y` fixed at `x`'s lower
/// bound, moves that bound up by one; the change was explained by `y`
/// alone, so a later failure learned `z != 1`, which cut every solution
/// off. The new bound follows from the old one too.
#[test]
fn a_bound_moved_by_removing_the_value_at_it_is_explained_by_the_old_bound() {
    let mut m = Model::new();
    m.intervals_above(3);
    let x0 = m.var(-2..=1).unwrap();
    let x4 = m.var(0..=4).unwrap();
    let x5 = m.var(0..=5).unwrap();
    let x6 = m.var(-1..=3).unwrap();
    m.abs(x6, x5).unwrap();
    m.not_equal(x4, x6, 1).unwrap();
    m.all_different(&[x6, x0, x4]).unwrap();
    m.not_equal(x5, x6, 0).unwrap();
    let network = m.compile();
    let all: Vec<Vec<i64>> = network
        .solutions(usize::MAX)
        .iter()
        .map(|s| s.values().to_vec())
        .collect();
    assert!(!all.is_empty());
    let (best, outcome, clauses, offsets) = network.learned_clauses(&Limits::default());
    assert!(outcome.is_complete());
    assert!(best.as_ref().is_some_and(|b| all.contains(b)), "{best:?}");
    for (clause, _) in &clauses {
        for s in &all {
            assert!(satisfies(clause, s, &offsets), "{clause:?} cuts {s:?} off");
        }
    }
}

/// Elements whose array runs past the largest index an `i64` holds: their
/// explanations list only the indices that exist. The search that learns
/// finds the same optimum as the one that does not.
#[test]
fn elements_counted_from_near_the_largest_integer_are_explained() {
    let mut m = Model::new();
    let array = [4, 7, 2, 9, 5, 1, 8, 3, 6, 0];
    let mut indices = Vec::new();
    let mut values = Vec::new();
    for _ in 0..4 {
        let index = m.var(i64::MAX - 6..=i64::MAX).unwrap();
        let value = m.var(0..=9).unwrap();
        m.element_from(index, i64::MAX - 5, &array, value).unwrap();
        indices.push(index);
        values.push(value);
    }
    m.all_different(&indices).unwrap();
    m.all_different(&values).unwrap();
    let terms: Vec<(i64, crate::Var)> = values
        .iter()
        .enumerate()
        .map(|(k, &v)| (k as i64 + 1, v))
        .collect();
    let total = m.minimize_linear(&terms).unwrap();
    let network = m.compile();
    let plain = network.clone().optimize(&Limits::default(), |_| {});
    let learned = network.learning(true).optimize(&Limits::default(), |_| {});
    assert!(learned.outcome.is_complete());
    let plain = plain.value.best.map(|b| b[total]);
    assert_eq!(learned.value.best.map(|b| b[total]), plain);
    // The indices that exist give 4, 7, 2, 9, 5 and 1 (the rest lie past
    // i64::MAX): 4 * 1 + 3 * 2 + 2 * 4 + 1 * 5.
    assert_eq!(plain, Some(23));
}
