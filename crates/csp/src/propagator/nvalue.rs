//! `nvalue(n, xs)`: `n` is the number of distinct values the variables
//! take.
//!
//! From scratch, on the variables' bounds (after Beldiceanu, 2001, and
//! Bessiere, Hebrard, Hnich, Kiziltan and Walsh, 2006):
//!
//! - the fewest values: the values taken hit every variable's interval
//!   `[min, max]`, and the fewest points hitting intervals is what the
//!   greedy finds that, over the intervals by increasing `max`, puts a
//!   point at the `max` of each one no point hits yet. `min(n)` rises to
//!   it; it is exact for the intervals, and counts the fixed values apart;
//! - the most values: the fixed variables' distinct values, plus one per
//!   unfixed variable, no more than the values of the union of the
//!   domains that no fixed variable takes. `max(n)` falls to it;
//! - when `max(n)` is the fewest, a value `v` stays only if hitting the
//!   intervals with `v` among the points takes no more: one for `v`, plus
//!   the fewest points for the intervals wholly below `v` (the left
//!   greedy's points below `v`), plus those for the intervals wholly above
//!   it (the points below `v` never hit those, the right greedy's, which
//!   puts each point at a `min`, above `v`). Forcing `v` costs at most one
//!   more than the fewest, so with a larger `max(n)` nothing goes;
//! - when `min(n)` is the most, every unfixed variable brings a value of
//!   its own: the fixed values leave them.
//!
//! Consistency: `min(n)` is exact for the variables' bounds, `max(n)` an
//! upper bound. After a run, every value `v` left to a variable `x` has an
//! assignment of the other variables within their bounds, with `x = v`,
//! that uses at most `max(n)` values, and no value with one goes: domain
//! consistency of "at most `max(n)` values" on the bounds of the others
//! (when no variable repeats), which on interval domains is domain
//! consistency of it. The side of "at least `min(n)` values" is the last
//! rule only (a matching would say more).
//!
//! # Complexity
//!
//! `O(n log n)` per run for `n` variables (the sorts), plus the words of
//! the domains for the union, plus the values removed from bitsets.

use crate::domain::{Fail, Store};

/// `n` is the number of distinct values of `xs`.
#[derive(Clone, Debug)]
pub(crate) struct NValue {
    pub(crate) n: u32,
    pub(crate) xs: Box<[u32]>,
}

/// The widest union, from the smallest value to the largest, counted
/// value by value in a bitset; past it, the union of the intervals.
const UNION_BITS: i128 = 1 << 16;

impl NValue {
    pub(crate) fn run(&self, s: &mut Store<'_>) -> Result<(), Fail> {
        let mut bounds: Vec<(i64, i64)> = self.xs.iter().map(|&x| (s.min(x), s.max(x))).collect();
        let mut fixed: Vec<i64> = bounds.iter().filter(|b| b.0 == b.1).map(|b| b.0).collect();
        fixed.sort_unstable();
        fixed.dedup();
        let unfixed = bounds.iter().filter(|b| b.0 < b.1).count();
        let left = left_points(&mut bounds);
        let fewest = left.len();
        // The union holds the fixed values: at least `fixed.len()`.
        let union = self.union_size(s, &mut bounds, fixed.len() + unfixed);
        let most = fixed.len() + unfixed.min(union - fixed.len());
        s.set_min(self.n, fewest as i64)?;
        s.set_max(self.n, most as i64)?;
        if unfixed == 0 {
            return Ok(());
        }
        if s.max(self.n) == fewest as i64 {
            let right = right_points(&mut bounds);
            let allowed = kernel(&left, &right, fewest);
            for &x in &self.xs {
                within(s, x, &allowed)?;
            }
        }
        if s.min(self.n) >= (fixed.len() + unfixed) as i64 {
            for &x in &self.xs {
                if s.min(x) < s.max(x) {
                    for &v in &fixed {
                        s.remove(x, v)?;
                    }
                }
            }
        }
        Ok(())
    }

    /// The number of values in the union of the domains, or `cap` if it is
    /// more: a bitset of the values when every domain is one and they span
    /// few enough, else the union of the intervals `bounds`.
    fn union_size(&self, s: &Store<'_>, bounds: &mut [(i64, i64)], cap: usize) -> usize {
        let lo = bounds.iter().map(|b| b.0).min().unwrap_or(0);
        let hi = bounds.iter().map(|b| b.1).max().unwrap_or(0);
        let span = i128::from(hi) - i128::from(lo) + 1;
        if span <= UNION_BITS && self.xs.iter().all(|&x| !s.is_interval(x)) {
            let mut union = vec![0u64; span as usize / 64 + 2];
            for &x in &self.xs {
                let (start, end) = s.span(x);
                let offset = s.stat.vars[x as usize].offset;
                for (i, w) in (start..end).enumerate() {
                    let word = s.word_at(w as u32);
                    if word != 0 {
                        // A word with a value at or above `lo` starts at
                        // most 63 values below it.
                        let at = i128::from(offset) - i128::from(lo) + 64 * i as i128;
                        or_at(&mut union, word, at as i64);
                    }
                }
            }
            let count: u32 = union.iter().map(|w| w.count_ones()).sum();
            return (count as usize).min(cap);
        }
        bounds.sort_unstable();
        let (mut count, mut end) = (0i128, i128::MIN);
        for &(a, b) in bounds.iter() {
            let (a, b) = (i128::from(a).max(end + 1), i128::from(b));
            if a <= b {
                count += b - a + 1;
                end = b;
            }
        }
        usize::try_from(count).map_or(cap, |c| c.min(cap))
    }
}

/// ORs `word` into `bits` with its bit 0 at bit `at`, which is at least
/// -63; bits past the end go.
fn or_at(bits: &mut [u64], word: u64, at: i64) {
    if at < 0 {
        bits[0] |= word >> -at;
        return;
    }
    let (w, shift) = (at as usize / 64, at as u32 % 64);
    bits[w] |= word << shift;
    if shift > 0 && w + 1 < bits.len() {
        bits[w + 1] |= word >> (64 - shift);
    }
}

/// The left greedy's points, ascending: over the intervals by increasing
/// `max`, the `max` of each one that no point hits yet.
fn left_points(bounds: &mut [(i64, i64)]) -> Vec<i64> {
    bounds.sort_unstable_by_key(|b| b.1);
    let mut points: Vec<i64> = Vec::new();
    for &(lo, hi) in bounds.iter() {
        if points.last().is_none_or(|&p| lo > p) {
            points.push(hi);
        }
    }
    points
}

/// The right greedy's points, ascending: over the intervals by decreasing
/// `min`, the `min` of each one that no point hits yet.
fn right_points(bounds: &mut [(i64, i64)]) -> Vec<i64> {
    bounds.sort_unstable_by_key(|b| std::cmp::Reverse(b.0));
    let mut points: Vec<i64> = Vec::new();
    for &(lo, hi) in bounds.iter() {
        if points.last().is_none_or(|&q| hi < q) {
            points.push(lo);
        }
    }
    points.reverse();
    points
}

/// The values `v` for which one point at `v` and the fewest for the
/// intervals below and above it make at most `most` points: the points of
/// the left greedy below `v` and of the right greedy above it (both
/// ascending), plus one. Disjoint ranges `(first, last)`, ascending, not
/// adjacent.
fn kernel(left: &[i64], right: &[i64], most: usize) -> Vec<(i64, i64)> {
    // The cost is constant between two of these starts: it rises past a
    // left point and falls at a right point.
    let mut starts: Vec<i64> = left.iter().filter_map(|&p| p.checked_add(1)).collect();
    starts.extend_from_slice(right);
    starts.push(i64::MIN);
    starts.sort_unstable();
    starts.dedup();
    let cost = |v: i64| {
        1 + left.partition_point(|&p| p < v) + (right.len() - right.partition_point(|&q| q <= v))
    };
    let mut ranges: Vec<(i64, i64)> = Vec::new();
    for (i, &a) in starts.iter().enumerate() {
        if cost(a) > most {
            continue;
        }
        let b = starts.get(i + 1).map_or(i64::MAX, |&next| next - 1);
        match ranges.last_mut() {
            Some(last) if last.1.checked_add(1) == Some(a) => last.1 = b,
            _ => ranges.push((a, b)),
        }
    }
    ranges
}

/// Narrows `x` to the values of `ranges` (ascending, disjoint): an
/// interval to its bounds, a bitset value by value.
fn within(s: &mut Store<'_>, x: u32, ranges: &[(i64, i64)]) -> Result<(), Fail> {
    let (lo, hi) = (s.min(x), s.max(x));
    let first = ranges.partition_point(|r| r.1 < lo);
    let last = ranges.partition_point(|r| r.0 <= hi);
    if first >= last {
        return Err(Fail);
    }
    s.set_min(x, ranges[first].0)?;
    s.set_max(x, ranges[last - 1].1)?;
    if !s.is_interval(x) {
        for pair in ranges[first..last].windows(2) {
            // Between two ranges, inside the bounds: at most a bitset's span.
            for v in pair[0].1 + 1..pair[1].0 {
                s.remove(x, v)?;
            }
        }
    }
    Ok(())
}
