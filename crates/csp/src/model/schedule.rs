//! Scheduling: tasks on a machine that runs one at a time.

use std::sync::Arc;

use super::Model;
use crate::error::Error;
use crate::propagator::{Disjunctive, Prop};
use crate::var::Var;

impl Model {
    /// Tasks that start at `starts[k]` and last `durations[k]` never
    /// overlap (one machine). A task of duration 0 or less takes no time
    /// and is left out.
    ///
    /// Propagation: for each pair of tasks, an order the bounds of their
    /// starts no longer allow is excluded, and the other enforced on the
    /// bounds; neither possible fails.
    ///
    /// # Errors
    ///
    /// [`Error::TupleArity`] if the lists differ in length;
    /// [`Error::Overflow`] if a start plus its duration could overflow;
    /// [`Error::ForeignVar`] for a variable of another model.
    ///
    /// # Example
    ///
    /// Three tasks of 2, 3 and 4 units within 9: one order per permutation.
    ///
    /// ```
    /// let mut m = csp::Model::new();
    /// let starts = m.vars(3, 0..=8)?;
    /// let durations = [2, 3, 4];
    /// m.disjunctive(&starts, &durations)?;
    /// for (&s, d) in starts.iter().zip(durations) {
    ///     m.linear(&[(1, s)], csp::Rel::Le, 9 - d)?; // done by 9
    /// }
    /// assert_eq!(backtrack::count(m.compile()), 6);
    /// # Ok::<(), csp::Error>(())
    /// ```
    pub fn disjunctive(&mut self, starts: &[Var], durations: &[i64]) -> Result<(), Error> {
        if starts.len() != durations.len() {
            return Err(Error::TupleArity {
                expected: starts.len(),
                found: durations.len(),
            });
        }
        let mut kept = Vec::with_capacity(starts.len());
        let mut lengths = Vec::with_capacity(starts.len());
        for (&start, &d) in starts.iter().zip(durations) {
            let v = self.check(start)?;
            if d <= 0 {
                continue;
            }
            if let Some((lo, hi)) = self.bounds(v) {
                // Every sum the propagator forms: a bound plus or minus a
                // duration.
                let fits = |x: i64| x.checked_add(d).and(x.checked_sub(d)).is_some();
                if !fits(lo) || !fits(hi) {
                    return Err(Error::Overflow);
                }
            }
            kept.push(v);
            lengths.push(d);
        }
        self.props.push(Prop::Disjunctive(Arc::new(Disjunctive {
            starts: kept.into(),
            durations: lengths.into(),
        })));
        Ok(())
    }
}
