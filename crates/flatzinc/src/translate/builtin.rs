//! One `match` on the builtin's name: each FlatZinc constraint as the
//! solver's constraints. Where the solver has no propagator of its own, a
//! small table of the allowed tuples (complete propagation) or, past
//! [`TABLE_MAX`] tuples, a predicate checked on fixed values.

use csp::{Rel, Var};

use super::{Builder, TranslateError, equality, global, int_value, power};
use crate::instance::{Arg, Call, Term, Value};

/// The most tuples a constraint's table may hold before it falls back to a
/// predicate checked on fixed values.
pub const TABLE_MAX: usize = 1 << 15;

type Res<T> = Result<T, TranslateError>;

/// `Σ a·x rel c`.
type Linear = (Vec<(i64, Var)>, Rel, i128);

/// Reads a call's arguments by kind.
pub(super) struct Args<'a> {
    pub(super) call: &'a Call,
}

impl Args<'_> {
    pub(super) fn bad(&self, what: String) -> TranslateError {
        TranslateError::BadArguments {
            message: format!("{} {what}", crate::error::cut(&self.call.name)),
            pos: self.call.pos,
        }
    }

    pub(super) fn term(&self, i: usize) -> Res<&Term> {
        match self.call.args.get(i) {
            Some(Arg::Term(t)) => Ok(t),
            _ => Err(self.bad(format!("needs a single value as argument {}", i + 1))),
        }
    }

    pub(super) fn array(&self, i: usize) -> Res<&[Term]> {
        match self.call.args.get(i) {
            Some(Arg::Array(items)) => Ok(items),
            _ => Err(self.bad(format!("needs an array as argument {}", i + 1))),
        }
    }

    pub(super) fn int(&self, i: usize) -> Res<i64> {
        match self.term(i)? {
            Term::Const(v) => int_value(v, self.call.pos),
            Term::Var(_) => Err(self.bad(format!("needs a constant as argument {}", i + 1))),
        }
    }

    pub(super) fn ints(&self, i: usize) -> Res<Vec<i64>> {
        self.array(i)?
            .iter()
            .map(|t| match t {
                Term::Const(v) => int_value(v, self.call.pos),
                Term::Var(_) => Err(self.bad(format!("needs constants in argument {}", i + 1))),
            })
            .collect()
    }

    pub(super) fn set(&self, i: usize) -> Res<Vec<i64>> {
        match self.term(i)? {
            Term::Const(Value::Set(s)) => Ok(s.clone()),
            _ => Err(self.bad(format!("needs a constant set as argument {}", i + 1))),
        }
    }

    pub(super) fn count(&self, n: usize) -> Res<()> {
        if self.call.args.len() == n {
            Ok(())
        } else {
            Err(self.bad(format!("takes {n} arguments, not {}", self.call.args.len())))
        }
    }
}

#[derive(Clone, Copy, PartialEq, Eq)]
enum Form {
    Plain,
    Reif,
    Imp,
}

/// A relation over the values of some variables, as a closure; posted as
/// a table (or a predicate) with the reification's boolean appended.
type Relation = Box<dyn Fn(&[i64]) -> bool + Send + Sync>;

/// Posts the constraints of `call`.
pub(super) fn post(b: &mut Builder, call: &Call) -> Res<()> {
    let a = Args { call };
    let pos = call.pos;
    let solver = |source| TranslateError::Solver { source, pos };
    let (stem, form) = match call.name.strip_suffix("_reif") {
        Some(stem) => (stem, Form::Reif),
        None => match call.name.strip_suffix("_imp") {
            Some(stem) => (stem, Form::Imp),
            None => (call.name.as_str(), Form::Plain),
        },
    };
    // `b <-> x = c` (or `b -> x = c`) of a variable and a constant.
    if stem == "int_eq" && form != Form::Plain && equality::one_value(b, &a, form == Form::Reif)? {
        return Ok(());
    }
    // Linear forms, plain, reified and half-reified: the solver's linear
    // propagators (on bounds).
    if let Some(((terms, rel, rhs), arity)) = linear_of(b, &a, stem, form)? {
        if form == Form::Plain {
            a.count(arity)?;
            let shift = i64::try_from(rhs);
            return if let (Rel::Ne, [(1, x), (-1, y)], Ok(shift)) = (rel, &terms[..], shift) {
                b.model.not_equal(*x, *y, shift).map_err(solver)
            } else if let (Rel::Eq, [(1, x), (-1, y)] | [(-1, y), (1, x)], Ok(shift)) =
                (rel, &terms[..], shift)
            {
                // x = y + c (int_eq too): the holes pass both ways, as
                // Gecode's equality of two variables does.
                b.model.equal_domain(*x, *y, shift).map_err(solver)
            } else {
                b.model.linear_wide(&terms, rel, rhs).map_err(solver)
            };
        }
        a.count(arity + 1)?;
        let r = b.var(a.term(arity)?, pos)?;
        return if form == Form::Reif {
            b.model
                .reify_linear_wide(r, &terms, rel, rhs)
                .map_err(solver)
        } else {
            b.model
                .half_reify_linear_wide(r, &terms, rel, rhs)
                .map_err(solver)
        };
    }
    // A wide variable in a constant set: the reified propagator with its
    // boolean true moves the bounds onto the set, where a predicate would
    // wait for the variable to be fixed, value by value.
    if stem == "set_in" && form == Form::Plain {
        let x = b.var(a.term(0)?, pos)?;
        if b.domain(x).is_none() {
            a.count(2)?;
            let values = a.set(1)?;
            let r = b.var(&Term::Const(Value::Int(1)), pos)?;
            return b.model.reify_in(r, x, values).map_err(solver);
        }
    }
    if stem == "set_in" && form != Form::Plain {
        a.count(3)?;
        let (x, values, r) = (b.var(a.term(0)?, pos)?, a.set(1)?, b.var(a.term(2)?, pos)?);
        return if form == Form::Reif {
            b.model.reify_in(r, x, values).map_err(solver)
        } else {
            b.model.half_reify_in(r, x, values).map_err(solver)
        };
    }
    // The reified globals are natives of their own, by their whole name.
    if form == Form::Reif && global::post(b, &a, &call.name)? {
        return Ok(());
    }
    // The globals the MiniZinc library declares, and the builtins the
    // solver has a propagator for.
    if form == Form::Plain && global::post(b, &a, stem)? {
        return Ok(());
    }
    if form == Form::Plain && stem == "int_pow" && power::by_products(b, &a)? {
        return Ok(());
    }
    // Everything else is a relation over some variables (plus `r` when
    // reified), with a table or a predicate.
    let (vars, relation, arity): (Vec<Var>, Relation, usize) = match stem {
        "set_in" => {
            let set = a.set(1)?;
            let vars = vec![b.var(a.term(0)?, pos)?];
            (
                vars,
                Box::new(move |v: &[i64]| set.binary_search(&v[0]).is_ok()),
                2,
            )
        }
        "bool_clause" => {
            let (pos_lits, neg_lits) = (a.array(0)?, a.array(1)?);
            let n = pos_lits.len();
            let mut vars = Vec::new();
            for t in pos_lits.iter().chain(neg_lits) {
                vars.push(b.var(t, pos)?);
            }
            let relation = move |v: &[i64]| v[..n].contains(&1) || v[n..].contains(&0);
            (vars, Box::new(relation), 2)
        }
        "array_bool_and" | "array_bool_or" => {
            let vars = a
                .array(0)?
                .iter()
                .map(|t| b.var(t, pos))
                .collect::<Res<Vec<_>>>()?;
            let and = stem == "array_bool_and";
            let relation = move |v: &[i64]| if and { !v.contains(&0) } else { v.contains(&1) };
            (vars, Box::new(relation), 1)
        }
        "array_bool_xor" => {
            let vars = a
                .array(0)?
                .iter()
                .map(|t| b.var(t, pos))
                .collect::<Res<Vec<_>>>()?;
            (
                vars,
                Box::new(|v: &[i64]| v.iter().sum::<i64>() % 2 == 1),
                1,
            )
        }
        "bool_and" | "bool_or" | "bool_xor" | "bool_not" | "bool2int" | "int_div" | "int_mod"
        | "int_pow" => {
            let n = match stem {
                "bool_not" | "bool2int" => 2,
                "bool_xor" if call.args.len() == 2 => 2,
                _ if form != Form::Plain => 2,
                _ => 3,
            };
            let vars = (0..n)
                .map(|i| b.var(a.term(i)?, pos))
                .collect::<Res<Vec<_>>>()?;
            let op = stem.to_string();
            let relation = move |v: &[i64]| function(&op, v);
            (vars, Box::new(relation), n)
        }
        "array_int_element" | "array_bool_element" => {
            a.count(3)?;
            let index = b.var(a.term(0)?, pos)?;
            let items = a
                .array(1)?
                .iter()
                .map(|t| b.var(t, pos))
                .collect::<Res<Vec<_>>>()?;
            let value = b.var(a.term(2)?, pos)?;
            return post_element(b, index, &items, value).map_err(solver);
        }
        _ => {
            return Err(TranslateError::Unsupported {
                name: crate::error::cut(&call.name),
                pos,
            });
        }
    };
    let mut vars = vars;
    let reif = match form {
        Form::Plain => None,
        Form::Reif | Form::Imp => {
            a.count(arity + 1)?;
            let r = b.var(a.term(arity)?, pos)?;
            vars.push(r);
            Some(form == Form::Imp)
        }
    };
    if reif.is_none() {
        a.count(arity)?;
    }
    let n = vars.len() - usize::from(reif.is_some());
    let full: Relation = match reif {
        None => relation,
        Some(false) => Box::new(move |v: &[i64]| relation(&v[..n]) == (v[n] == 1)),
        Some(true) => Box::new(move |v: &[i64]| v[n] == 0 || relation(&v[..n])),
    };
    post_relation(b, &vars, full).map_err(solver)
}

/// The linear forms, `Σ a·x rel c` with constants folded into `c`, and how
/// many arguments they take before a reification's `r`.
fn linear_of(
    b: &mut Builder,
    a: &Args<'_>,
    stem: &str,
    form: Form,
) -> Res<Option<(Linear, usize)>> {
    let pos = a.call.pos;
    let rel_of = |name: &str| match name {
        "eq" => Some(Rel::Eq),
        "ne" => Some(Rel::Ne),
        "le" => Some(Rel::Le),
        "lt" => Some(Rel::Lt),
        _ => None,
    };
    let (terms, rel, rhs, arity) = match stem {
        "int_eq" | "int_ne" | "int_le" | "int_lt" | "bool_eq" | "bool_le" | "bool_lt" => {
            let Some(rel) = rel_of(stem.rsplit('_').next().unwrap_or_default()) else {
                return Ok(None);
            };
            (
                vec![(1, a.term(0)?.clone()), (-1, a.term(1)?.clone())],
                rel,
                0,
                2,
            )
        }
        "int_lin_eq" | "int_lin_ne" | "int_lin_le" | "bool_lin_eq" | "bool_lin_le" => {
            let Some(rel) = rel_of(stem.rsplit('_').next().unwrap_or_default()) else {
                return Ok(None);
            };
            let coeffs = a.ints(0)?;
            let xs = a.array(1)?;
            if coeffs.len() != xs.len() {
                return Err(a.bad(format!(
                    "has {} coefficients for {} variables",
                    coeffs.len(),
                    xs.len()
                )));
            }
            let mut terms: Vec<(i64, Term)> = coeffs.into_iter().zip(xs.iter().cloned()).collect();
            // bool_lin_eq's right-hand side is a `var int` in the FlatZinc
            // specification: moved across as a term of coefficient -1.
            let rhs = match a.term(2)? {
                Term::Var(_) => {
                    terms.push((-1, a.term(2)?.clone()));
                    0
                }
                Term::Const(_) => a.int(2)?,
            };
            (terms, rel, rhs, 3)
        }
        "int_plus" if form == Form::Plain => {
            let t = |i| a.term(i).cloned();
            (vec![(1, t(0)?), (1, t(1)?), (-1, t(2)?)], Rel::Eq, 0, 3)
        }
        "bool2int" if form == Form::Plain => (
            vec![(1, a.term(0)?.clone()), (-1, a.term(1)?.clone())],
            Rel::Eq,
            0,
            2,
        ),
        "bool_not" if form == Form::Plain => (
            vec![(1, a.term(0)?.clone()), (1, a.term(1)?.clone())],
            Rel::Eq,
            1,
            2,
        ),
        _ => return Ok(None),
    };
    let mut out = Vec::with_capacity(terms.len());
    let mut rhs = rhs as i128;
    for (c, t) in terms {
        match t {
            Term::Const(v) => rhs -= c as i128 * int_value(&v, pos)? as i128,
            Term::Var(_) if c != 0 => out.push((c, b.var(&t, pos)?)),
            Term::Var(_) => {}
        }
    }
    // The solver takes a 128-bit right-hand side: a constant moved across
    // may leave i64 (`int_le(-2^63, x)` is `-x <= 2^63`).
    Ok(Some(((out, rel, rhs), arity)))
}

/// The functional builtins, as relations over their arguments.
fn function(op: &str, v: &[i64]) -> bool {
    let (x, y) = (v[0] as i128, v[1] as i128);
    let z = v.get(2).map(|&z| z as i128);
    match (op, z) {
        ("bool_not", _) => x != y,
        ("bool2int", _) => x == y,
        ("int_abs", _) => x.abs() == y,
        ("bool_and", None) => x == 1 && y == 1,
        ("bool_or", None) => x == 1 || y == 1,
        ("bool_xor", None) => x != y,
        ("bool_and", Some(z)) => (x == 1 && y == 1) == (z == 1),
        ("bool_or", Some(z)) => (x == 1 || y == 1) == (z == 1),
        ("bool_xor", Some(z)) => (x != y) == (z == 1),
        ("int_plus", Some(z)) => x + y == z,
        ("int_times", Some(z)) => x * y == z,
        // None for y = 0, and for the one quotient that overflows.
        ("int_div", Some(z)) => x.checked_div(y) == Some(z),
        ("int_mod", Some(z)) => x.checked_rem(y) == Some(z),
        ("int_min", Some(z)) => x.min(y) == z,
        ("int_max", Some(z)) => x.max(y) == z,
        ("int_pow", Some(z)) => power::power(x, y) == Some(z),
        _ => false,
    }
}

/// `value == items[index]`, `index` from 1: over constants, the solver's
/// element over them (domain consistent); otherwise the pairs
/// (index, value) as a table.
///
/// A wide index or value is first narrowed: the index to 1..=n, the value
/// to the items' values (an interval wider than a table holds stays, and
/// the constraint is an element over variables).
fn post_element(b: &mut Builder, index: Var, items: &[Var], value: Var) -> Result<(), csp::Error> {
    // Constants (the usual case): the solver's element over them, on the
    // index and value themselves.
    let constants: Option<Vec<i64>> = items
        .iter()
        .map(|&item| match b.domain(item) {
            Some(&[v]) => Some(v),
            _ => None,
        })
        .collect();
    if let Some(constants) = constants {
        return b.model.element_from(index, 1, &constants, value);
    }
    let n = i64::try_from(items.len()).map_err(|_| csp::Error::Overflow)?;
    let index = match b.domain(index) {
        Some(_) => index,
        None => {
            let narrow = b.listed_var((1..=n).collect())?;
            b.model.equal(index, narrow, 0)?;
            narrow
        }
    };
    let listed: Option<Vec<i64>> = items
        .iter()
        .map(|&item| b.domain(item).map(<[i64]>::to_vec))
        .collect::<Option<Vec<_>>>()
        .map(|lists| lists.concat());
    let value = match (b.domain(value), listed) {
        (Some(_), _) => value,
        (None, Some(mut all)) if all.len() <= csp::MAX_DOMAIN => {
            all.sort_unstable();
            all.dedup();
            let narrow = b.listed_var(all)?;
            b.model.equal(value, narrow, 0)?;
            narrow
        }
        (None, _) => return b.model.element_var_from(index, 1, items, value),
    };
    let mut pairs = Vec::new();
    let listed = |b: &Builder, v: Var| b.domain(v).unwrap_or(&[]).to_vec();
    let (indices, values) = (listed(b, index), listed(b, value));
    for (k, &item) in (1..).zip(items) {
        if indices.contains(&k) {
            for v in listed(b, item) {
                if values.contains(&v) {
                    pairs.push([k, v]);
                }
            }
        }
    }
    pairs.sort_unstable();
    pairs.dedup();
    match b.model.table(&[index, value], &pairs) {
        // A few values spread wider than a bitset: over variables instead.
        Err(csp::Error::DomainTooLarge { .. }) => b.model.element_var_from(index, 1, items, value),
        done => done,
    }
}

/// A relation as the table of its tuples over the variables' domains, or
/// a predicate where that table would pass [`TABLE_MAX`] tuples.
fn post_relation(b: &mut Builder, vars: &[Var], relation: Relation) -> Result<(), csp::Error> {
    // A wide interval has no list: no table, a predicate.
    let domains: Option<Vec<Vec<i64>>> = vars
        .iter()
        .map(|&v| b.domain(v).map(<[i64]>::to_vec))
        .collect();
    let domains = domains.unwrap_or_default();
    let size = domains
        .iter()
        .try_fold(1usize, |n, d| n.checked_mul(d.len()))
        .filter(|_| domains.len() == vars.len());
    if size.is_some_and(|n| n <= TABLE_MAX) {
        let mut tuples = Vec::new();
        let mut index = vec![0; vars.len()];
        let mut tuple = vec![0; vars.len()];
        if domains.iter().all(|d| !d.is_empty()) {
            'all: loop {
                for (i, d) in domains.iter().enumerate() {
                    tuple[i] = d[index[i]];
                }
                if relation(&tuple) {
                    tuples.push(tuple.clone());
                }
                for k in 0..vars.len() {
                    index[k] += 1;
                    if index[k] < domains[k].len() {
                        continue 'all;
                    }
                    index[k] = 0;
                }
                break;
            }
        }
        match b.model.table(vars, &tuples) {
            // A few values spread wider than a bitset: checked instead.
            Err(csp::Error::DomainTooLarge { .. }) => {}
            done => return done,
        }
    }
    b.model.predicate(vars, move |v| relation(v))
}
