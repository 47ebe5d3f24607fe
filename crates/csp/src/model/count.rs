//! Counting constraints: `among`, `count` and `global_cardinality`.

use std::sync::Arc;

use super::Model;
use crate::error::Error;
use crate::propagator::{Among, Prop};
use crate::var::Var;

impl Model {
    /// `count` is the number of `vars` that take a value of `values`.
    ///
    /// Propagation: the count's bounds from the variables that must and
    /// that can take a value of the set; at either bound, the undecided
    /// variables lose the set's values or the others.
    ///
    /// # Errors
    ///
    /// [`Error::ForeignVar`] for a variable of another model.
    pub fn among(
        &mut self,
        vars: &[Var],
        values: impl IntoIterator<Item = i64>,
        count: Var,
    ) -> Result<(), Error> {
        let vars = self.check_all(vars)?;
        let count = self.check(count)?;
        let mut values: Vec<i64> = values.into_iter().collect();
        values.sort_unstable();
        values.dedup();
        let counted = vars.contains(&count);
        self.props.push(Prop::Among(Arc::new(Among {
            vars,
            counted,
            values: values.into(),
            count,
        })));
        Ok(())
    }

    /// `count` is the number of `vars` equal to `value`.
    ///
    /// # Errors
    ///
    /// [`Error::ForeignVar`] for a variable of another model.
    pub fn count(&mut self, vars: &[Var], value: i64, count: Var) -> Result<(), Error> {
        self.among(vars, [value], count)
    }

    /// `counts[k]` is the number of `vars` equal to `values[k]`, for each
    /// `k` (values outside the list are not restricted; a value listed
    /// twice has both its counts equal to its number). Propagated as one
    /// [`count`](Model::count) per value, and the counts of the distinct
    /// values adding up to at most the number of variables.
    ///
    /// # Errors
    ///
    /// [`Error::TupleArity`] if `values` and `counts` differ in length;
    /// [`Error::ForeignVar`] for a variable of another model.
    ///
    /// # Example
    ///
    /// A magic sequence of length 4: `x[i]` is the number of `i`s in `x`.
    ///
    /// ```
    /// let mut m = csp::Model::new();
    /// let x = m.vars(4, 0..=3)?;
    /// m.global_cardinality(&x, &[0, 1, 2, 3], &x)?;
    /// let found: Vec<Vec<i64>> = m.compile().solutions(10).iter().map(|s| s.values().to_vec()).collect();
    /// assert_eq!(found, [[1, 2, 1, 0], [2, 0, 2, 0]]);
    /// # Ok::<(), csp::Error>(())
    /// ```
    pub fn global_cardinality(
        &mut self,
        vars: &[Var],
        values: &[i64],
        counts: &[Var],
    ) -> Result<(), Error> {
        if values.len() != counts.len() {
            return Err(Error::TupleArity {
                expected: values.len(),
                found: counts.len(),
            });
        }
        for (&value, &count) in values.iter().zip(counts) {
            self.count(vars, value, count)?;
        }
        // A value listed twice has one count, given twice: it is counted
        // once in the total.
        let mut seen = std::collections::HashSet::with_capacity(values.len());
        let firsts: Vec<Var> = values
            .iter()
            .zip(counts)
            .filter(|&(&value, _)| seen.insert(value))
            .map(|(_, &count)| count)
            .collect();
        let n = i64::try_from(vars.len()).map_err(|_| Error::Overflow)?;
        self.sum(&firsts, crate::Rel::Le, n)
    }
}
