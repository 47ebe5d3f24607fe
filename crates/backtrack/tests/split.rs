//! The split into subproblems and the parallel searches equal the
//! sequential search exactly.

use std::ops::ControlFlow;
use std::sync::Mutex;

use backtrack::{Limits, Outcome, Parallel, Problem, Search, Stop};
use proptest::prelude::*;

use crate::toys::*;

/// Searches every subproblem of a cut in order and concatenates.
fn solve_cut<P: Problem + Clone>(problem: &P, cut: &[Vec<P::Choice>]) -> Vec<Vec<P::Choice>> {
    let mut all = Vec::new();
    for path in cut {
        let mut state = problem.clone();
        for &choice in path {
            state.apply(choice);
        }
        for below in backtrack::first(state, usize::MAX) {
            all.push(path.iter().copied().chain(below).collect());
        }
    }
    all
}

#[test]
fn every_cut_reassembles_the_sequential_search() {
    let items = vec![3, 1, 4, 1, 5, 9, 2, 6, 5, 3];
    let problem = SubsetSum::new(items, 12);
    let sequential = backtrack::first(problem.clone(), usize::MAX);
    for depth in 0..=12 {
        let cut = backtrack::subproblems(problem.clone(), depth);
        assert!(cut.iter().all(|path| path.len() <= depth));
        assert_eq!(solve_cut(&problem, &cut), sequential, "depth {depth}");
    }
}

#[test]
fn the_cut_is_every_prefix_in_order() {
    let cut = backtrack::subproblems(Permutations::new(5), 2);
    // The ordered pairs of distinct values, lexicographically: written out
    // here, not by the engine.
    let mut pairs = Vec::new();
    for a in 0..5 {
        for b in (0..5).filter(|&b| b != a) {
            pairs.push(vec![a, b]);
        }
    }
    assert_eq!(cut, pairs);
}

#[test]
fn solutions_above_the_cut_are_subproblems_of_their_own() {
    // Every state of a 3-chain is on the one path; the solution is at 3.
    let cut = backtrack::subproblems(Chain { depth: 3, at: 0 }, 10);
    assert_eq!(cut, [vec![(); 3]]);
    // A root that is a solution is the whole cut.
    assert_eq!(
        backtrack::subproblems(Chain { depth: 0, at: 0 }, 4),
        [Vec::<()>::new()]
    );
}

#[test]
fn parallel_count_equals_sequential_for_any_threads_and_depth() {
    let problem = Permutations::new(7);
    for threads in [1, 2, 4] {
        for depth in [0, 1, 3, 7, 9] {
            let parallel = Parallel::auto().threads(threads).depth(depth);
            assert_eq!(parallel.count(&problem).complete(), Some(5040));
        }
        assert_eq!(
            Parallel::auto().threads(threads).count(&problem).complete(),
            Some(5040)
        );
    }
}

#[test]
fn parallel_first_k_is_the_sequential_first_k() {
    let items = vec![4, 8, 15, 16, 23, 42, 7, 3, 11, 2, 9, 1];
    let problem = SubsetSum::new(items, 40);
    let all = backtrack::first(problem.clone(), usize::MAX);
    assert!(all.len() > 20);
    for threads in [1, 2, 4] {
        for k in [0, 1, 2, 7, all.len() - 1, all.len(), all.len() + 5] {
            let report = Parallel::auto()
                .threads(threads)
                .depth(4)
                .first(&problem, k);
            assert_eq!(
                report.value,
                all[..k.min(all.len())],
                "threads {threads}, k {k}"
            );
            let expected = if k <= all.len() {
                Outcome::Stopped(Stop::Requested)
            } else {
                Outcome::Complete
            };
            assert_eq!(report.outcome, expected, "threads {threads}, k {k}");
        }
    }
}

#[test]
fn parallel_for_each_visits_every_solution_once() {
    let problem = Permutations::new(6);
    let seen = Mutex::new(Vec::new());
    let outcome = Parallel::auto()
        .threads(4)
        .for_each(&problem, |state, path| {
            assert_eq!(state.len, 6);
            seen.lock().unwrap().push(path.to_vec());
            ControlFlow::Continue(())
        });
    assert_eq!(outcome, Outcome::Complete);
    let mut seen = seen.into_inner().unwrap();
    seen.sort();
    assert_eq!(seen, permutations_brute_force(6));
}

#[test]
fn parallel_for_each_stops_on_request() {
    let seen = Mutex::new(0u32);
    let outcome = Parallel::auto()
        .threads(2)
        .for_each(&Permutations::new(9), |_, _| {
            *seen.lock().unwrap() += 1;
            ControlFlow::Break(())
        });
    assert_eq!(outcome, Outcome::Stopped(Stop::Requested));
    // Each thread stops at its first solution after the flag is raised.
    assert!(*seen.lock().unwrap() <= 2);
}

#[test]
fn parallel_searches_honour_limits_and_say_so() {
    let limits = Limits::default().nodes(10);
    let report = Parallel::auto()
        .threads(2)
        .depth(2)
        .limits(limits)
        .count(&Permutations::new(8));
    assert_eq!(report.outcome, Outcome::Stopped(Stop::NodeLimit));
    assert_eq!(report.complete(), None);

    let flag = std::sync::Arc::new(std::sync::atomic::AtomicBool::new(true));
    let limits = Limits::default().cancel_flag(flag);
    let report = Parallel::auto()
        .threads(2)
        .limits(limits)
        .first(&Permutations::new(8), 5);
    assert_eq!(report.outcome, Outcome::Stopped(Stop::Cancelled));
    assert!(report.value.is_empty());
}

#[test]
fn the_sequential_search_of_a_state_is_its_subtree() {
    // A subproblem's own search sees the same nodes as that subtree.
    let mut whole = Search::new(Permutations::new(5));
    let _ = whole.count();
    let cut = backtrack::subproblems(Permutations::new(5), 1);
    let nodes: u64 = cut
        .iter()
        .map(|path| {
            let mut state = Permutations::new(5);
            state.apply(path[0]);
            let mut search = Search::new(state);
            let _ = search.count();
            search.stats().nodes
        })
        .sum();
    assert_eq!(nodes + 1, whole.stats().nodes);
}

proptest! {
    #[test]
    fn parallel_matches_sequential_on_random_instances(
        items in prop::collection::vec(1u32..15, 0..11),
        target in 0u32..40,
        depth in 0usize..12,
        k in 0usize..30,
        threads in 1usize..4,
    ) {
        let problem = SubsetSum::new(items, target);
        let all = backtrack::first(problem.clone(), usize::MAX);
        let cut = backtrack::subproblems(problem.clone(), depth);
        prop_assert_eq!(solve_cut(&problem, &cut), all.clone());
        let parallel = Parallel::auto().threads(threads).depth(depth);
        prop_assert_eq!(parallel.count(&problem).complete(), Some(all.len() as u128));
        prop_assert_eq!(parallel.first(&problem, k).value, all[..k.min(all.len())].to_vec());
    }
}

#[test]
fn progress_rises_to_one_and_never_falls() {
    let seen = std::sync::Arc::new(Mutex::new(Vec::new()));
    let record = seen.clone();
    let parallel = Parallel::auto()
        .threads(4)
        .depth(3)
        .progress(move |fraction| record.lock().unwrap().push(fraction));
    assert_eq!(parallel.count(&Permutations::new(7)).complete(), Some(5040));
    let seen = seen.lock().unwrap();
    assert!(!seen.is_empty());
    assert!(seen.windows(2).all(|w| w[0] < w[1]), "{seen:?}");
    assert_eq!(seen.last(), Some(&1.0));
    assert!(seen.iter().all(|&f| f > 0.0 && f <= 1.0));
}

/// Ten choices at the root, then `width` at the next state, then a
/// solution: a cut at depth 2 lists 10 * width subproblems.
#[derive(Clone)]
struct Wide {
    width: u32,
    depth: u32,
}

impl Problem for Wide {
    type Choice = u32;
    type Choices = std::ops::Range<u32>;
    fn choices(&self) -> Self::Choices {
        match self.depth {
            0 => 0..10,
            1 => 0..self.width,
            _ => 0..0,
        }
    }
    fn apply(&mut self, _: u32) {
        self.depth += 1;
    }
    fn undo(&mut self, _: u32) {
        self.depth -= 1;
    }
    fn is_solution(&self) -> bool {
        self.depth == 2
    }
}

#[test]
fn the_automatic_cut_stops_above_one_too_large_to_list() {
    // 10 subproblems at depth 1, 5,000,000 at depth 2: more nodes than
    // the automatic cut may search, so it stays at depth 1.
    let (depth, cut) = backtrack::subproblems_auto(&Wide {
        width: 500_000,
        depth: 0,
    });
    assert_eq!((depth, cut.len()), (1, 10));
    // 10 * 200 = 2,000 at depth 2: listed.
    let narrow = Wide {
        width: 200,
        depth: 0,
    };
    let (depth, cut) = backtrack::subproblems_auto(&narrow);
    assert_eq!((depth, cut.len()), (2, 2_000));
    assert_eq!(Parallel::auto().split(&narrow), cut);
}

#[test]
fn one_settings_value_runs_the_parallel_search_and_the_runner_alike() {
    use std::sync::Arc;
    use std::sync::atomic::AtomicBool;

    let problem = SubsetSum::new(vec![3, 1, 4, 1, 5, 9, 2, 6, 5, 3], 12);
    let shares = Arc::new(Mutex::new(Vec::new()));
    let seen = Arc::clone(&shares);
    let settings = backtrack::Settings::new()
        .threads(3)
        .progress(move |share| seen.lock().unwrap().push(share));
    assert_eq!(backtrack::Runner::from(settings.clone()).threads(), 3);
    // Settings given whole replace what was set before.
    let parallel = Parallel::auto().threads(1).settings(settings.clone());
    assert_eq!(
        parallel.count(&problem).complete(),
        Some(backtrack::count(problem.clone()))
    );
    let shares = std::mem::take(&mut *shares.lock().unwrap());
    assert!(shares.windows(2).all(|w| w[0] <= w[1]), "{shares:?}");
    assert_eq!(shares.last(), Some(&1.0));
    // Their limits too: a raised cancel flag stops the search.
    let cancel = Arc::new(AtomicBool::new(true));
    let stopped = Parallel::auto()
        .settings(settings.limits(Limits::default().cancel_flag(cancel)))
        .count(&problem);
    assert_eq!(stopped.outcome, Outcome::Stopped(Stop::Cancelled));
}
