//! Tables and automata over a variable too wide for a bitset: narrowed to
//! the values they list first, instead of refused.

use csp::{Automaton, Model, Var};

/// Every solution's values of `vars`, sorted.
fn all(m: &Model, vars: &[Var]) -> Vec<Vec<i64>> {
    let mut found: Vec<Vec<i64>> = m
        .compile()
        .solutions(usize::MAX)
        .iter()
        .map(|s| vars.iter().map(|&v| s[v]).collect())
        .collect();
    found.sort();
    found
}

#[test]
fn table_over_a_variable_wider_than_a_bitset_keeps_the_tables_few_values() {
    for far in [200, 9_999_999] {
        let mut m = Model::new();
        let x = m.var(0..=10_000_000).unwrap();
        let y = m.var(0..=3).unwrap();
        // A tuple outside x's domain, and one repeated.
        let tuples = [[5, 1], [far, 2], [5, 3], [-4, 0], [far, 2]];
        m.table(&[x, y], tuples).unwrap();
        assert_eq!(all(&m, &[x, y]), [[5, 1], [5, 3], [far, 2]], "far = {far}");
        // The wide variable twice in one table: only the tuples that agree.
        let mut m = Model::new();
        let x = m.var(-10_000_000..=10_000_000).unwrap();
        m.table(&[x, x], [[3, 3], [far, 3], [far, far]]).unwrap();
        assert_eq!(all(&m, &[x]), [[3], [far]], "far = {far}");
    }
}

#[test]
fn regular_over_a_variable_wider_than_a_bitset_keeps_the_automatons_letters() {
    for far in [7, 5_000_000] {
        // Words of 0 and `far` with no two `far`s in a row.
        let no_two = Automaton::new(2, 0, &[0, 1], &[(0, 0, 0), (0, far, 1), (1, 0, 0)]).unwrap();
        let mut m = Model::new();
        let wide = m.var(-10_000_000..=10_000_000).unwrap();
        let small = m.var(0..=7).unwrap();
        m.regular(&[wide, small, wide], &no_two).unwrap();
        let mut expected = vec![vec![0, 0], vec![0, far], vec![far, 0]];
        if far > 7 {
            // `small` cannot be `far`.
            expected.retain(|w| w[1] != far);
        }
        expected.sort();
        assert_eq!(all(&m, &[wide, small]), expected, "far = {far}");
    }
}
