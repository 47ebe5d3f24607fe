//! The fast count on value problems against `Search` on the same problems
//! stacked: the same counts, the same nodes under a budget, honest limits.

use std::sync::Arc;
use std::sync::atomic::AtomicBool;
use std::time::{Duration, Instant};

use backtrack::{Bits, Limits, Outcome, Search, Stacked, Stop, ValueProblem};
use proptest::prelude::*;

/// A random tree: each state's choices and whether it is a solution come
/// from a hash of its seed, so trees of every shape (dead ends, solutions
/// inside, uneven depths) come from a few numbers.
#[derive(Clone, Copy, Debug)]
struct Random {
    seed: u64,
    depth: u32,
    max_depth: u32,
    /// Out of 256: how likely a state below the root is a solution.
    solution_odds: u64,
}

fn mix(mut x: u64) -> u64 {
    x ^= x >> 33;
    x = x.wrapping_mul(0xff51_afd7_ed55_8ccd);
    x ^= x >> 33;
    x = x.wrapping_mul(0xc4ce_b9fe_1a85_ec53);
    x ^ (x >> 33)
}

impl ValueProblem for Random {
    type Choice = u32;
    type Choices = Bits;
    fn choices(&self) -> Bits {
        if self.depth == self.max_depth {
            return Bits(0);
        }
        // Up to four of eight branches open.
        Bits(mix(self.seed) & mix(self.seed ^ 0x5555) & 0xff)
    }
    fn child(&self, choice: u32) -> Self {
        Random {
            seed: mix(self.seed.wrapping_add(u64::from(choice) + 1)),
            depth: self.depth + 1,
            ..*self
        }
    }
    fn is_solution(&self) -> bool {
        self.depth > 0 && (self.seed >> 8) & 0xff < self.solution_odds
    }
}

/// Bit strings of length `len` with at most two ones: far deeper than the
/// walk keeps in its own frames. 1 + len + len (len - 1) / 2 of them.
#[derive(Clone, Copy, Debug)]
struct FewOnes {
    len: u32,
    at: u32,
    ones: u32,
}

impl ValueProblem for FewOnes {
    type Choice = u32;
    type Choices = Bits;
    fn choices(&self) -> Bits {
        Bits(if self.ones < 2 { 0b11 } else { 0b01 })
    }
    fn child(&self, one: u32) -> Self {
        FewOnes {
            at: self.at + 1,
            ones: self.ones + one,
            ..*self
        }
    }
    fn is_solution(&self) -> bool {
        self.at == self.len
    }
}

fn few_ones(len: u32) -> FewOnes {
    FewOnes {
        len,
        at: 0,
        ones: 0,
    }
}

/// The count of `Search` on the stacked problem, with its outcome.
fn searched<S: ValueProblem>(root: S, limits: Limits) -> (backtrack::Count, Outcome) {
    let report = Search::new(Stacked::new(root)).with_limits(limits).count();
    (report.value, report.outcome)
}

fn counted<S: ValueProblem>(root: S, limits: &Limits) -> (backtrack::Count, Outcome) {
    let report = backtrack::count_values(root, limits);
    (report.value, report.outcome)
}

#[test]
fn a_tree_deeper_than_the_frames_is_counted_whole() {
    for len in [62, 63, 64, 65, 66, 100, 200] {
        let expected = 1 + u128::from(len) + u128::from(len) * u128::from(len - 1) / 2;
        assert_eq!(
            counted(few_ones(len), &Limits::default()),
            (expected, Outcome::Complete),
            "len {len}"
        );
    }
}

#[test]
fn a_node_budget_below_the_frames_stops_where_search_stops() {
    let (_, outcome) = searched(few_ones(90), Limits::default());
    assert_eq!(outcome, Outcome::Complete);
    for budget in [0, 1, 2, 63, 64, 65, 66, 100, 1_000, 5_000, 40_000, 123_457] {
        let limits = Limits::default().nodes(budget);
        assert_eq!(
            counted(few_ones(90), &limits),
            searched(few_ones(90), limits.clone()),
            "budget {budget}"
        );
    }
}

#[test]
fn a_root_that_is_a_solution_is_one_solution() {
    let root = few_ones(0);
    assert_eq!(counted(root, &Limits::default()), (1, Outcome::Complete));
    let none = Limits::default().nodes(0);
    assert_eq!(counted(root, &none), (0, Outcome::Stopped(Stop::NodeLimit)));
}

#[test]
fn a_raised_cancel_flag_stops_the_count_before_it_starts() {
    let flag = Arc::new(AtomicBool::new(true));
    let limits = Limits::default().cancel_flag(flag);
    assert_eq!(
        counted(few_ones(30), &limits),
        (0, Outcome::Stopped(Stop::Cancelled))
    );
}

#[test]
fn a_deadline_stops_a_long_count_soon_after() {
    /// A full binary tree of depth 40: some 2^41 nodes, hours of work were
    /// the deadline not seen.
    #[derive(Clone, Copy)]
    struct Binary(u32);
    impl ValueProblem for Binary {
        type Choice = u32;
        type Choices = Bits;
        fn choices(&self) -> Bits {
            Bits(0b11)
        }
        fn child(&self, _: u32) -> Self {
            Binary(self.0 + 1)
        }
        fn is_solution(&self) -> bool {
            self.0 == 40
        }
    }
    let start = Instant::now();
    let limits = Limits::default().time(Duration::from_millis(50));
    let (found, outcome) = counted(Binary(0), &limits);
    assert_eq!(outcome, Outcome::Stopped(Stop::Deadline));
    assert!(found < 1 << 40);
    let took = start.elapsed();
    assert!(took < Duration::from_secs(5), "stopped after {took:?}");
}

proptest! {
    #[test]
    fn random_trees_count_as_search_counts_them(
        seed in any::<u64>(),
        max_depth in 0u32..9,
        solution_odds in 0u64..256,
    ) {
        let root = Random { seed, depth: 0, max_depth, solution_odds };
        let expected = searched(root, Limits::default());
        prop_assert_eq!(expected.1, Outcome::Complete);
        prop_assert_eq!(counted(root, &Limits::default()), expected);
    }

    #[test]
    fn any_budget_stops_the_count_where_it_stops_search(
        seed in any::<u64>(),
        max_depth in 0u32..8,
        solution_odds in 0u64..256,
        budget in 0u64..2_000,
    ) {
        let root = Random { seed, depth: 0, max_depth, solution_odds };
        let limits = Limits::default().nodes(budget);
        prop_assert_eq!(counted(root, &limits), searched(root, limits.clone()));
    }
}
