//! Exact N-queens solution counts: all solutions and fundamental ones.
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
//!   they are built on first use and shared between threads.
//! * The rows above the region are filled by a bitmask depth-first search
//!   (explicit stack, one-row look-ahead, the border queens' rows skipped and
//!   their diagonals fed in as the search passes them).
//! * A partial placement that reaches the region needs exactly the columns
//!   still free, and its first-row queen on a square still safe: the search
//!   takes that group, narrowed to the span of safe first-row columns, and
//!   counts the entries whose diagonals miss the ones already taken. That is
//!   one `AND` and one compare per entry, which the compiler vectorises, in
//!   place of the last `k` levels of the search tree.
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
//! the first row that the search fills. [`count_with`] is exactly the sum of
//! [`solve_task`] over [`tasks`], so shards and checkpoints can be built on
//! task indices.
//!
//! Board sizes below 4 have no constellations worth the name and are counted
//! by a plain exhaustive search.
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

use std::fmt;
use std::sync::atomic::{AtomicBool, AtomicUsize, Ordering};
use std::sync::{Arc, Mutex, OnceLock};
use std::time::{Duration, Instant};

use rayon::prelude::*;

/// Exact counts for one n.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Default)]
pub struct Counts {
    /// Number of solutions (OEIS A000170).
    pub total: u128,
    /// Number of solutions up to rotation and reflection (OEIS A002562).
    pub fundamental: u128,
}

impl std::ops::Add for Counts {
    type Output = Counts;
    fn add(self, other: Counts) -> Counts {
        Counts {
            total: self.total + other.total,
            fundamental: self.fundamental + other.fundamental,
        }
    }
}

impl std::iter::Sum for Counts {
    fn sum<I: Iterator<Item = Counts>>(iter: I) -> Counts {
        iter.fold(Counts::default(), |a, b| a + b)
    }
}

/// Largest n supported: the search keeps one row of the board in a `u32`.
pub const MAX_N: u32 = 32;

/// How to run a count: number of threads and an optional progress callback.
#[derive(Clone, Copy, Default)]
pub struct CountOptions<'a> {
    threads: usize,
    progress: Option<&'a (dyn Fn(f64) + Sync)>,
}

impl fmt::Debug for CountOptions<'_> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("CountOptions")
            .field("threads", &self.threads)
            .field("progress", &self.progress.is_some())
            .finish()
    }
}

impl<'a> CountOptions<'a> {
    /// Default options: all cores, no progress callback.
    pub fn new() -> Self {
        Self::default()
    }

    /// Number of threads: 0 uses all cores (rayon's global pool), 1 runs on
    /// the calling thread without any pool, k ≥ 2 uses a dedicated pool of k
    /// threads. The result does not depend on it.
    pub fn threads(mut self, threads: usize) -> Self {
        self.threads = threads;
        self
    }

    /// Callback receiving the fraction of tasks finished, in `0.0..=1.0`:
    /// non-decreasing, at most a few hundred calls per second, and a last
    /// call with `1.0` when the count is complete. It may be called from any
    /// of the worker threads, never from two at once.
    pub fn progress(mut self, progress: &'a (dyn Fn(f64) + Sync)) -> Self {
        self.progress = Some(progress);
        self
    }
}

/// Why a count could not be made.
#[derive(Clone, Debug, PartialEq, Eq)]
#[non_exhaustive]
pub enum CountError {
    /// The board size is 0 or larger than [`MAX_N`].
    BoardSize {
        /// The size that was asked for.
        n: u32,
    },
    /// The dedicated thread pool could not be started.
    ThreadPool {
        /// The reason reported by the operating system.
        message: String,
    },
}

impl fmt::Display for CountError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            CountError::BoardSize { n } => write!(
                f,
                "board size {n} is not supported: choose n between 1 and {MAX_N}"
            ),
            CountError::ThreadPool { message } => write!(
                f,
                "could not start the worker threads ({message}); retry with fewer threads, or 1 to count on the calling thread"
            ),
        }
    }
}

impl std::error::Error for CountError {}

fn check_n(n: u32) -> Result<(), CountError> {
    if (1..=MAX_N).contains(&n) {
        Ok(())
    } else {
        Err(CountError::BoardSize { n })
    }
}

/// Counts the solutions of the n-queens problem on all cores.
///
/// The same total as `backtrack::count(NQueens::new(n)?)`, the plain
/// search of every node (a test checks it for n = 1 to 12), an order of
/// magnitude faster from n = 16 on, together with the number of
/// fundamental solutions.
///
/// # Errors
///
/// [`CountError::BoardSize`] unless `1 <= n <= MAX_N`.
///
/// # Example
///
/// ```
/// use nqueens::NQueens;
///
/// let c = nqueens::count(8).unwrap();
/// assert_eq!((c.total, c.fundamental), (92, 12));
/// assert_eq!(c.total, u128::from(backtrack::count(NQueens::new(8)?)));
/// # Ok::<(), nqueens::Error>(())
/// ```
pub fn count(n: u32) -> Result<Counts, CountError> {
    count_with(n, &CountOptions::new())
}

/// Counts the solutions of the n-queens problem with the given options.
///
/// The result is the exact sum of [`solve_task`] over [`tasks`] and does not
/// depend on the number of threads.
///
/// # Errors
///
/// [`CountError::BoardSize`] unless `1 <= n <= MAX_N`;
/// [`CountError::ThreadPool`] if a dedicated pool cannot be started.
pub fn count_with(n: u32, options: &CountOptions<'_>) -> Result<Counts, CountError> {
    let list = tasks(n)?;
    let tables = table_set(n);
    let progress = Progress::new(options.progress, list.len());
    let work = || -> Counts {
        list.par_iter()
            .map_init(Scratch::default, |scratch, task| {
                let c = solve(n, task, &tables, scratch);
                progress.tick();
                c
            })
            .sum()
    };
    let counts = match options.threads {
        1 => {
            let mut scratch = Scratch::default();
            list.iter()
                .map(|task| {
                    let c = solve(n, task, &tables, &mut scratch);
                    progress.tick();
                    c
                })
                .sum()
        }
        0 => work(),
        threads => rayon::ThreadPoolBuilder::new()
            .num_threads(threads)
            .build()
            .map_err(|e| CountError::ThreadPool {
                message: e.to_string(),
            })?
            .install(work),
    };
    progress.finish();
    Ok(counts)
}

/// Reports the finished fraction of tasks, throttled and monotone.
struct Progress<'a> {
    callback: Option<&'a (dyn Fn(f64) + Sync)>,
    total: usize,
    done: AtomicUsize,
    /// Last fraction reported and when; the lock also keeps calls apart.
    last: Mutex<(f64, Option<Instant>)>,
}

impl<'a> Progress<'a> {
    const INTERVAL: Duration = Duration::from_millis(5);

    fn new(callback: Option<&'a (dyn Fn(f64) + Sync)>, total: usize) -> Self {
        Progress {
            callback,
            total,
            done: AtomicUsize::new(0),
            last: Mutex::new((0.0, None)),
        }
    }

    fn tick(&self) {
        let Some(callback) = self.callback else {
            return;
        };
        let done = self.done.fetch_add(1, Ordering::Relaxed) + 1;
        // A busy lock means another thread is reporting right now: skip.
        if let Ok(mut last) = self.last.try_lock() {
            let now = Instant::now();
            if last
                .1
                .is_none_or(|t| now.duration_since(t) >= Self::INTERVAL)
            {
                let fraction = (done as f64 / self.total.max(1) as f64).clamp(last.0, 1.0);
                callback(fraction);
                *last = (fraction, Some(now));
            }
        }
    }

    fn finish(&self) {
        let Some(callback) = self.callback else {
            return;
        };
        let mut last = self.last.lock().unwrap_or_else(|e| e.into_inner());
        if last.0 < 1.0 || last.1.is_none() {
            callback(1.0);
            *last = (1.0, Some(Instant::now()));
        }
    }
}

// ---------------------------------------------------------------------------
// Tasks

/// Symmetry of a task's constellation: which turns of the board leave its
/// border queens in place. It fixes the task's weight in the total.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Symmetry {
    /// Only the identity: the constellation stands for 8 distinct ones.
    None,
    /// Unchanged by a half turn: it stands for 4 constellations.
    HalfTurn,
    /// Unchanged by a quarter turn: it stands for 2 constellations.
    QuarterTurn,
}

impl Symmetry {
    /// How many distinct constellations (and solutions per completion) the
    /// task stands for: 8, 4 or 2.
    pub fn weight(self) -> u32 {
        match self {
            Symmetry::None => 8,
            Symmetry::HalfTurn => 4,
            Symmetry::QuarterTurn => 2,
        }
    }
}

/// Most queens a task fixes: four border queens and one more.
const TASK_QUEENS: usize = 5;

/// One independent piece of the count: a board with a few queens already
/// placed (the border queens of a constellation representative, possibly one
/// more queen on the first row the search fills).
///
/// Tasks come from [`tasks`] in a fixed order; [`solve_task`] counts one.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Task {
    n: u8,
    symmetry: Symmetry,
    len: u8,
    queens: [(u8, u8); TASK_QUEENS],
}

impl Task {
    /// The board size the task belongs to.
    pub fn n(&self) -> u32 {
        u32::from(self.n)
    }

    /// The pre-placed queens as `(row, column)`, 0-based, in the orientation
    /// the search uses. Empty for the single task of a board below 4×4,
    /// which is counted exhaustively.
    pub fn queens(&self) -> &[(u8, u8)] {
        &self.queens[..usize::from(self.len)]
    }

    /// The symmetry of the task's constellation.
    pub fn symmetry(&self) -> Symmetry {
        self.symmetry
    }

    fn new(n: u32, symmetry: Symmetry, queens: &[Q]) -> Task {
        let mut q = [(0, 0); TASK_QUEENS];
        q[..queens.len()].copy_from_slice(queens);
        Task {
            n: n as u8,
            symmetry,
            len: queens.len() as u8,
            queens: q,
        }
    }
}

/// The deterministic list of independent tasks the count of `n` is split
/// into; the same list, in the same order, on every call.
///
/// # Errors
///
/// [`CountError::BoardSize`] unless `1 <= n <= MAX_N`.
pub fn tasks(n: u32) -> Result<Vec<Task>, CountError> {
    check_n(n)?;
    if n < MIN_CONSTELLATION_N {
        return Ok(vec![Task::new(n, Symmetry::None, &[])]);
    }
    let m = (n - 1) as u8;
    let mut out = Vec::new();
    for (queens, symmetry) in constellations(n) {
        let rows_used = queens.iter().fold(0u64, |acc, q| acc | 1 << q.0);
        let first_free = (1..m).find(|&r| rows_used & 1 << r == 0);
        let split_row = match (symmetry, first_free) {
            (Symmetry::None, Some(r)) if r < join_row(n, &queens) => Some(r),
            _ => None,
        };
        match split_row {
            None => out.push(Task::new(n, symmetry, &queens)),
            Some(r) => {
                for c in 1..m {
                    let q = (r, c);
                    if queens.iter().all(|&p| !attacks(p, q)) {
                        let mut more = queens.clone();
                        more.push(q);
                        out.push(Task::new(n, symmetry, &more));
                    }
                }
            }
        }
    }
    Ok(out)
}

/// This task's exact contribution to [`count_with`]: solutions already
/// multiplied by the task's weight, fundamental solutions counted once.
///
/// A task from another board size (`task.n() != n`) contributes nothing.
/// The bottom tables for `n` are built on first use and kept for further
/// calls with the same `n`.
pub fn solve_task(n: u32, task: &Task) -> Counts {
    if check_n(n).is_err() || task.n() != n {
        return Counts::default();
    }
    solve(n, task, &table_set(n), &mut Scratch::default())
}

/// What counting one task found, and the work it took.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Default)]
pub struct TaskCount {
    /// The task's contribution to the count, as [`solve_task`] gives it.
    pub counts: Counts,
    /// Partial placements the search expanded above the bottom tables.
    pub nodes: u64,
}

/// [`solve_task`] that gives up soon after `cancel` is raised (within a few
/// milliseconds of work), returning `None`: a task of a large board can
/// take minutes, too long to wait for at a deadline or an interrupt. Also
/// says how many nodes the search expanded.
pub fn solve_task_until(n: u32, task: &Task, cancel: &Arc<AtomicBool>) -> Option<TaskCount> {
    if check_n(n).is_err() || task.n() != n {
        return Some(TaskCount::default());
    }
    let mut scratch = Scratch {
        cancel: Some(Arc::clone(cancel)),
        ..Scratch::default()
    };
    let counts = solve(n, task, &table_set(n), &mut scratch);
    (!cancel.load(Ordering::Relaxed)).then_some(TaskCount {
        counts,
        nodes: scratch.nodes,
    })
}

fn solve(n: u32, task: &Task, tables: &TableSet, scratch: &mut Scratch) -> Counts {
    if n < MIN_CONSTELLATION_N {
        return exhaustive(n);
    }
    let queens = task.queens();
    let k = region_rows(n, queens);
    let bottom = bottom_column(n, queens);
    let table = if k > 0 {
        Some(tables.get(bottom, k))
    } else {
        None
    };
    let completions = u128::from(complete(n, queens, table, scratch));
    let weight = task.symmetry.weight();
    let fundamental = match task.symmetry {
        Symmetry::None => completions,
        Symmetry::HalfTurn => (completions + u128::from(symmetric(n, queens, false))) / 2,
        Symmetry::QuarterTurn => {
            let half = u128::from(symmetric(n, queens, false));
            let quarter = u128::from(symmetric(n, queens, true));
            (completions + half + 2 * quarter) / 4
        }
    };
    Counts {
        total: completions * u128::from(weight),
        fundamental,
    }
}

// ---------------------------------------------------------------------------
// Geometry and constellations

/// A square as (row, column).
type Q = (u8, u8);

/// Smallest n handled with constellations; below it the board is searched
/// exhaustively.
const MIN_CONSTELLATION_N: u32 = 4;

fn attacks(a: Q, b: Q) -> bool {
    a.0 == b.0 || a.1 == b.1 || a.0.abs_diff(b.0) == a.1.abs_diff(b.1)
}

/// The 8 symmetries of the square on (row, column), with `m = n - 1`.
/// 0 identity, 1 quarter turn, 2 half turn, 3 three-quarter turn, 4..7 the
/// reflections.
fn transform(t: u8, m: u8, (r, c): Q) -> Q {
    match t {
        0 => (r, c),
        1 => (c, m - r),
        2 => (m - r, m - c),
        3 => (m - c, r),
        4 => (r, m - c),
        5 => (m - r, c),
        6 => (c, r),
        _ => (m - c, m - r),
    }
}

fn image(t: u8, m: u8, queens: &[Q]) -> Vec<Q> {
    let mut v: Vec<Q> = queens.iter().map(|&q| transform(t, m, q)).collect();
    v.sort_unstable();
    v
}

/// Row of the lowest side-column queen that is not in a corner (0 if none).
fn lowest_side_queen(n: u32, queens: &[Q]) -> u8 {
    let m = (n - 1) as u8;
    queens
        .iter()
        .filter(|q| (q.1 == 0 || q.1 == m) && q.0 != 0 && q.0 != m)
        .map(|q| q.0)
        .max()
        .unwrap_or(0)
}

fn bottom_column(n: u32, queens: &[Q]) -> u8 {
    let m = (n - 1) as u8;
    queens.iter().find(|q| q.0 == m).map_or(0, |q| q.1)
}

/// Rows in the bottom region: as many as the tables for `n` allow, but all
/// below the side queens.
fn region_rows(n: u32, queens: &[Q]) -> u32 {
    let m = n - 1;
    let below = m - 1 - u32::from(lowest_side_queen(n, queens));
    region_max(n).min(below)
}

/// First row of the bottom region (`n - 1` when there is no region).
fn join_row(n: u32, queens: &[Q]) -> u8 {
    (n - 1 - region_rows(n, queens)) as u8
}

/// Largest region for each n: deep enough to replace most of the search by
/// table scans, small enough that a table holds at most a few million
/// entries.
fn region_max(n: u32) -> u32 {
    match n {
        0..=5 => n.saturating_sub(3),
        6..=11 => n / 2,
        12..=18 => 8,
        19 => 7,
        20..=22 => 6,
        23..=27 => 5,
        _ => 4,
    }
}

/// All constellation representatives of an n ≥ 4 board, oriented for the
/// search, with their symmetry; in a fixed order that keeps tasks sharing a
/// bottom table together.
fn constellations(n: u32) -> Vec<(Vec<Q>, Symmetry)> {
    let m = (n - 1) as u8;
    let nn = n as u8;
    let mut reps = Vec::new();
    for a in 0..nn {
        for b in 0..nn {
            for c in 0..nn {
                for d in 0..nn {
                    let mut q = vec![(0, a), (m, b), (c, 0), (d, m)];
                    q.sort_unstable();
                    q.dedup();
                    let on = |f: &dyn Fn(&Q) -> bool| q.iter().filter(|x| f(x)).count() == 1;
                    if !(on(&|x| x.0 == 0)
                        && on(&|x| x.0 == m)
                        && on(&|x| x.1 == 0)
                        && on(&|x| x.1 == m))
                    {
                        continue;
                    }
                    let safe = q
                        .iter()
                        .enumerate()
                        .all(|(i, &x)| q[i + 1..].iter().all(|&y| !attacks(x, y)));
                    if !safe {
                        continue;
                    }
                    let images: Vec<Vec<Q>> = (0..8).map(|t| image(t, m, &q)).collect();
                    // Visit each orbit once: at its least member.
                    if images.iter().any(|v| *v < q) {
                        continue;
                    }
                    let symmetry = if images[1] == q {
                        Symmetry::QuarterTurn
                    } else if images[2] == q {
                        Symmetry::HalfTurn
                    } else {
                        Symmetry::None
                    };
                    // Choose the orientation the search handles best: side
                    // queens high (the region below them is then as deep as
                    // allowed), then the bottom queen near a corner.
                    let key = |v: &Vec<Q>| {
                        let b = bottom_column(n, v);
                        (lowest_side_queen(n, v), b.min(m - b), v.clone())
                    };
                    let mut rep = images
                        .iter()
                        .min_by_key(|v| key(v))
                        .cloned()
                        .unwrap_or(q.clone());
                    // Mirror so the bottom queen is in the left half: tables
                    // are built for those columns only.
                    if bottom_column(n, &rep) > m / 2 {
                        rep = image(4, m, &rep);
                    }
                    reps.push((rep, symmetry));
                }
            }
        }
    }
    reps.sort_by_key(|(q, _)| (bottom_column(n, q), region_rows(n, q), q.clone()));
    reps
}

// ---------------------------------------------------------------------------
// Bottom tables

/// Binomial coefficients `C(p, t)` for `t <= MAX_REGION`, `p < 32`, for
/// ranking column sets.
const MAX_REGION: usize = 12;
const BINOM: [[u32; 32]; MAX_REGION + 1] = {
    let mut b = [[0u32; 32]; MAX_REGION + 1];
    let mut p = 0;
    while p < 32 {
        b[0][p] = 1;
        p += 1;
    }
    let mut t = 1;
    while t <= MAX_REGION {
        let mut p = 1;
        while p < 32 {
            b[t][p] = b[t][p - 1] + b[t - 1][p - 1];
            p += 1;
        }
        t += 1;
    }
    b
};

/// Position of a `k`-element column set in the combinatorial number system:
/// a dense index in `0..C(w, k)`.
#[inline(always)]
fn rank(mut set: u32, k: u32) -> usize {
    let mut r = 0;
    for row in &BINOM[1..=k as usize] {
        r += row[set.trailing_zeros() as usize & 31];
        set &= set.wrapping_sub(1);
    }
    r as usize
}

/// Placements of the region, bucketed by column set. An entry packs the
/// diagonals its queens use, projected onto the region's first row: the
/// `\` ones in the low half, the `/` ones in the high half.
enum Entries {
    /// Boards up to 18 columns: both halves fit 16 bits.
    Narrow(Vec<u32>),
    /// Wider boards.
    Wide(Vec<u64>),
}

struct Table {
    k: u32,
    /// Window width `n - 2`.
    width: u32,
    /// Window columns (`n - 2`) as a mask.
    window: u32,
    /// `offsets[rank]..offsets[rank + 1]` are the entries of a column set.
    offsets: Vec<u32>,
    entries: Entries,
}

impl Table {
    /// The region has `k` rows right above the bottom queen at column
    /// `bottom`; nothing else is on the board.
    fn build(n: u32, bottom: u8, k: u32) -> Table {
        Self::build_with(n, bottom, k, n - 2 > 16)
    }

    fn build_with(n: u32, bottom: u8, k: u32, wide: bool) -> Table {
        let m = n - 1;
        let w = n - 2;
        let window = (1u32 << w) - 1;
        let first_row = m - k;
        let bq = [(m as u8, bottom)];
        // Attacks of the bottom queen on each region row.
        let masks: Vec<u32> = (first_row..m)
            .map(|r| diag_down(m, &bq, r as u8) | diag_up(m, &bq, r as u8))
            .collect();
        let walk = RegionWalk {
            k,
            window,
            masks: &masks,
            start: window_bit(m, bottom),
        };
        // Bucket by column set, and inside a bucket by the column of the
        // first row's queen, so a query can skip first-row columns that are
        // attacked. Two passes (count, then fill) keep the peak memory at
        // the table's own size.
        let slot = |set: u32, first: u32| rank(set, k) * w as usize + first as usize;
        let buckets = BINOM[k as usize][w as usize] as usize * w as usize;
        let mut offsets = vec![0u32; buckets + 1];
        walk.run(&mut |set, first, _| offsets[slot(set, first) + 1] += 1);
        for i in 0..buckets {
            offsets[i + 1] += offsets[i];
        }
        let mut fill = offsets.clone();
        let size = offsets[buckets] as usize;
        let mut next = |set: u32, first: u32| {
            let i = slot(set, first);
            fill[i] += 1;
            fill[i] as usize - 1
        };
        let entries = if !wide {
            let mut e = vec![0u32; size];
            walk.run(&mut |set, first, (ld, rd)| e[next(set, first)] = ld | rd << 16);
            Entries::Narrow(e)
        } else {
            let mut e = vec![0u64; size];
            walk.run(&mut |set, first, (ld, rd)| {
                e[next(set, first)] = u64::from(ld) | u64::from(rd) << 32;
            });
            Entries::Wide(e)
        };
        Table {
            k,
            width: w,
            window,
            offsets,
            entries,
        }
    }

    /// Completions of a placement that filled every row above the region:
    /// `cols`, `ld` and `rd` are the used columns and the attacked squares of
    /// the region's first row.
    #[inline(always)]
    fn join(&self, cols: u32, ld: u32, rd: u32) -> u64 {
        let set = self.window & !cols;
        let first = set & !(ld | rd);
        if first == 0 {
            return 0;
        }
        let base = rank(set, self.k) * self.width as usize;
        let lo_slot = base + first.trailing_zeros() as usize;
        let hi_slot = base + (31 - first.leading_zeros()) as usize + 1;
        let (Some(&lo), Some(&hi)) = (self.offsets.get(lo_slot), self.offsets.get(hi_slot)) else {
            return 0;
        };
        let range = lo as usize..hi as usize;
        let (ld, rd) = (ld & self.window, rd & self.window);
        match &self.entries {
            Entries::Narrow(e) => {
                let q = ld | rd << 16;
                let mut c = 0u32;
                for &x in e.get(range).unwrap_or(&[]) {
                    c += u32::from(x & q == 0);
                }
                u64::from(c)
            }
            Entries::Wide(e) => {
                let q = u64::from(ld) | u64::from(rd) << 32;
                let mut c = 0u32;
                for &x in e.get(range).unwrap_or(&[]) {
                    c += u32::from(x & q == 0);
                }
                u64::from(c)
            }
        }
    }
}

/// Depth-first enumeration of the region's placements for [`Table::build`].
struct RegionWalk<'a> {
    k: u32,
    window: u32,
    /// The bottom queen's attacks on each region row.
    masks: &'a [u32],
    /// The bottom queen's column bit.
    start: u32,
}

/// What a placement of the region is filed under: its column set, the column
/// of its first row's queen, and its diagonals projected onto the first row.
type Found<'f> = dyn FnMut(u32, u32, (u32, u32)) + 'f;

impl RegionWalk<'_> {
    fn run(&self, found: &mut Found<'_>) {
        self.go(0, self.start, 0, 0, 0, 0, (0, 0), found);
    }

    /// `row` counts from the region's first row; `set` holds the queens'
    /// columns, `up` their `\` and `/` diagonals projected onto that row.
    #[allow(clippy::too_many_arguments)]
    fn go(
        &self,
        row: u32,
        cols: u32,
        ld: u32,
        rd: u32,
        set: u32,
        first: u32,
        up: (u32, u32),
        found: &mut Found<'_>,
    ) {
        if row == self.k {
            found(set, first, (up.0, up.1 & self.window));
            return;
        }
        let mut free = self.window & !(cols | ld | rd | self.masks[row as usize]);
        while free != 0 {
            let bit = free & free.wrapping_neg();
            free ^= bit;
            self.go(
                row + 1,
                cols | bit,
                (ld | bit) << 1,
                (rd | bit) >> 1,
                set | bit,
                if row == 0 {
                    bit.trailing_zeros()
                } else {
                    first
                },
                (up.0 | bit >> row, up.1 | bit.checked_shl(row).unwrap_or(0)),
                found,
            );
        }
    }
}

/// The bottom tables of one n, built on demand and shared.
struct TableSet {
    n: u32,
    kmax: u32,
    /// Indexed by `bottom * (kmax + 1) + k`.
    slots: Vec<OnceLock<Table>>,
}

impl TableSet {
    fn new(n: u32) -> TableSet {
        let kmax = region_max(n);
        let slots = (0..n * (kmax + 1)).map(|_| OnceLock::new()).collect();
        TableSet { n, kmax, slots }
    }

    fn get(&self, bottom: u8, k: u32) -> &Table {
        let k = k.min(self.kmax);
        let bottom = u32::from(bottom).min(self.n - 1);
        self.slots[(bottom * (self.kmax + 1) + k) as usize]
            .get_or_init(|| Table::build(self.n, bottom as u8, k))
    }
}

/// The tables of the most recent n; a count or a run of [`solve_task`] calls
/// for one n builds them once.
static TABLES: Mutex<Option<Arc<TableSet>>> = Mutex::new(None);

fn table_set(n: u32) -> Arc<TableSet> {
    let mut cached = TABLES.lock().unwrap_or_else(|e| e.into_inner());
    match cached.as_ref() {
        Some(set) if set.n == n => Arc::clone(set),
        _ => {
            let set = Arc::new(TableSet::new(n));
            *cached = Some(Arc::clone(&set));
            set
        }
    }
}

// ---------------------------------------------------------------------------
// The search above the region

/// Window bit of board column `c` (columns 1..=m-1 are bits 0..=m-2).
fn window_bit(m: u32, c: u8) -> u32 {
    let c = u32::from(c);
    if (1..m).contains(&c) { 1 << (c - 1) } else { 0 }
}

/// Squares of board row `r` on a `\` diagonal of one of `queens`, as window
/// bits.
fn diag_down(m: u32, queens: &[Q], r: u8) -> u32 {
    queens.iter().fold(0, |acc, q| {
        let c = i32::from(q.1) + i32::from(r) - i32::from(q.0);
        acc | if (1..m as i32).contains(&c) {
            1 << (c - 1)
        } else {
            0
        }
    })
}

/// Squares of board row `r` on a `/` diagonal of one of `queens`.
fn diag_up(m: u32, queens: &[Q], r: u8) -> u32 {
    queens.iter().fold(0, |acc, q| {
        let c = i32::from(q.1) + i32::from(q.0) - i32::from(r);
        acc | if (1..m as i32).contains(&c) {
            1 << (c - 1)
        } else {
            0
        }
    })
}

/// One row of the upper search: the step to the next row to fill.
#[derive(Clone, Copy, Default)]
struct Level {
    /// Rows advanced (more than 1 past a side queen's row).
    shift: u32,
    /// Pre-placed queens' diagonals on that next row.
    ld: u32,
    rd: u32,
}

/// A pending node: level, free squares of its row, used columns, diagonals.
#[derive(Clone, Copy, Default)]
struct Node {
    level: u32,
    free: u32,
    cols: u32,
    ld: u32,
    rd: u32,
}

/// Reusable search stack, the flag that stops a search early, and the
/// number of nodes searched so far.
#[derive(Default)]
struct Scratch {
    stack: Vec<Node>,
    cancel: Option<Arc<AtomicBool>>,
    nodes: u64,
}

/// How many nodes a search visits between two looks at its cancel flag:
/// a few milliseconds of work.
const CANCEL_POLL: u32 = 1 << 16;

/// Stack slots: one level pushes at most `n - 2` nodes, and there are fewer
/// than `n - 2` levels.
const STACK: usize = 1024;

/// Completions of the pre-placed `queens`: the rows above the region by
/// search, the region by `table` (no table: no region, search to the end).
/// A `u64` suffices: one task would need decades to count past it.
fn complete(n: u32, queens: &[Q], table: Option<&Table>, scratch: &mut Scratch) -> u64 {
    let m = n - 1;
    let window = (1u32 << (n - 2)) - 1;
    let first_region_row = m - table.map_or(0, |t| t.k);
    let rows_used = queens.iter().fold(0u64, |acc, q| acc | 1 << q.0);
    let free_rows: Vec<u8> = (1..first_region_row as u8)
        .filter(|&r| rows_used & 1 << r == 0)
        .collect();
    let cols = queens
        .iter()
        .fold(!window, |acc, q| acc | window_bit(m, q.1));
    let ld_at = |r: u8| diag_down(m, queens, r);
    let rd_at = |r: u8| diag_up(m, queens, r);

    let Some(&top) = free_rows.first() else {
        return match table {
            Some(t) => {
                let r = first_region_row as u8;
                t.join(cols, ld_at(r), rd_at(r))
            }
            None => u64::from(cols == u32::MAX),
        };
    };
    let mut levels = [Level::default(); 32];
    for (i, &row) in free_rows.iter().enumerate() {
        let next = match (free_rows.get(i + 1), table) {
            (Some(&r), _) => r,
            (None, Some(_)) => first_region_row as u8,
            // Last row and nothing below: a zero step makes the look-ahead
            // test the row itself.
            (None, None) => row,
        };
        levels[i] = Level {
            shift: u32::from(next - row),
            ld: if next == row { 0 } else { ld_at(next) },
            rd: if next == row { 0 } else { rd_at(next) },
        };
    }
    let (ld, rd) = (ld_at(top), rd_at(top));
    let root = Node {
        level: 0,
        free: !(cols | ld | rd),
        cols,
        ld,
        rd,
    };
    match table {
        Some(t) => search(&levels, free_rows.len(), root, scratch, |c, l, r| {
            t.join(c, l, r)
        }),
        None => search(&levels, free_rows.len(), root, scratch, |_, _, _| 1),
    }
}

/// Depth-first search over `depth` levels; `finish` counts the completions
/// of a placement that fills the last level.
#[inline(always)]
fn search(
    levels: &[Level; 32],
    depth: usize,
    root: Node,
    scratch: &mut Scratch,
    finish: impl Fn(u32, u32, u32) -> u64,
) -> u64 {
    if root.free == 0 {
        return 0;
    }
    let stack = &mut scratch.stack;
    stack.resize(STACK, Node::default());
    let stack = &mut stack[..STACK];
    stack[0] = root;
    let mut top = 1usize;
    let mut count = 0u64;
    let last = depth as u32 - 1;
    let mut until_poll = CANCEL_POLL;
    // Nodes are counted by the poll countdown: nothing more per node.
    let mut polls = 0u64;
    while top > 0 {
        until_poll -= 1;
        if until_poll == 0 {
            until_poll = CANCEL_POLL;
            polls += 1;
            // The count of a cancelled search is thrown away by the caller.
            if scratch
                .cancel
                .as_ref()
                .is_some_and(|flag| flag.load(Ordering::Relaxed))
            {
                break;
            }
        }
        top -= 1;
        let node = stack[top & (STACK - 1)];
        let lv = levels[node.level as usize & 31];
        let mut free = node.free;
        if node.level == last {
            while free != 0 {
                let bit = free & free.wrapping_neg();
                free ^= bit;
                count += finish(
                    node.cols | bit,
                    ((node.ld | bit) << lv.shift) | lv.ld,
                    ((node.rd | bit) >> lv.shift) | lv.rd,
                );
            }
            continue;
        }
        let ahead = levels[(node.level as usize + 1) & 31];
        while free != 0 {
            let bit = free & free.wrapping_neg();
            free ^= bit;
            let cols = node.cols | bit;
            let ld = ((node.ld | bit) << lv.shift) | lv.ld;
            let rd = ((node.rd | bit) >> lv.shift) | lv.rd;
            let next = !(cols | ld | rd);
            // Also require a free square one row further: cheap, and it
            // prunes most dead ends before they are pushed.
            let after = !(cols | (ld << ahead.shift) | ahead.ld | (rd >> ahead.shift) | ahead.rd);
            stack[top & (STACK - 1)] = Node {
                level: node.level + 1,
                free: next,
                cols,
                ld,
                rd,
            };
            top += usize::from(next != 0 && after != 0);
        }
    }
    scratch.nodes += polls * u64::from(CANCEL_POLL) + u64::from(CANCEL_POLL - until_poll);
    count
}

// ---------------------------------------------------------------------------
// Symmetric completions and tiny boards

/// Completions of `queens` that a half turn (`quarter == false`) or a
/// quarter turn leaves unchanged. `queens` must itself be unchanged by that
/// turn. Whole orbits of queens are placed at once, lowest free row first.
fn symmetric(n: u32, queens: &[Q], quarter: bool) -> u64 {
    let m = (n - 1) as u8;
    let mut board = Board::default();
    for &q in queens {
        board.place(m, q);
    }
    let turn = if quarter { 1 } else { 2 };
    board.orbits(n, turn)
}

/// Occupied rows, columns and diagonals as bit sets.
#[derive(Clone, Copy, Default)]
struct Board {
    rows: u64,
    cols: u64,
    down: u64,
    up: u64,
}

impl Board {
    fn bits(m: u8, q: Q) -> (u64, u64, u64, u64) {
        let (r, c) = (u32::from(q.0), u32::from(q.1));
        (1 << r, 1 << c, 1 << (r + u32::from(m) - c), 1 << (r + c))
    }

    fn is_free(&self, m: u8, q: Q) -> bool {
        let (r, c, d, u) = Self::bits(m, q);
        (self.rows & r) | (self.cols & c) | (self.down & d) | (self.up & u) == 0
    }

    fn place(&mut self, m: u8, q: Q) {
        let (r, c, d, u) = Self::bits(m, q);
        self.rows |= r;
        self.cols |= c;
        self.down |= d;
        self.up |= u;
    }

    /// Completions built from whole orbits under `transform(turn)`.
    fn orbits(&self, n: u32, turn: u8) -> u64 {
        let m = (n - 1) as u8;
        let full = if n == 64 { u64::MAX } else { (1 << n) - 1 };
        if self.rows == full {
            return 1;
        }
        let row = (!self.rows).trailing_zeros() as u8;
        let mut total = 0;
        for col in 0..n as u8 {
            let mut next = *self;
            let mut q = (row, col);
            let mut ok = true;
            // Walk the orbit; it closes after 1, 2 or 4 steps.
            for _ in 0..4 {
                if !next.is_free(m, q) {
                    ok = false;
                    break;
                }
                next.place(m, q);
                q = transform(turn, m, q);
                if q == (row, col) {
                    break;
                }
            }
            if ok {
                total += next.orbits(n, turn);
            }
        }
        total
    }
}

/// Plain search for boards below 4×4: every solution, canonicalised.
fn exhaustive(n: u32) -> Counts {
    let m = (n - 1) as u8;
    let mut found = Vec::new();
    let mut cols = Vec::new();
    place_rows(n as u8, &mut cols, &mut found);
    let mut classes = std::collections::HashSet::new();
    for sol in &found {
        let queens: Vec<Q> = sol.iter().enumerate().map(|(r, &c)| (r as u8, c)).collect();
        let canonical = (0..8).map(|t| image(t, m, &queens)).min();
        classes.insert(canonical);
    }
    Counts {
        total: found.len() as u128,
        fundamental: classes.len() as u128,
    }
}

fn place_rows(n: u8, cols: &mut Vec<u8>, found: &mut Vec<Vec<u8>>) {
    let r = cols.len() as u8;
    if r == n {
        found.push(cols.clone());
        return;
    }
    for c in 0..n {
        if cols
            .iter()
            .enumerate()
            .all(|(pr, &pc)| !attacks((pr as u8, pc), (r, c)))
        {
            cols.push(c);
            place_rows(n, cols, found);
            cols.pop();
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Placements of `k` queens on the `k` rows above a queen at
    /// `(n - 1, bottom)`, columns 1..n-1, by brute force over squares.
    fn region_placements(n: u32, bottom: u8, k: u32) -> usize {
        fn go(n: u32, row: u32, placed: &mut Vec<Q>) -> usize {
            if row == n - 1 {
                return 1;
            }
            let mut total = 0;
            for c in 1..(n - 1) as u8 {
                let q = (row as u8, c);
                if placed.iter().all(|&p| !attacks(p, q)) {
                    placed.push(q);
                    total += go(n, row + 1, placed);
                    placed.pop();
                }
            }
            total
        }
        go(n, n - 1 - k, &mut vec![((n - 1) as u8, bottom)])
    }

    fn entries(t: &Table) -> usize {
        match &t.entries {
            Entries::Narrow(e) => e.len(),
            Entries::Wide(e) => e.len(),
        }
    }

    #[test]
    fn tables_hold_every_region_placement() {
        let mut cases = vec![(6, 2), (9, 4), (12, 5), (19, 3), (32, 2)];
        if !cfg!(debug_assertions) {
            // The deepest region used on the widest board.
            cases.push((MAX_N, region_max(MAX_N)));
        }
        for (n, k) in cases {
            for bottom in [0, 1, (n / 2) as u8] {
                let t = Table::build(n, bottom, k);
                assert_eq!(
                    entries(&t),
                    region_placements(n, bottom, k),
                    "n {n} b {bottom}"
                );
                assert_eq!(t.offsets.last().map(|&x| x as usize), Some(entries(&t)));
            }
        }
    }

    #[test]
    fn wide_and_narrow_tables_agree() {
        let n = 12;
        let mut scratch = Scratch::default();
        for task in tasks(n).unwrap() {
            let q = task.queens();
            let k = region_rows(n, q);
            if k == 0 {
                continue;
            }
            let b = bottom_column(n, q);
            let narrow = Table::build_with(n, b, k, false);
            let wide = Table::build_with(n, b, k, true);
            assert_eq!(
                complete(n, q, Some(&narrow), &mut scratch),
                complete(n, q, Some(&wide), &mut scratch),
            );
        }
    }

    #[test]
    fn every_region_depth_gives_the_same_count() {
        // The region depth is a tuning choice: any depth must give the same
        // completions, down to a search without tables.
        let n = 11;
        let mut scratch = Scratch::default();
        for task in tasks(n).unwrap() {
            let q = task.queens();
            let b = bottom_column(n, q);
            let expected = complete(n, q, None, &mut scratch);
            for k in 1..=region_rows(n, q) {
                let t = Table::build(n, b, k);
                assert_eq!(complete(n, q, Some(&t), &mut scratch), expected);
            }
        }
    }
}
