//! From a resolved [`Instance`] to a [`csp::Model`]: variables first (with
//! bounds inferred for the unbounded ones that a constraint defines), then
//! one `match` on each constraint's builtin name ([`builtin`]).

mod bounds;
mod builtin;
mod global;
mod search;

use std::collections::HashMap;

use csp::{MAX_DOMAIN, Model, Var};

use crate::ast::Pos;
use crate::error::cut;
use crate::instance::{Domain, Instance, Term, Value};

/// Why an instance cannot be given to the solver.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[non_exhaustive]
pub enum TranslateError {
    /// A builtin the solver has no propagator or decomposition for.
    #[error("{pos}: the constraint '{name}' is not supported")]
    Unsupported {
        /// The builtin's name.
        name: String,
        /// Where it was called.
        pos: Pos,
    },
    /// Float or set variables, which the solver does not hold.
    #[error("the variable '{name}' is a {kind} variable, which the solver does not support")]
    UnsupportedVariable {
        /// The variable's name.
        name: String,
        /// `float` or `set`.
        kind: &'static str,
    },
    /// A variable whose domain is wider than the solver holds.
    #[error("the variable '{name}' spans {size} values: at most {MAX_DOMAIN} are supported")]
    DomainTooLarge {
        /// The variable's name.
        name: String,
        /// How many values its domain spans, if bounded.
        size: u128,
    },
    /// A `var int` that no constraint bounds.
    #[error(
        "the variable '{name}' has no bounds, declared or inferred: the solver needs a domain of at most {MAX_DOMAIN} values"
    )]
    Unbounded {
        /// The variable's name.
        name: String,
    },
    /// A constraint whose arguments do not have the kinds its builtin takes.
    #[error("{pos}: {message}")]
    BadArguments {
        /// What is wrong.
        message: String,
        /// Where it was called.
        pos: Pos,
    },
    /// The solver refused a constraint (an overflow, say).
    #[error("{pos}: {source}")]
    Solver {
        /// The solver's reason.
        source: csp::Error,
        /// Where the constraint was called.
        pos: Pos,
    },
}

/// An instance as a solver model, with the way back from the solver's
/// values to the instance's.
#[derive(Debug)]
pub struct Translation {
    /// The model.
    pub model: Model,
    /// The solver variable of each of the instance's variables.
    pub vars: Vec<Var>,
    /// Which of them are booleans (0 is false, 1 is true).
    pub is_bool: Vec<bool>,
    /// Whether the model has an objective.
    pub optimize: bool,
}

impl Translation {
    /// The instance's values from the solver's values of [`vars`](Self::vars).
    pub fn values(&self, solution: &csp::Solution) -> Vec<Value> {
        self.vars
            .iter()
            .zip(&self.is_bool)
            .map(|(&var, &is_bool)| {
                let v = solution[var];
                if is_bool {
                    Value::Bool(v == 1)
                } else {
                    Value::Int(v)
                }
            })
            .collect()
    }
}

/// The model being built, with what the builtins need to know of it.
pub(crate) struct Builder {
    pub(crate) model: Model,
    pub(crate) vars: Vec<Var>,
    /// The values each solver variable may take, as built (for tables).
    pub(crate) values: HashMap<Var, Vec<i64>>,
    constants: HashMap<i64, Var>,
}

impl Builder {
    /// The solver variable of a term; a constant is a variable fixed to it.
    pub(crate) fn var(&mut self, term: &Term, pos: Pos) -> Result<Var, TranslateError> {
        match term {
            Term::Var(id) => Ok(self.vars[id.0]),
            Term::Const(value) => {
                let c = int_value(value, pos)?;
                if let Some(&var) = self.constants.get(&c) {
                    return Ok(var);
                }
                let var = self
                    .model
                    .var(c..=c)
                    .map_err(|source| TranslateError::Solver { source, pos })?;
                self.values.insert(var, vec![c]);
                self.constants.insert(c, var);
                Ok(var)
            }
        }
    }

    /// A new solver variable taking `values`.
    pub(crate) fn new_var(&mut self, values: Vec<i64>, pos: Pos) -> Result<Var, TranslateError> {
        let var = self
            .model
            .var_in(values.iter().copied())
            .map_err(|source| TranslateError::Solver { source, pos })?;
        self.values.insert(var, values);
        Ok(var)
    }

    /// The values a solver variable may take.
    pub(crate) fn domain(&self, var: Var) -> &[i64] {
        &self.values[&var]
    }
}

/// An integer, with booleans as 0 and 1.
pub(crate) fn int_value(value: &Value, pos: Pos) -> Result<i64, TranslateError> {
    match value {
        Value::Int(i) => Ok(*i),
        Value::Bool(b) => Ok(i64::from(*b)),
        other => Err(TranslateError::BadArguments {
            message: format!(
                "{} where an integer or a boolean is needed",
                crate::output::show(other)
            ),
            pos,
        }),
    }
}

/// Builds the solver model of `instance`, with the search annotations as
/// its branching groups.
///
/// # Errors
///
/// The first variable or constraint the solver cannot take, named.
pub fn translate(instance: &Instance) -> Result<Translation, TranslateError> {
    translate_with(instance, true)
}

/// [`translate`], with the search annotations followed or (`annotations`
/// false: MiniZinc's free search) ignored.
///
/// # Errors
///
/// As [`translate`].
pub fn translate_with(
    instance: &Instance,
    annotations: bool,
) -> Result<Translation, TranslateError> {
    let inferred = bounds::infer(instance);
    let mut builder = Builder {
        model: Model::new(),
        vars: Vec::with_capacity(instance.vars.len()),
        values: HashMap::new(),
        constants: HashMap::new(),
    };
    let mut is_bool = Vec::with_capacity(instance.vars.len());
    for (i, var) in instance.vars.iter().enumerate() {
        let values: Vec<i64> = match (&var.domain, inferred[i]) {
            (Domain::Bool, _) => vec![0, 1],
            (Domain::Int(Some(ranges)), _) => {
                let (lo, hi) = (ranges[0].0, ranges[ranges.len() - 1].1);
                let size = (hi as i128 - lo as i128 + 1) as u128;
                if size > MAX_DOMAIN as u128 {
                    return Err(TranslateError::DomainTooLarge {
                        name: cut(&var.name),
                        size,
                    });
                }
                ranges.iter().flat_map(|&(lo, hi)| lo..=hi).collect()
            }
            (Domain::Int(None), Some((lo, hi))) => {
                let size = (hi as i128 - lo as i128 + 1).max(0) as u128;
                if size > MAX_DOMAIN as u128 {
                    return Err(TranslateError::DomainTooLarge {
                        name: cut(&var.name),
                        size,
                    });
                }
                (lo..=hi).collect()
            }
            (Domain::Int(None), None) => {
                return Err(TranslateError::Unbounded {
                    name: cut(&var.name),
                });
            }
            (Domain::Float(_), _) => {
                return Err(TranslateError::UnsupportedVariable {
                    name: cut(&var.name),
                    kind: "float",
                });
            }
            (Domain::Set(_), _) => {
                return Err(TranslateError::UnsupportedVariable {
                    name: cut(&var.name),
                    kind: "set",
                });
            }
        };
        let values = match &var.fixed {
            Some(fixed) => {
                let c = int_value(fixed, Pos::default())?;
                if values.contains(&c) {
                    vec![c]
                } else {
                    Vec::new()
                }
            }
            None => values,
        };
        let csp_var = builder
            .model
            .var_in(values.iter().copied())
            .map_err(|source| TranslateError::Solver {
                source,
                pos: Pos::default(),
            })?;
        builder.values.insert(csp_var, values);
        builder.vars.push(csp_var);
        is_bool.push(var.domain == Domain::Bool);
    }
    for call in &instance.constraints {
        builtin::post(&mut builder, call)?;
    }
    let pos = instance.solve_pos;
    if annotations {
        search::post_search(&mut builder, &instance.search, pos)?;
    }
    search::post_objective(&mut builder, &instance.objective, pos)?;
    Ok(Translation {
        model: builder.model,
        vars: builder.vars,
        is_bool,
        optimize: instance.objective != crate::instance::Objective::Satisfy,
    })
}
