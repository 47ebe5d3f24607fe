//! The explanation of a `disjunctive` constraint's run: the tasks whose
//! bounds made it order two tasks, move a start, or fail, rather than
//! every task.
//!
//! Lazy, like the others (`explain`): when the analysis reaches a change
//! the run made, the run's rules on the surely active tasks are replayed
//! from the domains as they were when it began: each pair that one order
//! alone fits (the other's start moved past the first's end, the first's
//! latest start pulled before the other's), then edge finding on the task
//! intervals, until the start reaches its bounds after the run, a failure
//! shows, or nothing moves. Each bound the replay moves records the tasks
//! that moved it, and what moved those. The explanation is then, for the
//! tasks so recorded, the bounds of their starts and durations and their
//! presence; for the task whose start moved, the bound it moved from.
//!
//! Tasks that may be inactive are left out of the replay (the rules on
//! the active ones alone are sound), so a run that set a presence or cut a
//! duration is not reached: the caller then falls back to the default
//! (every variable's bounds), which is always sound.

use super::analyze::{Analysis, cause_entries};
use super::cumulative::bounds_at;
use crate::domain::Store;
use crate::propagator::{Disjunctive, Length};

/// A surely active task in the replay.
#[derive(Clone, Copy, Debug)]
struct Sim {
    est: i128,
    lst: i128,
    /// The least time it takes, and its largest duration.
    least: i128,
    dmax: i128,
}

/// What the replay reached.
enum Reached {
    /// The tasks (with what moved them) that explain a failure.
    Failure(Vec<usize>),
    /// The tasks that moved the target's start to its bounds.
    Bounds(Vec<usize>),
    No,
}

/// Adds to `into` the tasks of `from` it lacks.
fn union(into: &mut Vec<usize>, from: &[usize]) {
    for &k in from {
        if !into.contains(&k) {
            into.push(k);
        }
    }
}

/// The rules of a run replayed on `tasks` until task `target` has its
/// start within its bounds (or any failure, without one), or until nothing
/// moves.
fn replay(tasks: &mut [Sim], target: Option<(usize, i128, i128)>) -> Reached {
    let n = tasks.len();
    // Per task: the tasks whose bounds moved it, and theirs.
    let mut why: Vec<Vec<usize>> = vec![Vec::new(); n];
    let reasons = |why: &mut Vec<Vec<usize>>, k: usize, from: &[usize]| {
        let mut all = vec![];
        for &j in from {
            union(&mut all, &[j]);
            union(&mut all, &why[j]);
        }
        union(&mut why[k], &all);
    };
    let reached =
        |tasks: &[Sim]| target.is_some_and(|(i, lo, hi)| tasks[i].est >= lo && tasks[i].lst <= hi);
    loop {
        let mut moved = false;
        for a in 0..n {
            for b in a + 1..n {
                let (x, y) = (tasks[a], tasks[b]);
                let a_first = x.est + x.least <= y.lst;
                let b_first = y.est + y.least <= x.lst;
                let (f, g) = match (a_first, b_first) {
                    (true, true) => continue,
                    (false, false) => {
                        reasons(&mut why, a, &[a, b]);
                        return Reached::Failure(why[a].clone());
                    }
                    (true, false) => (a, b),
                    (false, true) => (b, a),
                };
                // f comes first: g starts after its end, f before g's start.
                let (tf, tg) = (tasks[f], tasks[g]);
                // Each move reads the other task, and the moved one's own
                // bound on the side it moves.
                if tf.est + tf.least > tg.est {
                    tasks[g].est = tf.est + tf.least;
                    reasons(&mut why, g, &[f]);
                    moved = true;
                }
                if tg.lst - tf.least < tf.lst {
                    tasks[f].lst = tg.lst - tf.least;
                    reasons(&mut why, f, &[g]);
                    moved = true;
                }
                if tasks[g].est > tasks[g].lst || tasks[f].est > tasks[f].lst {
                    let mut all = why[f].clone();
                    union(&mut all, &why[g]);
                    union(&mut all, &[f, g]);
                    return Reached::Failure(all);
                }
                if let Some((i, _, _)) = target
                    && reached(tasks)
                {
                    return Reached::Bounds(why[i].clone());
                }
            }
        }
        if !moved && n > 2 {
            match edges(tasks, &mut why) {
                Ok(m) => moved = m,
                Err(all) => return Reached::Failure(all),
            }
        }
        if let Some((i, _, _)) = target
            && reached(tasks)
        {
            return Reached::Bounds(why[i].clone());
        }
        if !moved {
            return Reached::No;
        }
    }
}

/// Edge finding as the propagator runs it, recording in `why` what moved
/// each bound; whether one moved, or the tasks of a failure.
fn edges(tasks: &mut [Sim], why: &mut [Vec<usize>]) -> Result<bool, Vec<usize>> {
    let lct = |t: &Sim| t.lst + t.dmax;
    let n = tasks.len();
    let mut changed = false;
    for a in 0..n {
        for b in 0..n {
            let (lo, hi) = (tasks[a].est, lct(&tasks[b]));
            if lo >= hi {
                continue;
            }
            let inside: Vec<usize> = (0..n)
                .filter(|&k| tasks[k].est >= lo && lct(&tasks[k]) <= hi)
                .collect();
            if inside.is_empty() {
                continue;
            }
            let work: i128 = inside.iter().map(|&k| tasks[k].least).sum();
            // Ω's tasks and what moved them (none of them moves below).
            let mut omega = inside.clone();
            for &k in &inside {
                union(&mut omega, &why[k]);
            }
            if lo + work > hi {
                return Err(omega);
            }
            for k in (0..n).filter(|k| !inside.contains(k)) {
                let t = tasks[k];
                if t.est.min(lo) + work + t.least > hi && lo + work > t.est {
                    tasks[k].est = lo + work;
                    union(&mut why[k], &omega);
                    changed = true;
                }
                let t = tasks[k];
                if lct(&t).max(hi) - work - t.least < lo && hi - work - t.least < t.lst {
                    tasks[k].lst = hi - work - t.least;
                    union(&mut why[k], &omega);
                    changed = true;
                }
                if tasks[k].est > tasks[k].lst {
                    let mut all = omega.clone();
                    union(&mut all, &why[k]);
                    union(&mut all, &[k]);
                    return Err(all);
                }
            }
        }
    }
    Ok(changed)
}

impl Analysis {
    /// Explains the changes that disjunctive `d`'s run, begun when the
    /// trail had `t` entries, made to `node`'s variable (a task's start),
    /// or its failure; `false`, with nothing found, when the replay does
    /// not reach them (see the module's notes).
    pub(super) fn disjunctive(
        &mut self,
        store: &Store<'_>,
        d: &Disjunctive,
        t: u32,
        node: Option<u32>,
        words: &mut Vec<u64>,
    ) -> bool {
        // The surely active tasks at `t`, and which task each is.
        let mut tasks = Vec::with_capacity(d.starts.len());
        let mut index = Vec::with_capacity(d.starts.len());
        for k in 0..d.starts.len() {
            let Some((est, lst)) = bounds_at(store, d.starts[k], t, words) else {
                return false;
            };
            let (dmin, dmax) = match d.lengths[k] {
                Length::Fixed(x) => (x, x),
                Length::Var(v) => match bounds_at(store, v, t, words) {
                    Some(b) => b,
                    None => return false,
                },
            };
            let present = match d.present[k] {
                None => true,
                Some(p) => match bounds_at(store, p, t, words) {
                    Some((lo, _)) => lo >= 1,
                    None => return false,
                },
            };
            let sure = present && (d.strict || dmin > 0);
            if !sure {
                continue;
            }
            let least = if d.strict { dmin.max(0) } else { dmin.max(1) };
            tasks.push(Sim {
                est: est.into(),
                lst: lst.into(),
                least: least.into(),
                dmax: dmax.into(),
            });
            index.push(k);
        }
        // The task whose start moved, and the bounds it moved to.
        let mut target = None;
        if let Some(v) = node {
            let mut of_v = index.iter().enumerate().filter(|&(_, &k)| d.starts[k] == v);
            if let (Some((i, _)), None) = (of_v.next(), of_v.next())
                && let Some(e) = cause_entries(store, v, t).last()
                && let Some((lo, hi)) = bounds_at(store, v, e + 1, words)
            {
                target = Some((i, i128::from(lo), i128::from(hi)));
            }
        }
        let before = target.map(|(i, _, _)| (tasks[i].est, tasks[i].lst));
        let (found, moved) = match replay(&mut tasks, target) {
            Reached::Failure(found) => (found, None),
            Reached::Bounds(found) => (found, target.zip(before)),
            Reached::No => return false,
        };
        #[cfg(test)]
        super::BY_DISJUNCTIVE.with(|n| n.set(n.get() + 1));
        // The tasks read whole, with both bounds.
        let whole = found;
        if let Some(((i, lo, hi), (est, lst))) = moved
            && !whole.contains(&i)
        {
            // The bounds it moved from (a move needs the near one).
            let start = d.starts[index[i]];
            if lo > est {
                self.side(store, start, t, true, words);
            }
            if hi < lst {
                self.side(store, start, t, false, words);
            }
            // It was surely active, and took at least its least time.
            if let Length::Var(v) = d.lengths[index[i]] {
                self.bounds_or_domain(store, v, t, words);
            }
            if let Some(p) = d.present[index[i]] {
                self.side(store, p, t, true, words);
            }
        }
        for i in whole {
            let k = index[i];
            self.bounds_or_domain(store, d.starts[k], t, words);
            if let Length::Var(v) = d.lengths[k] {
                self.bounds_or_domain(store, v, t, words);
            }
            if let Some(p) = d.present[k] {
                self.side(store, p, t, true, words);
            }
        }
        true
    }
}
