//! The chromatic number, by branch and bound on the number of colours.

use backtrack::{Limits, Optimize, Outcome, Problem, Report};

use super::bounds::max_clique;
use super::dsatur::{Coloring, Paint, greedy};
use super::reduce::{induced, peel, put_back, sparse_clique};
use super::{ColoringError, Graph};

/// The nodes the exact clique search may spend before the bound is left
/// at the best clique found: a few milliseconds.
const CLIQUE_BUDGET: u64 = 20_000;

/// The vertices of highest degree the cheap clique is grown from.
const SPARSE_STARTS: usize = 32;

/// The fewest colours a graph can be properly coloured with, and such a
/// colouring.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Chromatic {
    /// The number of colours `colouring` uses: the chromatic number once
    /// the search is complete, an upper bound on it otherwise.
    pub colours: usize,
    /// A proper colouring with `colours` colours, numbered from 0.
    pub colouring: Vec<usize>,
    /// A lower bound on the chromatic number: the size of a clique, or the
    /// chromatic number itself once proved.
    pub lower_bound: usize,
}

/// The chromatic number of `graph` and a colouring that shows it.
///
/// See [`chromatic_number_within`], with no limits.
///
/// # Errors
///
/// [`ColoringError::TooManyColours`] if the search would need more than
/// [`MAX_COLOURS`](super::MAX_COLOURS) colours.
pub fn chromatic_number(graph: &Graph) -> Result<Chromatic, ColoringError> {
    Ok(chromatic_number_within(graph, &Limits::default())?.value)
}

/// The chromatic number of `graph`, searched within `limits`.
///
/// 0. A clique found greedily on the adjacency lists, and the vertices of
///    degree below its size peeled off, repeatedly: they can always be
///    coloured last (isolated vertices, trees and sparse fringes go, in
///    time linear in the graph). The rest is the core:
/// 1. A large clique, greedy then by a short exact search: a lower bound.
/// 2. DSATUR's greedy colouring: an upper bound. If it meets the lower
///    bound, that is the answer.
/// 3. Branch and bound ([`backtrack::minimize`]) on a [`Coloring`] whose
///    clique is coloured first with the colours `0..q`: every colouring
///    found lowers the bound, and the search ends as soon as one meets the
///    clique, or when no colouring with fewer colours than the best is
///    left.
///
/// If a limit stops it, the report holds the best colouring found and the
/// lower bound known, with the outcome saying which limit.
///
/// # Example
///
/// ```
/// use backtrack::Limits;
/// use puzzles::coloring::{chromatic_number_within, Graph};
///
/// let grotzsch = Graph::mycielski(4);
/// let report = chromatic_number_within(&grotzsch, &Limits::default())?;
/// assert!(report.outcome.is_complete());
/// assert_eq!(report.value.colours, 4);
/// assert_eq!(report.value.lower_bound, 4);
/// # Ok::<(), puzzles::coloring::ColoringError>(())
/// ```
///
/// # Errors
///
/// [`ColoringError::TooManyColours`] if the search would need more than
/// [`MAX_COLOURS`](super::MAX_COLOURS) colours.
pub fn chromatic_number_within(
    graph: &Graph,
    limits: &Limits,
) -> Result<Report<Chromatic>, ColoringError> {
    // A cheap clique first, and the vertices it makes easy peeled off (see
    // the `reduce` module): the search then sees only the core.
    let clique = sparse_clique(graph, SPARSE_STARTS).len();
    let (core, peeled) = peel(graph, clique);
    if peeled.is_empty() {
        return search(graph, limits);
    }
    let report = search(&induced(graph, &core), limits)?;
    let mut colouring = vec![usize::MAX; graph.vertices()];
    for (&v, &c) in core.iter().zip(&report.value.colouring) {
        colouring[v] = c;
    }
    put_back(graph, &mut colouring, &peeled);
    let colours = colouring.iter().map(|&c| c + 1).max().unwrap_or(0);
    let lower_bound = if report.outcome.is_complete() {
        colours
    } else {
        report.value.lower_bound.max(clique)
    };
    Ok(Report {
        value: Chromatic {
            colours,
            colouring,
            lower_bound,
        },
        outcome: report.outcome,
    })
}

/// [`chromatic_number_within`] on a graph with nothing left to peel.
fn search(graph: &Graph, limits: &Limits) -> Result<Report<Chromatic>, ColoringError> {
    let (clique, _) = max_clique(graph, CLIQUE_BUDGET);
    let colouring = greedy(graph);
    let mut best = Chromatic {
        colours: colouring.iter().map(|&c| c + 1).max().unwrap_or(0),
        colouring,
        lower_bound: clique.len(),
    };
    if best.colours <= best.lower_bound {
        return Ok(Report {
            value: best,
            outcome: Outcome::Complete,
        });
    }
    // Any better colouring has at most `colours - 1` colours.
    let mut problem = Coloring::classes(graph, best.colours - 1)?.with_lower_bound(clique.len());
    for (colour, &vertex) in clique.iter().enumerate() {
        problem.apply(Paint {
            vertex: vertex as u32,
            colour: colour as u8,
        });
    }
    problem.set_bound(best.colours);
    let mut found = None;
    let report = backtrack::minimize_with(problem, limits, |state, _| {
        found = Some(state.colouring());
    });
    if let (Some(optimum), Some(colouring)) = (report.value.best, found) {
        best.colours = optimum.cost;
        best.colouring = colouring;
    }
    if report.outcome.is_complete() {
        best.lower_bound = best.colours;
    }
    Ok(Report {
        value: best,
        outcome: report.outcome,
    })
}
