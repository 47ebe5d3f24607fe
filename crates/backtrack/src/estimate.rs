//! Knuth's estimator: the size of a search tree from random probes, before
//! searching it.
//!
//! D. E. Knuth, "Estimating the efficiency of backtrack programs",
//! Mathematics of Computation 29 (1975), 121–136. A probe walks from the
//! root to a leaf, choosing uniformly at random among the choices open at
//! each state. A state reached after branching factors `d1, d2, ..., dk`
//! stands for the `d1·d2·...·dk` states at its depth, so the probe's sum of
//! these products over its states is an unbiased estimate of the number of
//! states in the tree, and the product at its leaf, if the leaf is a
//! solution, of the number of solutions. The mean over many probes
//! converges to the true values; its standard error says how far off it
//! may be.

use std::fmt;

use crate::limit::Limits;
use crate::problem::Problem;

/// The normal quantile of a two-sided 99% interval.
const Z_99: f64 = 2.575_829_303_548_901;

/// A small deterministic pseudo-random generator (SplitMix64): the same
/// seed gives the same numbers on every machine, so estimates and samples
/// can be reproduced. Not for cryptography.
///
/// # Example
///
/// ```
/// let mut a = backtrack::Rng::new(7);
/// let mut b = backtrack::Rng::new(7);
/// assert_eq!(a.next_u64(), b.next_u64());
/// assert!(a.below(10) < 10);
/// ```
#[derive(Clone, Debug)]
pub struct Rng(u64);

impl Rng {
    /// A generator started from `seed`.
    pub fn new(seed: u64) -> Self {
        Rng(seed)
    }

    /// The next 64 random bits.
    pub fn next_u64(&mut self) -> u64 {
        self.0 = self.0.wrapping_add(0x9e37_79b9_7f4a_7c15);
        let mut z = self.0;
        z = (z ^ (z >> 30)).wrapping_mul(0xbf58_476d_1ce4_e5b9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94d0_49bb_1331_11eb);
        z ^ (z >> 31)
    }

    /// A number in `0..bound`, each equally likely (`bound > 0`).
    ///
    /// # Panics
    ///
    /// If `bound` is 0.
    pub fn below(&mut self, bound: u64) -> u64 {
        assert!(bound > 0, "Rng::below(0)");
        // Rejection of the top sliver keeps every value equally likely.
        let zone = u64::MAX - u64::MAX % bound;
        loop {
            let x = self.next_u64();
            if x < zone {
                return x % bound;
            }
        }
    }
}

/// A mean and its standard error, from independent samples.
#[derive(Clone, Copy, Debug, Default, PartialEq)]
pub struct Mean {
    /// The estimate.
    pub value: f64,
    /// Its standard error (the sample standard deviation over the square
    /// root of the number of samples); 0 when every sample was the same.
    pub error: f64,
}

impl Mean {
    /// The two-sided 99% confidence interval `value ± 2.576·error` of the
    /// normal approximation, its low end clamped at `floor`.
    ///
    /// For Knuth's estimates the distribution of a probe is skewed (rare
    /// probes carry huge weights), so with too few probes the interval is
    /// too narrow: take thousands.
    pub fn interval_99(&self, floor: f64) -> (f64, f64) {
        let half = Z_99 * self.error;
        ((self.value - half).max(floor), self.value + half)
    }

    /// Whether `x` lies in [`interval_99`](Mean::interval_99).
    pub fn admits(&self, x: f64) -> bool {
        let (low, high) = self.interval_99(f64::NEG_INFINITY);
        (low..=high).contains(&x)
    }
}

impl fmt::Display for Mean {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{:.4e} ± {:.2e}", self.value, self.error)
    }
}

/// Welford's running mean and variance.
#[derive(Clone, Copy, Debug, Default)]
struct Running {
    count: u64,
    mean: f64,
    square: f64,
}

impl Running {
    fn add(&mut self, x: f64) {
        self.count += 1;
        let delta = x - self.mean;
        self.mean += delta / self.count as f64;
        self.square += delta * (x - self.mean);
    }

    fn mean(&self) -> Mean {
        let error = if self.count > 1 {
            (self.square / (self.count - 1) as f64 / self.count as f64).sqrt()
        } else {
            0.0
        };
        Mean {
            value: self.mean,
            error,
        }
    }
}

/// What [`estimate`] found: the estimated size of the search tree, in the
/// engine's terms ([`Stats`](crate::Stats)).
#[derive(Clone, Copy, Debug, Default, PartialEq)]
pub struct Estimate {
    /// The number of probes taken.
    pub probes: u64,
    /// The states the search visits, the root included:
    /// [`Stats::nodes`](crate::Stats::nodes).
    pub nodes: Mean,
    /// The solutions: [`Stats::solutions`](crate::Stats::solutions).
    pub solutions: Mean,
    /// The dead ends: [`Stats::dead_ends`](crate::Stats::dead_ends).
    pub dead_ends: Mean,
}

/// One line for people: `1.2346e4 ± 1.23e2 nodes, 9.2000e1 ± 4.10e0
/// solutions, 1.1e3 ± ... dead ends (1000 probes)`, each mean with its
/// standard error ([`Mean`]'s `Display`).
///
/// ```
/// use backtrack::{Estimate, Mean};
///
/// let e = Estimate {
///     probes: 10,
///     nodes: Mean { value: 12_345.0, error: 123.0 },
///     solutions: Mean { value: 92.0, error: 4.1 },
///     dead_ends: Mean { value: 1_100.0, error: 0.0 },
/// };
/// assert_eq!(
///     e.to_string(),
///     "1.2345e4 ± 1.23e2 nodes, 9.2000e1 ± 4.10e0 solutions, 1.1000e3 ± 0.00e0 dead ends (10 probes)"
/// );
/// ```
impl fmt::Display for Estimate {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "{} nodes, {} solutions, {} dead ends ({} probe{})",
            self.nodes,
            self.solutions,
            self.dead_ends,
            self.probes,
            if self.probes == 1 { "" } else { "s" }
        )
    }
}

/// Knuth's estimate of the size of `problem`'s search tree from `probes`
/// random root-to-leaf walks, deterministic for a given `seed`.
///
/// Each probe chooses uniformly among the choices open at every state;
/// the problem is left in the state it started from. The estimates are
/// unbiased: their mean over many probes tends to the
/// [`Stats`](crate::Stats) of a complete [`Search`](crate::Search). A tree
/// in which every state of a depth has the same number of choices is
/// estimated exactly by a single probe.
///
/// # Complexity
///
/// `probes` times the depth of a leaf, each step calling `choices` twice
/// (once to count them, once to take the chosen one), plus `apply`,
/// `undo` and `is_solution`.
///
/// # Example
///
/// ```
/// use backtrack::Problem;
///
/// /// Bit strings of length 12: a uniform tree, estimated exactly.
/// struct Bits(u32);
/// impl Problem for Bits {
///     type Choice = bool;
///     type Choices = std::array::IntoIter<bool, 2>;
///     fn choices(&self) -> Self::Choices { [false, true].into_iter() }
///     fn apply(&mut self, _: bool) { self.0 += 1 }
///     fn undo(&mut self, _: bool) { self.0 -= 1 }
///     fn is_solution(&self) -> bool { self.0 == 12 }
/// }
///
/// let e = backtrack::estimate(Bits(0), 10, 1);
/// assert_eq!(e.solutions.value, 4096.0);
/// assert_eq!(e.nodes.value, 8191.0); // 1 + 2 + 4 + ... + 4096
/// assert_eq!(e.nodes.error, 0.0);
/// ```
pub fn estimate<P: Problem>(problem: P, probes: u64, seed: u64) -> Estimate {
    estimate_within(problem, probes, seed, &Limits::default())
}

/// [`estimate`] that stops early when the deadline or a cancel flag of
/// `limits` says so (its node budget is not looked at): the estimate of
/// the probes taken, [`Estimate::probes`] of them, as unbiased as a run
/// asked for that many, only with a wider interval. The probes taken are
/// the first ones of the full run with the same seed.
///
/// # Example
///
/// ```
/// use std::time::Instant;
/// # use backtrack::Problem;
/// # struct Bits(u32);
/// # impl Problem for Bits {
/// #     type Choice = bool;
/// #     type Choices = std::array::IntoIter<bool, 2>;
/// #     fn choices(&self) -> Self::Choices { [false, true].into_iter() }
/// #     fn apply(&mut self, _: bool) { self.0 += 1 }
/// #     fn undo(&mut self, _: bool) { self.0 -= 1 }
/// #     fn is_solution(&self) -> bool { self.0 == 12 }
/// # }
/// // A deadline already past: no probe is taken.
/// let limits = backtrack::Limits::default().deadline(Instant::now());
/// let e = backtrack::estimate_within(Bits(0), 1_000_000, 1, &limits);
/// assert_eq!(e.probes, 0);
/// ```
pub fn estimate_within<P: Problem>(
    mut problem: P,
    probes: u64,
    seed: u64,
    limits: &Limits,
) -> Estimate {
    let mut rng = Rng::new(seed);
    let (mut nodes, mut solutions, mut dead_ends) =
        (Running::default(), Running::default(), Running::default());
    let mut path = Vec::new();
    let polling = limits.needs_polling();
    let mut taken = 0;
    while taken < probes {
        // A probe is a root-to-leaf walk: a clock read per probe is cheap.
        if polling && limits.poll().is_some() {
            break;
        }
        taken += 1;
        let walk = probe(&mut problem, &mut rng, &mut path);
        nodes.add(walk.nodes);
        solutions.add(walk.solution);
        dead_ends.add(walk.dead_end);
    }
    Estimate {
        probes: taken,
        nodes: nodes.mean(),
        solutions: solutions.mean(),
        dead_ends: dead_ends.mean(),
    }
}

/// The most probes [`weigh`] takes of one tree.
pub const WEIGH_PROBES: u64 = 16;

/// The share of a tree's estimated nodes that [`weigh`]'s probes may step
/// into, all together.
const WEIGH_SHARE: f64 = 0.05;

/// Knuth's estimate of the size of `problem`'s tree at a cost bounded by
/// the size it finds, to weigh subproblems against each other before
/// searching them (the runner starts the heaviest first and reports
/// progress by their weights).
///
/// Probes are taken, deterministically from `seed`, until the states they
/// stepped into reach 5% of the nodes estimated so far or
/// [`WEIGH_PROBES`] have been taken, and at least one: a tiny tree gets one
/// probe, a huge one sixteen, and no tree costs more than sixteen walks
/// from its root to a leaf. The problem is left in the state it started
/// from.
///
/// # Complexity
///
/// At most [`WEIGH_PROBES`] times the depth of a leaf, in steps as those
/// of [`estimate`].
///
/// # Example
///
/// ```
/// use backtrack::Problem;
///
/// /// Bit strings of length `n`: a tree of 2^(n+1) - 1 states.
/// struct Bits { n: u32, len: u32 }
/// impl Problem for Bits {
///     type Choice = bool;
///     type Choices = std::array::IntoIter<bool, 2>;
///     fn choices(&self) -> Self::Choices { [false, true].into_iter() }
///     fn apply(&mut self, _: bool) { self.len += 1 }
///     fn undo(&mut self, _: bool) { self.len -= 1 }
///     fn is_solution(&self) -> bool { self.len == self.n }
/// }
///
/// let small = backtrack::weigh(Bits { n: 4, len: 0 }, 1);
/// let large = backtrack::weigh(Bits { n: 20, len: 0 }, 1);
/// assert_eq!((small.nodes.value, small.probes), (31.0, 1));
/// assert_eq!((large.nodes.value, large.probes), (2_097_151.0, backtrack::WEIGH_PROBES));
/// ```
pub fn weigh<P: Problem>(mut problem: P, seed: u64) -> Estimate {
    let mut rng = Rng::new(seed);
    let (mut nodes, mut solutions, mut dead_ends) =
        (Running::default(), Running::default(), Running::default());
    let mut path = Vec::new();
    let mut steps = 0u64;
    while nodes.count < WEIGH_PROBES {
        let walk = probe(&mut problem, &mut rng, &mut path);
        nodes.add(walk.nodes);
        solutions.add(walk.solution);
        dead_ends.add(walk.dead_end);
        steps += walk.steps;
        if steps as f64 >= WEIGH_SHARE * nodes.mean {
            break;
        }
    }
    Estimate {
        probes: nodes.count,
        nodes: nodes.mean(),
        solutions: solutions.mean(),
        dead_ends: dead_ends.mean(),
    }
}

/// What one probe saw: its estimates, and the states it stepped into.
struct Walk {
    nodes: f64,
    solution: f64,
    dead_end: f64,
    steps: u64,
}

/// One random walk from the problem's state down to a leaf, and back:
/// the problem is left as it was. `path` is scratch space, left empty.
fn probe<P: Problem>(problem: &mut P, rng: &mut Rng, path: &mut Vec<P::Choice>) -> Walk {
    let mut walk = Walk {
        nodes: 0.0,
        solution: 0.0,
        dead_end: 0.0,
        steps: 0,
    };
    let mut weight = 1.0;
    loop {
        walk.nodes += weight;
        if problem.is_solution() {
            walk.solution = weight;
            break;
        }
        let open = problem.choices().count() as u64;
        if open == 0 {
            walk.dead_end = weight;
            break;
        }
        // `choices` gives the same choices in the same order every time.
        let pick = rng.below(open) as usize;
        let Some(choice) = problem.choices().nth(pick) else {
            break;
        };
        weight *= open as f64;
        problem.apply(choice);
        path.push(choice);
        walk.steps += 1;
    }
    while let Some(choice) = path.pop() {
        problem.undo(choice);
    }
    walk
}
