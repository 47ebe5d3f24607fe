//! Booleans and logic: 0/1 variables, clauses and the connectives, and
//! reified (`b <-> C`) and half-reified (`b -> C`) constraints.
//!
//! A boolean is a variable whose values are 0 (false) and 1 (true); every
//! method here narrows the variables it takes as booleans to those values.
//! The connectives are clauses, and a clause is a linear constraint on
//! 0/1 variables (at least one literal true), whose bounds propagation is
//! unit propagation.

use std::sync::Arc;

use super::Model;
use super::constraint::Normal;
use crate::error::Error;
use crate::propagator::{Prop, ReifiedIn, ReifiedLinear};
use crate::var::{Rel, Var};

impl Model {
    /// A new boolean: a variable taking 0 (false) or 1 (true).
    pub fn bool_var(&mut self) -> Result<Var, Error> {
        self.var(0..=1)
    }

    /// Narrows `b`'s declared domain to 0 and 1.
    fn boolean(&mut self, b: Var) -> Result<u32, Error> {
        let index = self.check(b)?;
        self.narrow_declared(index, 0, 1);
        Ok(index)
    }

    /// At least one of `positive` is true or one of `negative` is false.
    ///
    /// # Example
    ///
    /// ```
    /// let mut m = csp::Model::new();
    /// let [a, b] = [m.bool_var()?, m.bool_var()?];
    /// m.clause(&[a], &[b])?; // a or not b
    /// assert_eq!(m.compile().solutions(10).len(), 3);
    /// # Ok::<(), csp::Error>(())
    /// ```
    pub fn clause(&mut self, positive: &[Var], negative: &[Var]) -> Result<(), Error> {
        let mut terms = Vec::with_capacity(positive.len() + negative.len());
        for &x in positive {
            self.boolean(x)?;
            terms.push((1, x));
        }
        for &x in negative {
            self.boolean(x)?;
            terms.push((-1, x));
        }
        // sum(positive) + sum(1 - negative) >= 1
        self.linear(&terms, Rel::Ge, 1 - negative.len() as i64)
    }

    /// `r <-> (vars[0] and vars[1] and ...)` (true for no variables).
    pub fn and(&mut self, vars: &[Var], r: Var) -> Result<(), Error> {
        for &x in vars {
            self.clause(&[x], &[r])?;
        }
        self.clause(&[r], vars)
    }

    /// `r <-> (vars[0] or vars[1] or ...)` (false for no variables).
    pub fn or(&mut self, vars: &[Var], r: Var) -> Result<(), Error> {
        for &x in vars {
            self.clause(&[r], &[x])?;
        }
        self.clause(vars, &[r])
    }

    /// `b == not a`.
    pub fn not(&mut self, a: Var, b: Var) -> Result<(), Error> {
        self.boolean(a)?;
        self.boolean(b)?;
        self.linear(&[(1, a), (1, b)], Rel::Eq, 1)
    }

    /// `a -> b`.
    pub fn implies(&mut self, a: Var, b: Var) -> Result<(), Error> {
        self.clause(&[b], &[a])
    }

    /// `b <-> (sum(coef * x) rel rhs)`, with `b` a boolean.
    ///
    /// Propagation: `b` fixed, the constraint or its negation is propagated
    /// (as [`linear`](Model::linear)); unfixed, `b` is fixed once the bounds
    /// show the constraint must hold or cannot.
    ///
    /// # Errors
    ///
    /// As [`linear`](Model::linear).
    ///
    /// # Example
    ///
    /// `b <-> (x <= 3)` with `x` in 0..=9, and `x + 5b == 9`: `x = 4, b = 1`
    /// would need `4 <= 3`, so the only solution is `x = 9, b = 0`.
    ///
    /// ```
    /// use csp::{Model, Rel};
    ///
    /// let mut m = Model::new();
    /// let x = m.var(0..=9)?;
    /// let b = m.bool_var()?;
    /// m.reify_linear(b, &[(1, x)], Rel::Le, 3)?;
    /// m.linear(&[(1, x), (5, b)], Rel::Eq, 9)?;
    /// let solutions = m.compile().solutions(10);
    /// assert_eq!(solutions.len(), 1);
    /// assert_eq!((solutions[0][x], solutions[0][b]), (9, 0));
    /// # Ok::<(), csp::Error>(())
    /// ```
    pub fn reify_linear(
        &mut self,
        b: Var,
        terms: &[(i64, Var)],
        rel: Rel,
        rhs: i64,
    ) -> Result<(), Error> {
        self.reified(b, terms, rel, rhs.into(), false)
    }

    /// [`reify_linear`](Model::reify_linear) with a 128-bit right-hand
    /// side (see [`linear_wide`](Model::linear_wide)).
    ///
    /// # Errors
    ///
    /// As [`linear`](Model::linear).
    pub fn reify_linear_wide(
        &mut self,
        b: Var,
        terms: &[(i64, Var)],
        rel: Rel,
        rhs: i128,
    ) -> Result<(), Error> {
        self.reified(b, terms, rel, rhs, false)
    }

    /// `b -> (sum(coef * x) rel rhs)`: when `b` is true the constraint holds
    /// (`b -> x == y` is `half_reify_linear(b, &[(1, x), (-1, y)], Rel::Eq,
    /// 0)`); when it cannot hold, `b` is false.
    ///
    /// # Errors
    ///
    /// As [`linear`](Model::linear).
    pub fn half_reify_linear(
        &mut self,
        b: Var,
        terms: &[(i64, Var)],
        rel: Rel,
        rhs: i64,
    ) -> Result<(), Error> {
        self.reified(b, terms, rel, rhs.into(), true)
    }

    /// [`half_reify_linear`](Model::half_reify_linear) with a 128-bit
    /// right-hand side (see [`linear_wide`](Model::linear_wide)).
    ///
    /// # Errors
    ///
    /// As [`linear`](Model::linear).
    pub fn half_reify_linear_wide(
        &mut self,
        b: Var,
        terms: &[(i64, Var)],
        rel: Rel,
        rhs: i128,
    ) -> Result<(), Error> {
        self.reified(b, terms, rel, rhs, true)
    }

    fn reified(
        &mut self,
        b: Var,
        terms: &[(i64, Var)],
        rel: Rel,
        rhs: i128,
        half: bool,
    ) -> Result<(), Error> {
        let index = self.boolean(b)?;
        let holds = self.normal_linear(terms, rel, rhs)?;
        let fails = if half {
            None
        } else {
            Some(self.normal_linear(terms, rel.negate(), rhs)?)
        };
        match (holds, fails) {
            (Normal::Linear(holds), Some(Normal::Linear(fails))) => {
                self.props.push(Prop::ReifiedLinear(Arc::new(ReifiedLinear {
                    b: index,
                    holds,
                    fails: Some(fails),
                })));
            }
            (Normal::Linear(holds), None) => {
                self.props.push(Prop::ReifiedLinear(Arc::new(ReifiedLinear {
                    b: index,
                    holds,
                    fails: None,
                })));
            }
            // Without terms the constraint is a constant: so is `b` (or,
            // half-reified, `b` is false when the constant is).
            (Normal::Holds(true), _) if half => {}
            (Normal::Holds(holds), _) => self.fix(b, i64::from(holds))?,
            // The same terms normalise alike.
            (Normal::Linear(_), Some(Normal::Holds(_))) => self.infeasible = true,
        }
        Ok(())
    }

    /// `b <-> (x in values)`.
    ///
    /// Propagation: `b` fixed, `x` loses the values outside (or inside)
    /// `values`; unfixed, `b` is fixed once every value of `x` is inside,
    /// or none is.
    pub fn reify_in(
        &mut self,
        b: Var,
        x: Var,
        values: impl IntoIterator<Item = i64>,
    ) -> Result<(), Error> {
        self.reified_in(b, x, values, false)
    }

    /// `b -> (x in values)`: when `b` is true, `x` takes one of `values`;
    /// when it cannot, `b` is false.
    pub fn half_reify_in(
        &mut self,
        b: Var,
        x: Var,
        values: impl IntoIterator<Item = i64>,
    ) -> Result<(), Error> {
        self.reified_in(b, x, values, true)
    }

    fn reified_in(
        &mut self,
        b: Var,
        x: Var,
        values: impl IntoIterator<Item = i64>,
        half: bool,
    ) -> Result<(), Error> {
        let x = self.check(x)?;
        let b = self.boolean(b)?;
        let mut values: Vec<i64> = values.into_iter().collect();
        values.sort_unstable();
        values.dedup();
        self.props.push(Prop::ReifiedIn(Arc::new(ReifiedIn {
            b,
            x,
            values: values.into(),
            half,
        })));
        Ok(())
    }
}
