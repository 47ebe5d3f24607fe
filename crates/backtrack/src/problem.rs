//! The [`Problem`] trait: what a puzzle tells the engine.

use crate::limit::{Limits, Stop};

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
/// # Why an owned iterator, and why it stands on its own
///
/// `choices` returns an owned iterator ([`Problem::Choices`]) rather than
/// filling a buffer, and the engine takes the choices from it with
/// `Iterator::next` and nothing else. The engine keeps one such iterator
/// per depth in slots that are reused (the top one in a local variable), so
/// a search allocates nothing per node as long as the iterator itself does
/// not. A spent iterator stays in its slot until a later one of the same
/// depth replaces it (or the search ends), so its `Drop` may come late. Many problems can describe their candidates in
/// a word or two (a bitmask of free columns, the candidate mask of one
/// cell), and such an iterator is copied and advanced in registers with a
/// few instructions: no buffer is written and read back. Measured on
/// N-queens this keeps the engine near a hand-written bitmask search of the
/// same tree (see the `engine` benchmark).
///
/// The iterator must stand on its own: it owns a copy of what it yields
/// (a mask, a small list), and `choices` changes nothing in the problem.
/// Calling `choices` twice gives two equal, independent iterators; a
/// wrapper that forwards the four methods to an inner problem searches
/// exactly the same tree. An earlier version let a problem advance a
/// cursor through its own state in a fifth method; a wrapper that forgot
/// to forward it compiled and silently found nothing, so the method is
/// gone. Candidates that are not a bitmask fit in a [`ChoiceList`]
/// (inline up to 16 choices, no allocation).
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
/// /// The values still free, ascending: a copy of a bitmask, no borrowing
/// /// (`backtrack::Bits` is this iterator, ready made).
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
    /// it yields: the engine holds it while it applies the choices it
    /// yields, and takes them with `next` alone.
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

    /// Hands the problem the limits of the search that is about to walk it
    /// (none for [`Search::new`](crate::Search::new) alone), so that the
    /// work done inside one [`apply`](Problem::apply) can honour them too.
    ///
    /// Provided, as a no-op, for a reason: the engine looks at its limits
    /// between nodes only, and most problems' nodes are short. A problem
    /// whose single step can run long (a constraint network propagating a
    /// large model to its fixpoint) keeps the deadline and the cancel flags
    /// and looks at them during that step; it must then also report, by
    /// [`cut_short`](Problem::cut_short), that it was cut.
    fn set_limits(&mut self, limits: &Limits) {
        let _ = limits;
    }

    /// The limit that cut work inside an [`apply`](Problem::apply) short,
    /// if one did since the problem was made.
    ///
    /// Provided (always `None`) along with
    /// [`set_limits`](Problem::set_limits). A step cut short must leave a
    /// state without choices and not a solution, and the engine then
    /// reports the search as stopped by this limit, never as complete: the
    /// state was given up, not proved empty. A wrapper that forwards
    /// `set_limits` must forward this too.
    fn cut_short(&self) -> Option<Stop> {
        None
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

    fn set_limits(&mut self, limits: &Limits) {
        (**self).set_limits(limits)
    }

    fn cut_short(&self) -> Option<Stop> {
        (**self).cut_short()
    }
}

/// An owned list of choices for problems whose candidates are not a
/// bitmask: up to 16 are kept inline, so building one allocates nothing
/// (more spill to the heap). Use it as [`Problem::Choices`].
///
/// # Example
///
/// ```
/// use backtrack::{ChoiceList, Problem};
///
/// /// Words over "abc" of length 3 with no letter twice in a row.
/// struct Words(Vec<u8>);
///
/// impl Problem for Words {
///     type Choice = u8;
///     type Choices = ChoiceList<u8>;
///     fn choices(&self) -> ChoiceList<u8> {
///         b"abc".iter().copied().filter(|&c| self.0.last() != Some(&c)).collect()
///     }
///     fn apply(&mut self, c: u8) { self.0.push(c) }
///     fn undo(&mut self, _: u8) { self.0.pop(); }
///     fn is_solution(&self) -> bool { self.0.len() == 3 }
/// }
///
/// assert_eq!(backtrack::count(Words(vec![])), 12);
/// ```
#[derive(Clone, Debug)]
pub struct ChoiceList<T>(smallvec::IntoIter<[T; 16]>);

impl<T> ChoiceList<T> {
    /// The choices of `list` (an array, a `Vec`, any iterator), in its
    /// order; the same as collecting it.
    ///
    /// ```
    /// let list = backtrack::ChoiceList::new([(0, 'a'), (2, 'b')]);
    /// assert_eq!(list.collect::<Vec<_>>(), [(0, 'a'), (2, 'b')]);
    /// ```
    pub fn new(list: impl IntoIterator<Item = T>) -> Self {
        list.into_iter().collect()
    }
}

impl<T> FromIterator<T> for ChoiceList<T> {
    fn from_iter<I: IntoIterator<Item = T>>(iter: I) -> Self {
        ChoiceList(
            iter.into_iter()
                .collect::<smallvec::SmallVec<[T; 16]>>()
                .into_iter(),
        )
    }
}

impl<T> Iterator for ChoiceList<T> {
    type Item = T;

    #[inline]
    fn next(&mut self) -> Option<T> {
        self.0.next()
    }

    fn size_hint(&self) -> (usize, Option<usize>) {
        self.0.size_hint()
    }
}

/// The set bits of a word, ascending, as bit positions: the choices of the
/// many problems whose candidates fit in a `u64` (free columns, a cell's
/// candidate digits). A copy of the word, so it stands on its own; use it
/// as [`Problem::Choices`] with `type Choice = u32`.
///
/// # Example
///
/// ```
/// use backtrack::{Bits, Problem};
///
/// /// Permutations of `0..n`: the choices are the values not used yet.
/// struct Permutations { n: u32, used: u64, len: u32 }
///
/// impl Problem for Permutations {
///     type Choice = u32;
///     type Choices = Bits;
///     fn choices(&self) -> Bits { Bits(!self.used & ((1 << self.n) - 1)) }
///     fn apply(&mut self, v: u32) { self.used |= 1 << v; self.len += 1; }
///     fn undo(&mut self, v: u32) { self.used &= !(1 << v); self.len -= 1; }
///     fn is_solution(&self) -> bool { self.len == self.n }
/// }
///
/// assert_eq!(backtrack::count(Permutations { n: 5, used: 0, len: 0 }), 120);
/// assert_eq!(Bits(0b1010_0110).collect::<Vec<_>>(), [1, 2, 5, 7]);
/// ```
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Bits(pub u64);

impl Iterator for Bits {
    type Item = u32;

    #[inline]
    fn next(&mut self) -> Option<u32> {
        (self.0 != 0).then(|| {
            let bit = self.0.trailing_zeros();
            self.0 &= self.0 - 1;
            bit
        })
    }

    fn size_hint(&self) -> (usize, Option<usize>) {
        let n = self.0.count_ones() as usize;
        (n, Some(n))
    }
}

impl ExactSizeIterator for Bits {}

impl std::iter::FusedIterator for Bits {}

#[cfg(test)]
mod tests {
    use super::Bits;

    #[test]
    fn bits_yield_the_set_positions_ascending_as_a_naive_scan_does() {
        let mut rng = crate::Rng::new(12);
        for word in [0, 1, u64::MAX, 1 << 63]
            .into_iter()
            .chain((0..200).map(|_| rng.next_u64()))
        {
            let naive: Vec<u32> = (0..64).filter(|&b| word >> b & 1 == 1).collect();
            assert_eq!(Bits(word).len(), naive.len(), "word {word:#x}");
            assert_eq!(Bits(word).collect::<Vec<_>>(), naive, "word {word:#x}");
        }
    }
}
