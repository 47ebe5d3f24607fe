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

use std::ops::{Add, Neg, Sub};

use crate::domain::{Fail, Store};

/// `vars` all different, on bounds.
#[derive(Clone, Debug)]
pub(crate) struct Hall {
    pub(crate) vars: Box<[u32]>,
}

/// Values far enough from `i64`'s ends that `max + 1`, the sentinels and
/// the negation stay exact in `i64`; beyond them the sweep runs in `i128`.
const SAFE: i64 = 1 << 60;

impl Hall {
    pub(crate) fn run(&self, s: &mut Store<'_>) -> Result<(), Fail> {
        let mut sweep = Sweep::default();
        loop {
            let bounds: Vec<(i64, i64)> = self.vars.iter().map(|&v| (s.min(v), s.max(v))).collect();
            let far: Vec<(i64, i64)>;
            let narrowed = if bounds.iter().all(|&(lo, hi)| -SAFE < lo && hi < SAFE) {
                sweep.narrow(&bounds).ok_or(Fail)?
            } else {
                let wide: Vec<(i128, i128)> = bounds
                    .iter()
                    .map(|&(lo, hi)| (lo.into(), hi.into()))
                    .collect();
                // Inside the old bounds, so in i64.
                far = narrow(&wide)
                    .ok_or(Fail)?
                    .into_iter()
                    .map(|(lo, hi)| (lo as i64, hi as i64))
                    .collect();
                &far
            };
            let mut changed = false;
            for (&v, (&(lo, hi), &(nlo, nhi))) in self.vars.iter().zip(bounds.iter().zip(narrowed))
            {
                if nlo > lo {
                    changed |= s.set_min(v, nlo)?;
                }
                if nhi < hi {
                    changed |= s.set_max(v, nhi)?;
                }
            }
            if !changed {
                return Ok(());
            }
        }
    }
}

/// The integers the sweep runs in: `i64` where the values allow, `i128`
/// where they come near `i64`'s ends.
pub(crate) trait Value:
    Copy + Ord + Add<Output = Self> + Sub<Output = Self> + Neg<Output = Self> + From<i8>
{
}

impl Value for i64 {}
impl Value for i128 {}

/// The bounds of intervals after Hall pruning, or `None` when some interval
/// holds more of them than it has values.
pub(crate) fn narrow<T: Value>(bounds: &[(T, T)]) -> Option<Vec<(T, T)>> {
    Sweep::default().narrow(bounds).map(<[_]>::to_vec)
}

/// The sweep's buffers, kept between the rounds of a run.
#[derive(Debug)]
struct Sweep<T> {
    out: Vec<(T, T)>,
    mirrored: Vec<(T, T)>,
    lows: Vec<T>,
    cuts: Vec<T>,
    room: Vec<T>,
    /// Each variable's bucket of its `min` and of its `max + 1`.
    ranks: Vec<(usize, usize)>,
    t: Vec<usize>,
    h: Vec<usize>,
    order: Vec<usize>,
}

impl<T> Default for Sweep<T> {
    fn default() -> Self {
        Sweep {
            out: Vec::new(),
            mirrored: Vec::new(),
            lows: Vec::new(),
            cuts: Vec::new(),
            room: Vec::new(),
            ranks: Vec::new(),
            t: Vec::new(),
            h: Vec::new(),
            order: Vec::new(),
        }
    }
}

impl<T: Value> Sweep<T> {
    fn narrow(&mut self, bounds: &[(T, T)]) -> Option<&[(T, T)]> {
        self.raise_minima(bounds)?;
        self.out.clear();
        self.out.extend(self.lows.iter().map(|&lo| (lo, lo)));
        // The maxima are the minima of the negated intervals.
        let mut mirrored = std::mem::take(&mut self.mirrored);
        mirrored.clear();
        mirrored.extend(bounds.iter().map(|&(lo, hi)| (-hi, -lo)));
        let done = self.raise_minima(&mirrored);
        self.mirrored = mirrored;
        done?;
        for (o, &hi) in self.out.iter_mut().zip(&self.lows) {
            o.1 = -hi;
        }
        Some(&self.out)
    }

    /// The smallest value of each interval that leaves room for the
    /// others, into `lows`: its `min` pushed past every Hall interval it
    /// starts in.
    fn raise_minima(&mut self, bounds: &[(T, T)]) -> Option<()> {
        let n = bounds.len();
        let one = T::from(1);
        let two = T::from(2);
        self.lows.clear();
        self.lows.extend(bounds.iter().map(|b| b.0));
        if n == 0 {
            return Some(());
        }
        // The cut points: every `min` and `max + 1`, sorted, with a
        // sentinel on each side.
        let cuts = &mut self.cuts;
        cuts.clear();
        cuts.extend(bounds.iter().flat_map(|&(lo, hi)| [lo, hi + one]));
        cuts.sort_unstable();
        cuts.dedup();
        cuts.insert(0, cuts[0] - two);
        cuts.push(cuts[cuts.len() - 1] + two);
        let cuts = &self.cuts;
        let rank = |x: T| cuts.binary_search(&x).unwrap_or(0);
        self.ranks.clear();
        self.ranks
            .extend(bounds.iter().map(|&(lo, hi)| (rank(lo), rank(hi + one))));
        // Bucket i (1 <= i < cuts.len()) holds the values cuts[i-1]..cuts[i].
        let m = cuts.len();
        let room = &mut self.room;
        room.clear();
        room.push(T::from(0));
        room.extend(cuts.windows(2).map(|w| w[1] - w[0]));
        // t: each bucket points left-to-right towards the next bucket with
        // room.
        let t = &mut self.t;
        t.clear();
        t.extend((0..m).map(|i| i.saturating_sub(1)));
        // h: each bucket points towards the end of the Hall interval it is
        // in.
        let h = &mut self.h;
        h.clear();
        h.extend_from_slice(t);
        let order = &mut self.order;
        order.clear();
        order.extend(0..n);
        order.sort_unstable_by_key(|&i| bounds[i].1);
        for &i in order.iter() {
            let (x, y) = self.ranks[i];
            // The first bucket right of x with room, the variable goes
            // there.
            let mut z = root_right(t, x + 1);
            let j = t[z];
            room[z] = room[z] - one;
            if room[z] == T::from(0) {
                t[z] = z + 1;
                z = root_right(t, t[z]);
                t[z] = j;
            }
            compress(t, x + 1, z, z);
            // The values from the bucket z to hi that are still free.
            let free = room[z] - (cuts[z] - cuts[y]);
            if free < T::from(0) {
                return None;
            }
            if h[x] > x {
                // lo lies in a Hall interval: past its end.
                let w = root_right(h, h[x]);
                self.lows[i] = cuts[w];
                compress(h, x, w, w);
            }
            if free == T::from(0) {
                // cuts[j]..=hi is a Hall interval.
                let start = h[y];
                compress(h, start, j - 1, y);
                h[y] = j - 1;
            }
        }
        Some(())
    }
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
