//! The explanation of a `cumulative` constraint's run: the tasks whose
//! compulsory parts made it move a start, cut a demand or fail, rather
//! than every task.
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
//! moved from; and the capacity's largest value. A demand cut is read at
//! the replay's fixpoint: the tasks whose parts cover the step that leaves
//! the task no more over its own part, or, where it fits at no start with
//! a demand of 1 (cut to 0), those of every step it jumps past.
//!
//! The replay is a fixpoint of the same rules as the propagator's passes,
//! so it reaches what the run reached unless the run used the overload
//! check or cut a duration or presence first; then it says so and the
//! caller falls back to the default (every variable's bounds), which is
//! always sound.
//!
//! Pointwise and lifted (Schutt et al.): a task whose part is read only
//! where it covers the points that explain a change, and that the replay
//! did not push, is read by the weakest bounds that still cover them
//! (`start <= first point` and `start >= last point - duration + 1`)
//! rather than by its bounds as they were, so the clause holds for more of
//! the tasks' placements. The points: one of the step that overloads, or
//! that cuts a demand; for a jump of a start over a step, the earliest
//! start's latest point in the step up to the step's last one (a jump of
//! the earliest start), or the step's first point up to the latest start's
//! first point in it (of the latest start), which every start jumped over
//! meets. A task the replay pushed, or that pushed another, is read whole.
//! The task whose start moved is read by the weakest bound its first move
//! needed: a start that still meets the first step it jumped over
//! (`start >= the step's end - duration` up, `start <= the step's start`
//! down), rather than the bound it moved from; its later moves follow.

use super::analyze::{Analysis, cause_entries};
use super::explain::domain_at;
use super::nogood::bitset_bounds;
use crate::domain::Store;
use crate::propagator::{Amount, Cumulative, Step, profile};

/// The bounds of `var` when the trail had `t` entries (`None` if empty).
pub(super) fn bounds_at(
    store: &Store<'_>,
    var: u32,
    t: u32,
    words: &mut Vec<u64>,
) -> Option<(i64, i64)> {
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
    /// Surely present.
    present: bool,
}

impl Sim {
    fn part(&self) -> Option<(i128, i128)> {
        let (from, to) = (self.lst, self.est + self.d);
        (self.runs && from < to).then_some((from, to))
    }
}

/// A task whose part explains a change where it covers the points
/// `from..=to` of a step: `(task, from, to)`.
type Point = (usize, i128, i128);

/// What the replay reached: a failure, or the target bounds of a task.
enum Reached {
    /// The tasks (with what pushed them) that explain a failure, and
    /// the points they cover for it.
    Failure(Vec<u64>, Vec<Point>),
    /// The tasks that pushed the task whose start moved, and the points
    /// they cover for it.
    Bounds(Vec<u64>, Vec<Point>),
    No,
}

fn set(bits: &mut [u64], j: usize) {
    bits[j / 64] |= 1 << (j % 64);
}

fn has(bits: &[u64], j: usize) -> bool {
    bits[j / 64] >> (j % 64) & 1 == 1
}

/// The tasks but `not` whose parts cover the points `at` (of one step,
/// whose points every part covers alike), and what pushed those (`why`,
/// `words` a task), into `into`; each with the points into `points`.
fn covering(
    tasks: &[Sim],
    why: &[u64],
    at: (i128, i128),
    not: usize,
    into: &mut [u64],
    points: &mut Vec<Point>,
) {
    let words = into.len();
    for (j, t) in tasks.iter().enumerate() {
        if j != not && t.part().is_some_and(|(from, to)| from <= at.0 && at.0 < to) {
            set(into, j);
            points.push((j, at.0, at.1));
            for w in 0..words {
                into[w] |= why[j * words + w];
            }
        }
    }
}

/// The points of step `s` that a jump of an earliest start `lo` over it
/// (duration `d`) covers: every start from `lo` to the step's end meets
/// them.
fn jump_up(s: &Step, lo: i128, d: i128) -> (i128, i128) {
    ((lo + d - 1).min(s.to - 1), s.to - 1)
}

/// The same for a jump of a latest start `hi` down over step `s`.
fn jump_down(s: &Step, hi: i128) -> (i128, i128) {
    (s.from, hi.max(s.from))
}

/// The weakest bounds of a task's start from which the replay's first
/// move of each of them follows (`None` for a side it did not move): the
/// first jump up over a step needs only a start that meets the step's last
/// point, `start >= step's end - duration`; the first jump down only one
/// that meets its first point, `start <= step's start`. Later moves follow
/// from the first.
type Weakest = (Option<i128>, Option<i128>);

/// Time-tabling replayed on `tasks` with capacity `cap` until task
/// `target` has its start within `goal` (or any failure, without one), or
/// until nothing moves (then `why`, per task, is what pushed it).
/// `pushed`: the tasks it moved, as bits; `weakest`, per task, the weakest
/// bounds its first moves needed.
fn replay(
    tasks: &mut [Sim],
    cap: i128,
    target: Option<(usize, i128, i128)>,
    why: &mut Vec<u64>,
    pushed: &mut Vec<u64>,
    weakest: &mut Vec<Weakest>,
) -> Reached {
    let n = tasks.len();
    let words = n.div_ceil(64);
    *pushed = vec![0u64; words];
    // Per task: the tasks whose parts pushed it, and theirs, as bits; and
    // the points of those that pushed it directly.
    *why = vec![0u64; n * words];
    let why = &mut why[..];
    let mut direct: Vec<Vec<Point>> = vec![Vec::new(); n];
    *weakest = vec![(None, None); n];
    loop {
        let steps = profile(tasks.iter().filter_map(|t| Some((t.part()?, t.r))));
        if let Some(step) = steps.iter().find(|s| s.load > cap) {
            let (mut bits, mut points) = (vec![0u64; words], Vec::new());
            let at = (step.from, step.from);
            covering(tasks, why, at, usize::MAX, &mut bits, &mut points);
            return Reached::Failure(bits, points);
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
            let (mut bits, mut points) = (vec![0u64; words], Vec::new());
            let (mut up, mut down) = (None, None);
            let mut lo = t.est;
            for s in &steps {
                if lo > t.lst || s.from >= lo + t.d {
                    break;
                }
                if s.to > lo && clash(s) {
                    let at = jump_up(s, lo, t.d);
                    covering(tasks, why, at, i, &mut bits, &mut points);
                    up = up.or(Some((s.to - t.d).min(t.est)));
                    lo = s.to;
                }
            }
            let mut hi = t.lst;
            for s in steps.iter().rev() {
                if hi < lo || s.to <= hi {
                    break;
                }
                if s.from < hi + t.d && clash(s) {
                    let at = jump_down(s, hi);
                    covering(tasks, why, at, i, &mut bits, &mut points);
                    down = down.or(Some(s.from.max(t.lst)));
                    hi = s.from - t.d;
                }
            }
            let first = &mut weakest[i];
            first.0 = first.0.or(up);
            first.1 = first.1.or(down);
            if (lo, hi) == (t.est, t.lst) {
                continue;
            }
            moved = true;
            set(pushed, i);
            for w in 0..words {
                why[i * words + w] |= bits[w];
            }
            direct[i].append(&mut points);
            if lo > hi {
                let mut bits = why[i * words..(i + 1) * words].to_vec();
                set(&mut bits, i);
                return Reached::Failure(bits, std::mem::take(&mut direct[i]));
            }
            tasks[i].est = lo;
            tasks[i].lst = hi;
        }
        if let Some((i, lo, hi)) = target
            && tasks[i].est >= lo
            && tasks[i].lst <= hi
        {
            let bits = why[i * words..(i + 1) * words].to_vec();
            return Reached::Bounds(bits, std::mem::take(&mut direct[i]));
        }
        if !moved {
            return Reached::No;
        }
    }
}

/// The tasks (with what pushed them, and task `i` itself) that cut task
/// `i`'s demand to at most `hi` at the replay's fixpoint (`why` per task),
/// as the propagator cuts it: to what the others' parts leave over its own
/// compulsory part, or to 0 where no start fits with a demand of 1; `None`
/// if neither reaches `hi`. With the points the others cover for it.
fn demand_cut(
    tasks: &[Sim],
    why: &[u64],
    cap: i128,
    i: usize,
    hi: i128,
) -> Option<(Vec<u64>, Vec<Point>)> {
    let words = tasks.len().div_ceil(64);
    let task = tasks[i];
    if !task.present || task.d <= 0 {
        return None;
    }
    let steps = profile(tasks.iter().filter_map(|t| Some((t.part()?, t.r))));
    let own = task.part();
    // What the others surely use over `step`.
    let others = |step: &Step| match own {
        Some((from, to)) if from <= step.from && step.to <= to => step.load - task.r,
        _ => step.load,
    };
    let mut bits = why[i * words..(i + 1) * words].to_vec();
    set(&mut bits, i);
    let mut points = Vec::new();
    let (from, to) = (task.lst, task.est + task.d);
    // Over its compulsory part, a step that leaves at most `hi`.
    if from < to
        && let Some(step) = steps
            .iter()
            .find(|s| from <= s.from && s.to <= to && cap - others(s) <= hi)
    {
        let at = (step.from, step.from);
        covering(tasks, why, at, i, &mut bits, &mut points);
        return Some((bits, points));
    }
    // No start where a demand of 1 fits.
    if hi <= 0 && task.r <= 0 {
        let mut lo = task.est;
        for s in &steps {
            if lo > task.lst || s.from >= lo + task.d {
                break;
            }
            if s.to > lo && others(s) + 1 > cap {
                let at = jump_up(s, lo, task.d);
                covering(tasks, why, at, i, &mut bits, &mut points);
                lo = s.to;
            }
        }
        if lo > task.lst {
            return Some((bits, points));
        }
    }
    None
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
                present: p >= 1,
            });
        }
        // The task whose start moved, and the bounds it moved to.
        let mut target = None;
        // Or the task whose demand was cut, and the most it was cut to.
        let mut cut = None;
        if let Some(v) = node {
            // The one task whose start (else demand) is `v`.
            let one = |of: &dyn Fn(&crate::propagator::Task) -> bool| {
                let mut of_v = c.tasks.iter().enumerate().filter(|(_, k)| of(k));
                match (of_v.next(), of_v.next()) {
                    (Some((i, _)), None) => Some(i),
                    _ => None,
                }
            };
            // The bounds of `v` after this run's newest entry on it (none
            // if the run emptied it).
            let after = |words: &mut Vec<u64>| {
                let e = cause_entries(store, v, t).last()?;
                bounds_at(store, v, e + 1, words)
            };
            if let Some(i) = one(&|k| k.start == v) {
                target = after(words).map(|(lo, hi)| (i, i128::from(lo), i128::from(hi)));
            } else if let Some(i) = one(&|k| matches!(k.demand, Amount::Var(x) if x == v)) {
                cut = after(words).map(|(_, hi)| (i, i128::from(hi)));
            }
            // Else (a duration, or a start or demand the run emptied), only
            // a failure the replay finds explains it.
        }
        let before = target.map(|(i, _, _)| (tasks[i].est, tasks[i].lst));
        let (mut why, mut pushed, mut weakest) = (Vec::new(), Vec::new(), Vec::new());
        let reached = replay(
            &mut tasks,
            cap.into(),
            target,
            &mut why,
            &mut pushed,
            &mut weakest,
        );
        let (bits, points, moved) = match reached {
            Reached::Failure(bits, points) => (bits, points, None),
            Reached::Bounds(bits, points) => (bits, points, target.zip(before)),
            Reached::No => {
                match cut.and_then(|(i, hi)| demand_cut(&tasks, &why, cap.into(), i, hi)) {
                    Some((bits, points)) => {
                        #[cfg(test)]
                        super::BY_DEMAND.with(|n| n.set(n.get() + 1));
                        (bits, points, None)
                    }
                    None => return false,
                }
            }
        };
        let lifted = lifted(&tasks, &why, &pushed, &points);
        for (k, task) in c.tasks.iter().enumerate() {
            let whole = has(&bits, k);
            let pushed = moved.filter(|((i, _, _), _)| *i == k);
            if !whole && pushed.is_none() {
                continue;
            }
            if let Some((first, last)) = lifted[k] {
                // Its part covers the points `first..=last`.
                #[cfg(test)]
                super::BY_POINT.with(|n| n.set(n.get() + 1));
                self.bound(store, task.start, t, (true, last - tasks[k].d + 1), words);
                self.bound(store, task.start, t, (false, first), words);
            } else {
                match pushed {
                    Some(((_, lo, hi), (est, lst))) if !whole => {
                        // The weakest of the bounds it moved from that its
                        // first move needed (a move needs the near one).
                        let (up, down) = weakest[k];
                        #[cfg(test)]
                        if up.is_some_and(|v| v < est) || down.is_some_and(|v| v > lst) {
                            super::BY_JUMP.with(|n| n.set(n.get() + 1));
                        }
                        if lo > est {
                            match up {
                                Some(v) => self.bound(store, task.start, t, (true, v), words),
                                None => self.side(store, task.start, t, true, words),
                            }
                        }
                        if hi < lst {
                            match down {
                                Some(v) => self.bound(store, task.start, t, (false, v), words),
                                None => self.side(store, task.start, t, false, words),
                            }
                        }
                    }
                    _ => self.bounds_or_domain(store, task.start, t, words),
                }
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

/// The tasks of `points` read by the points their parts cover alone: those
/// the replay did not push and that pushed none of the others: per task,
/// the first and last point it covers (`None` for the others).
fn lifted(
    tasks: &[Sim],
    why: &[u64],
    pushed: &[u64],
    points: &[Point],
) -> Vec<Option<(i128, i128)>> {
    let words = tasks.len().div_ceil(64);
    let why_of = |j: usize| &why[j * words..(j + 1) * words];
    let mut pushers = vec![0u64; words];
    for &(j, _, _) in points {
        for (p, w) in pushers.iter_mut().zip(why_of(j)) {
            *p |= w;
        }
    }
    let mut out = vec![None; tasks.len()];
    for &(j, from, to) in points {
        if has(&pushers, j) || has(pushed, j) {
            continue;
        }
        let range: &mut Option<(i128, i128)> = &mut out[j];
        *range = Some(range.map_or((from, to), |(a, b)| (a.min(from), b.max(to))));
    }
    out
}
