//! `cumulative` (on constants or variables), and over optional tasks, as MiniZinc's
//! library states it: "a set of tasks given by start times s, durations
//! d, and resource requirements r, never require more than a global
//! resource bound b at any one time" (and, for the optional form, "absent
//! tasks do not need to be scheduled"). A task runs over `[s, s + d)`; at
//! a time when nothing runs, the tasks require 0, so `b` is at least 0.

use super::{Args, Checked};

/// Whether `csp_cumulative(s, d, r, b)` (`_var` alike) or `csp_cumulative_opt(p, s,
/// d, r, b)` holds, and its number of arguments. A task of no duration or
/// no requirement (or, with `p`, not occurring) requires nothing.
pub(super) fn holds(a: &Args<'_>, optional: bool) -> Checked<(bool, usize)> {
    let first = usize::from(optional);
    let (starts, durations, demands) = (a.ints(first)?, a.ints(first + 1)?, a.ints(first + 2)?);
    let bound = a.int(first + 3)?;
    let occurs = if optional {
        a.bools(0)?
    } else {
        vec![true; starts.len()]
    };
    let n = starts.len();
    if [occurs.len(), durations.len(), demands.len()] != [n; 3] {
        return Ok((false, first + 4));
    }
    let runs: Vec<usize> = (0..n)
        .filter(|&i| occurs[i] && durations[i] > 0 && demands[i] > 0)
        .collect();
    // What the tasks require at time t; it rises only where a task starts,
    // so its largest value is at one of those times.
    let required = |t: i128| -> i128 {
        runs.iter()
            .filter(|&&i| starts[i] <= t && t < starts[i] + durations[i])
            .map(|&i| demands[i])
            .sum()
    };
    let ok = bound >= 0 && runs.iter().all(|&j| required(starts[j]) <= bound);
    Ok((ok, first + 4))
}
