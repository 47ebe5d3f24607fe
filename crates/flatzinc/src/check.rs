//! Checks an assignment against the constraints, by their meaning in the
//! FlatZinc specification, with no code shared with any solver: a solution
//! a solver prints is only as good as this check.

mod cumulative;
mod global;
mod packing;
mod sequence;

use crate::error::cut;
use crate::instance::{Arg, Call, Domain, Instance, Term, Value};

/// A constraint, or a variable's domain, that an assignment breaks.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error("{message}")]
pub struct Violation {
    /// What is broken, in one line.
    pub message: String,
}

/// Whether `values` (one per variable of [`Instance::vars`]) is a solution:
/// every variable within its domain and equal to its fixed value, and every
/// constraint holds.
///
/// # Errors
///
/// The first variable or constraint that does not hold, or a constraint
/// this check does not know (so that nothing is taken as checked that was
/// not).
///
/// # Example
///
/// ```
/// let text = "var 1..3: x; var 1..3: y; constraint int_lt(x, y); solve satisfy;";
/// let instance = flatzinc::resolve(&flatzinc::parse(text)?)?;
/// use flatzinc::Value::Int;
/// assert!(flatzinc::check(&instance, &[Int(1), Int(2)]).is_ok());
/// let broken = flatzinc::check(&instance, &[Int(2), Int(2)]).unwrap_err();
/// assert_eq!(broken.to_string(), "line 1, column 27: int_lt does not hold");
/// # Ok::<(), flatzinc::ParseError>(())
/// ```
pub fn check(instance: &Instance, values: &[Value]) -> Result<(), Violation> {
    if values.len() != instance.vars.len() {
        return Err(violation(format!(
            "{} values for {} variables",
            values.len(),
            instance.vars.len()
        )));
    }
    for (var, value) in instance.vars.iter().zip(values) {
        let name = cut(&var.name);
        if !in_domain(&var.domain, value) {
            return Err(violation(format!(
                "{name} = {} is outside its domain",
                show(value)
            )));
        }
        if var.fixed.as_ref().is_some_and(|fixed| fixed != value) {
            return Err(violation(format!(
                "{name} = {} is not its fixed value",
                show(value)
            )));
        }
    }
    for call in &instance.constraints {
        match holds(call, values) {
            Ok(true) => {}
            Ok(false) => {
                return Err(violation(format!(
                    "{}: {} does not hold",
                    call.pos,
                    cut(&call.name)
                )));
            }
            Err(why) => {
                return Err(violation(format!(
                    "{}: {} {why}",
                    call.pos,
                    cut(&call.name)
                )));
            }
        }
    }
    Ok(())
}

fn violation(message: String) -> Violation {
    Violation { message }
}

fn show(value: &Value) -> String {
    match value {
        Value::Bool(b) => b.to_string(),
        Value::Int(i) => i.to_string(),
        Value::Float(x) => x.to_string(),
        Value::Set(_) => crate::output::show(value),
    }
}

fn in_domain(domain: &Domain, value: &Value) -> bool {
    match (domain, value) {
        (Domain::Bool, Value::Bool(_)) => true,
        (Domain::Int(None), Value::Int(_)) => true,
        (Domain::Int(Some(ranges)), Value::Int(v)) => {
            ranges.iter().any(|(lo, hi)| (lo..=hi).contains(&v))
        }
        (Domain::Float(None), Value::Float(_)) => true,
        (Domain::Float(Some((lo, hi))), Value::Float(x)) => (lo..=hi).contains(&x),
        (Domain::Set(None), Value::Set(_)) => true,
        (Domain::Set(Some(of)), Value::Set(s)) => s.iter().all(|v| of.binary_search(v).is_ok()),
        _ => false,
    }
}

/// The arguments of one call, read by kind.
struct Args<'a> {
    args: &'a [Arg],
    values: &'a [Value],
}

type Checked<T> = Result<T, String>;

impl Args<'_> {
    fn value(&self, t: &Term) -> Value {
        match t {
            Term::Var(id) => self.values[id.0].clone(),
            Term::Const(v) => v.clone(),
        }
    }

    fn term(&self, i: usize) -> Checked<Value> {
        match self.args.get(i) {
            Some(Arg::Term(t)) => Ok(self.value(t)),
            Some(Arg::Array(_)) => Err(format!("has an array as argument {}", i + 1)),
            None => Err(format!("has no argument {}", i + 1)),
        }
    }

    fn int(&self, i: usize) -> Checked<i128> {
        match self.term(i)? {
            Value::Int(v) => Ok(v.into()),
            _ => Err(format!("has a non-integer argument {}", i + 1)),
        }
    }

    fn bool(&self, i: usize) -> Checked<bool> {
        match self.term(i)? {
            Value::Bool(b) => Ok(b),
            _ => Err(format!("has a non-boolean argument {}", i + 1)),
        }
    }

    fn set(&self, i: usize) -> Checked<Vec<i64>> {
        match self.term(i)? {
            Value::Set(s) => Ok(s),
            _ => Err(format!("has a non-set argument {}", i + 1)),
        }
    }

    fn array(&self, i: usize) -> Checked<Vec<Value>> {
        match self.args.get(i) {
            Some(Arg::Array(items)) => Ok(items.iter().map(|t| self.value(t)).collect()),
            Some(Arg::Term(_)) => Err(format!("has a single value as argument {}", i + 1)),
            None => Err(format!("has no argument {}", i + 1)),
        }
    }

    fn ints(&self, i: usize) -> Checked<Vec<i128>> {
        self.array(i)?
            .into_iter()
            .map(|v| match v {
                Value::Int(v) => Ok(v.into()),
                _ => Err(format!("has a non-integer in argument {}", i + 1)),
            })
            .collect()
    }

    fn bools(&self, i: usize) -> Checked<Vec<bool>> {
        self.array(i)?
            .into_iter()
            .map(|v| match v {
                Value::Bool(b) => Ok(b),
                _ => Err(format!("has a non-boolean in argument {}", i + 1)),
            })
            .collect()
    }

    fn count(&self, n: usize) -> Checked<()> {
        if self.args.len() == n {
            Ok(())
        } else {
            Err(format!("has {} arguments, not {n}", self.args.len()))
        }
    }
}

/// `x ^ y` as the specification defines `int_pow`: "z = x^y, z is
/// constrained to `1 div pow(x, abs(y))` when y < 0". So `1 div 0` for
/// `x = 0` and `y < 0`, undefined (`None`: no `z` holds); and `None` for a
/// power past 128 bits, which no `i64` equals.
fn power(x: i128, y: i128) -> Option<i128> {
    let magnitude = u32::try_from(y.unsigned_abs()).ok();
    if y >= 0 {
        return x.checked_pow(magnitude?);
    }
    // 1 div p, rounded toward zero, for p = x^|y|: only 1 and -1 divide 1.
    match x {
        0 => None,
        1 => Some(1),
        -1 if y % 2 == 0 => Some(1),
        -1 => Some(-1),
        _ => Some(0),
    }
}

fn compare(rel: &str, a: i128, b: i128) -> bool {
    match rel {
        "eq" => a == b,
        "ne" => a != b,
        "le" => a <= b,
        "lt" => a < b,
        "ge" => a >= b,
        "gt" => a > b,
        _ => unreachable!("the relations are listed by the caller"),
    }
}

fn dot(a: &[i128], x: &[i128]) -> Checked<i128> {
    if a.len() != x.len() {
        return Err(format!(
            "has {} coefficients for {} variables",
            a.len(),
            x.len()
        ));
    }
    Ok(a.iter().zip(x).map(|(a, x)| a * x).sum())
}

fn element<T: Clone>(index: i128, array: &[T]) -> Checked<T> {
    usize::try_from(index)
        .ok()
        .and_then(|i| i.checked_sub(1))
        .and_then(|i| array.get(i))
        .cloned()
        .ok_or_else(|| format!("has the index {index} outside 1..{}", array.len()))
}

/// Splits `int_le_reif` into its stem, `int_le`, and its form.
fn form(name: &str) -> (&str, Form) {
    if let Some(stem) = name.strip_suffix("_reif") {
        (stem, Form::Reif)
    } else if let Some(stem) = name.strip_suffix("_imp") {
        (stem, Form::Imp)
    } else {
        (name, Form::Plain)
    }
}

#[derive(Clone, Copy, PartialEq, Eq)]
enum Form {
    Plain,
    Reif,
    Imp,
}

/// Whether a call holds; `Err` for a call that cannot be checked.
fn holds(call: &Call, values: &[Value]) -> Checked<bool> {
    let a = Args {
        args: &call.args,
        values,
    };
    let (stem, form) = form(&call.name);
    // The relation itself and how many arguments it takes before `r`.
    let (relation, arity) = match stem {
        "int_eq" | "int_ne" | "int_le" | "int_lt" => (compare(&stem[4..], a.int(0)?, a.int(1)?), 2),
        "bool_eq" | "bool_le" | "bool_lt" => {
            let (x, y) = (a.bool(0)? as i128, a.bool(1)? as i128);
            (compare(&stem[5..], x, y), 2)
        }
        "int_lin_eq" | "int_lin_ne" | "int_lin_le" => (
            compare(&stem[8..], dot(&a.ints(0)?, &a.ints(1)?)?, a.int(2)?),
            3,
        ),
        "bool_lin_eq" | "bool_lin_le" => {
            let x: Vec<i128> = a.bools(1)?.into_iter().map(i128::from).collect();
            (compare(&stem[9..], dot(&a.ints(0)?, &x)?, a.int(2)?), 3)
        }
        "set_in" => (a.set(1)?.binary_search(&(a.int(0)? as i64)).is_ok(), 2),
        "bool_clause" => {
            let any = a.bools(0)?.into_iter().any(|b| b) || a.bools(1)?.into_iter().any(|b| !b);
            (any, 2)
        }
        "array_bool_and" if form == Form::Plain => {
            (a.bools(0)?.into_iter().all(|b| b) == a.bool(1)?, 2)
        }
        "array_bool_or" if form == Form::Plain => {
            (a.bools(0)?.into_iter().any(|b| b) == a.bool(1)?, 2)
        }
        "array_bool_and" => (a.bools(0)?.into_iter().all(|b| b), 1),
        "array_bool_or" => (a.bools(0)?.into_iter().any(|b| b), 1),
        "array_bool_xor" => (a.bools(0)?.into_iter().filter(|&b| b).count() % 2 == 1, 1),
        "bool_and" | "bool_or" | "bool_xor" if a.args.len() == 3 && form == Form::Plain => {
            let (x, y) = (a.bool(0)?, a.bool(1)?);
            let v = match stem {
                "bool_and" => x && y,
                "bool_or" => x || y,
                _ => x != y,
            };
            (v == a.bool(2)?, 3)
        }
        "bool_and" | "bool_or" | "bool_xor" => {
            let (x, y) = (a.bool(0)?, a.bool(1)?);
            let v = match stem {
                "bool_and" => x && y,
                "bool_or" => x || y,
                _ => x != y,
            };
            (v, 2)
        }
        "bool_not" => (a.bool(0)? != a.bool(1)?, 2),
        "bool2int" => (i128::from(a.bool(0)?) == a.int(1)?, 2),
        "int_plus" => (a.int(0)? + a.int(1)? == a.int(2)?, 3),
        "int_times" => (a.int(0)? * a.int(1)? == a.int(2)?, 3),
        "int_div" | "int_mod" => {
            let (x, y) = (a.int(0)?, a.int(1)?);
            let ok = y != 0 && a.int(2)? == if stem == "int_div" { x / y } else { x % y };
            (ok, 3)
        }
        "int_abs" => (a.int(0)?.abs() == a.int(1)?, 2),
        "int_min" => (a.int(0)?.min(a.int(1)?) == a.int(2)?, 3),
        "int_max" => (a.int(0)?.max(a.int(1)?) == a.int(2)?, 3),
        "int_pow" => {
            let (x, y, z) = (a.int(0)?, a.int(1)?, a.int(2)?);
            (power(x, y) == Some(z), 3)
        }
        "array_int_element" | "array_var_int_element" => {
            (element(a.int(0)?, &a.ints(1)?)? == a.int(2)?, 3)
        }
        "array_bool_element" | "array_var_bool_element" => {
            (element(a.int(0)?, &a.bools(1)?)? == a.bool(2)?, 3)
        }
        "array_int_maximum" | "array_int_minimum" => {
            let xs = a.ints(1)?;
            let best = if stem == "array_int_maximum" {
                xs.iter().max()
            } else {
                xs.iter().min()
            };
            let m = a.int(0)?;
            (best.is_some_and(|&b| b == m), 2)
        }
        "fzn_all_different_int" => {
            let mut xs = a.ints(0)?;
            xs.sort_unstable();
            (xs.windows(2).all(|w| w[0] != w[1]), 1)
        }
        "fzn_count_eq" | "fzn_count_eq_par" => {
            let (xs, y) = (a.ints(0)?, a.int(1)?);
            (
                xs.iter().filter(|&&x| x == y).count() as i128 == a.int(2)?,
                3,
            )
        }
        "fzn_among" => {
            let (xs, values) = (a.ints(1)?, a.set(2)?);
            let inside = xs
                .iter()
                .filter(|&&x| values.iter().any(|&v| v as i128 == x))
                .count();
            (inside as i128 == a.int(0)?, 3)
        }
        "fzn_global_cardinality" => {
            let (xs, cover, counts) = (a.ints(0)?, a.ints(1)?, a.ints(2)?);
            let ok = cover.len() == counts.len()
                && cover
                    .iter()
                    .zip(&counts)
                    .all(|(v, &c)| xs.iter().filter(|&x| x == v).count() as i128 == c);
            (ok, 3)
        }
        "fzn_regular" => {
            let (xs, states, letters) = (a.ints(0)?, a.int(1)?, a.int(2)?);
            let (table, start, accepting) = (a.ints(3)?, a.int(4)?, a.set(5)?);
            let mut q = start;
            for x in xs {
                if q < 1 || q > states || x < 1 || x > letters {
                    q = 0;
                    break;
                }
                let at = (q - 1) * letters + (x - 1);
                q = usize::try_from(at)
                    .ok()
                    .and_then(|at| table.get(at))
                    .copied()
                    .unwrap_or(0);
                if q == 0 {
                    break;
                }
            }
            (q != 0 && accepting.iter().any(|&f| f as i128 == q), 6)
        }
        "csp_circuit" => {
            // Successors from `offset`: one cycle through every node.
            let (offset, xs) = (a.int(0)?, a.ints(1)?);
            let n = xs.len();
            let mut seen = vec![false; n];
            let mut at = 0usize;
            let mut ok = n > 0;
            for _ in 0..n {
                if !ok || seen[at] {
                    ok = false;
                    break;
                }
                seen[at] = true;
                match usize::try_from(xs[at] - offset)
                    .ok()
                    .filter(|&next| next < n)
                {
                    Some(next) => at = next,
                    None => ok = false,
                }
            }
            (ok && at == 0 && seen.iter().all(|&s| s), 2)
        }
        "csp_inverse" => {
            let (f, f_offset, g, g_offset) = (a.ints(0)?, a.int(1)?, a.ints(2)?, a.int(3)?);
            let maps = |from: &[i128], from_offset: i128, to: &[i128], to_offset: i128| {
                from.iter().enumerate().all(|(i, &v)| {
                    usize::try_from(v - to_offset)
                        .ok()
                        .and_then(|j| to.get(j))
                        .is_some_and(|&back| back - from_offset == i as i128)
                })
            };
            (
                f.len() == g.len()
                    && maps(&f, f_offset, &g, g_offset)
                    && maps(&g, g_offset, &f, f_offset),
                4,
            )
        }
        "csp_disjunctive"
        | "csp_disjunctive_var"
        | "csp_disjunctive_strict"
        | "csp_disjunctive_opt"
        | "csp_disjunctive_strict_opt" => {
            let present = stem.ends_with("_opt").then(|| a.bools(2)).transpose()?;
            let ok = global::disjunctive(
                &a.ints(0)?,
                &a.ints(1)?,
                present.as_deref(),
                stem.contains("strict"),
            );
            (ok, 2 + usize::from(present.is_some()))
        }
        "csp_subcircuit" => (global::subcircuit(a.int(0)?, &a.ints(1)?), 2),
        "csp_cumulative" | "csp_cumulative_var" => cumulative::holds(&a, false)?,
        "csp_cumulative_opt" => cumulative::holds(&a, true)?,
        "fzn_lex_lesseq_int" => (a.ints(0)? <= a.ints(1)?, 2),
        "fzn_lex_lesseq_bool" => (a.bools(0)? <= a.bools(1)?, 2),
        "fzn_table_int" => {
            let (xs, table) = (a.ints(0)?, a.ints(1)?);
            let ok = !xs.is_empty() && table.len() % xs.len() == 0;
            (ok && table.chunks(xs.len()).any(|row| row == xs), 2)
        }
        stem if packing::knows(stem) => packing::holds(stem, &a)?,
        stem if sequence::NAMES.contains(&stem) => sequence::holds(stem, &a)?,
        _ => return Err("is not a constraint this check knows".to_string()),
    };
    match form {
        Form::Plain => {
            a.count(arity)?;
            Ok(relation)
        }
        Form::Reif => {
            a.count(arity + 1)?;
            Ok(relation == a.bool(arity)?)
        }
        Form::Imp => {
            a.count(arity + 1)?;
            Ok(!a.bool(arity)? || relation)
        }
    }
}
