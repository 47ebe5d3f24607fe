//! Classic puzzles on the [`backtrack`] engine, each a
//! [`backtrack::Problem`] with a real input format:
//!
//! - [`sudoku`]: sudoku of any box size (4x4, 9x9, 16x16, 25x25) in the
//!   one-line format, with candidate bitsets, naked and hidden singles
//!   propagated in `apply` and undone from a trail, and the
//!   fewest-candidates cell first; 9x9 grids on bitboards per digit and
//!   band, a copy per level, with locked candidates too;
//! - [`coloring`]: graph colouring of DIMACS `.col` graphs in DSATUR order:
//!   a k-colouring, the number of k-colourings, and the chromatic number
//!   by branch and bound ([`backtrack::minimize`]) above a clique;
//! - [`exact_cover`]: Knuth's Algorithm X, on bitsets for up to 256 items
//!   and with dancing links beyond, primary and secondary items, and a
//!   builder;
//! - on exact cover: [`queens`] (N-queens), [`sudoku::exact_cover`] and
//!   [`pentomino`] (the twelve pentominoes on the 60-cell rectangles).
//!
//! The engine brings the rest: counting, the first k solutions, a lazy
//! iterator, node and time limits with an honest outcome, statistics, and
//! the split into subproblems for [`backtrack::Parallel`].
//!
//! # Example
//!
//! ```
//! use backtrack::{Parallel, Search};
//! use puzzles::sudoku::Sudoku;
//!
//! let puzzle = Sudoku::parse(
//!     "..............3.85..1.2.......5.7.....4...1...9.......5......73..2.1........4...9",
//!     3,
//! )?;
//! let mut search = Search::new(puzzle.clone());
//! assert!(search.next_solution().is_some());
//! assert!(search.problem().is_full());
//! // The rest of the tree holds no other solution, on any number of threads.
//! assert_eq!(search.count().complete(), Some(0));
//! assert_eq!(Parallel::auto().count(&puzzle).complete(), Some(1));
//! # Ok::<(), puzzles::sudoku::ParseError>(())
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
//! [profile.dev.package.puzzles]
//! opt-level = 3
//! ```
//!
//! The guide, in the repository's `docs/` folder, shows how the crates fit
//! together, a page per task; this documentation is the reference.
#![deny(missing_docs)]

pub mod coloring;
pub mod exact_cover;
pub mod pentomino;
pub mod queens;
pub mod sudoku;
