//! The first solution of a satisfaction problem by two searches taking
//! turns on one core ([`Options::turns`](crate::solve::Options::turns)):
//! the search that learns from its failures
//! ([`Network::optimize_learning`]) and depth-first search without it.
//! The first solution either finds ends both; either one's complete search
//! without a solution proves there is none. Depth-first search starts: a
//! model it solves within its first turn gets the solution it would get
//! alone, the search annotation's first.

use std::ops::ControlFlow;
use std::sync::atomic::AtomicBool;
use std::sync::{Arc, Mutex, PoisonError};

use backtrack::{Outcome, Search, Stats, Turns};
use csp::Network;

use crate::check::{Violation, check};
use crate::instance::Value;
use crate::output::solution_lines;
use crate::parallel::joined;
use crate::solve::{Plain, Report, Run, SolveError, Status, TURN, raise};

/// What a search ended with: its outcome and statistics.
type Ended = (Outcome, Stats);

/// The first solution of `run`'s satisfaction instance, learning and
/// depth-first search in turns.
pub(crate) fn first(
    run: &Run<'_>,
    network: Network,
    plain: Option<Plain<'_>>,
    mut emit: impl FnMut(&str) -> std::io::Result<()>,
) -> Result<Report, SolveError> {
    // Depth-first search on the plain translation, if given.
    let (plain, dfs_run) = match plain {
        Some(plain) => (
            plain.network,
            Run {
                translation: plain.translation,
                ..*run
            },
        ),
        None => (network.clone(), *run),
    };
    // Depth-first search, the faster on most satisfaction models, holds
    // three fifths of the core: where it finds the solution, the two take
    // less than twice its time alone.
    let turns = Turns::new(&[TURN * 3 / 2, TURN]);
    // Raised when one search ends: the other stops.
    let over = Arc::new(AtomicBool::new(false));
    let limits = run.limits.clone().cancel_flag(Arc::clone(&over));
    // The first solution found, checked.
    let found: Mutex<Option<Result<Vec<Value>, Violation>>> = Mutex::new(None);
    let keep = |values: Vec<Value>| {
        let checked = check(run.instance, &values).map(|()| values);
        let mut found = found.lock().unwrap_or_else(PoisonError::into_inner);
        if found.is_none() {
            *found = Some(checked);
        }
        raise(&over);
    };
    let (learned, searched): (Ended, Ended) = std::thread::scope(|scope| {
        let learning = {
            let turn = turns.enter(1);
            let limits = limits.clone().turn(Arc::clone(&turns), 1);
            let (network, keep, over) = (&network, &keep, &over);
            scope.spawn(move || {
                let _turn = turn;
                let report = network.optimize_learning(&limits, |solution| {
                    keep(run.translation.values(solution));
                });
                raise(over);
                (report.outcome, report.value.stats)
            })
        };
        let searching = {
            let turn = turns.enter(0);
            let limits = limits.clone().turn(Arc::clone(&turns), 0);
            let (keep, over, run) = (&keep, &over, &dfs_run);
            scope.spawn(move || {
                let _turn = turn;
                let mut search = Search::new(plain).with_limits(limits);
                let outcome = search.for_each(|network, _| match network.solution() {
                    Some(solution) => {
                        keep(run.translation.values(&solution));
                        ControlFlow::Break(())
                    }
                    None => ControlFlow::Continue(()),
                });
                raise(over);
                (outcome, search.stats())
            })
        };
        (joined(learning), joined(searching))
    });
    let found = found.into_inner().unwrap_or_else(PoisonError::into_inner);
    let given = match found {
        Some(Err(violation)) => return Err(SolveError::Wrong(violation)),
        Some(Ok(values)) => {
            emit(&solution_lines(run.instance, &values)).map_err(SolveError::Output)?;
            1
        }
        None => 0,
    };
    let status = match (given, learned.0, searched.0) {
        // A first solution: others may exist.
        (1, _, _) => Status::Enough,
        // A search to its end without one: there is none.
        (_, Outcome::Complete, _) | (_, _, Outcome::Complete) => Status::Complete,
        _ => Status::Stopped,
    };
    let mut stats = searched.1;
    stats.nodes += learned.1.nodes;
    stats.dead_ends += learned.1.dead_ends;
    stats.max_depth = stats.max_depth.max(learned.1.max_depth);
    stats.solutions = given;
    Ok(Report::satisfaction(status, given, stats, run.started))
}
