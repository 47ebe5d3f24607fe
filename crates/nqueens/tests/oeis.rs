//! Counts against OEIS, and every solution the search emits checked by the
//! independent validator.

use std::collections::HashSet;

use backtrack::{Outcome, Search};
use nqueens::{NQueens, Solution, validate};

/// OEIS A000170: the number of solutions on an n x n board, from n = 1.
const A000170: [u128; 16] = [
    1, 0, 0, 2, 10, 4, 40, 92, 352, 724, 2680, 14200, 73712, 365596, 2279184, 14772512,
];

/// OEIS A002562: the number of solutions up to the symmetries of the
/// square, from n = 1.
const A002562: [u128; 16] = [
    1, 0, 0, 1, 2, 1, 6, 12, 46, 92, 341, 1787, 9233, 45752, 285053, 1846955,
];

#[test]
fn engine_counts_match_a000170_up_to_12() {
    for n in 1..=12u32 {
        let mut search = Search::new(NQueens::new(n).unwrap());
        let report = search.count();
        assert_eq!(report.outcome, Outcome::Complete);
        assert_eq!(report.value, A000170[n as usize - 1], "n = {n}");
    }
}

#[test]
fn every_solution_is_valid_distinct_and_in_lexicographic_order() {
    for n in 1..=10u32 {
        let mut previous: Option<Vec<u32>> = None;
        let mut count: u128 = 0;
        let mut search = Search::new(NQueens::new(n).unwrap());
        while let Some(path) = search.next_solution() {
            validate(n, path).unwrap_or_else(|e| panic!("n = {n}, {path:?}: {e}"));
            if let Some(prev) = &previous {
                assert!(prev.as_slice() < path, "n = {n}: {prev:?} then {path:?}");
            }
            previous = Some(path.to_vec());
            count += 1;
        }
        assert_eq!(count, A000170[n as usize - 1], "n = {n}");
    }
}

#[test]
fn canonical_forms_give_a002562_up_to_10() {
    for n in 1..=10u32 {
        let classes: HashSet<Solution> = backtrack::first(NQueens::new(n).unwrap(), usize::MAX)
            .into_iter()
            .map(|columns| Solution::from_columns(columns).canonical())
            .collect();
        assert_eq!(classes.len() as u128, A002562[n as usize - 1], "n = {n}");
    }
}

#[test]
fn the_solutions_are_closed_under_the_symmetries() {
    let all: HashSet<Solution> = backtrack::first(NQueens::new(8).unwrap(), usize::MAX)
        .into_iter()
        .map(Solution::from_columns)
        .collect();
    for solution in &all {
        for symmetry in nqueens::Symmetry::ALL {
            assert!(all.contains(&solution.transform(symmetry)));
        }
    }
}

#[test]
fn the_parallel_engine_equals_the_sequential_one() {
    use backtrack::Parallel;
    for n in 1..=10u32 {
        let problem = NQueens::new(n).unwrap();
        let sequential = backtrack::first(problem.clone(), usize::MAX);
        for threads in [1, 2, 4] {
            let parallel = Parallel::auto().threads(threads);
            assert_eq!(
                parallel.count(&problem).complete(),
                Some(A000170[n as usize - 1]),
                "n = {n}, {threads} threads"
            );
            for k in [1, 3, 10, sequential.len()] {
                let first = parallel.first(&problem, k).value;
                assert_eq!(
                    first,
                    sequential[..k.min(sequential.len())],
                    "n = {n}, k = {k}"
                );
            }
        }
    }
}
