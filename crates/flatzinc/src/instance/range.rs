//! Integer ranges too wide to list as a set: `var 0..2000000: y = x;` and
//! `set_in(x, 1..2000000)` (with `_reif` and `_imp`) are read as the two
//! bounds they are, in the builtins of comparison.

use std::collections::HashMap;

use super::resolve::{Named, SET_RANGE_MAX, term};
use super::{Arg, Call, Domain, Term, Value, VarId, Variable};
use crate::ast::{self, Expr, Pos};
use crate::error::ParseError;

/// Whether `lo..hi` holds more values than a set is listed with.
pub(super) fn is_wide(lo: i64, hi: i64) -> bool {
    hi >= lo && hi.abs_diff(lo) >= SET_RANGE_MAX as u64
}

fn call(name: &str, args: Vec<Arg>, pos: Pos) -> Call {
    Call {
        name: name.to_string(),
        args,
        defines: None,
        consistency: None,
        pos,
    }
}

fn int(v: i64) -> Arg {
    Arg::Term(Term::Const(Value::Int(v)))
}

/// `lo <= x` and `x <= hi`, as `int_le` calls.
pub(super) fn bounds(x: &Term, lo: i64, hi: i64, pos: Pos) -> Vec<Call> {
    let x = Arg::Term(x.clone());
    vec![
        call("int_le", vec![int(lo), x.clone()], pos),
        call("int_le", vec![x, int(hi)], pos),
    ]
}

/// The calls that stand for `c` when it is `set_in`, `set_in_reif` or
/// `set_in_imp` of a wide range literal; `None` for any other call. The
/// reified form takes two booleans of its own, added to `vars`.
pub(super) fn set_in(
    c: &ast::Constraint,
    names: &HashMap<&str, Named>,
    vars: &mut Vec<Variable>,
) -> Result<Option<Vec<Call>>, ParseError> {
    let form = match c.name.as_str() {
        "set_in" => "",
        "set_in_reif" => "_reif",
        "set_in_imp" => "_imp",
        _ => return Ok(None),
    };
    let (Some(x), Some(&Expr::IntRange(lo, hi))) = (c.args.first(), c.args.get(1)) else {
        return Ok(None);
    };
    if !is_wide(lo, hi) || c.args.len() != if form.is_empty() { 2 } else { 3 } {
        return Ok(None);
    }
    let pos = c.pos;
    let x = term(x, names, pos)?;
    if form.is_empty() {
        return Ok(Some(bounds(&x, lo, hi, pos)));
    }
    let r = Arg::Term(term(&c.args[2], names, pos)?);
    let x = Arg::Term(x);
    if form == "_imp" {
        return Ok(Some(vec![
            call("int_le_imp", vec![int(lo), x.clone(), r.clone()], pos),
            call("int_le_imp", vec![x, int(hi), r], pos),
        ]));
    }
    // r <-> (lo <= x) /\ (x <= hi), through a boolean for each bound.
    let mut half = |side: &str| {
        vars.push(Variable {
            name: format!("{side} bound of set_in_reif at {pos}"),
            domain: Domain::Bool,
            fixed: None,
            output: false,
            introduced: true,
            defined: false,
        });
        Term::Var(VarId(vars.len() - 1))
    };
    let (above, below) = (half("the lower"), half("the upper"));
    Ok(Some(vec![
        call(
            "int_le_reif",
            vec![int(lo), x.clone(), Arg::Term(above.clone())],
            pos,
        ),
        call(
            "int_le_reif",
            vec![x, int(hi), Arg::Term(below.clone())],
            pos,
        ),
        call(
            "array_bool_and",
            vec![Arg::Array(vec![above, below]), r],
            pos,
        ),
    ]))
}
