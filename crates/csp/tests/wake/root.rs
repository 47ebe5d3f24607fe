//! The root propagation and the subscriptions that missed work: each case
//! against what the specification implies, never against the solver's own
//! output.

use csp::{Model, Rel, Var};

/// `x in lo..=hi`, `x != 1` and `b <-> x <= 1`, posted in either order;
/// the root domains of `x` and `b`.
fn ne_then_le_reif(lo: i64, hi: i64, ne_first: bool, half: bool) -> (Vec<i64>, Vec<i64>) {
    let mut m = Model::new();
    let x = m.var(lo..=hi).unwrap();
    let b = m.bool_var().unwrap();
    let ne = |m: &mut Model| m.linear(&[(1, x)], Rel::Ne, 1).unwrap();
    let le = |m: &mut Model| {
        if half {
            m.half_reify_linear(b, &[(1, x)], Rel::Le, 1).unwrap();
        } else {
            m.reify_linear(b, &[(1, x)], Rel::Le, 1).unwrap();
        }
    };
    if ne_first {
        ne(&mut m);
        le(&mut m);
    } else {
        le(&mut m);
        ne(&mut m);
    }
    let network = m.compile();
    let bounds = network.bounds(x).unwrap();
    (vec![bounds.0, bounds.1], network.domain(b))
}

#[test]
fn int_ne_removing_the_lower_bound_wakes_int_le_reif_and_fixes_b_at_the_root() {
    // x != 1 takes 1 out of 1..=3 before any choice: x is in 2..=3, where
    // x <= 1 cannot hold, so b is false. The same on one word, on several
    // words (a bitset of more than 64 values), on an interval of more
    // values than a bitset holds, and half-reified (b -> x <= 1).
    for hi in [3, 2, 100, 1 << 20] {
        for ne_first in [true, false] {
            for half in [false, true] {
                let (x, b) = ne_then_le_reif(1, hi, ne_first, half);
                assert_eq!(
                    x,
                    [2, hi],
                    "x in 1..={hi}, ne first {ne_first}, half {half}"
                );
                assert_eq!(b, [0], "x in 1..={hi}, ne first {ne_first}, half {half}");
            }
        }
    }
}

/// `sum(coefs * vars) != rhs` with every variable but `open` fixed by its
/// domain (or a constant), on each kind of domain: the open variable loses
/// the one value that makes the sum equal, at the root.
#[test]
fn a_not_equal_with_one_open_variable_loses_its_value_at_the_root() {
    // (declared range of the open variable, the fixed terms' values).
    let cases: [(i64, i64, &[i64]); 6] = [
        (0, 9, &[]),
        (0, 9, &[4]),
        (-50, 150, &[]),
        (-50, 150, &[3, -2]),
        (-(1 << 30), 1 << 30, &[]),
        (5, 5 + 63, &[7]),
    ];
    for (lo, hi, fixed) in cases {
        for (coef, rhs) in [(1, 5), (-1, 5), (3, 6), (2, 7)] {
            let mut m = Model::new();
            let x = m.var(lo..=hi).unwrap();
            let mut terms = vec![(coef, x)];
            let mut rest = rhs;
            for &value in fixed {
                let y: Var = m.var(value..=value).unwrap();
                terms.push((1, y));
                rest -= value;
            }
            m.linear(&terms, Rel::Ne, rhs).unwrap();
            let network = m.compile();
            // coef * x != rest: the value it forbids, if an integer.
            let forbidden = (rest % coef == 0).then_some(rest / coef);
            let domain = network.domain(x);
            let wide = hi - lo + 1 > csp::MAX_DOMAIN as i64;
            match forbidden {
                // An interval loses a value at its bounds only.
                Some(v) if !wide && lo <= v && v <= hi => {
                    assert!(
                        !network.domain(x).contains(&v),
                        "{coef} * x != {rest}: {domain:?}"
                    );
                    assert_eq!(domain.len() as i64, hi - lo, "{coef} * x != {rest}");
                }
                _ => assert_eq!(network.bounds(x), Some((lo, hi)), "{coef} * x != {rest}"),
            }
        }
    }
}

#[test]
fn int_ne_on_an_interval_bound_moves_it_at_the_root() {
    let mut m = Model::new();
    let x = m.var(0..=1 << 40).unwrap();
    m.linear(&[(1, x)], Rel::Ne, 0).unwrap();
    m.linear(&[(1, x)], Rel::Ne, 1 << 40).unwrap();
    assert_eq!(m.compile().bounds(x), Some((1, (1 << 40) - 1)));
}

/// `z = 6 div y`, `y in -2..=2`: the quotient of each `y` is one value,
/// `6 div -2 = -3`, `6 div -1 = -6`, `6 div 1 = 6`, `6 div 2 = 3`; with
/// only `y in {-2, 2}` left, `z`'s bounds are their hull, `-3..=3` (the
/// propagation the documentation gives: `y` value by value, the hulls of
/// what the values left reach as the bounds of `x` and `z`).
fn six_div_y() -> (Model, Var, Var) {
    let mut m = Model::new();
    let x = m.var(6..=6).unwrap();
    let y = m.var(-2..=2).unwrap();
    let z = m.var(-9..=9).unwrap();
    m.div(x, y, z).unwrap();
    (m, y, z)
}

#[test]
fn int_div_is_woken_when_a_value_inside_the_divisor_s_bounds_leaves() {
    // At the root: the division has nothing to narrow, then the table
    // takes -1 and 1 out of y without moving its bounds.
    let mut m = Model::new();
    let x = m.var(6..=6).unwrap();
    let y = m.var_in([-2, -1, 1, 2]).unwrap();
    let z = m.var(-6..=6).unwrap();
    m.div(x, y, z).unwrap();
    let w = m.var(0..=1).unwrap();
    m.table(&[y, w], [[-2, 0], [2, 1]]).unwrap();
    let network = m.compile();
    assert_eq!(network.domain(y), [-2, 2]);
    assert_eq!(network.bounds(z), Some((-3, 3)));
    // After the root: fixing c to 0 takes -1 and 1 out of y.
    let (mut m, y, z) = six_div_y();
    let c = m.bool_var().unwrap();
    m.reify_in(c, y, [-1, 1]).unwrap();
    let mut network = m.compile();
    assert_eq!(network.bounds(z), Some((-6, 6)));
    network.fix(&[(c, 0)]).unwrap();
    assert_eq!(network.domain(y), [-2, 2]);
    assert_eq!(network.bounds(z), Some((-3, 3)));
    // The same for the remainder: 6 mod y is 0 for the divisors 1, 2, 3
    // and 6; 6 mod 4 = 2 and 6 mod 5 = 1, inside y's bounds 1..=6.
    let mut m = Model::new();
    let x = m.var(6..=6).unwrap();
    let y = m.var(1..=6).unwrap();
    let z = m.var(0..=2).unwrap();
    m.modulo(x, y, z).unwrap();
    let w = m.var(0..=1).unwrap();
    m.table(&[y, w], [[1, 0], [2, 0], [3, 1], [6, 1]]).unwrap();
    let network = m.compile();
    assert_eq!(network.domain(y), [1, 2, 3, 6]);
    assert_eq!(network.bounds(z), Some((0, 0)));
}

/// `x in 0..=2^40`, an interval, and `y = 5`, with `x != y` as `how`
/// posts it, and `x >= 5`: the advice about `y` finds 5 inside `x`, where
/// an interval cannot lose it; the lower bound moves onto it afterwards,
/// and 5 must leave then.
/// A way to post `x != y`.
type Post = fn(&mut Model, Var, Var);

fn bound_onto_a_forbidden_value(how: Post) -> Option<(i64, i64)> {
    let mut m = Model::new();
    let x = m.var(0..=1 << 40).unwrap();
    let y = m.var(5..=5).unwrap();
    how(&mut m, x, y);
    m.linear(&[(1, x)], Rel::Ge, 5).unwrap();
    m.compile().bounds(x)
}

#[test]
fn a_forbidden_value_leaves_an_interval_when_a_bound_moves_onto_it() {
    let ways: [(&str, Post); 4] = [
        ("not_equal", |m, x, y| m.not_equal(x, y, 0).unwrap()),
        ("linear", |m, x, y| {
            m.linear(&[(1, x), (-1, y)], Rel::Ne, 0).unwrap()
        }),
        ("all_different", |m, x, y| m.all_different(&[x, y]).unwrap()),
        ("all_different of three", |m, x, y| {
            let z = m.var(6..=6).unwrap();
            m.all_different(&[z, x, y]).unwrap();
        }),
    ];
    for (name, how) in ways {
        let lo = if name == "all_different of three" {
            7
        } else {
            6
        };
        assert_eq!(
            bound_onto_a_forbidden_value(how),
            Some((lo, 1 << 40)),
            "{name}"
        );
    }
}
