//! The walk itself: the hot loop shared by every way of searching, and
//! the small helpers it keeps out of line.

use std::mem;
use std::ops::ControlFlow;

use super::{Pause, Phase, Search};
use crate::problem::Problem;

impl<P: Problem> Search<P> {
    /// Sets when the limits are next looked at.
    pub(super) fn rearm(&mut self) {
        self.next_check = self.pace.next_check_after(&self.limits, self.stats.nodes);
    }

    /// Undoes the last choice on the path, if any (a root that is a
    /// solution has none).
    pub(super) fn retreat(&mut self) {
        if let Some(depth) = self.depth.checked_sub(1) {
            self.depth = depth;
            self.problem.undo(self.path[depth]);
        }
    }

    /// The walk itself, shared by every way of searching: one stretch, but
    /// never exhausted after a step that a limit cut short (see
    /// [`Problem::cut_short`]): that step's state was given up, not
    /// searched.
    pub(super) fn walk<F, const PATH: bool>(&mut self, visit: F) -> Pause
    where
        F: FnMut(&P, &[P::Choice]) -> ControlFlow<()>,
    {
        match self.stretch::<F, PATH>(visit) {
            Pause::Exhausted => self
                .problem
                .cut_short()
                .map_or(Pause::Exhausted, Pause::Limit),
            pause => pause,
        }
    }

    /// One stretch of the walk.
    ///
    /// The start of a stretch (the root, resuming after a pause) is dealt
    /// with here, once per call; the loop in [`run`](Search::run) is the
    /// hot path.
    fn stretch<F, const PATH: bool>(&mut self, mut visit: F) -> Pause
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
    pub(super) fn visit_root<F>(&mut self, visit: &mut F) -> Option<Pause>
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
    pub(super) fn run<F, const PATH: bool>(&mut self, mut visit: F) -> Pause
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
            pace,
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
                    check_at = pace.next_check_after(limits, nodes).max(nodes);
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

impl<P: Problem> Search<P> {
    /// Takes from a search paused by a limit the choices left at the
    /// shallowest state of its path that has any, for another search to
    /// take over: the path to that state (from where this search started)
    /// and those choices, in order. This search then goes on without them;
    /// in its order, their subtrees came after everything it has left.
    /// `None` when it has nothing to give: not paused by a limit, or no
    /// choice left but the one it is about to take.
    ///
    /// The iterators of [`Problem::Choices`] must go on returning `None`
    /// once they have (as every iterator of the standard library and
    /// [`ChoiceList`](crate::ChoiceList) does): the one taken from is left
    /// spent.
    pub(crate) fn split_off(&mut self) -> Option<Gift<P::Choice>> {
        if self.phase != Phase::Walking {
            return None;
        }
        for d in 0..self.depth {
            let rest: Vec<P::Choice> = self.frames[d].choices.by_ref().collect();
            if !rest.is_empty() {
                return Some((self.path[..d].to_vec(), rest));
            }
        }
        let rest: Vec<P::Choice> = self.top.as_mut()?.by_ref().collect();
        (!rest.is_empty()).then(|| (self.path[..self.depth].to_vec(), rest))
    }
}

/// What [`Search::split_off`] gives: the path to a state, and the choices
/// left there.
pub(crate) type Gift<C> = (Vec<C>, Vec<C>);

/// The next choice at the current state, whose iterator is `top`: backs up
/// through the spent frames, `None` once the root's is spent.
#[inline(always)]
pub(super) fn across<P: Problem>(
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
pub(super) fn put_frame<P: Problem>(
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
pub(super) fn pushed_frame<P: Problem>(
    mut frames: Vec<Frame<P>>,
    choices: P::Choices,
    taken: P::Choice,
) -> Vec<Frame<P>> {
    frames.push(Frame { choices, taken });
    frames
}

/// The iterator of an expanded state on the path, and the choice last
/// taken from it (the next step of the path).
pub(super) struct Frame<P: Problem> {
    choices: P::Choices,
    taken: P::Choice,
}

/// Overwrites `path` with the choices taken from `frames`.
pub(super) fn write_path<P: Problem>(path: &mut Vec<P::Choice>, frames: &[Frame<P>]) {
    path.clear();
    path.extend(frames.iter().map(|frame| frame.taken));
}

/// `slots[i] = item`, where `i` is at most the length of `slots`: a slot
/// is overwritten, or the vector grows by one. The growth is out of line
/// and takes the vector by value, so that a vector held in a local never
/// has its address taken and keeps its pointer and length in registers.
#[inline(always)]
pub(super) fn put<T>(slots: &mut Vec<T>, i: usize, item: T) {
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
pub(super) fn pushed<T>(mut vec: Vec<T>, item: T) -> Vec<T> {
    vec.push(item);
    vec
}
