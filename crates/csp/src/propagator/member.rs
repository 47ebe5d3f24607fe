//! A variable whose values are a list too wide for a bitset: an interval
//! whose bounds stay on the list's values.

use super::user::{Domains, Event, Failed, Propagator};
use crate::var::Var;

/// `x` takes one of `values` (ascending, each once).
pub(crate) struct Member {
    x: Var,
    values: Box<[i64]>,
}

impl Member {
    /// `x in values`, for `values` ascending and each once.
    pub(crate) fn new(x: Var, values: Vec<i64>) -> Member {
        Member {
            x,
            values: values.into(),
        }
    }
}

impl Propagator for Member {
    fn vars(&self) -> Vec<(Var, Event)> {
        vec![(self.x, Event::Bounds)]
    }

    /// Each bound moves to the nearest listed value inside: a fixed `x`
    /// is listed or fails.
    fn propagate(&self, d: &mut Domains<'_, '_>) -> Result<(), Failed> {
        let (lo, hi) = (d.min(self.x), d.max(self.x));
        let from = self.values.partition_point(|&v| v < lo);
        let to = self.values.partition_point(|&v| v <= hi);
        if from >= to {
            return Err(Failed);
        }
        d.set_min(self.x, self.values[from])?;
        d.set_max(self.x, self.values[to - 1])?;
        Ok(())
    }
}

/// `x = values[rank]`: a variable too wide for a bitset, in the place of
/// the bitset of the ranks of the few values a table or an automaton lets
/// it take.
pub(crate) struct Ranked {
    x: Var,
    rank: Var,
    values: Box<[i64]>,
}

impl Ranked {
    /// `x = values[rank]`, for `values` ascending and each once.
    pub(crate) fn new(x: Var, rank: Var, values: Vec<i64>) -> Ranked {
        Ranked {
            x,
            rank,
            values: values.into(),
        }
    }
}

impl Propagator for Ranked {
    fn vars(&self) -> Vec<(Var, Event)> {
        vec![(self.x, Event::Domain), (self.rank, Event::Domain)]
    }

    /// Each bound of either side from the other's, until neither moves: a
    /// rank whose value `x` no longer has goes, at either end.
    fn propagate(&self, d: &mut Domains<'_, '_>) -> Result<(), Failed> {
        let last = self.values.len() as i64 - 1;
        d.set_min(self.rank, 0)?;
        d.set_max(self.rank, last)?;
        loop {
            let (lo, hi) = (d.min(self.x), d.max(self.x));
            let from = self.values.partition_point(|&v| v < lo) as i64;
            let to = self.values.partition_point(|&v| v <= hi) as i64 - 1;
            let mut moved = d.set_min(self.rank, from)? | d.set_max(self.rank, to)?;
            let (a, b) = (d.min(self.rank), d.max(self.rank));
            for (r, end) in [(a, true), (b, false)] {
                if !d.contains(self.x, self.values[r as usize]) {
                    d.remove(self.rank, r)?;
                    moved = true;
                } else if end {
                    moved |= d.set_min(self.x, self.values[r as usize])?;
                } else {
                    moved |= d.set_max(self.x, self.values[r as usize])?;
                }
            }
            if !moved {
                return Ok(());
            }
        }
    }
}
