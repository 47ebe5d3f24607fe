//! Large-neighbourhood search on a translated instance's objective
//! (`fzn-csp --lns`): good solutions of instances too large to prove, each
//! checked and emitted as it is found, and no claim of optimality unless
//! the first search, of the whole instance, finished.

use csp::{Lns, Network};

use crate::optimize::{End, Improving};
use crate::solve::{DEFAULT_SEED, Options, Report, Run, SolveError};

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
    let lns = settings(options);
    let mut improving = Improving::new(run, options, &mut emit);
    let report = network.optimize_lns(&lns, run.limits, |solution| improving.see(solution));
    improving.finish()?;
    let (found, given, last) = (improving.found, improving.given, improving.last);
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
