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

use std::fmt::Write as _;
use std::io::{self, BufRead};
use std::ops::ControlFlow;

use backtrack::{Limits, Outcome, Problem, Report, Search, Stop};

/// The most colours a [`Coloring`] can use: the colours open at a vertex
/// are a `u128` bitset.
pub const MAX_COLOURS: usize = 128;

/// An undirected graph without loops, its vertices numbered from 0.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Graph {
    /// The neighbours of each vertex, ascending, without repeats.
    adjacency: Vec<Vec<u32>>,
    edges: usize,
}

/// Why a DIMACS `.col` text does not describe a graph. Every message names
/// the line.
#[derive(Debug, thiserror::Error)]
#[non_exhaustive]
pub enum DimacsError {
    /// The problem line is malformed.
    #[error("line {line}: expected 'p edge VERTICES EDGES', got {found:?}")]
    BadProblem {
        /// The line, from 1.
        line: usize,
        /// The line as written.
        found: String,
    },
    /// A second problem line.
    #[error("line {line}: a second problem line (the first is on line {first})")]
    SecondProblem {
        /// The line, from 1.
        line: usize,
        /// The line of the first problem line.
        first: usize,
    },
    /// An edge before the problem line, which gives the number of vertices.
    #[error("line {line}: an edge before the 'p edge VERTICES EDGES' line")]
    EdgeBeforeProblem {
        /// The line, from 1.
        line: usize,
    },
    /// An edge line that is not `e U V` with two vertex numbers.
    #[error("line {line}: expected 'e U V' with two vertex numbers, got {found:?}")]
    BadEdge {
        /// The line, from 1.
        line: usize,
        /// The line as written.
        found: String,
    },
    /// A vertex number outside `1..=VERTICES`.
    #[error("line {line}: vertex {vertex} does not exist (the vertices are 1 to {vertices})")]
    NoSuchVertex {
        /// The line, from 1.
        line: usize,
        /// The vertex number as written (1-based).
        vertex: u64,
        /// The number of vertices of the problem line.
        vertices: usize,
    },
    /// An edge from a vertex to itself: no colouring exists.
    #[error("line {line}: vertex {vertex} is joined to itself, so the graph has no colouring")]
    Loop {
        /// The line, from 1.
        line: usize,
        /// The vertex number as written (1-based).
        vertex: u64,
    },
    /// A line that is not a comment, a problem line or an edge.
    #[error("line {line}: expected a 'c', 'p' or 'e' line, got {found:?}")]
    UnknownLine {
        /// The line, from 1.
        line: usize,
        /// The line as written.
        found: String,
    },
    /// No problem line at all.
    #[error("no 'p edge VERTICES EDGES' line: the input does not describe a graph")]
    NoProblem,
    /// Reading the input failed.
    #[error("cannot read line {line}: {source}")]
    Io {
        /// The line being read, from 1.
        line: usize,
        /// What the reader said.
        source: io::Error,
    },
}

/// Why a colouring cannot be searched for as asked.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[non_exhaustive]
pub enum ColoringError {
    /// More colours than a [`Coloring`] supports.
    #[error("at most {MAX_COLOURS} colours are supported, asked for {0}")]
    TooManyColours(usize),
}

impl Graph {
    /// A graph with `vertices` vertices and no edge.
    pub fn new(vertices: usize) -> Graph {
        Graph {
            adjacency: vec![Vec::new(); vertices],
            edges: 0,
        }
    }

    /// Joins `u` and `v`; returns `false` if they were already joined.
    ///
    /// # Panics
    ///
    /// If `u == v` or either is not a vertex.
    pub fn add_edge(&mut self, u: usize, v: usize) -> bool {
        assert!(u != v, "vertex {u} cannot be joined to itself");
        let n = self.vertices();
        assert!(u < n && v < n, "edge {u}-{v} in a graph of {n} vertices");
        match self.adjacency[u].binary_search(&(v as u32)) {
            Ok(_) => false,
            Err(at) => {
                self.adjacency[u].insert(at, v as u32);
                let back = self.adjacency[v].binary_search(&(u as u32)).unwrap_err();
                self.adjacency[v].insert(back, u as u32);
                self.edges += 1;
                true
            }
        }
    }

    /// The number of vertices.
    pub fn vertices(&self) -> usize {
        self.adjacency.len()
    }

    /// The number of edges.
    pub fn edges(&self) -> usize {
        self.edges
    }

    /// The neighbours of `v`, ascending.
    pub fn neighbours(&self, v: usize) -> impl Iterator<Item = usize> + '_ {
        self.adjacency[v].iter().map(|&w| w as usize)
    }

    /// The number of neighbours of `v`.
    pub fn degree(&self, v: usize) -> usize {
        self.adjacency[v].len()
    }

    /// Every edge once, as `(u, v)` with `u < v`, ascending.
    pub fn edge_list(&self) -> impl Iterator<Item = (usize, usize)> + '_ {
        (0..self.vertices()).flat_map(move |u| {
            self.neighbours(u)
                .filter(move |&v| v > u)
                .map(move |v| (u, v))
        })
    }

    /// Whether `colouring` (a colour per vertex) is proper: it colours every
    /// vertex and the ends of every edge differ. Checked edge by edge,
    /// independently of any search.
    pub fn is_proper(&self, colouring: &[usize]) -> bool {
        colouring.len() == self.vertices()
            && self.edge_list().all(|(u, v)| colouring[u] != colouring[v])
    }

    /// The cycle C_n: vertex `i` joined to `i + 1` and the last to the
    /// first (`n >= 3`; fewer vertices give a path).
    pub fn cycle(n: usize) -> Graph {
        let mut g = Graph::new(n);
        for i in 1..n {
            g.add_edge(i - 1, i);
        }
        if n >= 3 {
            g.add_edge(n - 1, 0);
        }
        g
    }

    /// The complete graph K_n: every two vertices joined.
    pub fn complete(n: usize) -> Graph {
        let mut g = Graph::new(n);
        for u in 0..n {
            for v in u + 1..n {
                g.add_edge(u, v);
            }
        }
        g
    }

    /// The Petersen graph: an outer 5-cycle (vertices 0 to 4), an inner
    /// pentagram (5 to 9) and the spokes between them.
    pub fn petersen() -> Graph {
        let mut g = Graph::new(10);
        for i in 0..5 {
            g.add_edge(i, (i + 1) % 5);
            g.add_edge(5 + i, 5 + (i + 2) % 5);
            g.add_edge(i, 5 + i);
        }
        g
    }

    /// The Mycielskian of this graph: its chromatic number plus one, and
    /// still no triangle if it had none.
    ///
    /// The vertices `0..n` keep their edges; `n + i` is joined to the
    /// neighbours of `i`, and `2n` to every `n + i`.
    pub fn mycielskian(&self) -> Graph {
        let n = self.vertices();
        let mut g = Graph::new(2 * n + 1);
        for (u, v) in self.edge_list() {
            g.add_edge(u, v);
            g.add_edge(n + u, v);
            g.add_edge(u, n + v);
        }
        for i in 0..n {
            g.add_edge(n + i, 2 * n);
        }
        g
    }

    /// The Mycielski graph with chromatic number `k` (and no triangle):
    /// K_1, K_2, then the Mycielskian of the one before. `mycielski(4)` is
    /// the Grötzsch graph, the DIMACS benchmark `myciel3`; `mycielski(k)`
    /// is `myciel{k-1}`.
    pub fn mycielski(k: usize) -> Graph {
        match k {
            0 => Graph::new(0),
            1 => Graph::new(1),
            _ => (2..k).fold(Graph::complete(2), |g, _| g.mycielskian()),
        }
    }

    /// The queen graph of a `rows` by `cols` board: a vertex per square,
    /// square `r * cols + c`, joined when a queen on one attacks the other.
    /// `queens(5, 5)` is the DIMACS benchmark `queen5_5`.
    pub fn queens(rows: usize, cols: usize) -> Graph {
        let mut g = Graph::new(rows * cols);
        for a in 0..rows * cols {
            for b in a + 1..rows * cols {
                let (ra, ca, rb, cb) = (a / cols, a % cols, b / cols, b % cols);
                if ra == rb || ca == cb || ra.abs_diff(rb) == ca.abs_diff(cb) {
                    g.add_edge(a, b);
                }
            }
        }
        g
    }

    /// The graph in DIMACS `.col` text: the comment lines, `p edge V E`,
    /// then every edge once with 1-based vertices.
    ///
    /// # Example
    ///
    /// ```
    /// use puzzles::coloring::Graph;
    ///
    /// let text = Graph::cycle(3).to_dimacs("a triangle");
    /// assert_eq!(text, "c a triangle\np edge 3 3\ne 1 2\ne 1 3\ne 2 3\n");
    /// assert_eq!(Graph::parse_dimacs(text.as_bytes())?, Graph::cycle(3));
    /// # Ok::<(), puzzles::coloring::DimacsError>(())
    /// ```
    pub fn to_dimacs(&self, comment: &str) -> String {
        let mut text = String::new();
        for line in comment.lines() {
            let _ = writeln!(text, "c {line}");
        }
        let _ = writeln!(text, "p edge {} {}", self.vertices(), self.edges());
        for (u, v) in self.edge_list() {
            let _ = writeln!(text, "e {} {}", u + 1, v + 1);
        }
        text
    }

    /// Reads a graph in the DIMACS `.col` format: `c` comment lines, one
    /// problem line `p edge VERTICES EDGES` (`p col` is accepted too), and
    /// `e U V` edge lines with vertices from 1. An edge listed twice (as
    /// many files list both directions) is one edge; the edge count of the
    /// problem line is not checked, for the same reason. Blank lines are
    /// skipped.
    ///
    /// # Errors
    ///
    /// A [`DimacsError`] naming the first bad line.
    pub fn parse_dimacs(reader: impl BufRead) -> Result<Graph, DimacsError> {
        let mut graph: Option<(Graph, usize)> = None;
        for (index, text) in reader.lines().enumerate() {
            let line = index + 1;
            let text = text.map_err(|source| DimacsError::Io { line, source })?;
            let mut words = text.split_whitespace();
            match words.next() {
                None | Some("c") => {}
                Some("p") => {
                    if let Some((_, first)) = graph {
                        return Err(DimacsError::SecondProblem { line, first });
                    }
                    let bad = || DimacsError::BadProblem {
                        line,
                        found: text.trim().to_owned(),
                    };
                    let (Some("edge" | "col" | "edges"), Some(v), Some(e), None) =
                        (words.next(), words.next(), words.next(), words.next())
                    else {
                        return Err(bad());
                    };
                    let vertices: u32 = v.parse().map_err(|_| bad())?;
                    let _: u64 = e.parse().map_err(|_| bad())?;
                    graph = Some((Graph::new(vertices as usize), line));
                }
                Some("e") => {
                    let Some((g, _)) = graph.as_mut() else {
                        return Err(DimacsError::EdgeBeforeProblem { line });
                    };
                    let bad = || DimacsError::BadEdge {
                        line,
                        found: text.trim().to_owned(),
                    };
                    let (Some(u), Some(v), None) = (words.next(), words.next(), words.next())
                    else {
                        return Err(bad());
                    };
                    let u: u64 = u.parse().map_err(|_| bad())?;
                    let v: u64 = v.parse().map_err(|_| bad())?;
                    let vertices = g.vertices();
                    for vertex in [u, v] {
                        if vertex == 0 || vertex > vertices as u64 {
                            return Err(DimacsError::NoSuchVertex {
                                line,
                                vertex,
                                vertices,
                            });
                        }
                    }
                    if u == v {
                        return Err(DimacsError::Loop { line, vertex: u });
                    }
                    g.add_edge(u as usize - 1, v as usize - 1);
                }
                Some(_) => {
                    return Err(DimacsError::UnknownLine {
                        line,
                        found: text.trim().to_owned(),
                    });
                }
            }
        }
        graph.map(|(g, _)| g).ok_or(DimacsError::NoProblem)
    }
}

/// A colour given to a vertex: the choice of the colouring [`Problem`].
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Paint {
    /// The vertex.
    pub vertex: u32,
    /// The colour, from 0.
    pub colour: u8,
}

/// The colours open at a vertex, ascending, as a bitset.
#[derive(Clone, Copy, Debug)]
pub struct Colours {
    vertex: u32,
    colours: u128,
}

impl Iterator for Colours {
    type Item = Paint;

    #[inline]
    fn next(&mut self) -> Option<Paint> {
        if self.colours == 0 {
            return None;
        }
        let colour = self.colours.trailing_zeros() as u8;
        self.colours &= self.colours - 1;
        Some(Paint {
            vertex: self.vertex,
            colour,
        })
    }
}

/// Colouring a graph with `k` colours, as a search [`Problem`].
///
/// Made by [`Coloring::new`], every proper colouring with the colours
/// `0..k` is a solution. Made by [`Coloring::classes`], colourings that
/// differ only by a renaming of the colours are found once: a colour may be
/// used only once every lower colour is, so each class is found in the
/// form that introduces its colours in ascending order along the search.
///
/// # Complexity
///
/// `choices` scans the vertices and the colours: O(V + k); `apply` and
/// `undo` touch the neighbours of one vertex. Memory is O(V k + E).
///
/// # Example
///
/// ```
/// use puzzles::coloring::{Coloring, Graph};
///
/// let square = Graph::cycle(4);
/// // 2 colours: vertices 0 and 2 take one colour, 1 and 3 the other.
/// assert_eq!(backtrack::count(Coloring::new(&square, 2)?), 2);
/// assert_eq!(backtrack::count(Coloring::classes(&square, 2)?), 1);
/// // (k-1)^n + (-1)^n (k-1) colourings of C_n with k colours.
/// assert_eq!(backtrack::count(Coloring::new(&square, 3)?), 18);
/// # Ok::<(), puzzles::coloring::ColoringError>(())
/// ```
#[derive(Clone, Debug)]
pub struct Coloring<'g> {
    graph: &'g Graph,
    k: usize,
    classes: bool,
    /// The colour of each vertex, or [`UNCOLOURED`].
    colours: Vec<u8>,
    /// How many neighbours of vertex `v` have colour `c`, at `v * k + c`.
    seen: Vec<u32>,
    /// The number of distinct colours among each vertex's neighbours.
    saturation: Vec<u32>,
    /// The number of vertices of each colour.
    class_size: Vec<u32>,
    /// The colours in use: with `classes`, always `0..used`.
    used: usize,
    uncoloured: usize,
}

const UNCOLOURED: u8 = u8::MAX;

impl<'g> Coloring<'g> {
    /// Every proper colouring of `graph` with the colours `0..k`.
    ///
    /// # Errors
    ///
    /// [`ColoringError::TooManyColours`] if `k` exceeds [`MAX_COLOURS`].
    pub fn new(graph: &'g Graph, k: usize) -> Result<Coloring<'g>, ColoringError> {
        if k > MAX_COLOURS {
            return Err(ColoringError::TooManyColours(k));
        }
        let n = graph.vertices();
        Ok(Coloring {
            graph,
            k,
            classes: false,
            colours: vec![UNCOLOURED; n],
            seen: vec![0; n * k],
            saturation: vec![0; n],
            class_size: vec![0; k],
            used: 0,
            uncoloured: n,
        })
    }

    /// The proper colourings of `graph` with at most `k` colours, one per
    /// class of colourings equal up to a renaming of the colours.
    ///
    /// # Errors
    ///
    /// [`ColoringError::TooManyColours`] if `k` exceeds [`MAX_COLOURS`].
    pub fn classes(graph: &'g Graph, k: usize) -> Result<Coloring<'g>, ColoringError> {
        Ok(Coloring {
            classes: true,
            ..Coloring::new(graph, k)?
        })
    }

    /// The colour of each vertex so far (`None` while uncoloured).
    pub fn colour(&self, vertex: usize) -> Option<usize> {
        let colour = self.colours[vertex];
        (colour != UNCOLOURED).then_some(colour as usize)
    }

    /// The colour of every vertex; meaningful at a solution, where every
    /// vertex is coloured (an uncoloured vertex shows as `usize::MAX`).
    pub fn colouring(&self) -> Vec<usize> {
        (0..self.colours.len())
            .map(|v| self.colour(v).unwrap_or(usize::MAX))
            .collect()
    }

    /// The number of distinct colours used so far.
    pub fn colours_used(&self) -> usize {
        self.used
    }
}

impl Problem for Coloring<'_> {
    type Choice = Paint;
    type Choices = Colours;

    fn choices(&self) -> Colours {
        let mut best: Option<(u32, usize, usize)> = None;
        for (v, &colour) in self.colours.iter().enumerate() {
            if colour != UNCOLOURED {
                continue;
            }
            let key = (self.saturation[v], self.graph.degree(v), usize::MAX - v);
            if best.is_none_or(|b| key > b) {
                best = Some(key);
            }
        }
        let Some((_, _, inverse)) = best else {
            return Colours {
                vertex: 0,
                colours: 0,
            };
        };
        let v = usize::MAX - inverse;
        let limit = if self.classes {
            self.k.min(self.used + 1)
        } else {
            self.k
        };
        let seen = &self.seen[v * self.k..v * self.k + limit];
        let colours = seen
            .iter()
            .enumerate()
            .filter(|&(_, &count)| count == 0)
            .fold(0u128, |set, (c, _)| set | 1 << c);
        Colours {
            vertex: v as u32,
            colours,
        }
    }

    fn apply(&mut self, paint: Paint) {
        let (v, c) = (paint.vertex as usize, paint.colour as usize);
        self.colours[v] = paint.colour;
        self.uncoloured -= 1;
        if self.class_size[c] == 0 {
            self.used += 1;
        }
        self.class_size[c] += 1;
        for &w in &self.graph.adjacency[v] {
            let seen = &mut self.seen[w as usize * self.k + c];
            *seen += 1;
            if *seen == 1 {
                self.saturation[w as usize] += 1;
            }
        }
    }

    fn undo(&mut self, paint: Paint) {
        let (v, c) = (paint.vertex as usize, paint.colour as usize);
        for &w in &self.graph.adjacency[v] {
            let seen = &mut self.seen[w as usize * self.k + c];
            *seen -= 1;
            if *seen == 0 {
                self.saturation[w as usize] -= 1;
            }
        }
        self.class_size[c] -= 1;
        if self.class_size[c] == 0 {
            self.used -= 1;
        }
        self.uncoloured += 1;
        self.colours[v] = UNCOLOURED;
    }

    fn is_solution(&self) -> bool {
        self.uncoloured == 0
    }
}

/// A proper colouring of `graph` with at most `k` colours (numbered from
/// 0), or `None` if there is none.
///
/// # Errors
///
/// [`ColoringError::TooManyColours`] if `k` exceeds [`MAX_COLOURS`].
pub fn find(graph: &Graph, k: usize) -> Result<Option<Vec<usize>>, ColoringError> {
    let mut search = Search::new(Coloring::classes(graph, k)?);
    Ok(search
        .next_solution()
        .is_some()
        .then(|| search.problem().colouring()))
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
    let mut total = 0u128;
    let _ = backtrack::for_each(Coloring::classes(graph, k)?, |state, _| {
        let used = state.colours_used();
        total += (0..used).map(|i| (k - i) as u128).product::<u128>();
        ControlFlow::Continue(())
    });
    Ok(total)
}

/// The fewest colours a graph can be properly coloured with, and such a
/// colouring.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Chromatic {
    /// The number of colours `colouring` uses: the chromatic number once
    /// the search is complete, an upper bound on it otherwise.
    pub colours: usize,
    /// A proper colouring with `colours` colours, numbered from 0.
    pub colouring: Vec<usize>,
    /// A lower bound on the chromatic number: the size of a clique found
    /// greedily, or more once smaller counts are ruled out.
    pub lower_bound: usize,
}

/// The chromatic number of `graph` and a colouring that shows it.
///
/// See [`chromatic_number_within`], with no limits.
///
/// # Errors
///
/// [`ColoringError::TooManyColours`] if the search would need more than
/// [`MAX_COLOURS`] colours.
pub fn chromatic_number(graph: &Graph) -> Result<Chromatic, ColoringError> {
    Ok(chromatic_number_within(graph, &Limits::default())?.value)
}

/// The chromatic number of `graph`, searched within `limits`.
///
/// A greedy DSATUR colouring gives an upper bound and a greedy clique a
/// lower one; then a search for a colouring with one colour fewer than the
/// best so far runs until one is proved impossible. The deadline and the
/// cancel flag of `limits` bound the whole; a node budget bounds each of
/// the searches. If a limit stops it, the report holds the best colouring
/// found and the bounds known, with the outcome saying which limit.
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
/// [`MAX_COLOURS`] colours.
pub fn chromatic_number_within(
    graph: &Graph,
    limits: &Limits,
) -> Result<Report<Chromatic>, ColoringError> {
    let colouring = greedy(graph);
    let mut best = Chromatic {
        colours: colouring.iter().map(|&c| c + 1).max().unwrap_or(0),
        colouring,
        lower_bound: clique_bound(graph),
    };
    while best.colours > best.lower_bound {
        let k = best.colours - 1;
        let mut search = Search::new(Coloring::classes(graph, k)?).with_limits(limits.clone());
        match search.for_each(|_, _| ControlFlow::Break(())) {
            Outcome::Stopped(Stop::Requested) => {
                let state = search.problem();
                best.colours = state.colours_used();
                best.colouring = state.colouring();
            }
            Outcome::Complete => best.lower_bound = best.colours,
            stopped => {
                return Ok(Report {
                    value: best,
                    outcome: stopped,
                });
            }
        }
    }
    Ok(Report {
        value: best,
        outcome: Outcome::Complete,
    })
}

/// DSATUR's greedy colouring: each vertex in DSATUR order takes the lowest
/// colour its neighbours leave free. No backtracking, any number of colours.
fn greedy(graph: &Graph) -> Vec<usize> {
    let n = graph.vertices();
    let mut colour = vec![usize::MAX; n];
    let mut neighbour_colours: Vec<Vec<usize>> = vec![Vec::new(); n];
    for _ in 0..n {
        let v = (0..n)
            .filter(|&v| colour[v] == usize::MAX)
            .max_by_key(|&v| (neighbour_colours[v].len(), graph.degree(v), usize::MAX - v))
            .unwrap_or_default();
        let taken = &neighbour_colours[v];
        let c = (0..)
            .find(|c| taken.binary_search(c).is_err())
            .unwrap_or_default();
        colour[v] = c;
        for w in graph.neighbours(v) {
            if let Err(at) = neighbour_colours[w].binary_search(&c) {
                neighbour_colours[w].insert(at, c);
            }
        }
    }
    colour
}

/// The size of a clique found greedily from each vertex in turn: a lower
/// bound on the chromatic number.
fn clique_bound(graph: &Graph) -> usize {
    let mut best = usize::from(graph.vertices() > 0);
    for v in 0..graph.vertices() {
        let mut clique = vec![v];
        let mut candidates: Vec<usize> = graph.neighbours(v).collect();
        // Highest degree first: a crude but cheap guess at who joins.
        candidates.sort_by_key(|&w| std::cmp::Reverse(graph.degree(w)));
        for w in candidates {
            if clique
                .iter()
                .all(|&u| graph.adjacency[u].binary_search(&(w as u32)).is_ok())
            {
                clique.push(w);
            }
        }
        best = best.max(clique.len());
    }
    best
}
