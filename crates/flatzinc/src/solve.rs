//! The search of a translated instance: solutions in the solver's order,
//! each checked against the instance before it is handed out.

use std::ops::ControlFlow;
use std::sync::Arc;
use std::sync::atomic::{AtomicBool, Ordering};
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
    /// For an optimisation problem: the objective's best value found.
    pub objective: Option<i64>,
    /// For an optimisation problem: the best proved bound on the objective.
    pub bound: Option<i64>,
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
/// Without an objective: the first solution, the first `solutions`, or
/// every one (`all`). With one: branch and bound, each improving solution
/// emitted as it is found with `all`, otherwise the best alone at the end;
/// [`Status::Complete`] then means the last solution is proved optimal.
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
    let cancel = Arc::new(AtomicBool::new(false));
    limits = limits.cancel_flag(Arc::clone(&cancel));
    if translation.optimize {
        return optimize(
            instance,
            translation,
            options,
            &limits,
            &cancel,
            emit,
            started,
        );
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
        objective: None,
        bound: None,
    })
}

fn optimize(
    instance: &Instance,
    translation: &Translation,
    options: &Options,
    limits: &Limits,
    cancel: &AtomicBool,
    mut emit: impl FnMut(&str) -> std::io::Result<()>,
    started: Instant,
) -> Result<Report, SolveError> {
    let mut failure = None;
    let mut last = None;
    let mut given = 0;
    let network = translation.model.compile();
    let report = network.optimize(limits, |solution| {
        if failure.is_some() {
            return;
        }
        let values = translation.values(solution);
        if let Err(violation) = check(instance, &values) {
            failure = Some(SolveError::Wrong(violation));
            cancel.store(true, Ordering::Relaxed);
            return;
        }
        if options.all {
            if let Err(e) = emit(&solution_lines(instance, &values)) {
                failure = Some(SolveError::Output(e));
                cancel.store(true, Ordering::Relaxed);
                return;
            }
            given += 1;
        }
        last = Some(values);
    });
    if let Some(failure) = failure {
        return Err(failure);
    }
    if !options.all
        && let Some(values) = &last
    {
        emit(&solution_lines(instance, values)).map_err(SolveError::Output)?;
        given += 1;
    }
    let status = if report.outcome.is_complete() {
        Status::Complete
    } else {
        Status::Stopped
    };
    Ok(Report {
        status,
        solutions: given,
        stats: report.value.stats,
        solve_time: started.elapsed(),
        objective: report.value.objective,
        bound: report.value.bound,
    })
}
