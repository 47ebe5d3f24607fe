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
