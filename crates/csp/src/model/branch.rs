//! The user's search strategy: groups of decision variables, in order.

use super::Model;
use crate::branch::{Group, ValueOrder, VarOrder};
use crate::error::Error;
use crate::var::Var;

impl Model {
    /// Adds a group of decision variables to the search strategy, as
    /// MiniZinc's `seq_search`: the search branches on the variables of the
    /// first group that still has unfixed ones, picked by `var_order`, their
    /// domains split by `value_order`, each choice binary (`x = v` else
    /// `x != v`, or a split in two) and the variable picked afresh after
    /// each branch, as MiniZinc and Gecode define it. Once every group is fixed, the
    /// default strategy (see [`Network`](crate::Network)) fixes whatever is
    /// left. A model without groups keeps the default throughout, and so
    /// its counts and its order of solutions.
    ///
    /// # Errors
    ///
    /// [`Error::ForeignVar`] for a variable of another model.
    ///
    /// # Example
    ///
    /// The values of `x` from the largest down:
    ///
    /// ```
    /// use csp::{Model, ValueOrder, VarOrder};
    ///
    /// let mut m = Model::new();
    /// let x = m.var(1..=3)?;
    /// m.branch(&[x], VarOrder::Input, ValueOrder::Max)?;
    /// let found: Vec<i64> = m.compile().solutions(10).iter().map(|s| s[x]).collect();
    /// assert_eq!(found, [3, 2, 1]);
    /// # Ok::<(), csp::Error>(())
    /// ```
    pub fn branch(
        &mut self,
        vars: &[Var],
        var_order: VarOrder,
        value_order: ValueOrder,
    ) -> Result<(), Error> {
        let vars = self.check_all(vars)?;
        self.groups.push(Group {
            vars,
            var_order,
            value_order,
        });
        Ok(())
    }

    /// Gives every group that branches by [`ValueOrder::Random`] the seed
    /// `seed`, so that one number (a solver's `-r`) seeds the whole
    /// search; the other groups are left as they are.
    ///
    /// ```
    /// use csp::{Model, ValueOrder, VarOrder};
    ///
    /// let first_of = |seed| {
    ///     let mut m = Model::new();
    ///     let x = m.var(0..=1000)?;
    ///     m.branch(&[x], VarOrder::Input, ValueOrder::Random(0))?;
    ///     m.reseed(seed);
    ///     let mut search = backtrack::Search::new(m.compile());
    ///     search.next_solution();
    ///     Ok::<_, csp::Error>(search.problem().solution().unwrap()[x])
    /// };
    /// assert_eq!(first_of(7)?, first_of(7)?); // the same seed, the same run
    /// assert!((1..20).any(|s| first_of(s).unwrap() != first_of(0).unwrap()));
    /// # Ok::<(), csp::Error>(())
    /// ```
    pub fn reseed(&mut self, seed: u64) {
        for group in &mut self.groups {
            if let ValueOrder::Random(_) = group.value_order {
                group.value_order = ValueOrder::Random(seed);
            }
        }
    }
}
