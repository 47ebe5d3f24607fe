//! The search that learns from its failures ([`csp::Network::optimize_learning`])
//! on a translated instance: the first solution of a satisfaction problem,
//! or the optimum, each solution checked against the instance before it is
//! printed.

use crate::check::check;
use crate::optimize::objective_value;
use crate::output::solution_lines;
use crate::solve::{Options, Report, Run, SolveError, Status, raise};
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
    let each = options.all || options.intermediate || options.solutions.is_some();
    let mut failure = None;
    let mut last = None;
    let mut given = 0;
    let mut found = 0;
    let report = network.optimize_learning(run.limits, |solution| {
        if failure.is_some() || found >= run.wanted {
            return;
        }
        let values = translation.values(solution);
        if let Err(violation) = check(instance, &values) {
            failure = Some(SolveError::Wrong(violation));
            raise(run.cancel);
            return;
        }
        found += 1;
        if each {
            if let Err(e) = emit(&solution_lines(instance, &values)) {
                failure = Some(SolveError::Output(e));
                raise(run.cancel);
                return;
            }
            given += 1;
        }
        last = Some(values);
        if found >= run.wanted {
            raise(run.cancel);
        }
    });
    if let Some(failure) = failure {
        return Err(failure);
    }
    if !each && let Some(values) = &last {
        emit(&solution_lines(instance, values)).map_err(SolveError::Output)?;
        given += 1;
    }
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
