use backtrack::{Limits, Parallel, Search};
use puzzles::coloring::{self, Coloring, DimacsError, Graph};

/// Every solution of `problem`, checked edge by edge; their number.
fn count_checked(graph: &Graph, problem: Coloring<'_>) -> u64 {
    let mut count = 0;
    let _ = backtrack::for_each(problem, |state, _| {
        let colouring = state.colouring();
        assert!(
            graph.edge_list().all(|(u, v)| colouring[u] != colouring[v]),
            "{colouring:?}"
        );
        count += 1;
        std::ops::ControlFlow::Continue(())
    });
    count
}

#[test]
fn petersen_has_120_three_colourings() {
    let petersen = Graph::petersen();
    assert_eq!((petersen.vertices(), petersen.edges()), (10, 15));
    assert_eq!(
        count_checked(&petersen, Coloring::new(&petersen, 3).unwrap()),
        120
    );
    // Each class of 3 colours stands for 3! colourings.
    assert_eq!(
        count_checked(&petersen, Coloring::classes(&petersen, 3).unwrap()),
        20
    );
    assert_eq!(coloring::count(&petersen, 3).unwrap(), 120);
    assert_eq!(coloring::count(&petersen, 2).unwrap(), 0);
}

#[test]
fn cycles_follow_the_chromatic_polynomial() {
    for n in 3..=9usize {
        let cycle = Graph::cycle(n);
        for k in 1..=4i64 {
            let formula = (k - 1).pow(n as u32) + if n % 2 == 0 { k - 1 } else { 1 - k };
            let searched = count_checked(&cycle, Coloring::new(&cycle, k as usize).unwrap());
            assert_eq!(searched as i64, formula, "C_{n} with {k} colours");
            assert_eq!(coloring::count(&cycle, k as usize).unwrap() as i64, formula);
        }
    }
}

#[test]
fn chromatic_numbers_of_small_graphs() {
    let cases = [
        ("C_5", Graph::cycle(5), 3),
        ("C_8", Graph::cycle(8), 2),
        ("K_1", Graph::complete(1), 1),
        ("K_6", Graph::complete(6), 6),
        ("Petersen", Graph::petersen(), 3),
        ("Grötzsch (myciel3)", Graph::mycielski(4), 4),
        ("myciel4", Graph::mycielski(5), 5),
        ("queen5_5", Graph::queens(5, 5), 5),
        ("queen6_6", Graph::queens(6, 6), 7),
        ("queen7_7", Graph::queens(7, 7), 7),
        ("queen8_8", Graph::queens(8, 8), 9),
        ("queen8_12", Graph::queens(8, 12), 12),
        ("no vertex", Graph::new(0), 0),
        ("no edge", Graph::new(4), 1),
    ];
    for (name, graph, expected) in cases {
        let chromatic = coloring::chromatic_number(&graph).unwrap();
        assert_eq!(chromatic.colours, expected, "{name}");
        assert_eq!(chromatic.lower_bound, expected, "{name}");
        assert!(graph.is_proper(&chromatic.colouring), "{name}");
        let used: std::collections::BTreeSet<_> = chromatic.colouring.iter().collect();
        assert_eq!(used.len(), expected, "{name}");
        // And nothing smaller: no colouring with one colour fewer, by a
        // plain search without the bound (too slow on the larger graphs,
        // whose bound is a row of queens: a clique anyone can check).
        if expected > 0 && graph.vertices() <= 36 {
            assert_eq!(
                coloring::find(&graph, expected - 1).unwrap(),
                None,
                "{name}"
            );
        }
    }
}

#[test]
fn chromatic_numbers_of_generated_families() {
    let mut cases = Vec::new();
    for n in 1..=9 {
        cases.push((format!("K_{n}"), Graph::complete(n), n));
    }
    for n in (3..=15).step_by(2) {
        cases.push((format!("C_{n}"), Graph::cycle(n), 3));
        cases.push((format!("C_{}", n + 1), Graph::cycle(n + 1), 2));
    }
    for k in 1..=5 {
        cases.push((format!("Mycielski {k}"), Graph::mycielski(k), k));
    }
    for (name, graph, expected) in cases {
        let chromatic = coloring::chromatic_number(&graph).unwrap();
        assert_eq!(chromatic.colours, expected, "{name}");
        assert_eq!(chromatic.lower_bound, expected, "{name}");
        assert!(graph.is_proper(&chromatic.colouring), "{name}");
        if expected > 1 {
            assert_eq!(
                coloring::find(&graph, expected - 1).unwrap(),
                None,
                "{name}"
            );
        }
    }
}

#[test]
fn a_stopped_search_reports_the_best_colouring_and_the_clique() {
    let graph = Graph::queens(8, 8);
    let report = coloring::chromatic_number_within(&graph, &Limits::default().nodes(100)).unwrap();
    assert!(report.outcome.is_limited());
    // A row of the board is a clique of 8; the best colouring so far
    // uses at least the 9 colours the board needs.
    assert_eq!(report.value.lower_bound, 8);
    assert!(report.value.colours >= 9);
    assert!(graph.is_proper(&report.value.colouring));
    let used: std::collections::BTreeSet<_> = report.value.colouring.iter().collect();
    assert_eq!(used.len(), report.value.colours);
}

#[test]
fn mycielski_graphs_have_the_dimacs_sizes_and_no_triangle() {
    for (k, vertices, edges) in [(4, 11, 20), (5, 23, 71), (6, 47, 236)] {
        let g = Graph::mycielski(k);
        assert_eq!((g.vertices(), g.edges()), (vertices, edges));
        let triangle = g
            .edge_list()
            .any(|(u, v)| g.neighbours(u).any(|w| g.neighbours(v).any(|x| x == w)));
        assert!(!triangle);
    }
    assert_eq!(Graph::queens(5, 5).edges(), 160);
}

#[test]
fn the_parallel_count_agrees() {
    for graph in [Graph::petersen(), Graph::mycielski(4), Graph::queens(4, 4)] {
        for k in [3, 4, 5] {
            let problem = Coloring::new(&graph, k).unwrap();
            let sequential = backtrack::count(problem.clone());
            let parallel = Parallel::auto().threads(2).count(&problem);
            assert_eq!(parallel.complete(), Some(sequential));
            assert_eq!(coloring::count(&graph, k).unwrap(), sequential);
        }
    }
}

#[test]
fn a_limit_stops_the_chromatic_search_honestly() {
    let graph = Graph::mycielski(5);
    let report = coloring::chromatic_number_within(&graph, &Limits::default().nodes(10)).unwrap();
    assert!(report.outcome.is_limited());
    assert!(graph.is_proper(&report.value.colouring));
    assert!(report.value.lower_bound < 5 && report.value.colours >= 5);
}

#[test]
fn found_colourings_are_proper() {
    let graph = Graph::queens(6, 6);
    for k in [7, 8, 9] {
        let colouring = coloring::find(&graph, k).unwrap().unwrap();
        assert!(graph.is_proper(&colouring));
        assert!(colouring.iter().all(|&c| c < k));
    }
    let mut search = Search::new(Coloring::new(&graph, 7).unwrap());
    for _ in 0..50 {
        search.next_solution().unwrap();
        assert!(graph.is_proper(&search.problem().colouring()));
    }
}

/// The DIMACS files of `examples/data` are these generators' output;
/// `REGENERATE_DATA=1 cargo test -p puzzles data_files` rewrites them.
#[test]
fn the_data_files_are_the_generated_graphs() {
    let files = [
        (
            "myciel3.col",
            "myciel3: the Grötzsch graph, the Mycielski graph with chromatic number 4",
            Graph::mycielski(4),
        ),
        (
            "myciel4.col",
            "myciel4: the Mycielski graph with chromatic number 5",
            Graph::mycielski(5),
        ),
        (
            "queen5_5.col",
            "queen5_5: the queen graph of a 5x5 board, chromatic number 5",
            Graph::queens(5, 5),
        ),
        (
            "queen6_6.col",
            "queen6_6: the queen graph of a 6x6 board, chromatic number 7",
            Graph::queens(6, 6),
        ),
        (
            "queen7_7.col",
            "queen7_7: the queen graph of a 7x7 board, chromatic number 7\nGenerated by puzzles::coloring::Graph::queens(7, 7).to_dimacs",
            Graph::queens(7, 7),
        ),
        (
            "queen8_8.col",
            "queen8_8: the queen graph of a 8x8 board, chromatic number 9\nGenerated by puzzles::coloring::Graph::queens(8, 8).to_dimacs",
            Graph::queens(8, 8),
        ),
        (
            "queen8_12.col",
            "queen8_12: the queen graph of a 8x12 board, chromatic number 12\nGenerated by puzzles::coloring::Graph::queens(8, 12).to_dimacs",
            Graph::queens(8, 12),
        ),
    ];
    let dir = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("../../examples/data");
    for (name, comment, graph) in files {
        let text = graph.to_dimacs(comment);
        let path = dir.join(name);
        if std::env::var_os("REGENERATE_DATA").is_some() {
            std::fs::write(&path, &text).unwrap();
        }
        assert_eq!(std::fs::read_to_string(&path).unwrap(), text, "{name}");
        assert_eq!(
            Graph::parse_dimacs(text.as_bytes()).unwrap(),
            graph,
            "{name}"
        );
    }
}

#[test]
fn dimacs_accepts_both_directions_and_comments() {
    let text = "c a square\n\np edge 4 8\ne 1 2\ne 2 1\ne 2 3\ne 3 4\ne 4 1\n";
    let g = Graph::parse_dimacs(text.as_bytes()).unwrap();
    assert_eq!(g, Graph::cycle(4));
}

#[test]
fn bad_dimacs_names_the_line() {
    let cases: [(&str, &str); 8] = [
        (
            "c nothing\n",
            "no 'p edge VERTICES EDGES' line: the input does not describe a graph",
        ),
        (
            "e 1 2\np edge 2 1\n",
            "line 1: an edge before the 'p edge VERTICES EDGES' line",
        ),
        (
            "p edge two 1\n",
            "line 1: expected 'p edge VERTICES EDGES', got \"p edge two 1\"",
        ),
        (
            "p edge 2 1\np edge 2 1\n",
            "line 2: a second problem line (the first is on line 1)",
        ),
        (
            "p edge 3 1\nc\ne 1\n",
            "line 3: expected 'e U V' with two vertex numbers, got \"e 1\"",
        ),
        (
            "p edge 3 1\ne 1 4\n",
            "line 2: vertex 4 does not exist (the vertices are 1 to 3)",
        ),
        (
            "p edge 3 1\ne 2 2\n",
            "line 2: vertex 2 is joined to itself, so the graph has no colouring",
        ),
        (
            "p edge 3 1\nx 1 2\n",
            "line 2: expected a 'c', 'p' or 'e' line, got \"x 1 2\"",
        ),
    ];
    for (text, message) in cases {
        let error: DimacsError = Graph::parse_dimacs(text.as_bytes()).unwrap_err();
        assert_eq!(error.to_string(), message);
    }
}

#[test]
fn an_endless_comment_line_is_refused_at_the_line_maximum() {
    let max = coloring::READ_LIMITS.line;
    let mut text = b"p edge 2 1\n".to_vec();
    text.push(b'c');
    text.resize(text.len() + max, b' ');
    text.extend_from_slice(b"\ne 1 2\n");
    let error = Graph::parse_dimacs(&text[..]).unwrap_err();
    assert_eq!(
        error.to_string(),
        format!("line 2 is longer than {max} bytes")
    );
    assert!(matches!(error, DimacsError::Read(_)), "{error:?}");
    // One byte less and it is a comment.
    text.remove(20);
    assert_eq!(Graph::parse_dimacs(&text[..]).unwrap().edges(), 1);
}

#[test]
fn a_head_of_dev_zero_is_refused_as_a_long_line() {
    use std::io::{BufReader, Read};
    let zero = std::fs::File::open("/dev/zero").unwrap().take(16 << 20);
    let error = Graph::parse_dimacs(BufReader::new(zero)).unwrap_err();
    assert!(
        error.to_string().starts_with("line 1 is longer than"),
        "{error}"
    );
}
