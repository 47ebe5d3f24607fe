//! Splitting a search into independent subproblems, and searching them on
//! several threads.
//!
//! [`subproblems`] cuts the tree at a depth: the states there, in the
//! engine's order, plus any solution found above that depth. Searching each
//! subproblem from its state and concatenating the results in order gives
//! exactly the sequential search: the same solutions, in the same order.
//! The list is deterministic, so an index into it names the same piece of
//! work in every run, on every machine: threads, checkpoints and shards of a
//! cluster job can all share it.

mod branch;
mod cut;
mod incumbent;
mod ordered;
mod parallel;

pub use cut::{subproblems, subproblems_auto, subproblems_within};
pub use incumbent::Incumbent;
pub use parallel::Parallel;
