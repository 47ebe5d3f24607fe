//! Knuth's estimator against the exact statistics of complete searches.

use backtrack::{ChoiceList, Problem, Search, Stats};

use crate::toys::*;

/// Bit strings of length `n` with no two adjacent ones, and a dead end
/// wherever a string ends in three zeros: an uneven tree with dead ends.
#[derive(Clone, Debug)]
struct Sparse {
    n: usize,
    bits: Vec<bool>,
}

impl Problem for Sparse {
    type Choice = bool;
    type Choices = ChoiceList<bool>;
    fn choices(&self) -> ChoiceList<bool> {
        let tail = self.bits.iter().rev().take(3).filter(|b| !**b).count();
        if tail == 3 || self.bits.len() == self.n {
            return ChoiceList::from_iter([]);
        }
        let last = self.bits.last() == Some(&true);
        [false, true]
            .into_iter()
            .filter(|&b| !(b && last))
            .collect()
    }
    fn apply(&mut self, bit: bool) {
        self.bits.push(bit)
    }
    fn undo(&mut self, _: bool) {
        self.bits.pop();
    }
    fn is_solution(&self) -> bool {
        self.bits.len() == self.n
    }
}

fn stats<P: Problem>(problem: P) -> Stats {
    let mut search = Search::new(problem);
    assert!(search.count().outcome.is_complete());
    search.stats()
}

/// Whether an estimate lies within `k` standard errors of the truth (and
/// the truth is not trivially inside because the error is huge).
fn close(what: &str, estimate: backtrack::Mean, truth: u64, k: f64) {
    let truth = truth as f64;
    assert!(
        (estimate.value - truth).abs() <= k * estimate.error + 1e-9 * truth,
        "{what}: estimate {estimate} is more than {k} standard errors from {truth}"
    );
    assert!(
        estimate.error <= 0.1 * truth.max(1.0),
        "{what}: standard error {} too large to mean anything",
        estimate.error
    );
}

#[test]
fn a_uniform_tree_is_estimated_exactly_by_every_probe() {
    for n in 1..=7 {
        let truth = stats(Permutations::new(n));
        for seed in [1, 2, 3] {
            let e = backtrack::estimate(Permutations::new(n), 5, seed);
            assert_eq!(e.nodes.value, truth.nodes as f64, "n = {n}");
            assert_eq!(e.solutions.value, truth.solutions as f64, "n = {n}");
            assert_eq!((e.nodes.error, e.solutions.error), (0.0, 0.0));
            assert_eq!(e.dead_ends.value, 0.0);
        }
    }
    // A single path: one node per level and the root.
    let e = backtrack::estimate(Chain { depth: 50, at: 0 }, 3, 9);
    assert_eq!((e.nodes.value, e.solutions.value), (51.0, 1.0));
}

/// A problem's name, its exact statistics and its estimate for a seed.
type Case = (
    &'static str,
    Box<dyn Fn() -> Stats>,
    Box<dyn Fn(u64) -> backtrack::Estimate>,
);

#[test]
fn uneven_trees_are_estimated_within_a_few_standard_errors() {
    // Seeds 1 and 2, 20,000 probes each, fixed in advance.
    let cases: Vec<Case> = vec![
        (
            "subset sum",
            Box::new(|| {
                stats(SubsetSum::new(
                    vec![3, 34, 4, 12, 5, 2, 7, 9, 11, 1, 6, 8],
                    30,
                ))
            }),
            Box::new(|seed| {
                backtrack::estimate(
                    SubsetSum::new(vec![3, 34, 4, 12, 5, 2, 7, 9, 11, 1, 6, 8], 30),
                    20_000,
                    seed,
                )
            }),
        ),
        (
            "sparse bits",
            Box::new(|| {
                stats(Sparse {
                    n: 18,
                    bits: vec![],
                })
            }),
            Box::new(|seed| {
                backtrack::estimate(
                    Sparse {
                        n: 18,
                        bits: vec![],
                    },
                    20_000,
                    seed,
                )
            }),
        ),
    ];
    for (name, truth, estimate) in &cases {
        let truth = truth();
        assert!(
            truth.dead_ends > 0 && truth.solutions > 0,
            "{name}: {truth:?}"
        );
        for seed in [1, 2] {
            let e = estimate(seed);
            assert_eq!(e.probes, 20_000);
            close(
                &format!("{name} nodes, seed {seed}"),
                e.nodes,
                truth.nodes,
                4.0,
            );
            close(
                &format!("{name} solutions, seed {seed}"),
                e.solutions,
                truth.solutions,
                4.0,
            );
            close(
                &format!("{name} dead ends, seed {seed}"),
                e.dead_ends,
                truth.dead_ends,
                4.0,
            );
        }
    }
}

#[test]
fn the_same_seed_gives_the_same_estimate_and_the_problem_is_restored() {
    let mut problem = Sparse {
        n: 14,
        bits: vec![],
    };
    let a = backtrack::estimate(&mut problem, 500, 42);
    assert!(problem.bits.is_empty());
    let b = backtrack::estimate(&mut problem, 500, 42);
    assert_eq!(a, b);
    let c = backtrack::estimate(&mut problem, 500, 43);
    assert_ne!(a.nodes.value, c.nodes.value);
}

#[test]
fn a_root_that_is_a_solution_or_a_dead_end_is_one_node() {
    let e = backtrack::estimate(Chain { depth: 0, at: 0 }, 4, 1);
    assert_eq!((e.nodes.value, e.solutions.value), (1.0, 1.0));
    let e = backtrack::estimate(SubsetSum::new(vec![], 5), 4, 1);
    assert_eq!(
        (e.nodes.value, e.solutions.value, e.dead_ends.value),
        (1.0, 0.0, 1.0)
    );
}

#[test]
fn the_interval_is_centred_and_clamped() {
    let mean = backtrack::Mean {
        value: 10.0,
        error: 1.0,
    };
    let (low, high) = mean.interval_99(0.0);
    assert!((low - 7.424).abs() < 1e-3 && (high - 12.576).abs() < 1e-3);
    assert_eq!(
        backtrack::Mean {
            value: 1.0,
            error: 1.0
        }
        .interval_99(0.0)
        .0,
        0.0
    );
    assert!(mean.admits(12.5) && !mean.admits(12.6));
}

#[test]
fn rng_below_covers_its_range_evenly() {
    let mut rng = backtrack::Rng::new(5);
    let mut seen = [0u32; 6];
    for _ in 0..60_000 {
        seen[rng.below(6) as usize] += 1;
    }
    // Each side of 10,000 by less than 5 standard deviations (~91).
    assert!(
        seen.iter().all(|&k| (9_550..=10_450).contains(&k)),
        "{seen:?}"
    );
}

/// `Sparse` that raises a flag once it has been applied `after` times:
/// a stop in the middle of a run, at a place known in advance.
#[derive(Clone, Debug)]
struct Stopping {
    inner: Sparse,
    applied: std::sync::Arc<std::sync::atomic::AtomicU64>,
    after: u64,
    flag: std::sync::Arc<std::sync::atomic::AtomicBool>,
}

impl Problem for Stopping {
    type Choice = bool;
    type Choices = ChoiceList<bool>;
    fn choices(&self) -> ChoiceList<bool> {
        self.inner.choices()
    }
    fn apply(&mut self, bit: bool) {
        use std::sync::atomic::Ordering;
        if self.applied.fetch_add(1, Ordering::Relaxed) + 1 >= self.after {
            self.flag.store(true, Ordering::Relaxed);
        }
        self.inner.apply(bit);
    }
    fn undo(&mut self, bit: bool) {
        self.inner.undo(bit);
    }
    fn is_solution(&self) -> bool {
        self.inner.is_solution()
    }
}

#[test]
fn an_estimate_cut_short_is_that_of_the_probes_it_took() {
    let flag = std::sync::Arc::new(std::sync::atomic::AtomicBool::new(false));
    let problem = Stopping {
        inner: Sparse {
            n: 30,
            bits: Vec::new(),
        },
        applied: Default::default(),
        after: 5_000,
        flag: flag.clone(),
    };
    let limits = backtrack::Limits::default().cancel_flag(flag);
    let cut = backtrack::estimate_within(problem, 1_000_000, 7, &limits);
    assert!((1..1_000_000).contains(&cut.probes), "{}", cut.probes);
    let plain = Sparse {
        n: 30,
        bits: Vec::new(),
    };
    let same = backtrack::estimate(plain, cut.probes, 7);
    assert_eq!(cut, same);
}

/// A problem whose `apply` calls are counted.
struct Counted<P> {
    inner: P,
    applies: u64,
}

impl<P: Problem> Problem for Counted<P> {
    type Choice = P::Choice;
    type Choices = P::Choices;
    fn choices(&self) -> P::Choices {
        self.inner.choices()
    }
    fn apply(&mut self, choice: P::Choice) {
        self.applies += 1;
        self.inner.apply(choice);
    }
    fn undo(&mut self, choice: P::Choice) {
        self.inner.undo(choice);
    }
    fn is_solution(&self) -> bool {
        self.inner.is_solution()
    }
}

#[test]
fn weigh_takes_the_first_probes_of_the_estimate_with_its_seed() {
    for n in [3, 8, 14, 30] {
        let problem = Sparse { n, bits: vec![] };
        let weighed = backtrack::weigh(problem.clone(), 9);
        assert!((1..=backtrack::WEIGH_PROBES).contains(&weighed.probes));
        assert_eq!(
            weighed,
            backtrack::estimate(problem, weighed.probes, 9),
            "n = {n}"
        );
    }
}

#[test]
fn weigh_costs_a_twentieth_of_the_nodes_it_finds_or_sixteen_probes() {
    for n in 1..=40 {
        let mut counted = Counted {
            inner: Sparse { n, bits: vec![] },
            applies: 0,
        };
        let e = backtrack::weigh(&mut counted, 1);
        assert!(counted.inner.bits.is_empty(), "the problem is restored");
        // Every probe but the last stayed under the bound, and a probe
        // steps at most n times.
        let bound = 0.05 * e.nodes.value + n as f64;
        assert!(
            e.probes == backtrack::WEIGH_PROBES || counted.applies as f64 <= bound,
            "n = {n}: {} steps for an estimate of {} nodes",
            counted.applies,
            e.nodes.value
        );
        assert!(counted.applies <= backtrack::WEIGH_PROBES * n as u64);
    }
    // A tiny tree gets one probe, a large one all sixteen.
    assert_eq!(backtrack::weigh(Sparse { n: 2, bits: vec![] }, 1).probes, 1);
    assert_eq!(
        backtrack::weigh(Permutations::new(12), 1).probes,
        backtrack::WEIGH_PROBES
    );
}
