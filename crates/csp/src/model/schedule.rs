//! Scheduling: tasks on a machine that runs one at a time, and tasks
//! sharing a resource of some capacity.

use super::Model;
use crate::error::Error;
use crate::propagator::{Amount, Length, Task};
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
            if d > 0 {
                kept.push(v);
                lengths.push(Length::Fixed(d));
            }
        }
        let always = vec![None; kept.len()];
        self.push_disjunctive(kept, lengths, always, false);
        Ok(())
    }

    /// Tasks that start at `starts[k]`, last `durations[k]` and use
    /// `demands[k]` of a resource never use more than `capacity` at once.
    /// A task of no duration or no demand is left out.
    ///
    /// Propagation: time-tabling (the compulsory parts of the tasks add up
    /// to a profile; a start that would overload it goes). No edge
    /// finding or energetic reasoning. [`cumulative_var`](Model::cumulative_var)
    /// takes variables.
    ///
    /// # Errors
    ///
    /// [`Error::TupleArity`] if the lists differ in length;
    /// [`Error::Overflow`] if the demands add up beyond an `i64` (a start
    /// near `i64::MAX` is taken as it is: times are summed in 128 bits);
    /// [`Error::ForeignVar`] for a variable of another model.
    ///
    /// # Example
    ///
    /// Three tasks of 2 units, each using 2 of a capacity of 3: one at a
    /// time, so they need 6 units.
    ///
    /// ```
    /// let mut m = csp::Model::new();
    /// let starts = m.vars(3, 0..=4)?;
    /// m.cumulative(&starts, &[2, 2, 2], &[2, 2, 2], 3)?;
    /// assert_eq!(backtrack::count(m.compile()), 6);
    /// # Ok::<(), csp::Error>(())
    /// ```
    pub fn cumulative(
        &mut self,
        starts: &[Var],
        durations: &[i64],
        demands: &[i64],
        capacity: i64,
    ) -> Result<(), Error> {
        for found in [durations.len(), demands.len()] {
            if found != starts.len() {
                return Err(Error::TupleArity {
                    expected: starts.len(),
                    found,
                });
            }
        }
        let mut tasks = Vec::with_capacity(starts.len());
        let mut load = Some(0i64);
        for k in 0..starts.len() {
            let start = self.check(starts[k])?;
            if durations[k] <= 0 || demands[k] <= 0 {
                continue;
            }
            load = load.and_then(|total| total.checked_add(demands[k]));
            tasks.push(Task {
                start,
                duration: Amount::Fixed(durations[k]),
                demand: Amount::Fixed(demands[k]),
                present: Amount::Fixed(1),
            });
        }
        if load.is_none() {
            return Err(Error::Overflow);
        }
        // No task: nothing to check, whatever the capacity.
        if !tasks.is_empty() {
            self.post_cumulative(tasks, Amount::Fixed(capacity));
        }
        Ok(())
    }
}
