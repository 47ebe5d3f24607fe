//! Peeling: the vertices a search never needs to see.
//!
//! A vertex with fewer than `k` neighbours can always be coloured last with
//! one of `k` colours, whatever its neighbours got. So, given a lower bound
//! `k` on the chromatic number, the vertices of degree below `k` are
//! removed one by one (each removal may lower its neighbours' degrees),
//! leaving the graph's `k`-core; the core is coloured by the search, and the
//! removed vertices are put back in the reverse order of their removal,
//! each taking the smallest colour its coloured neighbours leave free: at
//! most `k - 1` of them are coloured then, so it is one of the first `k`.
//! The chromatic number of the graph is that of the core, or `k` if larger.
//!
//! Isolated vertices, trees hanging off a graph and sparse fringes vanish
//! this way in time linear in the graph's size, before any search.

use super::Graph;

/// A clique found greedily from the vertices of highest degree, on the
/// adjacency lists: a lower bound that costs about a pass over the edges
/// of a few vertices, whatever the graph's size.
pub(crate) fn sparse_clique(graph: &Graph, starts: usize) -> Vec<usize> {
    let n = graph.vertices();
    let mut by_degree: Vec<usize> = (0..n).collect();
    by_degree.sort_by_key(|&v| (usize::MAX - graph.degree(v), v));
    let mut best = Vec::new();
    for &v in by_degree.iter().take(starts) {
        let mut clique = vec![v];
        // The candidates: common neighbours of the clique so far.
        let mut candidates: Vec<usize> = graph.neighbours(v).collect();
        while let Some(&w) = candidates
            .iter()
            .max_by_key(|&&w| (graph.degree(w), usize::MAX - w))
        {
            clique.push(w);
            candidates.retain(|&u| u != w && graph.is_edge(u, w));
        }
        if clique.len() > best.len() {
            best = clique;
        }
    }
    best
}

/// The vertices of `graph`'s `k`-core, ascending, and the others in the
/// order they were peeled off.
///
/// # Complexity
///
/// O(V + E).
pub(crate) fn peel(graph: &Graph, k: usize) -> (Vec<usize>, Vec<usize>) {
    let n = graph.vertices();
    let mut degree: Vec<usize> = (0..n).map(|v| graph.degree(v)).collect();
    let mut removed = vec![false; n];
    let mut order = Vec::new();
    let mut queue: Vec<usize> = (0..n).filter(|&v| degree[v] < k).collect();
    while let Some(v) = queue.pop() {
        if removed[v] {
            continue;
        }
        removed[v] = true;
        order.push(v);
        for w in graph.neighbours(v) {
            if !removed[w] {
                degree[w] -= 1;
                if degree[w] + 1 == k {
                    queue.push(w);
                }
            }
        }
    }
    let core = (0..n).filter(|&v| !removed[v]).collect();
    (core, order)
}

/// The subgraph on `vertices` (ascending), renumbered in their order.
pub(crate) fn induced(graph: &Graph, vertices: &[usize]) -> Graph {
    let mut index = vec![u32::MAX; graph.vertices()];
    for (i, &v) in vertices.iter().enumerate() {
        index[v] = i as u32;
    }
    let mut sub = Graph::new(vertices.len());
    for (i, &v) in vertices.iter().enumerate() {
        for w in graph.neighbours(v) {
            let j = index[w];
            if j != u32::MAX && (i as u32) < j {
                sub.add_edge(i, j as usize);
            }
        }
    }
    sub
}

/// Puts the peeled vertices back, last peeled first, each with the
/// smallest colour its coloured neighbours leave free.
pub(crate) fn put_back(graph: &Graph, colouring: &mut [usize], peeled: &[usize]) {
    let mut taken = Vec::new();
    for &v in peeled.iter().rev() {
        taken.clear();
        taken.extend(
            graph
                .neighbours(v)
                .map(|w| colouring[w])
                .filter(|&c| c != usize::MAX),
        );
        taken.sort_unstable();
        taken.dedup();
        colouring[v] = taken
            .iter()
            .enumerate()
            .find(|&(i, &c)| i != c)
            .map_or(taken.len(), |(i, _)| i);
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn isolated_vertices_and_paths_peel_away_entirely() {
        let empty = Graph::new(100_000);
        let (core, peeled) = peel(&empty, 1);
        assert!(core.is_empty());
        assert_eq!(peeled.len(), 100_000);
        let mut path = Graph::new(100_000);
        for v in 1..100_000 {
            path.add_edge(v - 1, v);
        }
        let (core, peeled) = peel(&path, 2);
        assert!(core.is_empty());
        assert_eq!(peeled.len(), 100_000);
    }

    #[test]
    fn a_clique_is_its_own_core_and_its_fringe_goes() {
        let mut g = Graph::complete(5);
        let tail = g.vertices();
        let mut bigger = Graph::new(tail + 3);
        for (u, v) in g.edge_list() {
            bigger.add_edge(u, v);
        }
        bigger.add_edge(0, tail);
        bigger.add_edge(tail, tail + 1);
        bigger.add_edge(tail + 1, tail + 2);
        g = bigger;
        let clique = sparse_clique(&g, 4);
        assert_eq!(clique.len(), 5);
        // Below 4 neighbours: the tail goes, the clique stays.
        let (core, peeled) = peel(&g, 4);
        assert_eq!(core, [0, 1, 2, 3, 4]);
        assert_eq!(peeled.len(), 3);
        let mut colouring = vec![usize::MAX; g.vertices()];
        for (c, &v) in core.iter().enumerate() {
            colouring[v] = c;
        }
        put_back(&g, &mut colouring, &peeled);
        assert!(g.is_proper(&colouring));
        assert!(colouring.iter().all(|&c| c < 5));
        // Below 5, everything goes (a clique vertex has 4 in the clique),
        // and putting it all back still takes at most 5 colours.
        let (core, peeled) = peel(&g, 5);
        assert!(core.is_empty());
        let mut colouring = vec![usize::MAX; g.vertices()];
        put_back(&g, &mut colouring, &peeled);
        assert!(g.is_proper(&colouring));
        assert!(colouring.iter().all(|&c| c < 5));
    }
}
