//! Counting constraints: `among`, `count` and `global_cardinality`.

use std::sync::Arc;

use super::Model;
use crate::error::Error;
use crate::propagator::{Among, Cardinality, Global, Prop};
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
    /// twice has both its counts equal to its number).
    ///
    /// Propagation, in one propagator: each count between the variables
    /// fixed to its value and those that can take it; the counts adding up
    /// to between the variables whose domains lie within the values and
    /// those that meet them (at most the number of variables; all of them
    /// once every domain lies within the values); at a count's largest
    /// value, the other variables lose its value, and at its smallest,
    /// those that can take it do. Bounds on the counts; not the bounds
    /// consistency of Quimper's propagator (no Hall sets among the values).
    /// `O(n + m)` per run for `n` variables and `m` values, plus the
    /// reading of the domains, and `O(n)` per count at a bound.
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
        let vars = self.check_all(vars)?;
        self.check_all(counts)?;
        // Each value once, with its first count; a later count of the same
        // value is equal to it.
        let mut firsts: Vec<(i64, Var)> = Vec::with_capacity(values.len());
        for (&value, &count) in values.iter().zip(counts) {
            match firsts.iter().find(|f| f.0 == value) {
                Some(&(_, first)) => self.linear(&[(1, count), (-1, first)], crate::Rel::Eq, 0)?,
                None => firsts.push((value, count)),
            }
        }
        firsts.sort_unstable_by_key(|f| f.0);
        self.props
            .push(Prop::Global(Arc::new(Global::Cardinality(Cardinality {
                vars,
                values: firsts.iter().map(|f| f.0).collect(),
                counts: firsts.iter().map(|f| f.1.index).collect(),
            }))));
        Ok(())
    }
}
