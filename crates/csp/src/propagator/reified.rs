//! Reified and half-reified constraints: a 0/1 variable `b` and a
//! condition, `b <-> C` or `b -> C`.
//!
//! From scratch each time: with `b` fixed to 1, `C` is propagated; fixed
//! to 0, its negation (when reified); unfixed, `b` becomes 0 when `C` can
//! no longer hold and, when reified, 1 when it must hold.

use super::linear::term;
use super::{Linear, bounds, not_equal_sum};
use crate::domain::{Fail, Store};
use crate::var::Rel;

/// `b <-> (linear)`, or `b -> (linear)` without a negation.
#[derive(Clone, Debug)]
pub(crate) struct ReifiedLinear {
    pub(crate) b: u32,
    pub(crate) holds: Linear,
    /// The negation, `<=`, `==` or `!=` too, for `b <->`; `None` for `b ->`.
    pub(crate) fails: Option<Linear>,
}

/// `b <-> (x in values)`, or `b -> (x in values)` when `half`.
#[derive(Clone, Debug)]
pub(crate) struct ReifiedIn {
    pub(crate) b: u32,
    pub(crate) x: u32,
    /// Ascending, each once.
    pub(crate) values: Box<[i64]>,
    pub(crate) half: bool,
}

/// Propagates a normalised linear constraint.
fn enforce(s: &mut Store<'_>, l: &Linear) -> Result<(), Fail> {
    if l.rel == Rel::Ne {
        not_equal_sum(s, l)
    } else {
        bounds(s, l)
    }
}

/// Whether the bounds show that `l` cannot hold.
fn cannot_hold(s: &Store<'_>, l: &Linear) -> bool {
    // In 128 bits, as `bounds`: the model checked the total.
    let (mut lo, mut hi) = (0i128, 0i128);
    for (&v, &a) in l.vars.iter().zip(&l.coefs) {
        let (x, y) = term(s, a, v);
        lo += x;
        hi += y;
    }
    let rhs = l.rhs;
    match l.rel {
        Rel::Le => lo > rhs,
        Rel::Eq => lo > rhs || hi < rhs,
        _ => lo == hi && lo == rhs,
    }
}

impl ReifiedLinear {
    pub(crate) fn vars(&self) -> Vec<u32> {
        let mut vars = vec![self.b];
        vars.extend(self.holds.vars.iter().copied().filter(|&v| v != self.b));
        vars
    }

    pub(crate) fn run(&self, s: &mut Store<'_>) -> Result<(), Fail> {
        match s.fixed_value(self.b) {
            Some(1) => enforce(s, &self.holds),
            Some(_) => match &self.fails {
                Some(f) => enforce(s, f),
                None => {
                    // b -> C with b false: nothing left to say.
                    s.entail();
                    Ok(())
                }
            },
            None if cannot_hold(s, &self.holds) => s.assign(self.b, 0),
            None => match &self.fails {
                Some(f) if cannot_hold(s, f) => s.assign(self.b, 1),
                _ => Ok(()),
            },
        }
    }
}

impl ReifiedIn {
    pub(crate) fn vars(&self) -> Vec<u32> {
        if self.b == self.x {
            vec![self.b]
        } else {
            vec![self.b, self.x]
        }
    }

    /// `run` for an interval `x`, which may be too wide to list: its
    /// bounds move onto the set, and it is inside when the set holds every
    /// value between them.
    fn run_interval(&self, s: &mut Store<'_>, lo: i64, hi: i64) -> Result<(), Fail> {
        let from = self.values.partition_point(|&x| x < lo);
        let to = self.values.partition_point(|&x| x <= hi);
        let inside = to - from;
        match s.fixed_value(self.b) {
            Some(1) if inside == 0 => Err(Fail),
            Some(1) => {
                s.set_min(self.x, self.values[from])?;
                s.set_max(self.x, self.values[to - 1]).map(drop)
            }
            Some(_) if !self.half => {
                // Up from the lower bound, then down from the upper one:
                // only a bound can leave an interval.
                let inner = &self.values[from..to];
                for &value in inner.iter().chain(inner.iter().rev()) {
                    s.remove(self.x, value)?;
                }
                Ok(())
            }
            Some(_) => Ok(()),
            None if inside == 0 => s.assign(self.b, 0),
            None if !self.half && inside as i128 == hi as i128 - lo as i128 + 1 => {
                s.assign(self.b, 1)
            }
            None => Ok(()),
        }
    }

    fn is_in(&self, value: i64) -> bool {
        self.values.binary_search(&value).is_ok()
    }

    pub(crate) fn run(&self, s: &mut Store<'_>) -> Result<(), Fail> {
        let (lo, hi) = (s.min(self.x), s.max(self.x));
        if s.is_interval(self.x) {
            return self.run_interval(s, lo, hi);
        }
        match s.fixed_value(self.b) {
            // Once b is fixed, one pass leaves x inside the set or outside
            // it (a bitset has holes): entailed.
            Some(1) => {
                for value in lo..=hi {
                    if !self.is_in(value) {
                        s.remove(self.x, value)?;
                    }
                }
                s.entail();
                Ok(())
            }
            Some(_) if !self.half => {
                for &value in self.values.iter().filter(|&&v| lo <= v && v <= hi) {
                    s.remove(self.x, value)?;
                }
                s.entail();
                Ok(())
            }
            Some(_) => {
                s.entail();
                Ok(())
            }
            None => {
                // The set's values in x's domain: x has others when its
                // size is larger.
                let from = self.values.partition_point(|&v| v < lo);
                let to = self.values.partition_point(|&v| v <= hi);
                let found = self.values[from..to]
                    .iter()
                    .filter(|&&v| s.contains(self.x, v))
                    .count();
                let (inside, outside) = (found > 0, s.size(self.x) > found as u64);
                if !inside {
                    s.assign(self.b, 0)
                } else if !outside && !self.half {
                    s.assign(self.b, 1)
                } else {
                    Ok(())
                }
            }
        }
    }
}
