//! Building models: errors instead of panics, offsets, empty domains,
//! reading solutions back, and the engine's features on a network.

use backtrack::{Limits, Outcome, Search, Stop};
use csp::{Error, MAX_DOMAIN, Model, Rel};

#[test]
fn a_variable_of_another_model_is_refused() {
    let mut a = Model::new();
    let mut b = Model::new();
    let x = a.var(0..=3).unwrap();
    let y = b.var(0..=3).unwrap();
    assert!(matches!(
        b.all_different(&[x, y]),
        Err(Error::ForeignVar { .. })
    ));
    assert!(matches!(
        b.not_equal(y, x, 1),
        Err(Error::ForeignVar { .. })
    ));
    assert!(matches!(b.fix(x, 1), Err(Error::ForeignVar { .. })));
    let solutions = b.compile().solutions(10);
    assert_eq!(solutions.len(), 4);
    assert_eq!(solutions[0].get(x), None);
    assert_eq!(solutions[0].get(y), Some(0));
}

#[test]
fn fixing_a_variable_of_another_model_leaves_the_network_as_it_was() {
    let mut a = Model::new();
    let mut b = Model::new();
    let x = a.var(0..=3).unwrap();
    let y = b.var(0..=3).unwrap();
    let mut network = b.compile();
    assert!(matches!(
        network.fix(&[(y, 1), (x, 1)]),
        Err(Error::ForeignVar { .. })
    ));
    assert_eq!(network.domain(y), vec![0, 1, 2, 3]);
    network.fix(&[(y, 2)]).unwrap();
    assert_eq!(network.domain(y), vec![2]);
}

#[test]
fn a_domain_past_the_bitsets_is_an_interval_and_the_widest_bitset_works() {
    let mut m = Model::new();
    let wide = m.var(0..=MAX_DOMAIN as i64).unwrap();
    let every = m.var(i64::MIN..=i64::MAX).unwrap();
    let sparse = m.var_in([-5000, 5000]).unwrap();
    let network = m.compile();
    assert_eq!(network.bounds(wide), Some((0, MAX_DOMAIN as i64)));
    assert_eq!(network.domain(wide), [0, MAX_DOMAIN as i64]);
    assert_eq!(network.bounds(every), Some((i64::MIN, i64::MAX)));
    assert_eq!(network.bounds(sparse), Some((-5000, 5000)));
    // The widest bitset, far from 0, with a constraint near its top.
    let mut m = Model::new();
    let x = m.var(i64::MAX - MAX_DOMAIN as i64 + 1..=i64::MAX).unwrap();
    let y = m.var(-4..=4).unwrap();
    m.not_equal(x, y, i64::MAX - 2).unwrap();
    m.fix(y, 2).unwrap();
    let network = m.compile();
    assert_eq!(network.domain(x).len(), MAX_DOMAIN - 1);
    assert!(!network.domain(x).contains(&i64::MAX));
    assert_eq!(backtrack::count(network), MAX_DOMAIN as u128 - 1);
}

#[test]
fn linear_overflow_is_an_error_not_a_panic() {
    let mut m = Model::new();
    let x = m.var(-10..=10).unwrap();
    let y = m.var(0..=1).unwrap();
    let every = m.var(i64::MIN..=i64::MAX).unwrap();
    // 2^63 * (2^63 - 1) is past the 2^125 the propagator's sums allow.
    assert_eq!(
        m.linear(&[(i64::MAX, every)], Rel::Eq, 0),
        Err(Error::Overflow)
    );
    // A right-hand side moved past i64 is kept in 128 bits: `y >= i64::MIN`
    // is `-y <= 2^63`, and `-x - every >= i64::MIN` is
    // `x + every <= 2^63`.
    m.linear(&[(1, y)], Rel::Ge, i64::MIN).unwrap();
    m.linear(&[(-1, x), (-1, every)], Rel::Ge, i64::MIN)
        .unwrap();
    assert_eq!(
        m.linear(&[(i64::MAX, y), (i64::MAX, y)], Rel::Eq, 0),
        Err(Error::Overflow)
    );
    // Just inside the limits works.
    m.linear(&[(1, y)], Rel::Le, i64::MAX).unwrap();
    m.linear(&[(i64::MAX / 20, x)], Rel::Ge, 0).unwrap();
    m.linear(&[(1 << 61, every)], Rel::Eq, 0).unwrap();
    assert_eq!(backtrack::count(m.compile()), 2 * 11);
    let mut m = Model::new();
    let y = m.var(0..=1).unwrap();
    m.linear(&[(2, y)], Rel::Lt, i64::MIN).unwrap();
    assert_eq!(backtrack::count(m.compile()), 0);
}

#[test]
fn a_tuple_of_the_wrong_length_is_an_error() {
    let mut m = Model::new();
    let x = m.var(0..=3).unwrap();
    assert_eq!(
        m.table(&[x], [vec![1], vec![1, 2]]),
        Err(Error::TupleArity {
            expected: 1,
            found: 2
        })
    );
}

#[test]
fn an_empty_domain_means_no_solutions() {
    let mut m = Model::new();
    // Built at run time, as a user's bounds would be.
    let (lo, hi) = (3, std::hint::black_box(2));
    let x = m.var(lo..=hi).unwrap();
    let y = m.var(0..=5).unwrap();
    m.sum(&[x, y], Rel::Le, 4).unwrap();
    let network = m.compile();
    assert!(network.is_failed());
    assert_eq!(backtrack::count(network), 0);
    let mut m = Model::new();
    m.var_in([]).unwrap();
    assert_eq!(backtrack::count(m.compile()), 0);
}

#[test]
fn contradictions_found_while_building_mean_no_solutions() {
    let mut m = Model::new();
    let x = m.var(0..=5).unwrap();
    m.all_different(&[x, x]).unwrap();
    assert_eq!(backtrack::count(m.compile()), 0);
    let mut m = Model::new();
    let x = m.var(0..=5).unwrap();
    m.not_equal(x, x, 0).unwrap();
    assert_eq!(backtrack::count(m.compile()), 0);
    let mut m = Model::new();
    m.var(0..=5).unwrap();
    m.predicate(&[], |_| false).unwrap();
    assert_eq!(backtrack::count(m.compile()), 0);
}

#[test]
fn offset_domains_read_back_by_variable() {
    let mut m = Model::new();
    let x = m.named_var("x", -5..=5).unwrap();
    let y = m.var(-5..=5).unwrap();
    m.equal(x, y, -7).unwrap(); // x = y - 7
    let solutions = m.compile().solutions(usize::MAX);
    let pairs: Vec<(i64, i64)> = solutions.iter().map(|s| (s[x], s[y])).collect();
    assert_eq!(pairs, [(-5, 2), (-4, 3), (-3, 4), (-2, 5)]);
    assert_eq!(solutions[0].to_string(), "x=-5\nx1=2\n");
}

#[test]
fn element_picks_from_an_array() {
    let mut m = Model::new();
    let i = m.var(0..=9).unwrap();
    let v = m.var(0..=100).unwrap();
    m.element(i, &[5, 40, 7, 40, 90], v).unwrap();
    m.linear(&[(1, v)], Rel::Ge, 20).unwrap();
    let solutions = m.compile().solutions(usize::MAX);
    let pairs: Vec<(i64, i64)> = solutions.iter().map(|s| (s[i], s[v])).collect();
    assert_eq!(pairs, [(1, 40), (3, 40), (4, 90)]);
}

#[test]
fn limits_and_the_honest_outcome_work_on_a_network() {
    let (model, _) = csp::puzzle::queens(10).unwrap();
    let mut search = Search::new(model.compile()).with_limits(Limits::default().nodes(100));
    let report = search.count();
    assert_eq!(report.outcome, Outcome::Stopped(Stop::NodeLimit));
    search.set_limits(Limits::default());
    let rest = search.count();
    assert_eq!(report.value + rest.complete().unwrap(), 724);
}

#[test]
fn the_branching_order_is_smallest_domain_then_degree_then_index() {
    let mut m = Model::new();
    let a = m.var(0..=3).unwrap();
    let b = m.var(0..=2).unwrap();
    let c = m.var(0..=2).unwrap();
    m.not_equal(c, a, 5).unwrap(); // c has the higher degree among b, c
    let network = m.compile();
    let first = backtrack::Problem::choices(&network).next().unwrap();
    assert_eq!((first.var, first.value), (c, 0));
    let paths = backtrack::first(network, 1);
    assert_eq!(
        paths[0].iter().map(|ch| ch.var).collect::<Vec<_>>(),
        [c, b, a]
    );
}
