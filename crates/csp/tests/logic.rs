//! The connectives against their truth tables, and reification fixing its
//! boolean as soon as the bounds decide the constraint.

use csp::{Model, Rel, Var};

/// Every solution over `vars`, sorted.
fn table(m: &Model, vars: &[Var]) -> Vec<Vec<i64>> {
    let mut found: Vec<Vec<i64>> = m
        .compile()
        .solutions(usize::MAX)
        .iter()
        .map(|s| vars.iter().map(|&v| s[v]).collect())
        .collect();
    found.sort();
    found
}

/// Every 0/1 assignment of `n` values with `r` last, where `r == f(rest)`.
fn truth(n: usize, f: impl Fn(&[bool]) -> bool) -> Vec<Vec<i64>> {
    let mut rows = Vec::new();
    for bits in 0..1u32 << n {
        let row: Vec<i64> = (0..n)
            .rev()
            .map(|i| i64::from(bits >> i & 1 == 1))
            .collect();
        let inputs: Vec<bool> = row[..n - 1].iter().map(|&b| b == 1).collect();
        if f(&inputs) == (row[n - 1] == 1) {
            rows.push(row);
        }
    }
    rows
}

#[test]
fn the_connectives_match_their_truth_tables() {
    for inputs in 0..=3 {
        let mut m = Model::new();
        let vars: Vec<Var> = (0..=inputs).map(|_| m.bool_var().unwrap()).collect();
        m.and(&vars[..inputs], vars[inputs]).unwrap();
        assert_eq!(
            table(&m, &vars),
            truth(inputs + 1, |x| x.iter().all(|&b| b)),
            "and of {inputs}"
        );
        let mut m = Model::new();
        let vars: Vec<Var> = (0..=inputs).map(|_| m.bool_var().unwrap()).collect();
        m.or(&vars[..inputs], vars[inputs]).unwrap();
        assert_eq!(
            table(&m, &vars),
            truth(inputs + 1, |x| x.iter().any(|&b| b)),
            "or of {inputs}"
        );
    }
    let mut m = Model::new();
    let [a, b] = [m.bool_var().unwrap(), m.bool_var().unwrap()];
    m.not(a, b).unwrap();
    assert_eq!(table(&m, &[a, b]), [[0, 1], [1, 0]]);
    let mut m = Model::new();
    let [a, b] = [m.bool_var().unwrap(), m.bool_var().unwrap()];
    m.implies(a, b).unwrap();
    assert_eq!(table(&m, &[a, b]), [[0, 0], [0, 1], [1, 1]]);
}

#[test]
fn a_boolean_of_a_wider_variable_is_narrowed_to_0_and_1() {
    let mut m = Model::new();
    let b = m.var(-5..=5).unwrap();
    m.clause(&[b], &[]).unwrap();
    assert_eq!(m.compile().domain(b), [1]);
}

#[test]
fn reification_decides_its_boolean_from_the_bounds_at_once() {
    // x in 0..=3: x <= 5 must hold, x >= 4 cannot.
    let mut m = Model::new();
    let x = m.var(0..=3).unwrap();
    let [yes, no, half] = [
        m.bool_var().unwrap(),
        m.bool_var().unwrap(),
        m.bool_var().unwrap(),
    ];
    m.reify_linear(yes, &[(1, x)], Rel::Le, 5).unwrap();
    m.reify_linear(no, &[(1, x)], Rel::Ge, 4).unwrap();
    m.half_reify_linear(half, &[(1, x)], Rel::Le, 5).unwrap();
    let network = m.compile();
    assert_eq!(network.domain(yes), [1]);
    assert_eq!(network.domain(no), [0]);
    assert_eq!(network.domain(half), [0, 1]); // b -> C says nothing of b
    // b -> x == y, with b true: x and y equal.
    let mut m = Model::new();
    let (x, y) = (m.var(0..=3).unwrap(), m.var(2..=5).unwrap());
    let b = m.bool_var().unwrap();
    m.half_reify_linear(b, &[(1, x), (-1, y)], Rel::Eq, 0)
        .unwrap();
    m.fix(b, 1).unwrap();
    let network = m.compile();
    assert_eq!(
        (network.domain(x), network.domain(y)),
        (vec![2, 3], vec![2, 3])
    );
    // b <-> x in {1, 3}: x fixed to 3 makes b true.
    let mut m = Model::new();
    let x = m.var(0..=4).unwrap();
    let b = m.bool_var().unwrap();
    m.reify_in(b, x, [1, 3]).unwrap();
    m.fix(x, 3).unwrap();
    assert_eq!(m.compile().domain(b), [1]);
}
