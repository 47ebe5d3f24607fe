//! The search: a depth-first walk with an explicit stack, resumable at
//! any point. This file is its interface; `walk.rs` is the walk itself.

mod walk;

use std::fmt;
use std::ops::ControlFlow;

use crate::limit::{Count, Limits, Outcome, Pace, Report, Stats, Stop};
use crate::problem::Problem;
use walk::Frame;

/// A depth-first search over a [`Problem`], resumable at any point.
///
/// The search owns the problem (pass `&mut problem` to keep yours) and walks
/// its tree with an explicit stack, so the depth of a tree is bounded only by
/// memory, never by the call stack. Every method continues from where the
/// previous one stopped: [`next_solution`](Search::next_solution) a few
/// times, then [`count`](Search::count) the rest, for instance.
///
/// Solutions come out in the problem's order, the same order every time.
///
/// # Complexity
///
/// Time is linear in the number of nodes visited, plus the problem's own cost
/// per `choices`, `apply`, `undo` and `is_solution`. Memory is one choice and
/// one [`Problem::Choices`] iterator per level of the deepest path; nothing
/// is allocated per node once the stack has grown to that depth.
///
/// # Example
///
/// ```
/// use backtrack::{ChoiceList, Limits, Outcome, Problem, Search, Stop};
///
/// /// Bit strings of length `n` without two adjacent ones.
/// struct NoAdjacentOnes { n: usize, bits: Vec<bool> }
///
/// impl Problem for NoAdjacentOnes {
///     type Choice = bool;
///     type Choices = ChoiceList<bool>;
///     fn choices(&self) -> Self::Choices {
///         // No allocation: up to 16 choices are kept inline.
///         let last_is_one = self.bits.last() == Some(&true);
///         [false, true].into_iter().filter(|&bit| !(bit && last_is_one)).collect()
///     }
///     fn apply(&mut self, bit: bool) { self.bits.push(bit) }
///     fn undo(&mut self, _: bool) { self.bits.pop(); }
///     fn is_solution(&self) -> bool { self.bits.len() == self.n }
/// }
///
/// // Fibonacci: 144 such strings of length 10.
/// let mut search = Search::new(NoAdjacentOnes { n: 10, bits: vec![] });
/// assert_eq!(search.count().complete(), Some(144));
///
/// // A node budget stops the search and says so.
/// let mut search = Search::new(NoAdjacentOnes { n: 10, bits: vec![] })
///     .with_limits(Limits::default().nodes(50));
/// let report = search.count();
/// assert_eq!(report.outcome, Outcome::Stopped(Stop::NodeLimit));
/// assert_eq!(report.complete(), None);
/// ```
pub struct Search<P: Problem> {
    problem: P,
    /// The iterator of the deepest expanded state on the current path.
    top: Option<P::Choices>,
    /// Slots for the frames of its ancestors, the root's first: the first
    /// `depth` are live, the rest are spent frames left in place. Never
    /// shortened during a search, so its length is the most ancestors ever
    /// held.
    frames: Vec<Frame<P>>,
    /// The choices from the root to the current state: the first `depth`
    /// slots, kept up to date during a walk only if its callback looks at
    /// them, and written out from `frames` where a walk pauses otherwise.
    path: Vec<P::Choice>,
    /// The depth of the current state: the length of its path.
    depth: usize,
    /// A choice taken from the top frame but not applied yet.
    pending: Option<P::Choice>,
    phase: Phase,
    stats: Stats,
    limits: Limits,
    /// The node count at which the limits are next looked at.
    next_check: u64,
    /// How often they are looked at.
    pace: Pace,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Phase {
    /// Nothing visited yet.
    Fresh,
    /// Between two steps of the walk.
    Walking,
    /// Paused at a solution, which is still applied; undone on resumption.
    AtSolution,
    /// The tree is exhausted.
    Done,
}

/// Why one stretch of the walk ended.
enum Pause {
    /// The tree is exhausted.
    Exhausted,
    /// The callback asked to stop at a solution, which is left applied.
    Requested,
    /// A limit was reached before the next node.
    Limit(Stop),
}

impl<P: Problem> Search<P> {
    /// A search of `problem` from its current state, with no limits.
    pub fn new(mut problem: P) -> Self {
        problem.set_limits(&Limits::default());
        Search {
            problem,
            top: None,
            frames: Vec::new(),
            path: Vec::new(),
            depth: 0,
            pending: None,
            phase: Phase::Fresh,
            stats: Stats::default(),
            limits: Limits::default(),
            next_check: u64::MAX,
            pace: Pace::new(),
        }
    }

    /// Sets the limits the search honours from now on.
    #[must_use]
    pub fn with_limits(mut self, limits: Limits) -> Self {
        self.set_limits(limits);
        self
    }

    /// Changes the limits, for example to raise a node budget and resume a
    /// search that it stopped.
    ///
    /// The problem is handed them too (see [`Problem::set_limits`]).
    pub fn set_limits(&mut self, limits: Limits) {
        self.problem.set_limits(&limits);
        self.limits = limits;
        self.rearm();
    }

    /// Pauses the walk, as a raised cancel flag would (with
    /// [`Stop::Cancelled`]), at its next look at the limits after `flag`
    /// is raised, until the next [`set_limits`](Search::set_limits). The
    /// problem is not handed the flag: a step of its own is never cut
    /// short by it, so the search resumes where it paused.
    pub(crate) fn pause_on(&mut self, flag: std::sync::Arc<std::sync::atomic::AtomicBool>) {
        self.limits = self.limits.clone().cancel_flag(flag);
        self.rearm();
    }

    /// Statistics of everything searched so far.
    pub fn stats(&self) -> Stats {
        self.stats
    }

    /// The problem in its current state: at a solution right after
    /// [`next_solution`](Search::next_solution) returned one.
    pub fn problem(&self) -> &P {
        &self.problem
    }

    /// The choices from the root to the current state.
    pub fn path(&self) -> &[P::Choice] {
        &self.path[..self.depth]
    }

    /// Whether the whole tree has been searched.
    pub fn is_exhausted(&self) -> bool {
        self.phase == Phase::Done && self.problem.cut_short().is_none()
    }

    /// Gives the problem back, rewound to the state the search started from.
    pub fn into_problem(mut self) -> P {
        while self.depth > 0 {
            self.retreat();
        }
        self.problem
    }

    /// Counts the solutions in the rest of the tree.
    ///
    /// The count is exact only if the report's outcome is
    /// [`Outcome::Complete`]; a limit yields [`Outcome::Stopped`] with the
    /// solutions found so far, never a count that looks final.
    pub fn count(&mut self) -> Report<Count> {
        let before = self.stats.solutions;
        let outcome = match self.walk::<_, false>(|_, _| ControlFlow::Continue(())) {
            Pause::Exhausted => Outcome::Complete,
            Pause::Limit(stop) => Outcome::Stopped(stop),
            Pause::Requested => unreachable!("the counting callback never breaks"),
        };
        Report {
            value: Count::from(self.stats.solutions - before),
            outcome,
        }
    }

    /// The next `k` solutions, each as its path of choices from the root.
    ///
    /// Fewer than `k` come back when the tree runs out
    /// ([`Outcome::Complete`]) or a limit is reached (the outcome says
    /// which). With `k` solutions found the outcome is
    /// [`Stop::Requested`] and the search can go on.
    pub fn first(&mut self, k: usize) -> Report<Vec<Vec<P::Choice>>> {
        let mut found = Vec::new();
        if k == 0 {
            return Report {
                value: found,
                outcome: Outcome::Stopped(Stop::Requested),
            };
        }
        let outcome = self.for_each(|_, path| {
            found.push(path.to_vec());
            if found.len() == k {
                ControlFlow::Break(())
            } else {
                ControlFlow::Continue(())
            }
        });
        Report {
            value: found,
            outcome,
        }
    }

    /// Calls `visit` with the problem and the path at every solution in the
    /// rest of the tree, until it returns [`ControlFlow::Break`], the tree
    /// runs out or a limit is reached.
    ///
    /// After a break the search stays at that solution and resumes after it.
    pub fn for_each<F>(&mut self, visit: F) -> Outcome
    where
        F: FnMut(&P, &[P::Choice]) -> ControlFlow<()>,
    {
        match self.walk::<_, true>(visit) {
            Pause::Exhausted => Outcome::Complete,
            Pause::Requested => Outcome::Stopped(Stop::Requested),
            Pause::Limit(stop) => Outcome::Stopped(stop),
        }
    }

    /// Advances to the next solution and returns its path; the problem is
    /// left at that solution (see [`problem`](Search::problem)).
    ///
    /// `None` means the tree is exhausted or a limit was reached:
    /// [`is_exhausted`](Search::is_exhausted) tells which.
    pub fn next_solution(&mut self) -> Option<&[P::Choice]> {
        match self.walk::<_, false>(|_, _| ControlFlow::Break(())) {
            Pause::Requested => Some(&self.path[..self.depth]),
            Pause::Exhausted | Pause::Limit(_) => None,
        }
    }

    /// A lazy iterator over the paths of the remaining solutions.
    ///
    /// It ends when the tree is exhausted or a limit is reached;
    /// [`is_exhausted`](Search::is_exhausted) tells which afterwards.
    pub fn solutions(&mut self) -> Solutions<'_, P> {
        Solutions { search: self }
    }
}

impl<P: Problem + fmt::Debug> fmt::Debug for Search<P> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("Search")
            .field("problem", &self.problem)
            .field("depth", &self.depth)
            .field("phase", &self.phase)
            .field("stats", &self.stats)
            .field("limits", &self.limits)
            .finish_non_exhaustive()
    }
}

/// A lazy iterator over the paths of a search's solutions, from
/// [`Search::solutions`].
pub struct Solutions<'a, P: Problem> {
    search: &'a mut Search<P>,
}

impl<P: Problem> Iterator for Solutions<'_, P> {
    type Item = Vec<P::Choice>;

    fn next(&mut self) -> Option<Self::Item> {
        self.search.next_solution().map(<[P::Choice]>::to_vec)
    }
}

impl<P: Problem + fmt::Debug> fmt::Debug for Solutions<'_, P> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("Solutions")
            .field("search", &self.search)
            .finish()
    }
}

/// Counts every solution of `problem`.
///
/// The same as [`Search::new(problem).count()`](Search::count) with no
/// limits, so the count is always exact.
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
/// // Five coin tosses: 32 outcomes.
/// assert_eq!(backtrack::count(Coins(5)), 32);
/// ```
pub fn count<P: Problem>(problem: P) -> Count {
    Search::new(problem).count().value
}

/// The first `k` solutions of `problem` (all of them if there are fewer),
/// each as its path of choices.
pub fn first<P: Problem>(problem: P, k: usize) -> Vec<Vec<P::Choice>> {
    Search::new(problem).first(k).value
}

/// Calls `visit` at every solution of `problem` until it returns
/// [`ControlFlow::Break`]; returns whether the whole tree was searched
/// ([`Outcome::Complete`]) or the callback stopped it.
pub fn for_each<P, F>(problem: P, visit: F) -> Outcome
where
    P: Problem,
    F: FnMut(&P, &[P::Choice]) -> ControlFlow<()>,
{
    Search::new(problem).for_each(visit)
}
