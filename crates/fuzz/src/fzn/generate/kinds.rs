//! The arguments of each kind of constraint: variables with repeats,
//! constants with repeats, and fresh variables where a global wants its
//! own domains.

use super::{Arg, Dom, Gen};

/// The FlatZinc name and the arguments of a random constraint of `kind`.
pub(super) fn args(g: &mut Gen<'_>, kind: &'static str) -> (String, Vec<Arg>) {
    let plain = |args: Vec<Arg>| (kind.to_string(), args);
    match kind {
        "int_eq" | "int_ne" | "int_le" | "int_lt" => {
            let x = Arg::Var(g.int_var());
            let y = g.int_term(true);
            let args = if g.rng.chance(50) {
                vec![x, y]
            } else {
                vec![y, x]
            };
            g.reified(kind, args)
        }
        "bool_eq" | "bool_le" | "bool_lt" => {
            let args = vec![Arg::Var(g.bool_var()), Arg::Var(g.bool_var())];
            g.reified(kind, args)
        }
        "int_lin_eq" | "int_lin_ne" | "int_lin_le" => {
            let n = 1 + g.rng.below(3);
            let xs = g.vars(n, Gen::int_var);
            let coeffs = (0..n).map(|_| g.rng.range(-3, 3)).collect();
            let args = vec![
                Arg::Ints(coeffs),
                Arg::Vars(xs),
                Arg::Int(g.rng.range(-4, 4)),
            ];
            g.reified(kind, args)
        }
        "bool_lin_eq" | "bool_lin_le" => {
            let n = 1 + g.rng.below(3);
            let xs = g.vars(n, Gen::bool_var);
            let coeffs = (0..n).map(|_| g.rng.range(-2, 3)).collect();
            let args = vec![
                Arg::Ints(coeffs),
                Arg::Vars(xs),
                Arg::Int(g.rng.range(-1, 3)),
            ];
            g.reified(kind, args)
        }
        "set_in" => {
            let n = 1 + g.rng.below(3);
            let args = vec![Arg::Var(g.small()), Arg::Set(g.subset(-3, 4, n))];
            g.reified(kind, args)
        }
        "bool_clause" => {
            let p = g.rng.below(3);
            let n = 1 + g.rng.below(2);
            let pos = g.vars(p, Gen::bool_var);
            let neg = g.vars(n, Gen::bool_var);
            plain(vec![Arg::Vars(pos), Arg::Vars(neg)])
        }
        "array_bool_and" | "array_bool_or" => {
            let n = 1 + g.rng.below(3);
            let xs = g.vars(n, Gen::bool_var);
            let r = Arg::Var(g.bool_var());
            let name = if g.rng.chance(30) {
                format!("{kind}_imp")
            } else {
                kind.to_string()
            };
            (name, vec![Arg::Vars(xs), r])
        }
        "array_bool_xor" => {
            let n = 1 + g.rng.below(3);
            plain(vec![Arg::Vars(g.vars(n, Gen::bool_var))])
        }
        "bool_and" | "bool_or" | "bool_xor" => {
            let args = (0..3).map(|_| Arg::Var(g.bool_var())).collect();
            let name = if g.rng.chance(30) {
                format!("{kind}_imp")
            } else {
                kind.to_string()
            };
            (name, args)
        }
        "bool_not" => plain(vec![Arg::Var(g.bool_var()), Arg::Var(g.bool_var())]),
        "bool2int" => {
            let x = if g.rng.chance(50) {
                g.new_small(vec![-1, 0, 1])
            } else {
                g.small()
            };
            plain(vec![Arg::Var(g.bool_var()), Arg::Var(x)])
        }
        "int_plus" | "int_times" | "int_min" | "int_max" => {
            let (x, y) = (g.int_term(true), g.int_term(true));
            plain(vec![x, y, Arg::Var(g.result())])
        }
        "int_div" | "int_mod" => {
            let x = g.int_term(false);
            let y = if g.rng.chance(40) {
                let lo = g.rng.range(-2, 0);
                let hi = lo + g.rng.range(1, 3);
                Arg::Var(g.new_small((lo..=hi).collect()))
            } else {
                g.int_term(false)
            };
            plain(vec![x, y, Arg::Var(g.result())])
        }
        "int_abs" => plain(vec![Arg::Var(g.int_var()), Arg::Var(g.result())]),
        "int_pow" => {
            let negative = g.allowed("int_pow_negative_exponent") && g.rng.chance(50);
            let lo = if negative { -2 } else { 0 };
            let mut exponents = g.subset(lo, 3, 3);
            if negative && exponents[0] < 0 {
                g.features.push("int_pow_negative_exponent");
            } else {
                exponents.retain(|&e| e >= 0);
            }
            if exponents.is_empty() {
                exponents.push(2);
            }
            let y = if exponents.len() == 1 && g.rng.chance(50) {
                Arg::Int(exponents[0])
            } else {
                // A new variable, or an old one past the budget: then its
                // exponents must be allowed too.
                let first = exponents[0];
                let y = g.new_small(exponents);
                match g.values_of(y).first() {
                    Some(&e) if e < 0 && !negative => Arg::Int(first),
                    Some(&e) if e < 0 => {
                        g.features.push("int_pow_negative_exponent");
                        Arg::Var(y)
                    }
                    _ => Arg::Var(y),
                }
            };
            let x = g.int_term(false);
            let mut values: Vec<i64> = (-9..=9).filter(|_| g.rng.chance(40)).collect();
            if values.is_empty() {
                values.push(1);
            }
            let z = g.new_small(values);
            plain(vec![x, y, Arg::Var(z)])
        }
        "array_int_element" | "array_bool_element" => {
            let n = 1 + g.rng.below(4);
            let index = g.index(n);
            if kind == "array_int_element" {
                let items: Vec<i64> = (0..n).map(|_| g.rng.range(-2, 3)).collect();
                plain(vec![index, Arg::Ints(items), Arg::Var(g.small())])
            } else {
                let items: Vec<bool> = (0..n).map(|_| g.rng.chance(50)).collect();
                plain(vec![index, Arg::Bools(items), Arg::Var(g.bool_var())])
            }
        }
        "array_var_int_element" => {
            let n = 1 + g.rng.below(4);
            let index = g.index(n);
            let items = g.vars(n, Gen::int_var);
            plain(vec![index, Arg::Vars(items), Arg::Var(g.int_var())])
        }
        "array_var_bool_element" => {
            let n = 1 + g.rng.below(4);
            let index = g.index(n);
            let items = g.vars(n, Gen::bool_var);
            plain(vec![index, Arg::Vars(items), Arg::Var(g.bool_var())])
        }
        "array_int_maximum" | "array_int_minimum" => {
            let n = 1 + g.rng.below(3);
            let m = g.result();
            plain(vec![Arg::Var(m), Arg::Vars(g.vars(n, Gen::int_var))])
        }
        "fzn_all_different_int" => {
            let n = 1 + g.rng.below(4);
            plain(vec![Arg::Vars(g.vars(n, Gen::small))])
        }
        "fzn_table_int" => table(g),
        "fzn_count_eq" => {
            let n = 1 + g.rng.below(4);
            let xs = g.vars(n, Gen::small);
            let (y, c) = (Arg::Var(g.small()), Arg::Var(g.result()));
            plain(vec![Arg::Vars(xs), y, c])
        }
        "fzn_count_eq_par" => {
            let n = 1 + g.rng.below(4);
            let xs = g.vars(n, Gen::small);
            let (y, c) = (g.rng.range(-2, 3), g.rng.range(0, n as i64));
            plain(vec![Arg::Vars(xs), Arg::Int(y), Arg::Int(c)])
        }
        "fzn_among" => {
            let n = 1 + g.rng.below(4);
            let xs = g.vars(n, Gen::small);
            let count = g.new_small((0..=n as i64).collect());
            let k = 1 + g.rng.below(3);
            let values = g.subset(-3, 4, k);
            plain(vec![Arg::Var(count), Arg::Vars(xs), Arg::Set(values)])
        }
        "fzn_global_cardinality" => {
            let n = 1 + g.rng.below(3);
            let xs = g.vars(n, Gen::small);
            let k = 1 + g.rng.below(3);
            let mut cover: Vec<i64> = g.subset(-2, 3, k);
            if g.allowed("repeated_cover_value") && g.rng.chance(40) {
                let again = g.rng.pick(&cover);
                cover.insert(g.rng.below(cover.len() + 1), again);
                g.features.push("repeated_cover_value");
            }
            let counts = (0..cover.len())
                .map(|_| g.new_small((0..=n as i64).collect()))
                .collect();
            plain(vec![Arg::Vars(xs), Arg::Ints(cover), Arg::Vars(counts)])
        }
        "fzn_regular" => regular(g),
        "csp_circuit" => {
            let n = 1 + g.rng.below(4);
            let offset = g.rng.range(0, 2);
            let xs = (0..n)
                .map(|_| {
                    let values = g.subset(offset, offset + n as i64 - 1, 3);
                    g.new_small(values)
                })
                .collect();
            plain(vec![Arg::Int(offset), Arg::Vars(xs)])
        }
        "csp_inverse" => {
            let n = 1 + g.rng.below(3) as i64;
            let (fo, go) = (g.rng.range(0, 2), g.rng.range(0, 2));
            let fresh = |g: &mut Gen<'_>, lo: i64| {
                let values = g.subset(lo, lo + n - 1, 3);
                g.new_small(values)
            };
            let f = (0..n).map(|_| fresh(g, go)).collect();
            let inv = (0..n).map(|_| fresh(g, fo)).collect();
            plain(vec![
                Arg::Vars(f),
                Arg::Int(fo),
                Arg::Vars(inv),
                Arg::Int(go),
            ])
        }
        "csp_disjunctive" | "csp_cumulative" => {
            let n = 2 + g.rng.below(2);
            let starts = g.vars(n, Gen::small);
            let durations = (0..n).map(|_| g.rng.range(0, 2)).collect();
            if kind == "csp_disjunctive" {
                return plain(vec![Arg::Vars(starts), Arg::Ints(durations)]);
            }
            let demands = (0..n).map(|_| g.rng.range(0, 2)).collect();
            let capacity = Arg::Int(g.rng.range(0, 3));
            plain(vec![
                Arg::Vars(starts),
                Arg::Ints(durations),
                Arg::Ints(demands),
                capacity,
            ])
        }
        "fzn_lex_lesseq_int" | "fzn_lex_lesseq_bool" => {
            let n = 1 + g.rng.below(3);
            let mut m = n;
            if g.allowed("lex_different_lengths") && g.rng.chance(30) {
                m = g.rng.below(4);
                if m != n {
                    g.features.push("lex_different_lengths");
                }
            }
            let pick = if kind == "fzn_lex_lesseq_int" {
                Gen::small
            } else {
                Gen::bool_var
            };
            let xs = g.vars(n, pick);
            let ys = g.vars(m, pick);
            plain(vec![Arg::Vars(xs), Arg::Vars(ys)])
        }
        _ => unreachable!("{kind} is not a kind"),
    }
}

impl Gen<'_> {
    /// An index into an array of `n`, from 1, now and then out of range.
    fn index(&mut self, n: usize) -> Arg {
        if self.rng.chance(15) {
            return Arg::Int(self.rng.range(1, n as i64));
        }
        let values = self.subset(0, n as i64 + 1, 3);
        Arg::Var(self.new_small(values))
    }

    pub(super) fn values_of(&self, v: usize) -> Vec<i64> {
        match &self.m.vars[v].dom {
            Dom::Small(values) => values.clone(),
            _ => vec![0, 1],
        }
    }
}

/// `fzn_table_int` over a few variables: rows mostly from their domains,
/// some rows twice.
fn table(g: &mut Gen<'_>) -> (String, Vec<Arg>) {
    let n = 1 + g.rng.below(3);
    let xs = g.vars(n, Gen::small);
    let mut flat = Vec::new();
    let rows = g.rng.below(6);
    let mut row = Vec::new();
    for _ in 0..rows {
        if !row.is_empty() && g.rng.chance(20) {
            flat.extend_from_slice(&row);
            continue;
        }
        row = xs
            .iter()
            .map(|&x| {
                if g.rng.chance(85) {
                    let values = g.values_of(x);
                    g.rng.pick(&values)
                } else {
                    g.rng.range(-4, 5)
                }
            })
            .collect();
        flat.extend_from_slice(&row);
    }
    (
        "fzn_table_int".to_string(),
        vec![Arg::Vars(xs), Arg::Ints(flat)],
    )
}

/// `fzn_regular` with a random automaton: states 1..Q, letters 1..S, 0 a
/// failure.
fn regular(g: &mut Gen<'_>) -> (String, Vec<Arg>) {
    let q = g.rng.range(1, 3);
    let s = g.rng.range(1, 3);
    let n = 1 + g.rng.below(4);
    let letters = |g: &mut Gen<'_>| {
        if g.rng.chance(80) {
            let values = g.subset(1, s, 3);
            g.new_small(values)
        } else {
            g.small()
        }
    };
    let xs = g.vars(n, letters);
    let d = (0..q * s).map(|_| g.rng.range(0, q)).collect();
    let start = g.rng.range(1, q);
    let accepting = g.subset(1, q, 2);
    (
        "fzn_regular".to_string(),
        vec![
            Arg::Vars(xs),
            Arg::Int(q),
            Arg::Int(s),
            Arg::Ints(d),
            Arg::Int(start),
            Arg::Set(accepting),
        ],
    )
}
