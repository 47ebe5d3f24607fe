//! The search of a translated instance on several threads (`-p N`): the
//! tree cut into subproblems the threads share. A satisfaction problem's
//! solutions come out in the order of the search on one thread; an
//! optimisation shares each improvement with every thread at once, and
//! with `--lns` one thread searches neighbourhoods of the best solution
//! instead, with `--learn` one thread learns; on one core, learning and
//! branch and bound take turns (`Options::turns`).

use std::ops::ControlFlow;
use std::sync::atomic::{AtomicBool, AtomicU64, Ordering};
use std::sync::{Arc, mpsc};

use backtrack::{Incumbent, Optimize, Outcome, Parallel};
use csp::Network;

use crate::check::{Violation, check};
use crate::instance::Value;
use crate::optimize::{Counted, End, objective_value};
use crate::output::solution_lines;
use crate::solve::{Options, Plain, Report, Run, SolveError, Status, raise};

/// Subproblems a thread, for the cut of an optimisation: enough for the
/// threads to share the work evenly, few enough that the nodes above the
/// cut (searched once to list it, and again on each subproblem's path)
/// cost little.
const PER_THREAD: usize = 64;

/// Subproblems a thread, for the cut of a satisfaction problem: one, since
/// the threads' searches give work away whenever none is left to take (see
/// [`Parallel::for_each_in_order`]), and the cut is listed by one thread
/// alone, deepening from the root, while the others wait: on the public
/// magic sequence of 100, whose 10,000 nodes take 3 ms each, a cut of four
/// a thread took a second.
const SATISFY_PER_THREAD: usize = 1;

/// The most threads searched on: past the cores of any machine MiniZinc
/// runs on, and each one holds a copy of the network.
pub(crate) const MAX_THREADS: usize = 256;

/// The threads' search of `run`: the cut into about `per_thread`
/// subproblems a thread, on `threads` threads (at most [`MAX_THREADS`]).
fn parallel(run: &Run<'_>, threads: usize, per_thread: usize) -> Parallel {
    let threads = threads.min(MAX_THREADS);
    Parallel::auto()
        .threads(threads)
        .aim(threads.saturating_mul(per_thread))
        .limits(run.limits.clone())
}

/// The values of the solution `network` is at, checked against the
/// instance (`None`: no solution there to read).
fn checked(run: &Run<'_>, network: &Network) -> Option<Result<Vec<Value>, Violation>> {
    let solution = network.solution()?;
    let values = run.translation.values(&solution);
    Some(check(run.instance, &values).map(|()| values))
}

/// The first `run.wanted` solutions of a satisfaction problem, or all of
/// them, in the order of the search on one thread, searched on `threads`
/// threads: each solution is read and checked by the thread that found
/// it, and emitted here, on the calling thread, once every subproblem
/// before its own is done. With `fresh` (`-r`), each subproblem is
/// searched from the root's network, so that a search that learns from
/// its failures (dom/wdeg) prints the same order on every run; otherwise
/// each thread carries what it learned on to its next subproblem.
pub(crate) fn satisfy(
    run: &Run<'_>,
    network: Network,
    threads: usize,
    fresh: bool,
    mut emit: impl FnMut(&str) -> std::io::Result<()>,
) -> Result<Report, SolveError> {
    let instance = run.instance;
    let mut given = 0;
    let mut failure = None;
    let report = parallel(run, threads, SATISFY_PER_THREAD)
        .fresh(fresh)
        .for_each_in_order(
            &network,
            |network, _| checked(run, network).map(|v| v.map(|v| solution_lines(instance, &v))),
            |found| {
                let lines = match found {
                    None => return ControlFlow::Continue(()),
                    Some(Err(violation)) => {
                        failure = Some(SolveError::Wrong(violation));
                        return ControlFlow::Break(());
                    }
                    Some(Ok(lines)) => lines,
                };
                if let Err(e) = emit(&lines) {
                    failure = Some(SolveError::Output(e));
                    return ControlFlow::Break(());
                }
                given += 1;
                if given >= run.wanted {
                    ControlFlow::Break(())
                } else {
                    ControlFlow::Continue(())
                }
            },
        );
    if let Some(failure) = failure {
        return Err(failure);
    }
    let status = match report.outcome {
        Outcome::Complete => Status::Complete,
        Outcome::Stopped(backtrack::Stop::Requested) => Status::Enough,
        Outcome::Stopped(_) => Status::Stopped,
    };
    Ok(Report::satisfaction(
        status,
        given,
        report.value,
        run.started,
    ))
}

/// The best solution of `run`'s instance by branch and bound on
/// `options.threads` threads sharing one incumbent, as
/// [`optimize`](crate::optimize::optimize) gives it on one: each improving
/// solution checked by the thread that found it and emitted here, on the
/// calling thread, as soon as it is found (with `all`, `intermediate` or
/// `solutions`), otherwise the best alone at the end.
///
/// With `options.learn` (and a thread left for branch and bound), one
/// thread searches by learning from its failures
/// ([`Network::optimize_learning_shared`]) on the same incumbent: its
/// improvements prune the others, theirs bound it at its restarts, and its
/// proof of optimality ends the whole search. With `options.turns` on one
/// thread, the two of them: two threads that take turns on one core
/// ([`Options::turns`]).
///
/// With `options.lns`, a portfolio: one thread runs large-neighbourhood
/// search ([`crate::lns`]) and the others branch and bound, all on the
/// same incumbent, so that a solution the neighbourhoods find prunes the
/// complete search at once and the complete search's bound guides the
/// neighbourhoods. The proof of optimality is the complete search's: the
/// large-neighbourhood search stops when it ends.
pub(crate) fn optimize(
    run: &Run<'_>,
    network: Network,
    plain: Option<Plain<'_>>,
    options: &Options,
    mut emit: impl FnMut(&str) -> std::io::Result<()>,
) -> Result<Report, SolveError> {
    let instance = run.instance;
    let each = options.all || options.intermediate || options.solutions.is_some();
    let with_lns = options.lns && options.threads > 1;
    // Learning and branch and bound taking turns on one core; with a
    // search annotation followed, a second search that learns follows it
    // throughout, without restarts (as Chuffed does), the third turn, from
    // `options.following_after` on and three times as long as the others.
    let in_turns = options.learn && options.turns && options.threads <= 1 && !options.lns;
    let following =
        in_turns && run.translation.annotated && options.learn_search == csp::LearnSearch::Activity;
    let turns = in_turns.then(|| {
        let n = 2 + usize::from(following);
        let (turn, zero) = (crate::solve::TURN, std::time::Duration::ZERO);
        let later = options
            .following_after
            .unwrap_or(crate::solve::FOLLOWING_AFTER);
        let starts = [zero, zero, later];
        let opening = crate::solve::OPENING;
        backtrack::Turns::opening(&[turn, turn, 3 * turn][..n], &starts[..n], opening)
    });
    // A thread that learns, if one is left for branch and bound.
    let with_learn =
        options.learn && (turns.is_some() || options.threads - usize::from(with_lns) >= 2);
    // Branch and bound and the neighbourhoods on the plain translation, if
    // given; the search that learns on `network`.
    let (learner, problem, bb_run) = match plain {
        Some(plain) => (
            Some(network),
            Counted::new(plain.network),
            Run {
                translation: plain.translation,
                ..*run
            },
        ),
        None => (None, Counted::new(network), *run),
    };
    let bb_run = &bb_run;
    let annotated = following.then(|| {
        learner
            .as_ref()
            .unwrap_or(&problem.network)
            .clone()
            .learn_search(csp::LearnSearch::Groups)
    });
    let incumbent = Arc::new(Incumbent::new());
    let threads = if turns.is_some() {
        1
    } else {
        options.threads - usize::from(with_lns) - usize::from(with_learn)
    };
    // The search that learns is search 0 of the turns (it starts, for
    // `OPENING`: an instance it solves within it is solved as by it
    // alone), branch and bound 1.
    let turn = |limits: backtrack::Limits, me: usize| match &turns {
        Some(turns) => limits.turn(Arc::clone(turns), me),
        None => limits,
    };
    // A search that improved the best solution: longer turns for a while.
    let credit = |me: usize| {
        if let Some(turns) = &turns {
            turns.credit(me, crate::solve::CREDIT);
        }
    };
    // Raised when the search that learns proves the optimum: branch and
    // bound stops.
    let proved = Arc::new(AtomicBool::new(false));
    let search = parallel(run, threads, PER_THREAD)
        .limits(turn(run.limits.clone().cancel_flag(Arc::clone(&proved)), 1));
    // Improvements found, counted by the threads (one at a time).
    let found = AtomicU64::new(0);
    // Raised when the complete search ends: the neighbourhoods stop.
    let over = Arc::new(AtomicBool::new(false));
    let (send, receive) = mpsc::channel();
    // Each improvement found, checked, with its cost: sent to this thread,
    // unless it is past the number wanted.
    let offer = |cost: i64, values: Result<Vec<Value>, Violation>| {
        if found.load(Ordering::Relaxed) >= run.wanted {
            return None;
        }
        if values.is_err() {
            raise(run.cancel);
        }
        if found.fetch_add(1, Ordering::Relaxed) + 1 >= run.wanted {
            raise(run.cancel);
        }
        Some((cost, values))
    };
    // A solution of a search beside branch and bound (the neighbourhoods',
    // or the one that learns): offered to the incumbent, then checked, and
    // what to send if it improved on it: read by `run`'s translation.
    let improved = |run: &Run<'_>, solution: &csp::Solution| {
        let values = run.translation.values(solution);
        let value = objective_value(instance, &values).unwrap_or(0);
        // The cost of a value is its image (an involution).
        let cost = problem.network.objective_of(value);
        if !incumbent.offer(cost) {
            return None;
        }
        offer(cost, check(instance, &values).map(|()| values))
    };
    let (mut failure, mut last, mut given) = (None, None::<Vec<Value>>, 0);
    // The improvements kept: each better than the one before.
    let mut improvements = 0;
    let (report, lns_stats, learn_stats) = std::thread::scope(|scope| {
        let searching = {
            let send = send.clone();
            let over = &over;
            let turn = turns.as_ref().map(|t| t.enter(1));
            scope.spawn(|| {
                let _turn = turn;
                let send = send;
                let report = search.optimize(&problem, &incumbent, |state, _| {
                    credit(1);
                    // A solution found before the threads see the cancel
                    // flag raised by `offer` is past the number wanted.
                    if let Some(values) = checked(bb_run, &state.network)
                        && let Some(sent) = offer(state.cost(), values)
                    {
                        // The receiver goes only when the search is over.
                        let _ = send.send(sent);
                    }
                });
                raise(over);
                report
            })
        };
        let neighbourhoods = with_lns.then(|| {
            let send = send.clone();
            let shared = Arc::clone(&incumbent);
            let lns = crate::lns::settings(options).shared(Arc::new(move || shared.best()));
            let limits = run.limits.clone().cancel_flag(Arc::clone(&over));
            let network = &problem.network;
            scope.spawn(move || {
                let report = network.optimize_lns(&lns, &limits, |solution| {
                    if let Some(sent) = improved(bb_run, solution) {
                        let _ = send.send(sent);
                    }
                });
                report.value.stats
            })
        });
        let learning = with_learn.then(|| {
            let send = send.clone();
            let limits = turn(run.limits.clone().cancel_flag(Arc::clone(&over)), 0);
            let network = learner.as_ref().unwrap_or(&problem.network);
            let (incumbent, proved) = (&incumbent, &proved);
            let turn = turns.as_ref().map(|t| t.enter(0));
            scope.spawn(move || {
                let _turn = turn;
                let report = network.optimize_learning_shared(&limits, incumbent, |solution| {
                    if let Some(sent) = improved(run, solution) {
                        credit(0);
                        let _ = send.send(sent);
                    }
                });
                if report.outcome.is_complete() {
                    raise(proved);
                }
                report.value.stats
            })
        });
        let following = annotated.as_ref().map(|network| {
            let send = send.clone();
            let limits = turn(run.limits.clone().cancel_flag(Arc::clone(&over)), 2);
            let (incumbent, proved) = (&incumbent, &proved);
            let turn = turns.as_ref().map(|t| t.enter(2));
            scope.spawn(move || {
                let _turn = turn;
                let report = network.optimize_learning_shared(&limits, incumbent, |solution| {
                    if let Some(sent) = improved(run, solution) {
                        credit(2);
                        let _ = send.send(sent);
                    }
                });
                if report.outcome.is_complete() {
                    raise(proved);
                }
                report.value.stats
            })
        });
        drop(send);
        // The two searches' improvements may cross: only those better
        // than the last are solutions to give.
        let mut best = None;
        for (cost, values) in receive {
            if failure.is_some() || best.is_some_and(|b| cost >= b) {
                continue;
            }
            match values {
                Err(violation) => failure = Some(SolveError::Wrong(violation)),
                Ok(values) => {
                    best = Some(cost);
                    improvements += 1;
                    if each {
                        if let Err(e) = emit(&solution_lines(instance, &values)) {
                            failure = Some(SolveError::Output(e));
                            raise(run.cancel);
                            continue;
                        }
                        given += 1;
                    }
                    last = Some(values);
                }
            }
        }
        let learned = match (learning.map(joined), following.map(joined)) {
            (Some(mut a), Some(b)) => {
                a.nodes += b.nodes;
                a.max_depth = a.max_depth.max(b.max_depth);
                a.dead_ends += b.dead_ends;
                Some(a)
            }
            (a, b) => a.or(b),
        };
        (joined(searching), neighbourhoods.map(joined), learned)
    });
    if let Some(failure) = failure {
        return Err(failure);
    }
    if !each && let Some(values) = &last {
        emit(&solution_lines(instance, values)).map_err(SolveError::Output)?;
        given += 1;
    }
    let mut stats = report.value.stats;
    let found = found.load(Ordering::Relaxed);
    let mut dead_ends = problem.failures();
    for more in [lns_stats, learn_stats].into_iter().flatten() {
        stats.nodes += more.nodes;
        stats.max_depth = stats.max_depth.max(more.max_depth);
        dead_ends += more.dead_ends;
    }
    // Not `found`: of two improvements that crossed, the worse is no
    // solution (it was not better than the one before it was received).
    stats.solutions = improvements;
    stats.dead_ends = dead_ends;
    // The search that learns proved the optimum: branch and bound was
    // stopped for it.
    let proved = proved.load(Ordering::Relaxed);
    let outcome = if proved {
        Outcome::Complete
    } else {
        report.outcome
    };
    let lower_bound = match (outcome.is_complete(), report.value.best) {
        // Proved: nothing beats the incumbent, whichever search found it.
        (true, None) => incumbent.best(),
        _ if proved => incumbent.best(),
        _ => report.value.lower_bound,
    };
    let end = End {
        outcome,
        lower_bound,
        stats,
        found,
        given,
    };
    Ok(end.report(run, &problem.network, last.as_deref()))
}

/// What a thread returned, or its panic passed on.
pub(crate) fn joined<T>(handle: std::thread::ScopedJoinHandle<'_, T>) -> T {
    match handle.join() {
        Ok(value) => value,
        Err(panic) => std::panic::resume_unwind(panic),
    }
}
