//! Branch and bound on a translated instance's objective, with the
//! statistics MiniZinc asks for: every failed state counted, those the
//! objective's bound cut included.

use std::sync::Arc;
use std::sync::atomic::{AtomicU64, Ordering};

use backtrack::{Optimize, Problem};
use csp::Network;

use crate::check::check;
use crate::instance::{Objective, Term, Value};
use crate::output::solution_lines;
use crate::solve::{Options, Report, Run, SolveError, Status, raise};

/// A network that counts the failed states the search reaches: those
/// whose choices it asks for once propagation has emptied a domain.
///
/// Its clones share the count, so that the copies of the network the
/// threads of a parallel search hold add up to one number.
#[derive(Clone)]
pub(crate) struct Counted {
    pub(crate) network: Network,
    failures: Arc<AtomicU64>,
}

impl Counted {
    pub(crate) fn new(network: Network) -> Counted {
        Counted {
            network,
            failures: Arc::new(AtomicU64::new(0)),
        }
    }

    /// The failed states reached so far, over every clone.
    pub(crate) fn failures(&self) -> u64 {
        self.failures.load(Ordering::Relaxed)
    }
}

impl Problem for Counted {
    type Choice = <Network as Problem>::Choice;
    type Choices = <Network as Problem>::Choices;

    fn choices(&self) -> Self::Choices {
        if self.network.is_failed() {
            self.failures.fetch_add(1, Ordering::Relaxed);
        }
        self.network.choices()
    }

    fn apply(&mut self, choice: Self::Choice) {
        self.network.apply(choice);
    }

    fn undo(&mut self, choice: Self::Choice) {
        self.network.undo(choice);
    }

    fn is_solution(&self) -> bool {
        self.network.is_solution()
    }

    fn set_limits(&mut self, limits: &backtrack::Limits) {
        self.network.set_limits(limits);
    }

    fn cut_short(&self) -> Option<backtrack::Stop> {
        self.network.cut_short()
    }
}

impl Optimize for Counted {
    type Cost = i64;

    fn cost(&self) -> i64 {
        self.network.cost()
    }

    fn set_bound(&mut self, best: i64) {
        self.network.set_bound(best);
    }

    fn lower_bound(&self) -> Option<i64> {
        self.network.lower_bound()
    }
}

/// The best solution of `run`'s instance: each improving one emitted as it
/// is found with `all`, `intermediate` or `solutions`, otherwise the best
/// alone at the end; [`Status::Complete`] then means the last solution is
/// proved optimal, [`Status::Enough`] that `solutions` were given.
pub(crate) fn optimize(
    run: &Run<'_>,
    network: Network,
    options: &Options,
    mut emit: impl FnMut(&str) -> std::io::Result<()>,
) -> Result<Report, SolveError> {
    let mut improving = Improving::new(run, options, &mut emit);
    let mut problem = Counted::new(network);
    let report = backtrack::minimize_from(&mut problem, run.limits, |problem, _| {
        if let Some(solution) = problem.network.solution() {
            improving.see(&solution);
        }
    });
    improving.finish()?;
    let (found, given, last) = (improving.found, improving.given, improving.last);
    let mut stats = report.value.stats;
    stats.solutions = found;
    stats.dead_ends = problem.failures();
    let end = End {
        outcome: report.outcome,
        lower_bound: report.value.lower_bound,
        stats,
        found,
        given,
    };
    Ok(end.report(run, &problem.network, last.as_deref()))
}

/// The improving solutions of an optimisation as a search hands them
/// over: each checked against the instance, emitted at once with `all`,
/// `intermediate` or `solutions` (else only the last, by
/// [`finish`](Improving::finish)), and the search's cancel flag raised on
/// a wrong solution, an output error, or once `run.wanted` are found.
pub(crate) struct Improving<'a, 'r, E> {
    run: &'a Run<'r>,
    each: bool,
    emit: E,
    failure: Option<SolveError>,
    pub(crate) last: Option<Vec<Value>>,
    pub(crate) given: u64,
    pub(crate) found: u64,
}

impl<'a, 'r, E: FnMut(&str) -> std::io::Result<()>> Improving<'a, 'r, E> {
    pub(crate) fn new(run: &'a Run<'r>, options: &Options, emit: E) -> Self {
        Improving {
            run,
            each: options.all || options.intermediate || options.solutions.is_some(),
            emit,
            failure: None,
            last: None,
            given: 0,
            found: 0,
        }
    }

    /// One improving solution of the network.
    pub(crate) fn see(&mut self, solution: &csp::Solution) {
        // The search sees the cancel flag raised below only at its next
        // poll: a solution found before then is past the number wanted.
        if self.failure.is_some() || self.found >= self.run.wanted {
            return;
        }
        let (instance, run) = (self.run.instance, self.run);
        let values = run.translation.values(solution);
        if let Err(violation) = check(instance, &values) {
            self.failure = Some(SolveError::Wrong(violation));
            raise(run.cancel);
            return;
        }
        self.found += 1;
        if self.each {
            if let Err(e) = (self.emit)(&solution_lines(instance, &values)) {
                self.failure = Some(SolveError::Output(e));
                raise(run.cancel);
                return;
            }
            self.given += 1;
        }
        self.last = Some(values);
        if self.found >= run.wanted {
            raise(run.cancel);
        }
    }

    /// After the search: the failure if one came, else the best solution
    /// emitted if it was not yet.
    pub(crate) fn finish(&mut self) -> Result<(), SolveError> {
        if let Some(failure) = self.failure.take() {
            return Err(failure);
        }
        if !self.each
            && let Some(values) = &self.last
        {
            (self.emit)(&solution_lines(self.run.instance, values)).map_err(SolveError::Output)?;
            self.given += 1;
        }
        Ok(())
    }
}

/// How a branch and bound search of an instance ended, before its report.
pub(crate) struct End {
    pub(crate) outcome: backtrack::Outcome,
    /// The proved lower bound on the cost.
    pub(crate) lower_bound: Option<i64>,
    /// The statistics, `solutions` and `dead_ends` already the instance's.
    pub(crate) stats: backtrack::Stats,
    /// Improving solutions found.
    pub(crate) found: u64,
    /// Solutions emitted.
    pub(crate) given: u64,
}

impl End {
    /// The report, `last` the values of the best solution found.
    pub(crate) fn report(self, run: &Run<'_>, network: &Network, last: Option<&[Value]>) -> Report {
        let instance = run.instance;
        let enough = self.found >= run.wanted;
        let status = match self.outcome {
            backtrack::Outcome::Complete => Status::Complete,
            _ if enough => Status::Enough,
            _ => Status::Stopped,
        };
        let sign = |cost: i64| network.objective_of(cost);
        let objective = last.and_then(|values| objective_value(instance, values));
        // A complete search without a solution proved that there is none:
        // no bound to speak of.
        let bound = if status == Status::Complete && objective.is_none() {
            None
        } else {
            self.lower_bound.map(sign)
        };
        Report {
            status,
            solutions: self.given,
            stats: self.stats,
            solve_time: run.started.elapsed(),
            objective,
            bound,
        }
    }
}

/// The objective's value in a solution's values, if the instance has one.
pub(crate) fn objective_value(
    instance: &crate::instance::Instance,
    values: &[Value],
) -> Option<i64> {
    let term = match &instance.objective {
        Objective::Maximize(term) | Objective::Minimize(term) => term,
        Objective::Satisfy => return None,
    };
    match term {
        Term::Var(id) => match values[id.0] {
            Value::Int(v) => Some(v),
            Value::Bool(b) => Some(i64::from(b)),
            _ => None,
        },
        Term::Const(Value::Int(v)) => Some(*v),
        _ => None,
    }
}
