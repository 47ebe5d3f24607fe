//! The [`Problem`] trait: what a puzzle tells the engine.

/// A search problem, stated as a mutable state that the engine walks.
///
/// The implementor is the state. At every state the engine asks for the
/// [`choices`](Problem::choices) open there, [`apply`](Problem::apply)s one,
/// explores below it, and [`undo`](Problem::undo)es it before trying the next.
/// A state for which [`is_solution`](Problem::is_solution) holds is reported
/// and not expanded further: a solution is a leaf of the search tree.
///
/// # Contract
///
/// - `undo(c)` right after `apply(c)` restores the state exactly: the engine
///   relies on it to revisit siblings and to resume a stopped search.
/// - `choices` yields the choices in the order they should be tried; the
///   engine never reorders them. Offer them ascending and the solutions come
///   out in lexicographic order of their paths. Heuristics such as "the
///   variable with the fewest candidates first" belong here, not in the
///   engine.
/// - The same state gives the same choices in the same order every time: the
///   engine's determinism (same problem, same solutions in the same order,
///   sequential or split) rests on it.
///
/// # Why an owned iterator
///
/// `choices` returns an owned iterator ([`Problem::Choices`]) rather than
/// filling a buffer, and the engine advances it with
/// [`next_choice`](Problem::next_choice). The engine keeps one such
/// iterator per depth on a stack whose capacity is reused (the top one in a
/// local variable), so a search allocates nothing per node as long as the
/// iterator itself does not. Many problems can describe their candidates in
/// a word or two (a bitmask of free columns, the candidate mask of one
/// cell), and such an iterator is copied and advanced in registers with a
/// few instructions: no buffer is written and read back. Measured on
/// N-queens this keeps the engine at about 1.3 times a hand-written bitmask
/// search of the same tree (see the `engine` benchmark), where a buffer per
/// depth costs a write and a read per choice.
///
/// When the candidates are cheaper to find in the state than to copy out of
/// it (a list to walk, a range of columns to test), the iterator can be a
/// cursor that [`next_choice`](Problem::next_choice), which sees the state,
/// moves along: the exact cover solver of the `puzzles` crate walks its
/// dancing links this way, and `NQueens` tests the columns of boards wider
/// than a machine word.
///
/// # Example
///
/// All permutations of `0..n`, in lexicographic order:
///
/// ```
/// use backtrack::Problem;
///
/// struct Permutations { n: u32, used: u64, len: u32 }
///
/// /// The values still free, ascending: a copy of a bitmask, no borrowing.
/// struct Free(u64);
/// impl Iterator for Free {
///     type Item = u32;
///     fn next(&mut self) -> Option<u32> {
///         (self.0 != 0).then(|| {
///             let v = self.0.trailing_zeros();
///             self.0 &= self.0 - 1;
///             v
///         })
///     }
/// }
///
/// impl Problem for Permutations {
///     type Choice = u32;
///     type Choices = Free;
///     fn choices(&self) -> Free { Free(!self.used & ((1 << self.n) - 1)) }
///     fn apply(&mut self, v: u32) { self.used |= 1 << v; self.len += 1; }
///     fn undo(&mut self, v: u32) { self.used &= !(1 << v); self.len -= 1; }
///     fn is_solution(&self) -> bool { self.len == self.n }
/// }
///
/// let all = backtrack::first(Permutations { n: 3, used: 0, len: 0 }, 10);
/// assert_eq!(all, [[0, 1, 2], [0, 2, 1], [1, 0, 2], [1, 2, 0], [2, 0, 1], [2, 1, 0]]);
/// ```
pub trait Problem {
    /// One step from a state to a child state. Copied onto the path, so keep
    /// it small (an index, a column, a `(cell, value)` pair).
    type Choice: Copy;

    /// The iterator [`choices`](Problem::choices) returns. It must own what
    /// it needs: the engine holds it while it applies the choices it yields.
    type Choices: Iterator<Item = Self::Choice>;

    /// The choices open at the current state, in the order to try them.
    ///
    /// Called once per state that is not a solution. An empty iterator makes
    /// the state a dead end.
    fn choices(&self) -> Self::Choices;

    /// Moves to the child state reached by `choice`, which was yielded by
    /// [`choices`](Problem::choices) at the current state.
    fn apply(&mut self, choice: Self::Choice);

    /// Reverses [`apply`](Problem::apply)`(choice)`, which was the last choice
    /// applied.
    fn undo(&mut self, choice: Self::Choice);

    /// Whether the current state is a solution. Solutions are not expanded.
    fn is_solution(&self) -> bool;

    /// The next choice from `choices`, which [`choices`](Problem::choices)
    /// returned at the current state. The engine advances choices only
    /// through this method, always at the state that made them.
    ///
    /// The default is `choices.next()`. Override it when the next choice
    /// is cheaper to find by looking at the state than to write down in
    /// advance: the iterator can then be a small cursor (a position in a
    /// linked list, the next column to test) that moves through the state,
    /// and its own `Iterator::next` may yield only what it can know by
    /// itself.
    #[inline]
    fn next_choice(&self, choices: &mut Self::Choices) -> Option<Self::Choice> {
        choices.next()
    }
}

/// A mutable reference to a problem is a problem: search it in place and keep
/// it afterwards.
impl<P: Problem + ?Sized> Problem for &mut P {
    type Choice = P::Choice;
    type Choices = P::Choices;

    #[inline]
    fn choices(&self) -> Self::Choices {
        (**self).choices()
    }

    #[inline]
    fn apply(&mut self, choice: Self::Choice) {
        (**self).apply(choice)
    }

    #[inline]
    fn undo(&mut self, choice: Self::Choice) {
        (**self).undo(choice)
    }

    #[inline]
    fn is_solution(&self) -> bool {
        (**self).is_solution()
    }

    #[inline]
    fn next_choice(&self, choices: &mut Self::Choices) -> Option<Self::Choice> {
        (**self).next_choice(choices)
    }
}
