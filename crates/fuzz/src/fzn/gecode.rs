//! The constraints in `fzn-gecode`'s FlatZinc: the builtins as they are,
//! the globals in Gecode's names (`gecode_table_int`, `inverse_offsets`,
//! ...), and where Gecode's meaning differs from FlatZinc's, the
//! specification's definition in builtins Gecode has.

use std::fmt::Write;

use super::{Arg, Con, Dom, Model};

/// Writes `con` for Gecode into `out`, with the variables it needs
/// (named `g_1`, `g_2`, ... from `aux`).
pub(super) fn post(m: &Model, con: &Con, aux: &mut usize, decls: &mut String, out: &mut String) {
    let args = &con.args;
    let mut call = |name: &str, args: &[Arg]| {
        let _ = writeln!(out, "constraint {};", m.call(name, args));
    };
    match con.name.as_str() {
        "fzn_all_different_int" => call("all_different_int", args),
        "fzn_table_int" => call("gecode_table_int", args),
        "fzn_count_eq" | "fzn_count_eq_par" => call("count", args),
        "fzn_among" => call("among", args),
        "fzn_regular" => call("gecode_regular", args),
        "csp_circuit" => call("gecode_circuit", args),
        "fzn_lex_lesseq_int" => call("array_int_lq", args),
        "fzn_lex_lesseq_bool" => call("array_bool_lq", args),
        "csp_inverse" => {
            // csp_inverse(f, f's first index, g, g's first index) is
            // inverse_offsets(f, the offset of f's values, g, g's).
            call(
                "inverse_offsets",
                &[
                    args[0].clone(),
                    args[3].clone(),
                    args[2].clone(),
                    args[1].clone(),
                ],
            );
        }
        "fzn_global_cardinality" => {
            // counts[i] is the number of xs equal to cover[i], for each i,
            // a value listed twice or not.
            if let (Arg::Vars(_), Arg::Ints(cover), Arg::Vars(counts)) =
                (&args[0], &args[1], &args[2])
            {
                for (&value, &count) in cover.iter().zip(counts) {
                    call(
                        "count",
                        &[args[0].clone(), Arg::Int(value), Arg::Var(count)],
                    );
                }
            }
        }
        "csp_disjunctive" | "csp_cumulative" => {
            // Gecode's cumulatives has a task of duration 0 take its start
            // instant; in FlatZinc it takes no time, so it is left out.
            let (Arg::Vars(starts), Arg::Ints(durations)) = (&args[0], &args[1]) else {
                return;
            };
            let demands = match args.get(2) {
                Some(Arg::Ints(demands)) => demands.clone(),
                _ => vec![1; starts.len()],
            };
            let capacity = args.get(3).cloned().unwrap_or(Arg::Int(1));
            let kept: Vec<usize> = (0..starts.len())
                .filter(|&i| durations[i] > 0 && demands[i] > 0)
                .collect();
            let pick = |xs: &[i64]| Arg::Ints(kept.iter().map(|&i| xs[i]).collect());
            if !kept.is_empty() {
                let s = Arg::Vars(kept.iter().map(|&i| starts[i]).collect());
                call(
                    "cumulatives",
                    &[s, pick(durations), pick(&demands), capacity],
                );
            }
        }
        "int_pow" => pow(m, args, aux, decls, out),
        "int_mod" => {
            // Gecode 6.2 takes int_mod(x, y, z) to hold at x = y = z = -2
            // when the three are kept equal: the remainder by its
            // definition, z = x - y * (x div y), in Gecode's division.
            let (q, p) = (*aux + 1, *aux + 2);
            *aux += 2;
            let _ = writeln!(decls, "var int: g_{q};\nvar int: g_{p};");
            let (x, y, z) = (m.arg(&args[0]), m.arg(&args[1]), m.arg(&args[2]));
            let _ = writeln!(out, "constraint int_div({x}, {y}, g_{q});");
            let _ = writeln!(out, "constraint int_times({y}, g_{q}, g_{p});");
            let _ = writeln!(out, "constraint int_plus(g_{p}, {z}, {x});");
        }
        _ => {
            let ann = con.ann.map(|a| format!(" :: {a}")).unwrap_or_default();
            let _ = writeln!(out, "constraint {}{ann};", m.call(&con.name, args));
        }
    }
}

/// `int_pow(x, y, z)` as the specification defines it, for each exponent
/// `k` that `y` can take: `z = x^k` for `k >= 0` (Gecode's power), and for
/// `k < 0`, `z = 1 div x^-k`, undefined (false) for `x = 0`.
fn pow(m: &Model, args: &[Arg], aux: &mut usize, decls: &mut String, out: &mut String) {
    let exponents = match &args[1] {
        Arg::Int(k) => vec![*k],
        Arg::Var(v) => match &m.vars[*v].dom {
            Dom::Small(values) => values.clone(),
            _ => return,
        },
        _ => return,
    };
    let (x, y, z) = (m.arg(&args[0]), m.arg(&args[1]), m.arg(&args[2]));
    let mut fresh = |ty: &str| {
        *aux += 1;
        let name = format!("g_{aux}");
        let _ = writeln!(decls, "var {ty}: {name};");
        name
    };
    for k in exponents {
        let b = fresh("bool");
        let _ = writeln!(out, "constraint int_eq_reif({y}, {k}, {b});");
        let p = fresh("int");
        let _ = writeln!(
            out,
            "constraint gecode_int_pow({x}, {}, {p});",
            k.unsigned_abs()
        );
        if k >= 0 {
            let _ = writeln!(out, "constraint int_eq_imp({p}, {z}, {b});");
            continue;
        }
        // e = p when the exponent is k, 1 otherwise; never 0.
        let (not_b, e, d) = (fresh("bool"), fresh("int"), fresh("int"));
        let _ = writeln!(out, "constraint bool_not({b}, {not_b});");
        let _ = writeln!(out, "constraint int_eq_imp({e}, {p}, {b});");
        let _ = writeln!(out, "constraint int_eq_imp({e}, 1, {not_b});");
        let _ = writeln!(out, "constraint int_ne({e}, 0);");
        let _ = writeln!(out, "constraint int_div(1, {e}, {d});");
        let _ = writeln!(out, "constraint int_eq_imp({d}, {z}, {b});");
    }
}

/// `con` with each variable after its first use in it replaced by a new
/// variable of `m` constrained equal (declared in `decls`): Gecode 6.2
/// takes `table([x0, x1, x1], [0, 4, -1, 1, -1, -3, 1, 4, 4])` over
/// `x0 in 0..1, x1 in {-1, 4}` to hold at `x0 = 0, x1 = 4`, and
/// int_mod(x, x, x) over -3..0 at x = -2.
pub(super) fn alias(
    m: &mut Model,
    con: &Con,
    aux: &mut usize,
    decls: &mut String,
    out: &mut String,
) -> Con {
    let mut con = con.clone();
    let mut seen = Vec::new();
    let mut fresh = |v: usize, m: &mut Model| {
        if !seen.contains(&v) {
            seen.push(v);
            return v;
        }
        *aux += 1;
        let var = super::Var {
            name: format!("g_{aux}"),
            dom: m.vars[v].dom.clone(),
            def: None,
        };
        let _ = writeln!(decls, "var {}: {};", super::ty(&var.dom), var.name);
        // Not int_eq, which Gecode's reader takes as the same variable.
        let eq = if var.dom == Dom::Bool {
            "bool_lin_eq"
        } else {
            "int_lin_eq"
        };
        let (x, y) = (&var.name, &m.vars[v].name);
        let _ = writeln!(out, "constraint {eq}([1, -1], [{x}, {y}], 0);");
        m.vars.push(var);
        m.vars.len() - 1
    };
    for arg in &mut con.args {
        match arg {
            Arg::Var(v) => *v = fresh(*v, m),
            Arg::Vars(vs) => vs.iter_mut().for_each(|v| *v = fresh(*v, m)),
            _ => {}
        }
    }
    con
}
