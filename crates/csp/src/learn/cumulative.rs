//! The explanation of a `cumulative` constraint's run: the tasks whose
//! compulsory parts made it move a start or fail, rather than every task.
//!
//! Lazy, like the others (`explain`): when the analysis reaches a change
//! the run made, time-tabling is replayed from the domains as they were
//! when the run began, each task read at its smallest duration and demand
//! and the capacity at its largest, and every jump of a start past a step
//! of the profile records the tasks whose parts make that step. A task
//! pushed by the replay brings the tasks that pushed it (its part, grown
//! by the push, may push another). The explanation is then, for the tasks
//! so recorded, both bounds of their starts and the smallest duration,
//! demand and presence; for the task whose start moved, the bound it
//! moved from; and the capacity's largest value.
//!
//! The replay is a fixpoint of the same rules as the propagator's passes,
//! so it reaches what the run reached unless the run used the overload
//! check or cut a duration or demand first; then it says so and the
//! caller falls back to the default (every variable's bounds), which is
//! always sound. Pointwise lifting (Schutt et al.: a weaker bound of each
//! task that still covers the step) is not done: each task's bounds are
//! read as they were.

use super::analyze::{Analysis, cause_entries};
use super::explain::domain_at;
use super::nogood::bitset_bounds;
use crate::domain::Store;
use crate::propagator::{Amount, Cumulative, Step, profile};

/// The bounds of `var` when the trail had `t` entries (`None` if empty).
fn bounds_at(store: &Store<'_>, var: u32, t: u32, words: &mut Vec<u64>) -> Option<(i64, i64)> {
    domain_at(store, var, t, words);
    let layout = &store.stat.vars[var as usize];
    if layout.is_interval() {
        Some((words[0] as i64, words[1] as i64)).filter(|(lo, hi)| lo <= hi)
    } else {
        bitset_bounds(words, layout.offset)
    }
}

/// A task in the replay.
#[derive(Clone, Copy, Debug)]
struct Sim {
    est: i128,
    lst: i128,
    d: i128,
    r: i128,
    /// Surely present, with a positive smallest duration and demand: it
    /// has a part when its latest start comes before its earliest end, and
    /// its start may be pushed.
    runs: bool,
}

impl Sim {
    fn part(&self) -> Option<(i128, i128)> {
        let (from, to) = (self.lst, self.est + self.d);
        (self.runs && from < to).then_some((from, to))
    }
}

/// What the replay reached: a failure, or the target bounds of a task.
enum Reached {
    /// The tasks (with what pushed them) that explain a failure.
    Failure(Vec<u64>),
    /// The tasks that pushed the task whose start moved.
    Bounds(Vec<u64>),
    No,
}

fn set(bits: &mut [u64], j: usize) {
    bits[j / 64] |= 1 << (j % 64);
}

fn has(bits: &[u64], j: usize) -> bool {
    bits[j / 64] >> (j % 64) & 1 == 1
}

/// Time-tabling replayed on `tasks` with capacity `cap` until task
/// `target` has its start within `goal` (or any failure, without one), or
/// until nothing moves.
fn replay(tasks: &mut [Sim], cap: i128, target: Option<(usize, i128, i128)>) -> Reached {
    let n = tasks.len();
    let words = n.div_ceil(64);
    // Per task: the tasks whose parts pushed it, and theirs, as bits.
    let mut why = vec![0u64; n * words];
    // The tasks whose parts cover `at`, and what pushed those, into `into`.
    let covering = |tasks: &[Sim], why: &[u64], at: i128, not: usize, into: &mut Vec<u64>| {
        for (j, t) in tasks.iter().enumerate() {
            if j != not && t.part().is_some_and(|(from, to)| from <= at && at < to) {
                set(into, j);
                for w in 0..words {
                    into[w] |= why[j * words + w];
                }
            }
        }
    };
    loop {
        let steps = profile(tasks.iter().filter_map(|t| Some((t.part()?, t.r))));
        if let Some(step) = steps.iter().find(|s| s.load > cap) {
            let mut bits = vec![0u64; words];
            covering(tasks, &why, step.from, usize::MAX, &mut bits);
            return Reached::Failure(bits);
        }
        let mut moved = false;
        for i in 0..n {
            let t = tasks[i];
            if !t.runs {
                continue;
            }
            let own = t.part();
            let clash = |s: &Step| {
                let others = match own {
                    Some((from, to)) if from <= s.from && s.to <= to => s.load - t.r,
                    _ => s.load,
                };
                others + t.r > cap
            };
            let mut bits = vec![0u64; words];
            let mut lo = t.est;
            for s in &steps {
                if lo > t.lst || s.from >= lo + t.d {
                    break;
                }
                if s.to > lo && clash(s) {
                    covering(tasks, &why, s.from, i, &mut bits);
                    lo = s.to;
                }
            }
            let mut hi = t.lst;
            for s in steps.iter().rev() {
                if hi < lo || s.to <= hi {
                    break;
                }
                if s.from < hi + t.d && clash(s) {
                    covering(tasks, &why, s.from, i, &mut bits);
                    hi = s.from - t.d;
                }
            }
            if (lo, hi) == (t.est, t.lst) {
                continue;
            }
            moved = true;
            for w in 0..words {
                why[i * words + w] |= bits[w];
            }
            if lo > hi {
                let mut bits = why[i * words..(i + 1) * words].to_vec();
                set(&mut bits, i);
                return Reached::Failure(bits);
            }
            tasks[i].est = lo;
            tasks[i].lst = hi;
        }
        if let Some((i, lo, hi)) = target
            && tasks[i].est >= lo
            && tasks[i].lst <= hi
        {
            return Reached::Bounds(why[i * words..(i + 1) * words].to_vec());
        }
        if !moved {
            return Reached::No;
        }
    }
}

impl Analysis {
    /// Explains the changes that cumulative `c`'s run, begun when the
    /// trail had `t` entries, made to `node`'s variable (a task's start),
    /// or its failure (`node` `None`, or a start it emptied); `false`, with
    /// nothing found, when the replay does not reach them (see the
    /// module's notes).
    pub(super) fn cumulative(
        &mut self,
        store: &Store<'_>,
        c: &Cumulative,
        t: u32,
        node: Option<u32>,
        words: &mut Vec<u64>,
    ) -> bool {
        let lo_at = |a: Amount, words: &mut Vec<u64>| match a {
            Amount::Fixed(v) => Some(v),
            Amount::Var(x) => bounds_at(store, x, t, words).map(|b| b.0),
        };
        let cap = match c.capacity {
            Amount::Fixed(v) => Some(v),
            Amount::Var(x) => bounds_at(store, x, t, words).map(|b| b.1),
        };
        let Some(cap) = cap else { return false };
        let mut tasks = Vec::with_capacity(c.tasks.len());
        for task in c.tasks.iter() {
            let (Some((est, lst)), Some(d), Some(r), Some(p)) = (
                bounds_at(store, task.start, t, words),
                lo_at(task.duration, words),
                lo_at(task.demand, words),
                lo_at(task.present, words),
            ) else {
                return false;
            };
            tasks.push(Sim {
                est: est.into(),
                lst: lst.into(),
                d: d.max(0).into(),
                r: r.max(0).into(),
                runs: p >= 1 && d > 0 && r > 0,
            });
        }
        // The task whose start moved, and the bounds it moved to.
        let mut target = None;
        if let Some(v) = node {
            let mut of_v = c.tasks.iter().enumerate().filter(|(_, k)| k.start == v);
            let (Some((i, _)), None) = (of_v.next(), of_v.next()) else {
                return false;
            };
            // Its newest entry by this run: the bounds after it.
            let Some(e) = cause_entries(store, v, t).last() else {
                return false;
            };
            if let Some((lo, hi)) = bounds_at(store, v, e + 1, words) {
                target = Some((i, i128::from(lo), i128::from(hi)));
            }
        }
        let before = target.map(|(i, _, _)| (tasks[i].est, tasks[i].lst));
        let (bits, moved) = match replay(&mut tasks, cap.into(), target) {
            Reached::Failure(bits) => (bits, None),
            Reached::Bounds(bits) => (bits, target.zip(before)),
            Reached::No => return false,
        };
        for (k, task) in c.tasks.iter().enumerate() {
            let whole = has(&bits, k);
            let pushed = moved.filter(|((i, _, _), _)| *i == k);
            if !whole && pushed.is_none() {
                continue;
            }
            match pushed {
                Some(((_, lo, hi), (est, lst))) if !whole => {
                    // The bounds it moved from (a move needs the near one).
                    if lo > est {
                        self.side(store, task.start, t, true, words);
                    }
                    if hi < lst {
                        self.side(store, task.start, t, false, words);
                    }
                }
                _ => self.bounds_or_domain(store, task.start, t, words),
            }
            for a in [task.duration, task.demand, task.present] {
                if let Amount::Var(x) = a {
                    self.side(store, x, t, true, words);
                }
            }
        }
        if let Amount::Var(x) = c.capacity {
            self.side(store, x, t, false, words);
        }
        true
    }
}
