//! The overload check: the tasks surely present that must run within a
//! window use at least their energy there, so the capacity is at least
//! that energy over the window's length.
//!
//! A task surely present runs its smallest duration, with at least its
//! smallest demand, from a start between its earliest and latest: within
//! `[earliest start, latest start + smallest duration)`. The windows
//! worth a look run from one task's earliest start to another's such end
//! (Wolf and Schrader); for each end, the tasks by earliest start from the
//! latest add up to each window's energy, so a run takes O(n²).

use super::Cumulative;
use crate::domain::{Fail, Store};

/// Raises the capacity's smallest value to the largest energy a window
/// needs over its length, rounded up (over its largest, fails); whether
/// it moved.
pub(super) fn overload(c: &Cumulative, s: &mut Store<'_>) -> Result<bool, Fail> {
    // (earliest start, end of the window the task runs in, energy), the
    // energy saturated: a smaller one is still a bound.
    let mut tasks: Vec<(i128, i128, i128)> = c
        .bounds(s)
        .iter()
        .filter(|b| b.sure && b.dmin > 0 && b.rmin > 0)
        .map(|b| (b.est, b.lst + b.dmin, b.dmin.saturating_mul(b.rmin)))
        .collect();
    tasks.sort_unstable_by_key(|t| std::cmp::Reverse(t.0));
    let mut ends: Vec<i128> = tasks.iter().map(|t| t.1).collect();
    ends.sort_unstable();
    ends.dedup();
    let mut need = 0i128;
    for &end in &ends {
        let mut energy = 0i128;
        for &(est, within, e) in &tasks {
            if within <= end {
                energy = energy.saturating_add(e);
                // A task's window is not empty: end > est.
                let width = end - est;
                need = need.max(energy / width + i128::from(energy % width != 0));
            }
        }
    }
    c.capacity.set_min(s, need)
}
