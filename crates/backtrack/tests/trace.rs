//! The trace of a walk against the engine's own statistics and solutions.

use backtrack::{Event, Kind, Problem, Search};

use crate::toys::*;

/// The paths of the trace's solutions, rebuilt from the tree's labels.
fn solution_paths(trace: &backtrack::Trace) -> Vec<Vec<String>> {
    let mut paths = Vec::new();
    for (id, node) in trace.nodes.iter().enumerate() {
        if node.kind != Kind::Solution {
            continue;
        }
        let mut path = Vec::new();
        let mut at = Some(id);
        while let Some(i) = at {
            if trace.nodes[i].parent.is_some() {
                path.push(trace.nodes[i].label.clone());
            }
            at = trace.nodes[i].parent;
        }
        path.reverse();
        paths.push(path);
    }
    paths
}

fn check_complete<P: Problem + Clone>(problem: P)
where
    P::Choice: std::fmt::Debug,
{
    let trace = backtrack::trace(problem.clone(), usize::MAX, |_, c| format!("{c:?}"));
    let mut search = Search::new(problem.clone());
    assert!(search.count().outcome.is_complete());
    let stats = search.stats();
    assert!(!trace.cut);
    assert_eq!(trace.nodes.len() as u64, stats.nodes);
    assert_eq!(trace.count(Kind::Solution) as u64, stats.solutions);
    assert_eq!(trace.count(Kind::DeadEnd) as u64, stats.dead_ends);
    assert_eq!(
        trace.nodes.iter().map(|n| n.depth).max().unwrap_or(0),
        stats.max_depth
    );
    let expected: Vec<Vec<String>> = backtrack::first(problem, usize::MAX)
        .iter()
        .map(|path| path.iter().map(|c| format!("{c:?}")).collect())
        .collect();
    assert_eq!(solution_paths(&trace), expected);
    // The events: every applied node once, undone once, in a balanced walk.
    let mut depth = 0i64;
    let mut applied = 0;
    for event in &trace.events {
        match event {
            Event::Apply(_) => {
                depth += 1;
                applied += 1;
            }
            Event::Undo(_) => depth -= 1,
            Event::DeadEnd(_) | Event::Solution(_) => {}
        }
        assert!(depth >= 0);
    }
    assert_eq!(depth, 0);
    assert_eq!(applied, trace.nodes.len() - 1);
}

#[test]
fn a_complete_trace_matches_the_engine() {
    for n in 1..=5 {
        check_complete(Permutations::new(n));
    }
    check_complete(SubsetSum::new(vec![3, 34, 4, 12, 5, 2], 9));
    check_complete(SubsetSum::new(vec![5, 5, 5], 4));
    check_complete(Chain { depth: 0, at: 0 });
}

#[test]
fn a_cut_trace_is_a_prefix_of_the_walk_and_restores_the_problem() {
    let mut problem = Permutations::new(4);
    let full = backtrack::trace(&mut problem, usize::MAX, |_, c| c.to_string());
    for k in [0, 1, 2, 10, 40] {
        let cut = backtrack::trace(&mut problem, k, |_, c| c.to_string());
        assert!(cut.cut, "k = {k}");
        assert_eq!(cut.nodes.len(), k);
        assert_eq!(cut.nodes[..], full.nodes[..k]);
        assert_eq!((problem.used, problem.len), (0, 0));
    }
    let text = backtrack::trace(&mut problem, 4, |_, c| c.to_string()).to_string();
    assert_eq!(text, "root\n  0\n    1\n      2\n(cut after 4 nodes)\n");
}

#[test]
fn labels_see_the_state_before_the_choice() {
    let trace = backtrack::trace(Permutations::new(3), usize::MAX, |p, c| {
        format!("{}={c}", p.len)
    });
    assert_eq!(trace.nodes[1].label, "0=0");
    assert_eq!(trace.nodes[2].label, "1=1");
}
