//! Branch and bound: the solution of least cost, with an honest account of
//! whether it is proved optimal.
//!
//! A [`Problem`] with an objective implements [`Optimize`]: the
//! [`cost`](Optimize::cost) of a solution, and [`set_bound`](Optimize::set_bound),
//! through which the engine tells it the best cost found so far so that its
//! [`choices`](Problem::choices) can leave out whatever cannot beat it.
//! [`minimize`] walks the tree depth first, keeps the best solution, and
//! stops early when that solution meets the problem's
//! [`lower_bound`](Optimize::lower_bound).

use crate::limit::{Limits, Outcome, Pace, Report, Stats};
use crate::problem::Problem;

/// A [`Problem`] whose solutions have a cost to minimise.
///
/// # Contract
///
/// - [`cost`](Optimize::cost) is called at solutions only.
/// - After [`set_bound`](Optimize::set_bound)`(best)`, every state's
///   [`choices`](Problem::choices) should offer nothing that cannot lead to
///   a solution of cost strictly below `best`: that is the pruning, and the
///   whole speed of branch and bound. Offering more is not wrong, only
///   slower: the engine never reports a solution that does not beat the
///   best so far. The bound only ever decreases, and is set while the
///   problem is at the solution that set it: `undo` must still work
///   afterwards (keep the bound out of what `apply` and `undo` restore).
/// - Iterators returned by `choices` before a bound was set may still be
///   drained after it: so check the bound at every state, not only at
///   the root.
/// - [`lower_bound`](Optimize::lower_bound), asked once at the root, must
///   not exceed the cost of any solution: the search stops as soon as it
///   finds a solution that meets it, and calls that solution optimal.
///
/// # Example
///
/// The fewest coins that make 11 from coins of 6, 5 and 1: the first
/// solution found is 6+1+1+1+1+1, the optimum 6+5.
///
/// ```
/// use backtrack::{Limits, Optimize, Problem};
///
/// struct Change { coins: Vec<u32>, left: u32, used: u32, bound: u32 }
///
/// impl Problem for Change {
///     type Choice = u32;
///     type Choices = std::vec::IntoIter<u32>;
///     fn choices(&self) -> Self::Choices {
///         // One more coin must still beat the best count.
///         if self.used + 1 >= self.bound { return Vec::new().into_iter() }
///         self.coins.iter().copied().filter(|&c| c <= self.left).collect::<Vec<_>>().into_iter()
///     }
///     fn apply(&mut self, c: u32) { self.left -= c; self.used += 1 }
///     fn undo(&mut self, c: u32) { self.left += c; self.used -= 1 }
///     fn is_solution(&self) -> bool { self.left == 0 }
/// }
///
/// impl Optimize for Change {
///     type Cost = u32;
///     fn cost(&self) -> u32 { self.used }
///     fn set_bound(&mut self, best: u32) { self.bound = best }
/// }
///
/// let change = Change { coins: vec![6, 5, 1], left: 11, used: 0, bound: u32::MAX };
/// let report = backtrack::minimize(change, &Limits::default());
/// assert!(report.outcome.is_complete()); // proved optimal
/// let best = report.value.best.unwrap();
/// assert_eq!((best.cost, best.path), (2, vec![6, 5]));
/// ```
pub trait Optimize: Problem {
    /// The cost of a solution, to minimise.
    type Cost: Ord + Copy;

    /// The cost of the current state, which is a solution.
    fn cost(&self) -> Self::Cost;

    /// The best cost found so far: from now on, offer only choices that
    /// can lead to a solution of strictly lower cost.
    fn set_bound(&mut self, best: Self::Cost);

    /// A cost that no solution can go below, if the problem knows one
    /// (a clique for a colouring, for instance). Asked once, at the state
    /// the search starts from. The default knows none.
    fn lower_bound(&self) -> Option<Self::Cost> {
        None
    }
}

/// A solution and its cost.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Best<C, Ch> {
    /// The solution's cost.
    pub cost: C,
    /// The choices from the root to the solution.
    pub path: Vec<Ch>,
}

/// What a branch and bound search found, from [`minimize`].
///
/// With the report's outcome [`Outcome::Complete`], `best` is optimal (or
/// `None`: no solution beats the bound the problem started with), and
/// `lower_bound` equals its cost. Stopped by a limit, `best` is only the
/// best found so far, and the optimum lies between `lower_bound` and its
/// cost.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Optimum<C, Ch> {
    /// The best solution found.
    pub best: Option<Best<C, Ch>>,
    /// The best proved lower bound on the optimum: the problem's own
    /// [`lower_bound`](Optimize::lower_bound), or the optimum itself once
    /// proved.
    pub lower_bound: Option<C>,
    /// The statistics of the search.
    pub stats: Stats,
}

/// The solution of least cost of `problem`, searched within `limits`.
///
/// See [`minimize_with`], which also shows each improvement as it is
/// found.
pub fn minimize<P: Optimize>(problem: P, limits: &Limits) -> Report<Optimum<P::Cost, P::Choice>> {
    minimize_with(problem, limits, |_, _| {})
}

/// The solution of least cost of `problem`, searched depth first within
/// `limits`; `improved` sees the problem at every solution that beats the
/// best so far, before the engine passes the new bound to it.
///
/// The search is the engine's depth-first walk in the problem's order,
/// with [`Optimize::set_bound`] called at every improvement. It ends:
///
/// - when the tree is exhausted: [`Outcome::Complete`], the best is
///   optimal;
/// - when the best meets [`Optimize::lower_bound`]: also
///   [`Outcome::Complete`], since nothing left can beat it;
/// - when a limit is reached: [`Outcome::Stopped`] with the limit, the best
///   found so far and the lower bound known; also when the problem reports
///   a step cut short by one (see [`Problem::cut_short`]), which it is
///   handed by [`Problem::set_limits`].
///
/// The problem is rewound to where it started before being dropped.
///
/// # Complexity
///
/// Linear in the nodes visited, like every walk of the engine; how many
/// that is depends on the problem's pruning.
pub fn minimize_with<P, F>(
    mut problem: P,
    limits: &Limits,
    improved: F,
) -> Report<Optimum<P::Cost, P::Choice>>
where
    P: Optimize,
    F: FnMut(&P, &[P::Choice]),
{
    minimize_from(&mut problem, limits, improved)
}

/// [`minimize_with`] on a problem that is lent, not given: it is rewound
/// to where it started and handed back, with what it learnt on the way
/// (the bound it was last given, a problem's own statistics or weights),
/// so that a caller can search it again: restarts keep the best bound and
/// start over from the root.
pub fn minimize_from<P, F>(
    problem: &mut P,
    limits: &Limits,
    mut improved: F,
) -> Report<Optimum<P::Cost, P::Choice>>
where
    P: Optimize,
    F: FnMut(&P, &[P::Choice]),
{
    problem.set_limits(limits);
    let floor = problem.lower_bound();
    let mut stats = Stats::default();
    let mut best: Option<Best<P::Cost, P::Choice>> = None;
    let mut path: Vec<P::Choice> = Vec::new();
    let mut frames: Vec<P::Choices> = Vec::new();
    let mut check_at = 0;
    let mut pace = Pace::new();

    // Records the solution the problem is at if it beats the best; whether
    // it meets the floor.
    let mut record = |problem: &mut P, path: &[P::Choice], best: &mut Option<Best<_, _>>| {
        let cost = problem.cost();
        if best.as_ref().is_none_or(|b| cost < b.cost) {
            improved(problem, path);
            problem.set_bound(cost);
            *best = Some(Best {
                cost,
                path: path.to_vec(),
            });
        }
        floor.is_some_and(|floor| cost <= floor)
    };

    let outcome = 'walk: {
        if let Some(stop) = limits.reached(0) {
            break 'walk Outcome::Stopped(stop);
        }
        stats.nodes = 1;
        if problem.is_solution() {
            stats.solutions = 1;
            record(problem, &path, &mut best);
            break 'walk Outcome::Complete;
        }
        frames.push(problem.choices());
        loop {
            let Some(choices) = frames.last_mut() else {
                break 'walk Outcome::Complete;
            };
            let Some(choice) = choices.next() else {
                frames.pop();
                if let Some(choice) = path.pop() {
                    problem.undo(choice);
                }
                continue;
            };
            if stats.nodes >= check_at {
                if let Some(stop) = limits.reached(stats.nodes) {
                    break 'walk Outcome::Stopped(stop);
                }
                check_at = pace.next_check_after(limits, stats.nodes);
            }
            problem.apply(choice);
            path.push(choice);
            stats.nodes += 1;
            stats.max_depth = stats.max_depth.max(path.len());
            if problem.is_solution() {
                stats.solutions += 1;
                let done = record(problem, &path, &mut best);
                path.pop();
                problem.undo(choice);
                if done {
                    break 'walk Outcome::Complete;
                }
            } else {
                frames.push(problem.choices());
            }
        }
    };
    while let Some(choice) = path.pop() {
        problem.undo(choice);
    }
    // A step cut short by a limit gave a state up: nothing is proved.
    let outcome = match (outcome, problem.cut_short()) {
        (Outcome::Complete, Some(stop)) => Outcome::Stopped(stop),
        (outcome, _) => outcome,
    };
    // Dead ends are not told apart here: a state whose choices were all
    // pruned by the bound is no dead end of the problem.
    let lower_bound = match (outcome, &best) {
        (Outcome::Complete, Some(b)) => Some(b.cost),
        _ => floor,
    };
    Report {
        value: Optimum {
            best,
            lower_bound,
            stats,
        },
        outcome,
    }
}
