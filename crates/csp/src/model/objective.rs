//! The objective: a variable or a linear expression to minimise or
//! maximise, searched by branch and bound (see
//! [`Network::optimize`](crate::Network::optimize)).

use super::Model;
use crate::error::Error;
use crate::goal::Objective;
use crate::var::{Rel, Var};

impl Model {
    /// Asks for a solution with the smallest value of `x`: the compiled
    /// network's [`optimize`](crate::Network::optimize) then searches by
    /// branch and bound. A model has one objective; a later call replaces
    /// it. Counting and enumerating ignore it.
    ///
    /// It returns nothing, as the caller holds `x` already;
    /// [`minimize_linear`](Model::minimize_linear) returns the objective's
    /// variable because it makes it, and the solutions are read by it.
    ///
    /// # Errors
    ///
    /// [`Error::ForeignVar`] for a variable of another model.
    pub fn minimize(&mut self, x: Var) -> Result<(), Error> {
        let var = self.check(x)?;
        self.objective = Some(Objective {
            var,
            maximize: false,
        });
        Ok(())
    }

    /// Asks for a solution with the largest value of `x` (see
    /// [`minimize`](Model::minimize)).
    ///
    /// # Errors
    ///
    /// [`Error::ForeignVar`] for a variable of another model.
    pub fn maximize(&mut self, x: Var) -> Result<(), Error> {
        let var = self.check(x)?;
        self.objective = Some(Objective {
            var,
            maximize: true,
        });
        Ok(())
    }

    /// Asks for the smallest value of `coef0 * x0 + coef1 * x1 + ...`: a
    /// new variable equal to the sum (its domain the sum's bounds) becomes
    /// the objective, and is returned so that solutions can be read by it.
    ///
    /// # Errors
    ///
    /// As [`linear`](Model::linear), whose check covers the sum's bounds:
    /// [`Error::Overflow`] if they could leave `i64`. A sum wider than
    /// [`MAX_DOMAIN`](crate::MAX_DOMAIN) values is an interval.
    pub fn minimize_linear(&mut self, terms: &[(i64, Var)]) -> Result<Var, Error> {
        let total = self.sum_var(terms)?;
        self.minimize(total)?;
        Ok(total)
    }

    /// Asks for the largest value of a linear expression (see
    /// [`minimize_linear`](Model::minimize_linear)).
    ///
    /// # Errors
    ///
    /// As [`minimize_linear`](Model::minimize_linear).
    pub fn maximize_linear(&mut self, terms: &[(i64, Var)]) -> Result<Var, Error> {
        let total = self.sum_var(terms)?;
        self.maximize(total)?;
        Ok(total)
    }

    /// A new variable equal to `sum(coef * x)`, a bitset or an interval by
    /// its width.
    fn sum_var(&mut self, terms: &[(i64, Var)]) -> Result<Var, Error> {
        let (mut lo, mut hi) = (0i128, 0i128);
        for &(coef, x) in terms {
            let var = self.check(x)?;
            // An empty domain: the model has no solution, any range will do.
            let (a, b) = self.bounds(var).unwrap_or((0, 0));
            let (a, b) = (coef as i128 * a as i128, coef as i128 * b as i128);
            lo += a.min(b);
            hi += a.max(b);
        }
        let fits = |v: i128| i64::try_from(v).map_err(|_| Error::Overflow);
        let total = self.new_var(fits(lo)?, fits(hi)?, None)?;
        let mut eq: Vec<(i64, Var)> = terms.to_vec();
        eq.push((-1, total));
        self.linear(&eq, Rel::Eq, 0)?;
        Ok(total)
    }
}
