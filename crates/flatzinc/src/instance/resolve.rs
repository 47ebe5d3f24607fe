//! Resolving the names of a parsed model, declaration by declaration.

use std::collections::HashMap;

use super::range;
use super::{
    Arg, Call, Consistency, Domain, Instance, Objective, Output, Search, Term, Value, VarId,
    Variable,
};
use crate::ast::{self, Base, Expr, Goal, Index, Model, Pos};
use crate::error::{ParseError, cut};
use crate::limit::Watch;

/// The most variables that arrays declared without a value
/// (`array [1..n] of var 1..3: a;`, which MiniZinc does not write) may
/// hold in all.
pub const FRESH_MAX: u64 = 1 << 16;

#[derive(Clone, Debug)]
pub(super) enum Named {
    Par(Value),
    ParArray(Vec<Value>),
    Var(Term),
    VarArray(Vec<Term>),
}

/// Resolves the names of a parsed model.
///
/// # Errors
///
/// A name used before (or without) its declaration, a name declared twice,
/// an index outside its array, a value of the wrong kind, or an empty
/// domain; each with where it was written.
pub fn resolve(model: &Model) -> Result<Instance, ParseError> {
    resolve_watched(model, &mut Watch::new(&backtrack::Limits::default()))
}

/// [`resolve`], stopped (with an error, the stop kept in `watch`) once a
/// limit of `watch` is reached.
pub(crate) fn resolve_watched(
    model: &Model,
    watch: &mut Watch<'_>,
) -> Result<Instance, ParseError> {
    // Variables of arrays declared without a value, so far.
    let mut fresh: u64 = 0;
    let mut names: HashMap<&str, Named> = HashMap::new();
    let mut vars = Vec::new();
    let mut outputs = Vec::new();
    let mut implied = Vec::new();
    for decl in &model.declarations {
        let at = |message: String| ParseError::new(decl.pos, message);
        watch.tick().map_err(|stop| at(stop.to_string()))?;
        if names.contains_key(decl.name.as_str()) {
            return Err(at(format!("'{}' is declared twice", cut(&decl.name))));
        }
        let named = match (&decl.ty.array, decl.ty.var) {
            (None, false) => {
                let value = decl.value.as_ref().ok_or_else(|| {
                    at(format!("the parameter '{}' has no value", cut(&decl.name)))
                })?;
                Named::Par(par_value(value, &names, decl.pos)?)
            }
            (Some(_), false) => {
                let Some(Expr::Array(items)) = &decl.value else {
                    return Err(at(format!(
                        "the array '{}' has no array value",
                        cut(&decl.name)
                    )));
                };
                let values = items
                    .iter()
                    .map(|item| par_value(item, &names, decl.pos))
                    .collect::<Result<_, _>>()?;
                Named::ParArray(values)
            }
            (None, true) => {
                let alias = match &decl.value {
                    Some(value) => Some(term(value, &names, decl.pos)?),
                    None => None,
                };
                match alias {
                    Some(Term::Var(id)) => {
                        // `var 1..3: x = y;` also says that y is in 1..3.
                        let declared = domain(&decl.ty.base, decl.pos)?;
                        if let Domain::Int(Some(ranges)) = &declared
                            && let [(lo, hi)] = ranges[..]
                            && range::is_wide(lo, hi)
                        {
                            // Two bounds, not a set of their values.
                            implied.extend(range::bounds(&Term::Var(id), lo, hi, decl.pos));
                        } else if let Domain::Int(Some(ranges)) = declared {
                            let values = Value::Set(ranges_values(&ranges, decl.pos)?);
                            let args =
                                vec![Arg::Term(Term::Var(id)), Arg::Term(Term::Const(values))];
                            implied.push(Call {
                                name: "set_in".to_string(),
                                args,
                                defines: None,
                                consistency: None,
                                pos: decl.pos,
                            });
                        }
                        Named::Var(Term::Var(id))
                    }
                    fixed => {
                        let domain = domain(&decl.ty.base, decl.pos)?;
                        let fixed = fixed.map(|t| match t {
                            Term::Const(v) => v,
                            Term::Var(_) => unreachable!("aliases are handled above"),
                        });
                        vars.push(Variable {
                            name: decl.name.clone(),
                            domain,
                            fixed,
                            output: false,
                            introduced: decl.annotations.iter().any(|a| a.is("var_is_introduced")),
                            defined: decl.annotations.iter().any(|a| a.is("is_defined_var")),
                        });
                        Named::Var(Term::Var(VarId(vars.len() - 1)))
                    }
                }
            }
            (Some(indices), true) => {
                let items = match &decl.value {
                    Some(Expr::Array(items)) => items
                        .iter()
                        .map(|item| term(item, &names, decl.pos))
                        .collect::<Result<Vec<_>, _>>()?,
                    Some(_) => {
                        return Err(at(format!(
                            "the array '{}' has no array value",
                            cut(&decl.name)
                        )));
                    }
                    // An array of fresh variables.
                    None => {
                        let domain = domain(&decl.ty.base, decl.pos)?;
                        let len = match indices.as_slice() {
                            [Index::Range(1, n)] => u64::try_from(*n).unwrap_or(0),
                            _ => return Err(at("an array index set that is not 1..n".to_string())),
                        };
                        // Checked before anything is allocated: these
                        // variables take memory that the file's size does
                        // not account for.
                        fresh = fresh.saturating_add(len);
                        if fresh > FRESH_MAX {
                            return Err(at(format!(
                                "the array '{}' of {len} variables declared without a value: at most {FRESH_MAX} such variables in all",
                                cut(&decl.name)
                            )));
                        }
                        let len = len as usize;
                        (0..len)
                            .map(|i| {
                                vars.push(Variable {
                                    name: format!("{}[{}]", decl.name, i + 1),
                                    domain: domain.clone(),
                                    fixed: None,
                                    output: false,
                                    introduced: true,
                                    defined: false,
                                });
                                Term::Var(VarId(vars.len() - 1))
                            })
                            .collect()
                    }
                };
                Named::VarArray(items)
            }
        };
        // Each declaration is printed once, however often it is marked.
        let mut printed = false;
        for annotation in &decl.annotations {
            match (annotation.name.as_str(), &named) {
                _ if printed => {}
                ("output_var", Named::Var(term)) => {
                    printed = true;
                    if let Term::Var(id) = term {
                        vars[id.0].output = true;
                    }
                    outputs.push(Output::Var {
                        name: decl.name.clone(),
                        term: term.clone(),
                    });
                }
                ("output_array", Named::VarArray(items)) => {
                    printed = true;
                    let dims = output_dims(&annotation.args, decl.pos)?;
                    outputs.push(Output::Array {
                        name: decl.name.clone(),
                        dims,
                        items: items.clone(),
                    });
                }
                _ => {}
            }
        }
        names.insert(&decl.name, named);
    }
    let mut constraints = implied;
    for c in &model.constraints {
        watch
            .tick()
            .map_err(|stop| ParseError::new(c.pos, stop.to_string()))?;
        if let Some(calls) = range::set_in(c, &names, &mut vars)? {
            constraints.extend(calls);
            continue;
        }
        let call = {
            let args = c
                .args
                .iter()
                .map(|a| arg(a, &names, c.pos))
                .collect::<Result<_, ParseError>>()?;
            let defines = c
                .annotations
                .iter()
                .find(|a| a.name == "defines_var")
                .and_then(|a| a.args.first())
                .and_then(|e| term(e, &names, c.pos).ok())
                .and_then(|t| match t {
                    Term::Var(id) => Some(id),
                    Term::Const(_) => None,
                });
            let consistency = c.annotations.iter().find_map(|a| {
                if a.is("domain") || a.is("domain_propagation") {
                    Some(Consistency::Domain)
                } else if a.is("bounds") || a.is("bounds_propagation") {
                    Some(Consistency::Bounds)
                } else {
                    None
                }
            });
            Call {
                name: c.name.clone(),
                args,
                defines,
                consistency,
                pos: c.pos,
            }
        };
        constraints.push(call);
    }
    let solve = &model.solve;
    let objective = match &solve.goal {
        Goal::Satisfy => Objective::Satisfy,
        Goal::Minimize(e) => Objective::Minimize(term(e, &names, solve.pos)?),
        Goal::Maximize(e) => Objective::Maximize(term(e, &names, solve.pos)?),
    };
    let search = solve
        .annotations
        .iter()
        .map(|a| search(a, &names, solve.pos))
        .collect::<Result<_, _>>()?;
    Ok(Instance {
        vars,
        constraints,
        objective,
        outputs,
        search,
        solve_pos: solve.pos,
    })
}

fn domain(base: &Base, pos: Pos) -> Result<Domain, ParseError> {
    let empty = || ParseError::new(pos, "a variable with an empty domain");
    Ok(match base {
        Base::Bool => Domain::Bool,
        Base::Int => Domain::Int(None),
        Base::IntRange(lo, hi) if lo > hi => return Err(empty()),
        Base::IntRange(lo, hi) => Domain::Int(Some(vec![(*lo, *hi)])),
        Base::IntSet(values) if values.is_empty() => return Err(empty()),
        Base::IntSet(values) => Domain::Int(Some(ranges(values))),
        Base::Float => Domain::Float(None),
        Base::FloatRange(lo, hi) => Domain::Float(Some((*lo, *hi))),
        Base::SetOf(inner) => match inner.as_ref() {
            Base::Int => Domain::Set(None),
            Base::IntRange(lo, hi) => Domain::Set(Some(range_values(*lo, *hi, pos)?)),
            Base::IntSet(values) => Domain::Set(Some(sorted(values.clone()))),
            _ => {
                return Err(ParseError::new(
                    pos,
                    "a set of something other than integers",
                ));
            }
        },
        Base::Ann => return Err(ParseError::new(pos, "a variable of type 'ann'")),
    })
}

/// The most values a set written as a range may hold here.
pub(super) const SET_RANGE_MAX: i64 = 1 << 20;

fn range_values(lo: i64, hi: i64, pos: Pos) -> Result<Vec<i64>, ParseError> {
    if hi >= lo && hi.abs_diff(lo) >= SET_RANGE_MAX as u64 {
        return Err(ParseError::new(
            pos,
            format!("a set range of more than {SET_RANGE_MAX} values"),
        ));
    }
    Ok((lo..=hi).collect())
}

fn ranges_values(ranges: &[(i64, i64)], pos: Pos) -> Result<Vec<i64>, ParseError> {
    let mut out = Vec::new();
    for &(lo, hi) in ranges {
        out.extend(range_values(lo, hi, pos)?);
        if out.len() as i64 > SET_RANGE_MAX {
            return Err(ParseError::new(
                pos,
                format!("a set range of more than {SET_RANGE_MAX} values"),
            ));
        }
    }
    Ok(out)
}

fn sorted(mut values: Vec<i64>) -> Vec<i64> {
    values.sort_unstable();
    values.dedup();
    values
}

/// A set of values as ascending, disjoint, non-adjacent ranges.
fn ranges(values: &[i64]) -> Vec<(i64, i64)> {
    let mut out: Vec<(i64, i64)> = Vec::new();
    for v in sorted(values.to_vec()) {
        match out.last_mut() {
            Some((_, hi)) if hi.checked_add(1) == Some(v) => *hi = v,
            _ => out.push((v, v)),
        }
    }
    out
}

fn par_value(e: &Expr, names: &HashMap<&str, Named>, pos: Pos) -> Result<Value, ParseError> {
    match term(e, names, pos)? {
        Term::Const(v) => Ok(v),
        Term::Var(_) => Err(ParseError::new(
            pos,
            "a variable where a parameter's value is needed",
        )),
    }
}

pub(super) fn term(e: &Expr, names: &HashMap<&str, Named>, pos: Pos) -> Result<Term, ParseError> {
    let unknown = |name: &str| ParseError::new(pos, format!("'{}' is not declared", cut(name)));
    Ok(match e {
        Expr::Bool(b) => Term::Const(Value::Bool(*b)),
        Expr::Int(i) => Term::Const(Value::Int(*i)),
        Expr::Float(x) => Term::Const(Value::Float(*x)),
        Expr::IntRange(lo, hi) => Term::Const(Value::Set(range_values(*lo, *hi, pos)?)),
        Expr::IntSet(values) => Term::Const(Value::Set(sorted(values.clone()))),
        Expr::Ident(name) => match names.get(name.as_str()) {
            Some(Named::Par(v)) => Term::Const(v.clone()),
            Some(Named::Var(t)) => t.clone(),
            Some(_) => {
                return Err(ParseError::new(
                    pos,
                    format!("the array '{}' where a single value is needed", cut(name)),
                ));
            }
            None => return Err(unknown(name)),
        },
        Expr::Element(name, i) => {
            let out_of = |len: usize| {
                ParseError::new(
                    pos,
                    format!("{}[{i}] is outside the array's 1..{len}", cut(name)),
                )
            };
            let index = usize::try_from(*i).ok().and_then(|i| i.checked_sub(1));
            match names.get(name.as_str()) {
                Some(Named::ParArray(values)) => Term::Const(
                    index
                        .and_then(|i| values.get(i))
                        .ok_or_else(|| out_of(values.len()))?
                        .clone(),
                ),
                Some(Named::VarArray(terms)) => index
                    .and_then(|i| terms.get(i))
                    .ok_or_else(|| out_of(terms.len()))?
                    .clone(),
                Some(_) => {
                    return Err(ParseError::new(
                        pos,
                        format!("'{}' is not an array", cut(name)),
                    ));
                }
                None => return Err(unknown(name)),
            }
        }
        Expr::FloatRange(..) => {
            return Err(ParseError::new(
                pos,
                "a float range where a value is needed",
            ));
        }
        Expr::Str(_) => return Err(ParseError::new(pos, "a string where a value is needed")),
        Expr::Array(_) => {
            return Err(ParseError::new(
                pos,
                "an array where a single value is needed",
            ));
        }
        Expr::Call(a) => {
            return Err(ParseError::new(
                pos,
                format!("a call of '{}' where a value is needed", cut(&a.name)),
            ));
        }
    })
}

fn arg(e: &Expr, names: &HashMap<&str, Named>, pos: Pos) -> Result<Arg, ParseError> {
    Ok(match e {
        Expr::Array(items) => Arg::Array(
            items
                .iter()
                .map(|item| term(item, names, pos))
                .collect::<Result<_, _>>()?,
        ),
        Expr::Ident(name) => match names.get(name.as_str()) {
            Some(Named::ParArray(values)) => {
                Arg::Array(values.iter().cloned().map(Term::Const).collect())
            }
            Some(Named::VarArray(terms)) => Arg::Array(terms.clone()),
            _ => Arg::Term(term(e, names, pos)?),
        },
        _ => Arg::Term(term(e, names, pos)?),
    })
}

fn output_dims(args: &[Expr], pos: Pos) -> Result<Vec<(i64, i64)>, ParseError> {
    let bad = || ParseError::new(pos, "output_array's argument is not a list of ranges");
    let [Expr::Array(ranges)] = args else {
        return Err(bad());
    };
    ranges
        .iter()
        .map(|r| match r {
            Expr::IntRange(lo, hi) => Ok((*lo, *hi)),
            Expr::IntSet(values) if values.is_empty() => Ok((1, 0)),
            _ => Err(bad()),
        })
        .collect()
}

fn search(
    a: &ast::Annotation,
    names: &HashMap<&str, Named>,
    pos: Pos,
) -> Result<Search, ParseError> {
    let word = |e: Option<&Expr>| match e {
        Some(Expr::Ident(w)) => w.clone(),
        Some(Expr::Call(c)) => c.name.clone(),
        _ => String::new(),
    };
    Ok(match a.name.as_str() {
        "int_search" | "bool_search" => {
            let vars = match a.args.first() {
                Some(e) => match arg(e, names, pos)? {
                    Arg::Array(terms) => terms,
                    Arg::Term(t) => vec![t],
                },
                None => Vec::new(),
            };
            Search::Vars {
                vars,
                selection: word(a.args.get(1)),
                choice: word(a.args.get(2)),
            }
        }
        "seq_search" => match a.args.first() {
            Some(Expr::Array(items)) => Search::Seq(
                items
                    .iter()
                    .map(|item| match item {
                        Expr::Call(c) => search(c, names, pos),
                        Expr::Ident(name) => Ok(Search::Other(name.clone())),
                        _ => Ok(Search::Other(String::new())),
                    })
                    .collect::<Result<_, _>>()?,
            ),
            _ => Search::Seq(Vec::new()),
        },
        other => Search::Other(other.to_string()),
    })
}
