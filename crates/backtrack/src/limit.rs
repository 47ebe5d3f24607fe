//! Limits on a search, and the honest account of how it ended.

use std::fmt;
use std::sync::Arc;
use std::sync::atomic::{AtomicBool, Ordering};
use std::time::{Duration, Instant};

use crate::turns::Turns;

/// Bounds on a search: a node budget, a deadline and a cancel flag.
///
/// A search that hits a limit stops with [`Outcome::Stopped`] and can be
/// resumed after the limit is raised (see
/// [`Search::set_limits`](crate::Search::set_limits)). The default sets no
/// limit.
///
/// The engine looks at the limits between nodes; the deadline and the
/// cancel flags are also handed to the problem (see
/// [`Problem::set_limits`](crate::Problem::set_limits)), so that one long
/// step can stop too. A step cut short that way is given up for good: a
/// search that had one is never [`Outcome::Complete`], resumed or not.
///
/// # Example
///
/// ```
/// use std::time::Duration;
/// use backtrack::Limits;
///
/// let limits = Limits::default().nodes(1_000_000).time(Duration::from_secs(5));
/// assert_eq!(limits.node_budget(), Some(1_000_000));
/// ```
#[derive(Clone, Debug, Default)]
pub struct Limits {
    nodes: Option<u64>,
    deadline: Option<Instant>,
    /// Flags that stop the search once any of them is raised.
    cancel: Vec<Arc<AtomicBool>>,
    /// The turns this search takes on a core shared with others, and its
    /// place in them.
    turn: Option<(Arc<Turns>, usize)>,
}

impl Limits {
    /// Visit at most `nodes` nodes in all (the root counts as one).
    #[must_use]
    pub fn nodes(mut self, nodes: u64) -> Self {
        self.nodes = Some(nodes);
        self
    }

    /// Stop at `deadline`.
    #[must_use]
    pub fn deadline(mut self, deadline: Instant) -> Self {
        self.deadline = Some(deadline);
        self
    }

    /// Stop once `budget` has passed from now.
    #[must_use]
    pub fn time(self, budget: Duration) -> Self {
        // A budget too large to represent is no deadline at all.
        match Instant::now().checked_add(budget) {
            Some(deadline) => self.deadline(deadline),
            None => self,
        }
    }

    /// Stop soon after `flag` becomes `true`, for example from another
    /// thread or a signal handler. Several flags may be given: any one
    /// stops the search.
    #[must_use]
    pub fn cancel_flag(mut self, flag: Arc<AtomicBool>) -> Self {
        self.cancel.push(flag);
        self
    }

    /// Take turns with other searches, as search `me` of `turns`: each
    /// [`poll`](Limits::poll) passes the baton on when this search's slice
    /// is over, and waits for it to come back (see [`Turns`]).
    #[must_use]
    pub fn turn(mut self, turns: Arc<Turns>, me: usize) -> Self {
        self.turn = Some((turns, me));
        self
    }

    /// The node budget, if any.
    pub fn node_budget(&self) -> Option<u64> {
        self.nodes
    }

    /// Whether a clock or a flag has to be polled during the search.
    pub fn needs_polling(&self) -> bool {
        self.deadline.is_some() || !self.cancel.is_empty() || self.turn.is_some()
    }

    /// The deadline or the cancel flag, if one of them says to stop now.
    ///
    /// The node budget is not looked at: only the searcher knows how many
    /// nodes it has visited. A search written by hand (such as a
    /// [`WorkList`](crate::WorkList)'s own fast loop) calls this every few
    /// thousand nodes to honour the same limits as the engine.
    ///
    /// A search that takes [`turns`](Limits::turn) may wait here for its
    /// next one.
    pub fn poll(&self) -> Option<Stop> {
        if let Some((turns, me)) = &self.turn {
            turns.take(*me);
        }
        if self.cancel.iter().any(|flag| flag.load(Ordering::Relaxed)) {
            return Some(Stop::Cancelled);
        }
        if self
            .deadline
            .is_some_and(|deadline| Instant::now() >= deadline)
        {
            return Some(Stop::Deadline);
        }
        None
    }

    /// The deadline and the cancel flags alone, without the node budget.
    pub(crate) fn untimed_nodes(&self) -> Limits {
        Limits {
            nodes: None,
            deadline: self.deadline,
            cancel: self.cancel.clone(),
            turn: self.turn.clone(),
        }
    }

    /// The limit that a search which has visited `nodes` nodes has reached.
    pub(crate) fn reached(&self, nodes: u64) -> Option<Stop> {
        if self.nodes.is_some_and(|budget| nodes >= budget) {
            return Some(Stop::NodeLimit);
        }
        self.poll()
    }
}

/// How a search ended.
///
/// Only [`Outcome::Complete`] means the whole tree was seen: a count or a
/// list of solutions is final only then, and "no solution" can only be
/// concluded then.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Outcome {
    /// Every node was visited: the results are exact and final.
    Complete,
    /// The search stopped before the end; the results cover only the part of
    /// the tree visited so far.
    Stopped(Stop),
}

impl Outcome {
    /// Whether the whole tree was searched.
    pub fn is_complete(self) -> bool {
        self == Outcome::Complete
    }

    /// The outcome of two searches taken together: the less complete one
    /// (a limit before a request, a request before a complete search).
    #[must_use]
    pub fn and(self, other: Outcome) -> Outcome {
        match (self, other) {
            (Outcome::Complete, other) | (other, Outcome::Complete) => other,
            (Outcome::Stopped(Stop::Requested), other)
            | (other, Outcome::Stopped(Stop::Requested)) => other,
            (first, _) => first,
        }
    }

    /// Whether a limit (nodes, deadline, cancel flag) cut the search short,
    /// as opposed to finishing or being stopped on request.
    pub fn is_limited(self) -> bool {
        matches!(self, Outcome::Stopped(stop) if stop != Stop::Requested)
    }
}

impl fmt::Display for Outcome {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Outcome::Complete => f.write_str("complete"),
            Outcome::Stopped(stop) => write!(f, "stopped: {stop}"),
        }
    }
}

/// Why a search stopped before the end of the tree.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[non_exhaustive]
pub enum Stop {
    /// The caller asked for it: a callback returned
    /// [`ControlFlow::Break`](std::ops::ControlFlow::Break), or enough
    /// solutions were found.
    Requested,
    /// The node budget was used up.
    NodeLimit,
    /// The deadline passed.
    Deadline,
    /// The cancel flag was raised.
    Cancelled,
}

impl fmt::Display for Stop {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            Stop::Requested => "stopped on request",
            Stop::NodeLimit => "node limit reached",
            Stop::Deadline => "time limit reached",
            Stop::Cancelled => "cancelled",
        })
    }
}

/// A number of solutions, as every count of the workspace gives it:
/// [`count`](crate::count), [`Search::count`](crate::Search::count),
/// [`Parallel::count`](crate::Parallel::count) and the `runner` crate's
/// totals.
///
/// 128 bits, because totals pass 2^64: they add up over tasks, shards and
/// symmetry classes (the 27-queens count is past 2^57, and each board more
/// multiplies it by about 10). The [`Stats`] of one walk stay in `u64`: a
/// walk visits its solutions one by one, and 2^64 of them take centuries.
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
/// // Seven games of ten tosses, played apart: 1024^7 = 2^70 outcomes, past
/// // what a u64 holds.
/// let total: backtrack::Count = backtrack::count(Coins(10)).pow(7);
/// assert_eq!(total, 1 << 70);
/// ```
pub type Count = u128;

/// Statistics of a search so far.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub struct Stats {
    /// States visited, the root included.
    pub nodes: u64,
    /// Solutions found.
    pub solutions: u64,
    /// States visited that were neither solutions nor had any choice open.
    pub dead_ends: u64,
    /// The deepest state visited, in choices from the root (the root is 0).
    pub max_depth: usize,
}

/// A result together with how the search that produced it ended.
///
/// The value is final only when [`Report::outcome`] is
/// [`Outcome::Complete`] (or, for a bounded request such as
/// [`Search::first`](crate::Search::first), when it was stopped on request):
/// [`Report::complete`] hands it out only then.
#[derive(Clone, Debug, PartialEq, Eq)]
#[must_use]
pub struct Report<T> {
    /// What was found in the part of the tree searched.
    pub value: T,
    /// How the search ended.
    pub outcome: Outcome,
}

impl<T> Report<T> {
    /// The value if no limit cut the search short, `None` otherwise.
    pub fn complete(self) -> Option<T> {
        (!self.outcome.is_limited()).then_some(self.value)
    }
}

/// How often a search looks at its clock and its flags, in nodes: at every
/// node at first, then twice as seldom each time a look comes less than a
/// millisecond after the last one, up to every [`POLL_MAX`] nodes; when
/// one comes more than two milliseconds after, straight to as many nodes
/// as took a millisecond (nodes may get dearer at once, deeper in a tree,
/// and a flag raised meanwhile waits for the next look). A search
/// whose nodes are cheap soon polls every few thousand nodes, as a fixed
/// interval would; one whose nodes are slow (a constraint network that
/// propagates for milliseconds at each) still sees its deadline within a
/// few milliseconds, where a fixed interval of thousands of nodes would
/// overrun it by minutes. A node budget is exact either way.
#[derive(Clone, Copy, Debug)]
pub(crate) struct Pace {
    every: u64,
    /// The time of the last look, and the node count then.
    last: Option<(std::time::Instant, u64)>,
}

/// The most nodes between two looks at the clock.
pub(crate) const POLL_MAX: u64 = 1 << 12;

impl Pace {
    pub(crate) const fn new() -> Self {
        Pace {
            every: 1,
            last: None,
        }
    }

    /// The node count at which a search that has visited `nodes` nodes
    /// next looks at its limits.
    pub(crate) fn next_check_after(&mut self, limits: &Limits, nodes: u64) -> u64 {
        let budget = limits.node_budget().unwrap_or(u64::MAX);
        if !limits.needs_polling() {
            return budget;
        }
        let now = std::time::Instant::now();
        // Looks with no node between them (new limits, say) tell nothing.
        if let Some((last, at)) = self.last
            && nodes > at
        {
            let gap = now.saturating_duration_since(last);
            if gap < Duration::from_millis(1) {
                self.every = (self.every * 2).min(POLL_MAX);
            } else if gap > Duration::from_millis(2) {
                let per_ms = u128::from(nodes - at) * 1_000_000 / gap.as_nanos().max(1);
                let per_ms = u64::try_from(per_ms).unwrap_or(u64::MAX);
                self.every = per_ms.clamp(1, self.every);
            }
        }
        if self.last.is_none_or(|(_, at)| nodes > at) {
            self.last = Some((now, nodes));
        }
        budget.min(nodes.saturating_add(self.every))
    }
}
