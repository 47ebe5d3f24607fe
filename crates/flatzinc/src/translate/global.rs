//! The builtins and globals with a propagator of the solver's own: the
//! logic and arithmetic builtins it propagates on bounds, and the globals
//! that the MiniZinc library (`mznlib/`) declares instead of decomposing.

use csp::{Automaton, Rel, Var};

use super::builtin::Args;
use super::{Builder, TranslateError};
use crate::instance::Consistency;

type Res<T> = Result<T, TranslateError>;

/// Posts `a`'s builtin if it is one of these; whether it was.
pub(super) fn post(b: &mut Builder, a: &Args<'_>, name: &str) -> Res<bool> {
    let pos = a.call.pos;
    let solver = |source| TranslateError::Solver { source, pos };
    let vars = |b: &mut Builder, i: usize| -> Res<Vec<Var>> {
        a.array(i)?.iter().map(|t| b.var(t, pos)).collect()
    };
    match name {
        "bool_clause" => {
            a.count(2)?;
            let (positive, negative) = (vars(b, 0)?, vars(b, 1)?);
            b.model.clause(&positive, &negative).map_err(solver)?;
        }
        "array_bool_and" | "array_bool_or" => {
            a.count(2)?;
            let (xs, r) = (vars(b, 0)?, b.var(a.term(1)?, pos)?);
            if name == "array_bool_and" {
                b.model.and(&xs, r).map_err(solver)?;
            } else {
                b.model.or(&xs, r).map_err(solver)?;
            }
        }
        "int_div" | "int_mod" => {
            a.count(3)?;
            let [x, y, z] = [0, 1, 2].map(|i| a.term(i));
            let (x, y, z) = (b.var(x?, pos)?, b.var(y?, pos)?, b.var(z?, pos)?);
            // A table of the tuples prunes every value where it is small
            // enough (see `builtin`); past that, the solver's propagator on
            // bounds rather than a check on fixed values (and on any wide
            // variable, which lists no values).
            let tuples = [x, y, z]
                .iter()
                .try_fold(1usize, |n, &v| n.checked_mul(b.domain(v)?.len()));
            if tuples.is_some_and(|n| n <= super::builtin::TABLE_MAX) {
                return Ok(false);
            }
            if name == "int_div" {
                b.model.div(x, y, z)
            } else {
                b.model.modulo(x, y, z)
            }
            .map_err(solver)?;
        }
        "int_times" | "int_min" | "int_max" => {
            a.count(3)?;
            let [x, y, z] = [0, 1, 2].map(|i| a.term(i));
            let (x, y, z) = (b.var(x?, pos)?, b.var(y?, pos)?, b.var(z?, pos)?);
            match name {
                "int_times" => b.model.times(x, y, z),
                "int_min" => b.model.min(&[x, y], z),
                _ => b.model.max(&[x, y], z),
            }
            .map_err(solver)?;
        }
        "int_abs" => {
            a.count(2)?;
            let (x, y) = (b.var(a.term(0)?, pos)?, b.var(a.term(1)?, pos)?);
            b.model.abs(x, y).map_err(solver)?;
        }
        "array_int_maximum" | "array_int_minimum" => {
            a.count(2)?;
            let (m, xs) = (b.var(a.term(0)?, pos)?, vars(b, 1)?);
            if name == "array_int_maximum" {
                b.model.max(&xs, m).map_err(solver)?;
            } else {
                b.model.min(&xs, m).map_err(solver)?;
            }
        }
        "array_var_int_element" | "array_var_bool_element" => {
            a.count(3)?;
            let index = b.var(a.term(0)?, pos)?;
            let (items, value) = (vars(b, 1)?, b.var(a.term(2)?, pos)?);
            // FlatZinc counts from 1: the index itself, not a shifted
            // copy linked on bounds, so that its holes reach the model.
            b.model
                .element_var_from(index, 1, &items, value)
                .map_err(solver)?;
        }
        "fzn_all_different_int" => {
            a.count(1)?;
            let xs = vars(b, 0)?;
            match a.call.consistency {
                Some(Consistency::Domain) => b.model.all_different_domain(&xs),
                Some(Consistency::Bounds) => b.model.all_different_bounds(&xs),
                None => b.model.all_different(&xs),
            }
            .map_err(solver)?;
        }
        "fzn_table_int" => {
            a.count(2)?;
            let xs = vars(b, 0)?;
            let flat = a.ints(1)?;
            if xs.is_empty() || flat.len() % xs.len() != 0 {
                return Err(a.bad(format!(
                    "has {} values for rows of {}",
                    flat.len(),
                    xs.len()
                )));
            }
            b.model.table(&xs, flat.chunks(xs.len())).map_err(solver)?;
        }
        "fzn_all_different_int_reif" => {
            a.count(2)?;
            let (xs, r) = (vars(b, 0)?, b.var(a.term(1)?, pos)?);
            b.model.reify_all_different(r, &xs).map_err(solver)?;
        }
        "fzn_table_int_reif" => {
            a.count(3)?;
            let (xs, flat, r) = (vars(b, 0)?, a.ints(1)?, b.var(a.term(2)?, pos)?);
            if xs.is_empty() || flat.len() % xs.len() != 0 {
                return Err(a.bad(format!(
                    "has {} values for rows of {}",
                    flat.len(),
                    xs.len()
                )));
            }
            b.model
                .reify_table(r, &xs, flat.chunks(xs.len()))
                .map_err(solver)?;
        }
        "fzn_count_eq" | "fzn_count_eq_par" => {
            a.count(3)?;
            let xs = vars(b, 0)?;
            let count = b.var(a.term(2)?, pos)?;
            match a.int(1) {
                Ok(value) => b.model.count(&xs, value, count).map_err(solver)?,
                // A value that is a variable: Σ (x_i == y) == c.
                Err(_) => {
                    let y = b.var(a.term(1)?, pos)?;
                    let mut terms = Vec::with_capacity(xs.len() + 1);
                    for &x in &xs {
                        let same = b.new_var(vec![0, 1], pos)?;
                        b.model
                            .reify_linear(same, &[(1, x), (-1, y)], Rel::Eq, 0)
                            .map_err(solver)?;
                        terms.push((1, same));
                    }
                    terms.push((-1, count));
                    b.model.linear(&terms, Rel::Eq, 0).map_err(solver)?;
                }
            }
        }
        "fzn_among" => {
            a.count(3)?;
            let (n, xs, values) = (b.var(a.term(0)?, pos)?, vars(b, 1)?, a.set(2)?);
            b.model.among(&xs, values, n).map_err(solver)?;
        }
        "fzn_global_cardinality" => {
            a.count(3)?;
            let (xs, cover, counts) = (vars(b, 0)?, a.ints(1)?, vars(b, 2)?);
            b.model
                .global_cardinality(&xs, &cover, &counts)
                .map_err(solver)?;
        }
        "fzn_regular" => {
            a.count(6)?;
            let xs = vars(b, 0)?;
            let automaton = automaton(a)?;
            b.model.regular(&xs, &automaton).map_err(solver)?;
        }
        "csp_circuit" => {
            // Nodes numbered from the array's first index, read on the
            // variables themselves (a shifted copy, linked on bounds only,
            // would hide their holes).
            a.count(2)?;
            let (first, succ) = (a.int(0)?, vars(b, 1)?);
            b.model.circuit_from(first, &succ).map_err(solver)?;
        }
        "csp_inverse" => {
            // f's values are indices of g (from g_first) and g's of f, read
            // on the variables themselves: a copy shifted by the first
            // index would be linked on bounds only and hide the holes.
            a.count(4)?;
            let (f, f_first, g, g_first) = (vars(b, 0)?, a.int(1)?, vars(b, 2)?, a.int(3)?);
            if a.call.consistency == Some(Consistency::Domain) {
                b.model.all_different_domain(&f).map_err(solver)?;
                b.model.all_different_domain(&g).map_err(solver)?;
            }
            b.model
                .inverse_from(&f, f_first, &g, g_first)
                .map_err(solver)?;
        }
        "csp_disjunctive" => {
            a.count(2)?;
            let (starts, durations) = (vars(b, 0)?, a.ints(1)?);
            b.model.disjunctive(&starts, &durations).map_err(solver)?;
        }
        "csp_disjunctive_var" | "csp_disjunctive_strict" => {
            a.count(2)?;
            let (starts, durations) = (vars(b, 0)?, vars(b, 1)?);
            if name == "csp_disjunctive_var" {
                b.model.disjunctive_var(&starts, &durations)
            } else {
                b.model.disjunctive_strict(&starts, &durations)
            }
            .map_err(solver)?;
        }
        "csp_disjunctive_opt" | "csp_disjunctive_strict_opt" => {
            // The starts' values and whether each occurs.
            a.count(3)?;
            let (starts, durations, present) = (vars(b, 0)?, vars(b, 1)?, vars(b, 2)?);
            if name == "csp_disjunctive_opt" {
                b.model.disjunctive_optional(&starts, &durations, &present)
            } else {
                b.model
                    .disjunctive_strict_optional(&starts, &durations, &present)
            }
            .map_err(solver)?;
        }
        "csp_subcircuit" => {
            // Nodes numbered from the array's first index, read on the
            // variables themselves (a shifted copy, linked on bounds only,
            // would hide their holes).
            a.count(2)?;
            let (first, succ) = (a.int(0)?, vars(b, 1)?);
            b.model.subcircuit_from(first, &succ).map_err(solver)?;
        }
        "csp_cumulative" => {
            a.count(4)?;
            let (starts, durations, demands, capacity) =
                (vars(b, 0)?, a.ints(1)?, a.ints(2)?, a.int(3)?);
            b.model
                .cumulative(&starts, &durations, &demands, capacity)
                .map_err(solver)?;
        }
        "csp_bin_packing_load" => {
            a.count(4)?;
            let (loads, first, bins, weights) = (vars(b, 0)?, a.int(1)?, vars(b, 2)?, a.ints(3)?);
            b.model
                .bin_packing_load(&loads, first, &bins, &weights)
                .map_err(solver)?;
        }
        "csp_bin_packing_capa" => {
            a.count(4)?;
            let (capacities, first, bins, weights) =
                (a.ints(0)?, a.int(1)?, vars(b, 2)?, a.ints(3)?);
            b.model
                .bin_packing_capa(&capacities, first, &bins, &weights)
                .map_err(solver)?;
        }
        "csp_bin_packing" => {
            a.count(3)?;
            let (capacity, bins, weights) = (a.int(0)?, vars(b, 1)?, a.ints(2)?);
            b.model
                .bin_packing(capacity, &bins, &weights)
                .map_err(solver)?;
        }
        "csp_diffn" | "csp_diffn_nonstrict" => {
            a.count(4)?;
            let (x, y, dx, dy) = (vars(b, 0)?, vars(b, 1)?, vars(b, 2)?, vars(b, 3)?);
            if name == "csp_diffn" {
                b.model.diffn(&x, &y, &dx, &dy)
            } else {
                b.model.diffn_nonstrict(&x, &y, &dx, &dy)
            }
            .map_err(solver)?;
        }
        "csp_cumulative_var" => {
            a.count(4)?;
            let (starts, durations, demands) = (vars(b, 0)?, vars(b, 1)?, vars(b, 2)?);
            let capacity = b.var(a.term(3)?, pos)?;
            b.model
                .cumulative_var(&starts, &durations, &demands, capacity)
                .map_err(solver)?;
        }
        "csp_cumulative_opt" => {
            a.count(5)?;
            let (present, starts) = (vars(b, 0)?, vars(b, 1)?);
            let (durations, demands) = (vars(b, 2)?, vars(b, 3)?);
            let capacity = b.var(a.term(4)?, pos)?;
            b.model
                .cumulative_optional(&present, &starts, &durations, &demands, capacity)
                .map_err(solver)?;
        }
        "fzn_lex_lesseq_int" | "fzn_lex_lesseq_bool" => {
            a.count(2)?;
            let (xs, ys) = (vars(b, 0)?, vars(b, 1)?);
            b.model.lex_lesseq(&xs, &ys).map_err(solver)?;
        }
        "fzn_increasing_int"
        | "fzn_increasing_bool"
        | "fzn_decreasing_int"
        | "fzn_decreasing_bool"
        | "fzn_strictly_increasing_int"
        | "fzn_strictly_increasing_bool"
        | "fzn_strictly_decreasing_int"
        | "fzn_strictly_decreasing_bool" => {
            a.count(1)?;
            let xs = vars(b, 0)?;
            // Booleans are 0/1 variables: the same propagators.
            let stem = name.trim_start_matches("fzn_");
            match stem.trim_end_matches("_int").trim_end_matches("_bool") {
                "increasing" => b.model.increasing(&xs),
                "decreasing" => b.model.decreasing(&xs),
                "strictly_increasing" => b.model.strictly_increasing(&xs),
                _ => b.model.strictly_decreasing(&xs),
            }
            .map_err(solver)?;
        }
        "fzn_value_precede_int" => {
            a.count(3)?;
            let (s, t, xs) = (a.int(0)?, a.int(1)?, vars(b, 2)?);
            b.model.value_precede(s, t, &xs).map_err(solver)?;
        }
        "fzn_value_precede_chain_int" => {
            a.count(2)?;
            let (values, xs) = (a.ints(0)?, vars(b, 1)?);
            b.model.value_precede_chain(&values, &xs).map_err(solver)?;
        }
        "fzn_nvalue" => {
            a.count(2)?;
            let (n, xs) = (b.var(a.term(0)?, pos)?, vars(b, 1)?);
            b.model.nvalue(n, &xs).map_err(solver)?;
        }
        _ => return Ok(false),
    }
    Ok(true)
}

/// `fzn_regular(x, Q, S, d, q0, F)`: states 1..Q (0 fails), letters 1..S,
/// `d` the Q x S transition table row by row, as a solver automaton
/// (states from 0).
fn automaton(a: &Args<'_>) -> Res<Automaton> {
    let (states, letters, table) = (a.int(1)?, a.int(2)?, a.ints(3)?);
    let (start, accepting) = (a.int(4)?, a.set(5)?);
    let bad = |what: &str| a.bad(format!("has {what}"));
    let q = usize::try_from(states).map_err(|_| bad("a negative number of states"))?;
    let s = usize::try_from(letters).map_err(|_| bad("a negative number of letters"))?;
    if q.checked_mul(s) != Some(table.len()) {
        return Err(bad("a transition table that is not states x letters"));
    }
    let state = |v: i64| usize::try_from(v - 1).ok().filter(|&v| v < q);
    let mut transitions = Vec::new();
    for (i, &to) in table.iter().enumerate() {
        if to == 0 {
            continue;
        }
        let to = state(to).ok_or_else(|| bad("a transition to no state"))?;
        transitions.push((i / s, (i % s) as i64 + 1, to));
    }
    let start = state(start).ok_or_else(|| bad("a start that is no state"))?;
    let accepting: Vec<usize> = accepting.iter().filter_map(|&f| state(f)).collect();
    Automaton::new(q, start, &accepting, &transitions).map_err(|source| TranslateError::Solver {
        source,
        pos: a.call.pos,
    })
}
