//! `cumulative` with variables: durations, demands and capacity that the
//! search decides, and tasks that may not run at all.

use std::sync::Arc;

use super::Model;
use crate::error::Error;
use crate::propagator::{Amount, Cumulative, Global, Prop, Task};
use crate::var::Var;

impl Model {
    /// Tasks that start at `starts[k]`, last `durations[k]` and use
    /// `demands[k]` of a resource never use more than `capacity` at once,
    /// all of them variables; the capacity is at least 0 (the load when
    /// nothing runs). A task whose duration or demand is 0 or less takes
    /// nothing. [`cumulative`](Model::cumulative) is the same with
    /// constants.
    ///
    /// Propagation, on bounds, each task read at its smallest duration and
    /// demand: time-tabling (the tasks' compulsory parts add up to a
    /// profile; the capacity's smallest value rises to its peak, a start
    /// that would overload it goes, a largest duration that would grow a
    /// compulsory part into a step where the task does not fit is cut, and
    /// a largest demand is cut to what the others leave over the task's
    /// compulsory part); an overload check on request
    /// ([`cumulative_overload_check`](Model::cumulative_overload_check)).
    ///
    /// # Errors
    ///
    /// [`Error::TupleArity`] if the lists differ in length;
    /// [`Error::ForeignVar`] for a variable of another model.
    ///
    /// # Example
    ///
    /// Two tasks of 2 units on a resource of capacity 3: the first uses 2,
    /// the second 1 or 2; side by side only if the second uses 1.
    ///
    /// ```
    /// let mut m = csp::Model::new();
    /// let starts = m.vars(2, 0..=2)?;
    /// let durations = m.vars(2, 2..=2)?;
    /// let demands = [m.var(2..=2)?, m.var(1..=2)?];
    /// let capacity = m.var(3..=3)?;
    /// m.cumulative_var(&starts, &durations, &demands, capacity)?;
    /// m.equal(starts[0], starts[1], 0)?;
    /// let all = m.compile().solutions(10);
    /// assert_eq!(all.len(), 3); // starts 0, 1 or 2, the second using 1
    /// assert!(all.iter().all(|s| s[demands[1]] == 1));
    /// # Ok::<(), csp::Error>(())
    /// ```
    pub fn cumulative_var(
        &mut self,
        starts: &[Var],
        durations: &[Var],
        demands: &[Var],
        capacity: Var,
    ) -> Result<(), Error> {
        self.cumulative_of(starts, durations, demands, None, capacity)
    }

    /// [`cumulative_var`](Model::cumulative_var) over the tasks `k` where
    /// `present[k]` (a boolean) is true; the others take nothing, and
    /// their starts, durations and demands are free. A task that fits at
    /// no start is absent.
    ///
    /// Propagation: as `cumulative_var`, a task that may be absent taking
    /// no part in the profile (nor in the overload check) and its start,
    /// duration and demand left as they are until it is surely present.
    ///
    /// # Errors
    ///
    /// As [`cumulative_var`](Model::cumulative_var).
    ///
    /// # Example
    ///
    /// Three tasks of 2 units, each using the whole capacity, within 4
    /// units: at most two run.
    ///
    /// ```
    /// let mut m = csp::Model::new();
    /// let present = [m.bool_var()?, m.bool_var()?, m.bool_var()?];
    /// let starts = m.vars(3, 0..=2)?;
    /// let two = m.var(2..=2)?;
    /// m.cumulative_optional(&present, &starts, &[two; 3], &[two; 3], two)?;
    /// m.maximize_linear(&[(1, present[0]), (1, present[1]), (1, present[2])])?;
    /// let report = m.compile().optimize(&backtrack::Limits::default(), |_| {});
    /// assert_eq!(report.value.objective, Some(2));
    /// # Ok::<(), csp::Error>(())
    /// ```
    pub fn cumulative_optional(
        &mut self,
        present: &[Var],
        starts: &[Var],
        durations: &[Var],
        demands: &[Var],
        capacity: Var,
    ) -> Result<(), Error> {
        self.cumulative_of(starts, durations, demands, Some(present), capacity)
    }

    /// Makes every cumulative constraint of the model (each form, posted
    /// before or after) check overload as well as time-table, or not (the
    /// default): the tasks surely present that must run within a window,
    /// from one's earliest start to another's latest start plus smallest
    /// duration, use at least their energy (smallest duration times
    /// smallest demand) there, so the capacity is at least that energy
    /// over the window's length, rounded up (Wolf and Schrader's check,
    /// O(n²) a run, as time-tabling's pass over the steps is).
    ///
    /// Off by default: on MiniZinc's public benchmarks it pruned nothing
    /// time-tabling had not on `rcpsp` and `rcpsp-wet` (constant demands:
    /// the same nodes where the search completed, fewer nodes a second and
    /// three worse schedules within 20 s otherwise); on `mspsp` (a
    /// worker's 0/1 demands) it proved one optimum with 90 times fewer
    /// nodes, and found the same schedules on the others.
    ///
    /// # Example
    ///
    /// Three tasks of 2 units using 1 each, all within `[0, 4)`: no part
    /// is compulsory, but they need 6 units of energy over 4 units of
    /// time, so a capacity of at least 2.
    ///
    /// ```
    /// let mut m = csp::Model::new();
    /// m.cumulative_overload_check(true);
    /// let starts = m.vars(3, 0..=2)?;
    /// let two = m.var(2..=2)?;
    /// let one = m.var(1..=1)?;
    /// let capacity = m.var(1..=3)?;
    /// m.cumulative_var(&starts, &[two; 3], &[one; 3], capacity)?;
    /// assert_eq!(m.compile().bounds(capacity), Some((2, 3)));
    /// # Ok::<(), csp::Error>(())
    /// ```
    pub fn cumulative_overload_check(&mut self, on: bool) {
        self.cumulative_overload = on;
        for p in &mut self.props {
            if let Prop::Global(g) = p
                && let Global::Cumulative(c) = &**g
                && c.energy != on
            {
                let mut c = c.clone();
                c.energy = on;
                *p = Prop::Global(Arc::new(Global::Cumulative(c)));
            }
        }
    }

    fn cumulative_of(
        &mut self,
        starts: &[Var],
        durations: &[Var],
        demands: &[Var],
        present: Option<&[Var]>,
        capacity: Var,
    ) -> Result<(), Error> {
        let lengths = [durations.len(), demands.len()];
        for found in lengths.into_iter().chain(present.map(<[Var]>::len)) {
            if found != starts.len() {
                return Err(Error::TupleArity {
                    expected: starts.len(),
                    found,
                });
            }
        }
        let capacity = self.check(capacity)?;
        let mut tasks = Vec::with_capacity(starts.len());
        for k in 0..starts.len() {
            let start = self.check(starts[k])?;
            let duration = self.check(durations[k])?;
            let demand = self.check(demands[k])?;
            let present = match present {
                Some(p) => {
                    let b = self.check(p[k])?;
                    self.narrow_declared(b, 0, 1);
                    Amount::Var(b)
                }
                None => Amount::Fixed(1),
            };
            tasks.push(Task {
                start,
                duration: Amount::Var(duration),
                demand: Amount::Var(demand),
                present,
            });
        }
        self.post_cumulative(tasks, Amount::Var(capacity));
        Ok(())
    }

    /// Posts the propagator, or marks the model infeasible if a variable
    /// it reads has no value (it reads every bound).
    pub(super) fn post_cumulative(&mut self, tasks: Vec<Task>, capacity: Amount) {
        let amounts = tasks
            .iter()
            .flat_map(|t| [Amount::Var(t.start), t.duration, t.demand, t.present]);
        let empty = std::iter::once(capacity).chain(amounts).any(|a| match a {
            Amount::Var(x) => self.bounds(x).is_none(),
            Amount::Fixed(_) => false,
        });
        if empty {
            self.infeasible = true;
            return;
        }
        self.props
            .push(Prop::Global(Arc::new(Global::Cumulative(Cumulative {
                tasks: tasks.into(),
                capacity,
                energy: self.cumulative_overload,
            }))));
    }
}
