//! The user's guide, in `docs/` at the top of the repository, and the
//! README: this crate exists so that every Rust block of those pages runs
//! as a doc-test (`cargo test -p guide`), with all the workspace's crates
//! in reach. It has no code of its own.
//!
//! Read the README at the top of the repository first, then
//! `docs/README.md`, the guide's index.

/// The README.
#[cfg(doctest)]
#[doc = include_str!("../../../README.md")]
pub struct Readme;

/// Your first `Problem`.
#[cfg(doctest)]
#[doc = include_str!("../../../docs/first-problem.md")]
pub struct FirstProblem;

/// Model a puzzle.
#[cfg(doctest)]
#[doc = include_str!("../../../docs/model.md")]
pub struct Model;

/// Optimise.
#[cfg(doctest)]
#[doc = include_str!("../../../docs/optimise.md")]
pub struct Optimise;

/// Count on all cores and on a cluster.
#[cfg(doctest)]
#[doc = include_str!("../../../docs/parallel.md")]
pub struct Parallel;

/// Estimate before you count.
#[cfg(doctest)]
#[doc = include_str!("../../../docs/estimate.md")]
pub struct Estimate;

/// The N-queens tool.
#[cfg(doctest)]
#[doc = include_str!("../../../docs/nqueens.md")]
pub struct Nqueens;

/// MiniZinc.
#[cfg(doctest)]
#[doc = include_str!("../../../docs/minizinc.md")]
pub struct Minizinc;

/// Errors and limits.
#[cfg(doctest)]
#[doc = include_str!("../../../docs/errors.md")]
pub struct Errors;

/// Performance.
#[cfg(doctest)]
#[doc = include_str!("../../../docs/performance.md")]
pub struct Performance;

/// The project.
#[cfg(doctest)]
#[doc = include_str!("../../../docs/project.md")]
pub struct Project;
