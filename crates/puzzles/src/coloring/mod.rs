//! Graph colouring: k-colourings, their number, and the chromatic number.
//!
//! A proper colouring gives every vertex of a [`Graph`] a colour so that
//! the two ends of every edge differ. [`Coloring`] is the
//! [`backtrack::Problem`] of colouring a graph with `k` colours, in DSATUR
//! order: the next vertex is the uncoloured one whose neighbours already
//! show the most distinct colours (ties: the higher degree, then the lower
//! number), and its colours are tried in ascending order.
//!
//! Graphs are read from the DIMACS `.col` format of the standard colouring
//! benchmarks ([`Graph::parse_dimacs`]) or built in code, including the
//! classic families: cycles, complete graphs, the Petersen graph, Mycielski
//! graphs and queen graphs.
//!
//! # Example
//!
//! ```
//! use puzzles::coloring::{self, Graph};
//!
//! let petersen = Graph::petersen();
//! let chromatic = coloring::chromatic_number(&petersen)?;
//! assert_eq!(chromatic.colours, 3);
//! assert!(petersen.is_proper(&chromatic.colouring));
//! assert_eq!(coloring::count(&petersen, 3)?, 120);
//! # Ok::<(), puzzles::coloring::ColoringError>(())
//! ```

mod bounds;
mod chromatic;
mod dimacs;
mod dsatur;
mod graph;
mod reduce;

use std::collections::BTreeMap;
use std::ops::ControlFlow;

use backtrack::{Limits, Outcome, Report, Search, Stop};

pub use chromatic::{Chromatic, chromatic_number, chromatic_number_within};
pub use dimacs::{DimacsError, MAX_VERTICES, READ_LIMITS};
pub use dsatur::{Coloring, Colours, Paint};

/// The most colours a [`Coloring`] can use: the colours open at a vertex
/// are a `u128` bitset.
pub const MAX_COLOURS: usize = 128;

/// An undirected graph without loops, its vertices numbered from 0.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Graph {
    vertices: usize,
    edges: usize,
    /// The neighbours of each vertex that has any, ascending, without
    /// repeats: isolated vertices take no room, so a graph's memory is
    /// proportional to its edges.
    adjacency: BTreeMap<u32, Vec<u32>>,
}

/// Why a colouring cannot be searched for as asked.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[non_exhaustive]
pub enum ColoringError {
    /// More colours than a [`Coloring`] supports.
    #[error("at most {MAX_COLOURS} colours are supported, asked for {0}")]
    TooManyColours(usize),
}

/// A proper colouring of `graph` with at most `k` colours (numbered from
/// 0), or `None` if there is none.
///
/// # Errors
///
/// [`ColoringError::TooManyColours`] if `k` exceeds [`MAX_COLOURS`].
pub fn find(graph: &Graph, k: usize) -> Result<Option<Vec<usize>>, ColoringError> {
    Ok(find_within(graph, k, &Limits::default())?.value)
}

/// [`find`] within `limits`: `None` with a limited outcome when a limit
/// stopped the search before a colouring was found.
///
/// # Errors
///
/// [`ColoringError::TooManyColours`] if `k` exceeds [`MAX_COLOURS`].
pub fn find_within(
    graph: &Graph,
    k: usize,
    limits: &Limits,
) -> Result<Report<Option<Vec<usize>>>, ColoringError> {
    let mut search = Search::new(Coloring::classes(graph, k)?).with_limits(limits.clone());
    // After a break the search stays at the colouring found.
    let outcome = search.for_each(|_, _| ControlFlow::Break(()));
    let found = matches!(outcome, Outcome::Stopped(Stop::Requested));
    Ok(Report {
        value: found.then(|| search.problem().colouring()),
        outcome,
    })
}

/// The colourings of a graph with `k` colours: all of them, and the
/// classes equal up to a renaming of the colours.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Counted {
    /// Every proper colouring with the colours `0..k`.
    pub all: u128,
    /// The classes of colourings equal up to a renaming of the colours.
    pub classes: u64,
}

/// The number of proper colourings of `graph` with the colours `0..k`.
///
/// The same number as `backtrack::count(Coloring::new(graph, k)?)`,
/// faster: each class of colourings equal up to a renaming of the colours
/// is searched once, and a class that uses `j` colours stands for
/// `k (k-1) ... (k-j+1)` colourings.
///
/// # Errors
///
/// [`ColoringError::TooManyColours`] if `k` exceeds [`MAX_COLOURS`].
pub fn count(graph: &Graph, k: usize) -> Result<u128, ColoringError> {
    Ok(count_within(graph, k, &Limits::default())?.value.all)
}

/// [`count`] within `limits`, with the number of classes: exact only if
/// the outcome is complete, else what the part searched holds.
///
/// # Errors
///
/// [`ColoringError::TooManyColours`] if `k` exceeds [`MAX_COLOURS`].
pub fn count_within(
    graph: &Graph,
    k: usize,
    limits: &Limits,
) -> Result<Report<Counted>, ColoringError> {
    let mut counted = Counted::default();
    let mut search = Search::new(Coloring::classes(graph, k)?).with_limits(limits.clone());
    let outcome = search.for_each(|state, _| {
        let used = state.colours_used();
        counted.all += (0..used).map(|i| (k - i) as u128).product::<u128>();
        counted.classes += 1;
        ControlFlow::Continue(())
    });
    Ok(Report {
        value: counted,
        outcome,
    })
}
