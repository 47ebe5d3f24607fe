//! The array globals with repeats: element over constants and over
//! variables, tables, inverse, lex_lesseq and circuit.

use proptest::prelude::*;

use super::{agree, domains, objective, pick, positions, vars_at};

/// Entry `i` of `array`, counted from 0, if there is one.
fn entry<T: Copy>(array: &[T], i: i64) -> Option<T> {
    usize::try_from(i).ok().and_then(|i| array.get(i).copied())
}

/// Whether `x <= y` in lexicographic order, a proper prefix smaller.
fn lex_le(x: &[i64], y: &[i64]) -> bool {
    for (a, b) in x.iter().zip(y) {
        if a != b {
            return a < b;
        }
    }
    x.len() <= y.len()
}

/// Whether `succ` (values 0..n) is one cycle through every node.
pub(super) fn one_cycle(succ: &[i64]) -> bool {
    let n = succ.len();
    let mut seen = vec![false; n];
    let mut at = 0usize;
    for _ in 0..n {
        if seen[at] {
            return false;
        }
        seen[at] = true;
        match entry(succ, at as i64) {
            Some(next) if (0..n as i64).contains(&next) => at = next as usize,
            _ => return false,
        }
    }
    at == 0 && seen.iter().all(|&s| s)
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(300))]

    #[test]
    fn element_over_repeated_constants_with_the_index_as_the_value(
        (d, index, array, value, goal) in (1usize..=4).prop_flat_map(|n| (
            domains(n),
            0..n,
            prop::collection::vec(-1i64..=3, 0..=5),
            0..n,
            objective(n),
        )),
    ) {
        agree(
            &d,
            &|m, v| m.element(v[index], &array, v[value]),
            &|a| entry(&array, a[index]) == Some(a[value]),
            &goal,
        )?;
    }

    #[test]
    fn element_over_variables_with_the_index_and_value_in_the_array(
        (d, index, array, value, goal) in (1usize..=4).prop_flat_map(|n| (
            domains(n),
            0..n,
            positions(n, 4),
            0..n,
            objective(n),
        )),
    ) {
        agree(
            &d,
            &|m, v| m.element_var(v[index], &vars_at(v, &array), v[value]),
            &|a| entry(&array, a[index]).map(|e| a[e]) == Some(a[value]),
            &goal,
        )?;
    }

    #[test]
    fn table_with_repeated_variables_and_repeated_tuples(
        (d, xs, tuples, goal) in (1usize..=4).prop_flat_map(|n| (
            domains(n),
            prop::collection::vec(0..n, 1..=3),
            prop::collection::vec(prop::collection::vec(-1i64..=3, 3), 0..=8),
            objective(n),
        )),
    ) {
        let tuples: Vec<Vec<i64>> = tuples.iter().map(|t| t[..xs.len()].to_vec()).collect();
        // Repeat a tuple, as a table may.
        let tuples: Vec<Vec<i64>> = tuples.iter().chain(tuples.first()).cloned().collect();
        agree(
            &d,
            &|m, v| m.table(&vars_at(v, &xs), &tuples),
            &|a| tuples.contains(&pick(a, &xs)),
            &goal,
        )?;
    }

    #[test]
    fn inverse_with_variables_shared_by_both_sides(
        (d, f, g, goal) in (1usize..=4).prop_flat_map(|n| (1..=n.min(3)).prop_flat_map(move |k| (
            domains(n),
            prop::collection::vec(0..n, k),
            prop::collection::vec(0..n, k),
            objective(n),
        ))),
    ) {
        agree(
            &d,
            &|m, v| m.inverse(&vars_at(v, &f), &vars_at(v, &g)),
            &|a| {
                let (f, g) = (pick(a, &f), pick(a, &g));
                let k = f.len() as i64;
                f.iter().chain(&g).all(|x| (0..k).contains(x))
                    && (0..k).all(|i| (0..k).all(|j| {
                        (entry(&f, i) == Some(j)) == (entry(&g, j) == Some(i))
                    }))
            },
            &goal,
        )?;
    }

    #[test]
    fn inverse_with_positions_counted_from_any_first_index(
        (d, f, g, firsts, goal) in (1usize..=5).prop_flat_map(|n| (1..=n.min(3)).prop_flat_map(move |k| (
            domains(n),
            prop::collection::vec(0..n, k),
            prop::collection::vec(0..n, k),
            (-1i64..=2, -1i64..=2),
            objective(n),
        ))),
    ) {
        let (f_first, g_first) = firsts;
        agree(
            &d,
            &|m, v| m.inverse_from(&vars_at(v, &f), f_first, &vars_at(v, &g), g_first),
            &|a| {
                let (f, g) = (pick(a, &f), pick(a, &g));
                let k = f.len() as i64;
                // f[i] = g_first + j exactly when g[j] = f_first + i.
                f.iter().all(|x| (g_first..g_first + k).contains(x))
                    && g.iter().all(|x| (f_first..f_first + k).contains(x))
                    && (0..k).all(|i| (0..k).all(|j| {
                        (entry(&f, i) == Some(g_first + j)) == (entry(&g, j) == Some(f_first + i))
                    }))
            },
            &goal,
        )?;
    }

    #[test]
    fn equal_domain_with_a_variable_on_both_sides_and_any_shift(
        (d, x, y, c, goal) in (1usize..=3).prop_flat_map(|n| (
            domains(n),
            0..n,
            0..n,
            -3i64..=3,
            objective(n),
        )),
    ) {
        agree(
            &d,
            &|m, v| m.equal_domain(v[x], v[y], c),
            &|a| a[x] == a[y] + c,
            &goal,
        )?;
    }

    #[test]
    fn lex_lesseq_with_shared_variables_and_lists_of_different_lengths(
        (d, xs, ys, goal) in (1usize..=4).prop_flat_map(|n| (
            domains(n),
            positions(n, 3),
            positions(n, 3),
            objective(n),
        )),
    ) {
        agree(
            &d,
            &|m, v| m.lex_lesseq(&vars_at(v, &xs), &vars_at(v, &ys)),
            &|a| lex_le(&pick(a, &xs), &pick(a, &ys)),
            &goal,
        )?;
    }

    #[test]
    fn circuit_with_a_variable_twice(
        (d, succ, goal) in (1usize..=5).prop_flat_map(|n| (
            domains(n),
            prop::collection::vec(0..n, 1..=4),
            objective(n),
        )),
    ) {
        agree(
            &d,
            &|m, v| m.circuit(&vars_at(v, &succ)),
            &|a| one_cycle(&pick(a, &succ)),
            &goal,
        )?;
    }
}
