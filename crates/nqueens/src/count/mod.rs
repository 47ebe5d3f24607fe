//! Exact N-queens solution counts: all solutions and fundamental ones.
//!
//! The files below this one are layered: `geometry` at the bottom;
//! `constellation`, `table` and `symmetric` on it; `upper` (the search
//! above the region) on the tables; `task` on the constellations; this
//! module, the public API, on top. No file imports one above it.
//!
//! # Method
//!
//! Every solution holds exactly one queen on each border line of the board
//! (top row, bottom row, left column, right column); a corner queen serves two
//! lines. These border queens form the solution's *constellation*. The eight
//! symmetries of the square map constellations to constellations, so the
//! counter enumerates the compatible constellations once, keeps one
//! representative per symmetry orbit and weights its completions by the orbit
//! size: 8, or 4 when the constellation is unchanged by a half turn, or 2 when
//! it is unchanged by a quarter turn. No constellation is unchanged by a
//! reflection (the queens it would pair up attack each other), and at most one
//! corner can hold a queen.
//!
//! The interior of a representative is completed by a meet-in-the-middle
//! search:
//!
//! * The bottom `k` rows above the bottom queen are the *region*. For each
//!   column of the bottom queen a table lists every way to put `k` mutually
//!   safe queens there, each stored as one machine word: the diagonals the
//!   queens occupy, projected onto the region's first row. Entries are
//!   grouped by the set of columns they use and, inside a group, by the
//!   column of their first-row queen. The tables depend only on `n`, `k` and
//!   that column, so a handful of them serve thousands of constellations;
//!   they are built on first use, shared between threads, and owned by the
//!   [`Split`] of that n: they are freed with it.
//! * The rows above the region are filled by a bitmask depth-first search
//!   (explicit stack, one-row look-ahead, the border queens' rows skipped and
//!   their diagonals fed in as the search passes them).
//! * A partial placement that reaches the region needs exactly the columns
//!   still free, and its first-row queen on a square still safe: the search
//!   takes that group, narrowed to the span of safe first-row columns, and
//!   counts the entries whose diagonals miss the ones already taken. That is
//!   one `AND` and one compare per entry, which the compiler vectorises, in
//!   place of the last `k` levels of the search tree. The placements that
//!   differ only in the last row above the region find all their buckets
//!   first and scan them after, so that their memory is fetched side by
//!   side.
//!
//! Each representative is oriented so that both side-column queens lie above
//! the region (then the tables apply unchanged) and the bottom queen sits near
//! a corner (its long diagonal then prunes the upper search early). When a
//! side queen cannot be moved out, the region shrinks to the rows below it.
//!
//! **Fundamental solutions** (classes under the eight symmetries) follow from
//! Burnside's lemma restricted to each representative: a solution's symmetry
//! group lies inside its constellation's stabilizer `G`, and for `n > 1` no
//! reflection fixes a solution. So a representative with completions `C`
//! contributes `(|C| + |C fixed by the half turn| + 2·|C fixed by the quarter
//! turn|) / |G|`, the terms present only when the turn is in `G`. Symmetric
//! constellations are rare; their symmetric completions are counted by a
//! small search that places whole rotation orbits of queens at a time.
//!
//! **Tasks.** The work is split into a fixed, ordered list of [`Task`]s: one
//! per symmetric representative, and for the others one per safe square on
//! the first row that the search fills. The [`Split`] of n is that list as a
//! [`WorkList`](backtrack::WorkList) (and a [`runner::Job`]): [`count`] is
//! exactly the sum of its tasks, so threads, checkpoints and shards are all
//! built on task indices.
//!
//! Board sizes below 4 have no constellations worth the name: their one
//! task is counted by the generic engine on [`NQueens`](crate::NQueens).
//!
//! # Complexity
//!
//! Time grows exponentially with `n`, a little faster than the number of
//! solutions `Q(n) ≈ (0.143·n)^n`: each step of `n` costs about 7× around
//! `n = 16`. The symmetry reduction saves a factor of about 8 over a plain
//! search, and the tables replace the deepest `k` levels of the tree (those
//! with the most nodes) by a scan of a short list. Enumerating the
//! constellations takes `O(n^4)`; the tables take time and memory
//! proportional to the number of safe `k`-row placements, with `k` chosen per
//! `n` to keep them below about 250 MB (some 70 MB at `n = 17`).

mod constellation;
mod geometry;
mod symmetric;
mod table;
mod task;
#[cfg(test)]
mod tests;
mod upper;

use std::ops::ControlFlow;
use std::sync::OnceLock;

use backtrack::{Limits, Outcome, Report, Runner, Setup, WorkList};
use runner::{Counts, Identity, Job};

use crate::error::Error;
use crate::{NQueens, Solution};

pub use constellation::Stabilizer;
pub use task::Task;

use constellation::{MIN_CONSTELLATION_N, bottom_column, region_max, region_rows};
use symmetric::symmetric;
use table::{BINOM, Tables, estimate_table};
use upper::{Scratch, complete, estimate};

/// Largest n supported: the search keeps one row of the board in a `u32`.
pub const MAX_N: u32 = 32;

/// The version of the way counts are split into tasks. It goes up whenever
/// the task list may change for some n, so that results of different
/// splits are never mixed.
pub const SPLIT_VERSION: u32 = 1;

/// Random probes per task for the estimate of its work, at most.
const PROBES: u32 = 16;

/// Random probes for all tasks together, at most: the estimate stays a
/// fraction of a second however many tasks a large n has.
const PROBE_BUDGET: usize = 1 << 20;

/// Random probes per bottom table for the estimate of its size.
const TABLE_PROBES: u32 = 4096;

/// Below this n a count takes a second or less: its tasks are weighed
/// equal, and the estimates are not worth their time.
const MIN_ESTIMATED_N: u32 = 17;

fn check_n(n: u32) -> Result<(), Error> {
    match n {
        0 => Err(Error::ZeroSize),
        1..=MAX_N => Ok(()),
        _ => Err(Error::TooLarge {
            n: n.into(),
            max: MAX_N.into(),
        }),
    }
}

/// Counts the solutions of the n-queens problem on all cores.
///
/// The same total as `backtrack::count(NQueens::new(n)?)`, the plain
/// search of every node (a test checks it for n = 1 to 12), an order of
/// magnitude faster from n = 16 on, together with the number of
/// fundamental solutions (and the tasks and nodes it took).
///
/// # Errors
///
/// [`Error::ZeroSize`] or [`Error::TooLarge`] unless `1 <= n <= MAX_N`.
///
/// # Example
///
/// ```
/// use nqueens::NQueens;
///
/// let c = nqueens::count(8)?;
/// assert_eq!((c.total, c.fundamental), (92, 12));
/// assert_eq!(c.total, backtrack::count(NQueens::new(8)?));
/// # Ok::<(), nqueens::Error>(())
/// ```
pub fn count(n: u32) -> Result<Counts, Error> {
    Split::new(n)?.count(0)
}

/// The count of one n as its deterministic list of tasks: task indices
/// name the same piece of work in every run, on every machine. It owns the
/// bottom tables its tasks share (up to some 250 MB for the largest n),
/// which are freed when it is dropped.
///
/// A [`WorkList`] for the engine's [`Runner`] and a [`runner::Job`] for
/// checkpoints and shards.
///
/// # Example
///
/// ```
/// use nqueens::Split;
///
/// let split = Split::new(10)?;
/// // Two shards, and everything in exactly one of them.
/// let mut total = 0;
/// for index in 0..2 {
///     let shard = runner::Shard::new(index, 2)?;
///     for task in shard.tasks(split.len())? {
///         total += split.solve(task).total;
///     }
/// }
/// assert_eq!(total, 724);
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
pub struct Split {
    n: u32,
    tasks: Vec<Task>,
    hash: u64,
    tables: Tables,
    /// The largest region of n: tables of more rows are not built.
    kmax: u32,
    /// The estimated cost of each table, indexed by `bottom * (kmax + 1)
    /// + k`, computed on first use.
    costs: Vec<OnceLock<(f64, f64)>>,
    /// The estimated work of each task, computed on first use.
    weights: Vec<OnceLock<f64>>,
}

impl std::fmt::Debug for Split {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Split")
            .field("n", &self.n)
            .field("tasks", &self.tasks.len())
            .field("hash", &format_args!("{:016x}", self.hash))
            .finish_non_exhaustive()
    }
}

impl Split {
    /// The split of the count of n.
    ///
    /// # Errors
    ///
    /// [`Error::ZeroSize`] or [`Error::TooLarge`] unless
    /// `1 <= n <= MAX_N`.
    pub fn new(n: u32) -> Result<Self, Error> {
        check_n(n)?;
        let tasks = task::tasks(n);
        let kmax = region_max(n);
        let weights = (0..tasks.len()).map(|_| OnceLock::new()).collect();
        let hash = runner::fingerprint(
            tasks
                .iter()
                .map(|task| (task.stabilizer().weight(), task.queens())),
        );
        Ok(Split {
            n,
            tasks,
            hash,
            tables: Tables::new(n),
            kmax,
            costs: (0..n * (kmax + 1)).map(|_| OnceLock::new()).collect(),
            weights,
        })
    }

    /// The board size.
    pub fn n(&self) -> u32 {
        self.n
    }

    /// The tasks, in order.
    pub fn tasks(&self) -> &[Task] {
        &self.tasks
    }

    /// How many tasks.
    pub fn len(&self) -> usize {
        self.tasks.len()
    }

    /// Whether there are no tasks (never: every n has at least one).
    pub fn is_empty(&self) -> bool {
        self.tasks.is_empty()
    }

    /// A 64-bit fingerprint of the task list ([`runner::fingerprint`] of
    /// each task's weight and queens): two splits with the same version,
    /// length and hash are the same list.
    pub fn hash(&self) -> u64 {
        self.hash
    }

    /// Counts every task on `threads` threads (0: one per core) and adds
    /// them up: the count of n.
    ///
    /// # Errors
    ///
    /// None today; the `Result` leaves room for limits.
    pub fn count(&self, threads: usize) -> Result<Counts, Error> {
        let all: Vec<usize> = (0..self.len()).collect();
        let never = |_: usize, _: &Counts| Ok::<(), std::convert::Infallible>(());
        match Runner::new(threads).run(self, &all, never) {
            Ok(report) => Ok(report.value),
            Err(never) => match never {},
        }
    }

    /// Counts task `index`: its exact contribution to the count (solutions
    /// already multiplied by the task's weight, fundamental solutions
    /// counted once).
    ///
    /// # Panics
    ///
    /// If `index >= self.len()`.
    pub fn solve(&self, index: usize) -> Counts {
        self.solve_within(&self.tasks[index], &Limits::default())
            .value
    }

    /// Counts `task`, which must be one of this split's.
    ///
    /// # Errors
    ///
    /// [`Error::OtherBoard`] for a task of another n: it would count
    /// nothing that belongs to this board.
    pub fn solve_task(&self, task: &Task) -> Result<Counts, Error> {
        if task.n() != self.n {
            return Err(Error::OtherBoard {
                task: task.n(),
                n: self.n,
            });
        }
        Ok(self.solve_within(task, &Limits::default()).value)
    }

    fn solve_within(&self, task: &Task, limits: &Limits) -> Report<Counts> {
        let n = self.n;
        if let Some(stop) = limits.poll() {
            return Report {
                value: Counts::default(),
                outcome: Outcome::Stopped(stop),
            };
        }
        if n < MIN_CONSTELLATION_N {
            return small_board(n, limits);
        }
        let queens = task.queens();
        let k = region_rows(n, queens);
        let table = (k > 0).then(|| self.tables.get(bottom_column(n, queens), k));
        let mut scratch = Scratch {
            limits: limits.clone(),
            ..Scratch::default()
        };
        let completions = u128::from(complete(n, queens, table, &mut scratch));
        let stabilizer = task.stabilizer();
        let fundamental = match stabilizer {
            Stabilizer::None => completions,
            Stabilizer::HalfTurn => (completions + u128::from(symmetric(n, queens, false))) / 2,
            Stabilizer::QuarterTurn => {
                let half = u128::from(symmetric(n, queens, false));
                let quarter = u128::from(symmetric(n, queens, true));
                (completions + half + 2 * quarter) / 4
            }
        };
        Report {
            value: Counts {
                total: completions * u128::from(stabilizer.weight()),
                fundamental,
                tasks: 1,
                nodes: scratch.nodes,
            },
            outcome: scratch.stopped.map_or(Outcome::Complete, Outcome::Stopped),
        }
    }

    /// The region and the bottom column of a task's table, if it has one.
    fn table_of(&self, task: &Task) -> Option<(u8, u32)> {
        if self.n < MIN_CONSTELLATION_N {
            return None;
        }
        let queens = task.queens();
        let k = region_rows(self.n, queens);
        (k > 0).then(|| (bottom_column(self.n, queens), k))
    }

    /// Knuth's estimate of the work of building the table of `(bottom,
    /// k)`, and of one query of it, in nodes of the upper search.
    fn table_cost(&self, (bottom, k): (u8, u32)) -> (f64, f64) {
        let w = (self.n - 2) as usize;
        let (nodes, entries) = estimate_table(self.n, bottom, k, TABLE_PROBES, u64::from(bottom));
        let buckets = f64::from(BINOM[k as usize][w]).max(1.0);
        // Up to 18 columns one walk and three passes over the entries
        // (note, count, place), wider boards two walks (count, then fill)
        // and two passes; a query scans a bucket, some 24 entries (one
        // vectorised compare each) to a node of the search. Calibrated on
        // n = 17, where the progress then stays within a few percent of the
        // time share.
        let (walks, passes) = if self.n - 2 > 16 {
            (2.0, 2.0)
        } else {
            (1.0, 3.0)
        };
        (
            walks * nodes + passes * entries,
            1.0 + entries / buckets / 24.0,
        )
    }

    /// The cost of a table, as [`table_cost`](Self::table_cost) gives it,
    /// estimated once per table and shared by the threads that weigh its
    /// tasks.
    fn cached_cost(&self, (bottom, k): (u8, u32)) -> (f64, f64) {
        let k = k.min(self.kmax);
        let slot = usize::from(bottom) * (self.kmax as usize + 1) + k as usize;
        match self.costs.get(slot) {
            Some(cost) => *cost.get_or_init(|| self.table_cost((bottom, k))),
            None => self.table_cost((bottom, k)),
        }
    }

    /// The estimated work of task `index` (see [`WorkList::weight`]), in
    /// nodes of the upper search, without building a table: Knuth's
    /// estimate of the task's upper search, with each placement that
    /// reaches the region charged the average scan of its table. Each task
    /// is weighed on its own, so that the runner's threads share the
    /// weighing (some 3% of a count's work at n = 17), and the same way
    /// on any of them: its probes are drawn from its index.
    fn task_weight(&self, index: usize) -> f64 {
        let n = self.n;
        let Some(task) = self.tasks.get(index) else {
            return 1.0;
        };
        if n < MIN_ESTIMATED_N {
            return 1.0;
        }
        let probes = (PROBE_BUDGET / self.tasks.len().max(1)).clamp(2, PROBES as usize) as u32;
        let (k, leaf) = match self.table_of(task) {
            Some(table) => (table.1, self.cached_cost(table).1),
            None => (0, 0.0),
        };
        let upper = estimate(n, task.queens(), k, leaf, probes, index as u64);
        match task.stabilizer() {
            Stabilizer::None => upper,
            // A symmetric task also searches its symmetric completions, a
            // small part of its work.
            Stabilizer::HalfTurn | Stabilizer::QuarterTurn => upper * 1.1,
        }
    }
}

impl WorkList for Split {
    type Output = Counts;

    fn len(&self) -> usize {
        self.tasks.len()
    }

    fn solve(&self, index: usize, limits: &Limits) -> Report<Counts> {
        self.solve_within(&self.tasks[index], limits)
    }

    /// Knuth's estimate of the nodes the task's search visits, with the
    /// entries its table scans; each task weighed on its own.
    fn weight(&self, index: usize) -> f64 {
        match self.weights.get(index) {
            Some(weight) => *weight.get_or_init(|| self.task_weight(index)),
            None => 1.0,
        }
    }

    /// The tasks of one bottom table form a group: run together, they
    /// find it in the processor's caches.
    fn group(&self, index: usize) -> u64 {
        self.table_of(&self.tasks[index]).map_or(0, |(bottom, k)| {
            (u64::from(bottom) << 8) | (u64::from(k) + 1)
        })
    }

    /// The bottom tables the tasks need, built up front on every thread,
    /// the largest first.
    fn setup(&self, tasks: &[usize]) -> Vec<Setup<'_>> {
        let needed: std::collections::BTreeSet<(u8, u32)> = tasks
            .iter()
            .filter_map(|&i| self.tasks.get(i).and_then(|task| self.table_of(task)))
            .collect();
        needed
            .into_iter()
            .map(|(bottom, k)| Setup {
                weight: if self.n < MIN_ESTIMATED_N {
                    0.0
                } else {
                    self.cached_cost((bottom, k)).0
                },
                run: Box::new(move || {
                    self.tables.get(bottom, k);
                }),
            })
            .collect()
    }
}

impl Job for Split {
    fn identity(&self) -> Identity {
        Identity::new(
            format!("nqueens {}", self.n),
            SPLIT_VERSION,
            self.tasks.len() as u64,
            self.hash,
        )
    }
}

/// The count of a board below 4x4 by the generic engine: every solution,
/// and those that are the canonical form of their class.
fn small_board(n: u32, limits: &Limits) -> Report<Counts> {
    let Ok(problem) = NQueens::new(n) else {
        return Report {
            value: Counts::default(),
            outcome: Outcome::Complete,
        };
    };
    let mut search = backtrack::Search::new(problem).with_limits(limits.clone());
    let (mut total, mut fundamental) = (0u128, 0u128);
    let outcome = search.for_each(|_, columns| {
        total += 1;
        let solution = Solution::from_columns(columns.to_vec());
        if solution.canonical() == solution {
            fundamental += 1;
        }
        ControlFlow::Continue(())
    });
    Report {
        value: Counts {
            total,
            fundamental,
            tasks: 1,
            nodes: search.stats().nodes,
        },
        outcome,
    }
}
