//! The engine against brute force.

use std::ops::ControlFlow;
use std::sync::Arc;
use std::sync::atomic::AtomicBool;
use std::time::{Duration, Instant};

use backtrack::{Limits, Outcome, Search, Stats, Stop};
use proptest::prelude::*;

use crate::toys::*;

#[test]
fn permutations_match_brute_force() {
    for n in 1..=6 {
        assert_eq!(
            backtrack::first(Permutations::new(n), usize::MAX),
            permutations_brute_force(n),
            "n = {n}"
        );
        let factorial: backtrack::Count = (1..=u128::from(n)).product();
        assert_eq!(backtrack::count(Permutations::new(n)), factorial);
    }
}

#[test]
fn stats_count_every_node_of_the_permutation_tree() {
    // The tree of permutations of 0..5 has sum over k of 5!/(5-k)! nodes.
    let mut search = Search::new(Permutations::new(5));
    assert_eq!(search.count().complete(), Some(120));
    assert_eq!(
        search.stats(),
        Stats {
            nodes: 1 + 5 + 20 + 60 + 120 + 120,
            solutions: 120,
            dead_ends: 0,
            max_depth: 5,
        }
    );
}

#[test]
fn dead_ends_are_counted() {
    // Items 5, 5 with target 5: the tree is
    // root -> skip -> {skip (dead: sum 0 at the end), take (solution)}
    //      -> take -> {skip (solution), take (over, dead end)}
    let mut search = Search::new(SubsetSum::new(vec![5, 5], 5));
    assert_eq!(search.count().complete(), Some(2));
    let stats = search.stats();
    assert_eq!(stats.nodes, 7);
    assert_eq!(stats.solutions, 2);
    assert_eq!(stats.dead_ends, 2);
}

#[test]
fn a_root_that_is_a_solution_is_the_only_solution() {
    let mut search = Search::new(Chain { depth: 0, at: 0 });
    assert_eq!(search.next_solution(), Some(&[][..]));
    assert_eq!(search.next_solution(), None);
    assert!(search.is_exhausted());
    assert_eq!(search.stats().nodes, 1);
}

#[test]
fn max_depth_counts_leaves_below_the_deepest_expanded_state() {
    for depth in 0..4 {
        let mut search = Search::new(Chain { depth, at: 0 });
        assert_eq!(search.count().complete(), Some(1));
        assert_eq!(search.stats().max_depth, depth, "depth {depth}");
        assert_eq!(search.stats().nodes, depth as u64 + 1);
    }
    // Dead ends deepest: items 1, 1 with target 5 never reach a solution.
    let mut search = Search::new(SubsetSum::new(vec![1, 1], 5));
    assert_eq!(search.count().complete(), Some(0));
    assert_eq!(search.stats().max_depth, 2);
}

#[test]
fn a_tree_deeper_than_any_call_stack() {
    let mut search = Search::new(Chain {
        depth: 2_000_000,
        at: 0,
    });
    assert_eq!(search.count().complete(), Some(1));
    assert_eq!(search.stats().max_depth, 2_000_000);
}

#[test]
fn lazy_iterator_for_each_and_first_agree() {
    let items = vec![3, 1, 4, 1, 5, 9, 2, 6, 5, 3];
    let all = backtrack::first(SubsetSum::new(items.clone(), 12), usize::MAX);
    assert_eq!(all, subset_sums_brute_force(&items, 12));

    let mut search = Search::new(SubsetSum::new(items.clone(), 12));
    let lazy: Vec<_> = search.solutions().collect();
    assert_eq!(lazy, all);
    assert!(search.is_exhausted());

    let mut visited = Vec::new();
    let outcome = backtrack::for_each(SubsetSum::new(items.clone(), 12), |_, path| {
        visited.push(path.to_vec());
        ControlFlow::Continue(())
    });
    assert_eq!(outcome, Outcome::Complete);
    assert_eq!(visited, all);

    for k in [0, 1, 5, all.len(), all.len() + 3] {
        let first = backtrack::first(SubsetSum::new(items.clone(), 12), k);
        assert_eq!(first, all[..k.min(all.len())], "k = {k}");
    }
}

#[test]
fn a_search_resumes_where_it_stopped() {
    let all = backtrack::first(Permutations::new(5), usize::MAX);
    let mut search = Search::new(Permutations::new(5));
    let mut seen = search.first(7).value;
    assert_eq!(
        search.next_solution().map(<[u32]>::to_vec),
        Some(all[7].clone())
    );
    seen.push(all[7].clone());
    let more = search.first(10);
    assert_eq!(more.outcome, Outcome::Stopped(Stop::Requested));
    seen.extend(more.value);
    // The rest by counting.
    assert_eq!(search.count().complete(), Some(120 - 18));
    assert_eq!(seen, all[..18]);
    assert_eq!(search.stats().solutions, 120);
}

#[test]
fn the_problem_is_left_at_the_solution_and_rewound_at_the_end() {
    let mut problem = Permutations::new(4);
    {
        let mut search = Search::new(&mut problem);
        search.next_solution();
        search.next_solution();
        assert_eq!(search.problem().len, 4);
        assert_eq!(search.path(), [0, 1, 3, 2]);
        let rewound = search.into_problem();
        assert_eq!((rewound.used, rewound.len), (0, 0));
    }
    assert_eq!((problem.used, problem.len), (0, 0));
}

#[test]
fn a_callback_break_stops_the_search() {
    let mut calls = 0;
    let outcome = backtrack::for_each(Permutations::new(6), |_, _| {
        calls += 1;
        if calls == 10 {
            ControlFlow::Break(())
        } else {
            ControlFlow::Continue(())
        }
    });
    assert_eq!(outcome, Outcome::Stopped(Stop::Requested));
    assert!(!outcome.is_limited());
    assert_eq!(calls, 10);
}

#[test]
fn a_node_budget_stops_and_says_so() {
    let mut search = Search::new(Permutations::new(7)).with_limits(Limits::default().nodes(100));
    let report = search.count();
    assert_eq!(report.outcome, Outcome::Stopped(Stop::NodeLimit));
    assert!(report.outcome.is_limited());
    assert_eq!(report.clone().complete(), None, "a cut count is not final");
    assert_eq!(search.stats().nodes, 100, "the budget is exact");
    assert!(!search.is_exhausted());
    // Nothing is found before the first leaf: that is not "no solution".
    let mut search = Search::new(Permutations::new(7)).with_limits(Limits::default().nodes(3));
    let report = search.first(1);
    assert!(report.value.is_empty());
    assert_eq!(report.outcome, Outcome::Stopped(Stop::NodeLimit));
}

#[test]
fn raising_the_budget_resumes_without_losing_or_repeating() {
    let mut search = Search::new(Permutations::new(6)).with_limits(Limits::default().nodes(500));
    let mut collected = Vec::new();
    let mut rounds = 0;
    loop {
        collected.extend(search.solutions());
        if search.is_exhausted() {
            break;
        }
        rounds += 1;
        let budget = search.stats().nodes + 500;
        search.set_limits(Limits::default().nodes(budget));
    }
    assert!(rounds > 1);
    assert_eq!(
        collected,
        backtrack::first(Permutations::new(6), usize::MAX)
    );
    // The same tree, the same number of nodes, however it was cut up.
    let mut whole = Search::new(Permutations::new(6));
    let _ = whole.count();
    assert_eq!(search.stats(), whole.stats());
}

#[test]
fn a_deadline_in_the_past_stops_before_any_node() {
    let limits = Limits::default().deadline(Instant::now() - Duration::from_millis(1));
    let mut search = Search::new(Permutations::new(8)).with_limits(limits);
    let report = search.count();
    assert_eq!(report.outcome, Outcome::Stopped(Stop::Deadline));
    assert_eq!(search.stats().nodes, 0);
}

#[test]
fn a_short_deadline_stops_a_long_search() {
    let limits = Limits::default().time(Duration::from_millis(20));
    let started = Instant::now();
    // 16! leaves: never finishes on its own.
    let report = Search::new(Permutations::new(16))
        .with_limits(limits)
        .count();
    assert_eq!(report.outcome, Outcome::Stopped(Stop::Deadline));
    assert!(started.elapsed() < Duration::from_secs(5));
}

#[test]
fn a_raised_cancel_flag_stops_the_search() {
    let flag = Arc::new(AtomicBool::new(true));
    let limits = Limits::default().cancel_flag(flag);
    let report = Search::new(Permutations::new(16))
        .with_limits(limits)
        .count();
    assert_eq!(report.outcome, Outcome::Stopped(Stop::Cancelled));
}

#[test]
fn a_count_stopped_by_a_budget_leaves_the_path_and_the_problem_right() {
    // `count` keeps the path only in its frames and writes it out where it
    // stops: the path must match the problem's state, resuming with a
    // callback that reads the path must go on from there, and the problem
    // must rewind to the root.
    let all = backtrack::first(Permutations::new(5), usize::MAX);
    for budget in [1, 2, 3, 7, 50, 200, 325] {
        let mut search =
            Search::new(Permutations::new(5)).with_limits(Limits::default().nodes(budget));
        let counted = search.count().value as usize;
        let path = search.path().to_vec();
        let used = path.iter().fold(0u64, |used, &v| used | 1 << v);
        assert_eq!(search.problem().len as usize, path.len(), "budget {budget}");
        assert_eq!(search.problem().used, used, "budget {budget}");
        search.set_limits(Limits::default());
        let mut rest = Vec::new();
        let outcome = search.for_each(|_, p| {
            rest.push(p.to_vec());
            ControlFlow::Continue(())
        });
        assert_eq!(outcome, Outcome::Complete);
        assert_eq!(rest, all[counted..], "budget {budget}");
        let problem = search.into_problem();
        assert_eq!((problem.used, problem.len), (0, 0), "budget {budget}");
    }
}

#[test]
fn next_solution_then_for_each_then_count_agree_with_one_walk() {
    let all = backtrack::first(Permutations::new(5), usize::MAX);
    let mut search = Search::new(Permutations::new(5));
    let mut seen = Vec::new();
    for _ in 0..3 {
        seen.push(search.next_solution().unwrap().to_vec());
    }
    let _ = search.for_each(|_, p| {
        seen.push(p.to_vec());
        if seen.len() == 10 {
            ControlFlow::Break(())
        } else {
            ControlFlow::Continue(())
        }
    });
    assert_eq!(search.path(), &all[9][..]);
    seen.push(search.next_solution().unwrap().to_vec());
    assert_eq!(seen, all[..11]);
    assert_eq!(search.count().complete(), Some(all.len() as u128 - 11));
    assert_eq!(search.stats().max_depth, 5);
}

#[test]
fn the_same_problem_gives_the_same_walk() {
    let items = vec![4, 8, 15, 16, 23, 42, 7, 3, 11];
    let runs: Vec<_> = (0..3)
        .map(|_| {
            let mut search = Search::new(SubsetSum::new(items.clone(), 45));
            let found: Vec<_> = search.solutions().collect();
            (found, search.stats())
        })
        .collect();
    assert!(runs.windows(2).all(|w| w[0] == w[1]));
}

proptest! {
    #[test]
    fn subset_sums_match_brute_force(
        items in prop::collection::vec(1u32..20, 0..12),
        target in 0u32..60,
    ) {
        let expected = subset_sums_brute_force(&items, target);
        let mut search = Search::new(SubsetSum::new(items.clone(), target));
        let found: Vec<_> = search.solutions().collect();
        prop_assert_eq!(&found, &expected);
        prop_assert_eq!(search.stats().solutions, expected.len() as u64);
        prop_assert_eq!(backtrack::count(SubsetSum::new(items, target)), expected.len() as u128);
    }

    #[test]
    fn any_budget_gives_a_prefix_and_an_honest_outcome(
        items in prop::collection::vec(1u32..10, 0..10),
        target in 0u32..30,
        budget in 0u64..400,
    ) {
        let expected = subset_sums_brute_force(&items, target);
        let mut search = Search::new(SubsetSum::new(items, target))
            .with_limits(Limits::default().nodes(budget));
        let report = search.first(usize::MAX);
        prop_assert!(search.stats().nodes <= budget);
        match report.outcome {
            Outcome::Complete => prop_assert_eq!(&report.value, &expected),
            Outcome::Stopped(Stop::NodeLimit) => {
                prop_assert!(report.value.len() <= expected.len());
                prop_assert_eq!(&report.value[..], &expected[..report.value.len()]);
            }
            other => prop_assert!(false, "unexpected outcome {:?}", other),
        }
    }
}
