//! The search that learns from its failures ([`csp::Network::optimize_learning`])
//! on a translated instance: the first solution of a satisfaction problem,
//! or the optimum, each solution checked against the instance before it is
//! printed.

use std::ops::ControlFlow;

use crate::check::check;
use crate::optimize::{Improving, objective_value};
use crate::output::solution_lines;
use crate::solve::{Options, Report, Run, SolveError, Status};
use csp::Network;

/// The best solution of `run`'s instance (its first, for a satisfaction
/// problem) by the learning search: as [`optimize`](crate::optimize::optimize)
/// gives it, each improving one emitted as it is found with `all`,
/// `intermediate` or `solutions`, otherwise the best alone at the end.
pub(crate) fn solve(
    run: &Run<'_>,
    network: Network,
    options: &Options,
    mut emit: impl FnMut(&str) -> std::io::Result<()>,
) -> Result<Report, SolveError> {
    let (instance, translation) = (run.instance, run.translation);
    let mut improving = Improving::new(run, options, &mut emit);
    let report = network.optimize_learning(run.limits, |solution| improving.see(solution));
    improving.finish()?;
    let (found, given, last) = (improving.found, improving.given, improving.last);
    let status = match report.outcome {
        // The first solution of a satisfaction problem: others may exist.
        backtrack::Outcome::Complete if !translation.optimize && found > 0 => Status::Enough,
        backtrack::Outcome::Complete => Status::Complete,
        _ if found >= run.wanted => Status::Enough,
        _ => Status::Stopped,
    };
    let mut stats = report.value.stats;
    stats.solutions = found;
    let objective = last.as_deref().and_then(|v| objective_value(instance, v));
    Ok(Report {
        status,
        solutions: given,
        stats,
        solve_time: run.started.elapsed(),
        objective,
        bound: report.value.bound.filter(|_| objective.is_some()),
    })
}

/// Every solution of `run`'s satisfaction instance (at most `run.wanted`)
/// by the learning search ([`Network::solutions_learning`]), each checked
/// against the instance and emitted as it is found.
pub(crate) fn every(
    run: &Run<'_>,
    network: Network,
    mut emit: impl FnMut(&str) -> std::io::Result<()>,
) -> Result<Report, SolveError> {
    let (instance, translation) = (run.instance, run.translation);
    let mut given = 0;
    let mut failure = None;
    let report = network.solutions_learning(run.limits, |solution| {
        let values = translation.values(solution);
        if let Err(violation) = check(instance, &values) {
            failure = Some(SolveError::Wrong(violation));
            return ControlFlow::Break(());
        }
        if let Err(e) = emit(&solution_lines(instance, &values)) {
            failure = Some(SolveError::Output(e));
            return ControlFlow::Break(());
        }
        given += 1;
        if given >= run.wanted {
            ControlFlow::Break(())
        } else {
            ControlFlow::Continue(())
        }
    });
    if let Some(failure) = failure {
        return Err(failure);
    }
    let status = match report.outcome {
        backtrack::Outcome::Complete => Status::Complete,
        // Stopped at the last solution wanted: more may exist.
        backtrack::Outcome::Stopped(backtrack::Stop::Requested) => Status::Enough,
        backtrack::Outcome::Stopped(_) => Status::Stopped,
    };
    let mut stats = report.value;
    stats.solutions = given;
    Ok(Report::satisfaction(status, given, stats, run.started))
}

/// The variables the search that learns decides on before the others
/// ([`csp::Network::learn_first`]): those of domain `0..=1` after the
/// root's propagation (booleans, and integers of two values) that are
/// choices of the model rather than another variable's literal. Left out
/// are those a constraint defines as one integer compared with constants
/// (`b <-> x = 3`, `b <-> 2*x <= 7`: deciding `b` decides `x`, as a
/// decision on `x` does) and those it defines as another variable seen
/// again (`bool2int`, `bool_not`, `bool_eq`, `int_eq`). Kept are those a
/// half-reification defines (`b -> s1 + d1 <= s2`: which of two tasks goes
/// first), those a reification of several integers defines (`b <-> x <=
/// y`), and products and connectives of others.
pub(crate) fn choices(
    instance: &crate::instance::Instance,
    translation: &crate::translate::Translation,
    network: &Network,
) -> Vec<csp::Var> {
    use crate::instance::{Arg, Term};
    let mut literal = vec![false; instance.vars.len()];
    for call in &instance.constraints {
        let Some(defined) = call.defines else {
            continue;
        };
        let name = call.name.as_str();
        let view =
            matches!(name, "bool2int" | "bool_not" | "bool_eq" | "int_eq") && call.args.len() == 2;
        let of_one = name.ends_with("_reif") && {
            // The variables among the arguments other than the result.
            let mut vars: Vec<usize> = call
                .args
                .iter()
                .flat_map(|arg| match arg {
                    Arg::Term(t) => std::slice::from_ref(t),
                    Arg::Array(ts) => ts.as_slice(),
                })
                .filter_map(|t| match t {
                    Term::Var(v) if *v != defined => Some(v.0),
                    _ => None,
                })
                .collect();
            vars.sort_unstable();
            vars.dedup();
            vars.len() == 1
        };
        if view || of_one {
            literal[defined.0] = true;
        }
    }
    (0..instance.vars.len())
        .filter(|&i| !literal[i] && network.bounds(translation.vars[i]) == Some((0, 1)))
        .map(|i| translation.vars[i])
        .collect()
}
