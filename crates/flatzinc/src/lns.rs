//! Large-neighbourhood search on a translated instance's objective
//! (`fzn-csp --lns`): good solutions of instances too large to prove, each
//! checked and emitted as it is found, and no claim of optimality unless
//! the first search, of the whole instance, finished.

use csp::{Lns, Network};

use crate::check::check;
use crate::optimize::End;
use crate::output::solution_lines;
use crate::solve::{DEFAULT_SEED, Options, Report, Run, SolveError, raise};

/// The node budget of each neighbourhood: on the public job shops
/// (la01-la05, abz5) a neighbourhood of this many nodes takes a few
/// milliseconds, so a second sees hundreds of them.
pub(crate) const NEIGHBOURHOOD_NODES: u64 = 500;

/// The best solution of `run`'s instance by [`Network::optimize_lns`],
/// seeded by `options.seed` (else [`DEFAULT_SEED`]): each improving one
/// emitted as it is found with `all`, `intermediate` or `solutions`,
/// otherwise the best alone at the end. [`Status::Complete`] only when the
/// search proved the best optimal (see [`Network::optimize_lns`]), which
/// its rounds never do: they go on until a limit or `solutions`
/// improvements.
pub(crate) fn optimize(
    run: &Run<'_>,
    network: Network,
    options: &Options,
    mut emit: impl FnMut(&str) -> std::io::Result<()>,
) -> Result<Report, SolveError> {
    let (instance, translation) = (run.instance, run.translation);
    let each = options.all || options.intermediate || options.solutions.is_some();
    let lns = settings(options);
    let mut failure = None;
    let mut last = None;
    let mut given = 0;
    let mut found = 0;
    let report = network.optimize_lns(&lns, run.limits, |solution| {
        // The search sees the cancel flag raised below only at its next
        // poll: a solution found before then is past the number wanted.
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
    let mut stats = report.value.stats;
    stats.solutions = found;
    let end = End {
        outcome: report.outcome,
        // The bound is the objective's; the cost is its image (an
        // involution).
        lower_bound: report.value.bound.map(|b| network.objective_of(b)),
        stats,
        found,
        given,
    };
    Ok(end.report(run, &network, last.as_deref()))
}

/// The settings of the large-neighbourhood search `options` ask for.
pub(crate) fn settings(options: &Options) -> Lns {
    Lns::new(options.seed.unwrap_or(DEFAULT_SEED))
        .nodes(NEIGHBOURHOOD_NODES)
        .unwrap_or_default()
}
