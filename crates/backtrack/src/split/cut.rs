//! The cut: the subproblems of a tree at a depth, given, bounded or
//! picked by the engine.

use std::ops::ControlFlow;

use crate::limit::{Limits, Report};
use crate::problem::Problem;
use crate::search::Search;

/// The number of subproblems [`Parallel::auto`](crate::Parallel::auto) aims at: enough for two
/// orders of magnitude more pieces than cores, few enough to list quickly.
pub(super) const AUTO_TARGET: usize = 1024;

/// The deepest cut [`Parallel::auto`](crate::Parallel::auto) tries.
const AUTO_MAX_DEPTH: usize = 16;

/// The most nodes [`subproblems_auto`] may search to list a cut: a second
/// or so of the engine's time on a cheap problem.
const AUTO_NODES: u64 = 1 << 22;

/// The subproblems of `problem` cut at `depth`, in the engine's order: the
/// path from the root to every state at that depth, and to every solution
/// above it. States above `depth` with no way down are left out: they hold
/// no solution.
///
/// Searching each subproblem (apply its path to a clone of the root, then
/// search) and concatenating the results in order gives the solutions of
/// the whole tree, in the same order as a sequential search.
///
/// # Complexity
///
/// A search of the tree down to `depth`: time linear in the nodes above the
/// cut, memory linear in the number of subproblems.
///
/// # Example
///
/// ```
/// # use backtrack::Problem;
/// # struct Coins(u32);
/// # impl Problem for Coins {
/// #     type Choice = bool;
/// #     type Choices = std::array::IntoIter<bool, 2>;
/// #     fn choices(&self) -> Self::Choices { [false, true].into_iter() }
/// #     fn apply(&mut self, _: bool) { self.0 -= 1 }
/// #     fn undo(&mut self, _: bool) { self.0 += 1 }
/// #     fn is_solution(&self) -> bool { self.0 == 0 }
/// # }
/// // Three coin tosses cut after the first two.
/// let cut = backtrack::subproblems(Coins(3), 2);
/// assert_eq!(cut, [[false, false], [false, true], [true, false], [true, true]]);
/// ```
pub fn subproblems<P: Problem>(problem: P, depth: usize) -> Vec<Vec<P::Choice>> {
    let cut = subproblems_within(problem, depth, &Limits::default(), usize::MAX);
    debug_assert!(cut.outcome.is_complete());
    cut.value
}

/// [`subproblems`], searched within `limits` and given up past `max` of
/// them: the outcome is complete when the value is the whole cut,
/// [`Stop::Requested`](crate::Stop::Requested) when there are more than
/// `max` (the value holds the first `max`), or the limit that stopped the
/// search. For cutting a tree whose size is not known to be small.
pub fn subproblems_within<P: Problem>(
    problem: P,
    depth: usize,
    limits: &Limits,
    max: usize,
) -> Report<Vec<Vec<P::Choice>>> {
    let mut cut = Vec::new();
    let outcome = Search::new(Truncated {
        inner: problem,
        depth: 0,
        cut: depth,
    })
    .with_limits(limits.clone())
    .for_each(|_, path| {
        if cut.len() >= max {
            return ControlFlow::Break(());
        }
        cut.push(path.to_vec());
        ControlFlow::Continue(())
    });
    Report {
        value: cut,
        outcome,
    }
}

/// The automatic cut of `problem`, with its depth: the shallowest depth
/// (up to 16) that gives at least 1024 subproblems, or a shallower one when
/// the tree ends above it or when listing the next cut would search more
/// than 4,194,304 nodes.
///
/// The depth is a function of the problem alone (not of the threads, the
/// machine or the clock), so the same problem gets the same cut in every
/// run: [`Parallel::auto`](crate::Parallel::auto) cuts here, and a job kept in files can name its
/// work by it.
///
/// # Example
///
/// ```
/// # use backtrack::Problem;
/// # #[derive(Clone)]
/// # struct Coins(u32);
/// # impl Problem for Coins {
/// #     type Choice = bool;
/// #     type Choices = std::array::IntoIter<bool, 2>;
/// #     fn choices(&self) -> Self::Choices { [false, true].into_iter() }
/// #     fn apply(&mut self, _: bool) { self.0 -= 1 }
/// #     fn undo(&mut self, _: bool) { self.0 += 1 }
/// #     fn is_solution(&self) -> bool { self.0 == 0 }
/// # }
/// // 2^10 = 1024 subproblems ten tosses down; a shorter game ends first.
/// let (depth, cut) = backtrack::subproblems_auto(&Coins(20));
/// assert_eq!((depth, cut.len()), (10, 1024));
/// let (depth, cut) = backtrack::subproblems_auto(&Coins(4));
/// assert_eq!((depth, cut.len()), (5, 16));
/// ```
pub fn subproblems_auto<P: Problem + Clone>(problem: &P) -> (usize, Vec<Vec<P::Choice>>) {
    match auto_within(problem, AUTO_TARGET, &Limits::default()) {
        Ok(cut) => cut,
        // No limit but the node budget, which ends the deepening.
        Err(_) => (0, subproblems(problem.clone(), 0)),
    }
}

/// The paths of a cut.
type Paths<P> = Vec<Vec<<P as Problem>::Choice>>;

/// [`subproblems_auto`] aiming at `target` subproblems, within the
/// deadline and cancel flags of `limits`: the limit that stopped it, if
/// one did.
pub(crate) fn auto_within<P: Problem + Clone>(
    problem: &P,
    target: usize,
    limits: &Limits,
) -> Result<(usize, Paths<P>), crate::Stop> {
    let limits = limits.untimed_nodes();
    let mut depth = 0;
    let first = subproblems_within(problem.clone(), 0, &limits, usize::MAX);
    if let crate::Outcome::Stopped(stop) = first.outcome {
        return Err(stop);
    }
    let mut cut = first.value;
    while cut.len() < target && depth < AUTO_MAX_DEPTH {
        if depth > 0 && cut.iter().all(|path| path.len() < depth) {
            // The tree ends above this depth: cutting deeper changes nothing.
            break;
        }
        let budget = limits.clone().nodes(AUTO_NODES);
        let deeper = subproblems_within(problem.clone(), depth + 1, &budget, usize::MAX);
        match deeper.outcome {
            crate::Outcome::Complete => {}
            crate::Outcome::Stopped(crate::Stop::NodeLimit) => break,
            crate::Outcome::Stopped(stop) => return Err(stop),
        }
        depth += 1;
        cut = deeper.value;
    }
    Ok((depth, cut))
}

/// A problem whose tree stops at a depth: the states there count as
/// solutions (and are not expanded).
struct Truncated<P> {
    inner: P,
    depth: usize,
    cut: usize,
}

impl<P: Problem> Problem for Truncated<P> {
    type Choice = P::Choice;
    type Choices = P::Choices;

    fn choices(&self) -> Self::Choices {
        self.inner.choices()
    }

    fn apply(&mut self, choice: Self::Choice) {
        self.inner.apply(choice);
        self.depth += 1;
    }

    fn undo(&mut self, choice: Self::Choice) {
        self.inner.undo(choice);
        self.depth -= 1;
    }

    fn is_solution(&self) -> bool {
        self.depth == self.cut || self.inner.is_solution()
    }

    fn set_limits(&mut self, limits: &Limits) {
        self.inner.set_limits(limits);
    }

    fn cut_short(&self) -> Option<crate::Stop> {
        self.inner.cut_short()
    }
}
