//! From a resolved [`Instance`] to a [`csp::Model`]: variables first (with
//! bounds inferred for the unbounded ones that a constraint defines), then
//! one `match` on each constraint's builtin name ([`builtin`]).

mod bounds;
mod builtin;
mod equality;
mod global;
mod power;
mod search;

use std::collections::HashMap;

use csp::{MAX_DOMAIN, Model, Var};

use crate::ast::Pos;
use crate::error::cut;
use crate::instance::{Domain, Instance, Term, Value};
use crate::limit::Watch;

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
    /// A variable declared with holes over more values than are listed.
    #[error(
        "the variable '{name}' has {size} values in several ranges: at most {LISTED_MAX} are listed (one range may be as wide as i64)"
    )]
    DomainTooLarge {
        /// The variable's name.
        name: String,
        /// How many values its domain spans, if bounded.
        size: u128,
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
    /// Whether its branching groups are the instance's search annotation
    /// (else the default search, which a search that learns replaces by
    /// the activity of the variables).
    pub annotated: bool,
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
    /// The values each solver variable may take, as built (for tables),
    /// for those of at most [`MAX_DOMAIN`] values.
    pub(crate) values: HashMap<Var, Vec<i64>>,
    /// The bounds of the others, intervals too wide to list.
    pub(crate) wide: HashMap<Var, (i64, i64)>,
    constants: HashMap<i64, Var>,
}

/// The range of a `var int` that neither its declaration nor the
/// constraints bound: every `i64`, the solver's values. Its propagators
/// reason in 128 bits, so no sum or product of such bounds overflows, and
/// nothing is cut that a model could need.
pub(crate) const UNBOUNDED: (i64, i64) = (i64::MIN, i64::MAX);

/// The most values of a domain declared in several ranges: they are
/// listed one by one (a wide one becomes an interval whose bounds stay on
/// them).
pub(crate) const LISTED_MAX: usize = 1 << 16;

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
        self.listed_var(values)
            .map_err(|source| TranslateError::Solver { source, pos })
    }

    /// A new solver variable taking `values`, listed in `values` when
    /// there are at most [`MAX_DOMAIN`] of them.
    pub(crate) fn listed_var(&mut self, values: Vec<i64>) -> Result<Var, csp::Error> {
        let var = self.model.var_in(values.iter().copied())?;
        if values.len() <= MAX_DOMAIN {
            self.values.insert(var, values);
        } else if let (Some(&lo), Some(&hi)) = (values.iter().min(), values.iter().max()) {
            self.wide.insert(var, (lo, hi));
        }
        Ok(var)
    }

    /// A new solver variable over `lo..=hi`, an interval when wide.
    pub(crate) fn range_var(&mut self, lo: i64, hi: i64) -> Result<Var, csp::Error> {
        if (hi as i128 - lo as i128) < MAX_DOMAIN as i128 {
            return self.listed_var((lo..=hi).collect());
        }
        let var = self.model.var(lo..=hi)?;
        self.wide.insert(var, (lo, hi));
        Ok(var)
    }

    /// The values a solver variable may take, if they are few enough to
    /// list (`None` for a wide interval: see `bounds`).
    pub(crate) fn domain(&self, var: Var) -> Option<&[i64]> {
        self.values.get(&var).map(Vec::as_slice)
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
                cut(&crate::output::show(other))
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
    translate_watched(
        instance,
        annotations,
        MAX_DOMAIN,
        &mut Watch::new(&backtrack::Limits::default()),
    )
}

/// [`translate_with`], with the variables of more than `intervals_above`
/// values as intervals (see [`csp::Model::intervals_above`]), stopped
/// (with an error, the stop kept in `watch`) once a limit of `watch` is
/// reached.
pub(crate) fn translate_watched(
    instance: &Instance,
    annotations: bool,
    intervals_above: usize,
    watch: &mut Watch<'_>,
) -> Result<Translation, TranslateError> {
    let stopped = |stop: backtrack::Stop, pos: Pos| TranslateError::BadArguments {
        message: stop.to_string(),
        pos,
    };
    let inferred = bounds::infer(instance);
    let mut model = Model::new();
    model.intervals_above(intervals_above);
    let mut builder = Builder {
        model,
        vars: Vec::with_capacity(instance.vars.len()),
        values: HashMap::new(),
        wide: HashMap::new(),
        constants: HashMap::new(),
    };
    let mut is_bool = Vec::with_capacity(instance.vars.len());
    // The wide variables that reach down to i64::MIN, which MiniZinc 2.6
    // cannot read back in a solution: tried from the middle (see below).
    let mut from_the_middle = Vec::new();
    for (i, var) in instance.vars.iter().enumerate() {
        watch.tick().map_err(|stop| stopped(stop, Pos::default()))?;
        let solver = |source| TranslateError::Solver {
            source,
            pos: Pos::default(),
        };
        // A wide range, not fixed: an interval of the solver's.
        let range = match (&var.domain, inferred[i], &var.fixed) {
            (_, _, Some(_)) => None,
            (Domain::Int(Some(ranges)), _, _) if ranges.len() == 1 => Some(ranges[0]),
            (Domain::Int(None), Some(bounds), _) => Some(bounds),
            (Domain::Int(None), None, _) => Some(UNBOUNDED),
            _ => None,
        };
        if let Some(fixed) = &var.fixed {
            let c = int_value(fixed, Pos::default())?;
            let inside = match &var.domain {
                Domain::Bool => c == 0 || c == 1,
                Domain::Int(Some(ranges)) => ranges.iter().any(|&(lo, hi)| lo <= c && c <= hi),
                _ => true,
            };
            let csp_var = builder
                .listed_var(if inside { vec![c] } else { Vec::new() })
                .map_err(solver)?;
            builder.vars.push(csp_var);
            is_bool.push(var.domain == Domain::Bool);
            continue;
        }
        if let Some((lo, hi)) =
            range.filter(|&(lo, hi)| hi as i128 - lo as i128 >= MAX_DOMAIN as i128)
        {
            let csp_var = builder.range_var(lo, hi).map_err(solver)?;
            if lo == i64::MIN {
                from_the_middle.push(csp_var);
            }
            builder.vars.push(csp_var);
            is_bool.push(false);
            continue;
        }
        let values: Vec<i64> = match (&var.domain, inferred[i]) {
            (Domain::Bool, _) => vec![0, 1],
            (Domain::Int(Some(ranges)), _) => {
                // Listed, holes and all, up to a few bitsets' worth.
                let size: u128 = ranges
                    .iter()
                    .map(|&(lo, hi)| (hi as i128 - lo as i128 + 1).max(0) as u128)
                    .sum();
                if size > LISTED_MAX as u128 {
                    return Err(TranslateError::DomainTooLarge {
                        name: cut(&var.name),
                        size,
                    });
                }
                ranges.iter().flat_map(|&(lo, hi)| lo..=hi).collect()
            }
            (Domain::Int(None), bounds) => {
                let (lo, hi) = bounds.unwrap_or(UNBOUNDED);
                (lo..=hi).collect()
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
        let csp_var = builder.listed_var(values).map_err(solver)?;
        builder.vars.push(csp_var);
        is_bool.push(var.domain == Domain::Bool);
    }
    for call in &instance.constraints {
        watch.tick().map_err(|stop| stopped(stop, call.pos))?;
        builtin::post(&mut builder, call)?;
    }
    let pos = instance.solve_pos;
    let annotated = annotations && search::post_search(&mut builder, &instance.search, pos)?;
    if !annotated {
        // The variables no constraint defines, fixed ones and those tried
        // from the middle left out.
        let middle: std::collections::HashSet<csp::Var> = from_the_middle.iter().copied().collect();
        let decisions: Vec<(csp::Var, bool)> = instance
            .vars
            .iter()
            .enumerate()
            .filter(|(i, var)| {
                !var.defined && var.fixed.is_none() && !middle.contains(&builder.vars[*i])
            })
            .map(|(i, _)| (builder.vars[i], is_bool[i]))
            .collect();
        search::post_default_search(&mut builder, &decisions, pos)?;
    }
    search::post_from_the_middle(&mut builder, from_the_middle, &instance.objective, pos)?;
    search::post_objective(&mut builder, &instance.objective, pos)?;
    Ok(Translation {
        model: builder.model,
        vars: builder.vars,
        is_bool,
        optimize: instance.objective != crate::instance::Objective::Satisfy,
        annotated,
    })
}
