//! The `solve` item's search annotations and objective, as the solver's
//! branching groups and objective.

use csp::{ValueOrder, VarOrder};

use super::{Builder, TranslateError};
use crate::ast::Pos;
use crate::instance::{Objective, Search, Term};

/// Adds a branching group for each `int_search` / `bool_search`, in order
/// (`seq_search` flattened). Selections and choices this solver has no
/// match for fall back to the nearest it has: `first_fail` for the
/// failure-based ones other than
/// `dom_w_deg`, values ascending for `indomain` and the rest; the values
/// of `indomain_random` are drawn by [`csp::ValueOrder::Random`] with
/// [`DEFAULT_SEED`](crate::solve::DEFAULT_SEED), which `-r` replaces (see
/// [`csp::Model::reseed`]).
/// Whether it posted a group.
pub(super) fn post_search(
    b: &mut Builder,
    searches: &[Search],
    pos: Pos,
) -> Result<bool, TranslateError> {
    let mut posted = false;
    for search in searches {
        match search {
            Search::Vars {
                vars,
                selection,
                choice,
            } => {
                let vars: Vec<csp::Var> = vars
                    .iter()
                    .filter(|t| matches!(t, Term::Var(_)))
                    .map(|t| b.var(t, pos))
                    .collect::<Result<_, _>>()?;
                if vars.is_empty() {
                    continue;
                }
                b.model
                    .branch(&vars, var_order(selection), value_order(choice))
                    .map_err(|source| TranslateError::Solver { source, pos })?;
                posted = true;
            }
            Search::Seq(inner) => posted |= post_search(b, inner, pos)?,
            Search::Other(_) => {}
        }
    }
    Ok(posted)
}

/// The search of a model without a search annotation (or under `-f`):
/// dom/wdeg over the variables that no constraint defines, in the order of
/// declaration, the integers first and then the booleans, each choice
/// binary from the smallest value (`x = min | x != min`), as an
/// `int_search(..., dom_w_deg, indomain_min)` would. What it leaves (the
/// defined variables, if a solution leaves them open, and the wide ones
/// tried from the middle) goes to the groups after it.
///
/// Chosen by measurement against the solver's own default (the smallest
/// domain, one choice per value) and against `first_fail` on 45 public
/// instances with their annotations dropped: it solved 22 within 10 s of
/// CPU where the other two solved 17 each (see `docs/performance.md`).
pub(super) fn post_default_search(
    b: &mut Builder,
    decisions: &[(csp::Var, bool)],
    pos: Pos,
) -> Result<(), TranslateError> {
    for booleans in [false, true] {
        let vars: Vec<csp::Var> = decisions
            .iter()
            .filter(|&&(_, is_bool)| is_bool == booleans)
            .map(|&(v, _)| v)
            .collect();
        if !vars.is_empty() {
            b.model
                .branch(&vars, VarOrder::DomWdeg, ValueOrder::Min)
                .map_err(|source| TranslateError::Solver { source, pos })?;
        }
    }
    Ok(())
}

fn var_order(selection: &str) -> VarOrder {
    match selection {
        "input_order" => VarOrder::Input,
        "smallest" => VarOrder::SmallestValue,
        "largest" => VarOrder::LargestValue,
        "dom_w_deg" => VarOrder::DomWdeg,
        "anti_first_fail" => VarOrder::LargestDomain,
        "most_constrained" => VarOrder::MostConstrained,
        "occurrence" => VarOrder::Occurrence,
        "max_regret" => VarOrder::MaxRegret,
        // first_fail and the rest.
        _ => VarOrder::SmallestDomain,
    }
}

fn value_order(choice: &str) -> ValueOrder {
    match choice {
        "indomain_max" => ValueOrder::Max,
        "indomain_median" | "indomain_middle" => ValueOrder::Median,
        "indomain_split" | "indomain_interval" => ValueOrder::Split,
        "indomain_reverse_split" => ValueOrder::SplitUpper,
        "indomain_random" => ValueOrder::Random(crate::solve::DEFAULT_SEED),
        // indomain_min, indomain and the rest.
        _ => ValueOrder::Min,
    }
}

/// After the file's own search: the wide variables reaching down to
/// `i64::MIN` (an unbounded `var int`), each tried at the middle of its
/// bounds first, then below and above it, where the default search would
/// start at its smallest value. MiniZinc 2.6 cannot read
/// `-9223372036854775808` in a solution, so a variable that nothing
/// constrains must not be printed at it; the objective keeps the order
/// the objective's own search gives it.
pub(super) fn post_from_the_middle(
    b: &mut Builder,
    mut vars: Vec<csp::Var>,
    objective: &Objective,
    pos: Pos,
) -> Result<(), TranslateError> {
    if let Objective::Minimize(t) | Objective::Maximize(t) = objective {
        let cost = b.var(t, pos)?;
        vars.retain(|&v| v != cost);
    }
    if vars.is_empty() {
        return Ok(());
    }
    b.model
        .branch(&vars, VarOrder::Input, ValueOrder::Median)
        .map_err(|source| TranslateError::Solver { source, pos })
}

/// The objective, if there is one: the solver variable it is read from.
pub(super) fn post_objective(
    b: &mut Builder,
    objective: &Objective,
    pos: Pos,
) -> Result<(), TranslateError> {
    let solver = |source| TranslateError::Solver { source, pos };
    match objective {
        Objective::Satisfy => Ok(()),
        Objective::Minimize(t) => {
            let var = b.var(t, pos)?;
            b.model.minimize(var).map_err(solver)
        }
        Objective::Maximize(t) => {
            let var = b.var(t, pos)?;
            b.model.maximize(var).map_err(solver)
        }
    }
}
