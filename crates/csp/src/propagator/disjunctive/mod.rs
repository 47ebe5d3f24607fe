//! `disjunctive`: tasks on one machine never overlap, propagated pair by
//! pair on the bounds of their starts, durations and presences (the
//! precedences the bounds leave open), then by edge finding (`edge`).
//!
//! A task is *active* when it is present and, unless the constraint is
//! strict, its duration is positive; only two active tasks must be
//! ordered. A run reasons with what every active task needs at least: its
//! smallest duration (at least 1 when not strict). For tasks `i` and `j`,
//! `i` can come first when `min(s_i) + p_i <= max(s_j)`.
//!
//! - Neither order possible: two surely active tasks fail; a surely active
//!   task makes the other inactive (its presence false, or, present and
//!   not strict, its duration 0) when only one of the two can make it so.
//! - One order possible, both surely active: `j` starts after `i` ends at
//!   the earliest, `i` starts at the latest `p_i` before `j`'s latest
//!   start, and `i`'s duration is at most `max(s_j) - min(s_i)`.
//!
//! A task that may be inactive is never narrowed but for its presence or
//! duration: an absent task's start is free, so its values all have
//! solutions.

use crate::domain::{Fail, Store};

mod edge;

/// A task's duration: known, or a variable.
#[derive(Clone, Copy, Debug)]
pub(crate) enum Length {
    Fixed(i64),
    Var(u32),
}

/// Tasks `starts[k]` of durations `lengths[k]`, present where `present[k]`
/// (a 0/1 variable; `None`: always), one at a time.
#[derive(Clone, Debug)]
pub(crate) struct Disjunctive {
    pub(crate) starts: Box<[u32]>,
    pub(crate) lengths: Box<[Length]>,
    pub(crate) present: Box<[Option<u32>]>,
    /// Whether a task of duration 0 needs the machine too (not inside
    /// another task); the durations are then at least 0.
    pub(crate) strict: bool,
    /// Every variable above, each once.
    pub(crate) vars: Box<[u32]>,
}

/// What the bounds say of one task, in 128 bits: a bound of one task moved
/// by the duration of another may leave `i64`.
#[derive(Clone, Copy, Debug)]
struct Task {
    /// Earliest and latest start.
    est: i128,
    lst: i128,
    /// The smallest and largest durations.
    dmin: i128,
    dmax: i128,
    /// The least time it takes when active.
    least: i128,
    /// Surely present.
    present: bool,
    /// Surely active, or possibly.
    sure: bool,
    possible: bool,
}

/// A bound past `i64` is past every value: cut, it removes less.
fn cut(x: i128) -> i64 {
    x.clamp(i64::MIN as i128, i64::MAX as i128) as i64
}

impl Disjunctive {
    pub(crate) fn run(&self, s: &mut Store<'_>) -> Result<(), Fail> {
        if self.strict {
            for length in &self.lengths {
                match *length {
                    Length::Var(d) => _ = s.set_min(d, 0)?,
                    Length::Fixed(d) if d < 0 => return Err(Fail),
                    Length::Fixed(_) => {}
                }
            }
        }
        let n = self.starts.len();
        loop {
            let mut changed = false;
            for i in 0..n {
                for j in i + 1..n {
                    changed |= self.pair(s, i, j)?;
                }
            }
            if !changed && n > 2 {
                changed = edge::edges(self, s)?;
            }
            if !changed {
                return Ok(());
            }
        }
    }

    fn task(&self, s: &Store<'_>, k: usize) -> Task {
        let (dmin, dmax) = match self.lengths[k] {
            Length::Fixed(d) => (d as i128, d as i128),
            Length::Var(v) => (s.min(v) as i128, s.max(v) as i128),
        };
        let (present, absent) = match self.present[k] {
            None => (true, false),
            Some(p) => (s.min(p) >= 1, s.max(p) <= 0),
        };
        let v = self.starts[k];
        let (est, lst) = (s.min(v) as i128, s.max(v) as i128);
        if self.strict {
            Task {
                est,
                lst,
                dmin,
                dmax,
                least: dmin.max(0),
                present,
                sure: present,
                possible: !absent,
            }
        } else {
            Task {
                est,
                lst,
                dmin,
                dmax,
                least: dmin.max(1),
                present,
                sure: present && dmin > 0,
                possible: !absent && dmax > 0,
            }
        }
    }

    /// Propagates one pair; whether a domain changed.
    fn pair(&self, s: &mut Store<'_>, i: usize, j: usize) -> Result<bool, Fail> {
        let (a, b) = (self.task(s, i), self.task(s, j));
        if !a.possible || !b.possible {
            return Ok(false);
        }
        let a_first = a.est + a.least <= b.lst;
        let b_first = b.est + b.least <= a.lst;
        match (a_first, b_first) {
            (true, true) => Ok(false),
            (false, false) => match (a.sure, b.sure) {
                (true, true) => Err(Fail),
                (true, false) => self.leave_out(s, j, &b),
                (false, true) => self.leave_out(s, i, &a),
                (false, false) => Ok(false),
            },
            (true, false) if a.sure && b.sure => self.order(s, (i, &a), (j, &b)),
            (false, true) if a.sure && b.sure => self.order(s, (j, &b), (i, &a)),
            _ => Ok(false),
        }
    }

    /// Task `f` (surely active) comes before task `g` (surely active).
    fn order(
        &self,
        s: &mut Store<'_>,
        (f, tf): (usize, &Task),
        (g, tg): (usize, &Task),
    ) -> Result<bool, Fail> {
        let mut changed = s.set_min(self.starts[g], cut(tf.est + tf.least))?;
        changed |= s.set_max(self.starts[f], cut(tg.lst - tf.least))?;
        if let Length::Var(d) = self.lengths[f] {
            changed |= s.set_max(d, cut(tg.lst - tf.est))?;
        }
        Ok(changed)
    }

    /// Task `k`, possibly but not surely active, cannot be: made inactive
    /// where only one of its presence and duration can do it.
    fn leave_out(&self, s: &mut Store<'_>, k: usize, t: &Task) -> Result<bool, Fail> {
        if t.present {
            // Present and not surely active: not strict, a duration that
            // may be 0 (a known one would make it surely active or not
            // possibly).
            return match self.lengths[k] {
                Length::Var(d) => s.set_max(d, 0),
                Length::Fixed(_) => Ok(false),
            };
        }
        match self.present[k] {
            Some(p) if self.strict || t.dmin > 0 => s.set_max(p, 0),
            _ => Ok(false),
        }
    }
}
