//! The [`Graph`] and its classic families.

use std::collections::BTreeMap;

use super::Graph;

impl Graph {
    /// A graph with `vertices` vertices and no edge. It takes no memory
    /// per vertex: only edges do.
    ///
    /// # Panics
    ///
    /// If `vertices` is above 2^32 (vertices are numbered in a `u32`).
    pub fn new(vertices: usize) -> Graph {
        assert!(
            vertices as u64 <= 1 << 32,
            "{vertices} vertices: at most 2^32 are supported"
        );
        Graph {
            vertices,
            edges: 0,
            adjacency: BTreeMap::new(),
        }
    }

    /// The graph with `vertices` vertices and these edges (an edge given
    /// twice, in either direction, is one edge), built in O(E log E) time
    /// whatever the order of the edges.
    ///
    /// # Panics
    ///
    /// If an edge joins a vertex to itself or names no vertex.
    pub fn from_edges(vertices: usize, edges: impl IntoIterator<Item = (usize, usize)>) -> Graph {
        let mut graph = Graph::new(vertices);
        let mut arcs: Vec<(u32, u32)> = Vec::new();
        for (u, v) in edges {
            assert!(u != v, "vertex {u} cannot be joined to itself");
            assert!(
                u < vertices && v < vertices,
                "edge {u}-{v} in a graph of {vertices} vertices"
            );
            arcs.push((u as u32, v as u32));
            arcs.push((v as u32, u as u32));
        }
        arcs.sort_unstable();
        arcs.dedup();
        graph.edges = arcs.len() / 2;
        for run in arcs.chunk_by(|a, b| a.0 == b.0) {
            graph
                .adjacency
                .insert(run[0].0, run.iter().map(|&(_, w)| w).collect());
        }
        graph
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
        let list = self.adjacency.entry(u as u32).or_default();
        match list.binary_search(&(v as u32)) {
            Ok(_) => false,
            Err(at) => {
                list.insert(at, v as u32);
                let back = self.adjacency.entry(v as u32).or_default();
                // Absent from u's list, so u is absent from v's.
                let at = back.binary_search(&(u as u32)).unwrap_or_else(|at| at);
                back.insert(at, u as u32);
                self.edges += 1;
                true
            }
        }
    }

    /// The number of vertices.
    pub fn vertices(&self) -> usize {
        self.vertices
    }

    /// The number of edges.
    pub fn edges(&self) -> usize {
        self.edges
    }

    /// The neighbours of `v`, ascending.
    pub fn neighbours(&self, v: usize) -> impl Iterator<Item = usize> + '_ {
        self.neighbour_list(v).iter().map(|&w| w as usize)
    }

    /// The neighbours of `v`, ascending, as they are stored.
    pub(crate) fn neighbour_list(&self, v: usize) -> &[u32] {
        u32::try_from(v)
            .ok()
            .and_then(|v| self.adjacency.get(&v))
            .map_or(&[], Vec::as_slice)
    }

    /// The number of neighbours of `v`.
    pub fn degree(&self, v: usize) -> usize {
        self.neighbour_list(v).len()
    }

    /// Every edge once, as `(u, v)` with `u < v`, ascending.
    pub fn edge_list(&self) -> impl Iterator<Item = (usize, usize)> + '_ {
        self.adjacency.iter().flat_map(|(&u, list)| {
            list.iter()
                .filter(move |&&v| v > u)
                .map(move |&v| (u as usize, v as usize))
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

    /// Whether `u` and `v` are joined.
    pub fn is_edge(&self, u: usize, v: usize) -> bool {
        self.neighbour_list(u).binary_search(&(v as u32)).is_ok()
    }
}
