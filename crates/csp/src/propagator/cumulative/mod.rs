//! `cumulative`: tasks using a resource of some capacity, time-tabling,
//! with an optional energetic overload check.
//!
//! A task's start, duration and demand, the capacity, and whether the task
//! runs at all (its presence) are each a constant or a variable. A task
//! takes the resource only if it is present and both its duration and its
//! demand are positive; the capacity is never below 0 (the load of a time
//! when nothing runs).
//!
//! From scratch: a task surely present whose latest start comes before its
//! earliest end at its smallest duration surely runs over `[latest start,
//! earliest start + smallest duration)`, its compulsory part, using at
//! least its smallest demand. The compulsory parts add up to a profile, a
//! step function with at most two steps a task, whatever the horizon
//! (`profile`). Then, with every task read at its smallest duration and
//! demand:
//!
//! - the capacity's smallest value rises to the profile's peak (a peak over
//!   its largest value fails);
//! - a task surely present moves its earliest start past every step where
//!   it no longer fits beside the others' parts (its latest start, the
//!   other way); a task that fits at no start (with a duration and a
//!   demand of at least 1) takes nothing: it is absent if its duration and
//!   demand are surely positive, else, surely present, the one of them
//!   that may be 0 is;
//! - a task surely present whose compulsory part, grown by a longer
//!   duration, would reach a step where it does not fit has its largest
//!   duration cut to stop short of that step;
//! - a task surely present with a compulsory part has its largest demand
//!   cut to what the others' parts leave over that part.
//!
//! The overload check (`energy`) adds: the tasks surely present that must
//! run within a window need at least their energy (smallest duration times
//! smallest demand) over it, so the capacity is at least that energy over
//! the window's length, for every window from an earliest start to an
//! earliest start plus smallest duration (Wolf and Schrader's check, in
//! O(n²) a run).

mod energy;
mod profile;

use crate::domain::{Fail, Store};
pub(crate) use profile::{Step, profile};

/// A duration, demand, presence or capacity: a constant or a variable,
/// read by its bounds.
#[derive(Clone, Copy, Debug)]
pub(crate) enum Amount {
    Fixed(i64),
    Var(u32),
}

impl Amount {
    fn lo(self, s: &Store<'_>) -> i64 {
        match self {
            Amount::Fixed(v) => v,
            Amount::Var(x) => s.min(x),
        }
    }

    fn hi(self, s: &Store<'_>) -> i64 {
        match self {
            Amount::Fixed(v) => v,
            Amount::Var(x) => s.max(x),
        }
    }

    /// Raises the smallest value to `lo` (128-bit: past `i64` fails);
    /// whether it moved.
    fn set_min(self, s: &mut Store<'_>, lo: i128) -> Result<bool, Fail> {
        if lo <= i128::from(i64::MIN) {
            return Ok(false);
        }
        let lo = i64::try_from(lo).map_err(|_| Fail)?;
        match self {
            Amount::Fixed(v) if v < lo => Err(Fail),
            Amount::Fixed(_) => Ok(false),
            Amount::Var(x) => s.set_min(x, lo),
        }
    }

    /// Lowers the largest value to `hi` (128-bit: past `i64` fails);
    /// whether it moved.
    fn set_max(self, s: &mut Store<'_>, hi: i128) -> Result<bool, Fail> {
        if hi >= i128::from(i64::MAX) {
            return Ok(false);
        }
        let hi = i64::try_from(hi).map_err(|_| Fail)?;
        match self {
            Amount::Fixed(v) if v > hi => Err(Fail),
            Amount::Fixed(_) => Ok(false),
            Amount::Var(x) => s.set_max(x, hi),
        }
    }

    fn var(self) -> Option<u32> {
        match self {
            Amount::Fixed(_) => None,
            Amount::Var(x) => Some(x),
        }
    }
}

/// A task: it starts at `start`, lasts `duration` and uses `demand` of the
/// resource, if `present` is 1 (0: it takes nothing).
#[derive(Clone, Copy, Debug)]
pub(crate) struct Task {
    pub(crate) start: u32,
    pub(crate) duration: Amount,
    pub(crate) demand: Amount,
    pub(crate) present: Amount,
}

/// Tasks sharing a resource of `capacity`; `energy`: with the overload
/// check.
#[derive(Clone, Debug)]
pub(crate) struct Cumulative {
    pub(crate) tasks: Box<[Task]>,
    pub(crate) capacity: Amount,
    pub(crate) energy: bool,
}

/// A task's bounds in one pass, times in 128 bits (a start near
/// `i64::MAX` plus its duration ends past it). Durations and demands are
/// read as at least 0: less takes nothing, as 0 does.
#[derive(Clone, Copy, Debug)]
struct Bounds {
    est: i128,
    lst: i128,
    dmin: i128,
    rmin: i128,
    /// Surely present.
    sure: bool,
    /// Possibly present, with a positive duration and demand possible.
    may: bool,
}

impl Bounds {
    /// The compulsory part, if surely present with a positive smallest
    /// demand and a latest start before the earliest end.
    fn part(&self) -> Option<(i128, i128)> {
        let (from, to) = (self.lst, self.est + self.dmin);
        (self.sure && self.rmin > 0 && from < to).then_some((from, to))
    }
}

impl Cumulative {
    /// Every variable, constants left out.
    pub(crate) fn vars(&self) -> Vec<u32> {
        let mut out = Vec::with_capacity(4 * self.tasks.len() + 1);
        for t in self.tasks.iter() {
            out.push(t.start);
            out.extend(
                [t.duration, t.demand, t.present]
                    .iter()
                    .filter_map(|a| a.var()),
            );
        }
        out.extend(self.capacity.var());
        out
    }

    pub(crate) fn run(&self, s: &mut Store<'_>) -> Result<(), Fail> {
        self.capacity.set_min(s, 0)?;
        loop {
            let mut changed = self.pass(s)?;
            if self.energy {
                changed |= energy::overload(self, s)?;
            }
            if !changed {
                return Ok(());
            }
        }
    }

    fn bounds(&self, s: &Store<'_>) -> Vec<Bounds> {
        self.tasks
            .iter()
            .map(|t| {
                let (plo, phi) = (t.present.lo(s), t.present.hi(s));
                let may = phi >= 1 && t.duration.hi(s) > 0 && t.demand.hi(s) > 0;
                Bounds {
                    est: s.min(t.start).into(),
                    lst: s.max(t.start).into(),
                    dmin: t.duration.lo(s).max(0).into(),
                    rmin: t.demand.lo(s).max(0).into(),
                    sure: may && plo >= 1,
                    may,
                }
            })
            .collect()
    }

    /// One round of time-tabling; whether a bound moved.
    fn pass(&self, s: &mut Store<'_>) -> Result<bool, Fail> {
        let tasks = self.bounds(s);
        let steps = profile(tasks.iter().filter_map(|b| Some((b.part()?, b.rmin))));
        let peak = steps.iter().map(|step| step.load).max().unwrap_or(0);
        let mut changed = self.capacity.set_min(s, peak)?;
        let cap = i128::from(self.capacity.hi(s));
        for (t, b) in self.tasks.iter().zip(&tasks) {
            if !b.may {
                continue;
            }
            let part = b.part();
            // The step's load, less the task's own part if the step lies in
            // it: what the others surely use then.
            let others = |step: &Step| match part {
                Some((from, to)) if from <= step.from && step.to <= to => step.load - b.rmin,
                _ => step.load,
            };
            // Where the task would run with a positive duration and demand
            // (1 for an amount that may be 0 or less).
            let (d, r) = (b.dmin.max(1), b.rmin.max(1));
            let clash = |step: &Step| others(step) + r > cap;
            let (lo, hi) = fit(&steps, (b.est, b.lst), d, &clash);
            if lo > b.lst {
                // No start fits: the task takes nothing. Absent, if it
                // surely would take something; else, surely present, its
                // one amount that may be 0 or less is.
                changed |= match (b.dmin > 0, b.rmin > 0) {
                    (true, true) => t.present.set_max(s, 0)?,
                    (true, false) if b.sure => t.demand.set_max(s, 0)?,
                    (false, true) if b.sure => t.duration.set_max(s, 0)?,
                    _ => false,
                };
                continue;
            }
            if b.sure && b.dmin > 0 && b.rmin > 0 {
                changed |= s.set_min(t.start, narrow(lo)?)?;
                changed |= s.set_max(t.start, narrow(hi)?)?;
                // A duration d makes the task run over [lst, est + d): it
                // must stop short of the first step past lst it clashes
                // with (or, if that step holds lst, not reach lst).
                if let Some(step) = steps.iter().find(|step| step.to > b.lst && clash(step)) {
                    let longest = step.from.max(b.lst) - b.est;
                    changed |= t.duration.set_max(s, longest)?;
                }
            }
            if b.sure && b.lst < b.est + b.dmin {
                // Over [lst, est + dmin) the task runs whatever its start:
                // its demand fits beside the others' parts there.
                let (from, to) = (b.lst, b.est + b.dmin);
                let used = steps
                    .iter()
                    .filter(|step| from <= step.from && step.to <= to)
                    .map(&others)
                    .max()
                    .unwrap_or(0);
                changed |= t.demand.set_max(s, cap - used)?;
            }
        }
        Ok(changed)
    }
}

/// The earliest and latest starts within `(est, lst)` at which a task of
/// duration `d` meets no step it clashes with; the earliest past `lst` if
/// there is none.
fn fit(
    steps: &[Step],
    (est, lst): (i128, i128),
    d: i128,
    clash: &dyn Fn(&Step) -> bool,
) -> (i128, i128) {
    // The steps are in order and disjoint: past one that clashes with
    // [lo, lo + d), the next to look at starts at or after it.
    let mut lo = est;
    for step in steps {
        if lo > lst || step.from >= lo + d {
            break;
        }
        if step.to > lo && clash(step) {
            lo = step.to;
        }
    }
    let mut hi = lst;
    for step in steps.iter().rev() {
        if hi < lo || step.to <= hi {
            break;
        }
        if step.from < hi + d && clash(step) {
            hi = step.from - d;
        }
    }
    (lo, hi)
}

/// A start bound back in `i64`: past its ends, no start is late (early)
/// enough.
fn narrow(t: i128) -> Result<i64, Fail> {
    i64::try_from(t).map_err(|_| Fail)
}
