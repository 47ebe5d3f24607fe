//! All different with bounds consistency: Hall intervals found by a sweep.
//!
//! An interval `[lo, hi]` holding the bounds of as many variables as it has
//! values is a Hall interval: those variables take all its values, so the
//! others cannot take any, and their bounds move out of it. More variables
//! than values fails.
//!
//! The sweep (after López-Ortiz, Quimper, Tromp and van Beek, 2003): the
//! distinct values `min` and `max + 1` of the variables, sorted, cut the
//! line into buckets. The variables are placed by increasing `max`, each
//! into the leftmost bucket with room at or right of its `min`; a chain of
//! full buckets is jumped over with a path-compressed forest (`t`), and the
//! capacity left between a bucket and the current `max` tells when the
//! buckets up to it form a Hall interval. A second forest (`h`) remembers
//! the Hall intervals found so far, so a variable whose `min` falls inside
//! one moves its `min` past it. The same sweep on negated values moves the
//! maxima. After the sort each sweep is nearly linear.
//!
//! # Complexity
//!
//! `O(n log n)` per run for `n` variables (the sort), and the run repeats
//! only while the store's domains, which may have holes, move a bound
//! further than asked.

use crate::domain::{Fail, Store};

/// `vars` all different, on bounds.
#[derive(Clone, Debug)]
pub(crate) struct Hall {
    pub(crate) vars: Box<[u32]>,
}

impl Hall {
    pub(crate) fn run(&self, s: &mut Store<'_>) -> Result<(), Fail> {
        loop {
            // Values in 128 bits: `max + 1` and the sentinels stay exact.
            let bounds: Vec<(i128, i128)> = self
                .vars
                .iter()
                .map(|&v| (i128::from(s.min(v)), i128::from(s.max(v))))
                .collect();
            let narrowed = narrow(&bounds).ok_or(Fail)?;
            let mut changed = false;
            for (&v, (&(lo, hi), &(nlo, nhi))) in self.vars.iter().zip(bounds.iter().zip(&narrowed))
            {
                // Inside the old bounds, so in i64.
                if nlo > lo {
                    changed |= s.set_min(v, nlo as i64)?;
                }
                if nhi < hi {
                    changed |= s.set_max(v, nhi as i64)?;
                }
            }
            if !changed {
                return Ok(());
            }
        }
    }
}

/// The bounds of intervals after Hall pruning, or `None` when some interval
/// holds more of them than it has values.
pub(crate) fn narrow(bounds: &[(i128, i128)]) -> Option<Vec<(i128, i128)>> {
    let lows = raise_minima(bounds)?;
    // The maxima are the minima of the negated intervals.
    let mirrored: Vec<(i128, i128)> = bounds.iter().map(|&(lo, hi)| (-hi, -lo)).collect();
    let highs = raise_minima(&mirrored)?;
    Some(
        lows.into_iter()
            .zip(highs)
            .map(|(lo, hi)| (lo, -hi))
            .collect(),
    )
}

/// The smallest value of each interval that leaves room for the others:
/// its `min` pushed past every Hall interval it starts in.
fn raise_minima(bounds: &[(i128, i128)]) -> Option<Vec<i128>> {
    let n = bounds.len();
    let mut lows: Vec<i128> = bounds.iter().map(|b| b.0).collect();
    if n == 0 {
        return Some(lows);
    }
    // The cut points: every `min` and `max + 1`, sorted, with a sentinel
    // on each side.
    let mut cuts: Vec<i128> = Vec::with_capacity(2 * n + 2);
    cuts.extend(bounds.iter().flat_map(|&(lo, hi)| [lo, hi + 1]));
    cuts.sort_unstable();
    cuts.dedup();
    cuts.insert(0, cuts[0] - 2);
    cuts.push(cuts[cuts.len() - 1] + 2);
    let rank = |x: i128| cuts.binary_search(&x).unwrap_or(0);
    // Bucket i (1 <= i < cuts.len()) holds the values cuts[i-1]..cuts[i].
    let m = cuts.len();
    let mut room: Vec<i128> = (0..m)
        .map(|i| if i == 0 { 0 } else { cuts[i] - cuts[i - 1] })
        .collect();
    // t: each bucket points left-to-right towards the next bucket with room.
    let mut t: Vec<usize> = (0..m).map(|i| i.saturating_sub(1)).collect();
    // h: each bucket points towards the end of the Hall interval it is in.
    let mut h = t.clone();
    let mut order: Vec<usize> = (0..n).collect();
    order.sort_unstable_by_key(|&i| bounds[i].1);
    for &i in &order {
        let (lo, hi) = bounds[i];
        let (x, y) = (rank(lo), rank(hi + 1));
        // The first bucket right of x with room, the variable goes there.
        let mut z = root_right(&t, x + 1);
        let j = t[z];
        room[z] -= 1;
        if room[z] == 0 {
            t[z] = z + 1;
            z = root_right(&t, t[z]);
            t[z] = j;
        }
        compress(&mut t, x + 1, z, z);
        // The values from the bucket z to hi that are still free.
        let free = room[z] - (cuts[z] - cuts[y]);
        if free < 0 {
            return None;
        }
        if h[x] > x {
            // lo lies in a Hall interval: past its end.
            let w = root_right(&h, h[x]);
            lows[i] = cuts[w];
            compress(&mut h, x, w, w);
        }
        if free == 0 {
            // cuts[j]..=hi is a Hall interval.
            let start = h[y];
            compress(&mut h, start, j - 1, y);
            h[y] = j - 1;
        }
    }
    Some(lows)
}

/// Follows `f` while it points right.
fn root_right(f: &[usize], mut i: usize) -> usize {
    while f[i] > i {
        i = f[i];
    }
    i
}

/// Points every node on `f`'s path from `start` up to `end` (not included)
/// at `to`.
fn compress(f: &mut [usize], start: usize, end: usize, to: usize) {
    let mut k = start;
    while k != end {
        let next = f[k];
        f[k] = to;
        k = next;
    }
}

#[cfg(test)]
mod tests;
