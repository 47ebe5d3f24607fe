//! The reified globals, `b <-> all_different(xs)` and `b <-> table(xs)`,
//! with repeated variables and `b` possibly among them.

use proptest::prelude::*;

use super::{agree, domains, objective, pick, positions, vars_at};

fn distinct(values: &[i64]) -> bool {
    (0..values.len()).all(|i| (i + 1..values.len()).all(|j| values[i] != values[j]))
}

/// Whether `b` is a boolean equal to `holds`.
fn is(b: i64, holds: bool) -> bool {
    (b == 0 || b == 1) && (b == 1) == holds
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(300))]

    #[test]
    fn reified_all_different_with_repeated_variables_and_b_among_them(
        (d, xs, b, goal) in (1usize..=5).prop_flat_map(|n| (
            domains(n),
            positions(n, 4),
            0..n,
            objective(n),
        )),
    ) {
        agree(
            &d,
            &|m, v| m.reify_all_different(v[b], &vars_at(v, &xs)),
            &|a| is(a[b], distinct(&pick(a, &xs))),
            &goal,
        )?;
    }

    #[test]
    fn reified_table_with_repeated_variables_and_b_among_them(
        (d, xs, rows, b, goal) in (1usize..=5).prop_flat_map(|n| (
            domains(n),
            positions(n, 3),
            prop::collection::vec(prop::collection::vec(-1i64..=3, 3), 0..=6),
            0..n,
            objective(n),
        )),
    ) {
        let rows: Vec<Vec<i64>> = rows.iter().map(|r| r[..xs.len()].to_vec()).collect();
        agree(
            &d,
            &|m, v| m.reify_table(v[b], &vars_at(v, &xs), &rows),
            &|a| is(a[b], rows.contains(&pick(a, &xs))),
            &goal,
        )?;
    }

    #[test]
    fn reified_table_fixes_b_at_the_root_exactly_when_the_domains_decide_it(
        (d, rows) in (
            domains(2),
            prop::collection::vec(prop::collection::vec(-1i64..=3, 2), 0..=12),
        ),
    ) {
        let mut m = csp::Model::new();
        let xs: Vec<csp::Var> = d.iter().map(|d| m.var_in(d.iter().copied()).unwrap()).collect();
        let b = m.bool_var().unwrap();
        m.reify_table(b, &xs, &rows).unwrap();
        let mut holds = Vec::new();
        for &x in &d[0] {
            for &y in &d[1] {
                holds.push(i64::from(rows.contains(&vec![x, y])));
            }
        }
        holds.sort_unstable();
        holds.dedup();
        prop_assert_eq!(m.compile().domain(b), holds);
    }

    #[test]
    fn reified_all_different_is_true_at_the_root_on_disjoint_domains(
        d in domains(4),
    ) {
        let mut m = csp::Model::new();
        let xs: Vec<csp::Var> = d.iter().map(|d| m.var_in(d.iter().copied()).unwrap()).collect();
        let b = m.bool_var().unwrap();
        m.reify_all_different(b, &xs).unwrap();
        let disjoint = (0..4).all(|i| (i + 1..4).all(|j| d[i].iter().all(|x| !d[j].contains(x))));
        let root = m.compile().domain(b);
        prop_assert_eq!(root == [1], disjoint, "b's root domain {:?}", root);
    }
}
