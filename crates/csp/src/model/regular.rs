//! `regular`: a sequence of variables spells a word of an automaton.

use std::sync::Arc;

use super::Model;
use crate::automaton::Automaton;
use crate::error::Error;
use crate::propagator::{Prop, Regular};
use crate::var::Var;

impl Model {
    /// The values of `vars`, in order, spell a word that `automaton`
    /// accepts.
    ///
    /// Propagation: a value stays while some accepted word through the
    /// current domains uses it (arc consistency), on the layered graph of
    /// the automaton's states: time and memory linear in the number of
    /// variables times the automaton's transitions, however many words
    /// there are (a nonogram's line is one such constraint, not a table of
    /// its patterns).
    ///
    /// # Errors
    ///
    /// [`Error::ForeignVar`] for a variable of another model;
    /// [`Error::DomainTooLarge`] for an interval variable of more than
    /// [`MAX_DOMAIN`](crate::MAX_DOMAIN) values (the automaton propagates
    /// on bitsets: a smaller interval becomes one).
    ///
    /// # Example
    ///
    /// Five cells, no two 1s in a row, three 1s: only `1 0 1 0 1`.
    ///
    /// ```
    /// use csp::{Automaton, Model, Rel};
    ///
    /// let no_11 = Automaton::new(2, 0, &[0, 1], &[(0, 0, 0), (0, 1, 1), (1, 0, 0)])?;
    /// let mut m = Model::new();
    /// let cells = m.vars(5, 0..=1)?;
    /// m.regular(&cells, &no_11)?;
    /// m.sum(&cells, Rel::Eq, 3)?;
    /// let solutions = m.compile().solutions(10);
    /// assert_eq!(solutions.len(), 1);
    /// assert_eq!(solutions[0].values(), [1, 0, 1, 0, 1]);
    /// # Ok::<(), csp::Error>(())
    /// ```
    pub fn regular(&mut self, vars: &[Var], automaton: &Automaton) -> Result<(), Error> {
        let vars = self.check_all(vars)?;
        self.make_bitsets(&vars)?;
        if vars.is_empty() {
            self.infeasible |= !automaton.accepts(&[]);
            return Ok(());
        }
        self.props.push(Prop::Regular(Arc::new(Regular {
            vars,
            automaton: Arc::new(automaton.clone()),
        })));
        Ok(())
    }
}
