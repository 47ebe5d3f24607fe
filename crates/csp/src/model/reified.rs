//! Reified globals: `b <-> all_different(xs)` and `b <-> table(xs)`, the
//! forms MiniZinc asks for in a reified context.

use std::sync::Arc;

use super::Model;
use crate::error::Error;
use crate::propagator::{AllDifferentReif, Global, Prop, TableReif};
use crate::var::Var;

impl Model {
    /// `b <-> all_different(vars)`.
    ///
    /// Propagation: `b` true, domain consistency (as
    /// [`all_different_domain`](Model::all_different_domain)); `b` false,
    /// a failure once the variables are fixed to different values, and a
    /// last unfixed variable keeps only the others' values; `b` unfixed, it
    /// becomes false when two fixed variables agree or the domains hold
    /// fewer values than there are variables, true when the domains are
    /// pairwise disjoint.
    ///
    /// # Errors
    ///
    /// [`Error::ForeignVar`] for a variable of another model.
    ///
    /// # Example
    ///
    /// ```
    /// let mut m = csp::Model::new();
    /// let b = m.bool_var()?;
    /// let xs = m.vars(3, 0..=1)?;
    /// m.reify_all_different(b, &xs)?;
    /// let network = m.compile();
    /// assert_eq!(network.domain(b), [0]); // three variables, two values
    /// # Ok::<(), csp::Error>(())
    /// ```
    pub fn reify_all_different(&mut self, b: Var, vars: &[Var]) -> Result<(), Error> {
        let vars = self.check_all(vars)?;
        let bool_var = b;
        let b = self.check(b)?;
        let mut once = vars.to_vec();
        once.sort_unstable();
        once.dedup();
        if once.len() < vars.len() {
            // A variable differs from itself in no assignment.
            return self.fix(bool_var, 0);
        }
        self.narrow_declared(b, 0, 1);
        self.props
            .push(Prop::Global(Arc::new(Global::AllDifferentReif(
                AllDifferentReif::new(vars, b),
            ))));
        Ok(())
    }

    /// `b <-> (vars in tuples)`: `b` is true exactly when the values of
    /// `vars` are one of the rows.
    ///
    /// Propagation: `b` true, arc consistency on the rows (as
    /// [`table`](Model::table); bounds on an interval); `b` false, a
    /// failure once the variables are fixed to a row, and a last unfixed
    /// variable loses the values that would complete one; `b` unfixed, it
    /// becomes false when no row fits the domains, true when every
    /// combination of the domains is a row. One pass over the rows.
    ///
    /// # Errors
    ///
    /// [`Error::TupleArity`] for a row that is not as long as `vars`;
    /// [`Error::ForeignVar`] for a variable of another model.
    ///
    /// # Example
    ///
    /// ```
    /// let mut m = csp::Model::new();
    /// let b = m.bool_var()?;
    /// let [x, y] = [m.var(0..=2)?, m.var(0..=2)?];
    /// m.reify_table(b, &[x, y], [[0, 1], [1, 2], [2, 0]])?;
    /// m.fix(b, 0)?;
    /// m.fix(x, 1)?;
    /// assert_eq!(m.compile().domain(y), [0, 1]);
    /// # Ok::<(), csp::Error>(())
    /// ```
    pub fn reify_table<T: AsRef<[i64]>>(
        &mut self,
        b: Var,
        vars: &[Var],
        tuples: impl IntoIterator<Item = T>,
    ) -> Result<(), Error> {
        let vars = self.check_all(vars)?;
        let bool_var = b;
        let b = self.check(b)?;
        let mut rows: Vec<Vec<i64>> = Vec::new();
        for tuple in tuples {
            let row = tuple.as_ref();
            if row.len() != vars.len() {
                return Err(Error::TupleArity {
                    expected: vars.len(),
                    found: row.len(),
                });
            }
            // A row that gives one variable two values is no assignment.
            let agrees =
                (0..row.len()).all(|i| (0..i).all(|j| vars[i] != vars[j] || row[i] == row[j]));
            if agrees {
                rows.push(row.to_vec());
            }
        }
        rows.sort_unstable();
        rows.dedup();
        if vars.is_empty() {
            // The empty row is the only one over no variables.
            return self.fix(bool_var, i64::from(!rows.is_empty()));
        }
        self.narrow_declared(b, 0, 1);
        let mut distinct = vars.to_vec();
        distinct.sort_unstable();
        distinct.dedup();
        self.props
            .push(Prop::Global(Arc::new(Global::TableReif(TableReif {
                vars,
                tuples: rows.concat().into(),
                b,
                distinct: distinct.into(),
            }))));
        Ok(())
    }
}
