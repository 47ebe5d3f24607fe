//! Problems whose whole state is a small value, and the fast count that
//! walks them on the call stack.

mod walk;

use crate::limit::{Count, Limits, Outcome, Report};
use crate::problem::Problem;

/// A problem whose state is a small `Copy` value: a child is a new value
/// made from its parent, and nothing is ever undone.
///
/// This is the opt-in side of [`Problem`] for states of a few machine words
/// (bitmasks, a counter or two). [`count_values`] walks such a problem
/// with its frames in an array on the call stack and the current state in
/// locals, so the state lives in registers the way a hand-written search
/// keeps it, instead of being stored into the problem by `apply` and read
/// back by the next `choices`. Any `ValueProblem` is also a [`Problem`] through
/// [`Stacked`], which gives it everything [`Search`](crate::Search) does.
///
/// # What the fast count gives up
///
/// [`count_values`] counts and nothing else: no path, no solutions handed
/// out, no [`Stats`](crate::Stats) beyond the count, and it cannot be
/// resumed once a limit stops it (its report says it was stopped, with the
/// solutions found so far, as [`Search::count`](crate::Search::count)
/// does). Limits are honoured: a node budget exactly, a deadline or a cancel
/// flag at the same cadence as `Search`.
///
/// # Example
///
/// ```
/// use backtrack::{Bits, Limits, ValueProblem};
///
/// /// Permutations of `0..n`: the values still free, as a value.
/// #[derive(Clone, Copy)]
/// struct Permutations { full: u64, used: u64 }
///
/// impl ValueProblem for Permutations {
///     type Choice = u32;
///     type Choices = Bits;
///     fn choices(&self) -> Bits { Bits(self.full & !self.used) }
///     fn child(&self, v: u32) -> Self { Permutations { used: self.used | 1 << v, ..*self } }
///     fn is_solution(&self) -> bool { self.used == self.full }
/// }
///
/// let five = Permutations { full: 0b11111, used: 0 };
/// assert_eq!(backtrack::count_values(five, &Limits::default()).complete(), Some(120));
/// // The same tree through the general engine:
/// assert_eq!(backtrack::count(backtrack::Stacked::new(five)), 120);
/// ```
pub trait ValueProblem: Copy {
    /// One step from a state to a child state.
    type Choice: Copy;

    /// The iterator [`choices`](ValueProblem::choices) returns; as for
    /// [`Problem::Choices`], it owns what it yields.
    type Choices: Iterator<Item = Self::Choice>;

    /// The choices open at this state, in the order to try them.
    fn choices(&self) -> Self::Choices;

    /// The state reached by `choice`, which was yielded by
    /// [`choices`](ValueProblem::choices) at this state.
    fn child(&self, choice: Self::Choice) -> Self;

    /// Whether this state is a solution. Solutions are not expanded.
    fn is_solution(&self) -> bool;
}

/// Counts the solutions of `root` within `limits`, on the states as
/// values.
///
/// Same result as [`Search::new(Stacked::new(root)).with_limits(limits.clone())
/// .count()`](crate::Search::count), faster on small states: under a node
/// budget it visits the same nodes in the same order and counts the same
/// solutions. The walk keeps 64 levels in its own frames; a path deeper
/// than that is walked below it by `Search` on [`Stacked`], so any depth
/// is counted, the deep part at `Search`'s speed.
///
/// # Complexity
///
/// Linear in the nodes visited, plus the problem's own cost per node;
/// memory is 64 states and iterators on the call stack (keep the state
/// small), plus `Search`'s below that depth.
pub fn count_values<S: ValueProblem>(root: S, limits: &Limits) -> Report<Count> {
    let (value, stop) = walk::count(root, limits);
    Report {
        value: Count::from(value),
        outcome: stop.map_or(Outcome::Complete, Outcome::Stopped),
    }
}

/// A [`ValueProblem`] as a [`Problem`]: the states from the root to the
/// current one on a stack, `apply` pushes a child and `undo` pops it.
///
/// It gives a value problem every promise of [`Search`](crate::Search)
/// (paths, resumable iteration, statistics, splitting), at the cost of a
/// state copied into memory per node.
#[derive(Clone, Debug)]
pub struct Stacked<S> {
    states: Vec<S>,
}

impl<S: ValueProblem> Stacked<S> {
    /// The problem at `root`.
    pub fn new(root: S) -> Self {
        Stacked { states: vec![root] }
    }

    /// The current state.
    pub fn state(&self) -> &S {
        // Never empty: `undo` pops only what `apply` pushed.
        let last = self.states.len() - 1;
        &self.states[last]
    }
}

impl<S: ValueProblem> Problem for Stacked<S> {
    type Choice = S::Choice;
    type Choices = S::Choices;

    fn choices(&self) -> S::Choices {
        self.state().choices()
    }

    fn apply(&mut self, choice: S::Choice) {
        let child = self.state().child(choice);
        self.states.push(child);
    }

    fn undo(&mut self, _: S::Choice) {
        if self.states.len() > 1 {
            self.states.pop();
        }
    }

    fn is_solution(&self) -> bool {
        self.state().is_solution()
    }
}
