//! `disjunctive` with durations that are variables, and with optional
//! tasks: one propagator for every form (`propagator::disjunctive`).

use std::sync::Arc;

use super::Model;
use crate::error::Error;
use crate::propagator::{Disjunctive, Length, Prop};
use crate::var::Var;

impl Model {
    /// Tasks that start at `starts[k]` and last `durations[k]` (variables)
    /// never overlap (one machine). A task of duration 0 or less takes no
    /// time: it may run anywhere, even inside another.
    ///
    /// Propagation: as [`disjunctive`](Model::disjunctive), each task
    /// taken at its smallest duration (sound for any longer one); and a
    /// task that must come before another surely running task ends by
    /// that task's latest start, which bounds its duration from above. A
    /// task whose duration may be 0 and that fits nowhere around one that
    /// surely runs gets duration 0.
    ///
    /// # Errors
    ///
    /// [`Error::TupleArity`] if the lists differ in length;
    /// [`Error::ForeignVar`] for a variable of another model.
    ///
    /// # Example
    ///
    /// Two tasks done by 4, one of 2 units, the other of 1 or 2: with 1,
    /// three places for the first task and two for the other around it;
    /// with 2, the two orders.
    ///
    /// ```
    /// let mut m = csp::Model::new();
    /// let starts = m.vars(2, 0..=3)?;
    /// let durations = [m.var(2..=2)?, m.var(1..=2)?];
    /// m.disjunctive_var(&starts, &durations)?;
    /// for (&s, &d) in starts.iter().zip(&durations) {
    ///     m.linear(&[(1, s), (1, d)], csp::Rel::Le, 4)?; // done by 4
    /// }
    /// assert_eq!(backtrack::count(m.compile()), 3 * 2 + 2);
    /// # Ok::<(), csp::Error>(())
    /// ```
    pub fn disjunctive_var(&mut self, starts: &[Var], durations: &[Var]) -> Result<(), Error> {
        self.post_disjunctive(starts, durations, None, false)
    }

    /// Tasks that start at `starts[k]` and last `durations[k]` never
    /// overlap, even those of duration 0: for every two tasks, one ends
    /// before the other starts (MiniZinc's `disjunctive_strict`; a task of
    /// duration 0 cannot lie inside another). The durations are at least
    /// 0.
    ///
    /// Propagation: as [`disjunctive_var`](Model::disjunctive_var).
    ///
    /// # Errors
    ///
    /// As [`disjunctive_var`](Model::disjunctive_var).
    pub fn disjunctive_strict(&mut self, starts: &[Var], durations: &[Var]) -> Result<(), Error> {
        self.post_disjunctive(starts, durations, None, true)
    }

    /// [`disjunctive_var`](Model::disjunctive_var) over the tasks whose
    /// `present[k]` is 1 (the presences are 0/1 variables): an absent task
    /// takes no time, and its start and duration are free.
    ///
    /// Propagation: as [`disjunctive_var`](Model::disjunctive_var) among
    /// the tasks surely present; a task that fits nowhere around one that
    /// surely runs is absent (or gets duration 0, present and with a
    /// duration that may be 0). The start of a task that may be absent is
    /// not narrowed.
    ///
    /// # Errors
    ///
    /// [`Error::TupleArity`] if the three lists differ in length;
    /// [`Error::ForeignVar`] for a variable of another model.
    ///
    /// # Example
    ///
    /// Three tasks of 2 units starting within 0..=2, two of them present:
    /// those two start at 0 and 2, either way round, and the absent one
    /// anywhere.
    ///
    /// ```
    /// let mut m = csp::Model::new();
    /// let starts = m.vars(3, 0..=2)?;
    /// let durations = [m.var(2..=2)?; 3];
    /// let present = m.vars(3, 0..=1)?;
    /// m.disjunctive_optional(&starts, &durations, &present)?;
    /// m.linear(&[(1, present[0]), (1, present[1]), (1, present[2])], csp::Rel::Eq, 2)?;
    /// assert_eq!(backtrack::count(m.compile()), 3 * 2 * 3);
    /// # Ok::<(), csp::Error>(())
    /// ```
    pub fn disjunctive_optional(
        &mut self,
        starts: &[Var],
        durations: &[Var],
        present: &[Var],
    ) -> Result<(), Error> {
        self.post_disjunctive(starts, durations, Some(present), false)
    }

    /// [`disjunctive_strict`](Model::disjunctive_strict) over the tasks
    /// whose `present[k]` is 1, as
    /// [`disjunctive_optional`](Model::disjunctive_optional). Every
    /// duration, an absent task's too, is at least 0 (as MiniZinc's
    /// `disjunctive_strict` over optional starts says).
    ///
    /// # Errors
    ///
    /// As [`disjunctive_optional`](Model::disjunctive_optional).
    pub fn disjunctive_strict_optional(
        &mut self,
        starts: &[Var],
        durations: &[Var],
        present: &[Var],
    ) -> Result<(), Error> {
        self.post_disjunctive(starts, durations, Some(present), true)
    }

    fn post_disjunctive(
        &mut self,
        starts: &[Var],
        durations: &[Var],
        present: Option<&[Var]>,
        strict: bool,
    ) -> Result<(), Error> {
        for found in [Some(durations.len()), present.map(<[Var]>::len)]
            .into_iter()
            .flatten()
        {
            if found != starts.len() {
                return Err(Error::TupleArity {
                    expected: starts.len(),
                    found,
                });
            }
        }
        let starts = self.check_all(starts)?;
        let lengths: Vec<Length> = self
            .check_all(durations)?
            .iter()
            .map(|&d| Length::Var(d))
            .collect();
        let present: Vec<Option<u32>> = match present {
            Some(present) => {
                let present = self.check_all(present)?;
                for &p in present.iter() {
                    self.narrow_declared(p, 0, 1);
                }
                present.iter().map(|&p| Some(p)).collect()
            }
            None => vec![None; starts.len()],
        };
        self.push_disjunctive(starts.into_vec(), lengths, present, strict);
        Ok(())
    }

    /// Posts the propagator over checked variables.
    pub(super) fn push_disjunctive(
        &mut self,
        starts: Vec<u32>,
        lengths: Vec<Length>,
        present: Vec<Option<u32>>,
        strict: bool,
    ) {
        let mut vars = starts.clone();
        vars.extend(lengths.iter().filter_map(|l| match *l {
            Length::Var(d) => Some(d),
            Length::Fixed(_) => None,
        }));
        vars.extend(present.iter().flatten());
        vars.sort_unstable();
        vars.dedup();
        // The propagator sums bounds and durations in 128 bits and decides
        // each order exactly, so a start near either end of `i64` is taken
        // as it is.
        self.props.push(Prop::Disjunctive(Arc::new(Disjunctive {
            starts: starts.into(),
            lengths: lengths.into(),
            present: present.into(),
            strict,
            vars: vars.into(),
        })));
    }
}
