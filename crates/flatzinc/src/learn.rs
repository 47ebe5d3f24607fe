//! The search that learns from its failures ([`csp::Network::optimize_learning`])
//! on a translated instance: the first solution of a satisfaction problem,
//! or the optimum, each solution checked against the instance before it is
//! printed.

use crate::optimize::{Improving, objective_value};
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
