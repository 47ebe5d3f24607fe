//! The DIMACS `.col` format of the standard colouring benchmarks.

use std::fmt::Write as _;
use std::io::BufRead;

use runner::{LineError, LineLimits, Lines, echo};

use super::Graph;

/// The most vertices a DIMACS file may declare. Reading takes memory in
/// proportion to the edges alone; colouring takes some bytes per vertex.
pub const MAX_VERTICES: usize = 1 << 20;

/// The most a DIMACS text may hold: lines (comments too) of 64 KiB, and
/// 1 GiB in all (some 80 million edges).
pub const READ_LIMITS: LineLimits = LineLimits {
    line: 1 << 16,
    total: 1 << 30,
};

/// Why a DIMACS `.col` text does not describe a graph. Every message names
/// the line.
#[derive(Debug, thiserror::Error)]
#[non_exhaustive]
pub enum DimacsError {
    /// The problem line is malformed.
    #[error("line {line}: expected 'p edge VERTICES EDGES', got {:?}", echo(.found))]
    BadProblem {
        /// The line, from 1.
        line: usize,
        /// The line as written (its message repeats the beginning).
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
    #[error("line {line}: expected 'e U V' with two vertex numbers, got {:?}", echo(.found))]
    BadEdge {
        /// The line, from 1.
        line: usize,
        /// The line as written (its message repeats the beginning).
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
    #[error("line {line}: expected a 'c', 'p' or 'e' line, got {:?}", echo(.found))]
    UnknownLine {
        /// The line, from 1.
        line: usize,
        /// The line as written (its message repeats the beginning).
        found: String,
    },
    /// The problem line declares more than [`MAX_VERTICES`] vertices.
    #[error(
        "line {line}: {vertices} vertices is more than the {max} this program colours",
        max = MAX_VERTICES
    )]
    TooManyVertices {
        /// The line, from 1.
        line: usize,
        /// The vertices the problem line declares.
        vertices: u64,
    },
    /// No problem line at all.
    #[error("no 'p edge VERTICES EDGES' line: the input does not describe a graph")]
    NoProblem,
    /// Reading the input failed: a line or the whole text over
    /// [`READ_LIMITS`], a line that is not UTF-8, or the reader failing.
    #[error(transparent)]
    Read(#[from] LineError),
}

impl Graph {
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
    /// skipped. The text is read within [`READ_LIMITS`], checked before a
    /// line is kept.
    ///
    /// # Errors
    ///
    /// A [`DimacsError`] naming the first bad line.
    pub fn parse_dimacs(reader: impl BufRead) -> Result<Graph, DimacsError> {
        Ok(Self::parse_dimacs_declared(reader)?.0)
    }

    /// [`parse_dimacs`](Graph::parse_dimacs), with the number of edges the
    /// problem line declares, for a program to compare with the graph's
    /// (a file listing each edge in both directions declares twice as
    /// many).
    ///
    /// # Errors
    ///
    /// A [`DimacsError`] naming the first bad line; more than
    /// [`MAX_VERTICES`] vertices is one.
    pub fn parse_dimacs_declared(reader: impl BufRead) -> Result<(Graph, u64), DimacsError> {
        let mut declared = 0;
        // The vertices and the line of the problem line, then the edges,
        // 0-based: the graph is built from them at the end, in
        // O(E log E) whatever their order.
        let mut problem: Option<(usize, usize)> = None;
        let mut edges: Vec<(u32, u32)> = Vec::new();
        let mut lines = Lines::new(reader, READ_LIMITS);
        while let Some(read) = lines.next_line() {
            let (line, text) = read?;
            let mut words = text.split_whitespace();
            match words.next() {
                None | Some("c") => {}
                Some("p") => {
                    if let Some((_, first)) = problem {
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
                    let vertices: u64 = v.parse().map_err(|_| bad())?;
                    declared = e.parse().map_err(|_| bad())?;
                    if vertices > MAX_VERTICES as u64 {
                        return Err(DimacsError::TooManyVertices { line, vertices });
                    }
                    problem = Some((vertices as usize, line));
                }
                Some("e") => {
                    let Some((vertices, _)) = problem else {
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
                    // Both at most MAX_VERTICES.
                    edges.push((u as u32 - 1, v as u32 - 1));
                }
                Some(_) => {
                    return Err(DimacsError::UnknownLine {
                        line,
                        found: text.trim().to_owned(),
                    });
                }
            }
        }
        let (vertices, _) = problem.ok_or(DimacsError::NoProblem)?;
        let edges = edges.into_iter().map(|(u, v)| (u as usize, v as usize));
        Ok((Graph::from_edges(vertices, edges), declared))
    }
}
