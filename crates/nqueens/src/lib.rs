//! N-queens on the [`backtrack`] engine.
//!
//! - [`NQueens`]: the problem, on boards of up to 64 columns kept in machine
//!   words; [`WideQueens`], the same problem on larger boards, in bit sets.
//!   Solutions come out in lexicographic order of their columns.
//!   [`QueenMasks`], the same tree as a small value, for the engine's fast
//!   count ([`backtrack::count_values`]).
//! - [`Solution`], [`validate`] (written apart from the search) and the
//!   [`Symmetry`] group of the board, with [`Solution::canonical`] forms.
//! - [`count`]: the fast exact counter (total and fundamental), split into
//!   [`Task`]s by [`Split`], a work list for threads, checkpoints and the
//!   shards of a cluster (with the `runner` crate).
//! - [`Completion`]: the completions of a board with some queens already
//!   placed, most constrained row first, with forward checking.
//! - [`construct`]: one solution for any n that has one, in O(n), no search.
//! - [`format`](mod@format): the printed formats of the classic statements, byte-exact:
//!   the Checker Challenge, the AcWing boards, one line per solution, and
//!   the textbook `sum=K` print.
//! - [`parse_size`] and [`read_size`]: n read the way online judges give it.
//! - [`parse_placement`] and [`Placements`]: placements read back from
//!   text, a line at a time, with a bound on a line's length.
//!
//! # Example
//!
//! ```
//! use backtrack::Search;
//! use nqueens::{validate, NQueens};
//!
//! let mut search = Search::new(NQueens::new(8)?);
//! let first = search.next_solution().unwrap().to_vec();
//! assert_eq!(first, [0, 4, 7, 5, 2, 6, 1, 3]);
//! validate(8, &first).unwrap();
//! assert_eq!(search.count().complete(), Some(91)); // the other 91 of 92
//! # Ok::<(), nqueens::Error>(())
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
//!
//! [profile.dev.package.nqueens]
//! opt-level = 3
//! ```
//!
//! The guide, in the repository's `docs/` folder, shows how the crates fit
//! together, a page per task; this documentation is the reference.
#![deny(missing_docs)]

mod complete;
mod construct;
mod count;
mod error;
pub mod format;
mod masks;
mod placement;
mod problem;
mod size;
mod solution;
mod wide;

pub use complete::{COMPLETE_MAX, Completion, Squares};
pub use construct::construct;
pub use count::{MAX_N, SPLIT_VERSION, Split, Stabilizer, Task, count};
pub use error::{Error, ParseSizeError, SQUARES_SHOWN};
pub use masks::QueenMasks;
pub use placement::{
    PLACEMENT_LINE_MAX, ParsePlacementError, Placement, PlacementError, Placements, parse_placement,
};
pub use problem::{Columns, NQueens};
/// The counts a count gathers (the `runner` crate's, shared by every
/// counting job).
pub use runner::Counts;
pub use runner::{ECHO_MAX, echo};
pub use size::{SIZE_TEXT_MAX, parse_size, read_size};
pub use solution::{Conflict, Line, Solution, Symmetry, validate};
pub use wide::{WideColumns, WideQueens};
