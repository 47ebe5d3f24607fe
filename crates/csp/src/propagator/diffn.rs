//! `diffn`: rectangles at `(x, y)` of sizes `(dx, dy)` do not overlap;
//! every pair is side by side (`x_i + dx_i <= x_j`, or the other way) or
//! one above the other (the same in `y`). The non-strict form leaves out
//! every pair with a size that is 0.
//!
//! A size is read by its smallest value: the constraint with smaller sizes
//! is implied by the one with the sizes themselves (each of the four
//! relations only gets easier), so what the smallest sizes force holds;
//! once every variable is fixed they are the sizes, and the propagator
//! fails exactly when two rectangles overlap.
//!
//! From scratch, in passes until one changes nothing:
//!
//! - pairwise: of the four relations of a pair, those the bounds still
//!   allow; none fails, one is enforced on the bounds;
//! - the cumulative relaxation in each direction: over the rectangles of
//!   positive smallest sizes (which may not overlap, in either form), those
//!   that cross a vertical line do not overlap in `y`, so their heights add
//!   up to at most the extent of their `y` bounds (from the lowest `y` to
//!   the highest `y + dy`). That is `cumulative` with the rectangles'
//!   widths as durations and heights as demands, and its time-tabling
//!   (compulsory parts) moves the bounds of `x`; the same with the
//!   directions swapped.
//!
//! Only bounds are read. Sums are taken in 128 bits.

use super::cumulative::{Amount, Cumulative, Task};
use crate::domain::{Fail, Store};

/// Rectangles `(x[k], y[k])` of sizes `(dx[k], dy[k])`.
#[derive(Clone, Debug)]
pub(crate) struct Diffn {
    pub(crate) x: Box<[u32]>,
    pub(crate) y: Box<[u32]>,
    pub(crate) dx: Box<[u32]>,
    pub(crate) dy: Box<[u32]>,
    /// Whether a rectangle of a size 0 must still keep out of the others.
    pub(crate) strict: bool,
}

/// One direction of the rectangles: starts and sizes.
struct Axis<'a> {
    at: &'a [u32],
    size: &'a [u32],
}

impl Diffn {
    pub(crate) fn vars(&self) -> Vec<u32> {
        [&self.x[..], &self.y, &self.dx, &self.dy].concat()
    }

    pub(crate) fn run(&self, s: &mut Store<'_>) -> Result<(), Fail> {
        let x = Axis {
            at: &self.x,
            size: &self.dx,
        };
        let y = Axis {
            at: &self.y,
            size: &self.dy,
        };
        loop {
            let mut changed = self.pairwise(s)?;
            changed |= relax(s, &x, &y)?;
            changed |= relax(s, &y, &x)?;
            if !changed {
                return Ok(());
            }
        }
    }

    /// Whether a size of rectangle `k` may be 0 (within its bounds).
    fn may_be_empty(&self, s: &Store<'_>, k: usize) -> bool {
        [self.dx[k], self.dy[k]]
            .iter()
            .any(|&d| s.min(d) <= 0 && 0 <= s.max(d))
    }

    /// Every pair's relations; whether a bound moved.
    fn pairwise(&self, s: &mut Store<'_>) -> Result<bool, Fail> {
        let n = self.x.len();
        let mut changed = false;
        for i in 0..n {
            if !self.strict && self.may_be_empty(s, i) {
                continue;
            }
            for j in i + 1..n {
                if !self.strict && self.may_be_empty(s, j) {
                    continue;
                }
                // (before, size of before, after) for each relation.
                let relations = [
                    (self.x[i], self.dx[i], self.x[j]),
                    (self.x[j], self.dx[j], self.x[i]),
                    (self.y[i], self.dy[i], self.y[j]),
                    (self.y[j], self.dy[j], self.y[i]),
                ];
                let mut open = relations.iter().filter(|&&(a, d, b)| {
                    i128::from(s.min(a)) + i128::from(s.min(d)) <= s.max(b).into()
                });
                match (open.next(), open.next()) {
                    (None, _) => return Err(Fail),
                    (Some(&(a, d, b)), None) => changed |= precede(s, a, d, b)?,
                    _ => {}
                }
            }
        }
        Ok(changed)
    }
}

/// Enforces `a + d <= b` on the bounds of `a` and `b`, `d` by its smallest
/// value; whether a bound moved.
fn precede(s: &mut Store<'_>, a: u32, d: u32, b: u32) -> Result<bool, Fail> {
    let d = i128::from(s.min(d));
    let lo = i128::from(s.min(a)) + d;
    // Past `i64::MAX`, no `b` is large enough; below `i64::MIN`, every one.
    let lo = i64::try_from(lo.max(i64::MIN.into())).map_err(|_| Fail)?;
    let mut changed = s.set_min(b, lo)?;
    let hi = i128::from(s.max(b)) - d;
    let hi = i64::try_from(hi.min(i64::MAX.into())).map_err(|_| Fail)?;
    changed |= s.set_max(a, hi)?;
    Ok(changed)
}

/// `cumulative` along `along` of the rectangles of positive smallest sizes,
/// their extent `across` as the capacity; whether a bound moved.
fn relax(s: &mut Store<'_>, along: &Axis<'_>, across: &Axis<'_>) -> Result<bool, Fail> {
    let n = along.at.len();
    let (mut starts, mut lengths, mut heights) = (Vec::new(), Vec::new(), Vec::new());
    let (mut low, mut high) = (i128::MAX, i128::MIN);
    for k in 0..n {
        let (w, h) = (s.min(along.size[k]), s.min(across.size[k]));
        if w <= 0 || h <= 0 {
            continue;
        }
        starts.push(along.at[k]);
        lengths.push(w);
        heights.push(h);
        low = low.min(s.min(across.at[k]).into());
        high = high.max(i128::from(s.max(across.at[k])) + i128::from(h));
    }
    // The time-tabling sums the heights in an `i64`; past that, none of
    // this (it only strengthens the pairwise rules).
    let sum = heights.iter().try_fold(0i64, |t, &h| t.checked_add(h));
    if starts.len() < 2 || sum.is_none() {
        return Ok(false);
    }
    // A load never exceeds the sum, which fits: a wider extent is the same.
    let capacity = i64::try_from(high - low).unwrap_or(i64::MAX);
    let was: Vec<(i64, i64)> = starts.iter().map(|&v| (s.min(v), s.max(v))).collect();
    let tasks: Box<[Task]> = starts
        .iter()
        .zip(lengths.iter().zip(&heights))
        .map(|(&start, (&w, &h))| Task {
            start,
            duration: Amount::Fixed(w),
            demand: Amount::Fixed(h),
            present: Amount::Fixed(1),
        })
        .collect();
    let relaxed = Cumulative {
        tasks,
        capacity: Amount::Fixed(capacity),
        energy: false,
    };
    relaxed.run(s)?;
    let now = |&v: &u32| (s.min(v), s.max(v));
    Ok(starts.iter().map(now).ne(was))
}
