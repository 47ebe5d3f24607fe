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
    Ok(Report {
        status,
        solutions: given,
        stats,
        solve_time: run.started.elapsed(),
        objective: None,
        bound: None,
    })
}
