//! The walk: a depth-first search with an explicit stack.

use std::fmt;
use std::mem;
use std::ops::ControlFlow;

use crate::limit::{Limits, Outcome, Report, Stats, Stop};
use crate::problem::Problem;

/// How often, in nodes, a search with a deadline or a cancel flag polls them.
const POLL_INTERVAL: u64 = 1 << 12;

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
    pub fn new(problem: P) -> Self {
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
        }
    }

    /// Sets the limits the search honours from now on.
    #[must_use]
    pub fn with_limits(mut self, limits: Limits) -> Self {
        self.limits = limits;
        self.rearm();
        self
    }

    /// Changes the limits, for example to raise a node budget and resume a
    /// search that it stopped.
    pub fn set_limits(&mut self, limits: Limits) {
        self.limits = limits;
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
        self.phase == Phase::Done
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
    pub fn count(&mut self) -> Report<u64> {
        let before = self.stats.solutions;
        let outcome = match self.walk::<_, false>(|_, _| ControlFlow::Continue(())) {
            Pause::Exhausted => Outcome::Complete,
            Pause::Limit(stop) => Outcome::Stopped(stop),
            Pause::Requested => unreachable!("the counting callback never breaks"),
        };
        Report {
            value: self.stats.solutions - before,
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

    /// Sets when the limits are next looked at.
    fn rearm(&mut self) {
        self.next_check = next_check_after(&self.limits, self.stats.nodes);
    }

    /// Undoes the last choice on the path, if any (a root that is a
    /// solution has none).
    fn retreat(&mut self) {
        if let Some(depth) = self.depth.checked_sub(1) {
            self.depth = depth;
            self.problem.undo(self.path[depth]);
        }
    }

    /// The walk itself, shared by every way of searching.
    ///
    /// The start of a stretch (the root, resuming after a pause) is dealt
    /// with here, once per call; the loop in [`run`](Search::run) is the
    /// hot path.
    fn walk<F, const PATH: bool>(&mut self, mut visit: F) -> Pause
    where
        F: FnMut(&P, &[P::Choice]) -> ControlFlow<()>,
    {
        match self.phase {
            Phase::Done => return Pause::Exhausted,
            Phase::AtSolution => self.retreat(),
            Phase::Fresh => {
                if let Some(pause) = self.visit_root(&mut visit) {
                    return pause;
                }
            }
            Phase::Walking => {}
        }
        self.phase = Phase::Walking;
        let pause = self.run::<F, PATH>(visit);
        self.phase = match pause {
            Pause::Exhausted => Phase::Done,
            Pause::Requested => Phase::AtSolution,
            Pause::Limit(_) => Phase::Walking,
        };
        pause
    }

    /// Visits the root: a solution by itself, or expanded like any node.
    /// Returns a pause if the walk ends there.
    fn visit_root<F>(&mut self, visit: &mut F) -> Option<Pause>
    where
        F: FnMut(&P, &[P::Choice]) -> ControlFlow<()>,
    {
        if let Some(stop) = self.limits.reached(self.stats.nodes) {
            return Some(Pause::Limit(stop));
        }
        self.stats.nodes += 1;
        if self.problem.is_solution() {
            self.stats.solutions += 1;
            self.phase = Phase::Done;
            if visit(&self.problem, &[]).is_break() {
                self.phase = Phase::AtSolution;
                return Some(Pause::Requested);
            }
            return Some(Pause::Exhausted);
        }
        let mut choices = self.problem.choices();
        match choices.next() {
            Some(first) => {
                self.top = Some(choices);
                self.stats.max_depth = self.stats.max_depth.max(1);
                self.pending = Some(first);
            }
            None => self.stats.dead_ends += 1,
        }
        None
    }

    /// The loop of the walk: one turn per node, until the tree runs out,
    /// `visit` breaks or a limit is reached.
    ///
    /// With `PATH` false, `visit` is handed an empty path (for callers that
    /// do not look at it) and the path is written out only where the walk
    /// pauses: each step down then stores one frame instead of two.
    ///
    /// Hot, so written for the registers. The stacks are moved into locals
    /// for the stretch: a local vector whose address never escapes keeps
    /// its pointer and length in registers, where a store into the
    /// problem cannot be taken to change them. They are slots indexed by
    /// the depth rather than vectors pushed and popped: a step down
    /// overwrites a slot (growing the vector only below the deepest state
    /// so far, which is also how the maximum depth is kept without a
    /// comparison per node), a step up swaps the parent's iterator out of
    /// its slot. The top frame is held apart, the counters are locals, and
    /// the choice to try next is a plain local but where a stretch starts
    /// or stops.
    fn run<F, const PATH: bool>(&mut self, mut visit: F) -> Pause
    where
        F: FnMut(&P, &[P::Choice]) -> ControlFlow<()>,
    {
        let Search {
            problem,
            top: stored_top,
            frames: stored_frames,
            path: stored_path,
            depth: stored_depth,
            pending,
            stats,
            limits,
            next_check,
            ..
        } = self;
        let Some(mut top) = stored_top.take() else {
            return Pause::Exhausted;
        };
        let mut frames = mem::take(stored_frames);
        let mut path = mem::take(stored_path);
        let mut depth = *stored_depth;
        let mut solutions = stats.solutions;
        let mut dead_ends = stats.dead_ends;
        // The node count is kept as a countdown to the next look at the
        // limits: one register instead of two, and a test for zero instead
        // of a comparison. The count itself is `check_at - left`.
        let mut check_at = (*next_check).max(stats.nodes);
        let mut left = check_at - stats.nodes;
        let first = match pending.take() {
            Some(choice) => Some(choice),
            None => across(problem, &mut top, &mut frames, &mut depth),
        };
        let pause = 'walk: {
            let Some(mut choice) = first else {
                break 'walk Pause::Exhausted;
            };
            // Down: apply `choice`, then the first choice below it, and so
            // on to a leaf; then across to the next choice, and down again.
            loop {
                // `check_at` is the node budget, or sooner if a clock or a
                // flag has to be polled; `left` reaches 0 there.
                if left == 0 {
                    if let Some(stop) = limits.reached(check_at) {
                        *pending = Some(choice);
                        break 'walk Pause::Limit(stop);
                    }
                    // Past `check_at`: no budget is reached, so the next
                    // look is at a later node.
                    let nodes = check_at;
                    check_at = next_check_after(limits, nodes).max(nodes);
                    left = check_at - nodes;
                }
                problem.apply(choice);
                left -= 1;
                if problem.is_solution() {
                    solutions += 1;
                    if PATH {
                        put(&mut path, depth, choice);
                    }
                    let at: &[P::Choice] = if PATH { &path[..=depth] } else { &[] };
                    if visit(problem, at).is_break() {
                        if !PATH {
                            write_path(&mut path, &frames[..depth]);
                            path.push(choice);
                        }
                        depth += 1;
                        break 'walk Pause::Requested;
                    }
                    problem.undo(choice);
                } else {
                    let mut children = problem.choices();
                    if let Some(first) = children.next() {
                        let parent = mem::replace(&mut top, children);
                        put_frame(&mut frames, depth, parent, choice);
                        if PATH {
                            put(&mut path, depth, choice);
                        }
                        depth += 1;
                        choice = first;
                        continue;
                    }
                    // A dead end never reaches the path.
                    dead_ends += 1;
                    problem.undo(choice);
                }
                let Some(next) = across(problem, &mut top, &mut frames, &mut depth) else {
                    break 'walk Pause::Exhausted;
                };
                choice = next;
            }
        };
        if !PATH && matches!(pause, Pause::Limit(_)) {
            write_path(&mut path, &frames[..depth]);
        }
        // Slot i of `frames` was first filled when a state at depth i + 1
        // was expanded; the leaves below it are at depth i + 2. The deepest
        // state is always such a leaf (or a child of the root, depth 1).
        stats.max_depth = stats.max_depth.max(frames.len() + 1);
        if matches!(pause, Pause::Exhausted) {
            frames.clear();
        } else {
            *stored_top = Some(top);
        }
        *stored_frames = frames;
        *stored_path = path;
        *stored_depth = depth;
        *next_check = check_at;
        stats.nodes = check_at - left;
        stats.solutions = solutions;
        stats.dead_ends = dead_ends;
        pause
    }
}

/// The next choice at the current state, whose iterator is `top`: backs up
/// through the spent frames, `None` once the root's is spent.
#[inline(always)]
fn across<P: Problem>(
    problem: &mut P,
    top: &mut P::Choices,
    frames: &mut [Frame<P>],
    depth: &mut usize,
) -> Option<P::Choice> {
    loop {
        if let Some(choice) = top.next() {
            return Some(choice);
        }
        *depth = depth.checked_sub(1)?;
        let parent = &mut frames[*depth];
        // The spent iterator takes the parent's place in its slot: nothing
        // is dropped or allocated.
        mem::swap(top, &mut parent.choices);
        problem.undo(parent.taken);
    }
}

/// `frames[i] = Frame { choices, taken }`, as [`put`] does it; the parts
/// are passed apart so that the frame is never built in memory first.
#[inline(always)]
fn put_frame<P: Problem>(
    frames: &mut Vec<Frame<P>>,
    i: usize,
    choices: P::Choices,
    taken: P::Choice,
) {
    if let Some(frame) = frames.get_mut(i) {
        frame.choices = choices;
        frame.taken = taken;
    } else {
        debug_assert_eq!(i, frames.len());
        *frames = pushed_frame(mem::take(frames), choices, taken);
    }
}

/// `frames` with a frame pushed, growing it.
#[cold]
#[inline(never)]
fn pushed_frame<P: Problem>(
    mut frames: Vec<Frame<P>>,
    choices: P::Choices,
    taken: P::Choice,
) -> Vec<Frame<P>> {
    frames.push(Frame { choices, taken });
    frames
}

/// The iterator of an expanded state on the path, and the choice last
/// taken from it (the next step of the path).
struct Frame<P: Problem> {
    choices: P::Choices,
    taken: P::Choice,
}

/// Overwrites `path` with the choices taken from `frames`.
fn write_path<P: Problem>(path: &mut Vec<P::Choice>, frames: &[Frame<P>]) {
    path.clear();
    path.extend(frames.iter().map(|frame| frame.taken));
}

/// `slots[i] = item`, where `i` is at most the length of `slots`: a slot
/// is overwritten, or the vector grows by one. The growth is out of line
/// and takes the vector by value, so that a vector held in a local never
/// has its address taken and keeps its pointer and length in registers.
#[inline(always)]
fn put<T>(slots: &mut Vec<T>, i: usize, item: T) {
    if i < slots.len() {
        slots[i] = item;
    } else {
        debug_assert_eq!(i, slots.len());
        *slots = pushed(mem::take(slots), item);
    }
}

/// `vec` with `item` pushed, growing it.
#[cold]
#[inline(never)]
fn pushed<T>(mut vec: Vec<T>, item: T) -> Vec<T> {
    vec.push(item);
    vec
}

/// The node count at which a search that has visited `nodes` nodes next
/// looks at its limits.
fn next_check_after(limits: &Limits, nodes: u64) -> u64 {
    let budget = limits.node_budget().unwrap_or(u64::MAX);
    if limits.needs_polling() {
        budget.min(nodes.saturating_add(POLL_INTERVAL))
    } else {
        budget
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
pub fn count<P: Problem>(problem: P) -> u64 {
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
