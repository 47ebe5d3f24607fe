//! `puzzles::coloring::Graph::parse_dimacs`, the DIMACS `.col` reader.

use proptest::prelude::*;
use puzzles::coloring::{Graph, MAX_VERTICES};

use crate::{assert_memory, assert_short_message, mutate, mutations};

fn check(text: &[u8]) {
    let (parsed, peak) = fuzz::peak_during(|| Graph::parse_dimacs_declared(text));
    assert_memory(peak, text.len(), "Graph::parse_dimacs");
    match parsed {
        Ok((graph, _)) => {
            assert!(graph.vertices() <= MAX_VERTICES);
            // What was read prints and reads back as itself.
            let again = Graph::parse_dimacs(graph.to_dimacs("again").as_bytes()).unwrap();
            assert_eq!(again, graph);
        }
        Err(e) => assert_short_message(&e.to_string(), "Graph::parse_dimacs"),
    }
}

/// A graph of up to 40 vertices with edges drawn at random.
fn graph() -> impl Strategy<Value = Graph> {
    (0..40usize).prop_flat_map(|vertices| {
        let pairs = if vertices < 2 {
            Just(Vec::new()).boxed()
        } else {
            prop::collection::vec((0..vertices, 0..vertices), 0..120).boxed()
        };
        pairs.prop_map(move |pairs| {
            Graph::from_edges(vertices, pairs.into_iter().filter(|(u, v)| u != v))
        })
    })
}

proptest! {
    #![proptest_config(fuzz::cases(3000))]

    #[test]
    fn parse_of_any_bytes(bytes in prop::collection::vec(any::<u8>(), 0..200)) {
        check(&bytes);
    }

    #[test]
    fn parse_of_dimacs_like_lines(
        text in "(c[ a-z]{0,5}\n|p (edge|col|x) [0-9]{1,8} [0-9]{1,3}\n|e [0-9]{1,7} [0-9]{1,7}\n| *\n|e 1\n){0,20}"
    ) {
        check(text.as_bytes());
    }

    #[test]
    fn parse_gives_back_the_graph(graph in graph(), both_ways in any::<bool>()) {
        let mut text = graph.to_dimacs("a random graph");
        if both_ways {
            // Many files list each edge in both directions: still one edge.
            for (u, v) in graph.edge_list() {
                text.push_str(&format!("e {} {}\n", v + 1, u + 1));
            }
        }
        let (read, declared) = Graph::parse_dimacs_declared(text.as_bytes()).unwrap();
        prop_assert_eq!(declared, graph.edges() as u64);
        prop_assert_eq!(read, graph);
    }

    #[test]
    fn parse_of_mutated_graphs(graph in graph(), mutations in mutations()) {
        let bytes = mutate(graph.to_dimacs("mutated").into_bytes(), &mutations);
        check(&bytes);
    }
}

#[test]
fn many_vertices_take_no_memory_of_their_own() {
    // Short inputs that declare or name the largest vertex: the memory is
    // that of the edges, not of the vertices.
    for text in [
        format!("p edge {MAX_VERTICES} 0\n"),
        format!("p edge {MAX_VERTICES} 1\ne {MAX_VERTICES} 1\n"),
        format!(
            "p edge {MAX_VERTICES} 2\ne {MAX_VERTICES} 1\ne 2 {}\n",
            MAX_VERTICES - 1
        ),
    ] {
        check(text.as_bytes());
    }
    let too_many = format!("p edge {} 0\n", MAX_VERTICES + 1);
    let e = Graph::parse_dimacs(too_many.as_bytes()).unwrap_err();
    assert!(e.to_string().contains("more than the 1048576"), "{e}");
}

#[test]
fn a_star_listed_backwards_is_read_in_near_linear_time() {
    // Inserting each edge into a sorted list would move the whole list
    // every time: quadratic. 200,000 edges at one vertex, highest first.
    let n = 200_001;
    let mut text = format!("p edge {n} {}\n", n - 1);
    for v in (2..=n).rev() {
        text.push_str(&format!("e 1 {v}\n"));
    }
    let graph = Graph::parse_dimacs(text.as_bytes()).unwrap();
    assert_eq!(graph.degree(0), n - 1);
    assert!(graph.neighbours(0).eq(1..n));
}
