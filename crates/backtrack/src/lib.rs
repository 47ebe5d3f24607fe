//! A generic backtracking engine.
//!
//! A puzzle implements [`Problem`]: the [`choices`](Problem::choices) open at
//! a state, how to [`apply`](Problem::apply) one and how to
//! [`undo`](Problem::undo) it, and whether a state
//! [`is_solution`](Problem::is_solution). The engine does the searching:
//!
//! - [`count`] all solutions, or take the [`first`] `k`;
//! - [`for_each`] solution, with the path of choices that leads to it, and
//!   stop early by returning [`ControlFlow::Break`](std::ops::ControlFlow);
//! - a lazy, resumable iterator ([`Search::solutions`],
//!   [`Search::next_solution`]) on an explicit stack, so no recursion limit;
//! - a faster count for problems whose state is a small `Copy` value
//!   ([`ValueProblem`], [`count_values`]): recursion on the states, which
//!   gives up the path and resumption for speed;
//! - [`Stats`] (nodes, solutions, dead ends, maximum depth) and [`Limits`]
//!   (a node budget, a deadline, a cancel flag) with an honest [`Outcome`]: a
//!   search cut short says so and never passes for a complete one;
//! - a deterministic split of the tree into [`subproblems`], and
//!   [`Parallel`] count, first-k and for-each on several threads, whose
//!   results equal the sequential ones, and a for-each that visits the
//!   solutions in the sequential order ([`Parallel::for_each_in_order`]);
//! - branch and bound on several threads ([`Parallel::optimize`]), every
//!   improvement shared at once through an [`Incumbent`];
//! - a [`WorkList`] (an ordered list of independent tasks whose results add
//!   up) and the [`Runner`] that solves one on exactly the threads asked
//!   for, with a deadline, cancel flags, progress by estimated work and a
//!   callback per finished task. The `runner` crate adds checkpoints,
//!   shard files and their merge on top, for any work list. One
//!   [`Settings`] value (threads, limits, progress) configures the runner,
//!   [`Parallel`] and the `runner` crate's options alike, and every total
//!   is a [`Count`].
//! - branch and bound for a problem with a cost to minimise ([`Optimize`],
//!   [`minimize`]): the best solution, proved optimal or, when a limit
//!   stops it, the best found with the bounds known;
//! - Knuth's [`estimate`] of the size of a search tree (nodes, solutions,
//!   dead ends) from random probes, before searching it;
//! - a [`trace`] of the walk over the first nodes, as a tree, as events and
//!   as a picture, for teaching and debugging.
//!
//! The search is deterministic: the same problem gives the same solutions in
//! the same order every time, the problem's order.
//!
//! # Example
//!
//! The subsets of a list of numbers that add up to a target. At each depth
//! the choice is whether to take the next number; a branch is cut as soon as
//! it overshoots or can no longer reach the target.
//!
//! ```
//! use backtrack::Problem;
//!
//! struct SubsetSum { items: Vec<u32>, target: u32, next: usize, sum: u32, rest: u32 }
//!
//! impl Problem for SubsetSum {
//!     type Choice = bool; // take items[next]?
//!     type Choices = std::iter::Flatten<std::array::IntoIter<Option<bool>, 2>>;
//!
//!     fn choices(&self) -> Self::Choices {
//!         let x = self.items.get(self.next).copied();
//!         let can_skip = x.is_some_and(|x| self.sum + self.rest - x >= self.target);
//!         let can_take = x.is_some_and(|x| self.sum + x <= self.target);
//!         [can_skip.then_some(false), can_take.then_some(true)].into_iter().flatten()
//!     }
//!     fn apply(&mut self, take: bool) {
//!         let x = self.items[self.next];
//!         self.sum += if take { x } else { 0 };
//!         self.rest -= x;
//!         self.next += 1;
//!     }
//!     fn undo(&mut self, take: bool) {
//!         self.next -= 1;
//!         let x = self.items[self.next];
//!         self.rest += x;
//!         self.sum -= if take { x } else { 0 };
//!     }
//!     fn is_solution(&self) -> bool { self.sum == self.target }
//! }
//!
//! let items = vec![3, 34, 4, 12, 5, 2];
//! let rest = items.iter().sum();
//! let problem = SubsetSum { items: items.clone(), target: 9, next: 0, sum: 0, rest };
//!
//! // Each solution is the path of take/skip decisions that reaches 9.
//! let subsets: Vec<Vec<u32>> = backtrack::first(problem, usize::MAX)
//!     .iter()
//!     .map(|path| path.iter().zip(&items).filter(|(take, _)| **take).map(|(_, x)| *x).collect())
//!     .collect();
//! assert_eq!(subsets, [vec![4, 5], vec![3, 4, 2]]);
//! ```
//!
//! # In your own crate
//!
//! A search runs millions of nodes, and Cargo's profiles do not carry over
//! from a dependency to the crate that uses it: without these lines in
//! *your* `Cargo.toml`, your debug builds and `cargo test` run this crate
//! 4 to 7 times slower than they need to. Only the optimiser changes; debug
//! assertions stay on.
//!
//! ```toml
//! [profile.dev.package.backtrack]
//! opt-level = 3
//! ```
//!
//! The guide, in the repository's `docs/` folder, shows how the crates fit
//! together, a page per task; this documentation is the reference.
#![deny(missing_docs)]

mod estimate;
mod limit;
mod optimize;
mod problem;
mod search;
mod settings;
mod split;
mod trace;
mod turns;
mod value;
mod work;

pub use estimate::{Estimate, Mean, Rng, WEIGH_PROBES, estimate, estimate_within, weigh};
pub use limit::{Count, Limits, Outcome, Report, Stats, Stop};
pub use optimize::{Best, Optimize, Optimum, minimize, minimize_from, minimize_with};
pub use problem::{Bits, ChoiceList, Problem};
pub use search::{Search, Solutions, count, first, for_each};
pub use settings::{Progress, Settings};
pub use split::{Incumbent, Parallel, subproblems, subproblems_auto, subproblems_within};
pub use trace::{Event, Kind, Node, Trace, trace};
pub use turns::{Turn, Turns};
pub use value::{Stacked, ValueProblem, count_values};
pub use work::{PerTask, Runner, Setup, WorkList};
