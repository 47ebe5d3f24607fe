//! The explanation of a run of `z = min(xs)` (or `max`) on intervals: by
//! the one side of each variable that the change read, rather than both
//! bounds of every variable. Read as `min` (a `max` is the same with every
//! bound seen through a minus sign: its "low" side is the upper bound):
//!
//! - `z`'s low raised to the lowest low of the `xs`: their low sides;
//! - `z`'s high lowered to the lowest high of the `xs`: that one's high;
//! - an `x`'s low raised to `z`'s low: `z`'s low side;
//! - the only `x` low enough to be the minimum, its high lowered to `z`'s
//!   high: `z`'s two sides (its low bounds every low the run raised), the
//!   lowest high among the others (which may have lowered `z`'s high in
//!   the same run), and the low side of every other `x` (each too high).
//!
//! Each holds for the run as a whole (it loops until nothing changes):
//! within one run `z`'s low only moves to the lowest low of the `xs`, and
//! their lows only to `z`'s low when it began; `z`'s high only to the
//! lowest high of the `xs` when it began, and their highs only to `z`'s
//! high. A failed run, a variable that is not an interval, or `z` among
//! the `xs`, falls back to the default (every variable's bounds).

use super::analyze::{Analysis, cause_entries};
use super::explain::word_at;
use crate::domain::Store;
use crate::propagator::Extreme;

impl Analysis {
    /// The entries that explain the change of `node` by the run of `e`
    /// begun at `t`; `false` when it has none (see the module's notes).
    pub(super) fn extreme(
        &mut self,
        store: &Store<'_>,
        e: &Extreme,
        t: u32,
        node: Option<u32>,
        words: &mut Vec<u64>,
    ) -> bool {
        let Some(node) = node else {
            return false;
        };
        let interval = |v: u32| store.stat.vars[v as usize].is_interval();
        if !interval(e.z) || !e.xs.iter().all(|&x| interval(x)) || e.xs.contains(&e.z) {
            return false;
        }
        // The real side that is "low" when read as a min.
        let low = !e.max;
        #[cfg(test)]
        let from = self.found.len();
        let start = store.stat.vars[node as usize].start;
        // Which real bounds of `node` the run moved: [lower, upper].
        let mut moved = [false; 2];
        for entry in cause_entries(store, node, t) {
            moved[(store.st.trail[entry as usize].0 - start) as usize] = true;
        }
        let (low_moved, high_moved) = if low {
            (moved[0], moved[1])
        } else {
            (moved[1], moved[0])
        };
        if !low_moved && !high_moved {
            // Not this run's change: no narrower reason is known.
            return false;
        }
        // The `x` (other than `node`) with the lowest high when the run
        // began, read as a min.
        let lowest_high = |skip: u32| {
            e.xs.iter()
                .copied()
                .filter(|&x| x != skip)
                .min_by_key(|&x| {
                    let layout = &store.stat.vars[x as usize];
                    if low {
                        i128::from(word_at(store, layout.start + 1, t) as i64)
                    } else {
                        -i128::from(word_at(store, layout.start, t) as i64)
                    }
                })
        };
        if node == e.z {
            if low_moved {
                for &x in e.xs.iter() {
                    self.side(store, x, t, low, words);
                }
            }
            if high_moved && let Some(k) = lowest_high(u32::MAX) {
                self.side(store, k, t, !low, words);
            }
        } else {
            if low_moved || high_moved {
                self.side(store, e.z, t, low, words);
            }
            if high_moved {
                self.side(store, e.z, t, !low, words);
                if let Some(k) = lowest_high(node) {
                    self.side(store, k, t, !low, words);
                }
                for &x in e.xs.iter().filter(|&&x| x != node) {
                    self.side(store, x, t, low, words);
                }
            }
        }
        #[cfg(test)]
        {
            super::BY_EXTREME.with(|n| n.set(n.get() + 1));
            suffices(store, e, t, node, &self.found[from..]);
        }
        true
    }
}

/// Checks, by enumeration, that the bounds the explanation found (each
/// entry: a bound at least as tight as the one it set, every other bound as
/// at the root) leave `node` no value outside the bounds the run gave it:
/// every `(xs, z)` with `z = min(xs)` (or `max`) within them keeps it in.
#[cfg(test)]
fn suffices(store: &Store<'_>, e: &Extreme, t: u32, node: u32, found: &[u32]) {
    let vars: Vec<u32> = e.xs.iter().copied().chain([e.z]).collect();
    let bounds_at = |v: u32, at: u32| {
        let start = store.stat.vars[v as usize].start;
        (
            word_at(store, start, at) as i64,
            word_at(store, start + 1, at) as i64,
        )
    };
    let mut dom: Vec<(i64, i64)> = vars.iter().map(|&v| bounds_at(v, 0)).collect();
    for &f in found {
        let (w, _) = store.st.trail[f as usize];
        let entry = &store.st.trace.entries[f as usize];
        let Some(i) = vars.iter().position(|&v| v == entry.var) else {
            panic!("an explanation of {e:?} names a variable outside it");
        };
        let new = entry.new as i64;
        if w == store.stat.vars[entry.var as usize].start {
            dom[i].0 = dom[i].0.max(new);
        } else {
            dom[i].1 = dom[i].1.min(new);
        }
    }
    // The bounds the run left on `node`: at the end of its entries.
    let end = store.st.trace.entries[t as usize..]
        .iter()
        .take_while(|en| en.cause.start == t)
        .count() as u32;
    // Only the bounds the run moved are explained.
    let (lo0, hi0) = bounds_at(node, t);
    let (lo, hi) = bounds_at(node, t + end);
    let (lo, hi) = (
        if lo > lo0 { lo } else { i64::MIN },
        if hi < hi0 { hi } else { i64::MAX },
    );
    let size: i128 = dom
        .iter()
        .map(|&(a, b)| i128::from(b - a + 1).max(0))
        .product();
    if size > 100_000 {
        return;
    }
    let at = vars
        .iter()
        .position(|&v| v == node)
        .expect("node among them");
    let mut values: Vec<i64> = dom.iter().map(|&(a, _)| a).collect();
    if dom.iter().any(|&(a, b)| a > b) {
        return;
    }
    loop {
        let xs = &values[..e.xs.len()];
        let z = values[e.xs.len()];
        let holds = if e.max {
            xs.iter().max() == Some(&z)
        } else {
            xs.iter().min() == Some(&z)
        };
        assert!(
            !holds || (lo..=hi).contains(&values[at]),
            "{e:?}: the explanation {dom:?} allows {values:?}, outside {lo}..={hi} for {node}; at t {:?}, after {:?}, found {found:?}",
            vars.iter().map(|&v| bounds_at(v, t)).collect::<Vec<_>>(),
            vars.iter()
                .map(|&v| bounds_at(v, t + end))
                .collect::<Vec<_>>()
        );
        // The next tuple.
        let mut i = 0;
        loop {
            if i == values.len() {
                return;
            }
            if values[i] < dom[i].1 {
                values[i] += 1;
                break;
            }
            values[i] = dom[i].0;
            i += 1;
        }
    }
}
