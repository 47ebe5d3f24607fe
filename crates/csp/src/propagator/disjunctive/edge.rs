//! Edge finding on task intervals, over the surely active tasks with
//! their least durations (sound for any longer ones): for the tasks `Ω`
//! whose starts and ends lie between two tasks' earliest start and latest
//! end (a latest end with the largest duration), their total duration must
//! fit (else the state fails), and a task that cannot run before or among
//! them all must start after them: after `min est(Ω) + p(Ω)`; the mirror
//! image for a task that must end before them, whose duration then fits
//! between its earliest start and `max lct(Ω) - p(Ω)`.

use super::{Disjunctive, Length, Task, cut};
use crate::domain::{Fail, Store};

/// Whether a bound moved. In 128 bits: the work of several tasks added to
/// a bound near `i64::MAX` (an interval's) may not fit 64.
pub(super) fn edges(d: &Disjunctive, s: &mut Store<'_>) -> Result<bool, Fail> {
    let tasks: Vec<(usize, Task)> = (0..d.starts.len())
        .map(|k| (k, d.task(s, k)))
        .filter(|(_, t)| t.sure)
        .collect();
    let lct = |t: &Task| t.lst + t.dmax;
    let mut inside = vec![false; tasks.len()];
    let mut changed = false;
    for (_, a) in &tasks {
        for (_, b) in &tasks {
            let (lo, hi) = (a.est, lct(b));
            if lo >= hi {
                continue;
            }
            // Ω: the tasks within [lo, hi]. Its own earliest start is at
            // least lo and its latest end at most hi, so the rules below,
            // stated with lo and hi, are weaker but sound.
            let mut work = 0i128;
            let mut any = false;
            for (slot, (_, t)) in inside.iter_mut().zip(&tasks) {
                *slot = t.est >= lo && lct(t) <= hi;
                if *slot {
                    work += t.least;
                    any = true;
                }
            }
            if !any {
                continue;
            }
            if lo + work > hi {
                return Err(Fail);
            }
            for (&(k, t), _) in tasks.iter().zip(&inside).filter(|(_, i)| !**i) {
                // k cannot end before Ω's latest end with all of Ω: it
                // comes after them.
                if t.est.min(lo) + work + t.least > hi {
                    changed |= s.set_min(d.starts[k], cut(lo + work))?;
                }
                // k cannot start at or after Ω's earliest start with all
                // of Ω: it comes before them, and ends by hi - work.
                if lct(&t).max(hi) - work - t.least < lo {
                    changed |= s.set_max(d.starts[k], cut(hi - work - t.least))?;
                    if let Length::Var(v) = d.lengths[k] {
                        changed |= s.set_max(v, cut(hi - work - t.est))?;
                    }
                }
            }
        }
    }
    Ok(changed)
}
