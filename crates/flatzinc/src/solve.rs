//! The search of a translated instance: solutions in the solver's order,
//! each checked against the instance before it is handed out.

use std::ops::ControlFlow;
use std::time::{Duration, Instant};

use backtrack::{Limits, Outcome, Search, Stats};

use crate::check::check;
use crate::instance::Instance;
use crate::output::solution_lines;
use crate::translate::Translation;

/// What to search for.
#[derive(Clone, Debug, Default)]
pub struct Options {
    /// Every solution, not only the first.
    pub all: bool,
    /// At most this many solutions.
    pub solutions: Option<u64>,
    /// Stop then.
    pub deadline: Option<Instant>,
}

/// How a search ended.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Status {
    /// The whole tree was searched: every solution was given (or, when
    /// none was, there is none).
    Complete,
    /// As many solutions as asked were given; more may exist.
    Enough,
    /// A limit stopped the search.
    Stopped,
}

/// What a search did.
#[derive(Clone, Copy, Debug)]
pub struct Report {
    /// How it ended.
    pub status: Status,
    /// The solutions given.
    pub solutions: u64,
    /// The engine's statistics.
    pub stats: Stats,
    /// The time the search took, setup excluded.
    pub solve_time: Duration,
}

/// Why a search was given up.
#[derive(Debug, thiserror::Error)]
#[non_exhaustive]
pub enum SolveError {
    /// The solver produced an assignment that breaks the model: a bug of
    /// the solver, reported instead of a wrong answer.
    #[error("the solver found an assignment that is not a solution ({0}); it is not printed")]
    Wrong(crate::check::Violation),
    /// The consumer of the solutions failed.
    #[error("cannot write the output: {0}")]
    Output(std::io::Error),
}

/// Searches `translation` of `instance`, calling `emit` with the printed
/// lines of each solution (without the `----------` after them).
///
/// # Errors
///
/// A solution that fails [`check`] (never printed), or an error of `emit`.
pub fn solve(
    instance: &Instance,
    translation: &Translation,
    options: &Options,
    mut emit: impl FnMut(&str) -> std::io::Result<()>,
) -> Result<Report, SolveError> {
    let started = Instant::now();
    let wanted = match (options.all, options.solutions) {
        (_, Some(k)) => k,
        (true, None) => u64::MAX,
        (false, None) => 1,
    };
    let mut limits = Limits::default();
    if let Some(deadline) = options.deadline {
        limits = limits.deadline(deadline);
    }
    let mut search = Search::new(translation.model.compile()).with_limits(limits);
    let mut given = 0;
    let mut failure = None;
    let outcome = if wanted == 0 {
        Outcome::Stopped(backtrack::Stop::Requested)
    } else {
        search.for_each(|network, _| {
            let Some(solution) = network.solution() else {
                return ControlFlow::Continue(());
            };
            let values = translation.values(&solution);
            if let Err(violation) = check(instance, &values) {
                failure = Some(SolveError::Wrong(violation));
                return ControlFlow::Break(());
            }
            if let Err(e) = emit(&solution_lines(instance, &values)) {
                failure = Some(SolveError::Output(e));
                return ControlFlow::Break(());
            }
            given += 1;
            if given >= wanted {
                ControlFlow::Break(())
            } else {
                ControlFlow::Continue(())
            }
        })
    };
    if let Some(failure) = failure {
        return Err(failure);
    }
    let status = match outcome {
        Outcome::Complete => Status::Complete,
        // Stopped at the last solution wanted: more may exist.
        Outcome::Stopped(backtrack::Stop::Requested) => Status::Enough,
        Outcome::Stopped(_) => Status::Stopped,
    };
    Ok(Report {
        status,
        solutions: given,
        stats: search.stats(),
        solve_time: started.elapsed(),
    })
}
