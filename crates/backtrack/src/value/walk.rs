//! The fast count: a walk on the states as values.
//!
//! The node count is kept as a countdown to the next look at the limits.
//! It is one more than the nodes left before that look while the walk goes
//! on, so 0 means stopped.

use std::mem;

use super::{Stacked, ValueProblem};
use crate::limit::{Limits, Pace, Stop};
use crate::search::Search;

/// What the walk looks at only when its countdown runs out.
struct Checks<'a> {
    limits: &'a Limits,
    pace: Pace,
    /// The node count at which the countdown reaches 0.
    check_at: u64,
    stop: Option<Stop>,
}

impl Checks<'_> {
    /// At the node after `check_at`: the countdown to the next look, or 0
    /// if a limit is reached (and recorded).
    #[cold]
    #[inline(never)]
    fn refill(&mut self) -> u64 {
        let nodes = self.check_at;
        if let Some(stop) = self.limits.reached(nodes) {
            self.stop = Some(stop);
            return 0;
        }
        // Past `nodes`: no budget is reached, so the next look is later.
        self.check_at = self
            .pace
            .next_check_after(self.limits, nodes)
            .max(nodes + 1);
        self.check_at - nodes
    }

    /// The countdown for a walk that has visited `nodes` nodes.
    fn rearm(&mut self, nodes: u64) -> u64 {
        self.check_at = self.pace.next_check_after(self.limits, nodes).max(nodes);
        self.check_at - nodes + 1
    }
}

/// How many levels the walk keeps in its own frames, on the call stack;
/// below that depth a path is walked by `Search`.
const DEPTH: usize = 64;

/// The solutions of `root` within `limits`, and the limit that stopped the
/// count if one did.
pub(super) fn count<S: ValueProblem>(root: S, limits: &Limits) -> (u64, Option<Stop>) {
    // The root is a node like any other, as in `Search`.
    if let Some(stop) = limits.reached(0) {
        return (0, Some(stop));
    }
    if root.is_solution() {
        return (1, None);
    }
    let mut checks = Checks {
        limits,
        pace: Pace::new(),
        check_at: 0,
        stop: None,
    };
    let left = checks.rearm(1);
    let found = expand(root, left, &mut checks);
    (found, checks.stop)
}

/// The solutions below `root`, which is not one, with the countdown `left`.
///
/// A loop over frames in an array on the call stack: the current state and
/// its iterator are locals (in registers), a step down stores them in the
/// slot of their depth, a step up takes them back. Masking the depth
/// leaves no bounds check. The slots start as copies of the root, so none
/// is ever uninitialised; a slot is read only after it was written.
fn expand<S: ValueProblem>(root: S, mut left: u64, checks: &mut Checks<'_>) -> u64 {
    let mut frames: [(S, S::Choices); DEPTH] = std::array::from_fn(|_| (root, root.choices()));
    let mut found = 0;
    let mut depth = 0;
    let mut state = root;
    let mut choices = root.choices();
    loop {
        let Some(choice) = choices.next() else {
            if depth == 0 {
                return found;
            }
            depth -= 1;
            let frame = &mut frames[depth & (DEPTH - 1)];
            state = frame.0;
            mem::swap(&mut choices, &mut frame.1);
            continue;
        };
        left -= 1;
        if left == 0 {
            left = checks.refill();
            if left == 0 {
                return found;
            }
        }
        let child = state.child(choice);
        if child.is_solution() {
            found += 1;
            continue;
        }
        if depth == DEPTH - 1 {
            let (below, rest) = deep(child, left, checks);
            found += below;
            left = rest;
            if left == 0 {
                return found;
            }
            continue;
        }
        let parent = mem::replace(&mut choices, child.choices());
        frames[depth & (DEPTH - 1)] = (state, parent);
        depth += 1;
        state = child;
    }
}

/// The solutions below a state at the depth where the frames run out,
/// and the countdown after them: the subtree is searched by `Search` on
/// the states stacked on the heap, with what is left of the limits.
#[cold]
#[inline(never)]
fn deep<S: ValueProblem>(state: S, left: u64, checks: &mut Checks<'_>) -> (u64, u64) {
    // `state` is counted already; `Search` counts it again as its root.
    let before = checks.check_at - left;
    let limits = match checks.limits.node_budget() {
        Some(budget) => checks.limits.clone().nodes(budget - before),
        None => checks.limits.clone(),
    };
    let mut search = Search::new(Stacked::new(state)).with_limits(limits);
    let report = search.count();
    // A walk finds its solutions one node at a time: fewer than 2^64.
    let found = u64::try_from(report.value).unwrap_or(u64::MAX);
    let nodes = before + search.stats().nodes;
    if let crate::Outcome::Stopped(stop) = report.outcome {
        checks.stop = Some(stop);
        checks.check_at = nodes;
        return (found, 0);
    }
    (found, checks.rearm(nodes))
}
