//! Models at the edges of `i64`: sums, products, absolute values, the
//! objective and every value order on domains of up to 2^64 values.

use backtrack::Limits;
use csp::{Error, Model, Rel, ValueOrder, VarOrder};

const ALL: std::ops::RangeInclusive<i64> = i64::MIN..=i64::MAX;

#[test]
fn a_sum_over_all_of_i64_does_not_overflow() {
    let mut m = Model::new();
    let [x, y, z] = [(); 3].map(|()| m.var(ALL).unwrap());
    m.linear(&[(1, x), (1, y), (-1, z)], Rel::Eq, 0).unwrap();
    m.linear(&[(1, x)], Rel::Ge, i64::MAX - 2).unwrap();
    m.linear(&[(1, y)], Rel::Ge, 0).unwrap();
    let found = m.compile().solutions(usize::MAX);
    // x + y <= i64::MAX: y at most i64::MAX - x.
    assert_eq!(found.len(), 3 + 2 + 1);
    for s in &found {
        assert_eq!(s[x] as i128 + s[y] as i128, s[z] as i128, "{s:?}");
    }
}

#[test]
fn a_sum_near_the_smallest_i64_is_minimized() {
    let mut m = Model::new();
    let half = i64::MIN / 2;
    let x = m.var(half..=half + 1_000_000).unwrap();
    let y = m.var(half..=half + 1_000_000).unwrap();
    m.not_equal(x, y, 0).unwrap();
    let total = m.minimize_linear(&[(1, x), (1, y)]).unwrap();
    let report = m.compile().optimize(&Limits::default(), |_| {});
    assert!(report.outcome.is_complete());
    assert_eq!(report.value.objective, Some(i64::MIN + 1));
    let best = report.value.best.unwrap();
    assert_eq!(best[total], i64::MIN + 1);
    assert_eq!(best[x] as i128 + best[y] as i128, i64::MIN as i128 + 1);
}

#[test]
fn a_sum_whose_bounds_leave_i64_is_an_error() {
    let mut m = Model::new();
    let x = m.var(ALL).unwrap();
    let y = m.var(0..=1).unwrap();
    assert_eq!(m.minimize_linear(&[(1, x), (1, y)]), Err(Error::Overflow));
    assert_eq!(m.maximize_linear(&[(2, x)]), Err(Error::Overflow));
}

#[test]
fn a_wide_objective_is_maximized_at_the_largest_i64() {
    let mut m = Model::new();
    let x = m.var(0..=i64::MAX).unwrap();
    let y = m.var(0..=i64::MAX).unwrap();
    m.linear(&[(1, x), (-1, y)], Rel::Ge, 5).unwrap();
    m.maximize(y).unwrap();
    // The largest first: by the default order, min first, branch and bound
    // would climb one value at a time.
    m.branch(&[y], VarOrder::Input, ValueOrder::Max).unwrap();
    let report = m.compile().optimize(&Limits::default(), |_| {});
    assert!(report.outcome.is_complete());
    assert_eq!(report.value.objective, Some(i64::MAX - 5));
}

#[test]
fn products_and_absolute_values_at_the_edges() {
    let mut m = Model::new();
    let [x, y, z] = [(); 3].map(|()| m.var(ALL).unwrap());
    m.linear(&[(1, x)], Rel::Ge, 1 << 31).unwrap();
    m.linear(&[(1, x)], Rel::Le, (1 << 31) + 1).unwrap();
    m.equal(y, x, 0).unwrap();
    m.times(x, y, z).unwrap();
    let found = m.compile().solutions(usize::MAX);
    let squares: Vec<i64> = found.iter().map(|s| s[z]).collect();
    assert_eq!(squares, [1 << 62, ((1i64 << 31) + 1) * ((1 << 31) + 1)]);

    // |x| <= 5 narrows x from all of i64 to -5..=5.
    let mut m = Model::new();
    let x = m.var(ALL).unwrap();
    let y = m.var(0..=5).unwrap();
    m.abs(x, y).unwrap();
    let network = m.compile();
    assert_eq!(network.bounds(x), Some((-5, 5)));
    assert_eq!(backtrack::count(network), 11);

    // |i64::MIN| is no i64.
    let mut m = Model::new();
    let x = m.var(i64::MIN..=i64::MIN + 1).unwrap();
    let y = m.var(ALL).unwrap();
    m.abs(x, y).unwrap();
    let found = m.compile().solutions(usize::MAX);
    let pairs: Vec<(i64, i64)> = found.iter().map(|s| (s[x], s[y])).collect();
    assert_eq!(pairs, [(i64::MIN + 1, i64::MAX)]);
}

#[test]
fn every_value_order_branches_on_a_domain_of_every_i64() {
    let first = |order: Option<ValueOrder>| {
        let mut m = Model::new();
        let x = m.var(ALL).unwrap();
        if let Some(order) = order {
            m.branch(&[x], VarOrder::Input, order).unwrap();
        }
        m.compile().solutions(1)[0][x]
    };
    assert_eq!(first(None), i64::MIN);
    assert_eq!(first(Some(ValueOrder::Min)), i64::MIN);
    assert_eq!(first(Some(ValueOrder::Max)), i64::MAX);
    assert_eq!(first(Some(ValueOrder::Median)), -1);
    assert_eq!(first(Some(ValueOrder::Split)), i64::MIN);
    assert_eq!(first(Some(ValueOrder::SplitUpper)), i64::MAX);
    // A draw from all of i64, the same for the same seed.
    let drawn = first(Some(ValueOrder::Random(3)));
    assert_eq!(first(Some(ValueOrder::Random(3))), drawn);
    assert_ne!(first(Some(ValueOrder::Random(4))), drawn);
}

#[test]
fn the_last_values_of_i64_are_counted_one_by_one() {
    for order in [
        ValueOrder::Min,
        ValueOrder::Max,
        ValueOrder::Median,
        ValueOrder::Split,
    ] {
        let mut m = Model::new();
        let x = m.var(ALL).unwrap();
        m.linear(&[(1, x)], Rel::Ge, i64::MAX - 4).unwrap();
        m.branch(&[x], VarOrder::Input, order).unwrap();
        let mut found: Vec<i64> = m.compile().solutions(10).iter().map(|s| s[x]).collect();
        found.sort_unstable();
        assert_eq!(
            found,
            (i64::MAX - 4..=i64::MAX).collect::<Vec<_>>(),
            "{order:?}"
        );
    }
}

#[test]
fn a_table_narrows_a_variable_of_every_i64_to_its_values_as_an_element_its_index() {
    let mut m = Model::new();
    let x = m.var(ALL).unwrap();
    m.table(&[x], [[2], [i64::MIN], [i64::MAX], [2]]).unwrap();
    let mut found: Vec<i64> = m.compile().solutions(10).iter().map(|s| s[x]).collect();
    found.sort_unstable();
    assert_eq!(found, [i64::MIN, 2, i64::MAX]);
    let mut m = Model::new();
    let index = m.var(ALL).unwrap();
    let value = m.var(ALL).unwrap();
    m.element(index, &[50, -7, 50], value).unwrap();
    let mut found: Vec<(i64, i64)> = m
        .compile()
        .solutions(10)
        .iter()
        .map(|s| (s[index], s[value]))
        .collect();
    found.sort_unstable();
    assert_eq!(found, [(0, 50), (1, -7), (2, 50)]);
}

#[test]
fn tasks_on_one_machine_next_to_the_largest_i64() {
    let durations = [3i64, 5, 8];
    // A start plus the work of every task passes i64::MAX.
    let (lo, hi) = (i64::MAX - 20, i64::MAX - 8);
    let mut m = Model::new();
    m.intervals_above(1);
    let starts = m.vars(3, lo..=hi).unwrap();
    m.disjunctive(&starts, &durations).unwrap();
    // Every triple of starts whose tasks do not overlap, in 128 bits.
    let apart = |a: i128, da: i64, b: i128, db: i64| a + da as i128 <= b || b + db as i128 <= a;
    let range = || lo as i128..=hi as i128;
    let mut expected = 0;
    for a in range() {
        for b in range() {
            for c in range() {
                let ok = apart(a, durations[0], b, durations[1])
                    && apart(a, durations[0], c, durations[2])
                    && apart(b, durations[1], c, durations[2]);
                expected += u128::from(ok);
            }
        }
    }
    assert!(expected > 0);
    assert_eq!(backtrack::count(m.compile()), expected);
}
