//! The constraints a model states: each checks its variables and adds a
//! propagator.

use std::sync::Arc;

use super::Model;

/// The most that the terms' largest magnitudes and the right-hand side of a
/// linear constraint may add up to: the propagator's sums, of up to three
/// such totals, then fit an `i128`.
const LINEAR_TOTAL: i128 = 1 << 125;

/// A linear constraint as propagated, or whether it holds without terms.
pub(super) enum Normal {
    Holds(bool),
    Linear(Linear),
}
use crate::error::Error;
use crate::propagator::{Dense, Global, Linear, Predicate, Prop, Propagator, Shift, Table, User};
use crate::var::{Rel, Var};

impl Model {
    /// All the variables take different values.
    ///
    /// Propagation: when a variable is fixed its value leaves the others
    /// (forward checking). When the variables share their domain's layout
    /// (the same smallest declared value, at most 64 values), also: fewer
    /// values left than variables is a failure, and when there are exactly
    /// as many values as variables a value that only one variable can still
    /// take is given to it (a "hidden single"), and a value that only
    /// variables of another such all-different can still take leaves that
    /// one's other variables (its solutions use every value: a sudoku's
    /// "locked candidates", between a box and a row or a column).
    pub fn all_different(&mut self, vars: &[Var]) -> Result<(), Error> {
        let vars = self.check_all(vars)?;
        let repeats = if vars.len() <= 32 {
            (1..vars.len()).any(|i| vars[..i].contains(&vars[i]))
        } else {
            let mut sorted = vars.to_vec();
            sorted.sort_unstable();
            sorted.windows(2).any(|w| w[0] == w[1])
        };
        if repeats {
            self.infeasible = true;
            return Ok(());
        }
        let dense = vars.iter().all(|&v| {
            let def = &self.vars[v as usize];
            def.len == 1 && def.offset == self.vars[vars[0] as usize].offset
        });
        let dense =
            dense.then(|| Dense::new(vars.iter().map(|&v| self.vars[v as usize].start).collect()));
        self.props.push(Prop::AllDifferent { vars, dense });
        Ok(())
    }

    /// `x != y + c`: the diagonal of N-queens is `not_equal(q[i], q[j], j - i)`.
    ///
    /// Propagation: when one side is fixed, the value it forbids leaves the
    /// other.
    pub fn not_equal(&mut self, x: Var, y: Var, c: i64) -> Result<(), Error> {
        let (x, y) = (self.check(x)?, self.check(y)?);
        if x == y {
            // x != x + c holds for every x unless c is 0.
            self.infeasible |= c == 0;
            return Ok(());
        }
        self.props.push(Prop::NotEqual { x, y, c });
        Ok(())
    }

    /// `x == y + c`, as a linear constraint.
    pub fn equal(&mut self, x: Var, y: Var, c: i64) -> Result<(), Error> {
        self.linear(&[(1, x), (-1, y)], Rel::Eq, c)
    }

    /// `x == y + c`, domain consistent: a value leaves `x` when `y` lacks
    /// it, shifted, and the other way round (the linear constraint of
    /// [`equal`](Model::equal), posted too, keeps the bounds; an interval
    /// variable, which has no holes, gets bounds only).
    ///
    /// # Errors
    ///
    /// As [`linear`](Model::linear).
    ///
    /// # Example
    ///
    /// ```
    /// use csp::Rel;
    ///
    /// let mut m = csp::Model::new();
    /// let x = m.var(1..=5)?;
    /// let y = m.var(0..=4)?;
    /// m.equal_domain(x, y, 1)?;
    /// m.linear(&[(1, y)], Rel::Ne, 2)?; // y != 2, so x != 3
    /// assert_eq!(m.compile().domain(x), [1, 2, 4, 5]);
    /// # Ok::<(), csp::Error>(())
    /// ```
    pub fn equal_domain(&mut self, x: Var, y: Var, c: i64) -> Result<(), Error> {
        self.equal(x, y, c)?;
        let (x, y) = (self.check(x)?, self.check(y)?);
        if x != y {
            self.global(Global::Shift(Shift { x, y, c }));
        }
        Ok(())
    }

    /// `vars[0] + vars[1] + ... rel rhs`.
    pub fn sum(&mut self, vars: &[Var], rel: Rel, rhs: i64) -> Result<(), Error> {
        let terms: Vec<(i64, Var)> = vars.iter().map(|&v| (1, v)).collect();
        self.linear(&terms, rel, rhs)
    }

    /// `coef0 * x0 + coef1 * x1 + ... rel rhs`, each term given as
    /// `(coef, x)`. A variable may appear in several terms.
    ///
    /// Propagation: for `==`, `<=`, `<`, `>=` and `>`, the bounds of each
    /// variable are narrowed from the bounds of the others (bounds
    /// consistency); for `!=`, the last unfixed variable loses the one value
    /// that would make the sum equal.
    ///
    /// # Errors
    ///
    /// [`Error::Overflow`] if the sum of `|coef| * max(|smallest value|,
    /// |largest value|)` over the terms, plus `|rhs|`, is above 2^125 (the
    /// propagator sums in 128 bits; `x + y == z` over all of `i64` is
    /// fine), or if merging a variable's coefficients leaves `i64`: then
    /// every sum the propagator forms fits, and nothing can overflow during
    /// the search. [`linear_wide`](Model::linear_wide) takes a right-hand
    /// side past `i64`.
    pub fn linear(&mut self, terms: &[(i64, Var)], rel: Rel, rhs: i64) -> Result<(), Error> {
        self.linear_wide(terms, rel, rhs.into())
    }

    /// [`linear`](Model::linear) with a 128-bit right-hand side, for a
    /// constant moved across an `i64` equation, which may leave `i64`:
    /// `x - 3 * 2 == i64::MAX` is `x == i64::MAX + 6`.
    ///
    /// # Errors
    ///
    /// As [`linear`](Model::linear).
    ///
    /// # Example
    ///
    /// ```
    /// use csp::{Model, Rel};
    ///
    /// let mut m = Model::new();
    /// let x = m.var(i64::MAX - 2..=i64::MAX)?;
    /// let y = m.var(0..=3)?;
    /// // x - 6 - 3 * y == i64::MAX, that is x - 3 * y == i64::MAX + 6,
    /// // a right-hand side past i64: none (x - 3 * y is at most i64::MAX).
    /// m.linear_wide(&[(1, x), (-3, y)], Rel::Eq, i128::from(i64::MAX) + 6)?;
    /// assert_eq!(backtrack::count(m.compile()), 0);
    /// # Ok::<(), csp::Error>(())
    /// ```
    pub fn linear_wide(&mut self, terms: &[(i64, Var)], rel: Rel, rhs: i128) -> Result<(), Error> {
        match self.normal_linear(terms, rel, rhs)? {
            Normal::Holds(holds) => self.infeasible |= !holds,
            Normal::Linear(linear) => self.props.push(Prop::Linear(linear)),
        }
        Ok(())
    }

    /// A linear constraint as propagated: terms merged, no coefficient 0,
    /// and `<=`, `==` or `!=` (`>=` is `-sum <= -rhs`, `<` is `<= rhs - 1`,
    /// `>` is `>= rhs + 1`); or whether it holds, without terms. A variable
    /// with an empty domain makes the model infeasible.
    pub(super) fn normal_linear(
        &mut self,
        terms: &[(i64, Var)],
        rel: Rel,
        rhs: i128,
    ) -> Result<Normal, Error> {
        let mut merged: Vec<(u32, i64)> = Vec::with_capacity(terms.len());
        for &(coef, var) in terms {
            let var = self.check(var)?;
            match merged.iter_mut().find(|(v, _)| *v == var) {
                Some((_, c)) => *c = c.checked_add(coef).ok_or(Error::Overflow)?,
                None => merged.push((var, coef)),
            }
        }
        merged.retain(|&(_, c)| c != 0);
        // The right-hand side in 128 bits: `x >= i64::MIN` is
        // `-x <= 2^63`.
        let (negate, rel, rhs) = match rel {
            Rel::Eq => (false, Rel::Eq, rhs),
            Rel::Ne => (false, Rel::Ne, rhs),
            Rel::Le => (false, Rel::Le, rhs),
            Rel::Lt => (false, Rel::Le, rhs - 1),
            Rel::Ge => (true, Rel::Le, -rhs),
            Rel::Gt => (true, Rel::Le, -(rhs + 1)),
        };
        let mut total: i128 = rhs.abs();
        for (var, coef) in &mut merged {
            if negate {
                *coef = coef.checked_neg().ok_or(Error::Overflow)?;
            }
            let Some((lo, hi)) = self.bounds(*var) else {
                // An empty domain: no solution anyway, and no sum to form.
                self.infeasible = true;
                return Ok(Normal::Holds(false));
            };
            let (lo, hi) = (i128::from(lo), i128::from(hi));
            total = i128::from(*coef)
                .abs()
                .checked_mul(lo.abs().max(hi.abs()))
                .and_then(|t| t.checked_add(total))
                .ok_or(Error::Overflow)?;
        }
        if total > LINEAR_TOTAL {
            return Err(Error::Overflow);
        }
        if merged.is_empty() {
            return Ok(Normal::Holds(match rel {
                Rel::Eq => rhs == 0,
                Rel::Ne => rhs != 0,
                _ => 0 <= rhs,
            }));
        }
        let (vars, coefs): (Vec<u32>, Vec<i64>) = merged.into_iter().unzip();
        Ok(Normal::Linear(Linear {
            vars: vars.into(),
            coefs: coefs.into(),
            rel,
            rhs,
        }))
    }

    /// The values of `vars` form one of `tuples` (allowed tuples).
    ///
    /// Propagation: a value stays in a domain only while some tuple that
    /// fits every current domain uses it (arc consistency), in time linear in
    /// the size of the table.
    ///
    /// # Errors
    ///
    /// [`Error::TupleArity`] if a tuple's length is not the number of
    /// variables; [`Error::DomainTooLarge`] for an interval variable of more
    /// than [`MAX_DOMAIN`](crate::MAX_DOMAIN) values whose column lists
    /// more than that many values (the table propagates on bitsets: a
    /// narrower interval becomes one, and a wider one is first narrowed to
    /// its column's values, or read through its rank among them).
    pub fn table<T: AsRef<[i64]>>(
        &mut self,
        vars: &[Var],
        tuples: impl IntoIterator<Item = T>,
    ) -> Result<(), Error> {
        let vars = self.check_all(vars)?;
        if vars.iter().any(|&v| self.too_wide(v)) {
            let rows = tuples.into_iter().map(|t| t.as_ref().to_vec()).collect();
            return self.wide_table(&vars, rows);
        }
        self.make_bitsets(&vars)?;
        let mut flat = Vec::new();
        let mut count = 0;
        'tuples: for tuple in tuples {
            let tuple = tuple.as_ref();
            if tuple.len() != vars.len() {
                return Err(Error::TupleArity {
                    expected: vars.len(),
                    found: tuple.len(),
                });
            }
            let start = flat.len();
            for (&var, &value) in vars.iter().zip(tuple) {
                let def = &self.vars[var as usize];
                let bit = value as i128 - def.offset as i128;
                if bit < 0 || bit >= (def.len * 64) as i128 {
                    // Outside the declared domain: the tuple can never fit.
                    flat.truncate(start);
                    continue 'tuples;
                }
                flat.push(bit as u32);
            }
            count += 1;
        }
        if vars.is_empty() {
            // The empty tuple is the only one over no variables.
            self.infeasible |= count == 0;
            return Ok(());
        }
        let mut bases = Vec::with_capacity(vars.len());
        let mut words = 0;
        for &var in &vars {
            bases.push(words);
            words += self.vars[var as usize].len;
        }
        self.props.push(Prop::Table(Arc::new(Table {
            vars,
            tuples: flat.into(),
            bases: bases.into(),
            words,
            by_value: std::sync::OnceLock::new(),
        })));
        Ok(())
    }

    /// `value == array[index]`, `index` counted from 0: the element
    /// constraint over constants (no solution for an empty array).
    ///
    /// Propagation: domain consistency on `index` (an index stays only
    /// while `value` can be its constant) and on a bitset `value` (it
    /// keeps exactly the constants of the remaining indices); an interval
    /// `value` keeps their smallest to largest, an interval `index` loses
    /// values at its bounds only. Woken by any change of either; a run is
    /// one pass over the index's values.
    ///
    /// # Errors
    ///
    /// [`Error::ForeignVar`] if a variable belongs to another model.
    pub fn element(&mut self, index: Var, array: &[i64], value: Var) -> Result<(), Error> {
        self.element_from(index, 0, array, value)
    }

    /// A constraint of your own that prunes: see [`Propagator`], whose
    /// example is `x < y` on bounds. It runs once when the model is
    /// compiled, then whenever one of the events it asked for happens.
    ///
    /// # Errors
    ///
    /// [`Error::ForeignVar`] if one of its variables belongs to another
    /// model.
    pub fn propagator(&mut self, propagator: impl Propagator + 'static) -> Result<(), Error> {
        let watched = propagator.vars();
        let mut vars = Vec::with_capacity(watched.len());
        let mut events = Vec::with_capacity(watched.len());
        for (var, event) in watched {
            vars.push(self.check(var)?);
            events.push(event);
        }
        self.props.push(Prop::User(User {
            prop: Arc::new(propagator),
            vars: vars.into(),
            events: events.into(),
            state: (0, 0),
        }));
        Ok(())
    }

    /// A constraint of your own: `check` receives the values of `vars`, in
    /// that order, once all of them are fixed, and says whether they are
    /// allowed. It prunes nothing before then; prefer the built-in
    /// constraints where they fit.
    pub fn predicate(
        &mut self,
        vars: &[Var],
        check: impl Fn(&[i64]) -> bool + Send + Sync + 'static,
    ) -> Result<(), Error> {
        let vars = self.check_all(vars)?;
        if vars.is_empty() {
            self.infeasible |= !check(&[]);
            return Ok(());
        }
        self.props.push(Prop::Predicate(Predicate {
            vars,
            check: Arc::new(check),
        }));
        Ok(())
    }
}
